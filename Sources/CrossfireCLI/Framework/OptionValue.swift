import Crossfire

/// The option values several commands take — counts, limits and seconds — each read, bounded and
/// worded in this one place, so that `--time` means the same in `run`, `shrink` and `promote`.
enum OptionValue {
    /// The most seconds a time option takes: about 31 years, far beyond any run, and small
    /// enough that every duration built from it is exact to the millisecond.
    static let maximumSeconds = 1_000_000_000

    /// The option's whole number, at least `minimum` (1 for a count, 0 for a limit that may be
    /// zero), or nil when the option is absent.
    static func wholeNumber(_ arguments: ParsedArguments, _ name: String, atLeast minimum: Int = 1) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw UsageError(message: "invalid value '\(OneLine.escaped(text))' for \(name) (expected a whole number of \(minimum) or more)")
        }
        return value
    }

    /// The option's seconds, above 0 and at most `maximumSeconds`, or nil when the option is absent.
    static func seconds(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Duration? {
        guard let text = arguments.value(name) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= Double(maximumSeconds) else {
            throw UsageError(message: "invalid value '\(OneLine.escaped(text))' for \(name) (expected a number of seconds above 0 and at most \(maximumSeconds))")
        }
        return .seconds(seconds)
    }
}
