import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `crossfire run --isolate`: cases in a worker process, crashes as finding classes.
@Suite(.serialized, .tags(.slow), .skippedWhenQuick) struct CLIIsolateTests {
    private func journal(in directory: URL) throws -> [FirestoreMap] {
        try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl"))
    }

    @Test func aTrappingMapperBecomesACrashClassThatReplaysAndTheRunGoesOn() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,trap", "--isolate", "--cases", "40", "--out", "out", "--shrink-attempts", "60"],
                                  in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        // The first death is told as it happens, the later ones counted at the end.
        let told = run.errorLines.filter { $0.hasPrefix("worker died of SIG") }
        #expect(told.count == 1)
        let counted = try #require(run.errorLines.first { $0.hasPrefix("workers died in ") })
        let deaths = try #require(Int(counted.dropFirst("workers died in ".count).prefix { $0.isNumber }))
        #expect(deaths >= 2, "the fixture traps on documents of 6 or more fields; 40 cases have several")

        let records = try journal(in: directory)
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["cases"] == .integer(40))
        #expect(summary["stopped"] == .string("completed"))
        let crashes = CLIJournal.records(records, kind: "class").filter { CLIJournal.key($0)?.contains("/crash/") == true }
        #expect(crashes.count == 1, "every trap is one class")
        let crash = try #require(crashes.first)
        #expect(CLIJournal.key(crash) == "decode/crash/topLevel/unknown/absent/trap=crash-SIGILL")
        #expect(crash["expected"] == .boolean(false))
        let example = try #require(CLIJournal.object(crash, "example"))
        guard case .array(let outcomes)? = example["outcomes"], case .map(let outcome)? = outcomes.first,
              let failure = CLIJournal.object(outcome, "failure") else {
            Issue.record("a crash class needs its outcome")
            return
        }
        #expect(outcome["mapper"] == .string("trap"))
        let message = try #require(CLIJournal.string(failure, "message"))
        #expect(message.contains("in a call of trap (decode check), case "))
        #expect(message.contains("Fatal error: trap fixture: decode of a document with "))
        let id = try #require(CLIJournal.integer(crash, "id"))
        #expect(CLIJournal.object(summary, "occurrences")?[String(id)] == .integer(Int64(deaths)))

        // The crash's case replays: its seed and index give the same choices, and a document the
        // fixture traps on.
        let testCase = try #require(CLIJournal.object(example, "case"))
        #expect(testCase["seed"] == .string("1"))
        let index = try #require(CLIJournal.integer(testCase, "caseIndex"))
        let options = CampaignOptions(seed: 1, outputDirectory: directory.path)
        var source = ChoiceSource(seed: options.caseSeed(index))
        let regenerated = CaseRunner(mappers: MapperSpec.builtIn, generator: CaseGenerator(profile: .default)).generate(from: &source, seed: 1, caseIndex: index)
        #expect(CLIJournal.string(testCase, "choices") == ChoiceSequence(regenerated.choices ?? []).text)
        #expect((regenerated.document?.count ?? 0) >= 6)
        #expect(told.first?.contains("in case \(index);") == true, "the class's example is its first occurrence, the death told")

        // The summary lists it with its reproduce command, which needs --isolate.
        let command = try #require(CLITool.printedCommand)
        // Its cause is the trap: the mapper, the signal and the runtime's own words.
        #expect(run.outputLines.contains { $0.hasPrefix("  #\(id) trap traps (SIGILL): ") }, "\(run.outputLines)")
        #expect(run.outputLines.contains("     reproduce: \(command) replay out/journal.jsonl --class \(id) --isolate"))
        // The log has every worker's trap: the run's, and those of the crash's shrink candidates.
        let log = try String(contentsOf: directory.appendingPathComponent("out/worker.log"), encoding: .utf8)
        #expect(log.components(separatedBy: "Fatal error: trap fixture").count - 1 >= deaths)
        // The crash was shrunk (each candidate in a worker of its own) to a smaller case that
        // still traps: a document of at least the fixture's 6 fields.
        let shrunkCrash = try #require(CLIJournal.records(records, kind: "shrunk").first { CLIJournal.integer($0, "id") == id })
        #expect(CLIJournal.key(shrunkCrash) == CLIJournal.key(crash))
        guard let shrink = CLIJournal.object(shrunkCrash, "shrink"), case .integer(let before)? = shrink["choicesBefore"],
              case .integer(let after)? = shrink["choicesAfter"], let shrunkExample = CLIJournal.object(shrunkCrash, "example"),
              let shrunkCase = CLIJournal.object(shrunkExample, "case"), let document = CLIJournal.object(shrunkCase, "document"),
              let fields = CLIJournal.object(document, "fields")
        else {
            Issue.record("the crash's shrunk line needs its shrink statistics and its document")
            return
        }
        #expect(before == Int64(regenerated.choices?.count ?? 0))
        #expect(after < before)
        #expect(fields.count >= 6)
        #expect(shrink["stop"] != nil)
    }

    @Test func aStuckMapperIsKilledAfterTheCaseTimeoutAndBecomesACrashClass() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,hang", "--isolate", "--case-timeout", "1", "--cases", "20",
                                   "--out", "out", "--shrink-attempts", "5"], in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        let kills = run.errorLines.filter { $0.hasPrefix("worker made no progress for 1 s and was killed in case ") }
        #expect(kills.count >= 1, "the fixture sleeps forever on documents of 6 or more fields; 20 cases have some")

        let records = try journal(in: directory)
        let summary = try #require(records.last)
        #expect(summary["cases"] == .integer(20))
        #expect(summary["stopped"] == .string("completed"))
        let crashes = CLIJournal.records(records, kind: "class").filter { CLIJournal.key($0)?.contains("/crash/") == true }
        #expect(crashes.count == 1)
        let crash = try #require(crashes.first)
        #expect(CLIJournal.key(crash) == "decode/crash/topLevel/unknown/absent/hang=crash-hang")
        let example = try #require(CLIJournal.object(crash, "example"))
        guard case .array(let outcomes)? = example["outcomes"], case .map(let outcome)? = outcomes.first,
              let failure = CLIJournal.object(outcome, "failure") else {
            Issue.record("a crash class needs its outcome")
            return
        }
        #expect(outcome["mapper"] == .string("hang"))
        let message = try #require(CLIJournal.string(failure, "message"))
        #expect(message.hasPrefix("the worker made no progress for 1 s and was killed in a call of hang (decode check), case "))
        guard let testCase = CLIJournal.object(example, "case"), let index = CLIJournal.integer(testCase, "caseIndex") else {
            Issue.record("a crash class needs its case")
            return
        }
        #expect(kills.contains { $0.contains("in case \(index);") })
        // A hang is not shrunk: every candidate could cost the whole timeout.
        let id = try #require(CLIJournal.integer(crash, "id"))
        #expect(!CLIJournal.records(records, kind: "shrunk").contains { CLIJournal.integer($0, "id") == id })
    }

    @Test func theHangFixtureAndTheCaseTimeoutNeedIsolation() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hang = try CLITool.run(["run", "--mappers", "codable,hang", "--cases", "2", "--out", "out"], in: directory)
        #expect(hang.status == 2)
        #expect(hang.errorLines.contains { $0.contains("the hang fixture needs --isolate") })
        let timeout = try CLITool.run(["run", "--case-timeout", "5", "--cases", "2", "--out", "out"], in: directory)
        #expect(timeout.status == 2)
        #expect(timeout.errorLines.contains { $0.contains("--case-timeout needs --isolate") })
    }

    @Test func withoutIsolationTheTrapEndsTheRunAndTheJournalKeepsWhatWasPrinted() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,trap", "--cases", "40", "--out", "out", "--shrink-attempts", "10", "--verbose"],
                                  in: directory, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(!run.exitedNormally)
        let records = try journal(in: directory)
        #expect(!records.contains { $0["record"] == .string("summary") })
        let journaled = Set(CLIJournal.records(records, kind: "class").compactMap { CLIJournal.integer($0, "id") })
        #expect(Set(CLIClassLine.all(in: run.errorLines).map(\.id)).isSubset(of: journaled))
    }

    /// The same classes, first examples, counts, census and grid. An isolated run shrinks by
    /// choices only (a worker that crashes on a shrink candidate is blamed through the choices
    /// it announced), so its shrunk examples may differ, and its summary names no smallest
    /// examples (its workers keep no examples of classes another worker found).
    @Test func anIsolatedRunWritesTheJournalAnInProcessRunWrites() throws {
        var journals: [[FirestoreMap]] = []
        for isolate in [false, true] {
            let directory = try TemporaryFolder.make()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try CLITool.run(["run", "--seed", "3", "--mappers", "codable,dropnull", "--cases", "40", "--out", "out",
                                       "--shrink-attempts", "40", "--shrink-time", "600"] + (isolate ? ["--isolate"] : []),
                                      in: directory)
            #expect(run.exitedNormally)
            var records = try journal(in: directory).filter { $0["record"] != .string("counts") }.map { record in
                guard record["record"] == .string("shrunk") else { return record }
                return ["record": .string("shrunk"), "id": record["id"] ?? .null, "key": record["key"] ?? .null]
            }
            records[records.count - 1]["elapsedSeconds"] = nil
            if case .map(var classes)? = records[records.count - 1]["classes"] {
                for (id, details) in classes {
                    guard case .map(var parts) = details else { continue }
                    parts["smallest"] = .null
                    classes[id] = .map(parts)
                }
                records[records.count - 1]["classes"] = .map(classes)
            }
            journals.append(records)
        }
        #expect(journals[0].count == journals[1].count)
        #expect(CLIJournal.records(journals[0], kind: "class").count > 3)
        #expect(!CLIJournal.records(journals[0], kind: "shrunk").isEmpty)
        for (a, b) in zip(journals[0], journals[1]) { #expect(a == b) }
    }

    @Test func stopRequestsReachTheWorker() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--isolate", "--time", "60", "--out", "out", "--shrink-attempts", "10", "--verbose"], in: directory)
        #expect(run.readErrorLines(until: { CLIClassLine.all(in: $0).count >= 3 }))
        // Only the parent gets the signal; it forwards it to the worker.
        run.process.terminate()
        let output = try run.finish()
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 143)
        let summary = try #require(try journal(in: directory).last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["stopped"] == .string("interrupted"))
        #expect(ProcessResult.lines(output).dropFirst().first?.hasSuffix("interrupted") == true)
        #expect(ProcessResult.lines(output).first?.hasSuffix(", isolated") == true)
    }
}
