import Crossfire
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Reading journals back: classes with their examples and cases, a class's shrunk example, an
/// unfinished last line, and errors that name the line.
struct JournalReaderTests {
    private func journalBytes(_ findings: [Finding], extra: (JournalWriter) throws -> Void = { _ in }) throws -> [UInt8] {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("journal.jsonl")
        try RegressionFixtures.writeJournal(findings, to: url)
        try extra(try JournalWriter(path: url.path))
        return Array(try Data(contentsOf: url))
    }

    @Test func readsTheHeaderAndEachClassWithItsExampleCase() throws {
        let runner = try RegressionFixtures.runner()
        let classes = RegressionFixtures.firstOfEachClass(runner.run(try RegressionFixtures.record()).findings)
        #expect(classes.count >= 2)
        let journal = try Journal(bytes: try journalBytes(classes), source: "j")
        #expect(journal.header == JournalHeader(seed: 99, profile: "default", mappers: ["codable", "strict", "lenient"], cases: 5, line: 1))
        #expect(journal.classes.map(\.id) == Array(1...classes.count))
        #expect(journal.truncatedLine == nil)
        #expect(journal.summary == nil)
        for (read, original) in zip(journal.classes, classes) {
            #expect(read.line == read.id + 1)
            #expect(read.key == original.key)
            #expect(read.expected == original.isExpected)
            #expect(read.explanation?.id == original.explanation?.id)
            #expect(read.explanation?.reason == original.explanation?.reason)
            #expect(read.first.path == original.discrepancy.path.description)
            #expect(read.shrunk == nil && read.shrink == nil && read.occurrences == nil)
            #expect(read.reproduce?.hasSuffix("--class \(read.id)") == true)
            let stored = read.example.stored
            #expect(stored.documentError == nil)
            // The case comes back exactly, struct fields in declaration order despite sorted keys.
            #expect(stored.record.schema == RegressionFixtures.schema)
            #expect(stored.record.document == RegressionFixtures.document)
            #expect(stored.record.model == RegressionFixtures.model)
            #expect(stored.record.reference?.path == "orders/o-17")
            #expect(stored.record.seed == 99)
            #expect(stored.record.caseIndex == 4)
            #expect(stored.record.faults == [RegressionFixtures.fault])
            // And still shows its class.
            #expect(try runner.replay(stored).findings.contains { $0.key == read.key })
        }
    }

    @Test func aCampaignsJournalReadsBackAndEveryClassReplaysAsRecorded() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let campaign = try Campaign(options: CampaignOptions(seed: 5, cases: 60, profile: .scalars, outputDirectory: directory.path,
                                                             shrinkAttempts: 40))
        let summary = try campaign.run()
        let journal = try Journal.read(path: summary.journalPath)
        #expect(journal.header == JournalHeader(seed: 5, profile: "scalars", mappers: ["codable", "strict", "lenient"], cases: 60,
                                                replay: campaign.replayCommand, line: 1))
        #expect(journal.summary?.totals.cases == 60)
        #expect(journal.countedCases == 60)
        #expect(journal.truncatedLine == nil)
        #expect(journal.classes.map(\.key) == summary.classes.map(\.key))
        #expect(!journal.classes.isEmpty)
        let runner = try CaseRunner.builtIn(mappers: try #require(journal.header).mappers, profile: "scalars")
        for (read, found) in zip(journal.classes, summary.classes) {
            #expect(read.id == found.id)
            #expect(read.occurrences == found.occurrences)
            #expect(read.tally == found.tally)
            // Only an unexpected class is shrunk during a run.
            #expect((read.shrunk != nil) == found.isUnexpected)
            #expect((read.shrink != nil) == found.isUnexpected)
            // Every class's line holds its example whole, expected ones too.
            #expect(read.first.stored.record.caseIndex == found.first.testCase.caseIndex)
            #expect(read.reproduce == campaign.reproduceCommand(read.id, key: read.key))
            let replayed = try runner.replay(read.example.stored)
            let match = replayed.findings.first { $0.key == read.key }
            #expect(match != nil, "class \(read.id) no longer occurs: \(read.key)")
            #expect(match?.explanation?.id == read.explanation?.id)
        }
    }

    @Test func aShrunkRecordGivesItsClassTheShrunkExample() throws {
        let finding = try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey))
        var shrunk = finding
        shrunk.shrink = ShrinkSummary(choicesBefore: 40, choicesAfter: 9, steps: 12, attempts: 30, stop: .timeBudget)
        var smaller = shrunk.testCase
        smaller.model = nil
        shrunk.testCase = smaller
        let bytes = try journalBytes([finding]) { writer in
            try writer.append(JournalFormat.shrunkRecord(id: 1, finding: shrunk, reproduce: "r"))
        }
        let journal = try Journal(bytes: bytes)
        #expect(journal.classes.count == 1)
        let read = try #require(journal.classes.first)
        #expect(read.line == 2)
        #expect(read.shrunk?.line == 3)
        #expect(read.shrink == ShrinkSummary(choicesBefore: 40, choicesAfter: 9, steps: 12, attempts: 30, stop: .timeBudget))
        #expect(read.reproduce == "r")
        #expect(read.first.stored.record.model == RegressionFixtures.model)
        #expect(read.example.stored.record.model == nil)
    }

    @Test func aShrunkRecordOfAnUnknownClassIsADamagedLine() throws {
        let finding = try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey))
        let bytes = try journalBytes([finding]) { writer in
            try writer.append(JournalFormat.shrunkRecord(id: 2, finding: finding, reproduce: "r"))
        }
        let journal = try Journal(bytes: bytes, source: "j")
        #expect(journal.damagedLines == [JournalReadError(source: "j", line: 3, message: "a shrunk record for class 2, which no class record before it has")])
        #expect(journal.classes.map(\.id) == [1])
    }

    @Test func anUnfinishedLastLineIsSkippedAndNamed() throws {
        let classes = RegressionFixtures.firstOfEachClass(try RegressionFixtures.runner().run(try RegressionFixtures.record()).findings)
        let complete = try journalBytes(classes)
        let lineCount = complete.filter { $0 == 0x0A }.count
        // Cut the last class line in half, as a run killed while writing it leaves it.
        let lastLineStart = complete.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let cut = Array(complete[..<(lastLineStart + (complete.count - lastLineStart) / 2)])
        let journal = try Journal(bytes: cut, source: "killed.jsonl")
        #expect(journal.truncatedLine == lineCount)
        #expect(journal.classes.count == classes.count - 1)
        // A complete last line without its newline is read.
        let whole = try Journal(bytes: Array(complete.dropLast()))
        #expect(whole.truncatedLine == nil)
        #expect(whole.classes.count == classes.count)
    }

    @Test func aBrokenLineInTheMiddleIsSkippedAndNamedAndTheRestIsRead() throws {
        let findings = RegressionFixtures.firstOfEachClass(try RegressionFixtures.runner().run(try RegressionFixtures.record()).findings)
        try #require(findings.count >= 3)
        let complete = try journalBytes(findings)
        let intact = try Journal(bytes: complete, source: "run/journal.jsonl")
        var lines = complete.split(separator: 0x0A).map(Array.init)
        // Line 3 is the second class record: cut it, as a disk error or a bad edit leaves it.
        lines[2] = Array(lines[2].prefix(40))
        let journal = try Journal(bytes: Array(lines.joined(separator: [0x0A]) + [0x0A]), source: "run/journal.jsonl")
        #expect(journal.damagedLines.map(\.line) == [3])
        #expect(journal.damagedLines.first?.description.hasPrefix("run/journal.jsonl:3: not a JSON line:") == true)
        #expect(journal.truncatedLine == nil)
        #expect(journal.header == intact.header)
        #expect(journal.classes.map(\.id) == intact.classes.map(\.id).filter { $0 != 2 })
        #expect(journal.countedCases == intact.countedCases)
    }

    @Test(arguments: [
        (#"{"journal": 3, "record": "run"}"#,
         #"journal format version 3, written by an older Crossfire; this Crossfire reads version 4 only: replay or report it with the Crossfire that wrote it, or run the campaign again"#),
        (#"{"journal": 5, "record": "run"}"#,
         #"journal format version 5, written by a newer Crossfire; this Crossfire reads version 4 only: replay or report it with the Crossfire that wrote it, or run the campaign again"#),
        (#"{"record": "run"}"#, #"missing the integer "journal" (the format version)"#),
        (#"[1, 2]"#, #"a journal line must be a JSON object with "journal" and "record""#),
        (#"{"journal": 4, "record": "run", "profile": "default"}"#, #"missing key "mappers""#),
        (#"{"journal": 4, "record": "class", "id": 0}"#, #""id" must be at least 1, found 0"#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "oops"}"#,
         #""key": not a finding class key (a class key has 6 or 7 parts separated by "/", this one 1): oops"#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "expected": false}"#, #"missing key "cause""#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": true, "explanation": null}"#, #""expected", "explanation" and the key's allowlist entry disagree"#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false}"#, #"missing key "example""#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a"}}"#, #"example: missing key "schemaPath""#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a", "schemaPath": "a", "container": "structField"}}"#, #"example: missing key "held""#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a", "schemaPath": "a", "container": "structField", "held": {"absent": true}}}"#, #"example: missing key "case""#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a", "schemaPath": "a", "container": "structField", "held": {"absent": true}, "outcomes": [{"mapper": 3}]}}"#, #"example.outcomes[0].mapper: expected a string, found the integer 3"#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a", "schemaPath": "a", "container": "structField", "held": {"absent": true}, "cells": ["nowhere"]}}"#, #"example.cells[0]: "nowhere" is not a grid cell"#),
        (#"{"journal": 4, "record": "class", "id": 3, "key": "decode/crash/topLevel/unknown/absent/codable=crash-SIGILL", "cause": "codable:crash/SIGILL/trap", "expected": false, "example": {"path": "a", "schemaPath": "a", "container": "structField", "held": {"absent": true}, "case": {}}}"#, #"example.case: missing key "schema""#),
        (#"{"journal": 4, "record": "counts", "cases": 4, "occurrences": {"x": 1}}"#, #"occurrences.x: expected a class id (a whole number from 1)"#),
        (#"{"journal": 4, "record": "counts", "cases": 4, "occurrences": {"2": "many"}}"#, #"occurrences.2: expected an integer, found the string "many""#),
    ])
    func malformedRecordsAreSkippedSayingWhatIsWrong(line: String, message: String) throws {
        let bytes = Array("\n\(line)\n".utf8)
        let error = JournalReadError(source: "j", line: 2, message: message)
        if message.hasPrefix("journal format version") {
            // Another Crossfire's journal: nothing in it can be read as this one's.
            #expect(throws: error) { try Journal(bytes: bytes, source: "j") }
        } else {
            let journal = try Journal(bytes: bytes, source: "j")
            #expect(journal.damagedLines == [error])
            #expect(journal.header == nil && journal.classes.isEmpty)
        }
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: JournalReadError(source: "/nonexistent/journal.jsonl", line: nil, message: "cannot read the file: No such file or directory")) {
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
        let back = try StoredCase(JSONObject(try JournalFormat.caseValue(record))).record
        let key = try #require(back.schema.rootStruct?.fields.last?.codingKey)
        #expect(Array(key.unicodeScalars) == Array("e\u{301}r".unicodeScalars))
        #expect(back.reference?.segments == ["a", "\u{200D}", "b", "c"])
        #expect(back.model == record.model)
        #expect(back.document == record.document)
    }

    @Test(arguments: [
        ("seed", FirestoreValue.string("x"), #"case.seed: expected a decimal UInt64, found "x""#),
        ("caseIndex", .double(1.5), "case.caseIndex: expected an integer, found the number 1.5"),
        ("reference", .integer(7), "case.reference: expected a string, found the integer 7"),
        ("faults", .array([.map(["kind": .string("nope"), "components": .array([]), "detail": .string("")])]), #"case.faults[0].kind: unknown fault kind "nope""#),
        ("faults", .array([.map(["kind": .string("nope")]), .integer(2)]), "case.faults[1]: expected an object, found the integer 2"),
        ("choices", .string("zz"), "case.choices: "),
        ("model", .integer(3), "case.model: "),
    ])
    func aMalformedCaseMemberIsNamedByItsPath(key: String, value: FirestoreValue, message: String) throws {
        guard case .map(var members) = try JournalFormat.caseValue(CaseRecord(schema: ModelSchema(root: "R", structs: [StructSchema(name: "R", fields: [])]),
                                                                                       reference: nil, document: nil, model: nil)) else {
            Issue.record("a case is an object")
            return
        }
        members[key] = value
        do {
            _ = try StoredCase(JSONObject(.map(members), path: "case"))
            Issue.record("a case with \(key) \(value) was read")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
