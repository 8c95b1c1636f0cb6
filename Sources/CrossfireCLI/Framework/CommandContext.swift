import Crossfire

/// What a running command may use: its output streams and its inputs.
struct CommandContext {
    /// Results.
    let output: FileDescriptorOutput
    /// Progress and diagnostics.
    let errorOutput: FileDescriptorOutput

    /// The content of an input file (`-` is standard input).
    func readInput(_ path: String) throws(CommandFailure) -> [UInt8] {
        try FileDescriptorIO.readAll(path).get()
    }

    /// Writes results to the output; a failed write (a closed pipe) is a `CommandFailure`.
    func emit(_ bytes: [UInt8]) throws(CommandFailure) {
        if let reason = output.write(bytes) {
            throw CommandFailure(message: "cannot write to standard output: \(reason)")
        }
    }
}
