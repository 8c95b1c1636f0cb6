import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `encodeToFirestore` / `encodeToWrite`: the encoder's output through the write path
/// (`Docs/sdk-codable-rules.md` §11), as `setData(from:)` stores it.
@Suite("Encoder: through the write path")
struct EncoderWritePathTests {
    struct Kinds: Encodable {
        var flag = true
        var count = 3
        var tiny: Int8 = 5
        var ratio: Float = 0.1
        var amount = Decimal(string: "2.5")
        var when = Date(timeIntervalSince1970: 1_570_484_031.123)
        var blob = Data([7])
        var place = GeoPoint(latitude: 1, longitude: 2)
        @ExplicitNull var cleared: String?
        var skipped: String?
        @ServerTimestamp var stamped: Timestamp?
        var list: [Int16] = [1, 2]
    }

    private func writePathError<T: Encodable>(
        _ value: T, sourceLocation: SourceLocation = #_sourceLocation
    ) -> WritePathError? {
        do {
            let map = try Firestore.Encoder().encodeToFirestore(value)
            Issue.record("expected WritePathError, got \(map)", sourceLocation: sourceLocation)
        } catch let error as WritePathError {
            return error
        } catch {
            Issue.record("expected WritePathError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func storedValuesAsTheSDKStoresThem() throws {
        let map = try Firestore.Encoder().encodeToFirestore(Kinds())
        #expect(map["flag"] == .boolean(true))
        #expect(map["count"] == .integer(3))
        #expect(map["tiny"] == .boolean(true))
        #expect(map["ratio"] == .double(Double(Float(0.1))))
        #expect(map["amount"] == .double(2.5))
        #expect(map["when"] == .timestamp(Timestamp(seconds: 1_570_484_031, nanoseconds: 122_999_000)))
        #expect(map["blob"] == .bytes(Data([7])))
        #expect(map["place"] == .geoPoint(GeoPoint(latitude: 1, longitude: 2)))
        #expect(map["cleared"] == .null)
        #expect(map["list"] == .array([.integer(1), .integer(2)]))
        #expect(!map.contains(key: "skipped"))
        #expect(!map.contains(key: "stamped"))
        #expect(map.count == 10)
    }

    @Test func faithfulOptionsKeepInt8AndFloatMeaning() throws {
        let map = try Firestore.Encoder().encodeToFirestore(Kinds(), options: .faithful)
        #expect(map["tiny"] == .integer(5))
        #expect(map["ratio"] == .double(0.1))
    }

    @Test func serverTimestampBecomesATransform() throws {
        let write = try Firestore.Encoder().encodeToWrite(Kinds())
        #expect(write.transforms == [FieldTransform(path: ValuePath(keys: "stamped"), kind: .serverTimestamp)])
        #expect(write.kind == .set)
    }

    @Test func nestedArraysAreRejected() {
        let error = writePathError(Field([[1], [2]]))
        #expect(error?.kind == .nestedArray)
        #expect(error?.path == ValuePath([.key("value"), .index(0)]))
    }

    @Test func unsignedAboveInt64MaxIsRejected() {
        let error = writePathError(Field(UInt64.max))
        #expect(error?.kind == .integerTooLarge)
        #expect(error?.message == "NSNumber (18446744073709551615) is too large (found in field value)")
    }

    @Test func distantPastIsRejected() {
        let error = writePathError(Field(Date.distantPast))
        #expect(error?.kind == .timestampOutOfRange)
        #expect(error?.path == ValuePath(keys: "value"))
    }

    @Test func encodingErrorsComeFirst() {
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encodeToFirestore([1]) }
    }
}
