import Crossfire

/// The check the regression suite (`RegressionSuiteTests`) makes of each file, and the message
/// it fails with: shared with the tests that plant a bug, promote it and show the suite's
/// verdict before and after the bug is gone.
enum RegressionSuiteCheck {
    /// Why `regression` fails the suite when replayed with `runner` (by default the built-in
    /// mappers it names), or nil when it holds. A file that pins a crash replays in a child
    /// process first, so a case that still crashes fails here instead of ending the test run.
    static func failure(of regression: RegressionCase, file: String, runner: CaseRunner? = nil) -> String? {
        let replay = runner.map(regression.replay(runner:)) ?? regression.replay()
        guard !replay.changes.isEmpty else { return nil }
        var message = "\(file) changed: \(replay.changes.map(\.description).joined(separator: "; "))"
        if replay.changes.contains(where: { if case .crashes = $0 { return true } else { return false } }) {
            message += "; once the crash is fixed, pin what the case gives instead: crossfire promote Corpus/regressions/\(file) --force"
        }
        return message
    }
}
