import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §9 (encode side) and §7: `@DocumentID`, `@ServerTimestamp`,
/// `@ExplicitNull` through `Firestore.Encoder`.
@Suite("Wrappers: encoding through Firestore.Encoder")
struct WrapperEncodingTests {
    static let documentIDMessage = "DocumentID values can only be encoded with Firestore.Encoder"

    struct Named: Codable {
        @DocumentID var id: String?
        var name: String
    }

    @Test func documentIDIsSkippedInKeyedContainers() throws {
        // TEST testDocumentIDIgnoredInEncoding: the stored document is exactly {"name": …}.
        let result = try encoded(Named(id: "abc", name: "name"))
        #expect(Set(result.keys) == ["name"])
        let withoutID = try encoded(Named(id: nil, name: "name"))
        #expect(Set(withoutID.keys) == ["name"])
    }

    @Test func documentReferenceIDIsSkippedToo() throws {
        struct Model: Codable {
            @DocumentID var reference: DocumentReference?
            var n = 1
        }
        let reference = try DocumentReference(path: "a/b")
        #expect(Set(try encoded(Model(reference: reference)).keys) == ["n"])
    }

    @Test func documentIDInAnArrayThrows() {
        let error = firestoreEncodingError(Field([DocumentID<String>(wrappedValue: "x")]))
        #expect(error == .encodingIsNotSupported(Self.documentIDMessage))
    }

    @Test func documentIDAtTopLevelThrows() {
        let error = firestoreEncodingError(DocumentID<String>(wrappedValue: nil))
        #expect(error == .encodingIsNotSupported(Self.documentIDMessage))
    }

    @Test func documentIDInACustomSingleValueThrows() {
        let error = firestoreEncodingError(Field(SingleValue(DocumentID<String>(wrappedValue: nil))))
        #expect(error == .encodingIsNotSupported(Self.documentIDMessage))
    }

    @Test func documentIDAsAnOptionalThroughACustomEncodeThrows() {
        // Only the exact wrapper type is skipped; an Optional around it is encoded and throws.
        struct Model: Encodable {
            var id = DocumentID<String>(wrappedValue: nil)
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(Optional(id), forKey: .id)
            }
        }
        #expect(firestoreEncodingError(Model()) == .encodingIsNotSupported(Self.documentIDMessage))
    }

    @Test func serverTimestampNilIsTheSentinel() throws {
        struct Model: Codable { @ServerTimestamp var createdAt: Timestamp? }
        let result = try encoded(Model(createdAt: nil))
        let sentinel = try #require(result["createdAt"] as? FieldValue)
        guard case .serverTimestamp = sentinel.kind else {
            Issue.record("expected the server timestamp sentinel, got \(sentinel)")
            return
        }
    }

    @Test func serverTimestampValueIsItsTimestamp() throws {
        struct Model: Codable {
            @ServerTimestamp var timestamp: Timestamp?
            @ServerTimestamp var date: Date?
        }
        let model = Model(
            timestamp: Timestamp(seconds: 5, nanoseconds: 6),
            date: Date(timeIntervalSince1970: 1_570_484_031.123)
        )
        let result = try encoded(model)
        #expect(result["timestamp"] as? Timestamp == Timestamp(seconds: 5, nanoseconds: 6))
        #expect(result["date"] as? Timestamp == Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_906))
    }

    @Test func serverTimestampIgnoresTheDateStrategy() throws {
        struct Model: Codable { @ServerTimestamp var date: Date? }
        let encoder = Firestore.Encoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let result = try encoder.encode(Model(date: Date(timeIntervalSince1970: 3)))
        #expect(result["date"] as? Timestamp == Timestamp(seconds: 3, nanoseconds: 0))
    }

    @Test func serverTimestampUserTypeAndItsError() throws {
        // TEST testServerTimestampUserType: a String wrapped through an ISO formatter;
        // an invalid string fails with the user's own error.
        struct Model: Codable { @ServerTimestamp var timestamp: ISODate? }
        let result = try encoded(Model(timestamp: ISODate(text: "2019-10-07T21:33:51Z")))
        #expect(result["timestamp"] as? Timestamp == Timestamp(seconds: 1_570_484_031, nanoseconds: 0))
        #expect(throws: ISODate.InvalidDate()) {
            try Firestore.Encoder().encode(Model(timestamp: ISODate(text: "Invalid date")))
        }
    }

    @Test func explicitNullNilIsNullAndPlainOptionalIsOmitted() throws {
        // TEST testExplicitNull.
        struct Model: Codable {
            @ExplicitNull var name: String?
            var plain: String?
        }
        let result = try encoded(Model(name: nil, plain: nil))
        #expect(Set(result.keys) == ["name"])
        #expect(result["name"] is NSNull)
        let present = try encoded(Model(name: "x", plain: "y"))
        #expect(present["name"] as? String == "x")
        #expect(present["plain"] as? String == "y")
    }

    @Test func explicitNullKeepsTheValueKind() throws {
        struct Model: Encodable {
            @ExplicitNull var small: Int8?
            @ExplicitNull var point: GeoPoint?
        }
        let result = try encoded(Model(small: 3, point: GeoPoint(latitude: 1, longitude: 2)))
        #expect(typeName(result["small"]) == "Int8")
        #expect(result["point"] as? GeoPoint == GeoPoint(latitude: 1, longitude: 2))
    }

    @Test func conditionalConformances() {
        // TEST ConditionalConformanceTests: equality and hashing use the wrapped value.
        #expect(DocumentID<String>(wrappedValue: "a") == DocumentID<String>(wrappedValue: "a"))
        #expect(DocumentID<String>(wrappedValue: "a") != DocumentID<String>(wrappedValue: "b"))
        #expect(ServerTimestamp<Timestamp>(wrappedValue: nil) == ServerTimestamp<Timestamp>(wrappedValue: nil))
        #expect(ExplicitNull<Int>(wrappedValue: 1) != ExplicitNull<Int>(wrappedValue: nil))
        let set: Set = [ExplicitNull<Int>(wrappedValue: 1), ExplicitNull<Int>(wrappedValue: 1)]
        #expect(set.count == 1)
        #expect(Set([DocumentID<String>(wrappedValue: "a")]).count == 1)
        #expect(Set([ServerTimestamp<Date>(wrappedValue: nil)]).count == 1)
    }
}

/// A user type for `@ServerTimestamp`: an ISO 8601 string.
struct ISODate: Codable, ServerTimestampWrappable, Equatable {
    struct InvalidDate: Error, Equatable {}
    var text: String

    static func wrap(_ timestamp: Timestamp) throws -> ISODate {
        ISODate(text: ISO8601DateFormatter().string(from: timestamp.dateValue()))
    }

    static func unwrap(_ value: ISODate) throws -> Timestamp {
        guard let date = ISO8601DateFormatter().date(from: value.text) else { throw InvalidDate() }
        return Timestamp(date: date)
    }
}
