import Crossfire

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
