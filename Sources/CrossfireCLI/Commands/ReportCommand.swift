import Crossfire
import CrossfireReports
import Foundation

/// `crossfire report`: turns a run's journal into `report.json` and `report.html`.
struct ReportCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "report",
        abstract: "Write report.json and report.html from a run's journal.",
        discussion: """
            JOURNAL is a run's journal (Reports/<run>/journal.jsonl) or the run's folder holding
            journal.jsonl. The reports go into --out DIR (created when missing), by default the
            journal's folder; each file is written to a temporary file and renamed into place.
            report.json (format version 4, documented in Sources/CrossfireReports/ReportJSON.swift)
            holds the run, how it ended, the totals, every finding class (unexpected ones first)
            with its leaf, every mapper's result there, its example and the command that replays
            it, the coverage grid and the error census. The report is built from the journal
            alone (journal format version 4: every class's example is in it whole) and never runs
            a case, so it builds whatever this Crossfire's mappers, profiles and allowlist are; a
            journal of another format version is refused, naming its line and version.
            report.html shows the same in one
            self-contained page: the grid first, then a card per unexpected class, the expected
            classes, the grid's blind spots and the census. A run that was killed (no summary
            line, perhaps an unfinished last line) is reported with what it wrote, marked as such.
            With --baseline OLD_REPORT.json (an earlier run's report.json) the classes are
            compared by cause (a class's identity, whatever symptom its first example showed):
            new, gone and unchanged, in both files and the summary line,
            and the expected classes whose counts collapsed (at most a quarter of what the
            baseline's rate predicts for this run's cases, where it predicts 8 or more) are
            listed.
            Prints the two paths and a one-line summary. Exit code 0 when no class is
            unexpected, 1 when one is or the journal or baseline cannot be read, 2 on usage
            errors.
            """,
        options: [
            .value("--out", placeholder: "DIR", help: "Write the reports into DIR (default: the journal's folder)."),
            .value("--baseline", placeholder: "OLD_REPORT.json", help: "Compare the classes with an earlier run's report.json: new, gone, unchanged, collapsed."),
        ],
        arguments: [ArgumentSpec("JOURNAL", help: "A run's journal.jsonl, or the run's folder.")]
    )

    let path: String
    let outputDirectory: String?
    let baselinePath: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing argument JOURNAL") }
        guard !path.isEmpty else { throw UsageError(message: "JOURNAL must not be empty") }
        self.path = path
        if let out = arguments.value("--out"), out.isEmpty { throw UsageError(message: "--out must not be empty") }
        outputDirectory = arguments.value("--out")
        if let baseline = arguments.value("--baseline"), baseline.isEmpty { throw UsageError(message: "--baseline must not be empty") }
        baselinePath = arguments.value("--baseline")
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let journalPath = try resolveJournal()
        let journal: Journal
        do {
            journal = try Journal.read(path: journalPath)
        } catch {
            throw CommandFailure(message: OneLine.escaped("\(error)"))
        }
        var report: Report
        do {
            report = try Report(journal: journal, source: journalPath)
        } catch {
            throw CommandFailure(message: OneLine.escaped("\(error)"))
        }
        if let baselinePath {
            do {
                report = report.compared(with: try BaselineReport.read(path: baselinePath))
            } catch {
                throw CommandFailure(message: OneLine.escaped("--baseline \(error)"))
            }
        }
        context.errorOutput.write(SkippedJournalLines.notices(path: journalPath, truncatedLine: journal.truncatedLine,
                                                              damaged: report.status.damagedLines))
        let directory = outputDirectory ?? (journalPath as NSString).deletingLastPathComponent
        let written: ReportFiles.Written
        do {
            written = try ReportFiles.write(report, to: directory.isEmpty ? "." : directory)
        } catch {
            throw CommandFailure(message: OneLine.escaped(error.description))
        }
        try context.emit(Array("\(OneLine.escaped(written.json))\n\(OneLine.escaped(written.html))\n\(report.summaryLine)\n".utf8))
        return report.totals.unexpected == 0 ? .success : .failure
    }

    /// The journal file: `path` itself, or `journal.jsonl` in the folder `path`.
    private func resolveJournal() throws(CommandFailure) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure(message: "\(OneLine.escaped(path)): no such file or folder")
        }
        guard isDirectory.boolValue else { return path }
        let journal = (path as NSString).appendingPathComponent("journal.jsonl")
        guard FileManager.default.fileExists(atPath: journal) else {
            throw CommandFailure(message: "\(OneLine.escaped(path)): the folder holds no journal.jsonl")
        }
        return journal
    }
}
