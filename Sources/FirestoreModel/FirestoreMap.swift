/// A Firestore map: string keys to values, each key at most once.
///
/// Keys compare by Unicode code points, as Firestore compares them, so `"é"` (U+00E9) and
/// `"e\u{301}"` are two keys here although Swift's `String ==` calls them equal. Insertion
/// order is kept for output; it plays no part in equality.
public struct FirestoreMap: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One key and its value.
    public typealias Element = (key: String, value: FirestoreValue)

    /// The entries and their key index, shared between copies until one of them changes.
    private var storage: FirestoreMapStorage
    private static let indexThreshold = 16

    /// An empty map.
    public init() {
        storage = FirestoreMapStorage()
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
    public var count: Int { storage.entries.count }
    /// Whether the map has no keys.
    public var isEmpty: Bool { storage.entries.isEmpty }
    /// The keys in insertion order.
    public var keys: [String] { storage.entries.map(\.key) }
    /// The values in insertion order.
    public var values: [FirestoreValue] { storage.entries.map(\.value) }

    /// The value for a key (by code points); setting nil removes the key.
    public subscript(key: String) -> FirestoreValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return storage.entries[position].value
        }
        set {
            let position = position(of: key)
            if position == nil && newValue == nil { return }
            makeStorageUnique()
            if let position {
                if let newValue {
                    storage.entries[position].value = newValue
                } else {
                    storage.entries.remove(at: position)
                    storage.rebuildIndex(threshold: FirestoreMap.indexThreshold)
                }
            } else if let newValue {
                storage.entries.append((key, newValue))
                if storage.positions != nil {
                    storage.positions?[CodePointKey(key)] = storage.entries.count - 1
                } else if storage.entries.count > FirestoreMap.indexThreshold {
                    storage.rebuildIndex(threshold: FirestoreMap.indexThreshold)
                }
            }
        }
    }

    /// Whether the map holds the key (by code points).
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// The entries sorted by key in UTF-8 byte order, as Firestore stores maps.
    public func sortedByKey() -> [Element] {
        storage.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        storage.entries.makeIterator()
    }

    private func position(of key: String) -> Int? {
        if let positions = storage.positions { return positions[CodePointKey(key)] }
        return storage.entries.firstIndex { $0.key.hasSameCodePoints(as: key) }
    }

    private mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = FirestoreMapStorage(copying: storage)
        }
    }

    /// Moves this map's values into `work` when no other map shares them, leaving the map
    /// empty, so that releasing a deeply nested value never recurses (see `FirestoreMapStorage`).
    mutating func moveValuesIfUnshared(into work: inout [FirestoreValue]) {
        guard isKnownUniquelyReferenced(&storage) else { return }
        storage.moveContainerValues(into: &work)
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
        for (key, value) in storage.entries {
            var entryHasher = Hasher()
            entryHasher.combine(CodePointKey(key))
            entryHasher.combine(value)
            sum &+= entryHasher.finalize()
        }
        hasher.combine(storage.entries.count)
        hasher.combine(sum)
    }

    public var description: String {
        "{" + storage.entries.map { "\(ValuePath.quotedSegment($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
    }
}

/// A string that hashes and compares by its UTF-8 bytes (that is, by code points).
struct CodePointKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.hasSameCodePoints(as: rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// The shared, copy-on-write storage of a `FirestoreMap`.
///
/// Releasing a value nested many thousands of levels deep would otherwise recurse once per
/// level (each container's release releases its children) and overflow the stack. When the
/// last reference goes, this storage instead moves the containers it holds into a work list
/// and takes them apart one by one, descending only into storage that nobody else holds.
final class FirestoreMapStorage: @unchecked Sendable {
    // Only `FirestoreMap` touches the storage, and it modifies it only after making it
    // unique (copy on write), in statements that access nothing else of it: no access can
    // overlap a modification, so the dynamic exclusivity checks (three per key lookup) are
    // switched off.

    @exclusivity(unchecked) var entries: [FirestoreMap.Element]
    /// Position of each key in `entries`, built once a map grows past a threshold.
    @exclusivity(unchecked) var positions: [CodePointKey: Int]?

    init() {
        entries = []
        positions = nil
    }

    init(copying other: FirestoreMapStorage) {
        entries = other.entries
        positions = other.positions
    }

    func rebuildIndex(threshold: Int) {
        guard entries.count > threshold else {
            positions = nil
            return
        }
        var index = [CodePointKey: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() { index[CodePointKey(entry.key)] = position }
        positions = index
    }

    /// Appends every array and map value to `work` and empties the entries.
    func moveContainerValues(into work: inout [FirestoreValue]) {
        for entry in entries {
            switch entry.value {
            case .array, .map: work.append(entry.value)
            default: break
            }
        }
        entries = []
        positions = nil
    }

    deinit {
        guard entries.contains(where: { $0.value.isContainer }) else { return }
        var work: [FirestoreValue] = []
        moveContainerValues(into: &work)
        while var value = work.popLast() {
            value.dismantle(into: &work)
        }
    }
}

extension FirestoreValue {
    /// Whether the value is an array or a map.
    var isContainer: Bool {
        switch self {
        case .array, .map: return true
        default: return false
        }
    }

    /// Moves the containers directly inside this array or map into `work` and makes this
    /// value null, so that nested containers are released one at a time, not recursively.
    mutating func dismantle(into work: inout [FirestoreValue]) {
        if case .array(let elements) = self {
            self = .null
            for element in elements where element.isContainer { work.append(element) }
        } else if var map = takeMap() {
            map.moveValuesIfUnshared(into: &work)
        }
    }

    /// The map this value holds, leaving null in its place (so the caller owns it alone).
    private mutating func takeMap() -> FirestoreMap? {
        guard case .map(let map) = self else { return nil }
        self = .null
        return map
    }
}
