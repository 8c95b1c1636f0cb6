import Crossfire

extension FailureKind {
    /// The kind in words, as the reports show it: `type mismatch`, `missing key`, `nil value`,
    /// `corrupted data`, ….
    package var words: String {
        switch self {
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
