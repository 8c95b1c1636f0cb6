import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §4.2 and §8: non-conforming floats throw `invalidValue` with the
/// SDK's message at the value's coding path.
@Suite("Encoder: non-conforming floats and coding paths")
struct EncoderCodingPathTests {
    struct EncodeFailure: Encodable { var someValue: Double }
    struct FloatModel: Encodable { var value: Float }

    @Test(arguments: [
        (Double.nan, "Double.nan"),
        (Double.infinity, "Double.infinity"),
        (-Double.infinity, "-Double.infinity"),
    ])
    func doubleMessages(value: Double, name: String) {
        let context = invalidValueContext(Field(value))
        #expect(context?.debugDescription == nonConformingMessage(name))
        #expect(keyStrings(context?.codingPath ?? []) == ["value"])
    }

    @Test(arguments: [
        (Float.nan, "Float.nan"),
        (Float.infinity, "Float.infinity"),
        (-Float.infinity, "-Float.infinity"),
    ])
    func floatMessages(value: Float, name: String) {
        let context = invalidValueContext(FloatModel(value: value))
        #expect(context?.debugDescription == nonConformingMessage(name))
        #expect(keyStrings(context?.codingPath ?? []) == ["value"])
    }

    @Test func invalidValueCarriesTheFloat() {
        do {
            _ = try Firestore.Encoder().encode(FloatModel(value: .infinity))
            Issue.record("expected an error")
        } catch let EncodingError.invalidValue(value, _) {
            #expect(value as? Float == .infinity)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func arrayElementPathUsesIndexKeys() throws {
        // A NaN at a[1] reports [a, Index 1], the index key having intValue 1.
        let context = try #require(invalidValueContext(Field([1.0, .nan, 3.0])))
        #expect(keyStrings(context.codingPath) == ["value", "Index 1"])
        #expect(context.codingPath.last?.intValue == 1)
        #expect(context.codingPath.first?.intValue == nil)
    }

    @Test func floatArrayElementPath() {
        let context = invalidValueContext(Field([Float(1), 2, .infinity]))
        #expect(keyStrings(context?.codingPath ?? []) == ["value", "Index 2"])
        #expect(context?.debugDescription == nonConformingMessage("Float.infinity"))
    }

    @Test func dictionaryValuePath() {
        // TEST testEncodingDictionaryFailureKeyPath.
        let context = invalidValueContext(["key": EncodeFailure(someValue: .nan)])
        #expect(keyStrings(context?.codingPath ?? []) == ["key", "someValue"])
        #expect(context?.debugDescription == nonConformingMessage("Double.nan"))
    }

    @Test func nestedDictionaryValuePath() {
        // TEST testEncodingDictionaryFailureKeyPathNested: four elements.
        let context = invalidValueContext(["key": ["sub_key": EncodeFailure(someValue: .nan)]])
        #expect(keyStrings(context?.codingPath ?? []) == ["key", "sub_key", "someValue"])
        struct Holder: Encodable { var map: [String: [String: EncodeFailure]] }
        let nested = invalidValueContext(Holder(map: ["key": ["sub_key": EncodeFailure(someValue: .nan)]]))
        #expect(keyStrings(nested?.codingPath ?? []) == ["map", "key", "sub_key", "someValue"])
    }

    @Test func deepPathThroughStructsAndArrays() {
        struct Leaf: Encodable { var numbers: [Double] }
        struct Branch: Encodable { var leaves: [Leaf] }
        let context = invalidValueContext(Branch(leaves: [Leaf(numbers: [1]), Leaf(numbers: [2, 3, -.infinity])]))
        #expect(keyStrings(context?.codingPath ?? []) == ["leaves", "Index 1", "numbers", "Index 2"])
        #expect(context?.debugDescription == nonConformingMessage("-Double.infinity"))
    }

    @Test func singleValuePathIsTheEncoderPath() {
        let context = invalidValueContext(Field(SingleValue(Double.nan)))
        #expect(keyStrings(context?.codingPath ?? []) == ["value"])
    }

    @Test func nestedContainerKeyIsNotInTheValuePath() {
        // The SDK pushes keys on the encoder, not on nested containers.
        struct Nested: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                var nested = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                try nested.encode(Double.nan, forKey: .first)
            }
        }
        let context = invalidValueContext(Nested())
        #expect(keyStrings(context?.codingPath ?? []) == ["first"])
    }

    @Test func convertToStringWritesTheGivenStrings() throws {
        let encoder = Firestore.Encoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN"
        )
        let result = try encoder.encode(Field([Double.infinity, -Double.infinity, Double.nan, 1]))
        let elements = try #require(result["value"] as? [Any])
        #expect(elements.map(typeName) == ["String", "String", "String", "Double"])
        #expect(elements.prefix(3).compactMap { $0 as? String } == ["+inf", "-inf", "NaN"])
        let float = try encoder.encode(FloatModel(value: -.infinity))
        #expect(float["value"] as? String == "-inf")
    }
}
