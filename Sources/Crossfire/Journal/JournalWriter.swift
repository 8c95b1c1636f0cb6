import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Appends journal lines to a file, each with one `write(2)` on a descriptor opened with
/// `O_APPEND`: once a line is written it is in the kernel's hands, so a crash, Ctrl-C or
/// `kill -9` of the process loses none of the lines written before.
package final class JournalWriter {
    /// The journal's path.
    package let path: String
    private let descriptor: Int32

    /// Opens (creating, or appending to) the journal at `path`.
    package init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw JournalFormat.Error(message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends one record as a line.
    package func append(_ record: JSONText) throws {
        var bytes = record.bytes
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw JournalFormat.Error(message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
