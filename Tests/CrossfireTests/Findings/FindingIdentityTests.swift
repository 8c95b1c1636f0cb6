@testable import Crossfire
import CrossfireTestSupport
import FirestoreModel
import ModelSchema
import Testing

/// A finding's class is the bug, not the place: one planted rule change shows as one class under
/// other field names, at other depths, in other structs and integer widths; two rule changes
/// show as two.
@Suite("Finding identity: one bug, one class")
struct FindingIdentityTests {
    typealias Case = HandBuiltCase

    /// The class of a fractional number truncated into an integer: Codable refuses it, the
    /// planted mapper reads a value.
    static let truncation = "decode/decodeDisagreement/structField/integer/double/codable=dataCorrupted,planted=value"

    /// The decode classes of a document through Codable and a mapper with `bug` planted.
    private func decodeClasses(_ bug: any PlantedBug, _ schema: ModelSchema, _ document: FirestoreMap) throws -> Set<FindingClassKey> {
        Case.classes(try Case.run(schema, document: document, mappers: Case.planted(bug)))
    }

    @Test("a truncated fractional integer is one class under any name, width, optionality and struct, at depth 1 or 3")
    func truncationIsOneClassEverywhere() throws {
        let cases: [(ModelSchema, FirestoreMap)] = [
            (Case.schema([FieldSchema(name: "count", type: .integer(.int))]), ["count": .double(2.5)]),
            (Case.schema([FieldSchema(name: "note", type: .string), FieldSchema(name: "rating", codingKey: "stars", type: .integer(.uint8))]),
             ["note": .string("x"), "stars": .double(1.5)]),
            (Case.schema([FieldSchema(name: "maybe", type: .optional(.integer(.int32)))]), ["maybe": .double(-7.5)]),
            (Case.schema([FieldSchema(name: "inner", type: .structure("Inner"))],
                         structs: [StructSchema(name: "Inner", fields: [FieldSchema(name: "level", type: .integer(.int16))])]),
             ["inner": .map(["level": .double(3.25)])]),
            (Case.schema([FieldSchema(name: "a", type: .structure("A"))], structs: [
                StructSchema(name: "A", fields: [FieldSchema(name: "b", type: .structure("B"))]),
                StructSchema(name: "B", fields: [FieldSchema(name: "title", type: .string), FieldSchema(name: "c", type: .integer(.int64))]),
            ]), ["a": .map(["b": .map(["title": .string("t"), "c": .double(9.5)])])]),
        ]
        let expected = try FindingClassKey(canonical: Self.truncation)
        for (schema, document) in cases {
            #expect(try decodeClasses(FractionalIntegerTruncated(), schema, document) == [expected], "\(document)")
        }
    }

    @Test("in an array element it is one class too, at the top level or in a nested struct's array")
    func truncationInArraysIsOneClass() throws {
        let top = try decodeClasses(FractionalIntegerTruncated(), Case.schema([FieldSchema(name: "levels", type: .array(.integer(.int)))]),
                                    ["levels": .array([.integer(1), .double(2.5)])])
        let nested = try decodeClasses(
            FractionalIntegerTruncated(),
            Case.schema([FieldSchema(name: "parts", type: .array(.structure("Part")))],
                        structs: [StructSchema(name: "Part", fields: [FieldSchema(name: "sizes", type: .array(.integer(.uint16)))])]),
            ["parts": .array([.map(["sizes": .array([.double(0.5)])])])])
        let expected = try FindingClassKey(canonical: "decode/decodeDisagreement/arrayElement/integer/double/codable=dataCorrupted,planted=value")
        #expect(top == [expected])
        #expect(nested == [expected])
    }

    @Test("a renamed key read under its property name is one class whatever the renamed field's type")
    func renameIsOneClassWhateverTheType() throws {
        let fields: [(FieldSchema, FirestoreValue, ModelValue)] = [
            (FieldSchema(name: "full", codingKey: "full_name", type: .string), .string("Ann"), .string("Ann")),
            (FieldSchema(name: "age", codingKey: "years", type: .integer(.int32)), .integer(4), .int(4)),
            (FieldSchema(name: "home", codingKey: "address", type: .structure("Address")), .map(["city": .string("Oslo")]),
             Case.structure(["city": .string("Oslo")])),
            (FieldSchema(name: "tags", codingKey: "labels", type: .array(.string)), .array([.string("a")]), .array([.string("a")])),
        ]
        let address = StructSchema(name: "Address", fields: [FieldSchema(name: "city", type: .string)])
        var decode: Set<FindingClassKey> = []
        var encode: Set<FindingClassKey> = []
        for (field, stored, value) in fields {
            let schema = Case.schema([field], structs: [address])
            let execution = try Case.run(schema, document: [field.codingKey ?? field.name: stored], model: .structure([ModelField(name: field.name, value: value)]),
                                         mappers: Case.planted(CodingKeysRenameIgnored()))
            decode.formUnion(execution.findings.filter { $0.key.check == .decode }.map(\.key))
            encode.formUnion(execution.findings.filter { $0.key.check == .encode }.map(\.key))
        }
        #expect(decode.map(\.canonical) == ["decode/decodeDisagreement/structField/unknown/absent/codable=absent,planted=keyNotFound"])
        // One class for the coding key left out, one for the property name written instead.
        #expect(encode.map(\.canonical).sorted() == [
            "encode/encodeDisagreement/structField/any/present/codable=accepted,planted=absent",
            "encode/encodeDisagreement/structField/unknown/absent/codable=absent,planted=value",
        ])
    }

    @Test("a fault at a renamed field's coding key, which the renaming mapper never reads, is still the rename's class")
    func aFaultAtTheCodingKeyIsStillTheRename() throws {
        let schema = Case.schema([FieldSchema(name: "count", codingKey: "total", type: .integer(.int))])
        let rename = "decode/decodeDisagreement/structField/unknown/absent/codable=absent,planted=keyNotFound"
        for document: FirestoreMap in [["total": .integer(3)], ["total": .string("3")], ["total": .null], [:]] {
            #expect(try decodeClasses(CodingKeysRenameIgnored(), schema, document).map(\.canonical) == [rename], "\(document)")
        }
    }

    @Test("two different rules are two classes: Bool from 0/1 and integer truncation; a null read as a missing key and a renamed key")
    func differentRulesAreDifferentClasses() throws {
        let flag = try decodeClasses(BoolAcceptedFromZeroOrOne(), Case.schema([FieldSchema(name: "flag", type: .bool)]), ["flag": .integer(1)])
        #expect(flag.map(\.canonical) == ["decode/decodeDisagreement/structField/bool/integer/codable=typeMismatch,planted=value"])
        #expect(!flag.contains(try FindingClassKey(canonical: Self.truncation)))

        let null = try decodeClasses(NullTreatedAsAbsentKey(), Case.schema([FieldSchema(name: "count", type: .integer(.int))]), ["count": .null])
        #expect(null.map(\.canonical) == ["decode/decodeDisagreement/structField/any/null/codable=refused,planted=keyNotFound"])
        let renamed = try decodeClasses(CodingKeysRenameIgnored(), Case.schema([FieldSchema(name: "count", codingKey: "total", type: .integer(.int))]),
                                        ["total": .integer(3)])
        #expect(renamed.count == 1 && renamed.isDisjoint(with: null))
    }

    @Test("the same storage rule lost by two mappers is two classes: the fix goes into two mappers")
    func aRoundTripNamesItsMapper() throws {
        let schema = Case.schema([FieldSchema(name: "level", type: .integer(.int8))])
        let execution = try Case.run(schema, model: Case.structure(["level": .int(5)]))
        let roundTrips = Case.classes(execution).filter { $0.check == .roundTrip }.map(\.canonical).sorted()
        #expect(roundTrips == [
            "roundTrip/roundTripLoss/structField/integer/boolean/codable=typeMismatch/expected=int8-stored-as-boolean",
            "roundTrip/roundTripLoss/structField/integer/boolean/lenient=value/expected=int8-stored-as-boolean",
            "roundTrip/roundTripLoss/structField/integer/boolean/strict=typeMismatch/expected=int8-stored-as-boolean",
        ])
    }

    @Test("presence: a null read as a missing key is one class wherever the reference refuses the null, one wherever it accepts it")
    func presenceKeepsNoType() throws {
        // The reference throws valueNotFound at these, and a pathless error at a DocumentReference.
        let refusing: [FieldType] = [.string, .integer(.uint64), .array(.double), .documentReference]
        var refused: Set<FindingClassKey> = []
        for type in refusing {
            refused.formUnion(try decodeClasses(NullTreatedAsAbsentKey(), Case.schema([FieldSchema(name: "x", type: type)]), ["x": .null]))
        }
        #expect(refused.map(\.canonical) == ["decode/decodeDisagreement/structField/any/null/codable=refused,planted=keyNotFound"])
        // It reads nil at an @ExplicitNull optional, and an empty struct from a null.
        let empty = StructSchema(name: "Empty", fields: [])
        let accepting: [ModelSchema] = [
            Case.schema([FieldSchema(name: "x", type: .optional(.integer(.int8)), wrapper: .explicitNull)]),
            Case.schema([FieldSchema(name: "x", type: .structure("Empty"))], structs: [empty]),
        ]
        var accepted: Set<FindingClassKey> = []
        for schema in accepting {
            accepted.formUnion(try decodeClasses(NullTreatedAsAbsentKey(), schema, ["x": .null]))
        }
        #expect(accepted.map(\.canonical) == ["decode/decodeDisagreement/structField/any/null/codable=accepted,planted=keyNotFound"])
    }

    @Test("conversion: the exact Firestore kind held is part of the class, whether the property is optional is not")
    func conversionKeepsTheKindHeld() throws {
        let schema = Case.schema([FieldSchema(name: "flag", type: .bool), FieldSchema(name: "maybe", type: .optional(.bool))])
        let fromInteger = try decodeClasses(BoolAcceptedFromZeroOrOne(), schema, ["flag": .integer(1), "maybe": .integer(0)])
        let fromDouble = try decodeClasses(BoolAcceptedFromZeroOrOne(), schema, ["flag": .double(1), "maybe": .boolean(true)])
        #expect(fromInteger.count == 1 && fromDouble.count == 1)
        #expect(fromInteger.first?.held == .kind(.integer))
        #expect(fromDouble.first?.held == .kind(.double))
        #expect(fromInteger.first?.type == .family(.bool))
    }

    @Test("a class key's canonical text reads back to the same key")
    func canonicalTextRoundTrips() throws {
        var keys: Set<FindingClassKey> = [
            try FindingClassKey(canonical: Self.truncation),
            FindingClassKey(check: .encode, kind: .crash, container: .enumKeyedKey, wrapper: .serverTimestamp, type: .outsideSchema,
                            held: .null, outcomes: [.init(mapper: "my/mapper=1,+%", result: .crashed("SIGILL")),
                                                    .init(mapper: "other", result: .failed(.typeMismatch, .unplaced))],
                            explanation: "entry/with=odd,chars"),
            FindingClassKey(check: .roundTrip, kind: .silentDefault, container: .intKeyedValue, wrapper: nil, type: .any, held: .present,
                            outcomes: [.init(mapper: "lenient", result: .defaulted(.valueNotFound))], explanation: nil),
            FindingClassKey(check: .decode, kind: .decodeDisagreement, container: .setElement, wrapper: .documentID, type: .family(.enumDictionary),
                            held: .kind(.geoPoint), outcomes: [.init(mapper: "a", result: .failed(.keyNotFound, .inside)),
                                                                .init(mapper: "b", result: .failed(.dataCorrupted, .above)),
                                                                .init(mapper: "c", result: .notReached), .init(mapper: "d", result: .passed),
                                                                .init(mapper: "e", result: .stored(.bytes)), .init(mapper: "f", result: .absent)],
                            explanation: nil),
        ]
        keys.formUnion([RegressionFixtures.silentDefaultKey, RegressionFixtures.int8CodableKey])
        for key in keys {
            #expect(try FindingClassKey(canonical: key.canonical) == key, "\(key.canonical)")
        }
        #expect(keys.map(\.canonical).allSatisfy { $0.split(separator: "/", omittingEmptySubsequences: false).count >= 6 })
    }

    @Test("a text that is no class key is refused, naming the part that is wrong", arguments: [
        ("decode/decodeDisagreement", "a class key has 6 or 7 parts separated by \"/\", this one 2"),
        ("sideways/decodeDisagreement/structField/integer/double/codable=value", "unknown check \"sideways\""),
        ("decode/oops/structField/integer/double/codable=value", "unknown finding kind \"oops\""),
        ("decode/decodeDisagreement/inside/integer/double/codable=value", "unknown container \"inside\""),
        ("decode/decodeDisagreement/structField+Lazy/integer/double/codable=value", "unknown wrapper or coding \"Lazy\""),
        ("decode/decodeDisagreement/structField/long/double/codable=value", "unknown leaf type \"long\""),
        ("decode/decodeDisagreement/structField/integer/float/codable=value", "unknown held value \"float\""),
        ("decode/decodeDisagreement/structField/integer/double/codable", "an outcome must be mapper=result, found \"codable\""),
        ("decode/decodeDisagreement/structField/integer/double/codable=value/because=x",
         "the seventh part must be expected=<allowlist id> or missing=<allowlist id>, found \"because=x\""),
    ])
    func malformedKeysAreRefused(text: String, reason: String) {
        #expect(throws: FindingClassKey.ParseError(text: text, reason: reason)) {
            try FindingClassKey(canonical: text)
        }
    }
}
