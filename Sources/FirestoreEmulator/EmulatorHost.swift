/// Where a Firestore emulator listens: a host and a port, as `FIRESTORE_EMULATOR_HOST` gives
/// them (`127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`).
package struct EmulatorHost: Hashable, Sendable, CustomStringConvertible {
    /// The environment variable Firebase's SDKs read an emulator's address from.
    package static let environmentVariable = "FIRESTORE_EMULATOR_HOST"

    /// The host name or address (an IPv6 address keeps its brackets).
    package let host: String
    /// The TCP port.
    package let port: UInt16

    /// A host and a port.
    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`; the port is what follows the last colon.
    package init(parsing text: String) throws(EmulatorError) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]), port > 0,
              colon > text.startIndex
        else {
            throw EmulatorError.invalidHost(text)
        }
        self.init(host: String(text[..<colon]), port: port)
    }

    /// The address `FIRESTORE_EMULATOR_HOST` holds in `environment`, nil when it is unset or empty.
    package static func configured(in environment: [String: String]) throws(EmulatorError) -> EmulatorHost? {
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        return try EmulatorHost(parsing: text)
    }

    /// `http://HOST:PORT`, the root every REST path is under.
    package var baseURL: String { "http://\(host):\(port)" }

    package var description: String { "\(host):\(port)" }
}
