/// The `FINDING` argument of `shrink` and `promote`: a class of a journal, `JOURNAL#ID`,
/// or a file — a regression file or a libFuzzer input of `FuzzDifferential`, told apart by
/// `RecordedFile` when it is loaded.
enum FindingArgument {
    /// Class `id` of the journal at `path`.
    case journal(path: String, id: Int)
    /// The regression file or libFuzzer input at `path`.
    case file(path: String)

    /// Parses the argument: text ending in `#` and a positive number names a journal's
    /// class; any other text without `#` a file.
    init(_ text: String) throws(UsageError) {
        guard let hash = text.lastIndex(of: "#") else {
            self = .file(path: text)
            return
        }
        let path = String(text[..<hash])
        let idText = text[text.index(after: hash)...]
        guard !path.isEmpty, let id = Int(idText), id >= 1 else {
            throw UsageError(message: "invalid FINDING '\(text)' (expected JOURNAL#ID with a class number from 1, a regression file, or a libFuzzer input)")
        }
        self = .journal(path: path, id: id)
    }

    /// How the finding is named in output: `run/journal.jsonl#3` or the file's path.
    var label: String {
        switch self {
        case .journal(let path, let id): return "\(path)#\(id)"
        case .file(let path): return path
        }
    }
}
