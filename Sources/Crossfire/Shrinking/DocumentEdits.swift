import FirestoreModel
import Foundation
import ModelSchema

/// The tree-level reductions of a document: delete a map key or an array element anywhere,
/// replace a value with the simplest of its kind (`{}`, `[]`, `""`, `0`, `0.0`, `false`, empty
/// bytes, the epoch, `(0, 0)`) or with a simpler one (a shorter string, a rounder double), and
/// give the entries of a `[String: V]` or `[Int: V]` dictionary short keys (`a`, `b`, … or `0`,
/// `1`, …; the schema tells a dictionary's map from a struct's). Every edit makes the document
/// strictly smaller or simpler, so repeating them ends.
enum DocumentEdits {
    /// One reduction, at a path of the document.
    enum Edit {
        /// Remove the key or element at the path.
        case delete(ValuePath)
        /// Replace the value at the path with a simpler one.
        case replace(ValuePath, FirestoreValue)
        /// Rename the key at the path (an entry of a dictionary) to a shorter one.
        case renameKey(ValuePath, String)
    }

    /// Every reduction of `document` (of the root struct of `schema`), outermost first: for
    /// each value in pre-order, its deletion, then its simpler forms, simplest first, then
    /// short keys for a dictionary's entries.
    static func edits(of document: FirestoreMap, schema: ModelSchema) -> [Edit] {
        var edits: [Edit] = []
        collect(.map(document), type: .structure(schema.root), schema: schema, at: .root, into: &edits)
        return edits
    }

    private static func collect(_ value: FirestoreValue, type: FieldType?, schema: ModelSchema, at path: ValuePath, into edits: inout [Edit]) {
        if !path.isRoot { edits.append(.delete(path)) }
        for simpler in simpler(replacing: value) { edits.append(.replace(path, simpler)) }
        switch (value, type?.unwrapped) {
        case (.map(let map), .structure(let name)?):
            let fields = schema.structSchema(named: name)?.fields ?? []
            for (key, child) in map {
                let field = fields.first { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false }
                collect(child, type: field?.type, schema: schema, at: path.appending(key: key), into: &edits)
            }
        case (.map(let map), .dictionary(let keyType, let valueType)?):
            for (key, child) in map { collect(child, type: valueType, schema: schema, at: path.appending(key: key), into: &edits) }
            let renamed: [(old: String, new: String)]
            switch keyType {
            case .string: renamed = SimplerScalars.renamedKeys(map.keys, short: SimplerScalars.shortStringKeys)
            case .int: renamed = SimplerScalars.renamedKeys(map.keys, short: SimplerScalars.shortIntKeys.map(String.init))
            case .enumeration: renamed = []
            }
            for (old, new) in renamed { edits.append(.renameKey(path.appending(key: old), new)) }
        case (.map(let map), _):
            for (key, child) in map { collect(child, type: nil, schema: schema, at: path.appending(key: key), into: &edits) }
        case (.array(let values), let container):
            for (index, child) in values.enumerated() {
                collect(child, type: elementType(container, at: index), schema: schema, at: path.appending(index: index), into: &edits)
            }
        default:
            break
        }
    }

    /// The type of an element of an array of type `container` (nil when it has none).
    private static func elementType(_ container: FieldType?, at index: Int) -> FieldType? {
        switch container {
        case .array(let element)?, .set(let element)?: return element
        case .dictionary(.enumeration(let name), let value)?: return index % 2 == 0 ? .enumeration(name) : value
        default: return nil
        }
    }

    /// Simpler values to put in place of `value`, simplest first: the simplest of its kind,
    /// then shorter strings or rounder doubles.
    static func simpler(replacing value: FirestoreValue) -> [FirestoreValue] {
        var result = simplest(replacing: value).map { [$0] } ?? []
        switch value {
        case .string(let text): result += SimplerScalars.shorter(text).map(FirestoreValue.string)
        case .double(let number): result += SimplerScalars.rounder(number).map(FirestoreValue.double)
        default: break
        }
        return result
    }

    /// The simplest value of the same kind, when `value` is not already it.
    private static func simplest(replacing value: FirestoreValue) -> FirestoreValue? {
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
        case .renameKey(let path, let key):
            guard case .key(let old)? = path.components.last, case .map(let map)? = document.value(at: path.parent) else { return nil }
            let renamed = FirestoreMap(map.map { ($0.key.utf8.elementsEqual(old.utf8) ? key : $0.key, $0.value) })
            result = path.parent.isRoot ? .map(renamed) : FirestoreValue.map(document).editing(path.parent.components[...], replacement: .map(renamed))
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
