import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The reflective family's allowlist entries, each against the real reflective mapper (the
/// divergence it documents is explained) and against a near miss — a stand-in under the same
/// name whose outcome differs in the one fact the entry's reason rests on (it is not).
@Suite("Allowlist: the reflective family's divergences, each as wide as its reason")
struct ReflectiveAllowlistTests {
    typealias Case = HandBuiltCase

    /// Each finding of the case, by leaf path and kind, with the entry that explains it
    /// (`unexpected` for none), the Codable mapper against `reflective`.
    private func findings(_ schema: ModelSchema, document: FirestoreMap? = nil, model: ModelValue? = nil,
                          reflective: ReflectiveStandIn = ReflectiveStandIn(), allowlist: Allowlist = .sdkBehaviour) throws -> [String: String] {
        let execution = try Case.run(schema, document: document, model: model, mappers: [MapperSpec.builtIn[0], reflective.spec], allowlist: allowlist)
        return Dictionary(execution.findings.map { ("\($0.discrepancy.kind.rawValue) \($0.discrepancy.path)", $0.explanation?.id ?? "unexpected") },
                          uniquingKeysWith: { first, _ in first })
    }

    private func one(_ name: String, _ type: FieldType, wrapper: PropertyWrapper? = nil) -> ModelSchema {
        Case.schema([FieldSchema(name: name, type: type, wrapper: wrapper)])
    }

    private func kept(_ path: String, _ kind: FailureKind, _ value: ModelValue, in model: ModelValue) -> ReflectiveStandIn {
        ReflectiveStandIn(decoded: DecodeResult(outcome: .success(model), silentDefaults: [
            SilentDefaultRecord(path: ValuePath(keys: path), kind: kind, found: "a test's value", substituted: value),
        ]))
    }

    @Test func aTypeOutsideTheTableIsNeverWrittenButATableTypeLeftOutIsUnexpected() throws {
        #expect(try findings(one("price", .decimal), model: Case.structure(["price": .decimal(1.5)]))
            == ["encodeDisagreement price": "reflective-outside-table", "silentDefault price": "reflective-outside-table"])
        #expect(try findings(one("count", .integer(.int)), model: Case.structure(["count": .int(3)]), reflective: ReflectiveStandIn(encoded: { [:] }))["encodeDisagreement count"]
            == "unexpected")
    }

    @Test func aDateIsSecondsSince1970NotAnyOtherForm() throws {
        let schema = one("birth", .date)
        let date = Date(timeIntervalSince1970: 1_000)
        #expect(try findings(schema, model: Case.structure(["birth": .date(date)]))["encodeDisagreement birth"] == "reflective-date-as-seconds")
        #expect(try findings(schema, model: Case.structure(["birth": .date(date)]), reflective: ReflectiveStandIn(encoded: { ["birth": "1970-01-01T00:16:40Z"] }))["encodeDisagreement birth"]
            == "unexpected")
        let document: FirestoreMap = ["birth": .timestamp(Timestamp(seconds: 1_000, nanoseconds: 0))]
        #expect(try findings(schema, document: document)["silentDefault birth"] == "reflective-date-as-seconds")
        let epoch = Case.structure(["birth": .date(Date(timeIntervalSince1970: 0))])
        #expect(try findings(schema, document: document, reflective: kept("birth", .dataCorrupted, .date(Date(timeIntervalSince1970: 0)), in: epoch))["silentDefault birth"]
            == "unexpected", "a timestamp is of another kind than a double: only a type mismatch is the documented rule")
    }

    @Test func aSetOfStringsIsAMapOfItsElementsAndAnArrayOfStringsIsNot() throws {
        #expect(try findings(one("groups", .set(.string)), model: Case.structure(["groups": .set([.string("g")])]))["encodeDisagreement groups"]
            == "reflective-set-as-keys")
        #expect(try findings(one("items", .array(.string)), model: Case.structure(["items": .array([.string("g")])]),
                             reflective: ReflectiveStandIn(encoded: { ["items": ["g": true]] }))["encodeDisagreement items"] == "unexpected")
    }

    @Test func onlyASetElementBecomesAFieldNameTheWritePathRefuses() throws {
        #expect(try findings(one("groups", .set(.string)), model: Case.structure(["groups": .set([.string("")])]))["encodeDisagreement groups.``"]
            == "reflective-set-element-as-field-name")
        #expect(try findings(one("items", .array(.string)), model: Case.structure(["items": .array([.string("")])]),
                             reflective: ReflectiveStandIn(encoded: { ["items": ["": true]] }))["encodeDisagreement items.``"] == "unexpected")
    }

    @Test func onlyAnEmptyCollectionIsLeftOut() throws {
        let schema = one("items", .optional(.array(.string)))
        #expect(try findings(schema, model: Case.structure(["items": .array([])]))
            == ["encodeDisagreement items": "reflective-empty-collections", "roundTripLoss items": "reflective-empty-collections"])
        #expect(try findings(schema, document: ["items": .array([])]) == ["decodeDisagreement items": "reflective-empty-collections"])
        #expect(try findings(schema, model: Case.structure(["items": .array([.string("a")])]), reflective: ReflectiveStandIn(encoded: { [:] }))["encodeDisagreement items"]
            == "unexpected")
    }

    @Test func aNonFiniteNumberIsWrittenAsItIsNotAsText() throws {
        let schema = one("ratio", .double)
        #expect(try findings(schema, model: Case.structure(["ratio": .double(.nan)]))["encodeDisagreement ratio"] == "reflective-writes-non-finite")
        #expect(try findings(schema, model: Case.structure(["ratio": .double(.nan)]), reflective: ReflectiveStandIn(encoded: { ["ratio": "NaN"] }))["encodeDisagreement ratio"]
            == "unexpected")
    }

    @Test func aFloatRefusesOnlyADoubleNoFloatHolds() throws {
        let schema = one("ratio", .float)
        #expect(try findings(schema, document: ["ratio": .double(0.1)]) == ["silentDefault ratio": "reflective-exact-number-casts"])
        #expect(try findings(schema, document: ["ratio": .double(0.5)], reflective: kept("ratio", .dataCorrupted, .float(0), in: Case.structure(["ratio": .float(0)])))
            == ["silentDefault ratio": "unexpected"])
    }

    @Test func onlyANilWrappedPropertyIsLeftOutForWantOfWrappers() throws {
        let schema = one("nickname", .optional(.string), wrapper: .explicitNull)
        #expect(try findings(schema, model: Case.structure(["nickname": .null]))["encodeDisagreement nickname"] == "reflective-no-property-wrappers")
        #expect(try findings(schema, model: Case.structure(["nickname": .string("x")]), reflective: ReflectiveStandIn(encoded: { [:] }))["encodeDisagreement nickname"]
            == "unexpected")
    }

    @Test func aNilInASingleValueWrapperIsLeftOutLikeAWrappedOne() throws {
        let schema = Case.schema([FieldSchema(name: "level", type: .optional(.integer(.int8)), coding: .singleValue)])
        #expect(try findings(schema, model: Case.structure(["level": .null]))["encodeDisagreement level"] == "reflective-no-property-wrappers")
        let plain = one("level", .optional(.integer(.int8)))
        #expect(try findings(plain, model: Case.structure(["level": .null]), reflective: ReflectiveStandIn(encoded: { ["level": NSNull()] }))["encodeDisagreement level"]
            == "unexpected", "a plain optional's nil is left out by both")
    }

    @Test func onlyAStringATypeOfTwoEncodingsAcceptsIsReadByCodableAlone() throws {
        let schema = Case.schema([FieldSchema(name: "limit", type: .integer(.int), coding: .twoEncodings)])
        #expect(try findings(schema, document: ["limit": .string("12")]) == ["silentDefault limit": "reflective-one-encoding"])
        let keptLimit = kept("limit", .typeMismatch, .int(0), in: Case.structure(["limit": .int(0)]))
        #expect(try findings(schema, document: ["limit": .boolean(true)], reflective: keptLimit) == ["silentDefault limit": "reflective-keeps-initial-value"],
                "a boolean Codable refuses too")
        #expect(try findings(one("limit", .integer(.int)), document: ["limit": .integer(12)], reflective: keptLimit) == ["silentDefault limit": "unexpected"])
    }

    @Test func theInitialValueIsKeptWhereCodableRefusesNotWhereItReads() throws {
        let schema = one("age", .integer(.int))
        #expect(try findings(schema, document: ["age": .string("x")]) == ["silentDefault age": "reflective-keeps-initial-value"])
        let keptAge = kept("age", .typeMismatch, .int(0), in: Case.structure(["age": .int(0)]))
        #expect(try findings(schema, document: ["age": .integer(5)], reflective: keptAge) == ["silentDefault age": "unexpected"],
                "the lenient style's entry explains no reflective default")
        var lenient = keptAge
        lenient.name = "lenient"
        #expect(try findings(schema, document: ["age": .integer(5)], reflective: lenient) == ["silentDefault age": "unexpected"],
                "the lenient style's entry excuses a style, not a name")
        lenient.style = .lenient
        #expect(try findings(schema, document: ["age": .integer(5)], reflective: lenient) == ["silentDefault age": "lenient-silent-default"])
    }

    @Test func theEntriesHoldForTheMapperTheyAreMadeFor() throws {
        let model = Case.structure(["price": .decimal(1.5)])
        var planted = ReflectiveStandIn()
        planted.name = "planted"
        #expect(try findings(one("price", .decimal), model: model, reflective: planted)["encodeDisagreement price"] == "unexpected")
        #expect(try findings(one("price", .decimal), model: model, reflective: planted, allowlist: .documented(reflectiveMapper: "planted"))["encodeDisagreement price"]
            == "reflective-outside-table")
    }
}
