import FirebaseFirestore
import Testing

/// The SDK's snapshots: `data()` hands numbers and booleans as iOS does (NSNumber, bridged by
/// `as?`), a query's snapshot has a non-optional `data()`, and fields are read by name, by
/// dotted path and by `FieldPath`.
@Suite struct SnapshotTests {
    private let reference: DocumentReference

    init() throws {
        reference = try DocumentReference(path: "things/t1")
    }

    private static let numbers: FirestoreMap = [
        "three": .integer(3), "one": .integer(1), "big": .integer(9_007_199_254_740_993),
        "threePointZero": .double(3), "twoAndAHalf": .double(2.5), "pointOne": .double(0.1),
        "yes": .boolean(true), "no": .boolean(false),
        "nested": .map(["list": .array([.integer(7), .double(0.5), .boolean(true)])]),
    ]

    /// `as? T` of the value at `key` of `data`, in the shapes an app writes it.
    private func cast(_ data: [String: Any], _ key: String) -> (int: Int?, double: Double?, float: Float?, bool: Bool?) {
        (data[key] as? Int, data[key] as? Double, data[key] as? Float, data[key] as? Bool)
    }

    @Test func dataBridgesNumbersAsIOSDoes() throws {
        let data = try #require(DocumentSnapshot(reference: reference, fields: Self.numbers).data())
        // An integer reads as Int, Double and Float; not as Bool unless it is 0 or 1.
        #expect(cast(data, "three") == (3, 3.0, 3.0, nil))
        #expect(cast(data, "one") == (1, 1.0, 1.0, true))
        // An integer no Double holds exactly reads as Int only.
        #expect(cast(data, "big") == (9_007_199_254_740_993, nil, nil, nil))
        // A double with no fraction reads as Int; one with a fraction does not.
        #expect(cast(data, "threePointZero") == (3, 3.0, 3.0, nil))
        #expect(cast(data, "twoAndAHalf") == (nil, 2.5, 2.5, nil))
        // A double no Float holds exactly is no Float.
        #expect(cast(data, "pointOne") == (nil, 0.1, nil, nil))
        // A boolean is the number 1 or 0.
        #expect(cast(data, "yes") == (1, 1.0, 1.0, true))
        #expect(cast(data, "no") == (0, 0.0, 0.0, false))
        #expect(data["three"] is NSNumber && data["yes"] is NSNumber)
        // Inside maps and arrays too.
        let list = try #require((data["nested"] as? [String: Any])?["list"] as? [Any])
        #expect(list[0] as? Int == 7 && list[1] as? Float == 0.5 && list[2] as? Int == 1)
    }

    @Test func dataKeepsTheOtherKindsAsTheSDKHandsThem() throws {
        let time = Timestamp(seconds: 1_700_000_000, nanoseconds: 5_000)
        let fields: FirestoreMap = ["at": .timestamp(time), "name": .string("x"), "none": .null,
                                    "place": .geoPoint(GeoPoint(latitude: 1, longitude: 2))]
        let data = try #require(DocumentSnapshot(reference: reference, fields: fields).data(with: .estimate))
        #expect(data["at"] as? Timestamp == time)
        #expect(data["at"] as? Date == nil)
        #expect(data["name"] as? String == "x")
        #expect(data["none"] is NSNull)
        #expect((data["place"] as? GeoPoint)?.longitude == 2)
    }

    @Test func aQuerySnapshotsDataIsNotOptional() {
        let snapshot = QueryDocumentSnapshot(reference: reference, fields: Self.numbers)
        let data: [String: Any] = snapshot.data()
        let estimated: [String: Any] = snapshot.data(with: .previous)
        #expect(data["three"] as? Int == 3)
        #expect(estimated["pointOne"] as? Double == 0.1)
        // Seen as a DocumentSnapshot, the same object gives the same fields, optional.
        let document: DocumentSnapshot = snapshot
        #expect(document.data()?["yes"] as? Bool == true)
        #expect(snapshot.exists && snapshot.documentID == "t1" && snapshot.reference == reference)
    }

    @Test func fieldsAreReadByNameDottedPathAndFieldPath() {
        let fields: FirestoreMap = ["address": .map(["city": .string("Oslo"), "zip.code": .integer(150)]), "count": .integer(2)]
        let snapshot = DocumentSnapshot(reference: reference, fields: fields)
        #expect(snapshot.get("count") as? Int == 2)
        #expect(snapshot["count"] as? Double == 2)
        #expect(snapshot.get("address.city") as? String == "Oslo")
        #expect(snapshot["address.city"] as? String == "Oslo")
        // A segment holding a dot is reached by FieldPath only.
        #expect(snapshot.get("address.zip.code") == nil)
        #expect(snapshot.get(FieldPath(["address", "zip.code"])) as? Int == 150)
        #expect(snapshot[FieldPath(["address", "zip.code"])] as? Float == 150)
        #expect(snapshot.get("address.missing") == nil)
        #expect(snapshot.get("count.below") == nil)
        // Not a valid path: the SDK raises an exception; here there is no value.
        #expect(snapshot.get("address..city") == nil)
        #expect((snapshot.get("address") as? [String: Any])?["zip.code"] as? Int == 150)
    }

    @Test func aMissingDocumentHasNoData() throws {
        let snapshot = DocumentSnapshot(missing: reference)
        #expect(!snapshot.exists)
        #expect(snapshot.data() == nil)
        #expect(snapshot.data(with: .estimate) == nil)
        #expect(snapshot.get("anything") == nil)
        #expect(snapshot.documentID == "t1")
        #expect(throws: DecodingError.self) { try snapshot.data(as: Thing.self) }
        #expect(try snapshot.data(as: Thing?.self) == nil)
    }

    @Test func dataAsDecodesWithTheDocumentsReference() throws {
        let snapshot = DocumentSnapshot(reference: reference, fields: ["count": .integer(2)])
        #expect(try snapshot.data(as: Thing.self) == Thing(id: "t1", count: 2))
        #expect(try snapshot.data(as: Thing.self, with: .estimate) == Thing(id: "t1", count: 2))
    }
}

/// A Codable model with its document ID.
private struct Thing: Codable, Equatable {
    @DocumentID var id: String?
    var count: Int
}
