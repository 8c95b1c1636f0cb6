#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output stream on a file descriptor. Writes never raise SIGPIPE (the tool ignores it);
/// a failed write is reported as a value.
struct FileDescriptorOutput {
    let descriptor: Int32

    static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
    static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

    /// Writes all bytes; nil on success, else the system's reason.
    @discardableResult
    func write(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return nil }
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileDescriptorIO.reason(errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// Writes a string's UTF-8; nil on success, else the system's reason.
    @discardableResult
    func write(_ text: String) -> String? {
        write(Array(text.utf8))
    }
}

/// The C library's `write(2)` (the name is taken inside `FileDescriptorOutput`).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Reading whole inputs from files or standard input.
enum FileDescriptorIO {
    /// The path that means standard input.
    static let standardInputPath = "-"

    /// How an input is named in messages: the path, or `<stdin>` for `-`.
    static func displayName(of path: String) -> String {
        path == standardInputPath ? "<stdin>" : path
    }

    /// The whole content of `path` (`-` is standard input), or the system's reason.
    static func readAll(_ path: String) -> Result<[UInt8], CommandFailure> {
        let descriptor: Int32
        if path == standardInputPath {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                return .failure(CommandFailure(message: "\(path): cannot open: \(reason(errno))"))
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(CommandFailure(message: "\(displayName(of: path)): cannot read: \(reason(errno))"))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The text of an errno value.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
