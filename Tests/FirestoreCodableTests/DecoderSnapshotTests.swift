import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `DocumentSnapshot.data(as:with:decoder:)`.
@Suite("Decoder: DocumentSnapshot.data(as:)")
struct DecoderSnapshotTests {
    struct Book: Decodable, Equatable {
        @DocumentID var id: String?
        var title: String
        var pages: Int
        var related: DocumentReference?
        var published: Date?
    }

    let fields: FirestoreMap = [
        "title": .string("Mostly Harmless"), "pages": .integer(240),
        "published": .timestamp(Timestamp(seconds: 715_000_000, nanoseconds: 0)),
    ]

    @Test("an existing document decodes with its ID")
    func existing() throws {
        let snapshot = DocumentSnapshot(reference: try testReference("books/harmless"), fields: fields)
        let book = try snapshot.data(as: Book.self)
        #expect(book == Book(id: "harmless", title: "Mostly Harmless", pages: 240, related: nil,
                             published: Timestamp(seconds: 715_000_000, nanoseconds: 0).dateValue()))
        #expect(try snapshot.data(as: Book.self, with: .estimate) == book)
    }

    @Test("a missing document: T throws valueNotFound, T? is nil")
    func missing() throws {
        let snapshot = DocumentSnapshot(missing: try testReference("books/does-not-exist"))
        let error = try #require(thrownError { try snapshot.data(as: Book.self) })
        #expect(DecodingFailure(error) == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [],
            "Cannot get keyed decoding container -- found null value instead."
        ))
        #expect(try snapshot.data(as: Book?.self) == nil)
    }

    @Test("a wrong type in the document fails with its path")
    func wrongType() throws {
        var bad = fields
        bad["pages"] = .string("240")
        let snapshot = DocumentSnapshot(reference: try testReference("books/bad"), fields: bad)
        let error = try #require(thrownError { try snapshot.data(as: Book.self) })
        #expect(DecodingFailure(error) == DecodingFailure(
            .typeMismatch, "Int", [key("pages")], "Expected to decode Int but found a string/data instead."
        ))
    }

    @Test("the given decoder's strategies apply and it keeps the snapshot's reference")
    func givenDecoder() throws {
        struct Snake: Decodable { var pageCount: Int }
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let snapshot = DocumentSnapshot(reference: try testReference("books/snake"), fields: ["page_count": .integer(3)])
        #expect(try snapshot.data(as: Snake.self, decoder: decoder).pageCount == 3)
        #expect(decoder.userInfo[.documentRefUserInfoKey] as? DocumentReference == (try testReference("books/snake")))
    }

    @Test("references into another database come out rooted in the snapshot's, as from data(with:)")
    func rerootedReferences() throws {
        let elsewhere = try DocumentReference(path: "books/other", database: DatabaseID(projectID: "elsewhere"))
        var withReference = fields
        withReference["related"] = .reference(elsewhere)
        let snapshot = DocumentSnapshot(reference: try testReference("books/harmless"), fields: withReference)
        let typed = try snapshot.data(as: Book.self)
        #expect(typed.related == (try testReference("books/other")))
        // The same document through the untyped read path decodes alike.
        let untyped = try Firestore.Decoder().decode(Book.self, from: snapshot.data() as Any, in: snapshot.reference)
        #expect(untyped == typed)
    }
}
