import Foundation
import FirestoreModel

/// The entries of a map node: a `FirestoreMap` read in place, a `[String: Any]` looked up as it
/// is, or entries the decoder classified itself (an `NSDictionary` input, or a map whose keys a
/// key strategy rewrote).
enum DecodingNodeMap {
    case values(FirestoreMap)
    case dictionary([String: Any])
    case entries(DecodingNodeEntries)

    /// How many keys the map has.
    var count: Int {
        switch self {
        case .values(let map): return map.count
        case .dictionary(let dictionary): return dictionary.count
        case .entries(let entries): return entries.count
        }
    }

    /// The keys, in the map's order.
    var keys: [String] {
        switch self {
        case .values(let map): return map.keys
        case .dictionary(let dictionary): return Array(dictionary.keys)
        case .entries(let entries): return entries.keys
        }
    }

    /// The node stored under the key with the same code points as `key`; failing that, when
    /// `canonically`, under the first key (in the order of `keys`) equal to it by Swift's
    /// `String ==` (canonical equivalence).
    func node(forKey key: String, canonically: Bool) -> DecodingNode? {
        switch self {
        case .values(let map):
            if let value = map[key] { return .value(value) }
            guard canonically, let match = map.keys.first(where: { $0 == key }), let value = map[match] else { return nil }
            return .value(value)
        case .dictionary(let dictionary):
            // A Swift dictionary holds at most one key of each canonical equivalence class and
            // finds it by `String ==`: that key has the same code points as `key` if any key
            // has, so one lookup gives both answers.
            if canonically {
                guard let value = dictionary[key] else { return nil }
                return DecodingInputReader.node(from: value)
            }
            guard let position = dictionary.index(forKey: key) else { return nil }
            let entry = dictionary[position]
            guard entry.key.utf8.elementsEqual(key.utf8) else { return nil }
            return DecodingInputReader.node(from: entry.value)
        case .entries(let entries):
            return entries.node(forKey: key, canonically: canonically)
        }
    }

    /// Calls `body` with each entry, in the order of `keys`.
    func forEachEntry(_ body: (String, DecodingNode) throws -> Void) rethrows {
        switch self {
        case .values(let map):
            for (key, value) in map { try body(key, .value(value)) }
        case .dictionary(let dictionary):
            for (key, value) in dictionary { try body(key, DecodingInputReader.node(from: value)) }
        case .entries(let entries):
            for (key, node) in zip(entries.keys, entries.nodes) { try body(key, node) }
        }
    }

    /// The same entries under keys rewritten by `convert`; where two keys convert to the same
    /// code points, the first one met (in the order of `keys`) is kept, as the SDK keeps the first.
    func convertingKeys(_ convert: (String) -> String) -> DecodingNodeMap {
        var converted = DecodingNodeEntries()
        forEachEntry { key, node in converted.insertIfAbsent(convert(key), node) }
        return .entries(converted)
    }
}

/// Classified map entries in order, each key at most once by code points, with lookups by
/// code points and by canonical equivalence that do not scan the keys.
struct DecodingNodeEntries {
    /// The keys, in insertion order.
    private(set) var keys: [String] = []
    /// The node of each key, at the key's position.
    private(set) var nodes: [DecodingNode] = []
    /// The positions of the keys grouped by Swift's `String ==` (canonical equivalence), each
    /// group in key order.
    private var groups: [String: [Int]] = [:]

    /// How many keys there are.
    var count: Int { keys.count }

    /// The node under the key with the same code points as `key`; failing that, when
    /// `canonically`, under the first key equal to it by `String ==`.
    func node(forKey key: String, canonically: Bool) -> DecodingNode? {
        position(of: key, canonically: canonically).map { nodes[$0] }
    }

    private func position(of key: String, canonically: Bool) -> Int? {
        guard let group = groups[key] else { return nil }
        if let exact = group.first(where: { keys[$0].utf8.elementsEqual(key.utf8) }) { return exact }
        return canonically ? group.first : nil
    }

    /// Adds an entry unless a key with the same code points is present; returns whether it was added.
    @discardableResult
    mutating func insertIfAbsent(_ key: String, _ node: DecodingNode) -> Bool {
        guard position(of: key, canonically: false) == nil else { return false }
        groups[key, default: []].append(keys.count)
        keys.append(key)
        nodes.append(node)
        return true
    }
}
