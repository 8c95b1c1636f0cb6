import Crossfire
import FirestoreJSON
import FirestoreModel
import Foundation

/// What a file named to `replay`, `shrink` or `promote` records, told by its content (and, for
/// a regression file or a libFuzzer artifact, its name):
///
/// - a **journal**: its first line is a JSON object with a `journal` member;
/// - a **regression file**: a name ending in `.json`, and a JSON object with a
///   `crossfireRegression` member;
/// - a **FuzzDifferential input**: any other file whose bytes are not text (a choice sequence's
///   bytes), or whose name is a libFuzzer artifact's (`crash-…`, `timeout-…`, …) whatever it holds.
///
/// Anything else — an empty file, a text file, a `.json` file of another kind — is an error
/// that says what the file is and what was expected.
enum RecordedFile {
    /// A run's journal.
    case journal
    /// A regression file of `Corpus/regressions/`.
    case regression
    /// A libFuzzer input of `FuzzDifferential`.
    case fuzzInput

    /// The name prefixes libFuzzer gives the inputs it saves.
    static let artifactPrefixes = ["crash-", "timeout-", "oom-", "leak-", "slow-unit-", "minimized-from-"]

    /// The three kinds, for errors.
    static let expectation = "not a journal (its first line a JSON object with \"journal\"), a regression file "
        + "(a .json file with \"crossfireRegression\") or a FuzzDifferential input (bytes that are not text, "
        + "or a libFuzzer artifact named crash-…, timeout-…)"

    /// Reads JSON as the journal and regression readers do.
    private static let reader = PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling))

    /// Reads the file at `path` and tells what it records.
    static func classify(_ path: String) throws(CommandFailure) -> RecordedFile {
        let bytes = try FileDescriptorIO.readAll(path).get()
        let firstLine = try? reader.readValue(from: Array(bytes.prefix { $0 != 0x0A }))
        if case .map(let first)? = firstLine, first["journal"] != nil { return .journal }
        let whole = try? reader.readValue(from: bytes)
        let name = (path as NSString).lastPathComponent
        if name.hasSuffix(".json") {
            if case .map(let root)? = whole, root["crossfireRegression"] != nil { return .regression }
        } else if artifactPrefixes.contains(where: name.hasPrefix) || !isText(bytes) {
            return .fuzzInput
        }
        let what: String
        switch (whole, firstLine) {
        case (.map?, _): what = "a JSON object"
        case (_?, _): what = "JSON that is not an object"
        case (nil, .map?): what = "JSON lines whose first line has no \"journal\""
        case (nil, _): what = bytes.isEmpty ? "an empty file" : isText(bytes) ? "a text file" : "neither JSON nor text"
        }
        throw CommandFailure(message: "\(OneLine.escaped(path)): \(what), \(expectation)")
    }

    /// Whether the bytes are UTF-8 text: no control characters but tab, line feed and carriage return.
    private static func isText(_ bytes: [UInt8]) -> Bool {
        guard let text = String(validating: bytes, as: UTF8.self) else { return false }
        return text.unicodeScalars.allSatisfy { ($0.value >= 0x20 && $0.value != 0x7F) || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
