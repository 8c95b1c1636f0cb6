import Foundation
import Testing
@testable import FirestoreModel

@Suite("Write path: sentinels, masks and applying writes")
struct WritePathApplyTests {
    let now = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789)

    @Test func setRemovesSentinelsAndRecordsTransforms() throws {
        let write = try WritePath().parse([
            "name": "x", "when": FieldValue.serverTimestamp(), "nested": ["count": FieldValue.increment(Int64(2))],
        ])
        #expect(write.fields == ["name": .string("x"), "nested": .map([:])])
        #expect(write.fieldMask.isEmpty)
        #expect(write.deletes.isEmpty)
        #expect(write.transforms == [
            FieldTransform(path: ValuePath(keys: "nested", "count"), kind: .increment(.integer(2))),
            FieldTransform(path: ValuePath(keys: "when"), kind: .serverTimestamp),
        ])
        let previous: FirestoreMap = ["old": .boolean(true), "nested": .map(["count": .integer(40)])]
        let result = write.applied(to: previous, serverTime: now)
        #expect(result == [
            "name": .string("x"),
            "nested": .map(["count": .integer(2)]),
            "when": .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)),
        ])
    }

    @Test func mergeSetsOnlyLeavesAndDeletes() throws {
        let write = try WritePath().parse([
            "a": ["b": 1, "gone": FieldValue.delete()], "list": [1], "empty": [String: Any](),
        ], kind: .merge)
        #expect(Set(write.fieldMask) == [ValuePath(keys: "a", "b"), ValuePath(keys: "list"), ValuePath(keys: "empty")])
        #expect(write.deletes == [ValuePath(keys: "a", "gone")])
        let previous: FirestoreMap = [
            "a": .map(["b": .integer(0), "keep": .string("k"), "gone": .null]),
            "empty": .map(["x": .integer(1)]), "other": .integer(9),
        ]
        let result = write.applied(to: previous, serverTime: now)
        #expect(result == [
            "a": .map(["b": .integer(1), "keep": .string("k")]),
            "empty": .map([:]), "other": .integer(9), "list": .array([.integer(1)]),
        ])
    }

    @Test func updateSplitsTopLevelKeysAndReplacesTheirValues() throws {
        let write = try WritePath().parse([
            "a.b": 1, "m": ["x": 1], "gone": FieldValue.delete(), "c.d": FieldValue.increment(1.5),
        ], kind: .update)
        #expect(write.fields == ["a": .map(["b": .integer(1)]), "m": .map(["x": .integer(1)])])
        #expect(write.fieldMask == [ValuePath(keys: "a", "b"), ValuePath(keys: "m")])
        #expect(write.deletes == [ValuePath(keys: "gone")])
        let previous: FirestoreMap = [
            "a": .map(["b": .integer(0), "c": .integer(3)]), "m": .map(["y": .integer(2)]),
            "gone": .integer(1), "c": .map(["d": .integer(1)]),
        ]
        let result = write.applied(to: previous, serverTime: now)
        #expect(result == [
            "a": .map(["b": .integer(1), "c": .integer(3)]), "m": .map(["x": .integer(1)]),
            "c": .map(["d": .double(2.5)]),
        ])
    }

    @Test func updateKeysAreNotSplitInsideValues() throws {
        let write = try WritePath().parse(["m": ["x.y": 1]], kind: .update)
        #expect(write.fields == ["m": .map(["x.y": .integer(1)])])
    }

    @Test func incrementSaturatesAndMixesTypes() throws {
        let write = try WritePath().parse([
            "big": FieldValue.increment(Int64(10)), "small": FieldValue.increment(Int64(-10)),
            "mixed": FieldValue.increment(Int64(1)), "text": FieldValue.increment(2.0), "missing": FieldValue.increment(Int64(5)),
        ], kind: .merge)
        let previous: FirestoreMap = [
            "big": .integer(Int64.max - 1), "small": .integer(Int64.min + 1), "mixed": .double(0.5), "text": .string("t"),
        ]
        let result = write.applied(to: previous, serverTime: now)
        #expect(result["big"] == .integer(Int64.max))
        #expect(result["small"] == .integer(Int64.min))
        #expect(result["mixed"] == .double(1.5))
        #expect(result["text"] == .double(2.0))
        #expect(result["missing"] == .integer(5))
    }

    @Test func arrayUnionAndRemoveCompareNumbersAcrossTypes() throws {
        let write = try WritePath().parse([
            "u": FieldValue.arrayUnion([1.0, 2, 2, Double.nan, NSNull()]),
            "r": FieldValue.arrayRemove([1, Double.nan]),
            "fresh": FieldValue.arrayUnion(["a"]),
            "notArray": FieldValue.arrayRemove(["a"]),
        ], kind: .merge)
        let previous: FirestoreMap = [
            "u": .array([.integer(1), .double(.nan)]),
            "r": .array([.double(1.0), .integer(1), .double(.nan), .integer(3)]),
            "notArray": .string("a"),
        ]
        let result = write.applied(to: previous, serverTime: now)
        #expect(result["u"] == .array([.integer(1), .double(.nan), .integer(2), .null]))
        #expect(result["r"] == .array([.integer(3)]))
        #expect(result["fresh"] == .array([.string("a")]))
        #expect(result["notArray"] == .array([]))
    }

    @Test func transformOnNestedMissingPathCreatesMaps() throws {
        let write = try WritePath().parse(["a": ["b": ["c": FieldValue.serverTimestamp()]]], kind: .merge)
        #expect(write.fieldMask.isEmpty)
        let result = write.applied(to: ["a": .integer(1)], serverTime: now)
        #expect(result == ["a": .map(["b": .map(["c": .timestamp(now.truncatedToMicroseconds())])])])
    }

    @Test func mergeIntoMissingDocument() throws {
        let write = try WritePath().parse(["x": 1], kind: .merge)
        #expect(write.applied(to: nil, serverTime: now) == ["x": .integer(1)])
    }
}
