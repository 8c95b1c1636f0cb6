import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §9.1 and §9.4: the wrappers and the Firestore value types with
/// coders other than `Firestore.Encoder`/`Firestore.Decoder` (here Foundation's JSON coders).
@Suite("Wrappers and value types with foreign coders")
struct WrapperForeignCoderTests {
    static let missingReferenceMessage = "Could not find DocumentReference for user info key: "
        + "CodingUserInfoKey(rawValue: \"DocumentRefUserInfoKey\").\n"
        + "DocumentID values can only be decoded with Firestore.Decoder"

    struct Named: Codable {
        @DocumentID var id: String?
        var name: String
    }

    private func json(_ text: String) -> Data { Data(text.utf8) }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func userInfoKeyRawValue() {
        #expect(CodingUserInfoKey.documentRefUserInfoKey.rawValue == "DocumentRefUserInfoKey")
    }

    @Test func documentIDWithJSONEncoderThrows() {
        // TEST testDocumentIDWithJsonEncoderThrows.
        #expect(throws: FirestoreEncodingError.encodingIsNotSupported(
            "DocumentID values can only be encoded with Firestore.Encoder"
        )) {
            try JSONEncoder().encode(Named(id: nil, name: "n"))
        }
    }

    @Test func documentIDWithoutAReferenceThrows() {
        #expect(throws: FirestoreDecodingError.decodingIsNotSupported(Self.missingReferenceMessage)) {
            try JSONDecoder().decode(Named.self, from: json(#"{"id": "x", "name": "n"}"#))
        }
    }

    @Test func documentIDReadsTheReferenceFromUserInfo() throws {
        struct ByReference: Codable {
            @DocumentID var reference: DocumentReference?
        }
        let reference = try DocumentReference(path: "books/abc")
        let decoder = JSONDecoder()
        decoder.userInfo[.documentRefUserInfoKey] = reference
        // A synthesized decoder asks the container for the key, so JSON must hold one.
        let named = try decoder.decode(Named.self, from: json(#"{"id": "ignored", "name": "n"}"#))
        #expect(named.id == "abc")
        #expect(named.name == "n")
        let byReference = try decoder.decode(ByReference.self, from: json(#"{"reference": null}"#))
        #expect(byReference.reference == reference)
    }

    @Test func documentReferenceWithJSONCodersThrows() throws {
        let reference = try DocumentReference(path: "a/b")
        #expect(throws: FirestoreEncodingError.encodingIsNotSupported(
            "DocumentReference values can only be encoded with Firestore.Encoder"
        )) {
            try JSONEncoder().encode(Field(reference))
        }
        struct Holder: Decodable { var reference: DocumentReference }
        #expect(throws: FirestoreDecodingError.decodingIsNotSupported(
            "DocumentReference values can only be decoded with Firestore.Decoder"
        )) {
            try JSONDecoder().decode(Holder.self, from: json(#"{"reference": "a/b"}"#))
        }
    }

    @Test func fieldValueWithJSONEncoderThrows() {
        // TEST EncodableFieldValue.testFieldValueEncodeThrows.
        #expect(throws: FirestoreEncodingError.encodingIsNotSupported(
            "FieldValue values can only be encoded with Firestore.Encoder"
        )) {
            try JSONEncoder().encode(Field(FieldValue.delete()))
        }
        struct Model: Encodable { @ServerTimestamp var at: Timestamp? }
        #expect(throws: FirestoreEncodingError.self) { try JSONEncoder().encode(Model(at: nil)) }
    }

    @Test func timestampRoundTripsAsSecondsAndNanoseconds() throws {
        // TEST CodableTimestampTests.
        let timestamp = Timestamp(seconds: -5, nanoseconds: 999_999_999)
        let object = try object(try JSONEncoder().encode(timestamp))
        #expect(object["seconds"] as? Int == -5)
        #expect(object["nanoseconds"] as? Int == 999_999_999)
        #expect(object.count == 2)
        #expect(try JSONDecoder().decode(Timestamp.self, from: try JSONEncoder().encode(timestamp)) == timestamp)
    }

    @Test func timestampOutOfRangeIsDataCorrupted() throws {
        try expectDataCorrupted(
            Timestamp.self, #"{"seconds": 0, "nanoseconds": 1000000000}"#,
            path: ["nanoseconds"], message: "Timestamp nanoseconds out of range: 1000000000"
        )
        try expectDataCorrupted(
            Timestamp.self, #"{"seconds": 0, "nanoseconds": -1}"#,
            path: ["nanoseconds"], message: "Timestamp nanoseconds out of range: -1"
        )
        try expectDataCorrupted(
            Timestamp.self, #"{"seconds": -62135769600, "nanoseconds": 0}"#,
            path: ["seconds"], message: "Timestamp seconds out of range: -62135769600"
        )
        try expectDataCorrupted(
            Timestamp.self, #"{"seconds": 253402300800, "nanoseconds": 0}"#,
            path: ["seconds"], message: "Timestamp seconds out of range: 253402300800"
        )
    }

    @Test func timestampWithAMissingPartIsKeyNotFound() {
        do {
            _ = try JSONDecoder().decode(Timestamp.self, from: json(#"{"nanoseconds": 1}"#))
            Issue.record("expected keyNotFound")
        } catch let DecodingError.keyNotFound(key, _) {
            #expect(key.stringValue == "seconds")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func geoPointRoundTripsAsLatitudeAndLongitude() throws {
        // TEST CodableGeoPointTests.
        let point = GeoPoint(latitude: -33.5, longitude: 151.25)
        let object = try object(try JSONEncoder().encode(point))
        #expect(object["latitude"] as? Double == -33.5)
        #expect(object["longitude"] as? Double == 151.25)
        #expect(try JSONDecoder().decode(GeoPoint.self, from: try JSONEncoder().encode(point)) == point)
    }

    @Test func invalidGeoPointIsDataCorrupted() throws {
        try expectDataCorrupted(
            GeoPoint.self, #"{"latitude": 90.5, "longitude": 0}"#,
            path: ["latitude"], message: "GeoPoint requires a latitude value in the range of [-90, 90], but was 90.5"
        )
        try expectDataCorrupted(
            GeoPoint.self, #"{"latitude": 0, "longitude": -180.5}"#,
            path: ["longitude"], message: "GeoPoint requires a longitude value in the range of [-180, 180], but was -180.5"
        )
    }

    @Test func vectorValueRoundTripsAsArray() throws {
        let vector = VectorValue([1, -2.5, 0])
        let object = try object(try JSONEncoder().encode(vector))
        #expect(object["array"] as? [Double] == [1, -2.5, 0])
        #expect(try JSONDecoder().decode(VectorValue.self, from: try JSONEncoder().encode(vector)) == vector)
    }

    @Test func serverTimestampAndExplicitNullWithJSONCoders() throws {
        struct Model: Codable {
            @ServerTimestamp var at: Timestamp?
            @ExplicitNull var note: String?
        }
        let model = try JSONDecoder().decode(Model.self, from: json(#"{"at": {"seconds": 7, "nanoseconds": 8}, "note": null}"#))
        #expect(model.at == Timestamp(seconds: 7, nanoseconds: 8))
        #expect(model.note == nil)
        let pending = try JSONDecoder().decode(Model.self, from: json(#"{"at": null, "note": "n"}"#))
        #expect(pending.at == nil)
        #expect(pending.note == "n")
        let written = try object(try JSONEncoder().encode(Model(at: Timestamp(seconds: 1, nanoseconds: 2), note: nil)))
        #expect(written["note"] is NSNull)
        #expect((written["at"] as? [String: Any])?["seconds"] as? Int == 1)
    }

    @Test func serverTimestampAndExplicitNullRequireTheirKey() {
        // ISSUE #14883/#15293 and #12552: an absent key is keyNotFound, not nil.
        struct Stamped: Decodable { @ServerTimestamp var at: Timestamp? }
        struct Nulled: Decodable { @ExplicitNull var note: String? }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Stamped.self, from: json("{}")) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Nulled.self, from: json("{}")) }
    }

    private func expectDataCorrupted<T: Decodable>(
        _ type: T.Type, _ text: String, path: [String], message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        do {
            let value = try JSONDecoder().decode(type, from: json(text))
            Issue.record("expected dataCorrupted, got \(value)", sourceLocation: sourceLocation)
        } catch let DecodingError.dataCorrupted(context) {
            #expect(keyStrings(context.codingPath) == path, sourceLocation: sourceLocation)
            #expect(context.debugDescription == message, sourceLocation: sourceLocation)
        }
    }
}
