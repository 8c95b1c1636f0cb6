import FirestoreModel
import HandMapper
import ModelSchema

/// What the emitted hand-written `init?(reference:data:)` must make of a document, derived
/// from `LenientHandMapper` — the correspondence between the `?? default` idiom and the
/// failable-init idiom (Docs/faithfulness.md):
///
/// Both read every position with the same casts. Where the lenient mapper substitutes a
/// default, the emitted code gets nil from its cast instead, and that nil travels up —
/// through elements, dictionary entries and nested structs (`convertEach`, `convertEntries`,
/// a nested struct's failing init), even through optional elements (`readOptional` gives nil
/// for a value that does not convert) — to the innermost enclosing *optional property* of a
/// struct, which becomes nil (`self.x = data["x"] as? T`). With no optional property on the
/// way, the root init fails.
///
/// So: the init fails ⇔ some default has no optional property on its path; otherwise its
/// value is the lenient value of the document with every such absorbing property removed.
enum EmittedExpectation {
    /// The expected result of `init?(reference:data:)`, and the properties that absorbed a
    /// default (empty when the document held no fault the idiom sees).
    struct Result {
        let value: ModelValue?
        let absorbed: [ValuePath]
        let defaults: [SilentDefault]
    }

    static func expected(_ data: [String: Any], reference: DocumentReference, schema: ModelSchema, mapper: LenientHandMapper) -> Result {
        let lenient = mapper.decode(data, reference: reference)
        var absorbed: [ValuePath] = []
        for silent in lenient.defaults {
            let steps = SchemaWalk(silent.path, in: schema).steps
            guard let last = steps.lastIndex(where: { $0.field?.type.isOptional ?? false }) else {
                return Result(value: nil, absorbed: [], defaults: lenient.defaults)
            }
            let property = ValuePath(Array(silent.path.components.prefix(last + 1)))
            if !absorbed.contains(property) { absorbed.append(property) }
        }
        guard !absorbed.isEmpty else { return Result(value: lenient.value, absorbed: [], defaults: lenient.defaults) }
        var reduced = data
        for property in absorbed where !absorbed.contains(where: { $0 != property && $0.isPrefix(of: property) }) {
            reduced = removing(property.components[...], from: reduced)
        }
        return Result(value: mapper.decode(reduced, reference: reference).value, absorbed: absorbed, defaults: lenient.defaults)
    }

    /// `data` without the value at `path` (a path through maps and arrays of the document).
    private static func removing(_ path: ArraySlice<ValuePath.Component>, from data: [String: Any]) -> [String: Any] {
        guard case .key(let key)? = path.first else { return data }
        var copy = data
        if path.count == 1 {
            copy[key] = nil
        } else if let child = data[key] {
            copy[key] = removing(path.dropFirst(), from: child)
        }
        return copy
    }

    private static func removing(_ path: ArraySlice<ValuePath.Component>, from value: Any) -> Any {
        switch (path.first, value) {
        case (.key?, let map as [String: Any]):
            return removing(path, from: map)
        case (.index(let index)?, var array as [Any]) where array.indices.contains(index):
            array[index] = removing(path.dropFirst(), from: array[index])
            return array
        default:
            return value
        }
    }
}
