import Crossfire
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `crossfire replay`, `shrink` and `promote` through the built binary: outputs, files, exit codes.
@Suite(.serialized, .tags(.slow), .skippedWhenQuick) struct RegressionToolTests {
    private func crossfire(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.crossfire(arguments)
    }

    /// The class the last class of `journalFolder()`'s journal claims, which its case does not show.
    static let vanishedKey = FindingClassKey(
        check: .decode, kind: .decodeDisagreement, container: .structField, wrapper: nil, type: .family(.integer), held: .kind(.string),
        outcomes: [.init(mapper: "codable", result: .value), .init(mapper: "strict", result: .value)], explanation: nil)

    /// A folder with a journal of the padded case's classes; the last one claims a class the
    /// case does not show.
    private func journalFolder() throws -> (folder: URL, journal: URL, count: Int) {
        let folder = try TemporaryFolder.make()
        var findings = RegressionFixtures.firstOfEachClass(try RegressionFixtures.runner().run(try RegressionFixtures.record()).findings)
        var vanished = try #require(findings.first)
        vanished.key = Self.vanishedKey
        vanished.explanation = nil
        findings.append(vanished)
        let journal = folder.appendingPathComponent("journal.jsonl")
        try RegressionFixtures.writeJournal(findings, to: journal)
        return (folder, journal, findings.count)
    }

    @Test func replayReportsEachJournalClassAndFailsWhenOneIsGone() throws {
        let (folder, journal, count) = try journalFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for target in [journal.path, folder.path] {
            let run = try crossfire(["replay", target])
            #expect(run.status == 1, "\(run.errorOutput)")
            #expect(run.output.contains("class 1 as recorded: "))
            #expect(run.output.contains("class \(count) CHANGED: \(Self.vanishedKey)\n  the class no longer occurs; the case now shows:\n"))
            #expect(run.output.hasSuffix("replayed \(count): \(count - 1) as recorded, 1 changed\n"))
        }
        let one = try crossfire(["replay", journal.path, "--class", "1"])
        #expect(one.status == 0)
        #expect(one.output.hasPrefix("class 1 as recorded: "))
        #expect(one.output.hasSuffix("replayed 1: 1 as recorded, 0 changed\n"))
        let missing = try crossfire(["replay", journal.path, "--class", "99"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput.hasPrefix("crossfire replay: error: \(journal.path): no class 99; the journal has \(count) classes, 1 to \(count); list them with: "))
        #expect(missing.errorOutput.hasSuffix(" replay \(journal.path) --list\n"))
    }

    @Test func replayOfAKilledRunSkipsTheUnfinishedLine() throws {
        let (folder, journal, count) = try journalFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"journal":4,"record":"class","id":\#(count + 1),"key":"#.utf8))
        try handle.close()
        let run = try crossfire(["replay", journal.path, "--class", "1"])
        #expect(run.status == 0)
        #expect(run.errorOutput == "\(journal.path):\(count + 2): an unfinished last line (a run killed while writing it) was skipped\n")
    }

    /// An isolated run of the trapping fixture in `folder`/run: its journal and its crash class.
    private func trapRun(in folder: URL) throws -> (out: URL, journal: Journal, crash: JournalClass) {
        let out = folder.appendingPathComponent("run")
        let run = try crossfire(["run", "--mappers", "codable,trap", "--isolate", "--cases", "40", "--profile", "scalars", "--out", out.path])
        #expect(run.status == 1, "\(run.errorOutput)")
        let journal = try Journal.read(path: out.appendingPathComponent("journal.jsonl").path)
        return (out, journal, try #require(journal.classes.first { $0.key.kind == .crash }))
    }

    @Test func anIsolatedReplaySeesACrashClassCrashAgain() throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (out, journal, crash) = try trapRun(in: folder)
        // The crash and the unexpected classes beside it still fail (exit 1); the expected ones
        // are as recorded.
        let failing = journal.classes.filter(\.key.isUnexpected).count
        let replay = try crossfire(["replay", out.path, "--isolate"])
        #expect(replay.status == 1, "\(replay.output)")
        #expect(replay.output.contains("class \(crash.id) still fails: \(crash.key)\n"))
        #expect(replay.output.hasSuffix("replayed \(journal.classes.count): \(journal.classes.count - failing) as recorded, \(failing) still failing, 0 changed\n"))
        // Without --isolate the crash class still runs in a child process, and says so: the
        // replay is not ended by the crash it replays.
        let plain = try crossfire(["replay", out.path])
        #expect(plain.status == 1, "\(plain.output)\(plain.errorOutput)")
        #expect(plain.output == replay.output)
        #expect(plain.errorOutput == "class \(crash.id) is a crash class: replayed in a child process, as with --isolate\n")
        let shrink = try crossfire(["shrink", "\(out.path)/journal.jsonl#\(crash.id)"])
        #expect(shrink.status == 1)
        #expect(shrink.errorOutput.hasSuffix("a crash class cannot be shrunk in this process (each candidate could crash it); an isolated run shrinks a crash by a signal when it finds it, each candidate in a worker of its own (the journal's shrunk line)\n"))
    }

    @Test func promotingACrashClassPinsACrashThatReplayFailsOn() throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (out, _, crash) = try trapRun(in: folder)
        let corpus = folder.appendingPathComponent("regressions")
        let promote = try crossfire(["promote", "\(out.path)/journal.jsonl#\(crash.id)", "--corpus", corpus.path, "--name", "trap", "--time", "20"])
        #expect(promote.status == 0, "\(promote.errorOutput)")
        let file = corpus.appendingPathComponent("trap.json")
        let lines = promote.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "class: \(crash.key)")
        #expect(lines.contains { $0.hasPrefix("shrink: choices ") && $0.contains("attempts, each in a child process); stopped: ") })
        #expect(lines.contains { $0.hasPrefix("pinned the crash: trap's decode in the decode check died of SIGILL (signal 4): ") && $0.contains("Fatal error: trap fixture") })
        // The command runs crossfire as this binary is named from the test's folder.
        #expect(lines.contains { $0.hasPrefix("  replay and the test suite fail on this file while the case crashes; once it is fixed, pin what it gives instead: ")
            && $0.hasSuffix("crossfire promote \(corpus.path)/trap.json --force") })
        #expect(lines.last == "wrote \(file.path)")
        let regression = try RegressionCase.load(from: file)
        #expect(regression.target.key == crash.key && regression.crash?.isFixed == false && regression.mappers == ["codable", "trap"])

        let replay = try crossfire(["replay", file.path])
        #expect(replay.status == 1)
        let replayed = replay.output.split(separator: "\n").map(String.init)
        #expect(replayed.first == "\(file.path) CHANGED")
        #expect(replayed.count == 4 && replayed[1].hasPrefix("  still crashes: trap's decode in the decode check died of SIGILL (signal 4): "))
        #expect(replayed[1].hasSuffix("(a crash is never an accepted outcome)"))
        #expect(replayed[2].hasPrefix("  once the crash is fixed, pin what the case gives instead: ") && replayed[2].hasSuffix("crossfire promote \(file.path) --force"))
        #expect(replayed[3] == "replayed 1: 0 as recorded, 1 changed")
        // The fixture's trap cannot be removed: promoting the file again pins the crash again.
        let again = try crossfire(["promote", file.path, "--corpus", corpus.path, "--name", "trap", "--force"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.output.contains("shrink: already shrunk; pinned again as it is\n"))
    }

    /// A regression file pinned from an unexpected class holds while the bug is there, and
    /// still fails: replay exits 1, alone and in a folder beside a file that passes.
    @Test func aRegressionFileThatPinsAnUnexpectedClassStillFails() throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("run")
        let run = try crossfire(["run", "--mappers", "codable,dropnull", "--cases", "100", "--shrink-attempts", "40", "--out", out.path])
        #expect(run.status == 1, "\(run.errorOutput)")
        let journal = try Journal.read(path: out.appendingPathComponent("journal.jsonl").path)
        let unexpected = try #require(journal.classes.first { $0.key.isUnexpected })
        let corpus = folder.appendingPathComponent("regressions")
        let promote = try crossfire(["promote", "\(out.path)/journal.jsonl#\(unexpected.id)", "--corpus", corpus.path, "--name", "dropped", "--time", "20"])
        #expect(promote.status == 0, "\(promote.errorOutput)")
        let file = corpus.appendingPathComponent("dropped.json")
        let replay = try crossfire(["replay", file.path])
        #expect(replay.status == 1, "\(replay.output)")
        #expect(replay.output.hasPrefix("\(file.path) holds, and still fails: it pins "))
        #expect(replay.output.contains("  unexpected: \(unexpected.key)\n"))
        #expect(replay.output.hasSuffix("replayed 1: 0 as recorded, 1 still failing, 0 changed\n"))
        let passing = try RegressionCase.pin(try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey)),
                                             name: "padded", runner: try RegressionFixtures.runner(), profile: "default")
        try passing.write(to: corpus.appendingPathComponent("padded.json"))
        let both = try crossfire(["replay", corpus.path])
        #expect(both.status == 1, "\(both.output)")
        #expect(both.output.contains("\(corpus.appendingPathComponent("padded.json").path) holds\n"))
        #expect(both.output.hasSuffix("replayed 2: 1 as recorded, 1 still failing, 0 changed\n"))
    }

    @Test func shrinkPrintsTheShrunkCaseAndWritesItWithOut() throws {
        let (folder, journal, _) = try journalFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let id = try #require(try Journal.read(path: journal.path).classes.first { $0.key == RegressionFixtures.silentDefaultKey }?.id)
        let out = folder.appendingPathComponent("count-default.json")
        let run = try crossfire(["shrink", "\(journal.path)#\(id)", "--time", "60", "--out", out.path])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.hasPrefix("class: \(RegressionFixtures.silentDefaultKey)\nshrink: tree "))
        #expect(run.output.contains(" attempts; stopped: no smaller candidate\n"))
        // One Int field holding a string, whatever the shrinker names it; no model value.
        #expect(run.output.contains("  after:  document 2 values, no model value, schema 1 types with 1 fields\n"))
        #expect(run.output.contains("\"type\": \"Int\""))
        #expect(run.output.contains("\"stringValue\": \"\""))
        #expect(run.output.contains("model value: none (the case checks the decode direction only)\n"))
        #expect(run.output.hasSuffix("wrote \(out.path)\n"))
        let written = try RegressionCase.load(from: out)
        #expect(written.name == "count-default")
        #expect(written.target.key == RegressionFixtures.silentDefaultKey)
        #expect(written.shrink?.tree?.steps ?? 0 > 0)
        #expect(written.check().isEmpty)

        // Shrinking the regression file again finds nothing more to do.
        let again = try crossfire(["shrink", out.path, "--time", "60"])
        #expect(again.status == 0)
        #expect(again.output.contains("shrink: tree 0 steps in "))
    }

    @Test func promoteWritesANamedFileThatReplayHoldsAndKeepsExistingFiles() throws {
        let (folder, journal, _) = try journalFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("regressions")
        let run = try crossfire(["promote", "\(journal.path)#1", "--corpus", corpus.path, "--time", "60"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(files.count == 1)
        let file = try #require(files.first)
        let regression = try RegressionCase.load(from: corpus.appendingPathComponent(file))
        #expect(file == RegressionCase.fileName(for: regression.target.key) + ".json")
        #expect(run.output.hasSuffix("wrote \(corpus.appendingPathComponent(file).path)\n"))
        #expect(try crossfire(["replay", corpus.path]).status == 0)

        let again = try crossfire(["promote", "\(journal.path)#1", "--corpus", corpus.path])
        #expect(again.status == 1)
        #expect(again.errorOutput.contains("exists; give --force to overwrite it or --name for another name"))

        // A regression file that was shrunk is pinned again as it is, under a new name.
        let repin = try crossfire(["promote", corpus.appendingPathComponent(file).path, "--corpus", corpus.path, "--name", "again"])
        #expect(repin.status == 0, "\(repin.errorOutput)")
        #expect(repin.output.contains("shrink: already shrunk; pinned again as it is\n"))
        #expect(try Data(contentsOf: corpus.appendingPathComponent("again.json")).count > 0)

        // An altered pin fails the replay of the folder, naming the change.
        var altered = regression
        altered.pinned.outcomes[0].result = "dataCorrupted"
        try altered.write(to: corpus.appendingPathComponent(file))
        let replay = try crossfire(["replay", corpus.path])
        #expect(replay.status == 1)
        #expect(replay.output.contains("\(corpus.appendingPathComponent(file).path) CHANGED\n  "))
        #expect(replay.output.contains("\(corpus.appendingPathComponent("again.json").path) holds\n"))
        #expect(replay.output.hasSuffix("replayed 2: 1 as recorded, 1 changed\n"))
    }

    @Test(arguments: [
        (["replay"], "crossfire replay: error: missing argument FILE"),
        (["replay", "x.jsonl", "--class", "first"], "crossfire replay: error: invalid value 'first' for --class (expected a class number from 1)"),
        (["shrink", "run/journal.jsonl#0"], "crossfire shrink: error: invalid FINDING 'run/journal.jsonl#0' (expected JOURNAL#ID with a class number from 1, a regression file, or a libFuzzer input)"),
        (["shrink", "x.json", "--time", "-3"], "crossfire shrink: error: invalid value '-3' for --time (expected a number of seconds above 0 and at most 1000000000)"),
        (["shrink", "x.json", "--out", "x.txt"], "crossfire shrink: error: --out needs a file name ending in .json"),
        (["promote", "x.json", "--name", "../escape"], "crossfire promote: error: invalid value '../escape' for --name (expected A-Z a-z 0-9 . _ -, not starting with .)"),
    ])
    func usageErrorsExitWith2(arguments: [String], message: String) throws {
        let run = try crossfire(arguments)
        #expect(run.status == 2)
        #expect(run.errorOutput.hasPrefix(message + "\n"))
    }

    @Test func aClassOptionForARegressionFileIsAUsageError() throws {
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let regression = try RegressionCase.pin(try #require(try RegressionFixtures.finding(RegressionFixtures.silentDefaultKey)),
                                                name: "padded", runner: try RegressionFixtures.runner(), profile: "default")
        let url = folder.appendingPathComponent("padded.json")
        try regression.write(to: url)
        let run = try crossfire(["replay", url.path, "--class", "1"])
        #expect(run.status == 2)
        #expect(run.errorOutput.hasPrefix("crossfire replay: error: --class applies to a journal, and \(url.path) is a regression file\n"))
        let holds = try crossfire(["replay", url.path])
        #expect(holds.status == 0)
        #expect(holds.output == "\(url.path) holds\nreplayed 1: 1 as recorded, 0 changed\n")
    }

    @Test func unreadableInputsExitWith1() throws {
        let missing = try crossfire(["replay", "/nonexistent/regressions"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput == "crossfire replay: error: /nonexistent/regressions: no such file or folder\n")
        let noJournal = try crossfire(["shrink", "/nonexistent/journal.jsonl#2"])
        #expect(noJournal.status == 1)
        #expect(noJournal.errorOutput == "crossfire shrink: error: /nonexistent/journal.jsonl: cannot read the file: No such file or directory\n")
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"crossfireRegression\": 2}".utf8).write(to: broken)
        let run = try crossfire(["replay", folder.path])
        #expect(run.status == 1)
        #expect(run.output == "\(broken.path) CHANGED\n  not read: at (top level): missing key \"finding\"\nreplayed 1: 0 as recorded, 1 changed\n")
    }
}
