import Crossfire
import Foundation

/// `crossfire replay`: runs recorded cases again — a journal's classes, a regression file,
/// or a folder of them — and reports whether each still gives what was recorded.
struct ReplayCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "replay",
        abstract: "Run a journal's finding classes or regression files again and report what changed.",
        discussion: """
            FILE is a journal (a file whose first line is a JSON object with "journal", such as
            Reports/<run>/journal.jsonl), a regression file (a .json file with
            "crossfireRegression", such as Corpus/regressions/<name>.json), a libFuzzer input of
            FuzzDifferential (bytes that are not text, or a file named as libFuzzer names its
            artifacts, such as Reports/fuzz/FuzzDifferential/crash-<sha1>), or a folder: a run's
            folder (holding journal.jsonl) replays its journal, any other folder every *.json
            regression file in it, in name order. Any other file (text, an empty file, JSON of
            another kind) is an error that says what it is (exit code 1).
            --list prints a journal's classes, one line each (unexpected class ID: TITLE, or
            expected class ID (ENTRY): TITLE), without running them.
            A journal class is as recorded when the case of its example (the shrunk one, else the
            smallest, else the first) still shows a finding of that class: the same situation,
            results and allowlist entry (or none, as before); the case is the one the journal
            holds. A regression file is as recorded when every mapper's outcome in every check
            and the set of finding classes are the pinned ones. Cases whose document could not be
            stored as REST JSON are regenerated from their choices with the recorded profile.
            A libFuzzer input runs as FuzzDifferential runs it (the built-in mappers, the default
            profile), in a child process first: it is as recorded while its case still crashes
            (the mapper call, signal and message are listed) or still shows an unexpected class
            (each is listed) — what made FuzzDifferential save it. A regression file that pins a
            crash runs in a child process first too: it changed while its case still crashes (a
            crash is never an accepted outcome), and holds once it no longer does, which the
            line after it says with the command that pins what the case gives instead.
            A crash class (from `crossfire run --isolate`) is as recorded when its case still
            crashes. It always runs in a child process, `crossfire replay JOURNAL --class ID`
            (standard error says so when --isolate was not given), since in this process the
            crash would end the replay. Without --isolate the other classes run in this process,
            so one whose case now crashes ends the replay (as it ends a run); with --isolate
            each journal class runs in a child, and a child that dies of a signal is a crash: as
            recorded for a crash class, a change for any other.
            What was recorded may be a failure: an unexpected class of a journal, a crash, a
            regression file that pins an unexpected class, a libFuzzer input. Replayed as
            recorded, it still fails, and its line says so ("still fails").
            One line per class or file, each change on an indented line after it, then a summary.
            Exit code 0 when everything is as recorded and nothing still fails, 1 when anything
            still fails, changed or could not be read or run, 2 on usage errors.
            """,
        options: [
            .value("--class", placeholder: "ID", help: "Replay only this class of a journal."),
            .flag("--isolate", help: "Replay each journal class in a child process, so that a crash is seen, not suffered."),
            .flag("--list", help: "List a journal's classes without replaying them."),
            .hiddenFlag("--in-process", help: "Internal: replay even a crash class in this process (the child of an isolated replay)."),
        ],
        arguments: [ArgumentSpec("FILE", help: "A journal, a regression file, a libFuzzer input, or a folder.")]
    )

    let path: String
    let classID: Int?
    let isolate: Bool
    let list: Bool
    /// Whether a crash class runs in this process too: this is the child of an isolated replay.
    let inProcess: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing argument FILE") }
        self.path = path
        if let text = arguments.value("--class") {
            guard let id = Int(text), id >= 1 else { throw UsageError(message: "invalid value '\(text)' for --class (expected a class number from 1)") }
            classID = id
        } else {
            classID = nil
        }
        isolate = arguments.flag("--isolate")
        list = arguments.flag("--list")
        inProcess = arguments.flag("--in-process")
        if list && isolate { throw UsageError(message: "--list runs nothing; it takes no --isolate") }
    }

    /// The tally of a replay: each class or file is as recorded, still fails (as recorded, and
    /// what was recorded is a failure), or changed.
    private struct Tally {
        var asRecorded = 0
        var stillFailing = 0
        var changed = 0

        /// The summary line: `replayed N: A as recorded, C changed`, with `F still failing`
        /// between them when any still fails.
        var summary: String {
            let failing = stillFailing == 0 ? "" : "\(stillFailing) still failing, "
            return "replayed \(asRecorded + stillFailing + changed): \(asRecorded) as recorded, \(failing)\(changed) changed\n"
        }

        /// Whether the replay succeeds: nothing changed and nothing still fails.
        var isClean: Bool { stillFailing == 0 && changed == 0 }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        var tally = Tally()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure(message: "\(path): no such file or folder")
        }
        if isDirectory.boolValue {
            let journalPath = (path as NSString).appendingPathComponent("journal.jsonl")
            if FileManager.default.fileExists(atPath: journalPath) {
                if list { return try listJournal(journalPath, context: context) }
                try replayJournal(journalPath, context: context, tally: &tally)
            } else {
                if let option = journalOption { return usage("\(option) applies to a journal, and \(path) holds none", context) }
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }
                        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                } catch {
                    throw CommandFailure(FileError(path: path, cannot: "list the folder", error: error))
                }
                guard !names.isEmpty else { throw CommandFailure(message: "\(path): no regression files (*.json) in the folder") }
                for name in names {
                    try replayRegression((path as NSString).appendingPathComponent(name), context: context, tally: &tally)
                }
            }
        } else {
            switch try RecordedFile.classify(path) {
            case .journal:
                if list { return try listJournal(path, context: context) }
                try replayJournal(path, context: context, tally: &tally)
            case .regression:
                if let option = journalOption { return usage("\(option) applies to a journal, and \(path) is a regression file", context) }
                try replayRegression(path, context: context, tally: &tally)
            case .fuzzInput:
                if let option = journalOption { return usage("\(option) applies to a journal, and \(path) is a libFuzzer input", context) }
                try replayFuzzInput(path, context: context, tally: &tally)
            }
        }
        try emit(tally.summary, context)
        return tally.isClean ? .success : .failure
    }

    private func usage(_ message: String, _ context: CommandContext) -> ExitCode {
        context.errorOutput.write("\(CrossfireTool.name) replay: error: \(message)\n\(HelpText.usageLine(for: Self.configuration))\n")
        return .usage
    }

    /// The option given that only a journal takes (`--class`, `--list`), if any.
    private var journalOption: String? {
        classID != nil ? "--class" : list ? "--list" : nil
    }

    /// Prints the journal's classes (or the one `--class` names), one line each, without running them.
    private func listJournal(_ path: String, context: CommandContext) throws(CommandFailure) -> ExitCode {
        let journal: Journal
        do {
            journal = try Journal.read(path: path)
        } catch {
            throw CommandFailure(message: OneLine.escaped(error.description))
        }
        context.errorOutput.write(SkippedJournalLines.notices(path: path, truncatedLine: journal.truncatedLine, damaged: journal.damagedLines))
        let classes = try selectedClasses(of: journal, path: path)
        let unexpected = classes.filter { $0.key.isUnexpected }.count
        let lines = classes.map { JournalClassList.line(id: $0.id, key: $0.key, title: $0.title) + "\n" }.joined()
        try emit(lines + "listed \(classes.count): \(unexpected) unexpected, \(classes.count - unexpected) expected\n", context)
        return .success
    }

    /// The journal's classes, or the one `--class` names.
    private func selectedClasses(of journal: Journal, path: String) throws(CommandFailure) -> [JournalClass] {
        guard let classID else { return journal.classes }
        guard let found = journal.findingClass(id: classID) else { throw JournalClassList.unknown(classID, in: journal, path: path) }
        return [found]
    }

    private func replayJournal(_ path: String, context: CommandContext, tally: inout Tally) throws(CommandFailure) {
        let (journal, header) = try LoadedFinding.readJournal(path)
        let runner = try LoadedFinding.runner(mappers: header.mappers, profile: header.profile, source: path)
        context.errorOutput.write(SkippedJournalLines.notices(path: path, truncatedLine: journal.truncatedLine, damaged: journal.damagedLines))
        for found in try selectedClasses(of: journal, path: path) {
            if isolate || (found.key.replaysInIsolation && !inProcess) {
                if !isolate {
                    context.errorOutput.write("class \(found.id) is a crash class: replayed in a child process, as with --isolate\n")
                }
                try replayIsolated(found, journal: path, context: context, tally: &tally)
                continue
            }
            let problem = replayProblem(found, runner: runner, header: header)
            if let problem {
                tally.changed += 1
                try emit("class \(found.id) CHANGED: \(found.key)\n  \(problem)\n", context)
            } else if found.key.isUnexpected {
                tally.stillFailing += 1
                try emit("class \(found.id) still fails: \(found.key)\n", context)
            } else {
                tally.asRecorded += 1
                try emit("class \(found.id) as recorded: \(found.key)\n", context)
            }
        }
    }

    /// Replays one class in a child process and relays what it printed.
    private func replayIsolated(_ found: JournalClass, journal: String, context: CommandContext, tally: inout Tally) throws(CommandFailure) {
        switch try IsolatedReplay.run(journal: journal, id: found.id) {
        case .crashed(let signal, let message):
            if found.key.kind == .crash {
                tally.stillFailing += 1
                try emit("class \(found.id) still fails: \(found.key)\n", context)
            } else {
                tally.changed += 1
                try emit("class \(found.id) CHANGED: \(found.key)\n  the case crashes: the replay process died of signal \(signal)"
                         + (message.map { ": \($0)" } ?? "") + "\n", context)
            }
        case .exited(let status, let output):
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let report = lines.filter { !$0.hasPrefix("replayed ") }.map { $0 + "\n" }.joined()
            if status == 0 {
                tally.asRecorded += 1
            } else if report.hasPrefix("class \(found.id) still fails: ") {
                tally.stillFailing += 1
            } else {
                tally.changed += 1
            }
            try emit(report.isEmpty ? "class \(found.id) CHANGED: \(found.key)\n  the replay process ended with status \(status)\n" : report, context)
        }
    }

    /// What differs when a journal class's example runs again, or nil when it is as recorded.
    private func replayProblem(_ found: JournalClass, runner: CaseRunner, header: JournalHeader) -> String? {
        if found.example.stored.needsChoices && !GenerationProfile.isPreset(header.profile) {
            return "not run: the case replays only from its choices, and its profile \"\(header.profile)\" is not a preset"
        }
        let execution: CaseExecution
        do {
            execution = try runner.replay(found.example.stored)
        } catch {
            return "not run: \(error.message)"
        }
        if let failure = execution.setupFailure { return "not run: the mappers cannot be prepared: \(failure)" }
        if found.key.kind == .crash { return "the case no longer crashes; it ran to the end" }
        guard !execution.findings.contains(where: { $0.key == found.key }) else { return nil }
        if let moved = execution.findings.first(where: { $0.key.withoutExplanation == found.key.withoutExplanation }) {
            func expectation(_ id: String?) -> String { id.map { "expected: \($0)" } ?? "unexpected" }
            return "the class was \(expectation(found.key.explanation)), now \(expectation(moved.key.explanation))"
        }
        var now: [String] = []
        for finding in execution.findings where !now.contains(finding.key.description) { now.append(finding.key.description) }
        return "the class no longer occurs" + (now.isEmpty ? "; the case now shows no finding" : "; the case now shows:\n    " + now.joined(separator: "\n    "))
    }

    /// Replays a libFuzzer input of FuzzDifferential: in a child process first, since the
    /// input may be a crash `make fuzz` found; then, when it does not crash, here.
    private func replayFuzzInput(_ path: String, context: CommandContext, tally: inout Tally) throws(CommandFailure) {
        let target = DifferentialFuzzTarget.standard
        let bytes = try context.readInput(path)
        if let crash = try LoadedFinding.probe(StoredCase(record: target.generate(bytes)), runner: target.runner, label: path) {
            tally.stillFailing += 1
            try emit(FuzzInputText.crashed(path, crash), context)
            return
        }
        let replay = FuzzInputText.replay(path, target.execute(bytes))
        if replay.stillFails { tally.stillFailing += 1 } else { tally.changed += 1 }
        try emit(replay.text, context)
    }

    /// Replays a regression file with the mappers it names (the test fixtures included); a file
    /// that pins a crash runs in a child process first.
    private func replayRegression(_ path: String, context: CommandContext, tally: inout Tally) throws(CommandFailure) {
        let replay: RegressionReplay
        let unexpected: [FindingClassKey]
        do {
            let regression = try RegressionCase.load(from: URL(fileURLWithPath: path))
            unexpected = regression.pinned.classes.filter(\.isUnexpected)
            replay = regression.replay(runner: try LoadedFinding.runner(mappers: regression.mappers, profile: regression.profile, source: path))
        } catch let error as RegressionError {
            tally.changed += 1
            try emit("\(path) CHANGED\n  not read: \(error.message)\n", context)
            return
        } catch let failure as CommandFailure {
            tally.changed += 1
            try emit("\(path) CHANGED\n  not run: \(failure.message)\n", context)
            return
        } catch {
            throw CommandFailure(message: "\(path): \(error)")
        }
        let repin = "\(SelfInvocation.command) promote \(ShellWord.quoted(path)) --force"
        if replay.changes.isEmpty && !unexpected.isEmpty {
            tally.stillFailing += 1
            let count = unexpected.count == 1 ? "1 unexpected class" : "\(unexpected.count) unexpected classes"
            try emit("\(path) holds, and still fails: it pins \(count)\n"
                     + unexpected.map { "  unexpected: \(OneLine.escaped($0.description))\n" }.joined(), context)
        } else if replay.changes.isEmpty {
            tally.asRecorded += 1
            var text = "\(path) holds\n"
            if let fixed = replay.fixedCrash {
                text += "  its pinned crash no longer happens (\(OneLine.escaped(fixed.call?.description ?? "outside any mapper call")), \(fixed.ending)); pin what the case gives now: \(repin)\n"
            }
            try emit(text, context)
        } else {
            tally.changed += 1
            var text = "\(path) CHANGED\n" + replay.changes.map { "  \(OneLine.escaped($0.description))\n" }.joined()
            if replay.changes.contains(where: { if case .crashes = $0 { return true } else { return false } }) {
                text += "  once the crash is fixed, pin what the case gives instead: \(repin)\n"
            }
            try emit(text, context)
        }
    }

    private func emit(_ text: String, _ context: CommandContext) throws(CommandFailure) {
        try context.emit(Array(text.utf8))
    }
}
