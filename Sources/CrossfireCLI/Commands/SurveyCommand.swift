import Crossfire
import CrossfireReports
import Foundation
import ModelSchema

/// `crossfire survey`: what an app's collection listener silently drops from real documents.
struct SurveyCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "survey",
        abstract: "Count the documents an app's compactMap { try? $0.data(as: T.self) } drops silently, by cause.",
        discussion: """
            Reads real documents, decodes each as the schema's root struct with the Codable
            mapper, as an app's query listener does (seed 003, a Card repository's collection
            listener, maps them with compactMap { try? $0.data(as: Card.self) }), and reports the
            ones that fail and so vanish, grouped by cause: the error kind, the field with array
            indexes and dictionary keys generalised (tags[].color), the type expected and what the
            documents held. Each cause names its documents and shows one with the field that
            broke it and the Codable error; it also says what the hand-written mappers do with
            the same documents (strict: rejects or accepts; lenient: the defaults it puts in).
            A DOCUMENTS argument is a file, a folder (its files, by name; hidden ones left out) or
            - for standard input. A file is read by its start: a decimal digit begins a Firestore
            bundle (deleted documents are counted, not surveyed), [ a runQuery response (items
            without a document are skipped); an object is a documents:list response when it has
            documents or nextPageToken (or nothing: an empty list), a DocumentEventData payload
            (Cloud Functions) when it has value, oldValue or updateMask (value is surveyed,
            oldValue is not), and a REST Document otherwise. Every document needs its name.
            An input that cannot be read, or a document in it, is one line on standard error
            naming the file and the JSON location; the others are still surveyed.
            With --emulator the documents are a collection of a Firestore emulator instead:
            --collection PATH (cards, users/u1/cards) listed through its REST API, every page,
            read as a documents:list response is, one input. --emulator HOST:PORT names the
            emulator, else FIRESTORE_EMULATOR_HOST does, else one is started for the survey
            (an empty one) and stopped at its end; --project ID (else GCLOUD_PROJECT) names the
            collection's project. An empty collection is an empty survey, said on standard
            error; an emulator that does not answer within 30 s is one line, exit 1.
            The report goes into --out DIR (created when missing; default a new folder
            Reports/survey-<UTC time>/): survey.json (format version 1, documented in
            Sources/CrossfireReports/Survey/SurveyJSON.swift; sorted keys, the same bytes for the
            same inputs) and survey.html (one self-contained page). Standard output gets the
            summary, one line per cause, and the two paths.
            Exit codes: 0 when no document is dropped and every input was read, 1 when a
            document is dropped or something could not be read (or the schema is invalid),
            2 on usage errors.
            """,
        options: [
            .value("--schema", placeholder: "SCHEMA.json", help: "The model schema the documents are decoded as (Corpus/schemas/README.md).", required: true),
            .value("--out", placeholder: "DIR", help: "Write survey.json and survey.html into DIR (default: a new folder Reports/survey-<UTC time>)."),
            .optionalValue("--emulator", placeholder: "HOST:PORT", help: "Survey a collection of the Firestore emulator at HOST:PORT (default FIRESTORE_EMULATOR_HOST, else one started for the survey) in place of DOCUMENTS."),
            .value("--collection", placeholder: "PATH", help: "With --emulator: the collection to survey (cards, users/u1/cards)."),
            .value("--project", placeholder: "ID", help: "With --emulator: the collection's project (default GCLOUD_PROJECT)."),
        ],
        arguments: [ArgumentSpec("DOCUMENTS", help: "Files or folders of documents; - reads standard input.", count: .zeroOrMore)]
    )

    let schemaPath: String
    let outputDirectory: String?
    let paths: [String]
    /// The emulator's collection surveyed in place of files (`--emulator`), or nil.
    let collection: EmulatorCollection?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let schemaPath = arguments.value("--schema"), !schemaPath.isEmpty else { throw UsageError(message: "--schema must not be empty") }
        self.schemaPath = schemaPath
        if let out = arguments.value("--out"), out.isEmpty { throw UsageError(message: "--out must not be empty") }
        outputDirectory = arguments.value("--out")
        paths = arguments.positionals
        collection = try EmulatorCollection(arguments, environment: ProcessInfo.processInfo.environment)
        switch (collection, paths.isEmpty) {
        case (nil, true): throw UsageError(message: "missing argument DOCUMENTS (or --emulator and --collection)")
        case (_?, false): throw UsageError(message: "--emulator surveys a collection in place of DOCUMENTS: give one or the other")
        default: break
        }
        guard !paths.contains("") else { throw UsageError(message: "DOCUMENTS must not be empty") }
        let standardInputs = (paths + [schemaPath]).filter { $0 == FileDescriptorIO.standardInputPath }.count
        guard standardInputs <= 1 else { throw UsageError(message: "standard input (-) can be read once, by --schema or by DOCUMENTS") }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let survey = try loadSurvey(context)
        let report: SurveyReport
        if let collection {
            report = try collection.surveyed { survey.run([$0]) }
            if report.documents == 0, report.unreadable.isEmpty, let input = report.inputs.first {
                context.errorOutput.write("\(CrossfireTool.name) survey: \(OneLine.escaped(input.name)) holds no documents "
                                          + "(Firestore keeps no empty collection: is the path or the project another?)\n")
            }
        } else {
            report = survey.run(SurveyInputFiles.inputs(paths, context: context))
        }
        for unreadable in report.unreadable {
            context.errorOutput.write("\(CrossfireTool.name) survey: error: \(OneLine.escaped(unreadable.description))\n")
        }
        if report.unreadableInputs > 0 {
            context.errorOutput.write("\(CrossfireTool.name) survey: \(report.unreadableInputs) of \(report.inputs.count) inputs could not be read; "
                                      + "the others were surveyed\n")
        }
        let written: ReportFiles.Written
        do {
            written = try SurveyReportFiles.write(report, to: outputDirectory ?? OutputFolder.fresh(prefix: "survey-"))
        } catch {
            throw CommandFailure(message: OneLine.escaped(error.description))
        }
        let lines = report.summaryLines.map(OneLine.escaped) + [OneLine.escaped(written.json), OneLine.escaped(written.html)]
        try context.emit(Array((lines.joined(separator: "\n") + "\n").utf8))
        return report.dropped == 0 && report.unreadable.isEmpty ? .success : .failure
    }

    /// The survey for the schema file; a schema that cannot be read or compiled is a failure
    /// naming the file.
    private func loadSurvey(_ context: CommandContext) throws(CommandFailure) -> CollectionSurvey {
        let bytes = try context.readInput(schemaPath)
        do {
            return try CollectionSurvey(schema: try ModelSchema(json: Data(bytes)))
        } catch {
            throw CommandFailure(message: OneLine.escaped("\(FileDescriptorIO.displayName(of: schemaPath)): \(error)"))
        }
    }
}
