import Crossfire

/// How the tool tells the classes of a journal: each on one line (`replay --list`, a run's
/// standard error), and which ids a journal has when a command names one it has not.
enum JournalClassList {
    /// `unexpected class 3: TITLE`, or `expected class 3 (ENTRY): TITLE`; the title is the
    /// cause's (`title`), the symptom's words when a journal has no cause.
    static func line(id: Int, key: FindingClassKey, title: String) -> String {
        if let explanation = key.explanation {
            return "expected class \(id) (\(OneLine.escaped(explanation))): \(OneLine.escaped(title))"
        }
        return "unexpected class \(id): \(OneLine.escaped(title))"
    }

    /// How many ids a list of ids not in a row shows before `and N more`.
    static let shownIDs = 5

    /// The ids a journal has and how to list them: `the journal has 12 classes, 1 to 12; list
    /// them with: crossfire replay run/journal.jsonl --list`.
    static func known(in journal: Journal, path: String) -> String {
        let ids = journal.classes.map(\.id)
        guard let first = ids.first, let last = ids.last else { return "the journal has no classes" }
        var text = "the journal has " + (ids.count == 1 ? "1 class, \(first)" : "\(ids.count) classes")
        if ids.count > 1 {
            if ids == Array(first...last) {
                text += ", \(first) to \(last)"
            } else {
                text += ": " + ids.prefix(shownIDs).map(String.init).joined(separator: ", ")
                if ids.count > shownIDs { text += " and \(ids.count - shownIDs) more" }
            }
        }
        return text + "; list \(ids.count == 1 ? "it" : "them") with: \(SelfInvocation.command) replay \(ShellWord.quoted(path)) --list"
    }

    /// The error for class `id`, which the journal at `path` does not have.
    static func unknown(_ id: Int, in journal: Journal, path: String) -> CommandFailure {
        CommandFailure(message: OneLine.escaped("\(path): no class \(id); \(known(in: journal, path: path))"))
    }
}
