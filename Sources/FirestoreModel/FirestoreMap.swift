/// A Firestore map: string keys to values, each key at most once.
///
/// Keys compare by Unicode code points, as Firestore compares them, so `"é"` (U+00E9) and
/// `"e\u{301}"` are two keys here although Swift's `String ==` calls them equal. Insertion
/// order is kept for output; it plays no part in equality.
public struct FirestoreMap: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One key and its value.
    public typealias Element = (key: String, value: FirestoreValue)

    private var entries: [Element]
    /// Position of each key in `entries`, built once a map grows past `indexThreshold`.
    private var positions: [CodePointKey: Int]?
    private static let indexThreshold = 16

    /// An empty map.
    public init() {
        entries = []
        positions = nil
    }

    /// A map from key-value pairs in order; a later pair with the same key replaces the
    /// value of the earlier one and keeps its position.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, FirestoreValue) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, FirestoreValue)...) {
        self.init(elements)
    }

    /// How many keys the map has.
    public var count: Int { entries.count }
    /// Whether the map has no keys.
    public var isEmpty: Bool { entries.isEmpty }
    /// The keys in insertion order.
    public var keys: [String] { entries.map(\.key) }
    /// The values in insertion order.
    public var values: [FirestoreValue] { entries.map(\.value) }

    /// The value for a key (by code points); setting nil removes the key.
    public subscript(key: String) -> FirestoreValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                entries.append((key, newValue))
                if positions != nil {
                    positions?[CodePointKey(key)] = entries.count - 1
                } else if entries.count > FirestoreMap.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Whether the map holds the key (by code points).
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// The entries sorted by key in UTF-8 byte order, as Firestore stores maps.
    public func sortedByKey() -> [Element] {
        entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        entries.makeIterator()
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[CodePointKey(key)] }
        return entries.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
    }

    private mutating func rebuildIndex() {
        guard entries.count > FirestoreMap.indexThreshold else {
            positions = nil
            return
        }
        var index = [CodePointKey: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() { index[CodePointKey(entry.key)] = position }
        positions = index
    }

    public static func == (lhs: FirestoreMap, rhs: FirestoreMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: the sum of each entry's own hash.
        var sum = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(CodePointKey(key))
            entryHasher.combine(value)
            sum &+= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(sum)
    }

    public var description: String {
        "{" + entries.map { "\(ValuePath.quotedSegment($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }
}

/// A string that hashes and compares by its UTF-8 bytes (that is, by code points).
struct CodePointKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
