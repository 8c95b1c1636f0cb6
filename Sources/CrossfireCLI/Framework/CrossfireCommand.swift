/// A `crossfire` subcommand. To add one: write a type conforming to this protocol in its own
/// file under `Commands/`, and add it to `CommandList.all`.
protocol CrossfireCommand: Sendable {
    /// The name, abstract, options and arguments.
    static var configuration: CommandConfiguration { get }

    /// Creates the command from its parsed command line. The parser has already checked
    /// unknown options, required options, choice values and argument counts; anything else
    /// the command finds wrong is a `UsageError`.
    init(arguments: ParsedArguments) throws(UsageError)

    /// Does the work: results to `context.output`, progress to `context.errorOutput`.
    /// Returns `.success` or `.failure` (e.g. findings); a `CommandFailure` ends with exit 1.
    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode
}
