#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output stream on a file descriptor. Writes never raise SIGPIPE (the tool ignores it);
/// a failed write is reported as a value.
package struct FileDescriptorOutput: Sendable {
    /// The descriptor written to.
    package let descriptor: Int32

    /// An output on `descriptor`.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Standard output.
    package static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
    /// Standard error.
    package static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

    /// Writes all bytes; nil on success, else the system's reason.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return nil }
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// Writes a string's UTF-8; nil on success, else the system's reason.
    @discardableResult
    package func write(_ text: String) -> String? {
        write(Array(text.utf8))
    }
}

/// The C library's `write(2)` (the name is taken inside `FileDescriptorOutput`).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
