import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `DIR/worker.log`, where every worker's standard error is appended; after a crash the
/// parent reads what the dead worker wrote there (a trap's `Fatal error: …` line).
struct WorkerLog {
    /// The log's path.
    let path: String
    /// The most characters of the log a crash finding quotes.
    static let excerptLength = 300

    /// The log's current size: where the next worker's output will begin.
    func size() -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The line that best says why a worker died, from what it wrote after `offset`: its
    /// `Fatal error` line, else its last non-empty line; nil when it wrote nothing.
    func excerpt(from offset: Int) -> String? {
        guard let data = FileManager.default.contents(atPath: path), offset < data.count else { return nil }
        let bytes = [UInt8](data)
        let lines = bytes[offset...].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        guard let line = lines.first(where: { $0.contains("Fatal error") }) ?? lines.last else { return nil }
        return OneLine.escaped(String(line.prefix(Self.excerptLength)))
    }
}
