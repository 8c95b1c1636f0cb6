import Crossfire

/// The `crossfire` tool: picks the command, parses its arguments, runs it, and turns every
/// outcome into an exit code and messages on standard error.
enum CrossfireTool {
    static let name = "crossfire"
    /// The tool's version, the one place it is kept: `crossfire --version` prints it.
    static let version = "0.1.0"
    static let abstract = "Conformance tests and differential fuzzing for mapping Cloud Firestore documents to Swift types."

    /// Runs the tool on `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String], commands: [any CrossfireCommand.Type], context: CommandContext) -> ExitCode {
        guard let first = arguments.first else {
            return usageError(UsageError(message: "missing command"), usage: HelpText.toolUsage, helpHint: "\(name) --help", context: context)
        }
        if first == "--help" || first == "-h" || first == "help" {
            return help(topic: first == "help" ? arguments.dropFirst().first : nil, commands: commands, context: context)
        }
        if first == "--version" || first == "version" {
            guard let extra = arguments.dropFirst().first else { return emitText(versionLine + "\n", context: context) }
            return usageError(UsageError(message: "unexpected argument '\(OneLine.escaped(extra))' after \(first)"), usage: HelpText.toolUsage,
                              helpHint: "\(name) --help", context: context)
        }
        guard let command = commands.first(where: { $0.configuration.name == first }) else {
            let message = first.hasPrefix("-") ? "unknown option \(first)" : "unknown command '\(first)'"
            return usageError(UsageError(message: message), usage: HelpText.toolUsage, helpHint: "\(name) --help", context: context)
        }
        return run(command, Array(arguments.dropFirst()), context: context)
    }

    /// `crossfire 0.1.0`: what `--version` prints.
    static let versionLine = "\(name) \(version)"

    private static func run(_ command: any CrossfireCommand.Type, _ arguments: [String], context: CommandContext) -> ExitCode {
        let configuration = command.configuration
        let prefix = "\(name) \(configuration.name)"
        do {
            let parsed = try ParsedArguments(arguments, for: configuration)
            if parsed.helpRequested {
                return emitText(HelpText.help(for: configuration), context: context)
            }
            let instance = try command.init(arguments: parsed)
            do {
                return try instance.run(context)
            } catch {
                context.errorOutput.write("\(prefix): error: \(error.message)\n")
                return .failure
            }
        } catch {
            return usageError(error, usage: HelpText.usageLine(for: configuration), helpHint: "\(prefix) --help", context: context, prefix: prefix)
        }
    }

    private static func help(topic: String?, commands: [any CrossfireCommand.Type], context: CommandContext) -> ExitCode {
        guard let topic else { return emitText(HelpText.toolHelp(commands: commands), context: context) }
        guard let command = commands.first(where: { $0.configuration.name == topic }) else {
            return usageError(UsageError(message: "unknown command '\(topic)'"), usage: HelpText.toolUsage, helpHint: "\(name) --help", context: context)
        }
        return emitText(HelpText.help(for: command.configuration), context: context)
    }

    /// Writes help or version text to standard output; a failed write is exit 1.
    private static func emitText(_ text: String, context: CommandContext) -> ExitCode {
        if let reason = context.output.write(text) {
            context.errorOutput.write("\(name): error: cannot write to standard output: \(reason)\n")
            return .failure
        }
        return .success
    }

    /// One line with the problem, then the usage and where to find help; exit code 2.
    private static func usageError(_ error: UsageError, usage: String, helpHint: String, context: CommandContext, prefix: String = name) -> ExitCode {
        context.errorOutput.write("\(prefix): error: \(error.message)\n\(usage)\nRun '\(helpHint)' for help.\n")
        return .usage
    }
}
