/// The location of a value inside a document: a sequence of map keys and array indexes.
///
/// One type serves as coding path (for Codable errors), field path (for Firestore's limits)
/// and JSON location. It renders for people as `tags[2].color` and, where Firestore's own
/// syntax is meant, as a backtick-quoted field path (`` tags.`my key` ``).
public struct ValuePath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// A map key or struct field name (compared by code points, see `FirestoreMap`).
        case key(String)
        /// A zero-based array index.
        case index(Int)

        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case let (.key(a), .key(b)): return a.utf8.elementsEqual(b.utf8)
            case let (.index(a), .index(b)): return a == b
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key):
                hasher.combine(0 as UInt8)
                for byte in key.utf8 { hasher.combine(byte) }
            case .index(let index):
                hasher.combine(1 as UInt8)
                hasher.combine(index)
            }
        }
    }

    /// The steps from the document root to the value.
    public var components: [Component]

    /// The path of the document root itself.
    public static let root = ValuePath([])

    /// Creates a path from its components.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// Creates a path of map keys only, e.g. `ValuePath(keys: "a", "b")`.
    public init(keys: String...) {
        self.components = keys.map(Component.key)
    }

    /// Creates a path from a Codable coding path. Keys whose string value is the SDK's
    /// array-element form `Index N` (with integer value N) become array indexes.
    public init(codingPath: [any CodingKey]) {
        self.components = codingPath.map { key in
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                return .index(index)
            }
            return .key(key.stringValue)
        }
    }

    /// Whether this is the document root.
    public var isRoot: Bool { components.isEmpty }

    /// How many steps the path has.
    public var count: Int { components.count }

    /// The path one map key further down.
    public func appending(key: String) -> ValuePath {
        ValuePath(components + [.key(key)])
    }

    /// The path one array element further down.
    public func appending(index: Int) -> ValuePath {
        ValuePath(components + [.index(index)])
    }

    /// The path one step further down.
    public func appending(_ component: Component) -> ValuePath {
        ValuePath(components + [component])
    }

    /// The path without its last step (the root stays the root).
    public var parent: ValuePath {
        ValuePath(Array(components.dropLast()))
    }

    /// Whether `other` starts with every step of this path.
    public func isPrefix(of other: ValuePath) -> Bool {
        other.components.count >= components.count
            && zip(components, other.components).allSatisfy { $0 == $1 }
    }

    /// The path for people: `tags[2].color`; keys that are not simple identifiers are
    /// backtick-quoted (`` `my key`.x ``); the root is `(root)`.
    public var description: String {
        if components.isEmpty { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += ValuePath.quotedSegment(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The path in Firestore's field-path syntax: segments joined by `.`, each bare when it
    /// matches `[a-zA-Z_][a-zA-Z0-9_]*` and otherwise in backticks with `` ` `` and `\`
    /// escaped. Firestore paths cannot index arrays; an index is written as the segment
    /// `[N]` so that the location stays readable.
    public var firestoreFieldPath: String {
        components.map { component in
            switch component {
            case .key(let key): return ValuePath.quotedSegment(key)
            case .index(let index): return "[\(index)]"
            }
        }.joined(separator: ".")
    }

    /// A segment in Firestore's syntax: bare when simple, else backtick-quoted.
    public static func quotedSegment(_ segment: String) -> String {
        if isSimpleSegment(segment) { return segment }
        var quoted = "`"
        for scalar in segment.unicodeScalars {
            if scalar == "`" || scalar == "\\" { quoted += "\\" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "`"
    }

    /// Whether a segment matches `[a-zA-Z_][a-zA-Z0-9_]*`.
    public static func isSimpleSegment(_ segment: String) -> Bool {
        var isFirst = true
        for byte in segment.utf8 {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            let isDigit = byte >= 0x30 && byte <= 0x39
            if !(isLetter || (!isFirst && isDigit)) { return false }
            isFirst = false
        }
        return !isFirst
    }
}
