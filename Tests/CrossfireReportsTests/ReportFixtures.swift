import Crossfire
import CrossfireReports
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Journals for the report tests: seeded campaigns run in this process, and journals written
/// line by line with the engine's own record encoders for the edge cases.
enum ReportFixtures {
    /// The names in a folder, sorted.
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs a seeded campaign of the built-in mappers into `directory`: its summary, its
    /// journal's path and the campaign (for its reproduce commands).
    static func campaign(seed: UInt64, cases: Int, profile: GenerationProfile = .scalars, allowlist: Allowlist = .sdkBehaviour,
                         in directory: URL) throws -> (summary: CampaignSummary, journal: String, campaign: Campaign) {
        let options = CampaignOptions(seed: seed, cases: cases, profile: profile, outputDirectory: directory.path, allowlist: allowlist,
                                      shrinkAttempts: 30)
        let campaign = try Campaign(options: options)
        let summary = try campaign.run()
        return (summary, summary.journalPath, campaign)
    }

    /// The report of a journal file, built from the journal alone.
    static func report(path: String) throws -> Report {
        try Report(journal: try Journal.read(path: path), source: path)
    }

    /// A journal line as a JSON value, as the tests edit it.
    static func value(_ line: JSONText) throws -> FirestoreValue {
        try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: line.bytes)
    }

    /// The allowlist with only the lenient mapper's silent defaults: every other finding of a
    /// campaign is unexpected.
    static let silentDefaultsOnly = Allowlist(entries: Allowlist.sdkBehaviour.entries.filter { $0.id == "lenient-silent-default" })

    // MARK: Hostile strings

    /// A coding key and texts no page may show raw.
    static let hostileKey = "<script>alert(\"x\")</script> & 'é' 🔥"
    static let hostileReason = "<b>defaults</b> & \"quotes\" & 'apostrophes' — ünïcode 🧪"

    /// An allowlist whose one entry explains silent defaults, with a hostile id and reason.
    static let hostileAllowlist = Allowlist(entries: [
        AllowlistEntry(id: "hostile-<entry>", reason: hostileReason, excuses: .everyMapper) { discrepancy, _ in discrepancy.kind == .silentDefault },
    ])

    /// A case whose first field has the hostile coding key, and whose document holds an
    /// integer there where the schema has a String (the lenient mapper's silent default); its
    /// `Int8` is stored as a boolean, so that its round trip loses it (unexpected under
    /// `hostileAllowlist`).
    static func hostileCase() -> CaseRecord {
        let schema = ModelSchema(root: "Model", structs: [StructSchema(name: "Model", fields: [
            FieldSchema(name: "title", codingKey: hostileKey, type: .string),
            FieldSchema(name: "count", type: .integer(.int)),
            FieldSchema(name: "level", type: .integer(.int8)),
        ])])
        return CaseRecord(schema: schema, reference: try? DocumentReference(path: "books/<b>&\"1\""),
                          document: [hostileKey: .integer(3), "count": .integer(1), "level": .integer(2)],
                          model: .structure([ModelField(name: "title", value: .string("<i>&amp;</i>")), ModelField(name: "count", value: .int(1)),
                                             ModelField(name: "level", value: .int(2))]),
                          faults: [Fault(kind: .wrongType(replaced: .string, with: .integer), path: ValuePath(keys: hostileKey), detail: "<u>\"x\"</u> replaced by 3")],
                          seed: 7, caseIndex: 3, choices: [1, 2, 3])
    }

    /// What the built-in mappers find in the hostile case, silent defaults explained by
    /// `hostileAllowlist` and the rest unexpected.
    static func hostileFindings() throws -> [Finding] {
        let runner = try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "scalars", allowlist: hostileAllowlist)
        return runner.run(hostileCase()).findings
    }

    /// A finding of the hostile case of the given kind.
    static func hostileFinding(_ kind: FindingKind) throws -> Finding {
        try #require(try hostileFindings().first { $0.discrepancy.kind == kind }, "the hostile case shows no \(kind)")
    }

    /// A crash finding as an isolated run records it: one outcome, at the root.
    static func crashFinding(message: String = "the worker died of SIGILL (signal 4) while decoding <b>&</b>") -> Finding {
        let failure = MappingFailure(kind: .unexpected, path: .root, found: "SIGILL", message: message, hasPath: false)
        let facts = LeafFacts(type: nil, family: nil, wrapper: nil, container: .topLevel, held: .absent)
        let discrepancy = Discrepancy(kind: .crash, check: .decode, path: .root, facts: facts,
                                      outcomes: [MapperOutcome(mapper: "strict", result: .crashed("SIGILL"), failure: failure)])
        return Finding(discrepancy: discrepancy, testCase: hostileCase(), allowlist: .sdkBehaviour)
    }

    // MARK: Journal lines

    /// A `run` line.
    static func runLine(seed: UInt64 = 7, profile: String = "scalars", cases: Int? = 100, timeLimitSeconds: Int? = nil) -> FirestoreValue {
        .map([
            "journal": .integer(JournalFormat.version), "record": .string("run"), "seed": .string(String(seed)), "profile": .string(profile),
            "mappers": .array(["codable", "strict", "lenient"].map(FirestoreValue.string)),
            "cases": cases.map { .integer(Int64($0)) } ?? .null,
            "timeLimitSeconds": timeLimitSeconds.map { .integer(Int64($0)) } ?? .null, "firstCase": .integer(0),
        ])
    }

    /// The reproduce command the fixtures write.
    static func reproduce(_ id: Int) -> String {
        "crossfire replay run/journal.jsonl --class \(id)"
    }

    /// A `class` line.
    static func classLine(_ finding: Finding, id: Int, reproduce: String? = nil) throws -> FirestoreValue {
        let cause = CauseResolver(runner: try CaseRunner.builtIn(mappers: ["codable", "strict", "lenient"], profile: "default"))
            .resolve(finding, in: CaseExecution(record: finding.testCase, findings: [finding], checks: [], setupFailure: nil))
        return try value(JournalFormat.classRecord(id: id, finding: finding, cause: cause, reproduce: reproduce ?? Self.reproduce(id)))
    }

    /// A `shrunk` line: the finding shrunk as `shrink` says.
    static func shrunkLine(_ finding: Finding, id: Int, shrink: ShrinkSummary) throws -> FirestoreValue {
        var shrunk = finding
        shrunk.shrink = shrink
        return try value(JournalFormat.shrunkRecord(id: id, finding: shrunk, reproduce: reproduce(id)))
    }

    /// A `counts` line.
    static func countsLine(cases: Int, occurrences: [Int: Int]) throws -> FirestoreValue {
        try value(JournalFormat.countsRecord(cases: cases, elapsed: .milliseconds(700), occurrences: occurrences))
    }

    /// A `summary` line; `cells` gives each class's grid cells, `coverage` the grid's counts.
    static func summaryLine(cases: Int, interrupted: Bool = false, occurrences: [Int: Int] = [:], cells: [Int: [GridCell: Int]] = [:],
                            census: ErrorCensus = ErrorCensus(), coverage: CoverageTally = CoverageTally()) throws -> FirestoreValue {
        let classes = cells.map { id, counts in
            var tally = ClassTally()
            tally.leafTypes = ["String": occurrences[id] ?? 1]
            tally.cells = counts
            return (key: String(id), value: JournalFormat.classDetails(tally))
        }
        var totals = CampaignTotals()
        totals.cases = cases
        totals.census = census
        totals.coverage = coverage
        return try value(JournalFormat.summaryRecord(totals: totals, elapsed: .milliseconds(1_500), interrupted: interrupted,
                                                     occurrences: occurrences, classes: classes))
    }

    /// The text of a journal of these lines, each ending with a newline.
    static func journalBytes(_ lines: [FirestoreValue]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += JSONText.value(line).bytes + [0x0A]
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

    /// Line `number` (1-based) of the journal at `path`, read as plain JSON, as the journal has it.
    static func journalLine(_ number: Int, of path: String) throws -> FirestoreMap {
        let lines = try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: 0x0A, omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count,
              case .map(let map) = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: Array(lines[number - 1])) else {
            Issue.record("the journal has no object on line \(number)")
            return FirestoreMap()
        }
        return map
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

    /// The part of a page from the element that starts with `start` to the end of the
    /// element `end` closes (`</article>`), or nil.
    static func element(_ page: String, from start: String, to end: String) -> String? {
        guard let opening = page.range(of: start), let closing = page.range(of: end, range: opening.upperBound..<page.endIndex) else { return nil }
        return String(page[opening.lowerBound..<closing.upperBound])
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

/// The HTML escaping the tests expect, written out independently of the module's.
enum HTMLEscape {
    static func expected(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
