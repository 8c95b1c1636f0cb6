import FirestoreCodable
import ModelSchema

/// A Firestore property wrapper: the field it makes (its wrapped value's optional type and the
/// wrapper), and a nil-valued instance to stand in for it while probing.
protocol SchemaProbeWrapper {
    /// The field type and wrapper, the wrapped type probed in `probe`.
    static func probedField(in probe: SchemaProbe, at path: String) throws -> (type: FieldType, wrapper: PropertyWrapper)
    /// An instance holding nil.
    static var probePlaceholder: Any { get }
}

extension DocumentID: SchemaProbeWrapper {
    static func probedField(in probe: SchemaProbe, at path: String) throws -> (type: FieldType, wrapper: PropertyWrapper) {
        (.optional(try probe.fieldType(of: Value.self, at: path)), .documentID)
    }

    static var probePlaceholder: Any { DocumentID<Value>(wrappedValue: nil) }
}

extension ServerTimestamp: SchemaProbeWrapper {
    static func probedField(in probe: SchemaProbe, at path: String) throws -> (type: FieldType, wrapper: PropertyWrapper) {
        (.optional(try probe.fieldType(of: Value.self, at: path)), .serverTimestamp)
    }

    static var probePlaceholder: Any { ServerTimestamp<Value>(wrappedValue: nil) }
}

extension ExplicitNull: SchemaProbeWrapper where Value: Decodable {
    static func probedField(in probe: SchemaProbe, at path: String) throws -> (type: FieldType, wrapper: PropertyWrapper) {
        (.optional(try probe.fieldType(of: Value.self, at: path)), .explicitNull)
    }

    static var probePlaceholder: Any { ExplicitNull<Value>(wrappedValue: nil) }
}
