import Crossfire
import FirestoreModel

/// Typed access to one journal record's members; every error names the journal and the line.
struct RecordFields {
    let source: String
    let line: Int?
    let map: FirestoreMap

    func error(_ message: String) -> JournalReadError {
        JournalReadError(source: source, line: line, message: message)
    }

    /// A member that may be absent or null; `what` names it in errors.
    func optionalString(_ key: String, in what: String = "") throws(JournalReadError) -> String? {
        switch map[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw error("\(what)\"\(key)\" must be a string or null")
        }
    }

    func string(_ key: String, in what: String = "") throws(JournalReadError) -> String {
        guard case .string(let text)? = map[key] else { throw error("\(what)\"\(key)\" must be a string") }
        return text
    }

    func optionalInteger(_ key: String, in what: String = "") throws(JournalReadError) -> Int? {
        switch map[key] {
        case nil, .null?: return nil
        case .integer(let value)?:
            guard let number = Int(exactly: value) else { throw error("\(what)\"\(key)\" is out of range") }
            return number
        default: throw error("\(what)\"\(key)\" must be an integer or null")
        }
    }

    func integer(_ key: String, in what: String = "") throws(JournalReadError) -> Int {
        guard let number = try optionalInteger(key, in: what) else { throw error("\(what)\"\(key)\" must be an integer") }
        return number
    }

    func optionalDouble(_ key: String, in what: String = "") throws(JournalReadError) -> Double? {
        switch map[key] {
        case nil, .null?: return nil
        case .double(let value)?: return value
        case .integer(let value)?: return Double(value)
        default: throw error("\(what)\"\(key)\" must be a number or null")
        }
    }

    /// A member that is a JSON value other than null, or nil.
    func optionalValue(_ key: String) -> FirestoreValue? {
        guard let value = map[key], value != .null else { return nil }
        return value
    }

    func strings(_ key: String, in what: String = "") throws(JournalReadError) -> [String] {
        guard let value = map[key], value != .null else { return [] }
        guard case .array(let elements) = value else { throw error("\(what)\"\(key)\" must be an array of strings") }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw error("\(what)\"\(key)\" must be an array of strings") }
            result.append(text)
        }
        return result
    }

    /// The objects of an array member, each as fields of the same line.
    func objects(_ key: String, in what: String = "") throws(JournalReadError) -> [RecordFields] {
        guard let value = map[key], value != .null else { return [] }
        guard case .array(let elements) = value else { throw error("\(what)\"\(key)\" must be an array of objects") }
        var result: [RecordFields] = []
        for element in elements {
            guard case .map(let member) = element else { throw error("\(what)\"\(key)\" must be an array of objects") }
            result.append(RecordFields(source: source, line: line, map: member))
        }
        return result
    }

    /// An object member as fields of the same line, or nil when absent or null.
    func optionalObject(_ key: String, in what: String = "") throws(JournalReadError) -> RecordFields? {
        switch map[key] {
        case nil, .null?: return nil
        case .map(let member)?: return RecordFields(source: source, line: line, map: member)
        default: throw error("\(what)\"\(key)\" must be an object or null")
        }
    }
}
