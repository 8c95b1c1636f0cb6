@testable import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Two short strings and a list of more, with a legacy mapper that swaps the two: a difference
/// of values, which no generated document ID may turn into "the document ID in a field".
private struct Pair: Codable {
    var first: String
    var second: String
    var more: [String]

    init(first: String, second: String, more: [String]) {
        self.first = first
        self.second = second
        self.more = more
    }

    init?(swapping data: [String: Any]) {
        guard let first = data["first"] as? String, let second = data["second"] as? String, let more = data["more"] as? [String] else { return nil }
        self.init(first: second, second: first, more: more)
    }

    var dictionary: [String: Any] { ["first": first, "second": second, "more": more] }
}

/// A spot whose location is an empty struct, as an app declares a type it has yet to fill.
private struct Spot: Codable {
    struct Location: Codable {}

    var name: String
    var location: Location

    init?(legacy data: [String: Any]) {
        guard let name = data["name"] as? String, data["location"] is [String: Any] else { return nil }
        self.name = name
        location = Location()
    }

    var dictionary: [String: Any] { ["name": name, "location": [String: Any]()] }
}

/// The strings a stored value holds, at any depth.
private func strings(in value: FirestoreValue) -> [String] {
    switch value {
    case .string(let text): return [text]
    case .array(let elements): return elements.flatMap(strings)
    case .map(let map): return map.values.flatMap(strings)
    default: return []
    }
}

/// The legacy check's own rules raise no false alarms: storage's precision is the engine's one
/// rule, its document IDs equal no generated value, and an empty struct is derived as one.
struct LegacyCheckFalseAlarmTests {
    @Test("a Date of 2603, which a Double holds to about 4 µs, stored, read back and stored again, is storage's precision")
    func farDateIsStoragePrecision() throws {
        // The first microsecond of a second in 2603 whose Date, stored, read back as Double
        // seconds and stored again, comes back more than a microsecond away.
        let second: Int64 = 20_000_000_000
        let moved = (0..<1_000_000).lazy.compactMap { microsecond -> (written: Timestamp, readBack: Timestamp)? in
            let written = Timestamp(seconds: second, nanoseconds: Int32(microsecond * 1000))
            let readBack = Timestamp(date: written.dateValue()).truncatedToMicroseconds()
            let apart = (written.seconds - readBack.seconds) * 1_000_000_000 + Int64(written.nanoseconds) - Int64(readBack.nanoseconds)
            return apart.magnitude > 1_000 ? (written, readBack) : nil
        }.first
        let (written, readBack) = try #require(moved)
        for kind in [LegacyDisagreement.Kind.codableRoundTrip, .legacyRoundTrip] {
            let facts = LegacyCauseFacts(
                kind: kind, field: "at", codable: .timestamp(written), legacy: .timestamp(readBack), documentID: "§a", serverTime: CaseRunner.serverTime)
            #expect(LegacyCheckAllowlist.sdkBehaviour.entry(explaining: facts, type: .date) == "storage-precision", "\(written) → \(readBack)")
            // A Timestamp field is stored to the microsecond and comes back as stored: no rule explains a change.
            #expect(LegacyCheckAllowlist.sdkBehaviour.entry(explaining: facts, type: .timestamp) == nil)
        }
    }

    @Test("Dates over Firestore's whole range, read and written by a faithful legacy mapper, show nothing storage does not explain")
    func datesOverTheWholeRange() throws {
        let check = try LegacyMapperCheck(Moment.self, faultyShare: 0, decode: { Moment(legacy: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let report = check.run(cases: 1_500, seed: 8)
        #expect(report.isClean, "\(report.summary)")
    }

    @Test("no document a case's legacy mapper reads holds its document ID as a value, so a swapped pair is a difference, never the ID")
    func documentIDsEqualNoGeneratedValue() throws {
        final class Seen { var documents: [(id: String, fields: FirestoreMap)] = [] }
        let seen = Seen()
        let check = try LegacyMapperCheck(Pair.self, decode: { snapshot in
            seen.documents.append((snapshot.documentID, snapshot.fields ?? [:]))
            return Pair(swapping: snapshot.data() ?? [:])
        }, encode: { $0.dictionary })
        let report = check.run(cases: 1_500, seed: 1)
        #expect(seen.documents.count >= 1_500)
        let clashes = seen.documents.filter { document in document.fields.values.flatMap(strings).contains(document.id) }
        #expect(clashes.isEmpty, "\(clashes.prefix(3).map { "\($0.id) in \($0.fields)" })")
        #expect(seen.documents.allSatisfy { $0.id.unicodeScalars.first == "§" })
        #expect(report.findings.contains { $0.findingClass == LegacyFindingClass(cause: .differentValue, field: "first") }, "\(report.summary)")
        #expect(!report.findings.contains { $0.findingClass.cause == .documentIDInField }, "\(report.summary)")
    }

    @Test("an empty struct as a field is derived as an empty struct, and a faithful legacy mapper of it agrees with Codable")
    func emptyStructDerived() throws {
        let check = try LegacyMapperCheck(
            Spot.self, faultyShare: 0, decode: { Spot(legacy: $0.data() ?? [:]) }, encode: { $0.dictionary })
        let location = try #require(check.schema.rootStruct?.fields.first { $0.name == "location" })
        guard case .structure(let name) = location.type else {
            Issue.record("the location is derived as \(location.type)")
            return
        }
        #expect(check.schema.structs.first { $0.name == name }?.fields.isEmpty == true, "\(check.schema)")
        let report = check.run(cases: 200, seed: 1)
        #expect(report.isClean && report.findings.isEmpty, "\(report.summary)")
    }
}
