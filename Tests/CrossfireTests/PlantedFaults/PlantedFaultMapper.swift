import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

/// One real bug an implementation of Firestore Codable mapping could have, planted into a
/// correct mapper: the Codable mapper with exactly one rule changed. Each bug changes the
/// data on its way in or out (or the rule itself); nothing marks its outputs.
protocol PlantedBug: Sendable {
    /// The schema the correct mapper inside the faulty one is built for (the case's schema,
    /// unless the bug is in how the model type is read).
    func codingSchema(for schema: ModelSchema) -> ModelSchema
    /// Decodes through the correct mapper, with the bug in the way.
    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult
    /// Encodes through the correct mapper, with the bug in the way.
    func encode(_ value: ModelValue, schema: ModelSchema, correct: any DocumentMapper) -> Result<[String: Any], MappingFailure>
}

extension PlantedBug {
    func codingSchema(for schema: ModelSchema) -> ModelSchema { schema }

    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        correct.decode(data, reference: reference)
    }

    func encode(_ value: ModelValue, schema: ModelSchema, correct: any DocumentMapper) -> Result<[String: Any], MappingFailure> {
        correct.encode(value)
    }
}

/// Makes the faulty mapper of one planted bug for each schema; named `planted` in findings.
struct PlantedFaultFactory: MapperFactory {
    /// The mapper's name in findings and signatures.
    static let mapperName = "planted"
    /// Its name: `planted`, unless a campaign runs two planted copies.
    var name = PlantedFaultFactory.mapperName
    /// The bug.
    let bug: any PlantedBug
    /// The correct mapper the bug is planted in: the Codable mapper, unless a test plants it
    /// in another family.
    var correct: any MapperFactory = CodableMapperFactory()

    func makeMapper(for schema: ModelSchema) throws -> any DocumentMapper {
        PlantedFaultMapper(schema: schema, correct: try correct.makeMapper(for: bug.codingSchema(for: schema)), bug: bug)
    }
}

/// The correct Codable mapper with one planted bug.
struct PlantedFaultMapper: DocumentMapper {
    /// The case's schema.
    let schema: ModelSchema
    /// The correct mapper the bug sits in.
    let correct: any DocumentMapper
    /// The bug.
    let bug: any PlantedBug

    func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
        bug.decode(data, reference: reference, schema: schema, correct: correct)
    }

    func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
        bug.encode(value, schema: schema, correct: correct)
    }
}

/// A bug that changes the document data before the correct decoder reads it, value by value
/// (see `SchemaDataWalk`).
protocol PlantedReadBug: PlantedBug {
    /// The value the buggy reader sees in place of `value` (nil: the key is absent).
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any?
}

extension PlantedReadBug {
    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        let seen = SchemaDataWalk(schema: schema) { value, type, path in read(value, type: type, path: path, schema: schema) }.apply(to: data)
        return correct.decode(seen, reference: reference)
    }
}

/// A bug that changes what the correct encoder produced, value by value, before it reaches
/// the write path (see `SchemaDataWalk`).
protocol PlantedWriteBug: PlantedBug {
    /// The value the buggy encoder writes in place of `value` (nil: the key is left out).
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any?
}

extension PlantedWriteBug {
    func encode(_ value: ModelValue, schema: ModelSchema, correct: any DocumentMapper) -> Result<[String: Any], MappingFailure> {
        correct.encode(value).map { data in
            SchemaDataWalk(schema: schema) { value, type, path in write(value, type: type, path: path, schema: schema) }.apply(to: data)
        }
    }
}
