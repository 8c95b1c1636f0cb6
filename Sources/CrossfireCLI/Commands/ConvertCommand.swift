import FirestoreJSON
import FirestoreModel

/// `crossfire convert`: reads a document in REST or plain JSON and writes its canonical form
/// in either.
struct ConvertCommand: CrossfireCommand {
    /// The two JSON forms of a document.
    enum Form: String, CaseIterable {
        /// The Firestore REST (ProtoJSON) Document.
        case rest
        /// A plain JSON object of the fields.
        case plain
    }

    static let configuration = CommandConfiguration(
        name: "convert",
        abstract: "Convert a document between REST JSON and plain JSON, canonically.",
        discussion: """
            The output is canonical: the same document always gives the same bytes, and converting
            the output again gives it unchanged. Plain JSON holds only the fields: a REST document's
            name, createTime and updateTime are left out. Values plain JSON cannot express
            (timestamps, bytes, references, geopoints, NaN and infinities) are written as their REST
            Value object, e.g. {"timestampValue": "2020-04-23T14:23:53.241Z"}.
            Invalid input ends with exit code 1 and one line naming the file, the JSON location
            and what was expected.
            """,
        options: [
            .choice("--from", of: Form.self, help: "The form of the input.", required: true),
            .choice("--to", of: Form.self, help: "The form of the output.", required: true),
            .flag("--sorted-keys", help: "Sort object keys by UTF-8 bytes instead of keeping their order."),
        ],
        arguments: [ArgumentSpec("FILE", help: "The document to convert; - reads standard input.")]
    )

    let source: Form
    let target: Form
    let sortedKeys: Bool
    let path: String

    init(arguments: ParsedArguments) throws(UsageError) {
        source = try arguments.requiredChoice("--from", as: Form.self)
        target = try arguments.requiredChoice("--to", as: Form.self)
        sortedKeys = arguments.flag("--sorted-keys")
        guard let path = arguments.positionals.first else { throw UsageError(message: "missing argument FILE") }
        self.path = path
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let input = try context.readInput(path)
        let options = JSONWriteOptions(sortedKeys: sortedKeys)
        var output: [UInt8]
        do {
            let document = try read(input)
            switch target {
            case .rest: output = try RESTJSONWriter(options: options).write(document)
            case .plain: output = try PlainJSONWriter(options: options).write(document.fields)
            }
        } catch {
            throw CommandFailure(message: "\(FileDescriptorIO.displayName(of: path)): \(error)")
        }
        output.append(UInt8(ascii: "\n"))
        try context.emit(output)
        return .success
    }

    private func read(_ input: [UInt8]) throws(FirestoreJSONError) -> RESTDocument {
        switch source {
        case .rest: return try RESTJSONReader().readDocument(from: input)
        case .plain: return RESTDocument(fields: try PlainJSONReader().readDocument(from: input))
        }
    }
}
