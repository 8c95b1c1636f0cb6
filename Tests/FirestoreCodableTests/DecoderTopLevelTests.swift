import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §5: what decoding does with the top-level value.
@Suite("Decoder: top level")
struct DecoderTopLevelTests {
    struct Model: Decodable, Equatable {
        var name: String
        var count: Int
    }

    @Test("a struct from null is valueNotFound of its keyed container")
    func structFromNull() {
        let failure = decodingFailure(Model.self, from: NSNull())
        #expect(failure == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [],
            "Cannot get keyed decoding container -- found null value instead."
        ))
    }

    @Test("an optional struct from null is nil")
    func optionalStructFromNull() throws {
        let model = try Firestore.Decoder().decode(Model?.self, from: NSNull())
        #expect(model == nil)
        let typed = try Firestore.Decoder().decode(Model?.self, from: FirestoreValue.null)
        #expect(typed == nil)
    }

    @Test("Date, Data, URL, Decimal and [String: V] from null: no top-level value")
    func nilReturningTypesFromNull() throws {
        let decoder = Firestore.Decoder()
        let attempts: [(String, () throws -> Any)] = [
            ("Date", { try decoder.decode(Date.self, from: NSNull()) }),
            ("Data", { try decoder.decode(Data.self, from: NSNull()) }),
            ("URL", { try decoder.decode(URL.self, from: NSNull()) }),
            ("Decimal", { try decoder.decode(Decimal.self, from: NSNull()) }),
            ("Dictionary<String, Int>", { try decoder.decode([String: Int].self, from: NSNull()) }),
        ]
        for (typeName, attempt) in attempts {
            let error = try #require(thrownError { try attempt() })
            #expect(DecodingFailure(error) == DecodingFailure(
                .valueNotFound, typeName, [], "The given data did not contain a top-level value."
            ))
        }
    }

    @Test("a scalar from null is the single-value null error")
    func scalarFromNull() {
        #expect(decodingFailure(Int.self, from: NSNull()) == DecodingFailure(
            .valueNotFound, "Int", [], "Expected Int but found null value instead."
        ))
        #expect(decodingFailure(String.self, from: NSNull()) == DecodingFailure(
            .valueNotFound, "String", [], "Expected String but found null value instead."
        ))
    }

    @Test("an array from null is valueNotFound of its unkeyed container")
    func arrayFromNull() throws {
        let failure = try #require(decodingFailure([Int].self, from: NSNull()))
        #expect(failure.kind == .valueNotFound)
        #expect(failure.path == [])
        #expect(failure.message == "Cannot get unkeyed decoding container -- found null value instead.")
    }

    @Test("non-map top levels decode")
    func nonMapTopLevels() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode([Int].self, from: [1, 2, 3]) == [1, 2, 3])
        #expect(try decoder.decode(String.self, from: "text") == "text")
        #expect(try decoder.decode(Int.self, from: FirestoreValue.integer(7)) == 7)
        #expect(try decoder.decode(Bool.self, from: true) == true)
    }

    @Test("extra fields are ignored")
    func extraFieldsIgnored() throws {
        let data: [String: Any] = ["name": "a", "count": 2, "unknown": [1, 2], "other": ["x": NSNull()]]
        #expect(try Firestore.Decoder().decode(Model.self, from: data) == Model(name: "a", count: 2))
    }

    @Test("the typed entry points read a FirestoreMap and a FirestoreValue")
    func typedEntryPoints() throws {
        let map: FirestoreMap = ["name": .string("b"), "count": .integer(3)]
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Model.self, from: map) == Model(name: "b", count: 3))
        #expect(try decoder.decode(Model.self, from: FirestoreValue.map(map)) == Model(name: "b", count: 3))
        // A FirestoreMap or FirestoreValue passed as Any takes the same route.
        #expect(try decoder.decode(Model.self, from: map as Any) == Model(name: "b", count: 3))
    }

    @Test("a struct from a non-map is a type mismatch against Dictionary<String, Any>")
    func structFromScalar() {
        #expect(decodingFailure(Model.self, from: 5) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [],
            "Expected to decode Dictionary<String, Any> but found a number instead."
        ))
        #expect(decodingFailure(Model.self, from: [1]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [],
            "Expected to decode Dictionary<String, Any> but found an array instead."
        ))
    }
}
