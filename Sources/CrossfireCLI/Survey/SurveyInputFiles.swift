import Crossfire
import Foundation

/// The inputs `crossfire survey` names: a file as it is (`-` is standard input), a folder as
/// the files directly inside it, by name, hidden ones left out. An input that cannot be read
/// is kept, with the reason, so that the survey counts it and goes on.
enum SurveyInputFiles {
    /// The inputs for the command line's paths, in order.
    static func inputs(_ paths: [String], context: CommandContext) -> [SurveyInput] {
        paths.flatMap { path -> [SurveyInput] in
            guard path != FileDescriptorIO.standardInputPath, isFolder(path) else { return [read(path, context: context)] }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                return [SurveyInput(name: path, unreadable: "cannot list the folder")]
            }
            let files = names.filter { !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { (path as NSString).appendingPathComponent($0) }
                .filter { !isFolder($0) }
            guard !files.isEmpty else { return [SurveyInput(name: path, unreadable: "the folder holds no files")] }
            return files.map { read($0, context: context) }
        }
    }

    private static func read(_ path: String, context: CommandContext) -> SurveyInput {
        let name = FileDescriptorIO.displayName(of: path)
        do {
            return SurveyInput(name: name, bytes: try context.readInput(path))
        } catch {
            let prefix = name + ": "
            let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            return SurveyInput(name: name, unreadable: reason)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
