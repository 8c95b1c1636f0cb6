import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// A trap planted in a mapper, found by the fuzz target's inputs, promoted, and replayed as the
/// regression suite replays it: the suite fails with a clear message while the trap is there,
/// and passes once it is gone; pinned again as fixed, the file then holds the case's outcome.
@Suite(.serialized) struct CrashRegressionTests {
    /// The planted trap: the Codable mapper's decode traps on a document of three or more
    /// top-level fields while `armed`, as a mapper bug would (a force-unwrap of a missing key).
    struct PlantedTrap: PlantedBug {
        let armed: Bool

        func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
            if armed && data.count >= 3 {
                // The test's whole purpose: a runtime trap inside a mapper.
                fatalError("planted trap: decode of \(data.count) top-level fields")
            }
            return correct.decode(data, reference: reference)
        }
    }

    /// FuzzDifferential's target with the trap planted (`armed`) or removed.
    static func target(armed: Bool) -> DifferentialFuzzTarget {
        DifferentialFuzzTarget(mappers: [MapperSpec.builtIn[0], MapperSpec(factory: PlantedFaultFactory(bug: PlantedTrap(armed: armed)), style: .strict)])
    }

    /// The first committed FuzzDifferential seed whose case crashes the armed target (what
    /// libFuzzer saves as `crash-*`), with its case and crash.
    static func crashingSeed() throws -> (record: CaseRecord, crash: CaseCrash)? {
        let target = target(armed: true)
        for name in FuzzFixtures.seeds("FuzzDifferential") {
            let record = target.generate(try FuzzFixtures.seed("FuzzDifferential", name))
            if let crash = try CrashProbe(runner: target.runner).crash(of: StoredCase(record: record)) { return (record, crash) }
        }
        return nil
    }

    @Test("a planted trap is seen in a child process, with the mapper call it died in")
    func probeSeesTheTrap() throws {
        let (record, crash) = try #require(try Self.crashingSeed(), "no committed seed has a document of 3 or more fields")
        #expect(crash.call == MapperCall(mapper: PlantedFaultFactory.mapperName, function: .decode, check: .decode))
        #expect(crash.ending == "SIGILL" || crash.ending == "SIGTRAP")
        #expect(crash.message.contains("Fatal error: planted trap: decode of "))
        #expect(crash.description.hasPrefix("planted's decode in the decode check died of SIG"))
        let finding = crash.finding(testCase: record, allowlist: .sdkBehaviour)
        #expect(finding.key.canonical == "decode/crash/topLevel/unknown/absent/planted=crash-\(crash.ending)")
        #expect(!finding.isExpected)
        // Without the trap the same case runs to its end.
        #expect(try CrashProbe(runner: Self.target(armed: false).runner).crash(of: StoredCase(record: record)) == nil)
    }

    @Test("promoted, the crash fails the suite's replay with a clear message, and passes once the trap is removed")
    func promotedCrashFailsTheSuiteUntilFixed() throws {
        let armed = Self.target(armed: true)
        let disarmed = Self.target(armed: false)
        let (record, crash) = try #require(try Self.crashingSeed())
        // Promote, as `crossfire promote crash-…` does: shrink by choices, each candidate in a
        // child, then pin the crash open.
        let choices = try #require(record.choices)
        let shrunk = CrashShrinker(probe: CrashProbe(runner: armed.runner), timeLimit: .seconds(30), maxAttempts: 150).shrink(choices, crash: crash)
        #expect(shrunk.failure == nil)
        #expect(shrunk.choices.count <= choices.count && shrunk.summary.choicesBefore == choices.count)
        var source = ChoiceSource(replaying: shrunk.choices)
        let shrunkRecord = armed.runner.generate(from: &source)
        #expect((shrunkRecord.document?.count ?? 0) >= 3, "the shrunk case still has the trap's three fields")
        let pinned = try RegressionCase.pinCrash(shrunkRecord, crash: crash, name: "planted-trap", runner: armed.runner, profile: armed.profileName,
                                                 shrink: RegressionShrink(choices: shrunk.summary, tree: nil))
        #expect(pinned.formatVersion == 3 && pinned.crash == PinnedCrash(crash: pinned.crash?.crash ?? crash, isFixed: false))
        #expect(pinned.pinned.outcomes.isEmpty && pinned.pinned.classes == [pinned.target.key] && pinned.target.key.kind == .crash)

        // The file as written reads back as it was.
        let folder = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("planted-trap.json")
        try pinned.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"crossfireRegression\": 3"))
        let loaded = try RegressionCase.load(from: url)
        #expect(loaded.crash == pinned.crash && loaded.target == pinned.target && loaded.shrink == pinned.shrink)

        // The suite's check fails on it while the trap is there, saying where and how it crashed.
        let failure = try #require(RegressionSuiteCheck.failure(of: loaded, file: "planted-trap.json", runner: armed.runner))
        #expect(failure.hasPrefix("planted-trap.json changed: still crashes: planted's decode in the decode check died of SIG"))
        #expect(failure.contains("Fatal error: planted trap: decode of "))
        #expect(failure.contains("(a crash is never an accepted outcome)"))
        #expect(failure.hasSuffix("pin what the case gives instead: crossfire promote Corpus/regressions/planted-trap.json --force"))

        // Without the trap it passes, and says the pinned crash is gone.
        #expect(RegressionSuiteCheck.failure(of: loaded, file: "planted-trap.json", runner: disarmed.runner) == nil)
        #expect(loaded.replay(runner: disarmed.runner).fixedCrash?.isSame(as: crash) == true)
        #expect(throws: RegressionError.self) { try loaded.pinnedAsFixed(runner: armed.runner) }

        // Pinned again as fixed, the file holds what the case gives now, and catches the trap's return.
        let fixed = try loaded.pinnedAsFixed(runner: disarmed.runner)
        #expect(fixed.crash?.isFixed == true && fixed.target == loaded.target && !fixed.pinned.outcomes.isEmpty)
        try fixed.write(to: url)
        let reloaded = try RegressionCase.load(from: url)
        #expect(RegressionSuiteCheck.failure(of: reloaded, file: "planted-trap.json", runner: disarmed.runner) == nil)
        #expect(reloaded.replay(runner: disarmed.runner).fixedCrash == nil)
        let again = try #require(RegressionSuiteCheck.failure(of: reloaded, file: "planted-trap.json", runner: armed.runner))
        #expect(again.contains("crashes again (pinned as fixed): planted's decode in the decode check died of SIG"))
    }

    @Test("a regression file of format 3 must pin a crash, and one of format 2 must not")
    func formatThreeIsTheCrashFormat() throws {
        let (record, crash) = try #require(try Self.crashingSeed())
        let armed = Self.target(armed: true)
        let pinned = try RegressionCase.pinCrash(record, crash: crash, name: "t", runner: armed.runner, profile: armed.profileName, shrink: nil)
        let text = String(decoding: try pinned.jsonBytes(), as: UTF8.self)
        let asTwo = text.replacingOccurrences(of: "\"crossfireRegression\": 3", with: "\"crossfireRegression\": 2")
        #expect(throws: RegressionError(source: "t.json", message: "at pinned.crash: a pinned crash needs format version 3")) {
            try RegressionCase(json: Array(asTwo.utf8), name: "t", source: "t.json")
        }
        let asFour = text.replacingOccurrences(of: "\"crossfireRegression\": 3", with: "\"crossfireRegression\": 4")
        #expect(throws: RegressionError(source: "t.json", message: "at crossfireRegression: format version 4; this Crossfire reads versions 2 and 3")) {
            try RegressionCase(json: Array(asFour.utf8), name: "t", source: "t.json")
        }
    }
}
