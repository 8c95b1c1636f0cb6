import Crossfire

/// One failure signature of the error census: how often any mapper failed this way, even
/// where the mappers agreed.
public struct CensusEntry: Sendable, Hashable {
    /// `decode codable typeMismatch tags[].color`.
    public var signature: String
    /// The failure kind.
    public var kind: FailureKind
    /// How often it was seen.
    public var count: Int
    /// The coding path of the first failure seen with this signature.
    public var examplePath: String

    /// Creates an entry.
    public init(signature: String, kind: FailureKind, count: Int, examplePath: String) {
        self.signature = signature
        self.kind = kind
        self.count = count
        self.examplePath = examplePath
    }

    /// The kind in words: `type mismatch`, `missing key`, `nil value`, `corrupted data`, ….
    public var kindDescription: String { Self.describe(kind) }

    /// A failure kind in words.
    public static func describe(_ kind: FailureKind) -> String {
        switch kind {
        case .typeMismatch: return "type mismatch"
        case .keyNotFound: return "missing key"
        case .valueNotFound: return "nil value"
        case .dataCorrupted: return "corrupted data"
        case .invalidValue: return "invalid value"
        case .writeRejected: return "write rejected"
        case .unexpected: return "unexpected error"
        }
    }
}
