import Crossfire
import Foundation

/// How a command that `crossfire` prints for people to run (a reproduce line, a report
/// command) names `crossfire` itself, so that it runs as printed: `crossfire` when that name on
/// the `PATH` is this very binary, else this binary's path (links resolved) — relative to the
/// current folder when it lies below it (`.build/x86_64-unknown-linux-gnu/release/crossfire`,
/// or `./crossfire` in its own folder: a word without a slash would be looked up on the
/// `PATH`), absolute otherwise.
enum SelfInvocation {
    /// The word that runs this binary, quoted for a POSIX shell where needed.
    static let command: String = {
        guard let binary = resolved("/proc/self/exe") else { return CrossfireTool.name }
        if let onPath = pathLookup(CrossfireTool.name), resolved(onPath) == binary { return CrossfireTool.name }
        let folder = FileManager.default.currentDirectoryPath
        if let here = resolved(folder), binary.hasPrefix(here + "/") {
            let relative = String(binary.dropFirst(here.count + 1))
            return ShellWord.quoted(relative.contains("/") ? relative : "./" + relative)
        }
        return ShellWord.quoted(binary)
    }()

    /// The canonical path of a file (links resolved), or nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The first executable `name` in the folders of `PATH`.
    private static func pathLookup(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0 as NSString).appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
