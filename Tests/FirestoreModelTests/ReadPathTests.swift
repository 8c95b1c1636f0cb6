import Foundation
import Testing
@testable import FirestoreModel

@Suite("Read path")
struct ReadPathTests {
    let reference: DocumentReference
    let fields: FirestoreMap

    init() throws {
        reference = try DocumentReference(path: "books/abc")
        fields = [
            "null": .null, "bool": .boolean(true), "int": .integer(1), "double": .double(1.0),
            "ts": .timestamp(Timestamp(seconds: 1, nanoseconds: 2)), "string": .string("s"), "bytes": .bytes(Data([1])),
            "ref": .reference(reference), "geo": .geoPoint(GeoPoint(latitude: 1, longitude: 2)),
            "array": .array([.integer(1), .string("x")]), "map": .map(["k": .boolean(false)]), "vector": .vector(VectorValue([0.5])),
        ]
    }

    @Test func everyValueHasItsExactSwiftType() throws {
        let data = ReadPath().data(fields)
        #expect(data.count == 12)
        #expect(data["null"] is NSNull)
        #expect(type(of: try #require(data["bool"])) == Bool.self)
        #expect(data["bool"] as? Bool == true)
        #expect(type(of: try #require(data["int"])) == Int64.self)
        #expect(data["int"] as? Int64 == 1)
        #expect(type(of: try #require(data["double"])) == Double.self)
        #expect(data["double"] as? Double == 1.0)
        #expect(data["ts"] as? Timestamp == Timestamp(seconds: 1, nanoseconds: 2))
        #expect(!(data["ts"] is Date))
        #expect(data["string"] as? String == "s")
        #expect(data["bytes"] as? Data == Data([1]))
        #expect(data["ref"] as? DocumentReference == reference)
        #expect(data["geo"] as? GeoPoint == GeoPoint(latitude: 1, longitude: 2))
        let array = try #require(data["array"] as? [Any])
        #expect(array.count == 2)
        #expect(type(of: array[0]) == Int64.self)
        #expect(array[1] as? String == "x")
        let map = try #require(data["map"] as? [String: Any])
        #expect(type(of: try #require(map["k"])) == Bool.self)
        #expect(data["vector"] as? VectorValue == VectorValue([0.5]))
    }

    @Test func integersAndBooleansStayApart() {
        let data = ReadPath().data(["zero": .integer(0), "false": .boolean(false), "nan": .double(.nan)])
        #expect(data["zero"] is Int64)
        #expect(!(data["zero"] is Bool))
        #expect(data["false"] is Bool)
        #expect(!(data["false"] is Int64))
        #expect((data["nan"] as? Double)?.isNaN == true)
    }

    @Test func referencesIntoOtherDatabasesAreRerooted() throws {
        let other = DatabaseID(projectID: "p2", database: "d2")
        let foreign = try DocumentReference(path: "a/b/c/d", database: other)
        let value = ReadPath().value(.reference(foreign))
        let rerooted = try #require(value as? DocumentReference)
        #expect(rerooted.database == .default)
        #expect(rerooted.path == "a/b/c/d")
        let same = try #require(ReadPath(database: other).value(.reference(foreign)) as? DocumentReference)
        #expect(same == foreign)
    }

    @Test func pendingServerTimestampsFollowTheBehaviour() throws {
        let local = Timestamp(seconds: 100, nanoseconds: 0)
        let stored: FirestoreMap = ["updated": .null, "nested": .map(["at": .null, "keep": .integer(1)])]
        let pending: [ValuePath: PendingServerTimestamp] = [
            ValuePath(keys: "updated"): PendingServerTimestamp(localWriteTime: local, previousValue: .integer(7)),
            ValuePath(keys: "nested", "at"): PendingServerTimestamp(localWriteTime: local, previousValue: nil),
            ValuePath(keys: "fresh", "deep"): PendingServerTimestamp(localWriteTime: local, previousValue: .string("old")),
        ]
        let reader = ReadPath()
        let none = reader.data(stored, pending: pending, behavior: .none)
        #expect(none["updated"] is NSNull)
        #expect((none["nested"] as? [String: Any])?["at"] is NSNull)
        #expect((none["nested"] as? [String: Any])?["keep"] as? Int64 == 1)
        #expect((none["fresh"] as? [String: Any])?["deep"] is NSNull)

        let estimate = reader.data(stored, pending: pending, behavior: .estimate)
        #expect(estimate["updated"] as? Timestamp == local)
        #expect((estimate["nested"] as? [String: Any])?["at"] as? Timestamp == local)

        let previous = reader.data(stored, pending: pending, behavior: .previous)
        #expect(previous["updated"] as? Int64 == 7)
        #expect((previous["nested"] as? [String: Any])?["at"] is NSNull)
        #expect((previous["fresh"] as? [String: Any])?["deep"] as? String == "old")
    }

    @Test func pendingPathsThroughArraysOrScalarsAreIgnored() {
        let stored: FirestoreMap = ["list": .array([.integer(1)]), "n": .integer(3)]
        let pending: [ValuePath: PendingServerTimestamp] = [
            ValuePath([.key("list"), .index(0)]): PendingServerTimestamp(localWriteTime: Timestamp(seconds: 1, nanoseconds: 0)),
            ValuePath(keys: "n", "x"): PendingServerTimestamp(localWriteTime: Timestamp(seconds: 1, nanoseconds: 0)),
        ]
        let data = ReadPath().data(stored, pending: pending, behavior: .estimate)
        #expect((data["list"] as? [Any])?.first as? Int64 == 1)
        #expect(data["n"] as? Int64 == 3)
    }

    @Test func snapshotData() throws {
        let db = DatabaseID(projectID: "p", database: "d")
        let own = try DocumentReference(path: "c/x", database: db)
        let foreign = try DocumentReference(path: "c/y")
        let snapshot = DocumentSnapshot(reference: own, fields: ["r": .reference(foreign), "n": .integer(2)])
        let data = try #require(snapshot.data())
        #expect((data["r"] as? DocumentReference)?.database == db)
        #expect(data["n"] as? Int64 == 2)
        #expect(DocumentSnapshot(missing: own).data(with: .estimate) == nil)
    }

    @Test func writeThenReadRoundTripShowsTheSDKQuirks() throws {
        let written = try WritePath().parse(["small": Int8(3), "f": Float(0.1), "d": Date(timeIntervalSince1970: 0.1234567)])
        let data = ReadPath().data(written.fields)
        #expect(data["small"] as? Bool == true)
        #expect(data["f"] as? Double == 0.10000000149011612)
        #expect(data["d"] as? Timestamp == Timestamp(seconds: 0, nanoseconds: 123_456_000))
    }
}
