import Crossfire
import FirestoreModel
import ModelSchema

/// Cases built by hand — a schema, a document, a model value — and run through chosen mappers,
/// for the tests of finding identity, leaf differences and the allowlist.
enum HandBuiltCase {
    /// The reference every hand-built case's document has (what `@DocumentID` reads).
    static let referencePath = "people/ann"

    /// A schema whose root struct `Model` has `fields`, with more structs and enums.
    static func schema(_ fields: [FieldSchema], structs: [StructSchema] = [], enums: [EnumSchema] = []) -> ModelSchema {
        ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: fields)] + structs, enums: enums)
    }

    /// A struct value with the given fields, in order.
    static func structure(_ fields: KeyValuePairs<String, ModelValue>) -> ModelValue {
        .structure(fields.map { ModelField(name: $0.key, value: $0.value) })
    }

    /// The Codable mapper (the reference) and a planted copy of it with one rule changed.
    static func planted(_ bug: any PlantedBug) -> [MapperSpec] {
        [MapperSpec.builtIn[0], MapperSpec(factory: PlantedFaultFactory(bug: bug), style: .strict)]
    }

    /// Runs the case through `mappers`, the reference first.
    static func run(_ schema: ModelSchema, document: FirestoreMap? = nil, model: ModelValue? = nil,
                    mappers: [MapperSpec] = MapperSpec.builtIn, allowlist: Allowlist = .sdkBehaviour) throws -> CaseExecution {
        let record = CaseRecord(schema: schema, reference: try DocumentReference(path: referencePath), document: document, model: model)
        return CaseRunner(mappers: mappers, generator: CaseGenerator(profile: .default), allowlist: allowlist).run(record)
    }

    /// The distinct classes of a run's findings.
    static func classes(_ execution: CaseExecution) -> Set<FindingClassKey> {
        Set(execution.findings.map(\.key))
    }
}
