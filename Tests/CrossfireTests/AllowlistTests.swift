@testable import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

@Suite("Allowlist: the SDK's documented divergences")
struct AllowlistTests {
    let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
        FieldSchema(name: "small", type: .integer(.int8)),
        FieldSchema(name: "flags", type: .set(.integer(.int8))),
        FieldSchema(name: "price", type: .decimal),
        FieldSchema(name: "caf\u{E9}", type: .string),
        FieldSchema(name: "cafe2", codingKey: "cafe\u{301}", type: .string),
        FieldSchema(name: "count", type: .integer(.int)),
    ])])

    private func loss(_ path: String, type: String, found: String, _ before: ModelValue, _ after: ModelValue) -> Discrepancy {
        Discrepancy(kind: .roundTripLoss, check: .roundTrip, path: ValuePath(keys: path), schemaType: type, foundKind: found,
                    outcomes: [MapperOutcome(mapper: "lenient", rendering: "changed")], before: before, after: after)
    }

    @Test func int8StoredAsABooleanIsExpectedAloneAndInsideASet() {
        let alone = loss("small", type: "Int8", found: "boolean", .int(5), .int(1))
        #expect(Allowlist.sdkBehaviour.entry(explaining: alone, schema: schema)?.id == "int8-stored-as-boolean")
        let inSet = loss("flags", type: "Set<Int8>", found: "array", .set([.int(5), .int(-3), .int(0)]), .set([.int(1), .int(0)]))
        #expect(Allowlist.sdkBehaviour.entry(explaining: inSet, schema: schema)?.id == "int8-stored-as-boolean")
        let otherLoss = loss("flags", type: "Set<Int8>", found: "array", .set([.int(5)]), .set([.int(4)]))
        #expect(Allowlist.sdkBehaviour.entry(explaining: otherLoss, schema: schema) == nil)
        let notInt8 = loss("count", type: "Int", found: "boolean", .int(5), .int(1))
        #expect(Allowlist.sdkBehaviour.entry(explaining: notInt8, schema: schema) == nil)
    }

    @Test func decimalThroughDoubleIsExpectedButAnyOtherChangeIsNot() throws {
        let exact = try #require(Decimal(string: "12.093"))
        let throughDouble = loss("price", type: "Decimal", found: "double", .decimal(exact), .decimal(Decimal(12.093)))
        #expect(Allowlist.sdkBehaviour.entry(explaining: throughDouble, schema: schema)?.id == "storage-precision")
        let wrong = loss("price", type: "Decimal", found: "double", .decimal(exact), .decimal(12))
        #expect(Allowlist.sdkBehaviour.entry(explaining: wrong, schema: schema) == nil)
    }

    @Test func aPathlessSDKErrorIsExpectedOnlyInASchemaWithTwinKeys() {
        let pathless = MappingFailure(kind: .invalidValue, path: .root, message: "DocumentReference values can only be decoded with Firestore.Decoder", hasPath: false)
        let loss = Discrepancy(kind: .roundTripLoss, check: .roundTrip, path: .root, schemaType: nil, foundKind: "map",
                               outcomes: [MapperOutcome(mapper: "codable", failure: pathless)])
        #expect(Allowlist.sdkBehaviour.entry(explaining: loss, schema: schema)?.id == "canonically-equivalent-keys")
        let noTwins = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [FieldSchema(name: "count", type: .integer(.int))])])
        #expect(Allowlist.sdkBehaviour.entry(explaining: loss, schema: noTwins) == nil)
    }

    @Test func canonicallyEquivalentTwinKeysAreExpected() {
        let twin = loss("caf\u{E9}", type: "String", found: "string", .string("a"), .string("b"))
        #expect(Allowlist.sdkBehaviour.entry(explaining: twin, schema: schema)?.id == "canonically-equivalent-keys")
        let plain = loss("count", type: "Int", found: "integer", .int(1), .int(2))
        #expect(Allowlist.sdkBehaviour.entry(explaining: plain, schema: schema) == nil)
    }

    /// The parts of a case where a loss or disagreement shows on a whole collection.
    let collections = ModelSchema(
        root: "Model",
        structs: [
            StructSchema(name: "Model", fields: [
                FieldSchema(name: "parts", type: .dictionary(key: .enumeration("Role"), value: .structure("Part"))),
                FieldSchema(name: "times", type: .set(.timestamp)),
                FieldSchema(name: "prices", type: .set(.decimal)),
            ]),
            StructSchema(name: "Part", fields: [
                FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
                FieldSchema(name: "size", type: .integer(.int)),
            ]),
        ],
        enums: [EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "a")])])

    private func part(id: String?, size: Int64) -> ModelValue {
        .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: .structure([
            ModelField(name: "id", value: id.map(ModelValue.string) ?? .null), ModelField(name: "size", value: .int(size)),
        ]))])
    }

    @Test func documentIDReadFromTheReferenceIsExpectedInsideAnEnumKeyedDictionary() {
        let filled = loss("parts", type: "[Role: Part]", found: "array", part(id: nil, size: 1), part(id: "d", size: 1))
        #expect(Allowlist.sdkBehaviour.entry(explaining: filled, schema: collections)?.id == "sdk-read-back-in-collection")
        let otherChange = loss("parts", type: "[Role: Part]", found: "array", part(id: nil, size: 1), part(id: "d", size: 2))
        #expect(Allowlist.sdkBehaviour.entry(explaining: otherChange, schema: collections) == nil)
    }

    @Test func documentIDAndTimeCutToTheMicrosecondTogetherAreExpectedInsideAnEnumKeyedDictionary() {
        let schema = ModelSchema(
            root: "Model",
            structs: [
                StructSchema(name: "Model", fields: [FieldSchema(name: "lines", type: .dictionary(key: .enumeration("Role"), value: .structure("Line")))]),
                StructSchema(name: "Line", fields: [
                    FieldSchema(name: "times", type: .array(.optional(.timestamp))),
                    FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
                ]),
            ],
            enums: [EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "a")])])
        func line(nanoseconds: Int32, id: String?) -> ModelValue {
            .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: .structure([
                ModelField(name: "times", value: .array([.timestamp(Timestamp(seconds: 0, nanoseconds: nanoseconds))])),
                ModelField(name: "id", value: id.map(ModelValue.string) ?? .null),
            ]))])
        }
        let both = loss("lines", type: "[Role: Line]", found: "array", line(nanoseconds: 1, id: nil), line(nanoseconds: 0, id: "d"))
        #expect(Allowlist.sdkBehaviour.entry(explaining: both, schema: schema)?.id == "sdk-read-back-in-collection")
        let wrongTime = loss("lines", type: "[Role: Line]", found: "array", line(nanoseconds: 1_000, id: nil), line(nanoseconds: 0, id: "d"))
        #expect(Allowlist.sdkBehaviour.entry(explaining: wrongTime, schema: schema) == nil)
    }

    @Test func int8StoredAsABooleanIsExpectedInsideAStructInAnEnumKeyedDictionary() {
        let schema = ModelSchema(
            root: "Model",
            structs: [
                StructSchema(name: "Model", fields: [FieldSchema(name: "lines", type: .dictionary(key: .enumeration("Role"), value: .structure("Line")))]),
                StructSchema(name: "Line", fields: [FieldSchema(name: "level", type: .integer(.int8)), FieldSchema(name: "count", type: .integer(.int))]),
            ],
            enums: [EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "a")])])
        func line(level: Int64, count: Int64) -> ModelValue {
            .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: .structure([
                ModelField(name: "level", value: .int(level)), ModelField(name: "count", value: .int(count)),
            ]))])
        }
        let readAsOne = loss("lines", type: "[Role: Line]", found: "array", line(level: -22, count: -22), line(level: 1, count: -22))
        #expect(Allowlist.sdkBehaviour.entry(explaining: readAsOne, schema: schema)?.id == "sdk-read-back-in-collection")
        let notInt8 = loss("lines", type: "[Role: Line]", found: "array", line(level: -22, count: -22), line(level: -22, count: 1))
        #expect(Allowlist.sdkBehaviour.entry(explaining: notInt8, schema: schema) == nil)
    }

    @Test func timestampsMadeEqualByStorageComeBackAsOneSetElement() {
        let nanos = ModelValue.set([.timestamp(Timestamp(seconds: 1, nanoseconds: 3)), .timestamp(Timestamp(seconds: 1, nanoseconds: 9))])
        let collapsed = loss("times", type: "Set<Timestamp>", found: "array", nanos, .set([.timestamp(Timestamp(seconds: 1, nanoseconds: 0))]))
        #expect(Allowlist.sdkBehaviour.entry(explaining: collapsed, schema: collections)?.id == "storage-precision")
        let lost = loss("times", type: "Set<Timestamp>", found: "array",
                        .set([.timestamp(Timestamp(seconds: 1, nanoseconds: 3)), .timestamp(Timestamp(seconds: 2, nanoseconds: 0))]),
                        .set([.timestamp(Timestamp(seconds: 1, nanoseconds: 0))]))
        #expect(Allowlist.sdkBehaviour.entry(explaining: lost, schema: collections) == nil)
    }

    @Test func decimalsReadThroughDoubleAreExpectedInsideASet() throws {
        let exact = try #require(Decimal(string: "3720772420181841077"))
        let throughDouble = try #require(Decimal(string: "3720772420181840896"))
        func disagreement(_ codable: Decimal, _ lenient: Decimal) -> Discrepancy {
            Discrepancy(kind: .decodeDisagreement, check: .decode, path: ValuePath(keys: "prices"), schemaType: "Set<Decimal>", foundKind: "array",
                        outcomes: [MapperOutcome(mapper: "codable", rendering: "a"), MapperOutcome(mapper: "lenient", rendering: "b")],
                        before: .set([.decimal(codable)]), after: .set([.decimal(lenient)]))
        }
        #expect(Allowlist.sdkBehaviour.entry(explaining: disagreement(throughDouble, exact), schema: collections)?.id == "lenient-decimal-exact")
        #expect(Allowlist.sdkBehaviour.entry(explaining: disagreement(throughDouble, 12), schema: collections) == nil)
    }
}
