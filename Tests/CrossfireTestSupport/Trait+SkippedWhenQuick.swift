import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Skips the suite when the environment has `CROSSFIRE_SKIP_SLOW=1`
    /// (`CROSSFIRE_SKIP_SLOW=1 swift test`, for a quick run while working); goes with `.tags(.slow)`.
    package static var skippedWhenQuick: Self {
        .disabled(if: ProcessInfo.processInfo.environment["CROSSFIRE_SKIP_SLOW"] == "1", "CROSSFIRE_SKIP_SLOW=1 skips the slow suites")
    }
}
