import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Journals for the report tests: tiny seeded campaigns run in this process, and journals
/// written line by line with the engine's own record encoders for the edge cases.
enum ReportFixtures {
    /// A new empty temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crossfire-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in a folder, sorted.
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs a seeded campaign of the built-in mappers into `directory`; its journal's path.
    static func campaign(seed: UInt64, cases: Int, profile: GenerationProfile = .scalars, allowlist: Allowlist = .sdkBehaviour,
                         in directory: URL) throws -> (summary: CampaignSummary, journal: String) {
        let options = CampaignOptions(seed: seed, cases: cases, profile: profile, outputDirectory: directory.path, allowlist: allowlist,
                                      shrinkAttempts: 30, expectedShrinkAttempts: 5)
        let summary = try Campaign(options: options).run()
        return (summary, summary.journalPath)
    }

    /// The allowlist with only the lenient mapper's silent defaults: every other finding of a
    /// campaign is unexpected.
    static let silentDefaultsOnly = Allowlist(entries: Allowlist.sdkBehaviour.entries.filter { $0.id == "lenient-silent-default" })

    /// A coding key and texts no page may show raw.
    static let hostileKey = "<script>alert(\"x\")</script> & 'é' 🔥"
    static let hostileReason = "<b>defaults</b> & \"quotes\" & 'apostrophes' — ünïcode 🧪"

    /// An allowlist whose one entry explains silent defaults, with a hostile reason.
    static let hostileAllowlist = Allowlist(entries: [
        AllowlistEntry(id: "hostile-<entry>", reason: hostileReason) { discrepancy, _ in discrepancy.kind == .silentDefault },
    ])

    /// A case whose only field has the hostile coding key and whose document holds an integer
    /// where the schema has a String.
    static func hostileCase() -> CaseRecord {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "title", codingKey: hostileKey, type: .string),
            FieldSchema(name: "count", type: .integer(.int)),
        ])])
        return CaseRecord(schema: schema, reference: try? DocumentReference(path: "books/<b>&\"1\""),
                          document: [hostileKey: .integer(3), "count": .integer(1)],
                          model: .structure([ModelField(name: "title", value: .string("<i>&amp;</i>")), ModelField(name: "count", value: .int(1))]),
                          faults: ["wrongType(string→integer) at <script>"], seed: 7, caseIndex: 3)
    }

    /// What the built-in mappers find in the hostile case, explained by `hostileAllowlist`.
    static func hostileFindings() throws -> [Finding] {
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "scalars", allowlist: hostileAllowlist)
        return runner.run(hostileCase()).findings
    }

    /// A crash finding as an isolated run records it: one outcome, `unexpected`, at the root.
    static func crashFinding(message: String = "the worker died of signal 4 (SIGILL) while decoding <b>&</b>") -> Finding {
        let failure = MappingFailure(kind: .unexpected, path: .root, found: "signal 4", message: message, hasPath: false)
        let discrepancy = Discrepancy(kind: .crash, check: .decode, path: .root, schemaType: nil, foundKind: nil,
                                      outcomes: [MapperOutcome(mapper: "strict", failure: failure)])
        return Finding(discrepancy: discrepancy, testCase: hostileCase(), allowlist: .sdkBehaviour)
    }

    /// A `run` line.
    static func runLine(seed: UInt64 = 7, profile: String = "scalars", cases: Int? = 100, timeLimitSeconds: Int? = nil) -> FirestoreValue {
        .map([
            "journal": .integer(1), "record": .string("run"), "seed": .string(String(seed)), "profile": .string(profile),
            "mappers": .array(["codable", "strict", "lenient"].map(FirestoreValue.string)),
            "cases": cases.map { .integer(Int64($0)) } ?? .null,
            "timeLimitSeconds": timeLimitSeconds.map { .integer(Int64($0)) } ?? .null, "firstCase": .integer(0),
        ])
    }

    /// A `finding` (or `shrunk`) line.
    static func findingLine(_ finding: Finding, id: Int, record: String = "finding") throws -> FirestoreValue {
        try JournalFormat.encodeFinding(finding, id: id, record: record, reproduce: "crossfire replay run/journal.jsonl --finding \(id)")
    }

    /// A `summary` line.
    static func summaryLine(cases: Int, interrupted: Bool = false, occurrences: [String: Int] = [:], census: ErrorCensus = ErrorCensus()) -> FirestoreValue {
        JournalFormat.encodeSummary(cases: cases, elapsed: .milliseconds(1_500), interrupted: interrupted, occurrences: occurrences,
                                    census: census, setupFailures: [])
    }

    /// The text of a journal of these lines, each ending with a newline.
    static func journalBytes(_ lines: [FirestoreValue]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += try JournalFormat.line(line) + [0x0A]
        }
        return bytes
    }

    /// Writes a journal into `directory`; its path.
    static func writeJournal(_ bytes: [UInt8], in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("journal.jsonl")
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The report of journal bytes.
    static func report(_ bytes: [UInt8], source: String = "run/journal.jsonl") throws -> Report {
        try Report(journal: try Journal(bytes: bytes, source: source), source: source)
    }

    /// `report.json` of a report, read back as a map.
    static func json(of report: Report) throws -> FirestoreMap {
        let reader = PlainJSONReader(options: JSONReadOptions(maximumStringBytes: 1 << 26, maximumDepth: JSONReadOptions.depthCeiling))
        guard case .map(let map) = try reader.readValue(from: try ReportJSON.bytes(of: report)) else {
            Issue.record("report.json is not an object")
            return FirestoreMap()
        }
        return map
    }
}

/// Typed access to a `report.json` read back; a missing or mistyped member fails the test.
extension FirestoreMap {
    func object(_ key: String) throws -> FirestoreMap {
        guard case .map(let member)? = self[key] else { throw ReportJSONShapeError(key: key, expected: "an object") }
        return member
    }

    func objects(_ key: String) throws -> [FirestoreMap] {
        guard case .array(let elements)? = self[key] else { throw ReportJSONShapeError(key: key, expected: "an array") }
        return try elements.map { element in
            guard case .map(let member) = element else { throw ReportJSONShapeError(key: key, expected: "objects") }
            return member
        }
    }

    func string(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    func integer(_ key: String) -> Int? {
        if case .integer(let value)? = self[key] { return Int(value) }
        return nil
    }

    func boolean(_ key: String) -> Bool? {
        if case .boolean(let value)? = self[key] { return value }
        return nil
    }
}

/// A `report.json` member that is missing or of the wrong type.
struct ReportJSONShapeError: Error, CustomStringConvertible {
    let key: String
    let expected: String
    var description: String { "\"\(key)\" is not \(expected)" }
}
