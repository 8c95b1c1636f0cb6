import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `crossfire run` in one process, run as the built binary.
@Suite(.serialized) struct CLIRunTests {
    /// Keeps shrinking short (and bounded by attempts, not time, so that journals repeat).
    static let quick = ["--shrink-attempts", "40"]

    /// The journal of a run in `directory` with `--out out`.
    private func journal(in directory: URL) throws -> [FirestoreMap] {
        try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl"))
    }

    @Test func aRunWithNothingUnexpectedExitsZeroWithItsSummaryAndTellsNoClass() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "40", "--out", "out"] + Self.quick, in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 0, "\(run.output)")
        let lines = run.outputLines
        #expect(lines.first == "crossfire run: seed 2, profile default, mappers codable,strict,lenient")
        #expect(lines.dropFirst().first?.hasPrefix("cases: 40 in ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(" cases/s), completed") == true)
        #expect(lines.contains("unexpected classes: none"))
        #expect(lines.contains { $0.hasPrefix("expected classes by allowlist entry: ") })
        #expect(lines.contains { $0.hasPrefix("grid: ") && $0.contains(" reachable cells exercised") })
        #expect(lines.contains { $0.hasPrefix("error census: ") })
        #expect(lines.dropLast().last == "journal: out/journal.jsonl")
        #expect(lines.last == "report: \(try #require(CLITool.printedCommand)) report out")

        let records = try journal(in: directory)
        let first = try #require(records.first)
        #expect(first["record"] == .string("run"))
        #expect(first["journal"] == .integer(JournalFormat.version))
        #expect(first["seed"] == .string("2"))
        #expect(first["cases"] == .integer(40))
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["cases"] == .integer(40))
        #expect(summary["stopped"] == .string("completed"))
        let classes = CLIJournal.records(records, kind: "class")
        #expect(!classes.isEmpty)
        #expect(classes.map { CLIJournal.integer($0, "id") } == Array(1...classes.count).map { $0 })
        #expect(classes.allSatisfy { $0["expected"] == .boolean(true) })
        // Expected classes are counted, not shrunk.
        #expect(CLIJournal.records(records, kind: "shrunk").isEmpty)
        #expect(lines.contains("classes: 0 unexpected, \(classes.count) expected"))
        // Standard error: progress lines only; no line per expected class without --verbose.
        #expect(CLIClassLine.all(in: run.errorLines).isEmpty)
        #expect(run.errorLines.allSatisfy { $0.hasPrefix("progress: ") })
        #expect(run.errorLines.last?.hasPrefix("progress: 40 cases (") == true)
        #expect(Set(run.errorLines).count == run.errorLines.count, "the last progress line is not written twice")
    }

    @Test func verboseTellsEachNewExpectedClassAsTheJournalHasIt() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--seed", "2", "--cases", "40", "--out", "out", "--verbose"] + Self.quick, in: directory)
        #expect(run.status == 0)
        let classes = CLIJournal.records(try journal(in: directory), kind: "class")
        let printed = CLIClassLine.all(in: run.errorLines)
        #expect(printed.map(\.id) == classes.compactMap { CLIJournal.integer($0, "id") })
        #expect(printed.map(\.title) == classes.compactMap { CLIJournal.title($0).map(CLITool.oneLine) })
        #expect(printed.map(\.status) == classes.map { CLIJournal.explanationID($0) ?? "unexpected" })
        // The summary lists every expected class too.
        for line in printed { #expect(run.outputLines.contains { $0.hasPrefix("  #\(line.id) (\(line.status)) ") }) }
    }

    /// A planted bug (the `dropnull` fixture) gives unexpected classes: one line each on
    /// standard error, each shrunk once and listed in the summary with its reproduce command,
    /// which replays it as printed; the exit code is 1.
    @Test func unexpectedClassesAreToldShrunkListedAndReplayAsPrinted() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--mappers", "codable,dropnull", "--cases", "300", "--out", "out"] + Self.quick, in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        let records = try journal(in: directory)
        let unexpected = CLIJournal.records(records, kind: "class").filter { $0["expected"] == .boolean(false) }
        #expect(!unexpected.isEmpty)
        let printed = CLIClassLine.all(in: run.errorLines)
        #expect(printed.map(\.id) == unexpected.compactMap { CLIJournal.integer($0, "id") })
        #expect(printed.allSatisfy { $0.status == "unexpected" })
        // The bug's own class: a null required field read as a missing key.
        #expect(unexpected.contains { CLIJournal.key($0) == "decode/decodeDisagreement/structField/any/null/codable=refused,dropnull=keyNotFound" })
        let shrunk = CLIJournal.records(records, kind: "shrunk")
        #expect(shrunk.compactMap { CLIJournal.integer($0, "id") } == unexpected.compactMap { CLIJournal.integer($0, "id") })
        let command = try #require(CLITool.printedCommand)
        for record in unexpected {
            let id = try #require(CLIJournal.integer(record, "id"))
            let title = try #require(CLIJournal.string(record, "title"))
            let reproduce = "\(command) replay out/journal.jsonl --class \(id)"
            #expect(run.outputLines.contains("  #\(id) \(CLITool.oneLine(title))"))
            #expect(run.outputLines.contains("     reproduce: \(reproduce)"))
            #expect(CLIJournal.string(record, "reproduce") == reproduce)
        }
        #expect(run.outputLines.contains { $0.hasPrefix("classes: \(unexpected.count) unexpected, ") })
        // The printed command runs as printed (here: the binary's path, from the run's folder).
        let first = try #require(unexpected.first)
        let id = try #require(CLIJournal.integer(first, "id"))
        // An unexpected class that still shows still fails: exit 1.
        let replay = try CLITool.shell("\(command) replay out/journal.jsonl --class \(id)", in: directory)
        #expect(replay.status == 1, "\(replay.output)\(replay.errorOutput)")
        #expect(replay.outputLines.first?.hasPrefix("class \(id) still fails: ") == true)
        #expect(replay.outputLines.last == "replayed 1: 0 as recorded, 1 still failing, 0 changed")
    }

    /// Every command a run prints for people to paste — each reproduce line, the report line —
    /// runs as printed from the folder the run was started in: the binary's own folder, where
    /// a bare `crossfire` would be looked up on the PATH (so it says `./crossfire`), and its parent.
    @Test func printedCommandsRunAsPastedFromTheBinarysFolderAndItsParent() throws {
        let binary = try #require(CrossfireExecutable.url).resolvingSymlinksInPath()
        let folder = binary.deletingLastPathComponent()
        let scratch = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let noCrossfire = ["PATH": "/usr/bin:/bin"]
        for (index, (directory, word)) in [(folder, "./crossfire"), (folder.deletingLastPathComponent(), folder.lastPathComponent + "/crossfire")].enumerated() {
            let out = scratch.appendingPathComponent("run\(index)")
            let run = try CLITool.run(["run", "--mappers", "codable,dropnull", "--cases", "100", "--out", out.path] + Self.quick,
                                      in: directory, environment: noCrossfire)
            #expect(run.status == 1, "\(run.errorOutput)")
            let reproduce = run.outputLines.compactMap { line in line.range(of: "reproduce: ").map { String(line[$0.upperBound...]) } }
            let report = run.outputLines.filter { $0.hasPrefix("report: ") }.map { String($0.dropFirst("report: ".count)) }
            #expect(!reproduce.isEmpty)
            #expect(report.count == 1)
            for command in reproduce + report {
                #expect(command.hasPrefix(word + " "), "\(command)")
                let pasted = try CLITool.shell(command, in: directory, environment: noCrossfire)
                if reproduce.contains(command) {
                    // It runs, and the unexpected class it replays still fails.
                    #expect(pasted.status == 1, "\(command): \(pasted.output)\(pasted.errorOutput)")
                    #expect(pasted.outputLines.first?.contains(" still fails: ") == true)
                } else {
                    // The report of a run with unexpected classes exits 1, having written both files.
                    #expect(pasted.status == 1, "\(command): \(pasted.errorOutput)")
                    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
                }
            }
        }
    }

    /// What a new user sees from a 2,000-case run: few lines, and a journal that grows with
    /// classes, not cases.
    @Test func aTwoThousandCaseRunPrintsFewLinesAndKeepsASmallJournal() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--cases", "2000", "--out", "out"], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.outputLines.count + run.errorLines.count <= 60, "\(run.errorOutput)\(run.output)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("out/journal.jsonl").path)[.size] as? Int)
        #expect(size <= 3_000_000)
    }

    @Test func twoRunsWithTheSameSeedWriteTheSameJournalButForElapsedSeconds() throws {
        // Shrinks bounded by attempts only: how far a shrink gets in a given time varies.
        let arguments = ["run", "--seed", "3", "--mappers", "codable,dropnull", "--cases", "60", "--out", "out", "--shrink-time", "600"] + Self.quick
        var journals: [[FirestoreMap]] = []
        for _ in 0..<2 {
            let directory = try TemporaryFolder.make()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try CLITool.run(arguments, in: directory)
            #expect(run.exitedNormally)
            journals.append(try journal(in: directory).map { record in
                var masked = record
                masked["elapsedSeconds"] = nil
                return masked
            })
        }
        let (first, second) = (journals[0], journals[1])
        #expect(first.count == second.count)
        #expect(CLIJournal.records(first, kind: "class").count > 3)
        #expect(!CLIJournal.records(first, kind: "shrunk").isEmpty)
        for (a, b) in zip(first, second) { #expect(a == b) }
        // A different seed gives different cases.
        let other = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: other) }
        _ = try CLITool.run(["run", "--seed", "4", "--cases", "60", "--out", "out"] + Self.quick, in: other)
        #expect(try journal(in: other).dropFirst().first != first.dropFirst().first)
    }

    @Test func aRunKilledWithSIGKILLKeepsEveryClassItPrinted() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--time", "60", "--out", "out", "--verbose"] + Self.quick, in: directory)
        let printedEnough = run.readErrorLines(until: { CLIClassLine.all(in: $0).count >= 6 })
        kill(run.process.processIdentifier, SIGKILL)
        _ = try run.finish()
        #expect(printedEnough)
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(run.process.terminationStatus == SIGKILL)
        let printed = CLIClassLine.all(in: run.errorLines)
        #expect(printed.count >= 6)
        let records = try journal(in: directory)
        #expect(!records.contains { $0["record"] == .string("summary") })
        let journaled = CLIJournal.records(records, kind: "class")
        for line in printed {
            let match = journaled.first { CLIJournal.integer($0, "id") == line.id }
            #expect(match.flatMap { CLIJournal.title($0) }.map(CLITool.oneLine) == line.title, "class \(line.id)")
            let explanation = match.flatMap(CLIJournal.explanationID)
            #expect((explanation ?? "unexpected") == line.status, "class \(line.id)")
        }
    }

    @Test func ctrlCStopsCleanlyWithASummary() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--time", "60", "--out", "out", "--verbose"] + Self.quick, in: directory)
        #expect(run.readErrorLines(until: { CLIClassLine.all(in: $0).count >= 3 }))
        run.process.interrupt()
        let output = try run.finish()
        #expect(run.process.terminationReason == .exit)
        let records = try journal(in: directory)
        let summary = try #require(records.last)
        #expect(summary["record"] == .string("summary"))
        #expect(summary["stopped"] == .string("interrupted"))
        let cases = try #require(CLIJournal.integer(summary, "cases"))
        #expect(cases > 0)
        let lines = ProcessResult.lines(output)
        #expect(lines.dropFirst().first?.hasPrefix("cases: \(cases) in ") == true)
        #expect(lines.dropFirst().first?.hasSuffix("interrupted") == true)
        #expect(lines.dropLast().last == "journal: out/journal.jsonl")
        // 128 + SIGINT, as a shell reports a process Ctrl-C ended, whatever was found.
        #expect(run.process.terminationStatus == 130)
        // Every class is counted in the summary.
        let occurrences = try #require(CLIJournal.object(summary, "occurrences"))
        #expect(occurrences.count == CLIJournal.records(records, kind: "class").count)
    }

    @Test func sigtermStopsCleanlyAndExits143() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLIBackgroundRun(["run", "--time", "60", "--out", "out"] + Self.quick, in: directory)
        #expect(run.readErrorLines(until: { $0.contains { $0.hasPrefix("progress: ") } }))
        run.process.terminate()
        let output = try run.finish()
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 143)
        #expect(ProcessResult.lines(output).dropFirst().first?.hasSuffix("interrupted") == true)
        #expect(try journal(in: directory).last?["stopped"] == .string("interrupted"))
    }

    @Test func aRandomSeedIsPrintedAndRecorded() throws {
        let directory = try TemporaryFolder.make()
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
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try CLITool.run(["run", "--cases", "1"] + Self.quick, in: directory)
        let second = try CLITool.run(["run", "--cases", "1"] + Self.quick, in: directory)
        let folders = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Reports").path).sorted()
        #expect(folders.count == 2)
        for (run, folder) in zip([first, second], folders) {
            #expect(folder.range(of: #"^\d{8}T\d{6}Z(-\d+)?$"#, options: .regularExpression) != nil)
            #expect(run.outputLines.dropLast().last == "journal: Reports/\(folder)/journal.jsonl")
        }
        let again = try CLITool.run(["run", "--cases", "1", "--out", "Reports/\(folders[0])"], in: directory)
        #expect(again.status == 1)
        #expect(again.errorLines == ["crossfire run: error: Reports/\(folders[0])/journal.jsonl exists already; give --out a folder without a journal"])
    }

    @Test func helpDescribesTheOptionsAndLabelsTheFixtures() throws {
        let run = try CLITool.run(["run", "--help"])
        #expect(run.status == 0)
        #expect(run.outputLines.first == "usage: crossfire run [--seed N|random] [--cases N] [--time SECONDS] [--profile NAME] [--mappers A,B,...] "
            + "[--out DIR] [--shrink-attempts N] [--shrink-time SECONDS] [--jobs N] [--isolate] [--verbose] [--storage model|emulator] [--case-timeout SECONDS]")
        #expect(run.output.contains("TEST FIXTURE: trap"))
        #expect(run.output.contains("TEST FIXTURE:\nhang is the same"))
        #expect(run.output.contains("TEST FIXTURE: dropnull"))
        #expect(!run.output.contains("--worker "))
        let tool = try CLITool.run(["--help"])
        #expect(tool.output.contains("  run "))
        #expect(tool.output.contains("  validate "))
    }

    @Test(arguments: [
        (["--cases", "0"], "invalid value '0' for --cases (expected a whole number of 1 or more)"),
        (["--cases", "many"], "invalid value 'many' for --cases (expected a whole number of 1 or more)"),
        (["--seed", "-1"], "invalid value '-1' for --seed (expected a whole number from 0 to 18446744073709551615, or random)"),
        (["--time", "0"], "invalid value '0' for --time (expected a number of seconds above 0 and at most 1000000000)"),
        (["--time", "nan"], "invalid value 'nan' for --time (expected a number of seconds above 0 and at most 1000000000)"),
        (["--profile", "huge"], "invalid value 'huge' for --profile (presets: default, deep, wide, scalars, edges, salada-user)"),
        (["--mappers", "codable,magic"], "unknown mapper \"magic\" in --mappers (known: codable, strict, lenient, reflective, trap, hang, dropnull)"),
        (["--mappers", "lenient,codable"], "the first mapper of --mappers is the reference and must be strict (codable, strict, trap, hang or dropnull), not lenient"),
        (["--mappers", "codable,codable"], "mapper \"codable\" given more than once in --mappers"),
        (["--mappers", "codable,"], "invalid value 'codable,' for --mappers (an empty mapper name)"),
        (["--shrink-attempts", "-3"], "invalid value '-3' for --shrink-attempts (expected a whole number of 1 or more)"),
        (["--out", ""], "invalid value '' for --out (expected a folder)"),
        (["--isolate=yes"], "option --isolate takes no value"),
        (["--verbose=yes"], "option --verbose takes no value"),
        (["extra"], "unexpected argument 'extra'"),
        (["--worker", "--cases", "3"], "--worker takes no other options"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let directory = try TemporaryFolder.make()
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
