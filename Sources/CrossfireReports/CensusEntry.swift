import Crossfire

/// One situation of the error census: how often a mapper failed this way in this check, even
/// where the mappers agreed.
package struct CensusEntry: Sendable, Hashable {
    /// The check.
    package var check: String
    /// The mapper.
    package var mapper: String
    /// The failure kind.
    package var kind: FailureKind
    /// The situation at the failure's path (`integer in a struct field, the document holds string`).
    package var situation: String
    /// How often it was seen.
    package var count: Int
    /// The coding path of the first failure seen in this situation.
    package var examplePath: String

    /// Creates an entry.
    package init(check: String, mapper: String, kind: FailureKind, situation: String, count: Int, examplePath: String) {
        self.check = check
        self.mapper = mapper
        self.kind = kind
        self.situation = situation
        self.count = count
        self.examplePath = examplePath
    }

    /// The kind in words: `type mismatch`, `missing key`, `nil value`, `corrupted data`, ….
    package var kindDescription: String { Self.describe(kind) }

    /// A failure kind in words.
    package static func describe(_ kind: FailureKind) -> String {
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
