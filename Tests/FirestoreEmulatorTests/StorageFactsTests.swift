import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// The facts of storage Crossfire's model states — what Firestore refuses (`StorageModel`'s
/// violations, the REST reader's refusals) and what it gives back (`StorageModel.stored`) —
/// each checked against the emulator.
@Suite struct StorageFactsTests {
    private let model = StorageModel()

    /// What the emulator did with a document: stored it (what batchGet gives back) or refused it.
    private enum Verdict: Equatable {
        case stored(FirestoreMap)
        case refused(String)
    }

    /// Writes `fields` alone to a new document and reads it back.
    private func emulatorVerdict(_ fields: FirestoreMap) throws -> Verdict {
        let client = try SharedEmulator.emulator().client()
        let reference = try DocumentReference(path: "\(SharedEmulator.collection("facts"))/d")
        do {
            try client.commit([RESTDocument(reference: reference, fields: fields)])
        } catch .refused(let refusal) {
            return .refused(refusal.message)
        }
        return .stored(try #require(client.batchGet([reference])[client.reference(reference)]).fields)
    }

    /// Writes a document whose `fields` member is the JSON text given, as it is.
    private func emulatorVerdict(fieldsJSON: String) throws -> Verdict {
        let emulator = try SharedEmulator.emulator()
        let client = emulator.client()
        let reference = client.reference(try DocumentReference(path: "\(SharedEmulator.collection("facts"))/raw"))
        do {
            try client.commit(rawBody: #"{"writes":[{"update":{"name":""# + reference.resourceName + #"","fields":"# + fieldsJSON + "}}]}")
        } catch .refused(let refusal) {
            return .refused(refusal.message)
        }
        return .stored(try #require(client.batchGet([reference])[reference]).fields)
    }

    /// A map nested `depth` levels deep (the top-level field's value is level 1).
    private static func nested(depth: Int) -> FirestoreMap {
        var value = FirestoreValue.integer(1)
        for _ in 0..<depth { value = .map(["m": value]) }
        return ["x": value]
    }

    // MARK: Refused by both, for the same rule

    @Test(arguments: [
        ("an array in an array", ["a": .array([.null, .array([])])], LimitViolation.Rule.nestedArray, "array value in an array"),
        ("latitude 91", ["g": .geoPoint(GeoPoint(latitude: 91, longitude: 0))], .invalidGeoPoint, "latitude '91.0'"),
        ("an empty field name", ["": .null], .emptyFieldName, "empty string"),
        ("__x__", ["__x__": .null], .reservedFieldName, "__x__"),
        ("__x__ nested", ["m": .map(["__x__": .null])], .reservedFieldName, "__x__"),
        ("depth 21", Self.nested(depth: 21), .nestingTooDeep, "Property x contains an invalid nested entity"),
        ("a field path of 1,501 bytes", ["a": .map([String(repeating: "k", count: 1_499): .null])], .fieldPathTooLong,
         "Property a contains an invalid nested entity"),
        ("a field path of 1,501 bytes through an array", ["a": .array([.map([String(repeating: "k", count: 1_499): .null])])],
         .fieldPathTooLong, "Property a contains an invalid nested entity"),
        ("a field name of 1,501 bytes", [String(repeating: "k", count: 1_501): .null], .fieldNameTooLong, "longer than 1500 bytes"),
    ] as [(String, FirestoreMap, LimitViolation.Rule, String)])
    func refusedByBoth(_ fact: String, _ fields: FirestoreMap, _ rule: LimitViolation.Rule, _ message: String) throws {
        #expect(model.violations(in: fields).map(\.rule) == [rule], "Crossfire's model refuses \(fact)")
        let verdict = try emulatorVerdict(fields)
        guard case .refused(let said) = verdict else { Issue.record("the emulator stored \(fact)"); return }
        #expect(said.contains(message), "\(fact): \(said)")
    }

    /// What neither Crossfire's REST reader nor the emulator reads: the document never gets as
    /// far as the limits.
    @Test(arguments: [
        ("a timestamp in year 0", #"{"t":{"timestampValue":"0000-12-31T00:00:00Z"}}"#),
        ("a malformed reference", #"{"r":{"referenceValue":"projects/p/databases/(default)/documents/c"}}"#),
        ("bad base64", #"{"b":{"bytesValue":"!!!"}}"#),
        ("an integer above Int64.max", #"{"i":{"integerValue":"9223372036854775808"}}"#),
    ])
    func unreadableToBoth(_ fact: String, _ fieldsJSON: String) throws {
        #expect(throws: FirestoreJSONError.self, "Crossfire's REST reader refuses \(fact)") {
            try RESTJSONReader().readDocument(from: #"{"fields":"# + fieldsJSON + "}")
        }
        guard case .refused = try emulatorVerdict(fieldsJSON: fieldsJSON) else {
            Issue.record("the emulator stored \(fact)")
            return
        }
    }

    // MARK: Stored by both, given back as Crossfire predicts

    @Test(arguments: [
        ("depth 20", Self.nested(depth: 20)),
        ("a field path of 1,500 bytes", ["a": .array([.map([String(repeating: "é", count: 749): .null])]),
                                         String(repeating: "k", count: 1_500): .null]),
        ("-0.0 as 0.0", ["z": .double(-0.0), "a": .array([.double(-0.0)]), "g": .geoPoint(GeoPoint(latitude: -0.0, longitude: -0.0))]),
        ("timestamps cut to microseconds", ["t": .timestamp(Timestamp(seconds: 1, nanoseconds: 999_999_999)),
                                            "early": .timestamp(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 1_999))]),
        ("NaN and ±Infinity kept", ["nan": .double(.nan), "inf": .double(.infinity), "-inf": .double(-.infinity)]),
        ("dotted and backticked names", ["a.b": .null, "`c`": .null, "m": .map(["x.y": .integer(1)])]),
        ("a reference into another project",
         ["r": .reference(try! DocumentReference(path: "c/d", database: DatabaseID(projectID: "another", database: "db")))]),
        ("the largest and smallest timestamps", ["max": .timestamp(Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999)),
                                                 "min": .timestamp(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0))]),
        ("-0.0 in a vector", ["v": .vector(VectorValue([-0.0, 1]))]),
    ] as [(String, FirestoreMap)])
    func storedAsPredicted(_ fact: String, _ fields: FirestoreMap) throws {
        #expect(model.violations(in: fields).isEmpty, "Crossfire's model stores \(fact)")
        #expect(try emulatorVerdict(fields) == .stored(model.stored(fields)), "\(fact)")
    }

    /// The model's read-back rules do change what they touch: the comparison above can fail.
    @Test func theReadBackRulesChangeWhatTheyTouch() {
        #expect(model.stored(["z": .double(-0.0)]) != ["z": .double(-0.0)])
        #expect(model.stored(["t": .timestamp(Timestamp(seconds: 1, nanoseconds: 1_001))]) == ["t": .timestamp(Timestamp(seconds: 1, nanoseconds: 1_000))])
    }

    // MARK: Where the emulator and Crossfire's model part (Docs/emulator-differences.md)

    @Test(arguments: [
        ("NaN in a vector", ["v": .vector(VectorValue([.nan]))], "Vector cannot contain NaN values"),
        ("an empty vector", ["v": .vector(VectorValue([]))], "zero length vector"),
        ("a vector in an array", ["a": .array([.vector(VectorValue([1]))])], "Cannot convert a vector value in an array value"),
    ] as [(String, FirestoreMap, String)])
    func vectorsTheEmulatorRefusesAndTheModelStores(_ fact: String, _ fields: FirestoreMap, _ message: String) throws {
        #expect(model.violations(in: fields).isEmpty)
        guard case .refused(let said) = try emulatorVerdict(fields) else { Issue.record("the emulator stored \(fact)"); return }
        #expect(said.contains(message))
    }
}
