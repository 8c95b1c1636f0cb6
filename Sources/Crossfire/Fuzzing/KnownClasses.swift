import Foundation

/// The finding classes a fuzzing session already saved an artifact for: `FuzzDifferential`
/// fails an input only for a class not among them, so that one bug gives one artifact.
///
/// `scripts/fuzz.sh` keeps them in a file, one canonical cause per line
/// (`CauseKey.canonical`), names it in `CROSSFIRE_FUZZ_KNOWN_CLASSES`, and after each
/// failure adds the failing input's classes and starts libFuzzer again, until its time is up.
public enum KnownClasses {
    /// The environment variable that names the file.
    package static let environmentVariable = "CROSSFIRE_FUZZ_KNOWN_CLASSES"

    /// The canonical causes in the file the environment names; none when it names no file or the
    /// file cannot be read (a fresh session).
    public static let fromEnvironment: Set<String> = {
        guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty,
              let data = FileManager.default.contents(atPath: path) else { return [] }
        return parse(String(decoding: data, as: UTF8.self))
    }()

    /// The canonical causes of a file's text: its non-empty lines, without surrounding spaces.
    package static func parse(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
