import FirestoreModel
import ModelSchema

/// A mapper under test, prepared for one schema: it turns a document's data (as
/// `DocumentSnapshot.data()` hands it to an app) into a model value and back.
///
/// The Codable mapper, the hand mapper in both styles and any mapper a user writes plug in
/// through this protocol and `MapperFactory`.
package protocol DocumentMapper {
    /// Decodes a document; never throws — failures are part of the result.
    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult
    /// Encodes a model value to the data an app hands `setData`.
    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure>
}

/// Makes a mapper for each schema a campaign generates.
package protocol MapperFactory: Sendable {
    /// The name used in reports and on the command line (`--mappers codable,strict`).
    var name: String { get }
    /// Prepares a mapper for a schema.
    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper
}

/// What one mapper made of one document.
package struct DecodeResult: Hashable, Sendable {
    /// The model value, or the failure.
    package var outcome: Result<ModelValue, MappingFailure>
    /// Every place the mapper silently put a default in place of what the document held.
    package var silentDefaults: [SilentDefaultRecord]

    /// Creates a result.
    package init(outcome: Result<ModelValue, MappingFailure>, silentDefaults: [SilentDefaultRecord] = []) {
        self.outcome = outcome
        self.silentDefaults = silentDefaults
    }
}

/// A default a lenient mapper substituted without saying so.
package struct SilentDefaultRecord: Hashable, Sendable {
    /// Where.
    package var path: ValuePath
    /// What a strict mapper would have reported there.
    package var kind: FailureKind
    /// What the document held.
    package var found: String
    /// The value put in its place.
    package var substituted: ModelValue

    /// Creates a record.
    package init(path: ValuePath, kind: FailureKind, found: String, substituted: ModelValue) {
        self.path = path
        self.kind = kind
        self.found = found
        self.substituted = substituted
    }
}
