import FirestoreModel
import Foundation

/// The tree-level reductions of a document, which need no schema: delete a map key or an
/// array element anywhere, or replace a value with the simplest of its kind (`{}`, `[]`,
/// `""`, `0`, `0.0`, `false`, empty bytes, the epoch, `(0, 0)`). Every edit makes the
/// document strictly smaller or simpler, so repeating them ends.
enum DocumentEdits {
    /// One reduction, at a path of the document.
    enum Edit {
        /// Remove the key or element at the path.
        case delete(ValuePath)
        /// Replace the value at the path with a simpler one.
        case replace(ValuePath, FirestoreValue)
    }

    /// Every reduction of `document`, outermost first: for each value in pre-order, its
    /// deletion, then its simplest form.
    static func edits(of document: FirestoreMap) -> [Edit] {
        var edits: [Edit] = []
        collect(.map(document), at: .root, into: &edits)
        return edits
    }

    private static func collect(_ value: FirestoreValue, at path: ValuePath, into edits: inout [Edit]) {
        if !path.isRoot { edits.append(.delete(path)) }
        if let simpler = simplest(replacing: value) { edits.append(.replace(path, simpler)) }
        switch value {
        case .map(let map):
            for (key, child) in map { collect(child, at: path.appending(key: key), into: &edits) }
        case .array(let values):
            for (index, child) in values.enumerated() { collect(child, at: path.appending(index: index), into: &edits) }
        default:
            break
        }
    }

    /// The simplest value of the same kind, when `value` is not already it.
    static func simplest(replacing value: FirestoreValue) -> FirestoreValue? {
        let simple: FirestoreValue
        switch value {
        case .null, .reference, .vector: return nil
        case .boolean: simple = .boolean(false)
        case .integer: simple = .integer(0)
        case .double: simple = .double(0)
        case .timestamp: simple = .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .string: simple = .string("")
        case .bytes: simple = .bytes(Data())
        case .geoPoint: simple = .geoPoint(GeoPoint(latitude: 0, longitude: 0))
        case .array: simple = .array([])
        case .map: simple = .map(FirestoreMap())
        }
        return simple == value ? nil : simple
    }

    /// The document with one edit applied; nil when the path no longer leads anywhere.
    static func apply(_ edit: Edit, to document: FirestoreMap) -> FirestoreMap? {
        let result: FirestoreValue?
        switch edit {
        case .delete(let path): result = FirestoreValue.map(document).editing(path.components[...], replacement: nil)
        case .replace(let path, let value): result = FirestoreValue.map(document).editing(path.components[...], replacement: value)
        }
        guard case .map(let map)? = result else { return nil }
        return map
    }
}

extension FirestoreValue {
    /// The value with the part at `components` replaced (or removed, for a nil replacement);
    /// nil when the components do not lead to a value or would remove the root.
    func editing(_ components: ArraySlice<ValuePath.Component>, replacement: FirestoreValue?) -> FirestoreValue? {
        guard let first = components.first else { return replacement }
        let rest = components.dropFirst()
        switch (self, first) {
        case (.map(var map), .key(let key)):
            guard let child = map[key] else { return nil }
            if rest.isEmpty {
                map[key] = replacement
            } else {
                guard let edited = child.editing(rest, replacement: replacement) else { return nil }
                map[key] = edited
            }
            return .map(map)
        case (.array(var values), .index(let index)) where values.indices.contains(index):
            if rest.isEmpty {
                if let replacement { values[index] = replacement } else { values.remove(at: index) }
            } else {
                guard let edited = values[index].editing(rest, replacement: replacement) else { return nil }
                values[index] = edited
            }
            return .array(values)
        default:
            return nil
        }
    }
}
