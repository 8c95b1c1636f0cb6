import Crossfire
import FirestoreModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `crossfire run --isolate`: cases in a worker process, crashes as findings.
@Suite(.serialized) struct CLIIsolateTests {
    private func journal(in directory: URL) throws -> [FirestoreMap] {
        try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl"))
    }

    @Test func aTrappingMapperBecomesACrashFindingThatReplaysAndTheRunGoesOn() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,trap", "--isolate", "--cases", "40", "--out", "out", "--shrink-attempts", "60"],
                                  in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        let deaths = run.errorLines.filter { $0.hasPrefix("worker died of SIG") }
        #expect(deaths.count >= 2, "the fixture traps on documents of 6 or more fields; 40 cases have several")

        let records = try journal(in: directory)
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["cases"] == .integer(40))
        #expect(summary["stopped"] == .string("completed"))
        let crashes = CLIJournal.records(records, kind: "finding").filter { $0["kind"] == .string("crash") }
        #expect(crashes.count == 1, "every trap has the same signature")
        let crash = try #require(crashes.first)
        let signature = try #require(CLIJournal.string(crash, "signature"))
        #expect(signature == "crash decode (root) [- <- -] trap:unexpected")
        #expect(crash["expected"] == .boolean(false))
        guard case .array(let outcomes)? = crash["outcomes"], case .map(let outcome)? = outcomes.first else {
            Issue.record("a crash finding needs its outcome")
            return
        }
        #expect(outcome["mapper"] == .string("trap"))
        let message = try #require(CLIJournal.string(outcome, "message"))
        #expect(message.contains("in a call of trap (decode check), case "))
        #expect(message.contains("Fatal error: trap fixture: decode of a document with "))
        guard case .integer(let occurrences)? = { if case .map(let map)? = summary["occurrences"] { return map[signature] } else { return nil } }() else {
            Issue.record("the summary counts the crash signature")
            return
        }
        #expect(Int(occurrences) == deaths.count)

        // The crash finding's case replays: its seed and index give the same choices, and a
        // document the fixture traps on.
        guard case .map(let testCase)? = crash["case"] else {
            Issue.record("a crash finding needs its case")
            return
        }
        #expect(testCase["seed"] == .string("1"))
        let index = try #require(CLIJournal.integer(testCase, "caseIndex"))
        let options = CampaignOptions(seed: 1, outputDirectory: directory.path)
        var source = ChoiceSource(seed: options.caseSeed(index))
        let regenerated = CaseRunner(mappers: MapperSpec.builtIn, generator: CaseGenerator(profile: .default)).generate(from: &source, seed: 1, caseIndex: index)
        #expect(CLIJournal.string(testCase, "choices") == ChoiceSequence(regenerated.choices ?? []).text)
        #expect((regenerated.document?.count ?? 0) >= 6)
        #expect(deaths.contains { $0.contains("in case \(index);") })

        // The summary lists it with its reproduce command; the worker log has the trap.
        let id = try #require(CLIJournal.integer(crash, "id"))
        #expect(run.outputLines.contains { $0.hasPrefix("  #\(id) \(signature) (\(deaths.count) times)") })
        #expect(run.outputLines.contains("    reproduce: crossfire replay out/journal.jsonl --finding \(id)"))
        // The log has every worker's trap: the run's, and those of the crash's shrink candidates.
        let log = try String(contentsOf: directory.appendingPathComponent("out/worker.log"), encoding: .utf8)
        #expect(log.components(separatedBy: "Fatal error: trap fixture").count - 1 >= deaths.count)
        // Every finding was shrunk, the crash too (each candidate in a worker of its own), to a
        // smaller case that still traps: a document of at least the fixture's 6 fields.
        let findings = CLIJournal.records(records, kind: "finding").compactMap { CLIJournal.integer($0, "id") }
        let shrunk = CLIJournal.records(records, kind: "shrunk").compactMap { CLIJournal.integer($0, "id") }
        #expect(Set(findings) == Set(shrunk))
        let shrunkCrash = try #require(CLIJournal.records(records, kind: "shrunk").first { CLIJournal.integer($0, "id") == id })
        #expect(CLIJournal.string(shrunkCrash, "signature") == signature)
        guard case .map(let shrink)? = shrunkCrash["shrink"], case .integer(let before)? = shrink["choicesBefore"],
              case .integer(let after)? = shrink["choicesAfter"],
              case .map(let shrunkCase)? = shrunkCrash["case"], case .map(let document)? = shrunkCase["document"],
              case .map(let fields)? = document["fields"]
        else {
            Issue.record("the crash's shrunk line needs its shrink statistics and its document")
            return
        }
        #expect(before == Int64(regenerated.choices?.count ?? 0))
        #expect(after < before)
        #expect(fields.count >= 6)
    }

    @Test func aStuckMapperIsKilledAfterTheCaseTimeoutAndBecomesACrashFinding() throws {
        let directory = try CLITool.temporaryDirectory()
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
        let crashes = CLIJournal.records(records, kind: "finding").filter { $0["kind"] == .string("crash") }
        #expect(crashes.count == 1)
        let crash = try #require(crashes.first)
        #expect(CLIJournal.string(crash, "signature") == "crash decode (root) [- <- -] hang:unexpected")
        guard case .array(let outcomes)? = crash["outcomes"], case .map(let outcome)? = outcomes.first else {
            Issue.record("a crash finding needs its outcome")
            return
        }
        #expect(outcome["mapper"] == .string("hang"))
        let message = try #require(CLIJournal.string(outcome, "message"))
        #expect(message.hasPrefix("the worker made no progress for 1 s and was killed in a call of hang (decode check), case "))
        guard case .map(let testCase)? = crash["case"], let index = CLIJournal.integer(testCase, "caseIndex") else {
            Issue.record("a crash finding needs its case")
            return
        }
        #expect(kills.contains { $0.contains("in case \(index);") })
        // A hang is not shrunk: every candidate could cost the whole timeout.
        let id = try #require(CLIJournal.integer(crash, "id"))
        #expect(!CLIJournal.records(records, kind: "shrunk").contains { CLIJournal.integer($0, "id") == id })
    }

    @Test func theHangFixtureAndTheCaseTimeoutNeedIsolation() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hang = try CLITool.run(["run", "--mappers", "codable,hang", "--cases", "2", "--out", "out"], in: directory)
        #expect(hang.status == 2)
        #expect(hang.errorLines.contains { $0.contains("the hang fixture needs --isolate") })
        let timeout = try CLITool.run(["run", "--case-timeout", "5", "--cases", "2", "--out", "out"], in: directory)
        #expect(timeout.status == 2)
        #expect(timeout.errorLines.contains { $0.contains("--case-timeout needs --isolate") })
    }

    @Test func withoutIsolationTheTrapEndsTheRunAndTheJournalKeepsWhatWasPrinted() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,trap", "--cases", "40", "--out", "out", "--shrink-attempts", "10"],
                                  in: directory, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(!run.exitedNormally)
        let records = try journal(in: directory)
        #expect(!records.contains { $0["record"] == .string("summary") })
        let journaled = Set(CLIJournal.records(records, kind: "finding").compactMap { CLIJournal.integer($0, "id") })
        #expect(Set(CLIFindingLine.all(in: run.errorLines).map(\.id)).isSubset(of: journaled))
    }

    @Test func anIsolatedRunWritesTheJournalAnInProcessRunWrites() throws {
        var journals: [[FirestoreMap]] = []
        for isolate in [false, true] {
            let directory = try CLITool.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try CLITool.run(["run", "--seed", "3", "--cases", "12", "--out", "out", "--shrink-attempts", "10", "--shrink-time", "600"]
                                          + (isolate ? ["--isolate"] : []),
                                      in: directory)
            #expect(run.exitedNormally)
            var records = try journal(in: directory)
            records[records.count - 1]["elapsedSeconds"] = nil
            journals.append(records)
        }
        #expect(journals[0].count == journals[1].count)
        #expect(CLIJournal.records(journals[0], kind: "finding").count > 3)
        for (a, b) in zip(journals[0], journals[1]) { #expect(a == b) }
    }

    @Test func stopRequestsReachTheWorker() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--isolate", "--time", "60", "--out", "out", "--shrink-attempts", "10"], in: directory)
        #expect(run.readErrorLines(until: { CLIFindingLine.all(in: $0).count >= 3 }))
        // Only the parent gets the signal; it forwards it to the worker.
        run.process.terminate()
        let output = try run.finish()
        #expect(run.process.terminationReason == .exit)
        let summary = try #require(try journal(in: directory).last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["stopped"] == .string("interrupted"))
        #expect(CLITool.lines(output).dropFirst().first?.hasSuffix("interrupted") == true)
        #expect(CLITool.lines(output).first?.hasSuffix(", isolated") == true)
    }
}
