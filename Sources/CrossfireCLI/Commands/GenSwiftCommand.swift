import Foundation
import ModelSchema

/// `crossfire gen-swift`: reads a model schema in its JSON form and prints the Swift file
/// `SwiftEmitter` makes of it.
struct GenSwiftCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "gen-swift",
        abstract: "Emit the Swift types of a model schema with their hand-written dictionary mappers.",
        discussion: """
            Prints one Swift file: the schema's enums and structs as a developer writes them
            (synthesized Codable, CodingKeys where keys are renamed or left out, @DocumentID,
            @ServerTimestamp, @ExplicitNull), each struct's hand-written mapper
            init?(reference:data:) and dictionary, and conversions to and from ModelValue. The
            types are nested in an enum, the namespace, so that many schemas can share a module.
            The schema format is described in Corpus/schemas/README.md. An invalid schema ends
            with exit code 1 and one line naming the file, the schema location and the problem.
            """,
        options: [
            .value(
                "--namespace", placeholder: "NAME",
                help: "The enum that holds the types; by default Schema_ and the file name without .json (Schema_stdin for -)."
            ),
        ],
        arguments: [ArgumentSpec("SCHEMA", help: "The schema file (JSON); - reads standard input.")]
    )

    let path: String
    let namespace: String

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing argument SCHEMA") }
        self.path = path
        namespace = arguments.value("--namespace")
            ?? SwiftEmitter.namespace(forSchemaFile: path == FileDescriptorIO.standardInputPath ? "stdin" : path)
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let input = try context.readInput(path)
        let source: String
        do {
            source = try SwiftEmitter(namespace: namespace).emit(try ModelSchema(json: Data(input)))
        } catch {
            let line = "\(FileDescriptorIO.displayName(of: path)): \(error)"
            throw CommandFailure(message: String(line.map { $0.isNewline ? " " : $0 }))
        }
        try context.emit(Array(source.utf8))
        return .success
    }
}
