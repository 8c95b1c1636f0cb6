@testable import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// `DifferentialFuzzTarget`, the engine of the `FuzzDifferential` libFuzzer target: byte
/// inputs replay seeded cases, the "unexpected finding?" decision, the report, and the way
/// from a failing input to a regression file.
@Suite struct DifferentialFuzzTargetTests {
    @Test("the standard target runs what `crossfire run` runs by default")
    func standardTargetIsTheDefaultCampaign() {
        let target = DifferentialFuzzTarget.standard
        let campaign = CampaignOptions(seed: 1, outputDirectory: "")
        #expect(target.mapperNames == campaign.mappers.map(\.name))
        #expect(target.mapperNames == ["codable", "strict", "lenient"])
        #expect(target.profileName == campaign.profile.name && target.runner.generator.profile == campaign.profile)
        #expect(target.runner.allowlist.entries.map(\.id) == campaign.allowlist.entries.map(\.id))
    }

    @Test("a seeded case's byte input replays to that very case, and its recorded choices replay it too")
    func byteInputReplaysTheSeededCase() {
        let target = DifferentialFuzzTarget.standard
        for seed in UInt64(0)..<40 {
            let (source, seeded) = FuzzFixtures.seeded(seed, runner: target.runner)
            let fromBytes = target.generate(source.byteInput)
            #expect(FuzzFixtures.sameCase(fromBytes, seeded), "seed \(seed)")
            var replay = ChoiceSource(replaying: fromBytes.choices ?? [])
            #expect(FuzzFixtures.sameCase(target.runner.generate(from: &replay), seeded), "seed \(seed)")
            let execution = target.execute(source.byteInput)
            var again = ChoiceSource(seed: seed)
            #expect(execution.findings.map(\.key) == target.runner.run(from: &again).findings.map(\.key))
        }
    }

    @Test("only findings no allowlist entry explains make an input fail")
    func expectedFindingsPass() throws {
        let target = DifferentialFuzzTarget.standard
        var sawExpected = false
        for seed in UInt64(0)..<60 {
            let (source, _) = FuzzFixtures.seeded(seed, runner: target.runner)
            let execution = target.execute(source.byteInput)
            let unexpected = DifferentialFuzzTarget.unexpectedFindings(of: execution)
            #expect(unexpected.map(\.key) == execution.findings.filter { $0.explanation == nil }.map(\.key))
            #expect((target.check(source.byteInput) == .pass) == unexpected.isEmpty)
            sawExpected = sawExpected || execution.findings.contains { $0.isExpected }
        }
        #expect(sawExpected, "the seeds should show expected findings, which must pass")
    }

    @Test("a cause already known to the fuzzing session passes; the report names each new cause once")
    func knownClassesPass() throws {
        let input = try #require(FuzzFixtures.plantedFailure(), "the planted bug was not found in the first seeds")
        let target = FuzzFixtures.plantedTarget
        let causes = Set(target.newCauses(of: target.execute(input)).map(\.cause.cause.canonical))
        #expect(!causes.isEmpty)
        #expect(target.check(input, known: causes) == .pass)
        let report = try #require(target.check(input).report)
        for cause in causes {
            #expect(report.components(separatedBy: "  cause: \(cause)\n").count == 2, "\(cause) is not named exactly once")
        }
        #expect(KnownClasses.parse("  a/b \n\n c/d\n") == ["a/b", "c/d"])
    }

    @Test("an unexpected finding fails the input with a report of its cause, fix, symptom, artifact name, path and both outcomes")
    func unexpectedFindingIsReported() throws {
        let input = try #require(FuzzFixtures.plantedFailure(), "the planted bug was not found in the first seeds")
        let target = FuzzFixtures.plantedTarget
        let execution = target.execute(input)
        let finding = try #require(DifferentialFuzzTarget.unexpectedFindings(of: execution).first)
        #expect(finding.discrepancy.kind == .decodeDisagreement)
        #expect(execution.record.schema.fieldType(at: finding.discrepancy.path)?.unwrapped == .bool)
        let report = try #require(target.check(input).report)
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("crossfire FuzzDifferential: ") == true)
        let cause = try #require(target.newCauses(of: execution).first { $0.finding.key == finding.key }?.cause.cause)
        #expect(cause.departs == [PlantedFaultFactory.mapperName])
        #expect(lines.contains(CauseWords(cause).title))
        #expect(lines.contains("  fix: \(CauseWords(cause).fix)"))
        #expect(lines.contains("  cause: \(cause.canonical)"))
        #expect(lines.contains("  symptom: \(finding.key.canonical)"))
        #expect(lines.contains("  artifact: crash-\(cause.fileNamePart)"))
        #expect(lines.contains { $0.hasPrefix("  at \(finding.discrepancy.path) (Bool") })
        let codable = try #require(finding.discrepancy.outcomes.first { $0.mapper == "codable" }?.failure)
        #expect(codable.kind == .typeMismatch)
        #expect(lines.contains { $0.hasPrefix("  codable: ") && $0.contains(FuzzVerdict.oneLine(codable.description)) })
        #expect(lines.contains { $0.hasPrefix("  planted: ") })
        #expect(lines.last == "pin it as a regression: crossfire promote <the crash-* artifact>")
    }

    @Test("a failing byte input becomes a regression that replays to its pinned outcome")
    func failingInputPinsARegression() throws {
        let input = try #require(FuzzFixtures.plantedFailure())
        let target = FuzzFixtures.plantedTarget
        let execution = target.execute(input)
        let finding = try #require(DifferentialFuzzTarget.unexpectedFindings(of: execution).first)
        let shrunk = try FindingShrinker(runner: target.runner, timeLimit: .seconds(20)).shrink(StoredCase(record: execution.record), key: finding.key)
        #expect(shrunk.finding.key == finding.key && !shrunk.finding.isExpected)
        let regression = try RegressionCase.pin(shrunk.finding, name: "planted", runner: target.runner, profile: target.profileName)
        #expect(regression.target.key == finding.key && regression.target.key.isUnexpected)
        #expect(regression.mappers == ["codable", PlantedFaultFactory.mapperName])
        #expect(regression.check(runner: target.runner).isEmpty)
        // Without the bug the pinned finding is gone: the regression reports the change.
        let fixed = DifferentialFuzzTarget(
            mappers: [MapperSpec.builtIn[0], MapperSpec(factory: PlantedFaultFactory(bug: NoPlantedBug()), style: .strict)], profile: .scalars)
        let changes = regression.check(runner: fixed.runner)
        #expect(changes.contains(.classGone(key: finding.key, isTarget: true)), "\(changes)")
    }

    @Test("the report escapes line breaks and cuts long renderings")
    func oneLine() {
        #expect(FuzzVerdict.oneLine("a\nb\tc\u{1}") == "a\\nb\\tc\\u{1}")
        #expect(FuzzVerdict.oneLine(String(repeating: "x", count: 500), limit: 10) == String(repeating: "x", count: 10) + "…")
        #expect(FuzzVerdict.pass.report == nil && FuzzVerdict.fail(report: "r").report == "r")
    }
}
