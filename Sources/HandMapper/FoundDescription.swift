import FirestoreModel
import Foundation

/// How errors and silent defaults say what was found: `a number (integer 3)`,
/// `a string ("abc")`, `null`, `nothing` for an absent key.
enum FoundDescription {
    /// What an absent key holds.
    static let nothing = "nothing"

    /// Strings longer than this are cut in descriptions.
    private static let stringLimit = 40

    /// The description of a document value.
    static func of(_ input: DocumentInput) -> String {
        switch input {
        case .null: return "null"
        case .bool(let flag): return "a boolean (\(flag))"
        case .number(let number): return "a number (\(of(number)))"
        case .string(let string): return "a string (\(quoted(string)))"
        case .bytes(let data): return "data (\(data.count) bytes)"
        case .timestamp(let timestamp): return "a timestamp (\(timestamp))"
        case .geoPoint(let point): return "a geopoint (\(point.latitude), \(point.longitude))"
        case .reference(let reference): return "a reference (\(reference.path))"
        case .vector(let vector): return "a vector (\(vector.array.count) elements)"
        case .array(let array): return "an array (\(array.count) elements)"
        case .map(let map): return "a dictionary (\(map.count) keys)"
        case .sentinel(let sentinel): return "a sentinel (\(sentinel.methodName))"
        case .other(let type): return "a value of type \(type)"
        }
    }

    /// A number with its representation: `integer 3`, `double 1.5`, `float nan`, `decimal 0.1`.
    static func of(_ number: DocumentNumber) -> String {
        switch number {
        case .signed(let value): return "integer \(value)"
        case .unsigned(let value): return "integer \(value)"
        case .double(let value): return "double \(value)"
        case .float(let value): return "float \(value)"
        case .decimal(let value): return "decimal \(value)"
        }
    }

    /// A map key that was expected to be a decimal integer.
    static func key(_ key: String) -> String {
        "a key (\(quoted(key)))"
    }

    /// A string in quotes, cut after `stringLimit` characters.
    static func quoted(_ string: String) -> String {
        guard string.count > stringLimit else { return "\"\(string)\"" }
        return "\"\(string.prefix(stringLimit))…\""
    }
}
