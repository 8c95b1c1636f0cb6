import Crossfire
import Foundation

/// `crossfire promote`: pins a finding class's minimized case and its outcome into the regression corpus.
struct PromoteCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "promote",
        abstract: "Shrink a finding class's case and pin it, with its outcome, as a regression file.",
        discussion: """
            FINDING is JOURNAL#ID (`crossfire replay JOURNAL --list` lists the ids), a regression
            file (a .json file with "crossfireRegression") or a libFuzzer input of
            FuzzDifferential (bytes that are not text, or a file named crash-…, e.g.
            Reports/fuzz/FuzzDifferential/crash-<sha1>), whose class is that of the first
            unexpected finding its case shows with the built-in mappers and the default profile;
            any other file is an error that says what it is. A journal's class or a libFuzzer input is shrunk first
            (as `crossfire shrink` does); a regression file whose case was already shrunk is pinned
            again as it is (after a deliberate change of behaviour, this re-pins its outcome).
            Writes <DIR>/<NAME>.json: the case (schema, reference, document, model value, choices,
            seed), the mappers and profile, and the pinned outcome — every mapper's outcome in the
            decode, encode and round-trip checks and the class of every finding. The name defaults
            to one made from the class (check, kind, container, type, what was held, and a hash):
            stable, and safe in any file system. An existing file is kept unless --force is given.
            `crossfire replay` and the regression test suite replay the file.
            A crash — a libFuzzer input or a journal's crash class whose case traps in a mapper,
            seen in a child process — is shrunk by its choices, each candidate in a child process,
            and pinned as a crash (format 3: the mapper call, the signal, the message), on which
            replay and the suite fail while the case still crashes. Promoting such a file again
            once its case no longer crashes pins it as fixed, with what the case gives instead.
            Exit code 0 when the file was written, 1 when the class cannot be loaded, no longer
            occurs or the file cannot be written, 2 on usage errors.
            """,
        options: [
            .value("--name", placeholder: "NAME", help: "The file name without .json (A-Z a-z 0-9 . _ -)."),
            .value("--corpus", placeholder: "DIR", help: "The regression folder (default Corpus/regressions)."),
            .value("--time", placeholder: "SECONDS", help: "The time limit for shrinking (default 30)."),
            .flag("--force", help: "Overwrite an existing file."),
        ],
        arguments: [ArgumentSpec("FINDING", help: "JOURNAL#ID, a regression file, or a libFuzzer input.")]
    )

    let finding: FindingArgument
    let name: String?
    let corpus: String
    let timeLimit: Duration
    let force: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.positionals.first else { throw UsageError(message: "missing argument FINDING") }
        finding = try FindingArgument(text)
        name = arguments.value("--name")
        if let name, !RegressionCase.isValidName(name) {
            throw UsageError(message: "invalid value '\(name)' for --name (expected A-Z a-z 0-9 . _ -, not starting with .)")
        }
        corpus = arguments.value("--corpus") ?? "Corpus/regressions"
        timeLimit = try OptionValue.seconds(arguments, "--time") ?? .seconds(30)
        force = arguments.flag("--force")
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let loaded = try LoadedFinding.load(finding)
        let fileName = name ?? RegressionCase.fileName(for: loaded.key)
        let url = URL(fileURLWithPath: corpus).appendingPathComponent(fileName + ".json")
        if !force && FileManager.default.fileExists(atPath: url.path) {
            throw CommandFailure(message: "\(url.path) exists; give --force to overwrite it or --name for another name")
        }
        if loaded.key.kind == .crash || loaded.regression?.crash != nil {
            let regression = try pinCrash(loaded, name: fileName, url: url)
            try write(regression.file, to: url)
            try context.emit(Array((regression.text + "wrote \(url.path)\n").utf8))
            return .success
        }
        var text = "class: \(loaded.key)\n"
        let minimized: Finding
        let shrink: RegressionShrink?
        if let regression = loaded.regression, regression.shrink?.tree != nil {
            minimized = try currentFinding(loaded)
            shrink = regression.shrink
            text += "shrink: already shrunk; pinned again as it is\n"
        } else {
            let result = try loaded.shrink(timeLimit: timeLimit)
            minimized = result.finding
            shrink = RegressionShrink(choices: result.choices, tree: result.tree)
            text += ShrinkReport.progress(result)
        }
        let regression = try loaded.pin(minimized, name: fileName, shrink: shrink)
        try write(regression, to: url)
        text += "pinned \(regression.pinned.outcomes.count) outcomes and \(regression.pinned.classes.count) classes\n"
        text += "wrote \(url.path)\n"
        try context.emit(Array(text.utf8))
        return .success
    }

    /// Writes a regression file into the corpus folder, made when missing.
    private func write(_ regression: RegressionCase, to url: URL) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
            try regression.write(to: url)
        } catch let error as RegressionError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(FileError(path: corpus, cannot: "create the folder", error: error))
        }
    }

    /// Pins a crash: open while the case crashes (shrunk first, each candidate in a child
    /// process, unless it comes from a regression file already shrunk), or — for a regression
    /// file whose pinned crash no longer happens — as fixed, with what the case gives now.
    private func pinCrash(_ loaded: LoadedFinding, name: String, url: URL) throws(CommandFailure) -> (file: RegressionCase, text: String) {
        var text = "class: \(loaded.key)\n"
        guard let crash = loaded.crash else {
            guard let regression = loaded.regression, regression.crash != nil else {
                throw CommandFailure(message: "\(loaded.label): the class no longer occurs: the case no longer crashes")
            }
            var fixed: RegressionCase
            do {
                fixed = try regression.pinnedAsFixed(runner: loaded.runner)
            } catch {
                throw CommandFailure(message: "\(loaded.label): \(error.message)")
            }
            fixed.name = name
            text += "the pinned crash no longer happens: pinned as fixed, with \(fixed.pinned.outcomes.count) outcomes and \(fixed.pinned.classes.count) classes\n"
            return (fixed, text)
        }
        var record = loaded.stored.record
        var shrink = loaded.regression?.shrink
        if shrink?.choices == nil, let choices = record.choices, GenerationProfile.isPreset(loaded.profile) {
            let shrinker = CrashShrinker(probe: CrashProbe(runner: loaded.runner), timeLimit: timeLimit)
            let shrunk = shrinker.shrink(choices, crash: crash)
            var source = ChoiceSource(replaying: shrunk.choices)
            record = loaded.runner.generate(from: &source, seed: record.seed, caseIndex: record.caseIndex)
            shrink = RegressionShrink(choices: shrunk.summary, tree: nil)
            let summary = shrunk.summary
            text += "shrink: choices \(summary.choicesBefore) -> \(summary.choicesAfter) (\(summary.steps) steps in \(summary.attempts) attempts, each in a child process); stopped: \(summary.stop.description)\n"
            if let failure = shrunk.failure { text += "  note: \(failure)\n" }
        } else {
            text += "shrink: " + (shrink?.choices != nil ? "already shrunk; pinned again as it is\n" : "not shrunk: the case has no choices its profile replays\n")
        }
        let regression: RegressionCase
        do {
            regression = try RegressionCase.pinCrash(record, crash: crash, name: name, runner: loaded.runner, profile: loaded.profile, shrink: shrink)
        } catch {
            throw CommandFailure(message: "\(loaded.label): \(error.message)")
        }
        text += "pinned the crash: \(OneLine.escaped(crash.description))\n"
        text += "  replay and the test suite fail on this file while the case crashes; once it is fixed, pin what it gives instead: "
        text += "\(SelfInvocation.command) promote \(ShellWord.quoted((corpus as NSString).appendingPathComponent(name + ".json"))) --force\n"
        return (regression, text)
    }

    /// The class's finding as the regression file's case shows it now.
    private func currentFinding(_ loaded: LoadedFinding) throws(CommandFailure) -> Finding {
        let execution: CaseExecution
        do {
            execution = try loaded.runner.replay(loaded.stored)
        } catch {
            throw CommandFailure(message: "\(loaded.label): \(error.message)")
        }
        guard let match = execution.findings.first(where: { $0.key == loaded.key }) else {
            throw CommandFailure(message: "\(loaded.label): the class no longer occurs: \(loaded.key)")
        }
        return match
    }
}
