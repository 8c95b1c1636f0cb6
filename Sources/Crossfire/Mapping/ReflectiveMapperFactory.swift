import FirestoreModel
import ModelSchema
import ReflectiveMapper

/// The reflective mapper family (seed 002, Salada's model layer): `Mirror` over a model's
/// stored properties to write, key-by-key reads that never fail to decode, an ignore list and
/// per-key hooks. Compared as `.lenientDecode`: each property it leaves at its initial value
/// where the document held something is a silent default; what it stores must agree with the
/// reference.
package struct ReflectiveMapperFactory: MapperFactory {
    /// `reflective`.
    package static let mapperName = "reflective"
    /// `reflective`.
    package let name = ReflectiveMapperFactory.mapperName

    /// Creates the factory.
    package init() {}

    package func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        ReflectiveDocumentMapper(mapper: try ReflectiveMapper(schema: schema))
    }
}

/// The reflective mapper as a `DocumentMapper`.
struct ReflectiveDocumentMapper: DocumentMapper {
    let mapper: ReflectiveMapper

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        do {
            let decoded = try mapper.decode(data, reference: reference)
            return DecodeResult(outcome: .success(decoded.value), silentDefaults: decoded.keptInitialValues.map { kept in
                SilentDefaultRecord(path: kept.path, kind: FailureKind(kept.reason), found: kept.found, substituted: kept.value)
            })
        } catch {
            return DecodeResult(outcome: .failure(MappingFailure(reflectiveError: error)))
        }
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        do {
            return .success(try mapper.encode(value))
        } catch {
            return .failure(MappingFailure(reflectiveError: error))
        }
    }
}

extension FailureKind {
    /// What a strict mapper would have reported where the reflective read left a property:
    /// nothing there is a missing key, null a missing value, a value of another kind a type
    /// mismatch, a value its cast refuses corrupted data.
    init(_ reason: UnreadReason) {
        switch reason {
        case .absent: self = .keyNotFound
        case .null: self = .valueNotFound
        case .otherKind: self = .typeMismatch
        case .doesNotFit, .empty: self = .dataCorrupted
        }
    }
}

extension MappingFailure {
    /// Normalises a reflective mapper error: a model value that does not fit its schema.
    init(reflectiveError error: ReflectiveMappingError) {
        self.init(kind: .invalidValue, path: error.path, message: error.message)
    }
}
