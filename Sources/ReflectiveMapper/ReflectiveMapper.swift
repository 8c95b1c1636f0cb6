import FirestoreModel
import Foundation
import ModelSchema

/// The reflective mapper of a schema, in seed 002's (Salada's) style: a model object whose
/// `Mirror` children are the root struct's stored properties (`SchemaObject`) is written by
/// `Mirror` — hooks first, then the table of property kinds (`SaladaValue`) — and read key by
/// key, never failing: a property the document does not give a value of its kind keeps its
/// initial value (`InitialValues`), and the mapper says which did and why.
///
/// Only the root struct's properties are mapped: Salada has no nested models, so a struct
/// property is outside its table, like every type but strings, numbers, booleans, URLs, dates,
/// `[String]`, `Set<String>` and `[String: V]` of strings, numbers and booleans — unless a hook
/// maps it. Every rule is its own code, shared with no other mapper.
package struct ReflectiveMapper: Sendable {
    /// The model type this mapper maps.
    package let schema: ModelSchema
    private let root: StructSchema

    /// Prepares a mapper for the schema's root struct.
    /// - Throws: when the schema has no root struct.
    package init(schema: ModelSchema) throws(ReflectiveMappingError) {
        guard let root = schema.rootStruct else {
            throw ReflectiveMappingError(path: .root, message: "the schema has no struct named \(schema.root)")
        }
        self.schema = schema
        self.root = root
    }

    /// Reads a document's data (what `DocumentSnapshot.data()` hands an app) key by key.
    /// - Parameter reference: the document's reference: a `@DocumentID` property takes its ID
    ///   (`String?`) or the reference itself (`DocumentReference?`), as Salada's `id` is the
    ///   snapshot's key.
    /// - Throws: only a harness error (a hook that set a value of another type).
    package func decode(_ data: [String: Any], reference: DocumentReference?) throws(ReflectiveMappingError) -> ReflectiveDecoding {
        let object = try SchemaObject(root, schema: schema, values: [])
        let unread = object.read(data)
        for property in object.properties where property.field.wrapper == .documentID {
            guard let label = property.label else { continue }
            let id: ModelValue = property.field.type == .optional(.documentReference)
                ? reference.map(ModelValue.reference) ?? .null : reference.map { .string($0.documentID) } ?? .null
            object.setValue(try property.representation.swiftValue(id, at: ValuePath.root.appending(key: label)), forKey: label)
        }
        let initial = InitialValues(schema: schema)
        var kept: [KeptInitialValue] = []
        for property in unread {
            guard let field = object.properties.first(where: { $0.label?.utf8.elementsEqual(property.key.utf8) ?? false })?.field,
                  KeptInitialValue.isReported(property.reason, optional: field.type.isOptional)
            else { continue }
            kept.append(KeptInitialValue(path: ValuePath.root.appending(key: property.key), reason: property.reason,
                                         found: KeptInitialValue.found(data[property.key]), value: initial.value(of: field.type)))
        }
        return ReflectiveDecoding(value: try object.modelValue(), keptInitialValues: kept)
    }

    /// The document data for a value of the root struct: Salada's `value` of a model holding it.
    /// - Throws: a value that does not fit the schema, at its field.
    package func encode(_ value: ModelValue) throws(ReflectiveMappingError) -> [String: Any] {
        guard case .structure(let fields) = value else {
            throw ReflectiveMappingError(path: .root, message: "the model value \(value) is no \(root.name)")
        }
        return try SchemaObject(root, schema: schema, values: fields).value
    }
}

/// What the reflective mapper made of a document.
package struct ReflectiveDecoding: Sendable {
    /// The root struct's value.
    package var value: ModelValue
    /// Every property that kept its initial value where the document held something it stands
    /// in for.
    package var keptInitialValues: [KeptInitialValue]
}

/// A property the reflective read left at its initial value although the document held
/// something there — a value, or null or nothing where the property is not optional. (An
/// optional left nil by a null or a missing key, and a `[String]` or `Set<String>` left as
/// it was by an empty one, keep what the document means.)
package struct KeptInitialValue: Hashable, Sendable {
    /// The field: `ValuePath` of its key.
    package var path: ValuePath
    /// Why the read left it.
    package var reason: UnreadReason
    /// What the document held there, for people.
    package var found: String
    /// The initial value it kept.
    package var value: ModelValue

    /// Whether a property left unread for `reason` is reported.
    static func isReported(_ reason: UnreadReason, optional: Bool) -> Bool {
        switch reason {
        case .absent, .null: return !optional
        case .otherKind, .doesNotFit: return true
        case .empty: return false
        }
    }

    /// What the document held, for people: nothing, null, or the value and its Swift type.
    static func found(_ raw: Any?) -> String {
        guard let raw else { return "nothing" }
        if raw is NSNull { return "null" }
        return "\(raw) (\(type(of: raw)))"
    }
}
