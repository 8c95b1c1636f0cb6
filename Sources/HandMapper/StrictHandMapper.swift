import FirestoreModel
import ModelSchema

/// The hand-written dictionary mapper of a schema, held to the outcomes of the SDK's Codable
/// mapper: it accepts what `Firestore.Decoder` accepts, fails where it fails with the same
/// kind of error at the path of the value concerned, and encodes what `Firestore.Encoder`
/// hands the write path. Every rule is its own code, shared with no other mapper.
///
/// It reads what `DocumentSnapshot.data()` gives an app (NSNull, Int64, Double, Bool,
/// String, Data, Timestamp, GeoPoint, DocumentReference, VectorValue, `[Any]`,
/// `[String: Any]`) and what tests write by hand (any integer width, Float, Decimal,
/// NSNumber, `Optional`).
package struct StrictHandMapper: Sendable {
    /// The model type this mapper maps.
    package let schema: ModelSchema
    private let plan: SchemaPlan

    /// Prepares a mapper for the schema's root struct. A name the schema uses but does not
    /// define makes every value of that type an `invalidValue` error.
    package init(schema: ModelSchema) {
        self.schema = schema
        self.plan = SchemaPlan(schema)
    }

    /// The root struct from a document's data, as `init(id:data:)` would build it.
    /// - Parameter reference: the document's reference; `@DocumentID` properties at any
    ///   depth take its ID (`String?`) or the reference itself (`DocumentReference?`).
    /// - Returns: a `.structure` with every property of the root, in declaration order.
    /// - Throws: the first value that cannot be mapped, with its path.
    package func decode(_ data: [String: Any], reference: DocumentReference?) throws(MappingError) -> ModelValue {
        var decoder = StrictDecoder(plan: plan, reference: reference)
        return try decoder.decodeRoot(data)
    }

    /// The document data for a value of the root struct, as `var dictionary: [String: Any]`
    /// would build it.
    /// - Throws: `invalidValue` for a NaN or infinite `Float`/`Double` (Codable's default
    ///   `.throw`) and for a value that does not match the schema.
    package func encode(_ value: ModelValue) throws(MappingError) -> [String: Any] {
        var encoder = DocumentEncoder<StrictEncoding>(plan: plan)
        return try encoder.encodeRoot(value)
    }
}
