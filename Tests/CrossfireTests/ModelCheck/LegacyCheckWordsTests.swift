import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing

// Legacy mappers written the way app code is: `as? T ?? default`, `Timestamp(date: Date())` on
// save, a failable `init?(dictionary:)`, a nested struct with its own `@DocumentID`.

/// A counter read with `as? Int ?? 0`: a stored boolean bridges to 1 or 0.
private struct Counter: Codable {
    var title: String
    var count: Int

    init(data: [String: Any]) {
        title = data["title"] as? String ?? ""
        count = data["count"] as? Int ?? 0
    }

    var dictionary: [String: Any] { ["title": title, "count": count] }
}

/// A rating kept as a `Float`, read with `as? Float ?? 0`; other clients store doubles.
private struct Rating: Codable {
    var stars: Float

    init(data: [String: Any]) {
        stars = data["stars"] as? Float ?? 0
    }
}

/// A reading that may be NaN, which the legacy mapper writes as it is.
private struct Reading: Codable {
    var value: Double

    init(data: [String: Any]) {
        value = data["value"] as? Double ?? 0
    }

    var dictionary: [String: Any] { ["value": value] }
}

/// A profile whose ID the legacy mapper reads from a field, while Codable's is `@DocumentID`.
private struct Profile: Codable {
    @DocumentID var id: String?
    var name: String
    var visits: Int
    var nickname: String?

    init(data: [String: Any]) {
        id = data["id"] as? String
        name = data["name"] as? String ?? ""
        visits = data["visits"] as? Int ?? 0
        nickname = data["nickname"] as? String
    }
}

/// An event with optional fields read with `as?`, which gives nil for a mistyped value.
private struct Event: Codable {
    var title: String
    var note: String?
    var startsAt: Date?

    init(data: [String: Any]) {
        title = data["title"] as? String ?? ""
        note = data["note"] as? String
        startsAt = (data["startsAt"] as? Timestamp)?.dateValue()
    }
}

/// A post with a server timestamp the legacy mapper reads with `as? Timestamp`.
private struct Post: Codable {
    var title: String
    @ServerTimestamp var createdAt: Timestamp?

    init(data: [String: Any]) {
        title = data["title"] as? String ?? ""
        createdAt = data["createdAt"] as? Timestamp
    }
}

/// A book whose author, a nested struct, has its own `@DocumentID`, which the legacy mapper keeps
/// as a field of the author's map.
private struct Book: Codable {
    struct Author: Codable {
        @DocumentID var id: String?
        var name: String
    }

    var title: String
    var author: Author

    init(data: [String: Any]) {
        title = data["title"] as? String ?? ""
        let author = data["author"] as? [String: Any] ?? [:]
        self.author = Author(id: author["id"] as? String, name: author["name"] as? String ?? "")
    }

    var dictionary: [String: Any] {
        var author: [String: Any] = ["name": self.author.name]
        if let id = self.author.id { author["id"] = id }
        return ["title": title, "author": author]
    }
}

/// A task whose legacy write stamps the client's clock on every save, and whose read takes the
/// date only as a `Timestamp`.
private struct TodoItem: Codable {
    var text: String
    var updatedAt: Date

    init(data: [String: Any]) {
        text = data["text"] as? String ?? ""
        updatedAt = (data["updatedAt"] as? Timestamp)?.dateValue() ?? Date(timeIntervalSince1970: 0)
    }

    var dictionary: [String: Any] { ["text": text, "updatedAt": Timestamp(date: Date())] }
}

/// A member read by a failable `init?(dictionary:)` that requires every field, `bio` too, which
/// the model declares optional.
private struct Member: Codable {
    var name: String
    var age: Int
    var bio: String?

    init?(dictionary data: [String: Any]) {
        guard let name = data["name"] as? String, let age = data["age"] as? Int, let bio = data["bio"] as? String else { return nil }
        self.name = name
        self.age = age
        self.bio = bio
    }
}

@Suite("LegacyMapperCheck words: each class's title and fix from its probed cause")
struct LegacyCheckWordsTests {
    /// Every Swift declaration a fix suggests (a backticked `var` or wrapper) is one line of
    /// valid Swift.
    private func expectValidSwift(_ report: LegacyCheckReport) throws {
        let declaration = try Regex(#"(@[A-Za-z]+ )?var [A-Za-z_][A-Za-z0-9_]*: [A-Za-z0-9_.\[\]<>?:, ]+"#)
        for finding in report.findings + report.expected {
            let spans = finding.hint.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for span in spans where span.hasPrefix("var ") || span.hasPrefix("@") && span.contains(" var ") {
                #expect(span.wholeMatch(of: declaration) != nil, "not a declaration: \(span) in \(finding.hint)")
            }
        }
    }

    private func text(_ finding: LegacyCheckFinding) -> String {
        "\(finding.findingClass.cause.title): \(finding.hint)"
    }

    @Test("`as? Int` on a stored boolean is NSNumber bridging, not a silent default")
    func booleanReadAsInt() throws {
        let check = try LegacyMapperCheck(Counter.self, faultyShare: 1, shrinkAttempts: 200, decode: { Counter(data: $0.data() ?? [:]) })
        let report = check.run(cases: 300, seed: 1)
        let onBoolean = report.findings.filter { $0.findingClass.field == "count" && $0.example.document["count"]?.kind == .boolean }
        #expect(!onBoolean.isEmpty, "\(report.summary)")
        for finding in onBoolean {
            #expect(finding.findingClass.cause == .nsNumberBridging, "\(report.summary)")
            #expect(text(finding).contains("NSNumber bridging") && finding.hint.contains("`as? Int`"), "\(finding.hint)")
            #expect(!text(finding).contains("default"), "\(finding.hint)")
        }
        // A missing or mistyped count that `as?` refuses is a default, and said so.
        let defaults = report.findings.filter { $0.findingClass == LegacyFindingClass(cause: .silentDefault, field: "count") }
        #expect(defaults.allSatisfy { $0.example.document["count"]?.kind != .boolean }, "\(report.summary)")
        try expectValidSwift(report)
    }

    @Test("`as? Float` on a double no Float holds exactly is NSNumber bridging, not a difference of values")
    func inexactDoubleReadAsFloat() throws {
        let schema = ModelSchema(root: "Rating", structs: [StructSchema(name: "Rating", fields: [FieldSchema(name: "stars", type: .double)])])
        let check = try LegacyMapperCheck(Rating.self, schema: schema, faultyShare: 0, shrinkAttempts: 200, decode: { Rating(data: $0.data() ?? [:]) })
        let report = check.run(cases: 200, seed: 2)
        // Every class whose smallest case stores a number within Float's range that no Float
        // holds exactly is NSNumber bridging.
        let inexact = report.findings.filter { finding in
            switch finding.example.document["stars"] {
            case .double(let stored)?: return abs(stored) <= Double(Float.greatestFiniteMagnitude) && Float(exactly: stored) == nil
            case .integer(let stored)?: return Float(exactly: stored) == nil
            default: return false
            }
        }
        #expect(!inexact.isEmpty, "\(report.summary)")
        for stars in inexact {
            #expect(stars.findingClass.cause == .nsNumberBridging, "\(stars.example)")
            #expect(stars.hint.contains("`as? Float` gives nil for a stored"), "\(stars.hint)")
            #expect(!text(stars).contains("default") && !text(stars).contains("differently"), "\(stars.hint)")
        }
        #expect(inexact.contains { $0.hint.contains("a stored double no Float holds exactly") }, "\(report.summary)")
        // The others store what no Float holds at all (Codable refuses it): defaults, and said so.
        for other in report.findings where !inexact.contains(other) {
            #expect(other.findingClass.cause == .silentDefault && other.example.codableOutcome.contains("does not fit in Float"), "\(other.example)")
        }
    }

    @Test("a NaN Firestore.Encoder refuses is the Codable encoder refusing, not Firestore")
    func nanRefusedByTheEncoder() throws {
        let check = try LegacyMapperCheck(
            Reading.self, faultyShare: 0, shrinkAttempts: 200, decode: { Reading(data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 300, seed: 3)
        let value = try #require(report.findings.first { $0.findingClass.cause == .encoderRefusesNonFinite }, "\(report.summary)")
        #expect(value.findingClass.field == "value")
        #expect(value.findingClass.description == "value: Firestore.Encoder refuses NaN and infinity")
        #expect(value.hint.contains("Firestore.Encoder refuses") && value.hint.contains("Docs/sdk-codable-rules.md §13.2"), "\(value.hint)")
        #expect(!text(value).contains("Firestore refuses") && !text(value).contains("by Firestore"), "\(value.hint)")
        #expect(!report.findings.contains { $0.findingClass.cause == .writeRefused }, "\(report.summary)")
    }

    @Test("a check without a legacy write never blames a write")
    func noWriteNoWriteBlamed() throws {
        let check = try LegacyMapperCheck(Profile.self, shrinkAttempts: 200, decode: { Profile(data: $0.data() ?? [:]) })
        let report = check.run(cases: 300, seed: 4)
        #expect(report.findings.count >= 3, "\(report.summary)")
        let writeCauses: Set<LegacyCause> = [.serverTimestampAlways, .clientClockOnSave, .writeRefused, .encoderRefusesNonFinite, .nullForNil, .mapForGeoPoint]
        for finding in report.findings {
            #expect(!writeCauses.contains(finding.findingClass.cause), "\(report.summary)")
            #expect(finding.checks.keys.allSatisfy { $0 != .differentEncodings && $0 != .legacyRoundTrip }, "\(finding.checks)")
            for blame in ["legacy mapper writes", "legacy mapper stores", "legacy mapper has", "on every save", "stores `", "write path"] {
                #expect(!text(finding).contains(blame), "\(blame): \(finding.hint)")
            }
        }
        // The ID the legacy mapper reads from a field, where Codable's is `@DocumentID`, is told
        // in that direction.
        let id = try #require(report.findings.first { $0.findingClass.field == "id" }, "\(report.summary)")
        #expect(id.findingClass.cause == .documentIDWrapperAsField, "\(report.summary)")
        #expect(!id.hint.contains("declare it `@DocumentID"), "\(id.hint)")
        try expectValidSwift(report)
    }

    @Test("\"make it optional\" is never said of an optional property")
    func optionalPropertiesAreNotToldToBeOptional() throws {
        let check = try LegacyMapperCheck(Event.self, faultyShare: 1, shrinkAttempts: 200, decode: { Event(data: $0.data() ?? [:]) })
        let report = check.run(cases: 300, seed: 5)
        let optional = report.findings.filter { ["note", "startsAt"].contains($0.findingClass.field) }
        #expect(!optional.isEmpty, "\(report.summary)")
        for finding in optional {
            #expect(!finding.hint.contains("make it optional"), "\(finding.hint)")
        }
        let defaults = optional.filter { $0.findingClass.cause == .silentDefault }
        #expect(!defaults.isEmpty, "\(report.summary)")
        for finding in defaults {
            #expect(finding.hint.contains("an optional takes a missing key or a null"), "\(finding.hint)")
        }
        // The non-optional title may be told so.
        let title = try #require(report.findings.first { $0.findingClass.field == "title" }, "\(report.summary)")
        #expect(title.hint.contains("make it optional"), "\(title.hint)")
        try expectValidSwift(report)
    }

    @Test("an absent @ServerTimestamp key cites the SDK rule")
    func absentServerTimestampKey() throws {
        let check = try LegacyMapperCheck(Post.self, faultyShare: 1, shrinkAttempts: 200, decode: { Post(data: $0.data() ?? [:]) })
        let report = check.run(cases: 300, seed: 6)
        let createdAt = try #require(report.findings.first { $0.findingClass == LegacyFindingClass(cause: .wrappedKeyRequired, field: "createdAt") },
                                     "\(report.summary)")
        #expect(createdAt.example.document["createdAt"] == nil, "\(createdAt.example)")
        #expect(createdAt.hint.contains("`@ServerTimestamp` throws keyNotFound") && createdAt.hint.contains("Docs/sdk-codable-rules.md §9.2"),
                "\(createdAt.hint)")
        #expect(!createdAt.hint.contains("make it optional") && !text(createdAt).contains("silent default"), "\(createdAt.hint)")
        try expectValidSwift(report)
    }

    @Test("a nested @DocumentID is told in the right direction, with a fix that is valid Swift")
    func nestedDocumentID() throws {
        let check = try LegacyMapperCheck(
            Book.self, faultyShare: 0, shrinkAttempts: 200, decode: { Book(data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 200, seed: 7)
        let id = try #require(report.findings.first { $0.findingClass.field == "author.id" }, "\(report.summary)")
        #expect(id.findingClass.cause == .documentIDWrapperAsField, "\(report.summary)")
        #expect(id.hint.contains("`var id: String?` in `Author` holds the top-level document's ID"), "\(id.hint)")
        #expect(id.hint.contains("declare it `var id: String?` without `@DocumentID`"), "\(id.hint)")
        #expect(!id.hint.contains("var author.id") && !id.hint.contains("reads `author.id` from the document ID"), "\(id.hint)")
        #expect(!report.findings.contains { $0.findingClass.cause == .documentIDInField }, "\(report.summary)")
        try expectValidSwift(report)
    }

    @Test("a writer that stores the client's clock is named as such")
    func clientClockOnSave() throws {
        let check = try LegacyMapperCheck(
            TodoItem.self, faultyShare: 0, shrinkAttempts: 200, decode: { TodoItem(data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 100, seed: 8)
        let updatedAt = try #require(report.findings.first { $0.findingClass.field == "updatedAt" }, "\(report.summary)")
        #expect(updatedAt.findingClass.cause == .clientClockOnSave, "\(report.summary)")
        #expect(updatedAt.hint.contains("client's clock (`Timestamp(date: Date())`)"), "\(updatedAt.hint)")
        #expect(updatedAt.checks.keys.contains(.differentEncodings) && updatedAt.checks.keys.contains(.legacyRoundTrip), "\(updatedAt.checks)")
        // Nothing else the legacy write does is another class (Codable's own round trip of a
        // date far from 1970 may lose a microsecond, which is Codable's).
        for other in report.findings where other.findingClass != updatedAt.findingClass {
            #expect(other.checks.keys.allSatisfy { $0 == .codableRoundTrip }, "\(other.findingClass): \(other.example)")
        }
    }

    @Test("a legacy read that returns nil names the fields whose change makes it read, never (root) alone")
    func legacyNilNamesItsFields() throws {
        let check = try LegacyMapperCheck(Member.self, faultyShare: 0, shrinkAttempts: 200, decode: { Member(dictionary: $0.data() ?? [:]) })
        let report = check.run(cases: 200, seed: 9)
        let givingUp = report.findings.filter { $0.findingClass.cause == .legacyGivesUp }
        #expect(!givingUp.isEmpty, "\(report.summary)")
        for finding in givingUp {
            #expect(finding.findingClass.field != "(root)", "\(finding.example)")
        }
        let bio = try #require(givingUp.first { $0.findingClass.field == "bio" }, "\(report.summary)")
        #expect(bio.hint.contains("`bio` given a value"), "\(bio.hint)")
        // The named change does make the legacy read succeed on the smallest case.
        var fields = bio.example.document
        fields["bio"] = .string("x")
        #expect(Member(dictionary: LegacySnapshot(reference: try DocumentReference(path: "c/d"), fields: fields).data() ?? [:]) != nil)
    }
}

/// A score whose legacy write stores the count as text, which its own read (`as? Int`) refuses.
private struct Score: Codable {
    var name: String
    var count: Int

    init?(data: [String: Any]) {
        guard let name = data["name"] as? String, let count = data["count"] as? Int else { return nil }
        self.name = name
        self.count = count
    }

    var dictionary: [String: Any] { ["name": name, "count": String(count)] }
}

extension LegacyCheckWordsTests {
    @Test("a legacy read-back that returns nil names the field its own write broke")
    func legacyReadBackNilNamesItsField() throws {
        let check = try LegacyMapperCheck(
            Score.self, faultyShare: 0, shrinkAttempts: 200, decode: { Score(data: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 100, seed: 10)
        let readBack = try #require(report.findings.first { $0.findingClass.cause == .cannotReadBack }, "\(report.summary)")
        #expect(readBack.findingClass.field == "count", "\(report.summary)")
        #expect(readBack.hint.contains("`count` as Firestore.Encoder writes it"), "\(readBack.hint)")
        #expect(!report.findings.contains { $0.findingClass.field == "(root)" }, "\(report.summary)")
    }
}

extension LegacyCheckWordsTests {
    @Test("a date stored as a {seconds, nanoseconds} map, which Codable reads and `as? Timestamp` refuses, is told as a stored form, not a difference")
    func storedFormRefused() throws {
        // The profile that also writes a date's second encoding, read only.
        let check = try LegacyMapperCheck(
            TodoItem.self, profile: .default, faultyShare: 0, shrinkAttempts: 200, decode: { TodoItem(data: $0.data() ?? [:]) })
        let report = check.run(cases: 300, seed: 11)
        let at = try #require(report.findings.first { $0.findingClass.field == "updatedAt" }, "\(report.summary)")
        #expect(at.findingClass.cause == .storedFormRefused, "\(report.summary)")
        #expect(at.example.document["updatedAt"]?.kind == .map, "\(at.example)")
        #expect(at.hint.contains("stores `updatedAt` as a map, which Codable reads; the legacy mapper reads only a timestamp"), "\(at.hint)")
        #expect(!text(at).contains("differently"), "\(at.hint)")
    }
}
