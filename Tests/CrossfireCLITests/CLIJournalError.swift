/// A journal line that is not a JSON object.
enum CLIJournalError: Error {
    case notAnObject(String)
}
