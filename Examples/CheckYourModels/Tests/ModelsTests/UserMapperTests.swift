// The README's guide "Check your models in 5 minutes", step 3, with seed 001's `User`: its
// Codable conformance against its hand mapper. The guide's test expects the check to be clean;
// this one pins what the check finds in the seed's mapper, class by class, and that the
// failure message a team would see is short.
import Crossfire
import CrossfireReports
import Foundation
@testable import Models
import Testing

// The check writes valid documents, so it must know the cases of an enum.
extension User.MemberClass: CaseIterable {
    public static var allCases: [User.MemberClass] { [.free, .paid] }
}

@Suite struct UserMapperTests {
    let report: LegacyCheckReport

    init() throws {
        let check = try LegacyMapperCheck(User.self,
            decode: { snapshot in User(snapshot.documentID, data: snapshot.data() ?? [:]) },
            encode: { user in user.dictionary })
        report = check.run(cases: 2_000, seed: 1)
        try LegacyCheckReportFiles.write(report, to: "Reports/legacy-check")
    }

    @Test func theGuidesCheckFailsWithAShortMessage() {
        withKnownIssue("seed 001's mapper disagrees with Codable: the classes are pinned below") {
            #expect(report.isClean, "\(report.summary)")
        }
        let message = "\(report)\n\(report.summary)"
        #expect(message.split(separator: "\n").count < 40, "\(message)")
    }

    @Test func theDocumentIDIsReadFromAFieldByCodable() {
        let uid = report.findings.first { $0.findingClass == LegacyFindingClass(cause: .documentIDInField, field: "uid") }
        #expect(uid?.hint.contains("@DocumentID var uid: String?") == true, "\(report.summary)")
        // The mapper never defaults `uid`, even where what else it read cannot be stored (a date
        // beyond Firestore's range): it reads the document ID.
        #expect(!report.findings.contains { $0.findingClass.field == "uid" && $0.findingClass.cause != .documentIDInField }, "\(report.summary)")
    }

    @Test func missingOrMistypedFieldsBecomeDefaults() {
        for field in ["name", "imageUrl", "memberClass"] {
            #expect(report.findings.contains { $0.findingClass == LegacyFindingClass(cause: .silentDefault, field: field) },
                    "\(field)\n\(report.summary)")
        }
    }

    @Test func optionalPropertiesAreNotToldToBecomeOptional() {
        // `createdAt: Date?` and `currentLocation: CLLocationCoordinate2D?` read a mistyped value
        // as nil in the mapper, where Codable throws: an optional takes null or no key only.
        for field in ["createdAt", "currentLocation"] {
            let finding = report.findings.first { $0.findingClass == LegacyFindingClass(cause: .silentDefault, field: field) }
            #expect(finding?.hint.contains("an optional takes a missing key or a null") == true, "\(field)\n\(report.summary)")
            #expect(finding?.hint.contains("make it optional") == false, "\(field)\n\(report.summary)")
        }
    }

    @Test func theServerTimestampIsWrittenOnEverySave() {
        let createdAt = report.findings.first { $0.findingClass == LegacyFindingClass(cause: .serverTimestampAlways, field: "createdAt") }
        #expect(createdAt?.hint.contains("`@ServerTimestamp var createdAt: Date?`") == true, "\(report.summary)")
    }

    @Test func theLocationIsAMapForCodableAndAGeoPointForTheMapper() {
        let location = report.findings.first { $0.findingClass == LegacyFindingClass(cause: .mapForGeoPoint, field: "currentLocation") }
        #expect(location?.hint.contains("GeoPoint") == true, "\(report.summary)")
    }

    @Test func everyClassIsOneOfThoseFourCauses() {
        let causes = Set(report.findings.map(\.findingClass.cause))
        // storedFormRefused: a faulty `createdAt` stored as a {seconds, nanoseconds} map, which
        // Codable reads as a date and the mapper, which takes only a Timestamp, skips (4 of the
        // 2,000 cases); fieldMissingOnOneSide: one such map whose date Codable reads rounded
        // beyond what Firestore stores (1 case).
        #expect(causes.isSubset(of: [.documentIDInField, .silentDefault, .serverTimestampAlways, .mapForGeoPoint, .nullForNil,
                                     .storedFormRefused, .fieldMissingOnOneSide]),
                "\(report.summary)")
    }
}
