/// Words of a shell command line.
package enum ShellWord {
    /// The word as a POSIX shell reads it back: as it is when it holds only characters no
    /// shell treats specially, else in single quotes (a `'` inside written `'\''`).
    package static func quoted(_ word: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
