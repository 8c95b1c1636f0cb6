import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Seed 001's `User` and its hand mapper, as that guide writes them (the location as a
/// `GeoPoint`, since CoreLocation is not on Linux).
private struct SeedUser: Codable, Equatable {
    enum MemberClass: String, Codable, CaseIterable { case free, paid }

    @DocumentID var uid: String?
    var name: String
    var imageUrl: String = ""
    var memberClass: MemberClass = .free
    var createdAt: Date?
    var currentLocation: GeoPoint?

    init(uid: String, name: String) {
        self.uid = uid
        self.name = name
    }

    // Firebaseから取り出す場合 (reading from Firebase), verbatim but for the types.
    init(_ uid: String, data: [String: Any]) {
        self.uid = uid
        name = data["name"] as? String ?? ""
        imageUrl = data["imageUrl"] as? String ?? ""
        if let memberClassString = data["memberClass"] as? String {
            if let memberClass = MemberClass(rawValue: memberClassString) {
                self.memberClass = memberClass
            }
        }
        if let geopoint = data["currentLocation"] as? GeoPoint {
            currentLocation = geopoint
        }
        if let dataCreatedAt = data["createdAt"] as? Timestamp {
            createdAt = dataCreatedAt.dateValue()
        }
    }

    // Firebaseに入れる場合 (writing to Firebase).
    var dictionary: [String: Any] {
        var dictionary = [String: Any]()
        dictionary["name"] = name
        dictionary["imageUrl"] = imageUrl
        dictionary["memberClass"] = memberClass.rawValue
        if let currentLocation {
            dictionary["currentLocation"] = currentLocation
        } else {
            dictionary["currentLocation"] = NSNull()
        }
        dictionary["createdAt"] = FieldValue.serverTimestamp()
        return dictionary
    }
}

/// A note and a careful legacy mapper of it, in the `as?` idiom of iOS code.
private struct Note: Codable, Equatable {
    var title: String
    var count: Int

    init(title: String, count: Int) {
        self.title = title
        self.count = count
    }

    init?(strict data: [String: Any]) {
        guard let title = data["title"] as? String, let count = data["count"] as? Int else { return nil }
        self.init(title: title, count: count)
    }

    /// A planted bug: the count read through `Double`, which large integers do not bridge to.
    init?(throughDouble data: [String: Any]) {
        guard let title = data["title"] as? String else { return nil }
        self.init(title: title, count: Int(data["count"] as? Double ?? 0))
    }

    var dictionary: [String: Any] { ["title": title, "count": count] }
}

/// The guide's hex color, decoding itself from one string: no schema can be derived for it.
private struct Swatch: Codable, Equatable {
    struct HexColor: Codable, Equatable {
        var hex: String

        init?(hex: String) {
            let digits = hex.dropFirst()
            guard hex.first == "#", digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
            self.hex = hex
        }

        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let color = HexColor(hex: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a hex color: \(text)"))
            }
            self = color
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(hex)
        }
    }

    var name: String
    var color: HexColor

    init?(data: [String: Any]) {
        guard let name = data["name"] as? String, let color = (data["color"] as? String).flatMap(HexColor.init(hex:)) else { return nil }
        self.name = name
        self.color = color
    }
}

@Suite("LegacyMapperCheck: a team's Codable model against its legacy mapper")
struct LegacyMapperCheckTests {
    @Test("a careful legacy mapper agrees with Codable on valid documents")
    func carefulMapperAgrees() throws {
        let check = try LegacyMapperCheck(
            Note.self, faultyShare: 0, decode: { Note(strict: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 300, seed: 7)
        #expect(report.cases == 300)
        #expect(report.faultyCases == 0)
        #expect(report.isClean, "\(report)")
    }

    @Test("the seed guide's mapper: defaults for invalid data, and writes that differ, each shrunk and replayable")
    func seedMapperDisagreements() throws {
        let check = try LegacyMapperCheck(
            SeedUser.self, shrinkAttempts: 300,
            decode: { SeedUser($0.documentID, data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 400, seed: 1)
        #expect(report.faultyCases > 100 && report.faultyCases < 300)
        let signatures = Set(report.findings.map(\.signature))
        // A missing or mistyped name becomes "" instead of an error.
        #expect(signatures.contains("legacyAcceptsInvalid at name"), "\(signatures.sorted())")
        // The mapper writes a null for no location (Codable leaves the field out) and always a
        // server timestamp for createdAt.
        #expect(signatures.contains("differentEncodings at currentLocation") || signatures.contains("differentEncodings at createdAt"),
                "\(signatures.sorted())")
        // What it wrote for createdAt (the server's time) is not what it had.
        #expect(signatures.contains("legacyRoundTrip at createdAt"), "\(signatures.sorted())")

        let name = try #require(report.findings.first { $0.signature == "legacyAcceptsInvalid at name" })
        let example = name.example
        #expect(example.disagreements.contains { $0.signature == name.signature })
        #expect(example.faults.contains { $0.path == ValuePath(keys: "name") }, "\(example)")
        #expect(example.codableOutcome.contains("name"))
        // Replaying the shrunk choices gives the same case.
        #expect(check.check(choices: example.choices) == example)
        #expect("\(report)".contains("legacyAcceptsInvalid at name ("))
    }

    @Test("a planted bug (integers read through Double) is found at its field and shrunk")
    func plantedBugFound() throws {
        let check = try LegacyMapperCheck(
            Note.self, faultyShare: 0, shrinkAttempts: 300, decode: { Note(throughDouble: $0.data() ?? [:]) })
        let report = check.run(cases: 500, seed: 3)
        let finding = try #require(report.findings.first { $0.signature == "differentValues at count" }, "\(report)")
        let count = try #require(finding.example.document["count"])
        guard case .integer(let stored) = count else {
            Issue.record("the count is stored as \(count)")
            return
        }
        #expect(Double(exactly: stored) == nil, "\(stored) bridges to Double exactly, so the legacy mapper would read it")
        #expect(finding.example.faults.isEmpty)
    }

    @Test("a type the probe cannot describe is checked with a schema given by hand")
    func givenSchema() throws {
        #expect(throws: SchemaProbeError.self) {
            _ = try LegacyMapperCheck(Swatch.self, decode: { Swatch(data: $0.data() ?? [:]) })
        }
        let schema = ModelSchema(root: "Swatch", structs: [StructSchema(name: "Swatch", fields: [
            FieldSchema(name: "name", type: .string), FieldSchema(name: "color", type: .hexColor),
        ])])
        let check = try LegacyMapperCheck(
            Swatch.self, schema: schema, faultyShare: 0, decode: { Swatch(data: $0.data() ?? [:]) },
            encode: { ["name": $0.name, "color": $0.color.hex] })
        #expect(check.schema == schema)
        let report = check.run(cases: 200, seed: 5)
        #expect(report.isClean, "\(report)")
    }

    @Test("the same seed gives the same report")
    func deterministic() throws {
        let check = try LegacyMapperCheck(
            SeedUser.self, shrinkAttempts: 300,
            decode: { SeedUser($0.documentID, data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        #expect(check.run(cases: 60, seed: 11) == check.run(cases: 60, seed: 11))
    }

    @Test("the legacy snapshot bridges numbers as the SDK does on iOS")
    func legacySnapshotBridgesNumbers() throws {
        var fields = FirestoreMap()
        fields["big"] = .integer(Int64.max)
        fields["three"] = .double(3.0)
        fields["half"] = .double(2.5)
        fields["flag"] = .boolean(true)
        fields["list"] = .array([.integer(1)])
        let data = try #require(LegacySnapshot(reference: DocumentReference(path: "c/d"), fields: fields).data())
        #expect(data["big"] as? Int == Int.max)
        #expect(data["big"] as? Double == nil)
        #expect(data["three"] as? Int == 3)
        #expect(data["half"] as? Int == nil)
        #expect(data["flag"] as? Bool == true)
        #expect((data["list"] as? [Any])?.first as? Bool == true)
        #expect(LegacySnapshot(reference: try DocumentReference(path: "c/d"), fields: nil).data() == nil)
    }
}
