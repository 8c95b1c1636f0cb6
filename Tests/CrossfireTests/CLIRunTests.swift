import FirestoreModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `crossfire run` in one process, run as the built binary.
@Suite(.serialized) struct CLIRunTests {
    /// Keeps shrinking short (and bounded by attempts, not time, so that journals repeat).
    static let quick = ["--shrink-attempts", "10"]

    /// The journal of a run in `directory` with `--out out`.
    private func journal(in directory: URL) throws -> [FirestoreMap] {
        try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl"))
    }

    @Test func aRunWithNothingUnexpectedExitsZeroWithItsSummary() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "12", "--out", "out"] + Self.quick, in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 0, "\(run.output)")
        let lines = run.outputLines
        #expect(lines.first == "crossfire run: seed 2, profile default, mappers codable,strict,lenient")
        #expect(lines.dropFirst().first?.hasPrefix("cases: 12 in ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(" cases/s), completed") == true)
        #expect(lines.last == "journal: out/journal.jsonl")
        #expect(!run.output.contains("unexpected signatures:"))
        #expect(lines.contains { $0.hasPrefix("error census: ") })

        let records = try journal(in: directory)
        let run0 = try #require(records.first)
        #expect(run0["record"] == .string("run"))
        #expect(run0["seed"] == .string("2"))
        #expect(run0["cases"] == .integer(12))
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["cases"] == .integer(12))
        #expect(summary["stopped"] == .string("completed"))
        let findings = CLIJournal.records(records, kind: "finding")
        let shrunk = CLIJournal.records(records, kind: "shrunk")
        #expect(!findings.isEmpty)
        #expect(findings.map { CLIJournal.integer($0, "id") } == Array(1...findings.count).map { $0 })
        #expect(shrunk.map { CLIJournal.integer($0, "id") } == findings.map { CLIJournal.integer($0, "id") })
        #expect(shrunk.allSatisfy { $0["expected"] == .boolean(true) })
        #expect(lines.contains { $0.hasPrefix("findings: \(findings.count) signatures, \(findings.count) expected, 0 unexpected (") })
        // One line on standard error per finding, as the journal has it.
        let printed = CLIFindingLine.all(in: run.errorLines)
        #expect(printed.map(\.id) == findings.compactMap { CLIJournal.integer($0, "id") })
        #expect(printed.map(\.signature) == findings.compactMap { CLIJournal.string($0, "signature").map(CLITool.oneLine) })
        #expect(run.errorLines.last?.hasPrefix("progress: 12 cases, ") == true)
    }

    /// The exit code says whether the summary lists unexpected findings, which are the shrunk
    /// findings the allowlist does not explain, each with its reproduce command.
    @Test(arguments: [("1", "scalars"), ("3", "default"), ("4", "scalars"), ("5", "default")])
    func theExitCodeAndSummaryFollowTheUnexpectedFindings(seed: String, profile: String) throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--seed", seed, "--profile", profile, "--cases", "12", "--out", "out"] + Self.quick, in: directory)
        #expect(run.exitedNormally)
        let records = try journal(in: directory)
        let unexpected = CLIJournal.records(records, kind: "shrunk").filter { $0["expected"] == .boolean(false) }
        #expect(run.status == (unexpected.isEmpty ? 0 : 1))
        #expect(run.output.contains("unexpected signatures:") == !unexpected.isEmpty)
        for finding in unexpected {
            let id = try #require(CLIJournal.integer(finding, "id"))
            let signature = try #require(CLIJournal.string(finding, "signature"))
            #expect(run.outputLines.contains { $0.hasPrefix("  #\(id) \(CLITool.oneLine(signature)) (") })
            #expect(run.outputLines.contains("    reproduce: crossfire replay out/journal.jsonl --finding \(id)"))
            #expect(CLIJournal.string(finding, "reproduce") == "crossfire replay out/journal.jsonl --finding \(id)")
        }
        #expect(run.outputLines.contains { $0.hasPrefix("findings: ") && $0.contains(", \(unexpected.count) unexpected (") })
    }

    @Test func twoRunsWithTheSameSeedWriteTheSameJournalButForElapsedSeconds() throws {
        // Shrinks bounded by attempts only: how far a shrink gets in a given time varies.
        let arguments = ["run", "--seed", "3", "--cases", "12", "--out", "out", "--shrink-time", "600"] + Self.quick
        var journals: [[FirestoreMap]] = []
        for _ in 0..<2 {
            let directory = try CLITool.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try CLITool.run(arguments, in: directory)
            #expect(run.exitedNormally)
            journals.append(try journal(in: directory))
        }
        let (first, second) = (journals[0], journals[1])
        #expect(first.count == second.count)
        #expect(CLIJournal.records(first, kind: "finding").count > 3)
        for (a, b) in zip(first.dropLast(), second.dropLast()) { #expect(a == b) }
        var lastA = try #require(first.last)
        var lastB = try #require(second.last)
        #expect(lastA["record"] == .string("summary"))
        #expect(lastA["elapsedSeconds"] != nil)
        lastA["elapsedSeconds"] = nil
        lastB["elapsedSeconds"] = nil
        #expect(lastA == lastB)
        // A different seed gives different cases.
        let other = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        _ = try CLITool.run(["run", "--seed", "4", "--cases", "12", "--out", "out"] + Self.quick, in: other)
        #expect(try journal(in: other).dropFirst().first != first.dropFirst().first)
    }

    @Test func aRunKilledWithSIGKILLKeepsEveryFindingItPrinted() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--time", "60", "--out", "out"] + Self.quick, in: directory)
        let printedEnough = run.readErrorLines(until: { CLIFindingLine.all(in: $0).count >= 6 })
        kill(run.process.processIdentifier, SIGKILL)
        _ = try run.finish()
        #expect(printedEnough)
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(run.process.terminationStatus == SIGKILL)
        let printed = CLIFindingLine.all(in: run.errorLines)
        #expect(printed.count >= 6)
        let records = try journal(in: directory)
        #expect(!records.contains { $0["record"] == .string("summary") })
        let journaled = CLIJournal.records(records, kind: "finding")
        for line in printed {
            let match = journaled.first { CLIJournal.integer($0, "id") == line.id }
            #expect(match.flatMap { CLIJournal.string($0, "signature") }.map(CLITool.oneLine) == line.signature, "finding \(line.id)")
            let explanation: String? = if case .map(let entry)? = match?["explanation"], case .string(let id)? = entry["id"] { id } else { nil }
            #expect((explanation ?? "unexpected") == line.status, "finding \(line.id)")
        }
    }

    @Test func ctrlCStopsCleanlyWithASummary() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--time", "60", "--out", "out"] + Self.quick, in: directory)
        #expect(run.readErrorLines(until: { CLIFindingLine.all(in: $0).count >= 3 }))
        run.process.interrupt()
        let output = try run.finish()
        #expect(run.process.terminationReason == .exit)
        let records = try journal(in: directory)
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["stopped"] == .string("interrupted"))
        let cases = try #require(CLIJournal.integer(summary, "cases"))
        #expect(cases > 0)
        let lines = CLITool.lines(output)
        #expect(lines.dropFirst().first?.hasPrefix("cases: \(cases) in ") == true)
        #expect(lines.dropFirst().first?.hasSuffix("interrupted") == true)
        #expect(lines.last == "journal: out/journal.jsonl")
        let unexpected = CLIJournal.records(records, kind: "shrunk").filter { $0["expected"] == .boolean(false) }
        #expect(run.process.terminationStatus == (unexpected.isEmpty ? 0 : 1))
        // Every finding journaled was shrunk: the case under way finished.
        #expect(CLIJournal.records(records, kind: "finding").count == CLIJournal.records(records, kind: "shrunk").count)
    }

    @Test func aRandomSeedIsPrintedAndRecorded() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--seed", "random", "--cases", "2", "--out", "out"] + Self.quick, in: directory)
        #expect(run.exitedNormally)
        let seedLine = try #require(run.errorLines.first)
        #expect(seedLine.hasPrefix("seed: "))
        let seed = String(seedLine.dropFirst(6))
        #expect(UInt64(seed) != nil)
        #expect(run.outputLines.first?.hasPrefix("crossfire run: seed \(seed), ") == true)
        #expect(try journal(in: directory).first?["seed"] == .string(seed))
    }

    @Test func theDefaultFolderIsUnderReportsAndAFolderWithAJournalIsRefused() throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try CLITool.run(["run", "--cases", "1"] + Self.quick, in: directory)
        let second = try CLITool.run(["run", "--cases", "1"] + Self.quick, in: directory)
        let folders = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Reports").path).sorted()
        #expect(folders.count == 2)
        for (run, folder) in zip([first, second], folders) {
            #expect(folder.range(of: #"^\d{8}T\d{6}Z(-\d+)?$"#, options: .regularExpression) != nil)
            #expect(run.outputLines.last == "journal: Reports/\(folder)/journal.jsonl")
        }
        let again = try CLITool.run(["run", "--cases", "1", "--out", "Reports/\(folders[0])"], in: directory)
        #expect(again.status == 1)
        #expect(again.errorLines == ["crossfire run: error: Reports/\(folders[0])/journal.jsonl exists already; give --out a folder without a journal"])
    }

    @Test func helpDescribesTheOptionsAndLabelsTheFixtures() throws {
        let run = try CLITool.run(["run", "--help"])
        #expect(run.status == 0)
        #expect(run.outputLines.first == "usage: crossfire run [--seed N|random] [--cases N] [--time SECONDS] [--profile NAME] [--mappers A,B,...] "
            + "[--out DIR] [--shrink-attempts N] [--shrink-time SECONDS] [--isolate] [--case-timeout SECONDS]")
        #expect(run.output.contains("TEST FIXTURE: trap"))
        #expect(run.output.contains("TEST FIXTURE:\nhang is the same"))
        #expect(!run.output.contains("--worker "))
        let tool = try CLITool.run(["--help"])
        #expect(tool.output.contains("  run "))
        #expect(tool.output.contains("  validate "))
    }

    @Test(arguments: [
        (["--cases", "0"], "invalid value '0' for --cases (expected a whole number of 1 or more)"),
        (["--cases", "many"], "invalid value 'many' for --cases (expected a whole number of 1 or more)"),
        (["--seed", "-1"], "invalid value '-1' for --seed (expected a whole number from 0 to 18446744073709551615, or random)"),
        (["--time", "0"], "invalid value '0' for --time (expected a number of seconds above 0)"),
        (["--time", "nan"], "invalid value 'nan' for --time (expected a number of seconds above 0)"),
        (["--profile", "huge"], "invalid value 'huge' for --profile (presets: default, deep, wide, scalars, edges)"),
        (["--mappers", "codable,magic"], "unknown mapper \"magic\" in --mappers (known: codable, strict, lenient, trap, hang)"),
        (["--mappers", "lenient,codable"], "the first mapper of --mappers is the reference and must be strict (codable, strict, trap or hang), not lenient"),
        (["--mappers", "codable,codable"], "mapper \"codable\" given more than once in --mappers"),
        (["--mappers", "codable,"], "invalid value 'codable,' for --mappers (an empty mapper name)"),
        (["--shrink-attempts", "-3"], "invalid value '-3' for --shrink-attempts (expected a whole number of 1 or more)"),
        (["--out", ""], "invalid value '' for --out (expected a folder)"),
        (["--isolate=yes"], "option --isolate takes no value"),
        (["extra"], "unexpected argument 'extra'"),
        (["--worker", "--cases", "3"], "--worker takes no other options"),
        (["--verbose"], "unknown option --verbose"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let directory = try CLITool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run"] + arguments, in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errorLines.count == 3)
        #expect(run.errorLines.first == "crossfire run: error: \(message)")
        #expect(run.errorLines.dropFirst().first?.hasPrefix("usage: crossfire run ") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Reports").path))
    }
}
