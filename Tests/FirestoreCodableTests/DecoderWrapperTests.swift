import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §9 (decode side): `@DocumentID`, `@ServerTimestamp`,
/// `@ExplicitNull`, and the Firestore value types.
@Suite("Decoder: property wrappers and Firestore value types")
struct DecoderWrapperTests {
    struct Book: Decodable, Equatable {
        @DocumentID var id: String?
        var title: String
    }

    struct Shelf: Decodable, Equatable {
        @DocumentID var id: String?
        var book: Book
        var books: [Book]
    }

    struct Referenced: Decodable, Equatable {
        @DocumentID var reference: DocumentReference?
        var title: String
    }

    // MARK: @DocumentID

    @Test("@DocumentID is the document's ID; a field of the same name is ignored")
    func documentID() throws {
        let reference = try testReference("books/hitchhiker")
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Book.self, from: ["title": "T"], in: reference) == Book(id: "hitchhiker", title: "T"))
        #expect(try decoder.decode(Book.self, from: ["title": "T", "id": "other"], in: reference).id == "hitchhiker")
        #expect(try decoder.decode(Book.self, from: ["title": "T", "id": 42], in: reference).id == "hitchhiker")
        let typed: FirestoreMap = ["title": .string("T")]
        #expect(try Firestore.Decoder().decode(Book.self, from: typed, in: reference).id == "hitchhiker")
        #expect(try Firestore.Decoder().decode(Referenced.self, from: ["title": "T"], in: reference).reference == reference)
    }

    @Test("@DocumentID without a reference throws decodingIsNotSupported")
    func documentIDWithoutReference() throws {
        let error = try #require(thrownError { try Firestore.Decoder().decode(Book.self, from: ["title": "T"]) })
        #expect(error as? FirestoreDecodingError == .decodingIsNotSupported(
            "Could not find DocumentReference for user info key: CodingUserInfoKey(rawValue: \"DocumentRefUserInfoKey\").\n"
                + "DocumentID values can only be decoded with Firestore.Decoder"
        ))
    }

    @Test("@DocumentID in nested structs and array elements gets the top-level document's ID")
    func documentIDIsDecoderGlobal() throws {
        let shelf = try Firestore.Decoder().decode(Shelf.self, from: [
            "book": ["title": "a"], "books": [["title": "b"], ["title": "c"]],
        ] as [String: Any], in: try testReference("shelves/top"))
        #expect(shelf.id == "top")
        #expect(shelf.book.id == "top")
        #expect(shelf.books.map(\.id) == ["top", "top"])
    }

    @Test("the reference stays in the decoder: a later decode without one reuses it; nil keeps it")
    func staleReference() throws {
        let decoder = Firestore.Decoder()
        _ = try decoder.decode(Book.self, from: ["title": "first"], in: try testReference("books/one"))
        #expect(decoder.userInfo[.documentRefUserInfoKey] as? DocumentReference == (try testReference("books/one")))
        #expect(try decoder.decode(Book.self, from: ["title": "second"]).id == "one")
        #expect(try decoder.decode(Book.self, from: ["title": "third"], in: nil).id == "one")
        #expect(try decoder.decode(Book.self, from: ["title": "fourth"], in: try testReference("books/two")).id == "two")
    }

    struct Unmapped: Decodable {
        @DocumentID var id: String?
        var title: String
        enum CodingKeys: String, CodingKey { case title }
    }

    struct CustomDecoded: Decodable {
        var required: DocumentID<String>
        var optional: DocumentID<String>?
        enum CodingKeys: String, CodingKey { case required = "id", optional = "other" }
        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            required = try container.decode(DocumentID<String>.self, forKey: .required)
            optional = try container.decodeIfPresent(DocumentID<String>.self, forKey: .optional)
        }
    }

    @Test("@DocumentID left out of CodingKeys stays nil; decode works, decodeIfPresent of an absent key is nil")
    func documentIDAndCodingKeys() throws {
        let reference = try testReference("books/x")
        #expect(try Firestore.Decoder().decode(Unmapped.self, from: ["title": "T"], in: reference).id == nil)
        let custom = try Firestore.Decoder().decode(CustomDecoded.self, from: ["title": "T"], in: reference)
        #expect(custom.required.wrappedValue == "x")
        #expect(custom.optional == nil)
        let present = try Firestore.Decoder().decode(CustomDecoded.self, from: ["other": "?"], in: reference)
        #expect(present.optional?.wrappedValue == "x")
    }

    // MARK: @ServerTimestamp

    struct Stamped: Decodable, Equatable {
        @ServerTimestamp var createdAt: Timestamp?
        @ServerTimestamp var updatedAt: Date?
    }

    @Test("@ServerTimestamp: a timestamp or {seconds, nanoseconds} map is wrapped; null is nil")
    func serverTimestamp() throws {
        let stamp = Timestamp(seconds: 100, nanoseconds: 5)
        let decoded = try Firestore.Decoder().decode(Stamped.self, from: [
            "createdAt": stamp, "updatedAt": ["seconds": 100, "nanoseconds": 0],
        ] as [String: Any])
        #expect(decoded.createdAt == stamp)
        #expect(decoded.updatedAt == Date(timeIntervalSince1970: 100))
        let pending = try Firestore.Decoder().decode(Stamped.self, from: ["createdAt": NSNull(), "updatedAt": NSNull()])
        #expect(pending.createdAt == nil && pending.updatedAt == nil)
    }

    @Test("@ServerTimestamp: an absent key is keyNotFound; a wrong type a mismatch against Dictionary")
    func serverTimestampErrors() {
        #expect(decodingFailure(Stamped.self, from: ["createdAt": NSNull()]) == DecodingFailure(
            .keyNotFound, "updatedAt", [],
            "No value associated with key CodingKeys(stringValue: \"updatedAt\", intValue: nil) (\"updatedAt\")."
        ))
        #expect(decodingFailure(Stamped.self, from: ["createdAt": 5, "updatedAt": NSNull()]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [key("createdAt")],
            "Expected to decode Dictionary<String, Any> but found a number instead."
        ))
    }

    // MARK: @ExplicitNull

    struct Nullable: Decodable, Equatable {
        @ExplicitNull var note: String?
    }

    @Test("@ExplicitNull: null is nil, a value is read, an absent key is keyNotFound")
    func explicitNull() throws {
        #expect(try Firestore.Decoder().decode(Nullable.self, from: ["note": NSNull()]).note == nil)
        #expect(try Firestore.Decoder().decode(Nullable.self, from: ["note": "n"]).note == "n")
        #expect(decodingFailure(Nullable.self, from: [String: Any]()) == DecodingFailure(
            .keyNotFound, "note", [],
            "No value associated with key CodingKeys(stringValue: \"note\", intValue: nil) (\"note\")."
        ))
        #expect(decodingFailure(Nullable.self, from: ["note": 1]) == DecodingFailure(
            .typeMismatch, "String", [key("note")], "Expected to decode String but found a number instead."
        ))
    }

    // MARK: Firestore value types

    struct Place: Decodable, Equatable {
        var at: GeoPoint
        var when: Timestamp
        var ref: DocumentReference
        var embedding: VectorValue
    }

    @Test("stored Timestamp, GeoPoint, DocumentReference and VectorValue pass through")
    func passThrough() throws {
        let reference = try testReference("places/p")
        let place = try Firestore.Decoder().decode(Place.self, from: [
            "at": GeoPoint(latitude: 1, longitude: 2), "when": Timestamp(seconds: 3, nanoseconds: 4),
            "ref": reference, "embedding": VectorValue([0.5, 1]),
        ] as [String: Any])
        #expect(place == Place(at: GeoPoint(latitude: 1, longitude: 2), when: Timestamp(seconds: 3, nanoseconds: 4),
                               ref: reference, embedding: VectorValue([0.5, 1])))
        let typed: FirestoreMap = [
            "at": .geoPoint(place.at), "when": .timestamp(place.when), "ref": .reference(reference),
            "embedding": .vector(place.embedding),
        ]
        #expect(try Firestore.Decoder().decode(Place.self, from: typed) == place)
    }

    @Test("Timestamp, GeoPoint and VectorValue also decode from their keyed forms")
    func keyedForms() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Timestamp.self, from: ["seconds": 1, "nanoseconds": 2]) == Timestamp(seconds: 1, nanoseconds: 2))
        #expect(try decoder.decode(GeoPoint.self, from: ["latitude": 10, "longitude": 20.5]) == GeoPoint(latitude: 10, longitude: 20.5))
        #expect(try decoder.decode(VectorValue.self, from: ["array": [1, 2.5]]) == VectorValue([1, 2.5]))
    }

    @Test("a value type from the wrong kind of value")
    func valueTypeMismatches() throws {
        #expect(decodingFailure(GeoPoint.self, from: Timestamp(seconds: 0, nanoseconds: 0)) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [], "Expected to decode Dictionary<String, Any> but found Timestamp instead."
        ))
        #expect(decodingFailure(Timestamp.self, from: ["latitude": 1]) == DecodingFailure(
            .keyNotFound, "seconds", [],
            "No value associated with key CodingKeys(stringValue: \"seconds\", intValue: nil) (\"seconds\")."
        ))
        let error = try #require(thrownError { try Firestore.Decoder().decode(DocumentReference.self, from: "books/b") })
        #expect(error as? FirestoreDecodingError == .decodingIsNotSupported(
            "DocumentReference values can only be decoded with Firestore.Decoder"
        ))
    }
}
