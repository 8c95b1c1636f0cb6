import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file or folder operation that failed: the path, what was tried and the system's reason,
/// told on one line — `out/run: cannot create the folder: Not a directory` — and never as
/// Foundation's `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}` or its
/// "The operation could not be completed" text. Every command that reads or writes files
/// words its failures through it.
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or folder.
    package let path: String
    /// What was tried, as it follows "cannot" (`create the folder`, `read the file`).
    package let action: String
    /// The system's reason (`Not a directory`, `Permission denied`).
    package let reason: String

    /// The failure of `action` on `path`, for the reason `error` gives (see `reason(of:)`).
    package init(path: String, cannot action: String, error: any Error) {
        self.path = path
        self.action = action
        reason = Self.reason(of: error)
    }

    /// `PATH: cannot ACTION: REASON`.
    package var description: String { "\(path): cannot \(action): \(reason)" }

    /// The system's reason for a failed file operation: the text of the `errno` the error is
    /// or wraps (Foundation's file errors carry it as their `NSUnderlyingErrorKey`), else the
    /// first line of its localized description.
    package static func reason(of error: any Error) -> String {
        var current = error as NSError
        while current.domain != NSPOSIXErrorDomain {
            // The underlying error may be a Swift error (`POSIXError`), which `as? NSError` does
            // not match on Linux.
            guard let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error else {
                let text = (error as NSError).localizedDescription
                return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            }
            current = underlying as NSError
        }
        return String(cString: strerror(Int32(truncatingIfNeeded: current.code)))
    }

    /// The whole content of the file at `path`, or why it cannot be read.
    package static func contents(of path: String) -> Result<[UInt8], FileError> {
        do {
            return .success(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch {
            return .failure(FileError(path: path, cannot: "read the file", error: error))
        }
    }
}
