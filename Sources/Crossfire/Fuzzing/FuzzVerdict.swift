import Foundation

/// What a fuzz target's check made of one input: nothing wrong, or a failure with a report
/// for people. A libFuzzer entry point prints the report and aborts on `fail`, so that
/// libFuzzer saves the input as a `crash-*` file.
public enum FuzzVerdict: Hashable, Sendable {
    /// The input shows nothing wrong (bad input that got a clear error is nothing wrong).
    case pass
    /// The input shows a failure; the report says which, where, and how to reproduce it.
    case fail(report: String)

    /// The report of a failure, or nil for `pass`.
    public var report: String? {
        guard case .fail(let report) = self else { return nil }
        return report
    }

    /// Writes a report to standard error, ending it with a newline.
    public static func writeToStandardError(_ report: String) {
        FileHandle.standardError.write(Data((report.hasSuffix("\n") ? report : report + "\n").utf8))
    }

    /// The text with its line breaks and other control characters escaped and cut to `limit`
    /// characters, so that a value's rendering stays on one line of a report.
    static func oneLine(_ text: String, limit: Int = 400) -> String {
        var line = ""
        for scalar in text.unicodeScalars {
            if line.unicodeScalars.count >= limit {
                line += "…"
                break
            }
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                line += "\\u{\(String(scalar.value, radix: 16))}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}
