import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// Encoders visit the entries of sets and dictionaries in hash order, so when two entries
/// cannot be encoded, which one an encoder names first is not the model's: the encode check
/// compares such failures without the entry (found by `FuzzDifferential`: a `[String: Double]`
/// holding two NaNs, named by different keys in processes hashed differently).
@Suite struct DifferEncodeOrderTests {
    /// A mapper whose encoder fails with `invalidValue` at a fixed path.
    struct FailingEncoder: DocumentMapper {
        let path: ValuePath
        func decode(_ data: [String: Any], reference: DocumentReference?) -> DecodeResult {
            DecodeResult(outcome: .success(.structure([])))
        }
        func encode(_ value: ModelValue) -> Result<[String: Any], MappingFailure> {
            .failure(MappingFailure(kind: .invalidValue, path: path, message: "Unable to encode Double.nan directly in JSON."))
        }
    }

    let schema = ModelSchema(
        root: "Model",
        structs: [
            StructSchema(name: "Model", fields: [
                FieldSchema(name: "ratios", type: .dictionary(key: .string, value: .double)),
                FieldSchema(name: "byNumber", type: .dictionary(key: .int, value: .array(.double))),
                FieldSchema(name: "plain", type: .array(.double)),
                FieldSchema(name: "byKind", type: .optional(.dictionary(key: .enumeration("Kind"), value: .structure("Part")))),
                FieldSchema(name: "parts", type: .set(.structure("Part"))),
                FieldSchema(name: "list", type: .array(.structure("Part"))),
            ]),
            StructSchema(name: "Part", fields: [FieldSchema(name: "a", type: .double), FieldSchema(name: "b", type: .optional(.float))]),
        ],
        enums: [EnumSchema(name: "Kind", rawType: .string, cases: [EnumCase(name: "a"), EnumCase(name: "b")])])

    private func encodeDiscrepancies(_ first: ValuePath, _ second: ValuePath) -> [Discrepancy] {
        let differ = Differ(schema: schema, participants: [
            Participant(name: "codable", mapper: FailingEncoder(path: first), style: .strict),
            Participant(name: "strict", mapper: FailingEncoder(path: second), style: .strict),
        ], reference: nil, serverTime: CaseRunner.serverTime)
        return differ.checkEncode(.structure([])).discrepancies
    }

    @Test func failuresAtTwoEntriesOfOneDictionaryAgree() {
        #expect(encodeDiscrepancies(ValuePath([.key("ratios"), .key("a")]), ValuePath([.key("ratios"), .key("b")])).isEmpty)
        #expect(encodeDiscrepancies(ValuePath([.key("byNumber"), .key("1"), .index(0)]),
                                    ValuePath([.key("byNumber"), .key("7"), .index(0)])).isEmpty)
    }

    /// Found by `crossfire run --profile wide --seed 3`: a `[Kind: Part]?` whose two entries
    /// each held a NaN, one in `a`, one in `b`; each encoder met another entry first, and both
    /// named it `byKind[1]`, the first value of the flat array.
    @Test func failuresAtOneIndexOfAnEnumKeyedDictionaryOrASetAgree() {
        #expect(encodeDiscrepancies(ValuePath([.key("byKind"), .index(1), .key("a")]), ValuePath([.key("byKind"), .index(1), .key("b")])).isEmpty)
        #expect(encodeDiscrepancies(ValuePath([.key("parts"), .index(0), .key("a")]), ValuePath([.key("parts"), .index(0), .key("b")])).isEmpty)
        // In an array, index 0 is the same element for both: they part inside it.
        #expect(encodeDiscrepancies(ValuePath([.key("list"), .index(0), .key("a")]), ValuePath([.key("list"), .index(0), .key("b")])).count == 1)
    }

    @Test func failuresAtTwoElementsOfAnArrayOrAnotherPlaceDisagree() {
        let elements = encodeDiscrepancies(ValuePath([.key("plain"), .index(0)]), ValuePath([.key("plain"), .index(1)]))
        #expect(elements.map(\.kind) == [.encodeDisagreement])
        let places = encodeDiscrepancies(ValuePath([.key("byNumber"), .key("1"), .index(0)]), ValuePath([.key("byNumber"), .key("1"), .index(2)]))
        #expect(places.map(\.kind) == [.encodeDisagreement])
    }
}
