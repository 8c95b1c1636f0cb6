import Foundation
import Testing
@testable import FirestoreModel

/// A value whose deepest container has depth `depth` when it is a top-level field's value.
private func nested(_ depth: Int, alternating: Bool = false) -> FirestoreValue {
    var value = FirestoreValue.integer(1)
    for level in 0..<depth {
        value = alternating && level % 2 == 1 ? .array([value]) : .map(["k": value])
    }
    return value
}

@Suite("Validation against Firestore's limits")
struct DocumentValidatorTests {
    let validator = DocumentValidator()

    @Test func depthNineteenAndTwentyAreValidTwentyOneIsNot() throws {
        #expect(validator.violations(in: ["a": nested(19)]).isEmpty)
        #expect(validator.violations(in: ["a": nested(20)]).isEmpty)
        #expect(validator.violations(in: ["a": nested(20, alternating: true)]).isEmpty)
        let violations = validator.violations(in: ["a": nested(21)])
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .nestingTooDeep)
        #expect(violation.path == ValuePath([.key("a")] + Array(repeating: .key("k"), count: 20)))
        #expect(violation.message == "maps and arrays nested 21 levels deep; the limit is 20")
        let arrays = validator.violations(in: ["a": nested(21, alternating: true)])
        #expect(arrays.map(\.rule) == [.nestingTooDeep])
    }

    @Test func depthLimitIsConfigurable() {
        let shallow = DocumentValidator(limits: FirestoreLimits(maxDepth: 2))
        #expect(shallow.violations(in: ["a": nested(2)]).isEmpty)
        #expect(shallow.violations(in: ["a": nested(3)]).map(\.rule) == [.nestingTooDeep])
        #expect(shallow.violations(in: ["v": .vector(VectorValue([1]))]).isEmpty)
        #expect(shallow.violations(in: ["m": .map(["v": .vector(VectorValue([1]))])]).map(\.rule) == [.nestingTooDeep])
    }

    @Test func hundredThousandLevelsDoNotOverflowTheStack() throws {
        let fields: FirestoreMap = ["deep": nested(100_000, alternating: true)]
        let violations = validator.violations(in: fields, documentPath: "c/d")
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.rule == .nestingTooDeep)
        #expect(violation.path.count == 21)
        #expect(validator.storageSize(of: fields, documentPath: nil) == 32 + 5 + 8 + 2 * 50_000)
    }

    @Test func fieldPathLengthCountsKeysAndDotsNotArrayPositions() throws {
        let name = String(repeating: "k", count: 1_498)
        #expect(validator.violations(in: ["a": .map([name: .null])]).isEmpty, "a.kkk…: 1,500 bytes")
        #expect(validator.violations(in: ["a": .array([.map([name: .null])])]).isEmpty, "a[0].kkk…: an index adds nothing")
        let violations = validator.violations(in: ["a": .array([.map(["b": .map([name: .null])])])])
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.rule == .fieldPathTooLong)
        #expect(violation.path == ValuePath([.key("a"), .index(0), .key("b"), .key(name)]))
        #expect(violation.message == "field path is 1502 bytes of UTF-8 (its keys joined by '.'); the limit is 1500")
        let below = validator.violations(in: .map([name: .null]), at: ValuePath([.key("a"), .index(3), .key("b")]))
        #expect(below.map(\.rule) == [.fieldPathTooLong], "a value checked at a path counts the path's keys")
    }

    @Test func fieldNameLengthAtAndOverTheLimit() throws {
        let atLimit = String(repeating: "é", count: 750)
        #expect(atLimit.utf8.count == 1_500)
        #expect(validator.violations(in: [atLimit: .null]).isEmpty)
        let over = atLimit + "x"
        let violations = validator.violations(in: ["m": .map([over: .null])])
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.rule == .fieldNameTooLong)
        #expect(violation.path == ValuePath(keys: "m", over))
        #expect(violation.message == "field name is 1501 bytes of UTF-8; the limit is 1500")
    }

    @Test func emptyAndReservedFieldNames() throws {
        let violations = validator.violations(in: ["": .null, "__x__": .null, "__": .null, "_x_": .null, "__x": .null])
        #expect(violations.map(\.rule) == [.emptyFieldName, .reservedFieldName])
        #expect(violations.map(\.path) == [ValuePath(keys: ""), ValuePath(keys: "__x__")])
        let inArray = validator.violations(in: ["a": .array([.map(["____": .null])])])
        #expect(inArray.map(\.path) == [ValuePath([.key("a"), .index(0), .key("____")])])
    }

    @Test func stringsAndBytesAtAndOverTheLimit() throws {
        let limit = 1_048_487
        let fits = String(repeating: "a", count: limit)
        #expect(validator.violations(in: ["s": .string(fits)]).isEmpty)
        #expect(validator.violations(in: ["b": .bytes(Data(count: limit))]).isEmpty)
        let string = validator.violations(in: ["s": .string(fits + "a")])
        #expect(string.map(\.rule) == [.stringTooLong])
        #expect(string.first?.message == "string is 1048488 bytes of UTF-8; the limit is 1048487")
        let bytes = validator.violations(in: ["l": .array([.bytes(Data(count: limit + 1))])])
        #expect(bytes.map(\.rule) == [.bytesTooLong])
        #expect(bytes.first?.path == ValuePath([.key("l"), .index(0)]))
        // Multi-byte characters count in UTF-8 bytes, not characters.
        let wide = String(repeating: "é", count: limit / 2 + 1)
        #expect(validator.violations(in: ["s": .string(wide)]).map(\.rule) == [.stringTooLong])
    }

    @Test func nestedArraysUnlessAllowed() throws {
        let fields: FirestoreMap = ["a": .array([.integer(1), .array([.integer(2)])]), "ok": .array([.map(["x": .array([])])])]
        let violations = validator.violations(in: fields)
        #expect(violations.map(\.rule) == [.nestedArray])
        #expect(violations.first?.path == ValuePath([.key("a"), .index(1)]))
        #expect(DocumentValidator(limits: FirestoreLimits(allowsArraysInArrays: true)).violations(in: fields).isEmpty)
    }

    @Test func timestampsAndGeoPoints() throws {
        let fields: FirestoreMap = [
            "first": .timestamp(Timestamp(seconds: Timestamp.minimumSeconds, nanoseconds: 0)),
            "last": .timestamp(Timestamp(seconds: Timestamp.endSeconds - 1, nanoseconds: 999_999_999)),
            "before": .timestamp(Timestamp(seconds: Timestamp.minimumSeconds - 1, nanoseconds: 999_999_999)),
            "after": .timestamp(Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0)),
            "nanos": .timestamp(Timestamp(seconds: 0, nanoseconds: -1)),
            "geoEdge": .geoPoint(GeoPoint(latitude: 90, longitude: -180)),
            "geoBad": .geoPoint(GeoPoint(latitude: 0, longitude: 180.000001)),
            "geoNaN": .geoPoint(GeoPoint(latitude: .nan, longitude: 0)),
        ]
        let violations = validator.violations(in: fields)
        #expect(violations.map(\.path) == ["after", "before", "geoBad", "geoNaN", "nanos"].map { ValuePath(keys: $0) })
        #expect(violations.map(\.rule) == [.timestampOutOfRange, .timestampOutOfRange, .invalidGeoPoint, .invalidGeoPoint, .timestampOutOfRange])
    }

    @Test func storageSizeWorkedExample() {
        // firebase.google.com/docs/firestore/storage-size: a task in users/jeff/tasks/my_task_id.
        let task: FirestoreMap = [
            "type": .string("Personal"), "done": .boolean(false), "priority": .integer(1),
            "description": .string("Learn Cloud Firestore"),
        ]
        #expect(DocumentValidator.documentNameSize("users/jeff/tasks/my_task_id") == 44)
        #expect(validator.storageSize(of: task, documentPath: "users/jeff/tasks/my_task_id") == 147)
        #expect(validator.storageSize(of: task, documentPath: "projects/p/databases/(default)/documents/users/jeff/tasks/my_task_id") == 147)
        #expect(validator.storageSize(of: task, documentPath: nil) == 103)
    }

    @Test func storageSizeOfEveryType() throws {
        let reference = try DocumentReference(path: "a/bc")
        let fields: FirestoreMap = [
            "n": .null, "d": .double(1), "t": .timestamp(Timestamp(seconds: 0, nanoseconds: 0)), "g": .geoPoint(GeoPoint(latitude: 0, longitude: 0)),
            "b": .bytes(Data([1, 2, 3])), "r": .reference(reference), "v": .vector(VectorValue([1, 2])),
            "a": .array([.integer(1), .string("é")]), "m": .map(["k": .boolean(true)]),
        ]
        // names: 9 × 2; values: 1 + 8 + 8 + 16 + 3 + (2 + 3 + 16) + 16 + (8 + 3) + (2 + 1)
        #expect(validator.storageSize(of: fields, documentPath: nil) == 32 + 18 + 1 + 8 + 8 + 16 + 3 + 21 + 16 + 11 + 3)
    }

    @Test func documentSizeAtAndOverTheLimit() throws {
        let limits = FirestoreLimits(maxDocumentBytes: 60)
        let small = DocumentValidator(limits: limits)
        // 32 + name "c/d" (2 + 2 + 16) + field "s" (2) + string of n bytes (n + 1) = 55 + n
        #expect(small.violations(in: ["s": .string("abcde")], documentPath: "c/d").isEmpty)
        let over = small.violations(in: ["s": .string("abcdef")], documentPath: "c/d")
        #expect(over.map(\.rule) == [.documentTooLarge])
        #expect(over.first?.path == .root)
        #expect(over.first?.message == "document is 61 bytes by the storage-size formula; the limit is 60")
        let half = String(repeating: "x", count: 600_000)
        let big = validator.violations(in: ["a": .string(half), "b": .string(half)], documentPath: "c/d")
        #expect(big.map(\.rule) == [.documentTooLarge])
    }

    @Test func singleValueAtAPath() throws {
        let element = validator.violations(in: .array([]), at: ValuePath([.key("a"), .index(0)]))
        #expect(element.map(\.rule) == [.nestedArray])
        #expect(element.first?.path == ValuePath([.key("a"), .index(0)]))
        // A map at a 19-step path has depth 19, its inner map 20: valid.
        #expect(validator.violations(in: nested(2), at: ValuePath(Array(repeating: .key("p"), count: 19))).isEmpty)
        let deep = validator.violations(in: nested(2), at: ValuePath(Array(repeating: .key("p"), count: 20)))
        #expect(deep.map(\.rule) == [.nestingTooDeep])
        #expect(deep.first?.path == ValuePath(Array(repeating: .key("p"), count: 20) + [.key("k")]))
        let root = validator.violations(in: .map(["": .null]), at: .root)
        #expect(root.map(\.path) == [ValuePath(keys: "")])
        #expect(validator.violations(in: .string("ok"), at: ValuePath(keys: "s")).isEmpty)
    }

    @Test func violationsAreReportedInKeyOrderWithDescriptions() throws {
        let fields: FirestoreMap = ["z": .string(String(repeating: "a", count: 1_048_488)), "a": .map(["": .null])]
        let violations = validator.violations(in: fields)
        #expect(violations.map(\.rule) == [.emptyFieldName, .stringTooLong])
        #expect(violations.first?.description == "a.``: field name is empty")
    }
}
