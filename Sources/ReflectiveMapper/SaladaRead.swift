import Foundation

/// Why a key-by-key read left a property as it was.
package enum UnreadReason: String, Hashable, Sendable {
    /// The document has no such key.
    case absent
    /// The document holds null there.
    case null
    /// The document holds another kind of value than the property's kind is stored as (a
    /// timestamp for a `Date`, an array for a `Set<String>`), or the property's type is no kind
    /// of the table.
    case otherKind
    /// The document holds the kind the property is stored as, but Salada's cast refuses it: a
    /// number its type does not hold exactly, a string that is no URL, a map with an entry that
    /// does not cast.
    case doesNotFit
    /// The document holds an empty array or map for a `[String]` or `Set<String>`, which the
    /// table never reads.
    case empty
}

/// What one key-by-key read of the table gave: the value read, or why there is none.
enum TableRead {
    /// The document's value, read.
    case read(SaladaValue)
    /// Nothing read.
    case unread(UnreadReason)
}

extension SaladaValue {
    /// Salada's `ValueType.from(key:mirror:with:)`: the document's value `raw` read for a
    /// property whose declared type is `subjectType` (what `Mirror(reflecting:)` of its value
    /// says: `String` or `String?`, …), with the casts as they run on an iPhone.
    static func read(_ raw: Any?, as subjectType: Any.Type) -> TableRead {
        guard let raw else { return .unread(.absent) }
        if raw is NSNull { return .unread(.null) }
        if declares(subjectType, String.self) {
            return (raw as? String).map { .read(.string($0)) } ?? .unread(.otherKind)
        }
        if declares(subjectType, URL.self) {
            guard let text = raw as? String else { return .unread(.otherKind) }
            return URL(string: text).map { .read(.url(text, $0)) } ?? .unread(.doesNotFit)
        }
        if declares(subjectType, Date.self) {
            guard let seconds = AppleCast.cast(raw, to: Double.self) else { return numberMisfit(raw) }
            return .read(.date(seconds, Date(timeIntervalSince1970: seconds)))
        }
        for type in numberTypes where declares(subjectType, type) {
            return readNumber(raw, type)
        }
        if declares(subjectType, [String].self) {
            guard let strings = raw as? [String] else { return .unread(.otherKind) }
            return strings.isEmpty ? .unread(.empty) : .read(.array(strings))
        }
        if declares(subjectType, Set<String>.self) {
            guard raw is [String: Any] else { return .unread(.otherKind) }
            guard let keys = AppleCast.map(raw, of: Bool.self) else { return .unread(.doesNotFit) }
            return keys.isEmpty ? .unread(.empty) : .read(.relation(keys, Set(keys.keys)))
        }
        for type in objectValueTypes where declaresMap(subjectType, of: type) {
            return readObject(raw, type)
        }
        return .unread(.otherKind)
    }

    private static func readNumber<T: BridgedValue>(_ raw: Any, _ type: T.Type) -> TableRead {
        guard let number = AppleCast.cast(raw, to: type) else { return numberMisfit(raw) }
        return .read(.number(number))
    }

    /// A number a cast refused does not fit; anything else is of another kind.
    private static func numberMisfit(_ raw: Any) -> TableRead {
        .unread(BridgedNumber(raw) == nil ? .otherKind : .doesNotFit)
    }

    private static func readObject<T: BridgedValue>(_ raw: Any, _ type: T.Type) -> TableRead {
        guard raw is [String: Any] else { return .unread(.otherKind) }
        guard let map = AppleCast.map(raw, of: type) else { return .unread(.doesNotFit) }
        return .read(.object(map))
    }

    /// Whether a property declared `subjectType` is a `T` or a `T?`.
    private static func declares<T>(_ subjectType: Any.Type, _ type: T.Type) -> Bool {
        subjectType == T.self || subjectType == T?.self
    }

    /// Whether a property declared `subjectType` is a `[String: T]` or a `[String: T]?`.
    private static func declaresMap<T>(_ subjectType: Any.Type, of type: T.Type) -> Bool {
        declares(subjectType, [String: T].self)
    }
}
