import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §4: arrays, sets, dictionaries and enums.
@Suite("Encoder: collections and enums")
struct EncoderCollectionTests {
    enum Color: String, Codable { case red, green }
    enum Level: Int, Codable { case low = 1, high = 9 }
    enum KeyColor: String, Codable, CodingKeyRepresentable { case red, blue }
    enum Shape: Encodable {
        case none
        case circle(Double)
        case rect(width: Double, height: Double)
    }

    @Test func arrayIsAnArrayOfAny() throws {
        let result = try encoded(Field(["a", "b"]))
        #expect(typeName(result["value"]) == "Array<Any>")
        #expect(result["value"] as? [String] == ["a", "b"])
    }

    @Test func arrayOfArraysIsEncoded() throws {
        // The SDK's encoder accepts nested arrays; only its write path rejects them.
        let result = try encoded(Field([[1], [2, 3]]))
        let outer = try #require(result["value"] as? [Any])
        #expect(outer.map(typeName) == ["Array<Any>", "Array<Any>"])
        #expect(outer.last as? [Int] == [2, 3])
    }

    @Test func setIsAnArray() throws {
        let result = try encoded(Field(Set([3, 1, 2])))
        let elements = try #require(result["value"] as? [Int])
        #expect(elements.sorted() == [1, 2, 3])
    }

    @Test func stringKeyedDictionaryKeepsKeysVerbatim() throws {
        // TEST testEncodingDictionaryStringKeyConversionUntouched.
        struct Model: Encodable { var someMap = ["camelCaseKey": 1, "other_key": 2] }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = try encoder.encode(Model())
        let map = try #require(result["some_map"] as? [String: Any])
        #expect(Set(map.keys) == ["camelCaseKey", "other_key"])
        let topLevel = try encoder.encode(["camelCaseKey": 1])
        #expect(Set(topLevel.keys) == ["camelCaseKey"])
    }

    @Test func intKeyedDictionaryHasDecimalStringKeys() throws {
        let result = try encoded(Field([1: "one", -20: "minus twenty"]))
        let map = try #require(result["value"] as? [String: Any])
        #expect(map["1"] as? String == "one")
        #expect(map["-20"] as? String == "minus twenty")
        #expect(map.count == 2)
    }

    @Test func codingKeyRepresentableKeysAreMapKeys() throws {
        let result = try encoded(Field([KeyColor.red: 1]))
        let map = try #require(result["value"] as? [String: Any])
        #expect(map["red"] as? Int == 1)
    }

    @Test func otherKeyedDictionaryIsAFlatArray() throws {
        // ISSUE #10354: [Enum: V] without CodingKeyRepresentable becomes [k1, v1, k2, v2, …].
        let result = try encoded(Field([Color.red: 5]))
        let elements = try #require(result["value"] as? [Any])
        #expect(elements.count == 2)
        #expect(elements.first as? String == "red")
        #expect(typeName(elements.last) == "Int")
        #expect(elements.last as? Int == 5)
    }

    @Test func enumsWithRawValuesAreTheirRawValues() throws {
        struct Model: Encodable {
            var color = Color.green
            var level = Level.high
        }
        let result = try encoded(Model())
        #expect(result["color"] as? String == "green")
        #expect(typeName(result["level"]) == "Int")
        #expect(result["level"] as? Int == 9)
    }

    @Test func enumsWithoutRawValuesEncodeAsTheStandardLibraryWritesThem() throws {
        let none = try encoded(Field(Shape.none))
        let noneCase = try #require((none["value"] as? [String: Any])?["none"] as? [String: Any])
        #expect(noneCase.isEmpty)

        let circle = try encoded(Field(Shape.circle(2)))
        let circleCase = try #require((circle["value"] as? [String: Any])?["circle"] as? [String: Any])
        #expect(circleCase["_0"] as? Double == 2)

        let rect = try encoded(Field(Shape.rect(width: 3, height: 4)))
        let rectCase = try #require((rect["value"] as? [String: Any])?["rect"] as? [String: Any])
        #expect(rectCase["width"] as? Double == 3)
        #expect(rectCase["height"] as? Double == 4)
    }

    @Test func nonConformingFloatInsideAnEnumCaseReportsTheEncoderPath() {
        // Synthesized enum coding writes through a nested container; the SDK's nested
        // containers do not add their key to the encoder's path, so the case name is absent.
        let context = invalidValueContext(Field(Shape.circle(.nan)))
        #expect(keyStrings(context?.codingPath ?? []) == ["value", "_0"])
        #expect(context?.debugDescription == nonConformingMessage("Double.nan"))
    }
}
