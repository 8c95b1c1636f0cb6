import Foundation
import ModelSchema

/// `crossfire gen-swift-index`: prints the Swift file that lists the emitted root struct of
/// each given schema file, so that tests can reach every generated model by file name.
struct GenSwiftIndexCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "gen-swift-index",
        abstract: "Emit the index of the Swift that gen-swift makes of several schema files.",
        discussion: """
            Prints one Swift file declaring package enum GeneratedModelIndex, whose models list
            (schemaFile, Root.self as any EmittedModel.Type) for every schema given, sorted by file
            name, each root in the namespace gen-swift gives it by default (Schema_ and the file
            name without .json). Compile it in the module that holds the files gen-swift made.
            An invalid schema, or two files with the same namespace, ends with exit code 1 and
            one line naming the file and the problem.
            """,
        arguments: [ArgumentSpec("SCHEMA", help: "The schema files (JSON).", count: .oneOrMore)]
    )

    let paths: [String]

    init(arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        if paths.contains(FileDescriptorIO.standardInputPath) {
            throw UsageError(message: "gen-swift-index needs schema files: standard input has no file name")
        }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        var entries: [SwiftEmitter.IndexEntry] = []
        for path in paths {
            let input = try context.readInput(path)
            do {
                let schema = try ModelSchema(json: Data(input)).validated()
                entries.append(SwiftEmitter.IndexEntry(schemaFile: path, root: schema.root))
            } catch {
                throw CommandFailure(message: GenSwiftIndexCommand.oneLine("\(path): \(error)"))
            }
        }
        let source: String
        do {
            source = try SwiftEmitter.modelIndex(entries)
        } catch {
            throw CommandFailure(message: GenSwiftIndexCommand.oneLine("\(error)"))
        }
        try context.emit(Array(source.utf8))
        return .success
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
