// The `crossfire` command line tool. Commands live in Commands/ and are listed in CommandList.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

DeterministicHashing.ensure()
// A closed pipe on standard output must end the tool with an error message, not SIGPIPE.
signal(SIGPIPE, SIG_IGN)
let context = CommandContext(output: .standardOutput, errorOutput: .standardError)
let code = CrossfireTool.run(Array(CommandLine.arguments.dropFirst()), commands: CommandList.all, context: context)
exit(code.rawValue)
