import Crossfire

/// One situation of the error census: how often a mapper failed this way in this check, even
/// where the mappers agreed.
public struct CensusEntry: Sendable, Hashable {
    /// The check.
    public var check: String
    /// The mapper.
    public var mapper: String
    /// The failure kind.
    public var kind: FailureKind
    /// The situation at the failure's path (`integer in a struct field, the document holds string`).
    public var situation: String
    /// How often it was seen.
    public var count: Int
    /// The coding path of the first failure seen in this situation.
    public var examplePath: String

    /// Creates an entry.
    public init(check: String, mapper: String, kind: FailureKind, situation: String, count: Int, examplePath: String) {
        self.check = check
        self.mapper = mapper
        self.kind = kind
        self.situation = situation
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
