/// The help and usage texts of the tool and its commands.
enum HelpText {
    /// `usage: crossfire convert --from rest|plain ... FILE`.
    static func usageLine(for configuration: CommandConfiguration) -> String {
        "usage: \(CrossfireTool.name) \(configuration.usage)"
    }

    /// The full help of a command: usage, abstract, arguments, options, discussion.
    static func help(for configuration: CommandConfiguration) -> String {
        var text = usageLine(for: configuration) + "\n\n" + configuration.abstract + "\n"
        if !configuration.arguments.isEmpty {
            text += "\narguments:\n" + table(configuration.arguments.map { ($0.name, $0.help) })
        }
        let options = configuration.options.filter { !$0.isHidden }.map { ($0.synopsis, $0.help + ($0.isRequired ? " (required)" : "")) }
            + [("-h, --help", "Show this help.")]
        text += "\noptions:\n" + table(options)
        if !configuration.discussion.isEmpty {
            text += "\n" + configuration.discussion + "\n"
        }
        return text
    }

    /// The help of the tool: usage, abstract, the commands, exit codes.
    static func toolHelp(commands: [any CrossfireCommand.Type]) -> String {
        var text = toolUsage + "\n\n" + CrossfireTool.abstract + "\n\ncommands:\n"
        text += table(commands.map { ($0.configuration.name, $0.configuration.abstract) } + [
            ("help [COMMAND]", "Show help for the tool or a command."),
            ("version, --version", "Print the version: \(CrossfireTool.versionLine)."),
        ])
        text += "\nexit codes: 0 fine, 1 findings or invalid input, 2 usage error; a run stopped by\n"
        text += "SIGINT (Ctrl-C) 130, by SIGTERM 143, after writing its journal and summary.\n"
        text += "Run '\(CrossfireTool.name) COMMAND --help' for a command's options.\n"
        return text
    }

    /// `usage: crossfire COMMAND [OPTIONS] [ARGUMENTS]`.
    static let toolUsage = "usage: \(CrossfireTool.name) COMMAND [OPTIONS] [ARGUMENTS]"

    /// Two aligned columns, indented by two spaces.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = min(rows.map(\.0.count).max() ?? 0, 28)
        return rows.map { left, right in
            let padding = String(repeating: " ", count: max(width - left.count, 0) + 2)
            return "  " + left + padding + right + "\n"
        }.joined()
    }
}
