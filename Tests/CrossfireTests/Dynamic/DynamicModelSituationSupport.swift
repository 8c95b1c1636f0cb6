import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The five situations every type and wrapper is tested in, through `DynamicModel` and
/// `Firestore.Decoder`: a value of the type, a value of another type, the key missing, null,
/// and data of the right kind that the type cannot hold.
enum Situation: String, CaseIterable, Sendable {
    case success, typeMismatch, missingKey, null, corruptedData
}

/// What one situation must give.
enum SituationOutcome {
    /// The property's decoded value.
    case value(ModelValue)
    /// A failure of this kind at this path (nil: the SDK's error names no path), whose
    /// message contains `message` (when given).
    case failure(FailureKind, path: String?, message: String? = nil)
}

/// One situation of one type: the property's stored value (nil: the key is absent), the
/// reference the document is read under, and the outcome.
struct SituationCase {
    let stored: Any?
    var reference: DocumentReference? = SituationCase.reference
    let outcome: SituationOutcome

    /// The reference documents are read under.
    static let reference = try! DocumentReference(path: "books/hitchhiker")
}

/// A type or wrapper in its five situations: a schema whose root `Model` has the one property
/// `value` of that type (plus the structs and enums it names).
struct TypeSituations {
    let name: String
    let schema: ModelSchema
    let situations: [Situation: SituationCase]

    init(_ name: String, _ type: FieldType, wrapper: PropertyWrapper? = nil, structs: [StructSchema] = [], enums: [EnumSchema] = [],
         _ situations: [Situation: SituationCase]) {
        self.name = name
        schema = ModelSchema(
            root: "Model",
            structs: [StructSchema(name: "Model", fields: [FieldSchema(name: "value", type: type, wrapper: wrapper)])] + structs,
            enums: enums
        )
        self.situations = situations
    }

    /// Decodes the situation's document through `DynamicModel` and checks its outcome.
    func check(_ situation: Situation, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let testCase = try #require(situations[situation], "\(name) has no \(situation.rawValue) case", sourceLocation: sourceLocation)
        var data: [String: Any] = ["unrelated": "ignored"]
        if let stored = testCase.stored { data["value"] = stored }
        let type = try DynamicModelType(schema: schema)
        let outcome: Result<ModelValue, MappingFailure>
        do {
            outcome = .success(try type.decode(data, reference: testCase.reference))
        } catch {
            outcome = .failure(MappingFailure(codingError: error))
        }
        let context = "\(name), \(situation.rawValue)"
        switch (testCase.outcome, outcome) {
        case let (.value(expected), .success(decoded)):
            #expect(decoded == .structure([ModelField(name: "value", value: expected)]), "\(context)", sourceLocation: sourceLocation)
        case let (.failure(kind, path, message), .failure(failure)):
            #expect(failure.kind == kind, "\(context): \(failure)", sourceLocation: sourceLocation)
            if let path {
                #expect(failure.hasPath && failure.path.description == path, "\(context): \(failure)", sourceLocation: sourceLocation)
            } else {
                #expect(!failure.hasPath, "\(context): \(failure)", sourceLocation: sourceLocation)
            }
            if let message {
                #expect(failure.message.contains(message), "\(context): \(failure.message)", sourceLocation: sourceLocation)
            }
        case let (expected, actual):
            Issue.record("\(context): expected \(expected), got \(actual)", sourceLocation: sourceLocation)
        }
    }
}
