import Crossfire
import CrossfireTestSupport
import Foundation
import ModelSchema
import Testing

/// What the fuzz-target tests share: the committed seed corpora and cases made from seeds.
enum FuzzFixtures {
    /// The source that decoding seeded case `seed`'s byte input gives: its choices, their
    /// maxima and spans, as the mutator sees an input.
    static func decoded(_ seed: UInt64, runner: CaseRunner) -> ChoiceSource {
        ChoiceMutator(runner: runner).decode(seeded(seed, runner: runner).source.byteInput)
    }

    /// `<repo>/Corpus/fuzz/<target>`.
    static func corpus(_ target: String) -> URL {
        TestRepository.root.appendingPathComponent("Corpus/fuzz").appendingPathComponent(target)
    }

    /// The inputs of a committed corpus, by path within it: the generated seeds, then the
    /// inputs that once failed, `found/<name>`, then those `make fuzz-merge` kept from fuzzing,
    /// `merged/<name>` (none when a folder is missing).
    static func seeds(_ target: String) -> [String] {
        files(in: corpus(target)) + ["found", "merged"].flatMap { folder in
            files(in: corpus(target).appendingPathComponent(folder)).map { "\(folder)/" + $0 }
        }
    }

    /// The names of the regular files in a folder, sorted.
    private static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// The bytes of a committed seed.
    static func seed(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus(target).appendingPathComponent(name)))
    }

    /// The source that generated `runner`'s case from `seed`, with the case.
    static func seeded(_ seed: UInt64, runner: CaseRunner) -> (source: ChoiceSource, record: CaseRecord) {
        var source = ChoiceSource(seed: seed)
        let record = runner.generate(from: &source)
        return (source, record)
    }

    /// Whether two case records hold the same case: schema, reference, document, model value,
    /// faults and choices.
    static func sameCase(_ a: CaseRecord, _ b: CaseRecord) -> Bool {
        a.schema == b.schema && a.reference == b.reference && a.document == b.document && a.model == b.model
            && a.faults == b.faults && a.choices == b.choices
    }

    /// The target with the `bool-accepted-from-zero-or-one` bug planted into a copy of the
    /// Codable mapper, next to the real one, with the profile that bug's campaign uses.
    static let plantedTarget = DifferentialFuzzTarget(
        mappers: [MapperSpec.builtIn[0], MapperSpec(factory: PlantedFaultFactory(bug: BoolAcceptedFromZeroOrOne()), style: .strict)],
        profile: .scalars)

    /// The byte input of the first case, seeded from 0 up, on which the planted target shows an
    /// unexpected finding; nil when none of the first `limit` seeds does.
    static func plantedFailure(limit: UInt64 = 4_000) -> [UInt8]? {
        for seed in 0..<limit {
            var source = ChoiceSource(seed: seed)
            let execution = plantedTarget.runner.run(from: &source)
            if !DifferentialFuzzTarget.unexpectedFindings(of: execution).isEmpty { return source.byteInput }
        }
        return nil
    }
}
