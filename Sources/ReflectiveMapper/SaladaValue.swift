import Foundation

/// Salada's `ValueType`: the table of property kinds (seed 002) and how each is stored.
///
/// | kind | Swift types (and their optionals) | stored as |
/// |---|---|---|
/// | string | `String` | the string |
/// | number | every integer width, `Float`, `Double`, `Bool` | the number as it is (the write path stores integers, doubles, booleans — and `Int8` as a boolean, as it does for the SDK) |
/// | url | `URL` | its `absoluteString` |
/// | date | `Date` | `timeIntervalSince1970`, a double of seconds |
/// | array | `[String]` | the array; nothing when it is empty |
/// | relation | `Set<String>` | the map `{element: true}`; nothing when it is empty |
/// | object | `[String: V]`, `V` a string, number or boolean | the map as it is |
///
/// Anything else is no kind of the table (`null`): never written and never read, unless a
/// hook maps it.
enum SaladaValue {
    case string(String)
    case number(Any)
    case url(String, URL)
    case date(TimeInterval, Date)
    case array([String])
    case relation([String: Bool], Set<String>)
    case object([String: Any])
    case null

    /// The number types of the table, in the order Salada tries them.
    static var numberTypes: [any BridgedValue.Type] {
        [Int.self, Double.self, Float.self, Bool.self,
         Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self]
    }
    /// The value types of the object kind.
    static var objectValueTypes: [any BridgedValue.Type] { [String.self] + numberTypes }

    /// Salada's `ValueType.from(key:value:)`: a property's value as the table writes it, by its
    /// dynamic type (an optional's wrapped value; nil is `null`).
    static func from(value: Any) -> SaladaValue {
        switch value {
        case let string as String: return .string(string)
        case let url as URL: return .url(url.absoluteString, url)
        case let date as Date: return .date(date.timeIntervalSince1970, date)
        default: break
        }
        for type in numberTypes {
            if let number = exactly(value, type) { return .number(number) }
        }
        switch value {
        case let strings as [String] where !strings.isEmpty: return .array(strings)
        case let strings as Set<String> where !strings.isEmpty:
            return .relation(Dictionary(uniqueKeysWithValues: strings.map { ($0, true) }), strings)
        case let object as [String: Any]: return .object(object)
        default: return .null
        }
    }

    /// What the table writes: nil for `null`.
    var stored: Any? {
        switch self {
        case .string(let string): return string
        case .number(let number): return number
        case .url(let text, _): return text
        case .date(let seconds, _): return seconds
        case .array(let strings): return strings
        case .relation(let keys, _): return keys
        case .object(let object): return object
        case .null: return nil
        }
    }

    /// What the table sets a property to when it reads this value (Salada's `setValue(_:forKey:)`
    /// arguments): nil for `null`.
    var property: Any? {
        switch self {
        case .string(let string): return string
        case .number(let number): return number
        case .url(_, let url): return url
        case .date(_, let date): return date
        case .array(let strings): return strings
        case .relation(_, let set): return set
        case .object(let object): return object
        case .null: return nil
        }
    }

    /// `value as? T`, without bridging (the model's own Swift values).
    private static func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
        value as? T
    }
}
