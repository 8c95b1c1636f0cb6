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
    /// How its case crashes a child process now, for a crash: a crash class of an isolated
    /// run, a libFuzzer input whose case crashes, or a regression file that pins a crash (nil
    /// when that case no longer crashes).
    let crash: CaseCrash?

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

    /// Loads a finding from a journal's class, a regression file or a libFuzzer input of
    /// `FuzzDifferential`.
    static func load(_ argument: FindingArgument) throws(CommandFailure) -> LoadedFinding {
        switch argument {
        case .journal(let path, let id):
            let (journal, header) = try readJournal(path)
            guard let found = journal.findingClass(id: id) else { throw JournalClassList.unknown(id, in: journal, path: path) }
            let runner = try runner(mappers: header.mappers, profile: header.profile, source: path)
            let stored = found.example.stored
            let crash = found.key.kind == .crash ? try probe(stored, runner: runner, label: argument.label) : nil
            return LoadedFinding(label: argument.label, key: found.key, stored: stored, runner: runner,
                                 profile: header.profile, regression: nil, crash: crash)
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
        let runner = try runner(mappers: regression.mappers, profile: regression.profile, source: path)
        let crash = regression.crash != nil ? try probe(regression.stored, runner: runner, label: label) : nil
        return LoadedFinding(label: label, key: regression.target.key, stored: regression.stored, runner: runner,
                             profile: regression.profile, regression: regression, crash: crash)
    }

    /// A libFuzzer input's crash, when its case crashes (run in a child process first, as a
    /// crash found by `make fuzz` would end this one); else its first unexpected finding.
    private static func loadFuzzInput(_ path: String, label: String) throws(CommandFailure) -> LoadedFinding {
        let target = DifferentialFuzzTarget.standard
        let bytes = try FileDescriptorIO.readAll(path).get()
        let record = target.generate(bytes)
        if let crash = try probe(StoredCase(record: record), runner: target.runner, label: label) {
            return LoadedFinding(label: label, key: crash.finding(testCase: record, allowlist: target.runner.allowlist).key,
                                 stored: StoredCase(record: record), runner: target.runner, profile: target.profileName,
                                 regression: nil, crash: crash)
        }
        let execution = target.execute(bytes)
        guard let finding = DifferentialFuzzTarget.unexpectedFindings(of: execution).first else {
            throw CommandFailure(message: "\(path): \(FuzzInputText.noUnexpectedFinding(execution))")
        }
        return LoadedFinding(label: label, key: finding.key, stored: StoredCase(record: execution.record), runner: target.runner,
                             profile: target.profileName, regression: nil, crash: nil)
    }

    /// How a stored case crashes a child process, or nil when it runs to its end.
    static func probe(_ stored: StoredCase, runner: CaseRunner, label: String) throws(CommandFailure) -> CaseCrash? {
        do {
            return try CrashProbe(runner: runner).crash(of: stored)
        } catch {
            throw CommandFailure(message: "\(label): no child process to run the case in: \(error.description)")
        }
    }

    /// The runner of the named mappers (those `crossfire run --mappers` knows, its fixtures
    /// included, where `CaseRunner.builtIn` knows only the engine's), generating with the named
    /// preset profile (`CaseRunner.init(mappers:profileNamed:allowlist:)`).
    static func runner(mappers: [String], profile: String, source: String) throws(CommandFailure) -> CaseRunner {
        let specs: [MapperSpec]
        do {
            specs = try MapperChoice.specs(mappers.joined(separator: ","))
        } catch {
            throw CommandFailure(message: "\(source): the recorded mappers: \(error.message)")
        }
        return CaseRunner(mappers: specs, profileNamed: profile)
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
