import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Reading journals back: findings with their cases, the latest record per id, an unfinished
/// last line, and errors that name the line.
struct JournalReaderTests {
    private func journalBytes(_ findings: [Finding], extra: (JournalWriter) throws -> Void = { _ in }) throws -> [UInt8] {
        let directory = try RegressionFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("journal.jsonl")
        try RegressionFixtures.writeJournal(findings, to: url)
        try extra(try JournalWriter(path: url.path))
        return Array(try Data(contentsOf: url))
    }

    @Test func readsTheHeaderAndEachFindingWithItsCase() throws {
        let runner = try RegressionFixtures.runner()
        let findings = runner.run(try RegressionFixtures.record()).findings
        #expect(findings.count >= 2)
        let journal = try Journal(bytes: try journalBytes(findings), source: "j")
        #expect(journal.header == JournalHeader(seed: 99, profile: "default", mappers: ["codable", "strict", "lenient"]))
        #expect(journal.findings.map(\.id) == Array(1...findings.count))
        #expect(journal.truncatedLine == nil)
        #expect(journal.summary == nil)
        for (read, original) in zip(journal.findings, findings) {
            #expect(read.record == .finding)
            #expect(read.line == read.id + 1)
            #expect(read.signature == original.signature)
            #expect(read.kind == original.discrepancy.kind)
            #expect(read.check == original.discrepancy.check)
            #expect(read.expected == original.isExpected)
            #expect(read.explanation == original.explanation?.id)
            #expect(read.path == original.discrepancy.path.description)
            #expect(read.stored.documentError == nil)
            // The case comes back exactly, struct fields in declaration order despite sorted keys.
            #expect(read.stored.record.schema == RegressionFixtures.schema)
            #expect(read.stored.record.document == RegressionFixtures.document)
            #expect(read.stored.record.model == RegressionFixtures.model)
            #expect(read.stored.record.reference?.path == "orders/o-17")
            #expect(read.stored.record.seed == 99)
            #expect(read.stored.record.caseIndex == 4)
            #expect(read.stored.record.faults == ["wrongType(integer→string) at count"])
            // And still shows its finding.
            #expect(try runner.replay(read.stored).findings.contains { $0.signature == read.signature })
        }
    }

    @Test func aCampaignsJournalReadsBackAndEveryFindingReplaysAsRecorded() throws {
        let directory = try RegressionFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let campaign = try Campaign(options: CampaignOptions(seed: 5, cases: 60, profile: .scalars, outputDirectory: directory.path,
                                                             shrinkAttempts: 40, expectedShrinkAttempts: 5))
        let summary = try campaign.run()
        let journal = try Journal.read(path: summary.journalPath)
        #expect(journal.header == JournalHeader(seed: 5, profile: "scalars", mappers: ["codable", "strict", "lenient"]))
        #expect(journal.summary?["cases"] == .integer(60))
        #expect(journal.truncatedLine == nil)
        #expect(journal.findings.map(\.signature) == summary.findings.map(\.signature))
        #expect(!journal.findings.isEmpty)
        let runner = try CaseRunner.builtIn(mappers: try #require(journal.header).mappers, profile: "scalars")
        for finding in journal.findings {
            #expect(finding.record == .shrunk)
            #expect(finding.shrink != nil)
            let replayed = try runner.replay(finding.stored)
            let match = replayed.findings.first { $0.signature == finding.signature }
            #expect(match != nil, "finding \(finding.id) no longer occurs: \(finding.signature)")
            #expect(match?.explanation?.id == finding.explanation)
        }
    }

    @Test func aShrunkRecordReplacesItsFindingRecord() throws {
        guard let finding = try RegressionFixtures.finding("silentDefault") else {
            Issue.record("the padded case shows no silent default")
            return
        }
        var shrunk = finding
        shrunk.shrink = ShrinkSummary(choicesBefore: 40, choicesAfter: 9, steps: 12, timedOut: true)
        let bytes = try journalBytes([finding]) { writer in
            try writer.append(JournalFormat.encodeFinding(shrunk, id: 1, record: "shrunk", reproduce: "r"))
            try writer.append(JournalFormat.encodeFinding(finding, id: 1, record: "finding", reproduce: "r"))
        }
        let journal = try Journal(bytes: bytes)
        #expect(journal.findings.count == 1)
        #expect(journal.findings.first?.record == .shrunk)
        #expect(journal.findings.first?.line == 3)
        #expect(journal.findings.first?.shrink == ShrinkSummary(choicesBefore: 40, choicesAfter: 9, steps: 12, timedOut: true))
        #expect(journal.findings.first?.reproduce == "r")
    }

    @Test func anUnfinishedLastLineIsSkippedAndNamed() throws {
        let findings = try RegressionFixtures.runner().run(try RegressionFixtures.record()).findings
        let complete = try journalBytes(findings)
        let lineCount = complete.filter { $0 == 0x0A }.count
        // Cut the last finding line in half, as a run killed while writing it leaves it.
        let lastLineStart = complete.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let cut = Array(complete[..<(lastLineStart + (complete.count - lastLineStart) / 2)])
        let journal = try Journal(bytes: cut, source: "killed.jsonl")
        #expect(journal.truncatedLine == lineCount)
        #expect(journal.findings.count == findings.count - 1)
        // A complete last line without its newline is read.
        let whole = try Journal(bytes: Array(complete.dropLast()))
        #expect(whole.truncatedLine == nil)
        #expect(whole.findings.count == findings.count)
    }

    @Test func aBrokenLineInTheMiddleIsAnErrorNamingIt() throws {
        let findings = try RegressionFixtures.runner().run(try RegressionFixtures.record()).findings
        var lines = try journalBytes(findings).split(separator: 0x0A).map(Array.init)
        lines[1] = Array(lines[1].prefix(40))
        let bytes = lines.joined(separator: [0x0A]) + [0x0A]
        #expect {
            try Journal(bytes: Array(bytes), source: "run/journal.jsonl")
        } throws: { error in
            let failure = error as? JournalReadError
            return failure?.line == 2 && failure?.description.hasPrefix("run/journal.jsonl:2: not a JSON line:") == true
        }
    }

    @Test(arguments: [
        (#"{"journal": 2, "record": "run"}"#, #"journal format version 2; this Crossfire reads version 1"#),
        (#"{"record": "run"}"#, #"missing the integer "journal" (the format version)"#),
        (#"[1, 2]"#, #"a journal line must be a JSON object with "journal" and "record""#),
        (#"{"journal": 1, "record": "run", "profile": "default"}"#, #"a run record needs the array "mappers""#),
        (#"{"journal": 1, "record": "finding", "id": 0}"#, #""id" must be at least 1, found 0"#),
        (#"{"journal": 1, "record": "finding", "id": 3, "kind": "oops"}"#, #"unknown finding kind "oops""#),
        (#"{"journal": 1, "record": "finding", "id": 3, "kind": "crash", "check": "decode", "expected": false}"#, #"a finding record needs a "case""#),
        (#"{"journal": 1, "record": "finding", "id": 3, "kind": "crash", "check": "decode", "expected": false, "case": {}}"#, #"a case needs a schema"#),
    ])
    func malformedRecordsAreErrorsSayingWhatIsWrong(line: String, message: String) throws {
        let bytes = Array("\n\(line)\n".utf8)
        #expect(throws: JournalReadError(source: "j", line: 2, message: message)) {
            try Journal(bytes: bytes, source: "j")
        }
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: JournalReadError(source: "/nonexistent/journal.jsonl", line: nil, message: "cannot read the file")) {
            try Journal.read(path: "/nonexistent/journal.jsonl")
        }
    }

    @Test func casesKeepWhatTheirJSONFormOnceLost() throws {
        // A coding key canonically equivalent to its property name but not equal to it, a
        // reference whose segment starts with a joiner, and a NaN Decimal.
        let schema = ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [
            FieldSchema(name: "z", type: .decimal),
            FieldSchema(name: "\u{E9}r", codingKey: "e\u{301}r", type: .string),
        ])])
        let reference = try DocumentReference(segments: ["a", "\u{200D}", "b", "c"])
        let record = CaseRecord(schema: schema, reference: reference, document: ["e\u{301}r": .string("x"), "z": .double(1)],
                                model: .structure([ModelField(name: "z", value: .decimal(.nan)), ModelField(name: "\u{E9}r", value: .string("x"))]))
        let back = try StoredCase(json: try JournalFormat.encodeCase(record)).record
        let key = try #require(back.schema.rootStruct?.fields.last?.codingKey)
        #expect(Array(key.unicodeScalars) == Array("e\u{301}r".unicodeScalars))
        #expect(back.reference?.segments == ["a", "\u{200D}", "b", "c"])
        #expect(back.model == record.model)
        #expect(back.document == record.document)
    }
}
