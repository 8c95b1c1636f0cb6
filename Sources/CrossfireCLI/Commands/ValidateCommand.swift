import Crossfire
import FirestoreJSON
import FirestoreModel

/// `crossfire validate`: reads documents in REST or plain JSON and checks them against
/// Firestore's limits, naming each violation's field path.
struct ValidateCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "validate",
        abstract: "Check documents (REST or plain JSON) against Firestore's limits, naming each violation's path.",
        discussion: """
            Each violation is one line on standard output: FILE: PATH: MESSAGE, the path written
            as tags[2].color ((root) for the document's size). A file that cannot be read or is
            not a document gets one line on standard error naming the file, the JSON location
            and what was expected; the other files are still checked.
            The limits (defaults are Cloud Firestore's): documents of at most 1,048,576 bytes by
            the storage-size formula (a REST document's name counts), maps and arrays nested at
            most 20 deep, no array directly inside an array, field names non-empty, at most
            1,500 bytes and not of the form __x__, field paths (the map keys from the top-level
            field down, joined by '.'; array positions add nothing) of at most 1,500 bytes,
            strings and bytes of at most 1,048,487 bytes,
            timestamps from year 1 to 9999, geopoints within range. A string longer than a whole
            document is refused while reading.
            --format auto (the default) decides per file, from the top level of the JSON: an
            object whose members are all among name, fields, createTime and updateTime, with
            fields an object or name a string starting with projects/, is a REST Document; an
            object whose every member is an object with exactly one member named by a Value
            type (nullValue, booleanValue, integerValue, doubleValue, timestampValue,
            stringValue, bytesValue, referenceValue, geoPointValue, arrayValue, mapValue) is the
            fields of a REST document; anything else is plain JSON. auto reads JSON nested at
            most 256 levels deep (a REST document deeper than that is still read as REST when
            it is one); --format rest takes REST Documents only. In plain JSON an object of
            exactly the vector shape, {"__type__": "__vector__", "value": [reals]} (what convert
            --to plain writes for a vector), is a vector, as in REST; any other __x__ name is
            reserved.
            Exit codes: 0 when every document is valid, 1 when any is not or cannot be read,
            2 on usage errors.
            """,
        options: [
            .choice("--format", of: DocumentForm.self, help: "The form of the inputs (default auto)."),
            .value("--max-depth", placeholder: "N", help: "The deepest nesting of maps and arrays allowed (default 20)."),
            .value("--max-document-bytes", placeholder: "N", help: "The largest document by the storage-size formula (default 1048576)."),
            .value("--max-field-name-bytes", placeholder: "N", help: "The longest field name in UTF-8 bytes (default 1500)."),
            .value("--max-field-path-bytes", placeholder: "N", help: "The longest field path (keys joined by '.') in UTF-8 bytes (default 1500)."),
            .value("--max-value-bytes", placeholder: "N", help: "The longest string or bytes value (default 1048487)."),
            .flag("--allow-nested-arrays", help: "Allow an array directly inside an array (Enterprise edition)."),
        ],
        arguments: [ArgumentSpec("FILE", help: "A document to check; - reads standard input.", count: .oneOrMore)]
    )

    let form: DocumentForm
    let limits: FirestoreLimits
    let paths: [String]

    init(arguments: ParsedArguments) throws(UsageError) {
        form = try arguments.choice("--format", as: DocumentForm.self) ?? .auto
        var limits = FirestoreLimits.firestore
        limits.maxDepth = try OptionValue.wholeNumber(arguments, "--max-depth", atLeast: 0) ?? limits.maxDepth
        limits.maxDocumentBytes = try OptionValue.wholeNumber(arguments, "--max-document-bytes", atLeast: 0) ?? limits.maxDocumentBytes
        limits.maxFieldNameBytes = try OptionValue.wholeNumber(arguments, "--max-field-name-bytes", atLeast: 0) ?? limits.maxFieldNameBytes
        limits.maxFieldPathBytes = try OptionValue.wholeNumber(arguments, "--max-field-path-bytes", atLeast: 0) ?? limits.maxFieldPathBytes
        limits.maxValueBytes = try OptionValue.wholeNumber(arguments, "--max-value-bytes", atLeast: 0) ?? limits.maxValueBytes
        limits.allowsArraysInArrays = arguments.flag("--allow-nested-arrays")
        self.limits = limits
        paths = arguments.positionals
    }

    /// The reader's limits: deep enough that validation sees every nesting beyond the limit,
    /// and no string longer than a whole document.
    var readOptions: JSONReadOptions {
        JSONReadOptions(maximumStringBytes: max(limits.maxDocumentBytes, limits.maxValueBytes, limits.maxFieldNameBytes),
                        maximumDepth: max(JSONReadOptions.default.maximumDepth, limits.maxDepth + 1))
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let reader = DocumentInputReader(options: readOptions)
        let validator = DocumentValidator(limits: limits)
        var allValid = true
        for path in paths {
            let name = OneLine.escaped(FileDescriptorIO.displayName(of: path))
            let document: InputDocument
            do {
                document = try reader.read(try context.readInput(path), form: form)
            } catch let failure as CommandFailure {
                allValid = false
                context.errorOutput.write("\(CrossfireTool.name) validate: error: \(OneLine.escaped(failure.message))\n")
                continue
            } catch {
                allValid = false
                context.errorOutput.write("\(CrossfireTool.name) validate: error: \(name): \(OneLine.escaped("\(error)"))\n")
                continue
            }
            let violations = validator.violations(in: document.fields, documentPath: document.documentPath)
            if !violations.isEmpty { allValid = false }
            var lines = ""
            for violation in violations {
                lines += "\(name): \(OneLine.escaped(violation.path.description)): \(OneLine.escaped(violation.message))\n"
            }
            try context.emit(Array(lines.utf8))
        }
        return allValid ? .success : .failure
    }
}
