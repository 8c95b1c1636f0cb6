import Crossfire
import EmulatorStorageCheck
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The allowlist entries of the emulator's own vector rules against the emulator itself.
@Suite struct EmulatorAllowlistTests {
    @Test func aVectorRefusalNamedBeforeTheModelsOwnRuleIsExpected() throws {
        // A 2,000-case default run (seed 11, case 825) met this document: an array directly in
        // an array, which the model refuses, and an empty vector, which only the emulator
        // refuses — and names first.
        let schema = ModelSchema(root: "Invoice", structs: [StructSchema(name: "Invoice", fields: [
            FieldSchema(name: "payloadColor", type: .optional(.set(.string))),
            FieldSchema(name: "b", codingKey: "b_key", type: .array(.timestamp)),
        ])])
        let document: FirestoreMap = ["payloadColor": .array([.array([.string("k")])]), "b_key": .vector(VectorValue([]))]
        let runner = CaseRunner(mappers: try MapperSpec.named(["codable", "strict"]), generator: CaseGenerator(profile: .default),
                                storageCheck: EmulatorStorageCheck(client: try SharedEmulator.emulator().client()))
        let record = CaseRecord(schema: schema, reference: try DocumentReference(path: "invoices/i1"), document: document, model: nil)
        let findings = runner.run(record).findings.filter { $0.discrepancy.check == .storage }
        #expect(!findings.isEmpty, "the emulator names the vector, the model the nested array")
        #expect(findings.allSatisfy { $0.explanation?.id == "emulator-refuses-empty-vector" }, "\(findings.map(\.discrepancy))")
    }
}
