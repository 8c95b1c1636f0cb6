import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Strict decoding of enums")
struct StrictEnumDecodeTests {
    static let priority = EnumSchema(name: "Priority", rawType: .int, cases: [
        EnumCase(name: "low"), EnumCase(name: "high", rawValue: .int(10)), EnumCase(name: "urgent"),
    ])
    static let phase = EnumSchema(name: "Phase", rawType: .none, cases: [EnumCase(name: "draft"), EnumCase(name: "done")])

    @Test func stringRawValuesIncludingExplicitOnes() throws {
        let schema = single(.enumeration("Status"), enums: [SeedShapes.status])
        #expect(field(strictValue(schema, ["value": "in review"]), "value") == .enumCase("inReview"))
        #expect(field(strictValue(schema, ["value": "draft"]), "value") == .enumCase("draft"))
        let unknown = try #require(strictFailure(schema, ["value": "inReview"]))
        #expect(unknown.kind == .dataCorrupted)
        #expect(unknown.path.description == "value")
        #expect(unknown.expected == "Status")
        #expect(unknown.message == "Cannot initialize Status from invalid String value inReview")
        let number = try #require(strictFailure(schema, ["value": Int64(1)]))
        #expect(number.kind == .typeMismatch)
        #expect(strictFailure(schema, ["value": NSNull()])?.kind == .valueNotFound)
    }

    @Test func intRawValuesCountOnFromTheLastExplicitOne() throws {
        let schema = single(.enumeration("Priority"), enums: [Self.priority])
        #expect(field(strictValue(schema, ["value": Int64(0)]), "value") == .enumCase("low"))
        #expect(field(strictValue(schema, ["value": Int64(11)]), "value") == .enumCase("urgent"))
        #expect(field(strictValue(schema, ["value": 10.0]), "value") == .enumCase("high"))
        let unknown = try #require(strictFailure(schema, ["value": Int64(1)]))
        #expect(unknown.kind == .dataCorrupted)
        #expect(unknown.message == "Cannot initialize Priority from invalid Int value 1")
        let fraction = try #require(strictFailure(schema, ["value": 10.5]))
        #expect(fraction.kind == .dataCorrupted)
        #expect(fraction.message == "Parsed JSON number <10.5> does not fit in Int.")
        #expect(strictFailure(schema, ["value": true])?.kind == .typeMismatch)
        #expect(strictFailure(schema, ["value": "high"])?.kind == .typeMismatch)
    }

    @Test func enumsWithoutRawValuesFromACaseKeyedMap() throws {
        let schema = single(.enumeration("Phase"), enums: [Self.phase])
        #expect(field(strictValue(schema, ["value": ["done": [String: Any]()] as [String: Any]]), "value") == .enumCase("done"))
        // Keys that name no case are not among the container's keys.
        #expect(field(strictValue(schema, ["value": ["draft": ["x": Int64(1)] as [String: Any], "junk": Int64(1)] as [String: Any]]), "value") == .enumCase("draft"))
        for bad: [String: Any] in [[:], ["junk": [String: Any]()], ["draft": [String: Any](), "done": [String: Any]()]] {
            let error = try #require(strictFailure(schema, ["value": bad]))
            #expect(error.kind == .typeMismatch)
            #expect(error.path.description == "value")
            #expect(error.expected == "Phase")
            #expect(error.message == "Invalid number of keys found, expected one.")
        }
        let payload = try #require(strictFailure(schema, ["value": ["draft": Int64(5)] as [String: Any]]))
        #expect(payload.kind == .typeMismatch)
        // The case's nested container refuses it at the enum's own path, without the key (§6.1).
        #expect(payload.path.description == "value")
        let string = try #require(strictFailure(schema, ["value": "draft"]))
        #expect(string.kind == .typeMismatch)
        #expect(string.expected == "Phase")
    }
}
