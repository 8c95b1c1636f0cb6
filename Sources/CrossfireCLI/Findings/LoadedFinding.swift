import Crossfire
import Foundation

/// A finding class named on the command line, loaded with the case of its example and
/// everything needed to run it again.
struct LoadedFinding {
    /// How it is named in output.
    let label: String
    /// Its class.
    let key: FindingClassKey
    /// Its case.
    let stored: StoredCase
    /// The built-in mappers that found it, with the profile its choices replay with.
    let runner: CaseRunner
    /// The profile's name.
    let profile: String
    /// The regression file it came from, if it came from one.
    let regression: RegressionCase?

    /// A journal and its run line, which says which mappers ran and how cases were made.
    static func readJournal(_ path: String) throws(CommandFailure) -> (journal: Journal, header: JournalHeader) {
        let journal: Journal
        do {
            journal = try Journal.read(path: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
        guard let header = journal.header else {
            throw CommandFailure(message: "\(path): the journal has no run line, so which mappers ran is not known")
        }
        return (journal, header)
    }

    /// The journal with its expected classes' compact examples rebuilt by running their cases
    /// again with the run's mappers and profile, on one thread per core.
    static func rebuilt(_ journal: Journal, source: String) throws(CommandFailure) -> Journal {
        guard let header = journal.header else { return journal }
        let runner = try runner(mappers: header.mappers, profile: header.profile, source: source)
        do {
            return try journal.rebuilt(with: runner, jobs: RunSettings.defaultJobs, source: source)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// Loads a finding from a journal's class, a regression file or a libFuzzer input of
    /// `FuzzDifferential`.
    static func load(_ argument: FindingArgument) throws(CommandFailure) -> LoadedFinding {
        switch argument {
        case .journal(let path, let id):
            let (journal, header) = try readJournal(path)
            guard let found = journal.findingClass(id: id) else { throw JournalClassList.unknown(id, in: journal, path: path) }
            let runner = try runner(mappers: header.mappers, profile: header.profile, source: path)
            let stored: StoredCase
            switch found.example {
            case .recorded(let example):
                stored = example.stored
            case .generated(let caseIndex, _):
                guard let seed = header.seed else { throw CommandFailure(message: "\(path): the run line gives no seed, so class \(id)'s case cannot be regenerated") }
                do {
                    stored = StoredCase(record: try runner.rebuild(caseIndex: caseIndex, key: found.key, campaignSeed: seed).testCase)
                } catch {
                    throw CommandFailure(message: "\(argument.label): \(error.message)")
                }
            }
            return LoadedFinding(label: argument.label, key: found.key, stored: stored, runner: runner, profile: header.profile, regression: nil)
        case .file(let path):
            switch try RecordedFile.classify(path) {
            case .journal:
                let (journal, _) = try readJournal(path)
                throw CommandFailure(message: OneLine.escaped("\(path): a journal; name one of its classes as \(path)#ID: "
                                                              + JournalClassList.known(in: journal, path: path)))
            case .regression: return try loadRegression(path, label: argument.label)
            case .fuzzInput: return try loadFuzzInput(path, label: argument.label)
            }
        }
    }

    /// The finding a regression file pins.
    private static func loadRegression(_ path: String, label: String) throws(CommandFailure) -> LoadedFinding {
        let regression: RegressionCase
        do {
            regression = try RegressionCase.load(from: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(message: error.description)
        }
        return LoadedFinding(label: label, key: regression.target.key, stored: regression.stored,
                             runner: try runner(mappers: regression.mappers, profile: regression.profile, source: path),
                             profile: regression.profile, regression: regression)
    }

    /// The first unexpected finding of a libFuzzer input's case.
    private static func loadFuzzInput(_ path: String, label: String) throws(CommandFailure) -> LoadedFinding {
        let target = DifferentialFuzzTarget.standard
        let execution = target.execute(try FileDescriptorIO.readAll(path).get())
        guard let finding = DifferentialFuzzTarget.unexpectedFindings(of: execution).first else {
            throw CommandFailure(message: "\(path): \(FuzzInputText.noUnexpectedFinding(execution))")
        }
        return LoadedFinding(label: label, key: finding.key, stored: StoredCase(record: execution.record), runner: target.runner,
                             profile: target.profileName, regression: nil)
    }

    /// The runner of the named mappers (those `crossfire run --mappers` knows), generating
    /// with the named preset profile (`.default` for another name: see `GenerationProfile.isPreset`).
    static func runner(mappers: [String], profile: String, source: String) throws(CommandFailure) -> CaseRunner {
        let specs: [MapperSpec]
        do {
            specs = try MapperChoice.specs(mappers.joined(separator: ","))
        } catch {
            throw CommandFailure(message: "\(source): the recorded mappers: \(error.message)")
        }
        let generationProfile = (try? GenerationProfile.named(profile)) ?? .default
        return CaseRunner(mappers: specs, generator: CaseGenerator(profile: generationProfile))
    }

    /// Shrinks the finding's case within `timeLimit`.
    func shrink(timeLimit: Duration) throws(CommandFailure) -> FindingShrinkResult {
        if key.kind == .crash {
            throw CommandFailure(message: "\(label): a crash class cannot be shrunk in this process (each candidate could crash it); an isolated run shrinks a crash by a signal when it finds it, each candidate in a worker of its own (the journal's shrunk line)")
        }
        let shrinker = FindingShrinker(runner: runner, timeLimit: timeLimit, useChoices: GenerationProfile.isPreset(profile))
        do {
            return try shrinker.shrink(stored, key: key)
        } catch {
            throw CommandFailure(message: "\(label): \(error.message)")
        }
    }

    /// Pins a (shrunk) finding as a regression case named `name`.
    func pin(_ finding: Finding, name: String, shrink: RegressionShrink?) throws(CommandFailure) -> RegressionCase {
        do {
            return try RegressionCase.pin(finding, name: name, runner: runner, profile: profile, shrink: shrink)
        } catch {
            throw CommandFailure(message: "\(label): \(error.message)")
        }
    }
}
