import Crossfire
import Foundation

/// `crossfire shrink`: makes a finding class's case smaller while the class keeps occurring.
struct ShrinkCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "shrink",
        abstract: "Shrink a finding class's case while the class keeps occurring, and print it.",
        discussion: """
            FINDING is JOURNAL#ID (class ID of a journal, e.g. Reports/run/journal.jsonl#3: the case
            of its example; `crossfire replay JOURNAL --list` lists the ids), a regression file (a
            .json file with "crossfireRegression") or a libFuzzer input of FuzzDifferential (bytes
            that are not text, or a file named crash-…: the class of its first unexpected
            finding); any other file is an error that says what it is. Expected
            classes are not shrunk during a run; this shrinks any class on request, as a run
            shrinks a new unexpected one. The case is shrunk by its choices when it has them
            (regenerating each candidate with the recorded profile), then by tree passes: drop the
            direction the class does not need (document or model value), drop struct fields, put a
            nested struct's field in its place, drop unused types and enum cases, delete and
            simplify parts of the document and of the model value (shorter strings, integers
            lowered toward the rule's boundary), give fields and dictionary entries short names.
            Every candidate runs with the recorded mappers and is kept when a finding of the class
            still occurs; at most \(FindingShrinker.defaultMaxAttempts) candidates, --time being a backstop. Prints how far it got,
            the attempts it ran and why it stopped (no smaller candidate, or a budget spent), then
            the shrunk case: the schema JSON, the reference, the document as REST JSON and the
            model value. With --out, also writes the shrunk case with its pinned outcome as a
            regression file (see Corpus/regressions/README.md).
            Exit code 0 when the case was shrunk (or was already minimal), 1 when the class cannot
            be loaded or no longer occurs, 2 on usage errors.
            """,
        options: [
            .value("--time", placeholder: "SECONDS", help: "The time limit (default 30)."),
            .value("--out", placeholder: "FILE", help: "Write the shrunk case as a regression file."),
        ],
        arguments: [ArgumentSpec("FINDING", help: "JOURNAL#ID, a regression file, or a libFuzzer input.")]
    )

    let finding: FindingArgument
    let timeLimit: Duration
    let output: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.positionals.first else { throw UsageError(message: "missing argument FINDING") }
        finding = try FindingArgument(text)
        timeLimit = try OptionValue.seconds(arguments, "--time") ?? .seconds(30)
        output = arguments.value("--out")
        if let output, !output.hasSuffix(".json") { throw UsageError(message: "--out needs a file name ending in .json") }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let loaded = try LoadedFinding.load(finding)
        let result = try loaded.shrink(timeLimit: timeLimit)
        var text = "class: \(loaded.key)\n" + ShrinkReport.progress(result) + ShrinkReport.caseText(result.finding.testCase)
        if let output {
            let url = URL(fileURLWithPath: output)
            let regression = try loaded.pin(result.finding, name: url.deletingPathExtension().lastPathComponent,
                                            shrink: RegressionShrink(choices: result.choices, tree: result.tree))
            do {
                try regression.write(to: url)
            } catch {
                throw CommandFailure(message: error.description)
            }
            text += "wrote \(output)\n"
        }
        try context.emit(Array(text.utf8))
        return .success
    }
}
