import Foundation
import Testing
@testable import FirestoreModel

@Suite("FirestoreValue equality and hashing")
struct FirestoreValueTests {
    @Test func nanEqualsNaNWhateverItsPayload() {
        let quiet = Double.nan
        let other = Double(nan: 0x1234, signaling: false)
        #expect(quiet.bitPattern != other.bitPattern)
        #expect(FirestoreValue.double(quiet) == .double(other))
        #expect(FirestoreValue.double(quiet).hashValue == FirestoreValue.double(other).hashValue)
    }

    @Test func negativeZeroDiffersFromZero() {
        #expect(FirestoreValue.double(-0.0) != .double(0.0))
        #expect(FirestoreValue.double(0.0) == .double(0.0))
    }

    @Test func integerOneDiffersFromDoubleOne() {
        #expect(FirestoreValue.integer(1) != .double(1.0))
        #expect(FirestoreValue.integer(1) == .integer(1))
        #expect(FirestoreValue.boolean(true) != .integer(1))
        #expect(FirestoreValue.null != .integer(0))
    }

    @Test func canonicallyEquivalentStringsAreDistinct() {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(composed == decomposed)  // Swift's own String equality
        #expect(FirestoreValue.string(composed) != .string(decomposed))
        #expect(Set([FirestoreValue.string(composed), .string(decomposed)]).count == 2)
    }

    @Test func canonicallyEquivalentKeysAreDistinctMapKeys() {
        var map = FirestoreMap()
        map["\u{E9}"] = .integer(1)
        map["e\u{301}"] = .integer(2)
        #expect(map.count == 2)
        #expect(map["\u{E9}"] == .integer(1))
        #expect(map["e\u{301}"] == .integer(2))
        let other: FirestoreMap = ["\u{E9}": .integer(2), "e\u{301}": .integer(1)]
        #expect(map != other)
    }

    @Test func mapKeyOrderDoesNotMatter() {
        let forward: FirestoreMap = ["a": .integer(1), "b": .string("x"), "c": .null]
        let backward: FirestoreMap = ["c": .null, "b": .string("x"), "a": .integer(1)]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(FirestoreValue.map(forward) == .map(backward))
        #expect(forward.keys == ["a", "b", "c"])
        #expect(backward.sortedByKey().map(\.key) == ["a", "b", "c"])
    }

    @Test func hashIsConsistentWithEquality() throws {
        let reference = try DocumentReference(path: "a/b")
        let values: [FirestoreValue] = [
            .null, .boolean(false), .integer(0), .double(0), .double(-0.0), .double(.nan), .string(""), .bytes(Data()),
            .timestamp(Timestamp(seconds: 0, nanoseconds: 0)), .reference(reference), .geoPoint(GeoPoint(latitude: 0, longitude: 0)),
            .array([]), .map([:]), .vector(VectorValue([])), .array([.integer(1)]), .map(["k": .integer(1)]),
        ]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                #expect((a == b) == (i == j), "\(a) vs \(b)")
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        #expect(Set(values).count == values.count)
    }

    @Test func nestedEqualityIsStrict() {
        #expect(FirestoreValue.array([.integer(1)]) != .array([.double(1)]))
        #expect(FirestoreValue.map(["a": .double(.nan)]) == .map(["a": .double(.nan)]))
        #expect(FirestoreValue.array([.integer(1), .integer(2)]) != .array([.integer(2), .integer(1)]))
    }

    @Test func kindsAndTheirOrder() {
        #expect(FirestoreValue.integer(1).kind == .integer)
        #expect(FirestoreValue.vector(VectorValue([1])).kind == .vector)
        #expect(FirestoreValue.Kind.null < .boolean)
        #expect(FirestoreValue.Kind.boolean < .double)
        #expect(FirestoreValue.Kind.string < .bytes)
        #expect(FirestoreValue.Kind.array < .vector)
        #expect(FirestoreValue.Kind.vector < .map)
    }

    @Test func descriptionsSayTheKind() {
        #expect(FirestoreValue.integer(1).description == "integer 1")
        #expect(FirestoreValue.double(1).description == "double 1.0")
        #expect(FirestoreValue.map(["my key": .string("v")]).description == "{`my key`: \"v\"}")
    }

    @Test func geoPointsAndVectorsCompareByBits() {
        #expect(GeoPoint(latitude: -0.0, longitude: 1) != GeoPoint(latitude: 0.0, longitude: 1))
        let nanPoint = GeoPoint(latitude: .nan, longitude: 0)
        #expect(nanPoint == nanPoint)
        #expect(FirestoreValue.geoPoint(nanPoint) == .geoPoint(nanPoint))
        #expect(nanPoint.hashValue == GeoPoint(latitude: .nan, longitude: 0).hashValue)
        #expect(!nanPoint.isValid)
        #expect(GeoPoint(latitude: 90, longitude: -180).isValid)
        #expect(!GeoPoint(latitude: 0, longitude: .infinity).isValid)
        #expect(VectorValue([.nan]) == VectorValue([.nan]))
        #expect(VectorValue([-0.0]) != VectorValue([0.0]))
    }
}

@Suite("FirestoreMap storage")
struct FirestoreMapTests {
    @Test func copiesAreIndependent() {
        var original: FirestoreMap = ["a": .integer(1)]
        var copy = original
        copy["a"] = .integer(2)
        copy["b"] = .null
        #expect(original == ["a": .integer(1)])
        #expect(copy == ["a": .integer(2), "b": .null])
        original["a"] = nil
        #expect(original.isEmpty)
        #expect(copy.count == 2)
    }

    @Test func largeMapsKeepTheirIndexThroughChanges() {
        var map = FirestoreMap()
        for index in 0..<100 { map["k\(index)"] = .integer(Int64(index)) }
        let copy = map
        map["k50"] = nil
        map["k0"] = .string("zero")
        #expect(map.count == 99)
        #expect(map["k50"] == nil)
        #expect(map["k99"] == .integer(99))
        #expect(map["k0"] == .string("zero"))
        #expect(map.keys.first == "k0")
        #expect(copy["k50"] == .integer(50))
        #expect(copy.count == 100)
        map["absent"] = nil
        #expect(map.count == 99)
    }

    @Test func laterPairWithTheSameKeyReplacesTheValueInPlace() {
        let map = FirestoreMap([("a", .integer(1)), ("b", .integer(2)), ("a", .integer(3))])
        #expect(map.keys == ["a", "b"])
        #expect(map["a"] == .integer(3))
    }

    @Test func deeplyNestedValuesAreReleasedWithoutRecursion() {
        for alternating in [false, true] {
            var value = FirestoreValue.null
            for level in 0..<200_000 {
                value = alternating && level % 2 == 0 ? .array([value]) : .map(["k": value])
            }
            let wrapped: FirestoreMap = ["deep": value]
            #expect(wrapped.count == 1)
        }
    }
}
