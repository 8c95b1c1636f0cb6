import FirestoreModel
import HandMapper
import ModelSchema

/// The hand-written dictionary mapper in its strict style: the SDK's rules, implemented
/// independently of the Codable mapper.
package struct StrictHandMapperFactory: MapperFactory {
    /// `strict`.
    package let name = "strict"

    /// Creates the factory.
    package init() {}

    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        StrictHandDocumentMapper(mapper: StrictHandMapper(schema: schema))
    }
}

/// The hand-written dictionary mapper in the lenient `?? default` style of older apps.
package struct LenientHandMapperFactory: MapperFactory {
    /// `lenient`.
    package let name = "lenient"

    /// Creates the factory.
    package init() {}

    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        LenientHandDocumentMapper(mapper: LenientHandMapper(schema: schema))
    }
}

struct StrictHandDocumentMapper: StatelessDocumentMapper {
    let mapper: StrictHandMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        do {
            return DecodeResult(outcome: .success(try mapper.decode(data, reference: reference)))
        } catch {
            return DecodeResult(outcome: .failure(MappingFailure(handMapperError: error)))
        }
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        do {
            return .success(try mapper.encode(value))
        } catch {
            return .failure(MappingFailure(handMapperError: error))
        }
    }
}

struct LenientHandDocumentMapper: StatelessDocumentMapper {
    let mapper: LenientHandMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        let result = mapper.decode(data, reference: reference)
        return DecodeResult(outcome: .success(result.value), silentDefaults: result.defaults.map { silent in
            SilentDefaultRecord(path: silent.path, kind: FailureKind(silent.kind), found: silent.found, substituted: silent.substituted)
        })
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        .success(mapper.encode(value))
    }
}

extension FailureKind {
    /// The hand mapper's kind in the shared taxonomy.
    init(_ kind: MappingErrorKind) {
        switch kind {
        case .typeMismatch: self = .typeMismatch
        case .keyNotFound: self = .keyNotFound
        case .valueNotFound: self = .valueNotFound
        case .dataCorrupted: self = .dataCorrupted
        case .invalidValue: self = .invalidValue
        }
    }
}

extension MappingFailure {
    /// Normalises a hand mapper error.
    init(handMapperError error: MappingError) {
        self.init(kind: FailureKind(error.kind), path: error.path, expected: error.expected, found: error.found, message: error.message)
    }
}
