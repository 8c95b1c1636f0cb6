import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §3: only maps are documents.
@Suite("Encoder: top level")
struct EncoderTopLevelTests {
    struct Empty: Encodable {}
    struct Model: Encodable { var x = 1 }

    @Test func emptyStructEncodesToAnEmptyMap() throws {
        let result = try encoded(Empty())
        #expect(result.isEmpty)
    }

    @Test func structEncodesToItsMap() throws {
        let result = try encoded(Model())
        #expect(result.count == 1)
        #expect(result["x"] as? Int == 1)
    }

    @Test func stringKeyedDictionaryIsADocument() throws {
        let result = try encoded(["a": 1, "b": 2])
        #expect(result["a"] as? Int == 1)
        #expect(result["b"] as? Int == 2)
    }

    @Test func someOptionalModelIsADocument() throws {
        let result = try encoded(Optional(Model()))
        #expect(result["x"] as? Int == 1)
    }

    @Test func customSingleValueMapIsADocument() throws {
        let result = try encoded(SingleValue(Model()))
        #expect(result["x"] as? Int == 1)
    }

    @Test func arrayIsNotAllowed() {
        let context = invalidValueContext([1, 2])
        #expect(context?.debugDescription == "Top-level Array<Int> is not allowed.")
        #expect(context?.codingPath.isEmpty == true)
    }

    @Test func scalarIsNotAllowed() {
        #expect(invalidValueContext(42)?.debugDescription == "Top-level Int is not allowed.")
        #expect(invalidValueContext("text")?.debugDescription == "Top-level String is not allowed.")
    }

    @Test func nilOptionalIsNotAllowed() {
        let context = invalidValueContext(Model?.none)
        #expect(context?.debugDescription == "Top-level Optional<Model> is not allowed.")
    }

    @Test func documentReferenceIsNotAllowed() throws {
        let reference = try DocumentReference(path: "books/abc")
        #expect(invalidValueContext(reference)?.debugDescription == "Top-level DocumentReference is not allowed.")
    }

    @Test func fieldValueIsNotAllowed() {
        let context = invalidValueContext(FieldValue.serverTimestamp())
        #expect(context?.debugDescription == "Top-level FieldValue is not allowed.")
    }

    @Test func dateIsNotAllowed() {
        #expect(invalidValueContext(Date())?.debugDescription == "Top-level Date is not allowed.")
    }

    @Test func valueThatEncodesNothingDidNotEncodeAnyValues() {
        let context = invalidValueContext(EncodesNothing())
        #expect(context?.debugDescription == "Top-level EncodesNothing did not encode any values.")
        #expect(context?.codingPath.isEmpty == true)
    }

    @Test func customDateThatEncodesNothingIsAnEmptyMap() throws {
        // The SDK's date strategy falls back to an empty map, so even a top-level Date passes.
        let encoder = Firestore.Encoder()
        encoder.dateEncodingStrategy = .custom { _, _ in }
        let result = try encoder.encode(Date())
        #expect(result.isEmpty)
    }

    @Test func eachCallReadsTheStrategiesAnew() throws {
        let encoder = Firestore.Encoder()
        let date = Date(timeIntervalSince1970: 10)
        let first = try encoder.encode(Field(date))
        encoder.dateEncodingStrategy = .secondsSince1970
        let second = try encoder.encode(Field(date))
        #expect(first["value"] as? Timestamp == Timestamp(seconds: 10, nanoseconds: 0))
        #expect(second["value"] as? Double == 10)
    }

    @Test func userInfoReachesEncodeTo() throws {
        struct ReadsUserInfo: Encodable {
            static let key = CodingUserInfoKey(rawValue: "flavour")!
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(encoder.userInfo[Self.key] as? String ?? "none", forKey: .flavour)
            }
        }
        let encoder = Firestore.Encoder()
        encoder.userInfo[ReadsUserInfo.key] = "vanilla"
        #expect(try encoder.encode(ReadsUserInfo())["flavour"] as? String == "vanilla")
    }
}

enum EncoderCodingKeys: String, CodingKey {
    case flavour, a, b, first, second, top, id, nested, name
}
