import Crossfire

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run writes its journal: `--out DIR`, or `Reports/<UTC time>/` (e.g.
/// `Reports/20250314T091502Z/`, with `-2`, `-3` … added when that folder exists already); and
/// where `crossfire survey` writes its report by default (`Reports/survey-<UTC time>/`).
enum OutputFolder {
    /// The folder for this run. A given folder must not hold a journal yet: a run writes a
    /// fresh journal, never into another run's.
    static func resolve(_ given: String?) throws(CommandFailure) -> String {
        if let given {
            let journal = given.hasSuffix("/") ? given + "journal.jsonl" : given + "/journal.jsonl"
            if exists(journal) {
                throw CommandFailure(message: "\(OneLine.escaped(journal)) exists already; give --out a folder without a journal")
            }
            return given
        }
        return fresh()
    }

    /// A folder `Reports/<prefix><UTC time>` that does not exist yet (`-2`, `-3` … added when
    /// it does).
    static func fresh(prefix: String = "") -> String {
        let base = "Reports/" + prefix + utcStamp()
        var candidate = base
        var suffix = 2
        while exists(candidate) {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// The current UTC time as `yyyyMMddTHHmmssZ`.
    static func utcStamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
