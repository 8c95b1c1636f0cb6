import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a file whole or not at all: the bytes go to a new temporary file in the target's
/// folder (`.NAME.XXXXXX`), which is flushed to disk and renamed over the target. A reader sees
/// the old file or the new one, never a part; on any failure the temporary file is removed and
/// the target is left as it was.
package enum AtomicFile {
    /// Writes `bytes` to `path` atomically.
    /// - Throws: `ReportWriteError` naming `path` and the step that failed.
    package static func write(_ bytes: [UInt8], to path: String) throws(ReportWriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder as NSString).appendingPathComponent(".\(url.lastPathComponent).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in \(folder)") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do throws(ReportWriteError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, 0o644) == 0 else { throw failure(path, "cannot set the temporary file's mode") }
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot flush the temporary file") }
            isOpen = false
            guard close(descriptor) == 0 else { throw failure(path, "cannot close the temporary file") }
            guard rename(temporary, path) == 0 else { throw failure(path, "cannot rename the temporary file into place") }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReportWriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write the temporary file")
            }
            offset += written
        }
    }

    /// An error with the system's reason for the last call that failed.
    private static func failure(_ path: String, _ step: String) -> ReportWriteError {
        ReportWriteError(path: path, message: "\(step): \(String(cString: strerror(errno)))")
    }
}
