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
private struct Note: Codable {
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

    /// A legacy mapper that traps on a missing or mistyped field, as `as!` does.
    init(trapping data: [String: Any]) {
        self.init(title: data["title"] as! String, count: data["count"] as! Int)
    }

    /// A legacy mapper that never returns when the count is missing or mistyped.
    init?(hanging data: [String: Any]) {
        while data["count"] as? Int == nil { usleep(50_000) }
        self.init(strict: data)
    }

    var dictionary: [String: Any] { ["title": title, "count": count] }
}

/// A place whose location is a plain `{latitude, longitude}` struct, neither `Equatable` nor a
/// GeoPoint, and a legacy mapper that stores and reads a GeoPoint.
private struct Place: Codable {
    struct Coordinate: Codable {
        var latitude: Double
        var longitude: Double
    }

    var name: String
    var location: Coordinate

    init(name: String, location: Coordinate) {
        self.name = name
        self.location = location
    }

    init?(legacy data: [String: Any]) {
        guard let name = data["name"] as? String else { return nil }
        let point = data["location"] as? GeoPoint
        self.init(name: name, location: Coordinate(latitude: point?.latitude ?? 0, longitude: point?.longitude ?? 0))
    }

    var dictionary: [String: Any] {
        ["name": name, "location": GeoPoint(latitude: location.latitude, longitude: location.longitude)]
    }
}

/// A moment in time, and a legacy mapper that reads and writes it as a `Timestamp` (shared with
/// `LegacyCheckFalseAlarmTests`).
struct Moment: Codable {
    var at: Date

    init?(legacy data: [String: Any]) {
        guard let at = (data["at"] as? Timestamp)?.dateValue() else { return nil }
        self.at = at
    }

    var dictionary: [String: Any] { ["at": Timestamp(date: at)] }
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

    @Test("Google's Codable guide's mapper: defaults for invalid data, and writes that differ, each a class with its fix, shrunk and replayable")
    func seedMapperDisagreements() throws {
        let check = try LegacyMapperCheck(
            SeedUser.self, shrinkAttempts: 300,
            decode: { SeedUser($0.documentID, data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 400, seed: 1)
        #expect(report.faultyCases > 100 && report.faultyCases < 300)
        let classes = Set(report.findings.map(\.findingClass))
        let described = classes.map(\.description).sorted()
        // A missing or mistyped name becomes "" instead of an error.
        let name = LegacyFindingClass(cause: .silentDefault, field: "name")
        #expect(classes.contains(name), "\(described)")
        // The mapper writes a null for no location, where Codable leaves the field out.
        #expect(classes.contains(LegacyFindingClass(cause: .nullForNil, field: "currentLocation")), "\(described)")
        // It writes the server's time to createdAt on every save, and reads that back.
        let createdAt = try #require(report.findings.first { $0.findingClass == LegacyFindingClass(cause: .serverTimestampAlways, field: "createdAt") },
                                     "\(described)")
        #expect(createdAt.checks.keys.contains(.differentEncodings) && createdAt.checks.keys.contains(.legacyRoundTrip), "\(createdAt.checks)")
        #expect(createdAt.hint.contains("@ServerTimestamp"))

        let finding = try #require(report.findings.first { $0.findingClass == name })
        let example = finding.example
        #expect(example.disagreements.contains { $0.findingClass == name })
        #expect(example.faults.contains { $0.path == ValuePath(keys: "name") }, "\(example)")
        #expect(example.codableOutcome.contains("name"))
        // Replaying the shrunk choices gives the same case.
        #expect(check.check(choices: example.choices) == example)
        // One line per class, under a one-line headline.
        let lines = report.summary.split(separator: "\n")
        #expect(lines.count == report.findings.count + 1)
        #expect(lines.contains { $0.hasPrefix("1. ") && $0.contains(" — ") })
        #expect(report.summary.contains("name — silent default for invalid data ("))
        #expect(!"\(report)".contains("\n"))
        #expect("\(report)".hasPrefix("SeedUser: \(report.findings.count) disagreements between the legacy mapper and Codable in 400 cases"))
    }

    @Test("a model that is not Equatable is compared through its stored form; a {latitude, longitude} struct against a GeoPoint is one class")
    func notEquatable() throws {
        let check = try LegacyMapperCheck(
            Place.self, faultyShare: 0, shrinkAttempts: 200, decode: { Place(legacy: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 200, seed: 2)
        let location = try #require(report.findings.first, "\(report.summary)")
        #expect(location.findingClass == LegacyFindingClass(cause: .mapForGeoPoint, field: "location"), "\(report.summary)")
        #expect(location.hint.contains("GeoPoint"))
        #expect(location.checks.keys.contains(.differentValues) && location.checks.keys.contains(.differentEncodings), "\(location.checks)")
        // Every class is at the location (a NaN, which Codable cannot write, leaves no write to
        // tell the cause by, and stays a difference of values).
        #expect(report.findings.allSatisfy { $0.findingClass.field == "location" }, "\(report.summary)")
    }

    @Test("a planted bug (integers read through Double) is found at its field as NSNumber bridging, and shrunk")
    func plantedBugFound() throws {
        let check = try LegacyMapperCheck(
            Note.self, faultyShare: 0, shrinkAttempts: 300, decode: { Note(throughDouble: $0.data() ?? [:]) })
        let report = check.run(cases: 500, seed: 3)
        let finding = try #require(report.findings.first { $0.findingClass == LegacyFindingClass(cause: .nsNumberBridging, field: "count") },
                                   "\(report.summary)")
        #expect(finding.hint.contains("`as? Double` gives nil for a stored integer no Double holds exactly"), "\(finding.hint)")
        let count = try #require(finding.example.document["count"])
        guard case .integer(let stored) = count else {
            Issue.record("the count is stored as \(count)")
            return
        }
        #expect(Double(exactly: stored) == nil, "\(stored) bridges to Double exactly, so the legacy mapper would read it")
        #expect(finding.example.faults.isEmpty)
    }

    @Test("the microsecond Firestore keeps of a Date is the SDK's documented behaviour, unless the allowlist is turned off")
    func storagePrecisionIsExpected() throws {
        let decode: LegacyMapperCheck<Moment>.LegacyDecode = { Moment(legacy: $0.data() ?? [:]) }
        let explained = try LegacyMapperCheck(Moment.self, faultyShare: 0, decode: decode, encode: { $0.dictionary }).run(cases: 300, seed: 8)
        #expect(explained.isClean, "\(explained.summary)")
        let expected = try #require(explained.expected.first, "\(explained.summary)")
        #expect(expected.findingClass.explainedBy == "storage-precision")
        #expect(explained.reasons["storage-precision"]?.contains("microsecond") == true)
        #expect(explained.summary.contains("1 more is the SDK's documented behaviour"))

        let strict = try LegacyMapperCheck(Moment.self, faultyShare: 0, allowlist: .none, decode: decode, encode: { $0.dictionary })
            .run(cases: 300, seed: 8)
        #expect(strict.findings.map(\.findingClass.field) == ["at"], "\(strict.summary)")
        #expect(strict.expected.isEmpty)
    }

    @Test("under child-process isolation, a legacy mapper that traps is a finding with its document and the runtime's message")
    func trapIsAFinding() throws {
        let check = try LegacyMapperCheck(
            Note.self, shrinkAttempts: 60, isolation: .childProcess(timeout: .seconds(30)),
            decode: { Note(trapping: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 60, seed: 4)
        let trap = try #require(report.findings.first { $0.findingClass.cause == .legacyTrapped }, "\(report.summary)")
        #expect(trap.findingClass.field == "decode")
        #expect(trap.occurrences > 1)
        #expect(!trap.example.faults.isEmpty, "\(trap.example)")
        #expect(trap.example.legacyOutcome.hasPrefix("decode: SIG"), "\(trap.example.legacyOutcome)")
        #expect(trap.example.legacyOutcome.contains("Could not cast") || trap.example.legacyOutcome.contains("Fatal error"),
                "\(trap.example.legacyOutcome)")
        #expect(trap.hint.contains("crashes"))
        #expect(report.isolationProblem == nil)
        // The run went on past each trap: the other cases were compared as usual.
        #expect(report.cases == 60)
        #expect(report.summary.contains("decode — legacy mapper traps ("))
    }

    @Test("under child-process isolation, a legacy mapper that does not return is a finding, and the run goes on")
    func hangIsAFinding() throws {
        let check = try LegacyMapperCheck(
            Note.self, shrinkAttempts: 10, isolation: .childProcess(timeout: .milliseconds(400)),
            decode: { Note(hanging: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 12, seed: 6)
        let hang = try #require(report.findings.first { $0.findingClass.cause == .legacyHung }, "\(report.summary)")
        #expect(hang.findingClass.field == "decode")
        #expect(hang.example.legacyOutcome == "decode: no progress within the time limit")
        #expect(hang.example.document["count"].map { if case .integer = $0 { return false } else { return true } } ?? true)
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
