import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// The REST client against the emulator: commit and batchGet of every value kind, list page by
/// page, runQuery, a refusal with the emulator's message, clearing.
@Suite struct RESTClientTests {
    /// One value of every kind Firestore stores, each as storage keeps it already.
    static let everyKind: FirestoreMap = [
        "null": .null, "boolean": .boolean(true), "integer": .integer(Int64.min), "double": .double(1.5),
        "nan": .double(.nan), "infinity": .double(.infinity), "minusInfinity": .double(-.infinity),
        "timestamp": .timestamp(Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_000)),
        "string": .string("ünïcode 😀 \u{0}"), "bytes": .bytes(Data([0, 255, 1, 128])),
        "reference": .reference(try! DocumentReference(path: "other/doc", database: DatabaseID(projectID: "elsewhere"))),
        "geoPoint": .geoPoint(GeoPoint(latitude: -90, longitude: 180)),
        "array": .array([.integer(1), .string("two"), .map(["three": .double(3)])]),
        "map": .map(["a.b": .boolean(false), "`x`": .null, "nested": .map(["deep": .array([])])]),
        "vector": .vector(VectorValue([1, -2.5, .infinity])),
        "emptyMap": .map([:]), "emptyArray": .array([]),
    ]

    @Test func commitThenBatchGetGivesBackEveryKind() throws {
        let client = try SharedEmulator.emulator().client()
        let reference = try DocumentReference(path: "\(SharedEmulator.collection("kinds"))/all")
        let commitTime = try client.commit([RESTDocument(reference: reference, fields: Self.everyKind)])
        let found = try client.batchGet([reference])
        let document = try #require(found[client.reference(reference)])
        #expect(document.fields == Self.everyKind)
        #expect(document.updateTime == commitTime)
        #expect(document.reference == client.reference(reference))
    }

    @Test func batchGetLeavesOutWhatDoesNotExist() throws {
        let client = try SharedEmulator.emulator().client()
        let collection = SharedEmulator.collection("missing")
        let there = try DocumentReference(path: "\(collection)/there")
        try client.commit([RESTDocument(reference: there, fields: ["x": .integer(1)])])
        let found = try client.batchGet([there, try DocumentReference(path: "\(collection)/gone")])
        #expect(Array(found.keys) == [client.reference(there)])
    }

    @Test func listReadsEveryPage() throws {
        let client = try SharedEmulator.emulator().client()
        let collection = SharedEmulator.collection("paged")
        let documents = try (0..<7).map { index in
            RESTDocument(reference: try DocumentReference(path: "\(collection)/d\(index)"), fields: ["i": .integer(Int64(index))])
        }
        try client.commit(documents)
        let listed = try client.list(collection: collection, pageSize: 2)
        #expect(listed.map(\.fields) == documents.map(\.fields), "seven documents over four pages, in ID order")
        let nested = try DocumentReference(path: "\(collection)/d0/sub/s1")
        try client.commit([RESTDocument(reference: nested, fields: ["n": .null])])
        #expect(try client.list(collection: "\(collection)/d0/sub").map(\.reference) == [client.reference(nested)])
    }

    @Test func runQueryFiltersAndOrders() throws {
        let client = try SharedEmulator.emulator().client()
        let collection = SharedEmulator.collection("query")
        let documents = try ["b": 2, "a": 1, "c": 2].map { id, group in
            RESTDocument(reference: try DocumentReference(path: "\(collection)/\(id)"), fields: ["group": .integer(Int64(group))])
        }
        try client.commit(documents)
        let twos = try client.runQuery(StructuredQuery(collectionID: collection, equality: ("group", .integer(2)), limit: 10))
        #expect(twos.compactMap(\.reference?.documentID) == ["b", "c"])
        let first = try client.runQuery(StructuredQuery(collectionID: collection, orderBy: ["group"], limit: 1))
        #expect(first.compactMap(\.reference?.documentID) == ["a"])
    }

    @Test func aRefusalCarriesTheEmulatorsMessageAndTheDocument() throws {
        let client = try SharedEmulator.emulator().client()
        let reference = try DocumentReference(path: "\(SharedEmulator.collection("refused"))/d")
        let error = try #require(throws: EmulatorError.self) {
            try client.commit([RESTDocument(reference: reference, fields: ["__x__": .integer(1)])])
        }
        guard case .refused(let refusal) = error else { Issue.record("expected a refusal, got \(error)"); return }
        #expect(refusal.httpStatus == 400)
        #expect(refusal.status == "INVALID_ARGUMENT")
        #expect(refusal.message.contains("__x__"))
        #expect(refusal.subject == "document \(reference.path)")
        #expect(refusal.request.hasSuffix("/documents:commit"))
    }

    @Test func clearDeletesTheProjectsDocuments() throws {
        let shared = try SharedEmulator.emulator()
        var environment = ProcessInfo.processInfo.environment
        environment[EmulatorHost.environmentVariable] = shared.host.description
        let own = try FirestoreEmulator.start(environment: environment)
        let reference = try DocumentReference(path: "cleared/d")
        try own.client().commit([RESTDocument(reference: reference, fields: ["x": .integer(1)])])
        try own.clear()
        #expect(try own.client().batchGet([reference]).isEmpty)
    }
}
