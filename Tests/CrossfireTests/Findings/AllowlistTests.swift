@testable import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The allowlist's entries, each over the leaf a check names: a value written, stored as the
/// SDK stores it and read back as a test chooses (or two mappers' values), and which entry —
/// if any — explains each leaf where they differ.
@Suite("Allowlist: the SDK's documented divergences, leaf by leaf")
struct AllowlistTests {
    typealias Case = HandBuiltCase

    let schema = Case.schema([
        FieldSchema(name: "small", type: .integer(.int8)),
        FieldSchema(name: "flags", type: .set(.integer(.int8))),
        FieldSchema(name: "price", type: .decimal),
        FieldSchema(name: "caf\u{E9}", type: .string),
        FieldSchema(name: "cafe2", codingKey: "cafe\u{301}", type: .string),
        FieldSchema(name: "count", type: .integer(.int)),
        FieldSchema(name: "at", type: .optional(.timestamp), wrapper: .serverTimestamp),
    ])

    /// The base value of `schema`, with some fields replaced.
    private func value(small: Int64 = 0, flags: [Int64] = [], price: Decimal = 0, twin: String = "a", count: Int64 = 0,
                       at: ModelValue = .timestamp(Timestamp(seconds: 1, nanoseconds: 0))) -> ModelValue {
        Case.structure(["small": .int(small), "flags": .set(flags.map(ModelValue.int)), "price": .decimal(price),
                        "caf\u{E9}": .string("x"), "cafe2": .string(twin), "count": .int(count), "at": at])
    }

    /// Each leaf of a round trip that wrote `written` and read back `readBack`, by path, with
    /// the id of the entry that explains it (`unexpected` for none).
    private func roundTrip(_ written: ModelValue, readBack: ModelValue, schema: ModelSchema? = nil) throws -> [String: String] {
        let schema = schema ?? self.schema
        let differ = Differ(schema: schema, participants: [Participant(name: "lenient", mapper: try ScriptedMapper(schema: schema, decoded: readBack), style: .strict)],
                            reference: try DocumentReference(path: Case.referencePath), serverTime: CaseRunner.serverTime)
        return explained(differ.checkRoundTrip(written).discrepancies, schema: schema)
    }

    private func explained(_ discrepancies: [Discrepancy], schema: ModelSchema) -> [String: String] {
        Dictionary(discrepancies.map { ($0.path.description, Allowlist.sdkBehaviour.entry(explaining: $0, schema: schema)?.id ?? "unexpected") },
                   uniquingKeysWith: { first, _ in first })
    }

    @Test func int8StoredAsABooleanIsExpectedAloneAndInsideASet() throws {
        #expect(try roundTrip(value(small: 5), readBack: value(small: 1)) == ["small": "int8-stored-as-boolean"])
        #expect(try roundTrip(value(small: 0), readBack: value(small: 1)) == ["small": "unexpected"])
        // 5 and -3 are both stored as true: one comes back as 1, the other merged with it.
        #expect(try roundTrip(value(flags: [5, -3, 0]), readBack: value(flags: [1, 0])) == ["flags[0]": "int8-stored-as-boolean", "flags[1]": "set-elements-merged"])
        #expect(try roundTrip(value(flags: [5]), readBack: value(flags: [4])) == ["flags[0]": "unexpected"])
        #expect(try roundTrip(value(count: 5), readBack: value(count: 1)) == ["count": "unexpected"])
    }

    @Test func decimalThroughDoubleIsExpectedButAnyOtherChangeIsNot() throws {
        let exact = try #require(Decimal(string: "12.093"))
        #expect(try roundTrip(value(price: exact), readBack: value(price: Decimal(12.093))) == ["price": "storage-precision"])
        #expect(try roundTrip(value(price: exact), readBack: value(price: 12)) == ["price": "unexpected"])
    }

    @Test func aNilServerTimestampFilledByTheServerIsExpectedAnotherTimeIsNot() throws {
        #expect(try roundTrip(value(at: .null), readBack: value(at: .timestamp(CaseRunner.serverTime))) == ["at": "server-timestamp-filled"])
        #expect(try roundTrip(value(), readBack: value(at: .timestamp(CaseRunner.serverTime))) == ["at": "unexpected"])
        #expect(try roundTrip(value(at: .null), readBack: value(at: .null)).isEmpty)
    }

    @Test func aPathlessSDKErrorIsExpectedOnlyInASchemaWithTwinKeys() {
        let pathless = MappingFailure(kind: .invalidValue, path: .root, message: "DocumentReference values can only be decoded with Firestore.Decoder", hasPath: false)
        let loss = Discrepancy(kind: .roundTripLoss, check: .roundTrip, path: .root, facts: LeafFacts(path: .root, schema: schema, held: .stored(.map([:]))),
                               outcomes: [MapperOutcome(mapper: "codable", result: .failed(.invalidValue, .unplaced), failure: pathless)])
        #expect(Allowlist.sdkBehaviour.entry(explaining: loss, schema: schema)?.id == "canonically-equivalent-keys")
        let noTwins = Case.schema([FieldSchema(name: "count", type: .integer(.int))])
        #expect(Allowlist.sdkBehaviour.entry(explaining: loss, schema: noTwins) == nil)
    }

    @Test func aDocumentHoldingAKeyAndItsTwinIsExpectedOnlyThere() throws {
        // `A` + ring above in the schema; the document also holds `Å` precomposed, an integer no
        // Float holds, which wins the shared entry: Codable reads the nearest Float, the
        // reflective mapper refuses it.
        let schema = Case.schema([FieldSchema(name: "a", codingKey: "A\u{30A}", type: .float)])
        let runner = CaseRunner(mappers: try MapperSpec.named(["codable", "reflective"]), generator: CaseGenerator(profile: .scalars))
        func findings(_ document: FirestoreMap) -> [Finding] {
            runner.run(CaseRecord(schema: schema, reference: nil, document: document, model: nil, faults: [], seed: nil, caseIndex: nil, choices: nil))
                .findings
        }
        let twinned = findings(["A\u{30A}": .double(0), "\u{C5}": .integer(16_777_217)])
        #expect(twinned.map(\.discrepancy.facts.keyTwinnedInInput) == twinned.map { _ in true })
        #expect(!twinned.isEmpty && twinned.allSatisfy { $0.explanation?.id == "canonically-equivalent-keys" }, "\(twinned.map(\.key.canonical))")
        // Near miss: the same number under the key alone is the reflective mapper's exact casts.
        let alone = findings(["A\u{30A}": .integer(16_777_217)])
        #expect(alone.map(\.discrepancy.facts.keyTwinnedInInput) == alone.map { _ in false })
        #expect(!alone.contains { $0.explanation?.id == "canonically-equivalent-keys" }, "\(alone.map(\.key.canonical))")
    }

    @Test func canonicallyEquivalentTwinKeysAreExpected() throws {
        #expect(try roundTrip(value(twin: "a"), readBack: value(twin: "b")) == ["`cafe\u{301}`": "canonically-equivalent-keys"])
        #expect(try roundTrip(value(count: 1), readBack: value(count: 2)) == ["count": "unexpected"])
    }

    /// Parts with a `@DocumentID` and a size, in an enum-keyed dictionary.
    let parts = Case.schema(
        [FieldSchema(name: "parts", type: .dictionary(key: .enumeration("Role"), value: .structure("Part")))],
        structs: [StructSchema(name: "Part", fields: [
            FieldSchema(name: "id", type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "size", type: .integer(.int8)),
            FieldSchema(name: "times", type: .array(.optional(.timestamp))),
        ])],
        enums: [EnumSchema(name: "Role", rawType: .string, cases: [EnumCase(name: "a")])])

    private func part(id: String?, size: Int64 = 0, nanoseconds: Int32 = 0) -> ModelValue {
        Case.structure(["parts": .dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: Case.structure([
            "id": id.map(ModelValue.string) ?? .null, "size": .int(size),
            "times": .array([.timestamp(Timestamp(seconds: 0, nanoseconds: nanoseconds))]),
        ]))])])
    }

    @Test func documentIDReadFromTheReferenceIsExpectedInsideAnEnumKeyedDictionary() throws {
        #expect(try roundTrip(part(id: nil), readBack: part(id: "ann"), schema: parts) == ["parts.a.id": "document-id-from-reference"])
        #expect(try roundTrip(part(id: nil, size: 1), readBack: part(id: "ann", size: 2), schema: parts)
                == ["parts.a.id": "document-id-from-reference", "parts.a.size": "unexpected"])
    }

    @Test func documentIDAndTimeCutToTheMicrosecondTogetherAreExpectedInsideAnEnumKeyedDictionary() throws {
        #expect(try roundTrip(part(id: nil, nanoseconds: 1), readBack: part(id: "ann"), schema: parts)
                == ["parts.a.id": "document-id-from-reference", "parts.a.times[0]": "storage-precision"])
        #expect(try roundTrip(part(id: nil, nanoseconds: 1_000), readBack: part(id: "ann"), schema: parts)
                == ["parts.a.id": "document-id-from-reference", "parts.a.times[0]": "unexpected"])
    }

    @Test func int8StoredAsABooleanIsExpectedInsideAStructInAnEnumKeyedDictionary() throws {
        #expect(try roundTrip(part(id: "ann", size: -22), readBack: part(id: "ann", size: 1), schema: parts) == ["parts.a.size": "int8-stored-as-boolean"])
        #expect(try roundTrip(part(id: "ann", size: -22), readBack: part(id: "ann", size: -21), schema: parts) == ["parts.a.size": "unexpected"])
    }

    /// Sets of times and of Decimals.
    let sets = Case.schema([FieldSchema(name: "times", type: .set(.timestamp)), FieldSchema(name: "prices", type: .set(.decimal))])

    private func sets(times: [Timestamp] = [], prices: [Decimal] = []) -> ModelValue {
        Case.structure(["times": .set(times.map(ModelValue.timestamp)), "prices": .set(prices.map(ModelValue.decimal))])
    }

    @Test func timestampsMadeEqualByStorageComeBackAsOneSetElement() throws {
        let nanos = [Timestamp(seconds: 1, nanoseconds: 3), Timestamp(seconds: 1, nanoseconds: 9)]
        #expect(try roundTrip(sets(times: nanos), readBack: sets(times: [Timestamp(seconds: 1, nanoseconds: 0)]), schema: sets)
                == ["times[0]": "storage-precision", "times[1]": "set-elements-merged"])
        let apart = [Timestamp(seconds: 1, nanoseconds: 3), Timestamp(seconds: 2, nanoseconds: 0)]
        #expect(try roundTrip(sets(times: apart), readBack: sets(times: [Timestamp(seconds: 1, nanoseconds: 0)]), schema: sets)
                == ["times[0]": "storage-precision", "times[1]": "unexpected"])
    }

    @Test func decimalsReadThroughDoubleAreExpectedInsideASet() throws {
        let exact = try #require(Decimal(string: "3720772420181841077"))
        let throughDouble = try #require(Decimal(string: "3720772420181840896"))
        func disagreement(_ codable: Decimal, _ lenient: Decimal) throws -> [String: String] {
            let differ = Differ(schema: sets, participants: [
                Participant(name: "codable", mapper: try ScriptedMapper(schema: sets, decoded: self.sets(prices: [codable])), style: .strict),
                Participant(name: "lenient", mapper: try ScriptedMapper(schema: sets, decoded: self.sets(prices: [lenient])), style: .lenient),
            ], reference: nil, serverTime: CaseRunner.serverTime)
            return explained(differ.checkDecode(["times": .array([]), "prices": .array([.integer(3_720_772_420_181_841_077)])]).discrepancies, schema: sets)
        }
        #expect(try disagreement(throughDouble, exact) == ["prices[0]": "lenient-decimal-exact"])
        #expect(try disagreement(throughDouble, 12) == ["prices[0]": "unexpected"])
    }

    /// An entry names whose behaviour it excuses: the lenient idiom's exact `as? Decimal` from a
    /// strict mapper is unexpected, in the built-in run and in a run of other mappers (`scoped(to:)`).
    @Test func anEntryExcusesOnlyTheMappersItNames() throws {
        let exact = try #require(Decimal(string: "3720772420181841077"))
        let throughDouble = try #require(Decimal(string: "3720772420181840896"))
        let document: FirestoreMap = ["times": .array([]), "prices": .array([.integer(3_720_772_420_181_841_077)])]
        func explained(_ name: String, _ style: MapperStyle, by allowlist: Allowlist) throws -> String? {
            let differ = Differ(schema: sets, participants: [
                Participant(name: "codable", mapper: try ScriptedMapper(schema: sets, decoded: self.sets(prices: [throughDouble])), style: .strict),
                Participant(name: name, mapper: try ScriptedMapper(schema: sets, decoded: self.sets(prices: [exact])), style: style),
            ], reference: nil, serverTime: CaseRunner.serverTime)
            let discrepancy = try #require(differ.checkDecode(document).discrepancies.first)
            return allowlist.entry(explaining: discrepancy, schema: sets)?.id
        }
        #expect(try explained("strict", .strict, by: .sdkBehaviour) == nil)
        #expect(try explained("lenient", .lenient, by: .sdkBehaviour) == "lenient-decimal-exact")
        let planted = MapperSpec(factory: LenientHandMapperFactory(), style: .lenient, family: "planted")
        let foreign = MapperSpec(factory: StrictHandMapperFactory(), style: .strict, family: "foreign")
        #expect(try explained(planted.name, .lenient, by: Allowlist.sdkBehaviour.scoped(to: MapperSpec.builtIn.prefix(1) + [planted])) == "lenient-decimal-exact")
        #expect(try explained(foreign.name, .strict, by: Allowlist.sdkBehaviour.scoped(to: MapperSpec.builtIn.prefix(1) + [foreign])) == nil)
    }

    @Test func everyLenientDefaultIsExpectedByDesign() throws {
        let execution = try Case.run(Case.schema([FieldSchema(name: "count", type: .integer(.int))]), document: ["count": .string("seven")])
        let defaults = execution.findings.filter { $0.discrepancy.kind == .silentDefault }
        #expect(!defaults.isEmpty)
        #expect(defaults.allSatisfy { $0.explanation?.id == "lenient-silent-default" })
        #expect(execution.findings.filter { $0.discrepancy.kind != .silentDefault }.allSatisfy { !$0.isExpected })
    }

    @Test func theSDKPutsANullElementsIndexTwiceForSomeTypesOnly() throws {
        func decodeDisagreements(_ element: FieldType) throws -> [Finding] {
            try Case.run(Case.schema([FieldSchema(name: "when", type: .array(element))]), document: ["when": .array([.null])],
                         mappers: Array(MapperSpec.builtIn.prefix(2))).findings.filter { $0.discrepancy.kind == .decodeDisagreement }
        }
        for element in [FieldType.decimal, .date, .data, .url] {
            let found = try decodeDisagreements(element)
            #expect(found.map(\.key.canonical) == [
                "decode/decodeDisagreement/arrayElement/any/null/codable=refused,strict=valueNotFound/expected=sdk-index-twice",
            ], "\(element)")
        }
        // An Int's null element is named once by both.
        #expect(try decodeDisagreements(.integer(.int)).isEmpty)
    }
}
