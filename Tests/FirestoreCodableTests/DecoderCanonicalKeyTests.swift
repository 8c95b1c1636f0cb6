import FirestoreCodable
import FirestoreModel
import Testing

/// A model whose key is the precomposed "é" (U+00E9).
private struct Accented: Decodable, Equatable {
    var café: String

    enum CodingKeys: String, CodingKey {
        case café = "caf\u{E9}"
    }
}

@Suite("Decoder: canonically equivalent keys")
struct DecoderCanonicalKeyTests {
    @Test func untypedInputFindsACanonicallyEquivalentKeyAsTheSDKsSwiftDictionaryDoes() throws {
        let data: [String: Any] = ["cafe\u{301}": "decomposed"]
        let decoded = try Firestore.Decoder().decode(Accented.self, from: data)
        #expect(decoded == Accented(café: "decomposed"))
    }

    @Test func untypedInputPrefersTheKeyWithTheSameCodePoints() throws {
        let data: [String: Any] = ["caf\u{E9}": "precomposed"]
        #expect(try Firestore.Decoder().decode(Accented.self, from: data) == Accented(café: "precomposed"))
    }

    @Test func typedInputMatchesKeysByCodePointsOnly() {
        let fields: FirestoreMap = ["cafe\u{301}": .string("decomposed")]
        #expect {
            _ = try Firestore.Decoder().decode(Accented.self, from: fields)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue.unicodeScalars.elementsEqual("caf\u{E9}".unicodeScalars)
        }
    }
}
