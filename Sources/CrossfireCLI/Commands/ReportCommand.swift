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
            report.json (format version 1, documented in Sources/CrossfireReports/ReportJSON.swift)
            holds the run, how it ended, the totals, every finding (unexpected ones first) with
            its coding path, every mapper's outcome, its case (minimized when shrunk) and the
            command that replays it, and the error census. report.html shows the same in one
            self-contained page. A run that was killed (no summary line, perhaps an unfinished
            last line) is reported with what it wrote, marked as such.
            Prints the two paths and a one-line summary. Exit code 0 when no finding is
            unexpected, 1 when one is or the journal cannot be read, 2 on usage errors.
            """,
        options: [
            .value("--out", placeholder: "DIR", help: "Write the reports into DIR (default: the journal's folder)."),
        ],
        arguments: [ArgumentSpec("JOURNAL", help: "A run's journal.jsonl, or the run's folder.")]
    )

    let path: String
    let outputDirectory: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing argument JOURNAL") }
        guard !path.isEmpty else { throw UsageError(message: "JOURNAL must not be empty") }
        self.path = path
        if let out = arguments.value("--out"), out.isEmpty { throw UsageError(message: "--out must not be empty") }
        outputDirectory = arguments.value("--out")
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let journalPath = try resolveJournal()
        let journal: Journal
        let report: Report
        do {
            journal = try Journal.read(path: journalPath)
            report = try Report(journal: journal, source: journalPath)
        } catch {
            throw CommandFailure(message: OneLine.escaped("\(error)"))
        }
        if let line = journal.truncatedLine {
            context.errorOutput.write("\(OneLine.escaped(journalPath)):\(line): an unfinished last line (a run killed while writing it) was skipped\n")
        }
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
