import Foundation
import FirestoreModel

/// One value as `Firestore.Decoder` reads it.
///
/// A typed input (`FirestoreValue`, `FirestoreMap`) is wrapped as it is in `.value`, so its
/// subtrees are read in place, never copied. The other cases exist only for untyped
/// `[String: Any]` input, holding what `FirestoreValue` cannot hold exactly; the input reader
/// uses `.array`/`.map` only for the containers on the way down to such a value and `.value`
/// for every other subtree.
enum DecodingNode {
    /// A Firestore value and everything beneath it.
    case value(FirestoreValue)
    /// An unsigned integer above `Int64.max` (a `UInt`/`UInt64` input).
    case unsignedInteger(UInt64)
    /// A `Decimal`/`NSDecimalNumber` input, kept exact.
    case decimal(Decimal)
    /// An input of a type Firestore does not store (`Date`, `Set`, a class…); reading it is a
    /// type mismatch naming this type, as the SDK names the runtime type it found.
    case unsupported(typeName: String)
    /// An array holding at least one node that is not a `.value`.
    case array([DecodingNode])
    /// A map holding at least one node that is not a `.value`.
    case map(DecodingNodeMap)

    /// Whether the node is Firestore's null.
    var isNull: Bool {
        if case .value(.null) = self { return true }
        return false
    }

    /// The node as a map, or nil when it is not one.
    var mapView: DecodingNodeMap? {
        switch self {
        case .value(.map(let map)): return DecodingNodeMap(map)
        case .map(let map): return map
        default: return nil
        }
    }

    /// The node as an array, or nil when it is not one.
    var arrayView: DecodingNodeArray? {
        switch self {
        case .value(.array(let values)): return .values(values)
        case .array(let nodes): return .nodes(nodes)
        default: return nil
        }
    }
}

/// The elements of an array node: Firestore values read in place, or input nodes.
enum DecodingNodeArray {
    case values([FirestoreValue])
    case nodes([DecodingNode])

    /// How many elements the array has.
    var count: Int {
        switch self {
        case .values(let values): return values.count
        case .nodes(let nodes): return nodes.count
        }
    }

    /// The element at `index`, which must be below `count`.
    subscript(index: Int) -> DecodingNode {
        switch self {
        case .values(let values): return .value(values[index])
        case .nodes(let nodes): return nodes[index]
        }
    }
}

/// The entries of a map node: a `FirestoreMap` read in place, plus (for untyped input only)
/// the few entries whose values Firestore cannot hold. Keys compare by code points, as in
/// `FirestoreMap`, and each key occurs once across both parts.
struct DecodingNodeMap {
    /// The entries that are Firestore values.
    private(set) var values: FirestoreMap
    /// The other entries, in insertion order; usually none.
    private(set) var others: [(key: String, node: DecodingNode)]

    /// A view of a Firestore map.
    init(_ values: FirestoreMap = FirestoreMap()) {
        self.values = values
        self.others = []
    }

    /// How many keys the map has.
    var count: Int { values.count + others.count }

    /// The node stored under `key` (by code points), or nil.
    subscript(key: String) -> DecodingNode? {
        for entry in others where entry.key.utf8.elementsEqual(key.utf8) {
            return entry.node
        }
        return values[key].map(DecodingNode.value)
    }

    /// The keys: the Firestore-value entries in their order, then the others.
    var keys: [String] {
        others.isEmpty ? values.keys : values.keys + others.map(\.key)
    }

    /// Calls `body` with each entry, in the order of `keys`.
    func forEachEntry(_ body: (String, DecodingNode) throws -> Void) rethrows {
        for (key, value) in values { try body(key, .value(value)) }
        for entry in others { try body(entry.key, entry.node) }
    }

    /// Stores `node` under `key`, replacing an entry with the same key.
    mutating func set(_ key: String, _ node: DecodingNode) {
        if !others.isEmpty, let position = others.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
            others.remove(at: position)
        }
        if case .value(let value) = node {
            values[key] = value
        } else {
            values[key] = nil
            others.append((key, node))
        }
    }

    /// Adds an entry unless the key is already present; returns whether it was added.
    @discardableResult
    mutating func insertIfAbsent(_ key: String, _ node: DecodingNode) -> Bool {
        guard self[key] == nil else { return false }
        if case .value(let value) = node {
            values[key] = value
        } else {
            others.append((key, node))
        }
        return true
    }

    /// The same entries under keys rewritten by `convert`; where two keys convert alike, the
    /// first one met (in the order of `keys`) is kept, as the SDK keeps the first.
    func convertingKeys(_ convert: (String) -> String) -> DecodingNodeMap {
        var converted = DecodingNodeMap()
        forEachEntry { key, node in converted.insertIfAbsent(convert(key), node) }
        return converted
    }
}
