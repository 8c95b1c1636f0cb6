/// Why an isolated run could not go on: a worker could not be started, followed or waited
/// for, it broke the protocol, or a crash could not be recorded. One line.
package struct IsolationFailure: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    package let message: String

    /// A failure saying `message`.
    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}
