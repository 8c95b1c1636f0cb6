// The models of Google's guide "Map Cloud Firestore data with Swift Codable" compile unchanged
// against `import FirebaseFirestore` (Sources/Models/GuideModels.swift); these tests read and
// write a few of them as the guide does, through `DocumentSnapshot.data(as:)` and
// `Firestore.Encoder`.
import FirebaseFirestore
@testable import Models
import Testing

@Suite struct GuideModelsTests {
    private let reference: DocumentReference

    init() throws {
        reference = try DocumentReference(path: "programming-languages/ada")
    }

    @Test func aRenamedKeyAndTheDocumentID() throws {
        let fields: FirestoreMap = ["language_name": .string("Ada"), "year": .timestamp(Timestamp(seconds: -3_976_214_400, nanoseconds: 0))]
        let language = try DocumentSnapshot(reference: reference, fields: fields).data(as: ProgrammingLanguage.self)
        #expect(language.id == "ada")
        #expect(language.name == "Ada")
        #expect(language.reasonWhyILoveThis == "")
        let written = try Firestore.Encoder().encode(language)
        #expect(written.keys.sorted() == ["language_name", "year"])
    }

    @Test func aColorAsItsHexText() throws {
        let tag = Tag(title: "SciFi", color: Color(hex: "#FF8000"))
        let written = try Firestore.Encoder().encode(tag)
        #expect(written["color"] as? String == "#FF8000FF")
        let fields: FirestoreMap = ["title": .string("SciFi"), "color": .string("#FF8000FF")]
        #expect(try DocumentSnapshot(reference: reference, fields: fields).data(as: Tag.self) == tag)
    }

    @Test func aGeoPointAndAnEnum() throws {
        let fields: FirestoreMap = ["name": .string("HQ"), "location": .geoPoint(GeoPoint(latitude: 37.42, longitude: -122.08))]
        let office = try DocumentSnapshot(reference: reference, fields: fields).data(as: Office.self)
        #expect(office.location == GeoPoint(latitude: 37.42, longitude: -122.08))
        #expect(Status(rawValue: "in review") == .inReview)
    }
}
