import FirestoreModel

/// Where a mapper's failure lies relative to the leaf of a finding.
package enum FailurePlace: String, Hashable, Sendable {
    /// At the leaf.
    case here
    /// Below the leaf (the leaf is a prefix of the failure's path).
    case inside
    /// Above the leaf (the failure's path is a prefix of the leaf's): the mapper rejected
    /// what encloses it.
    case above
    /// The failure names no path (the SDK's `FirestoreDecodingError` and friends).
    case unplaced
}

/// What one mapper did at the leaf of a finding, reduced to what tells rules apart: a value,
/// nil, nothing, the kind of what it stored, a failure and where, a lenient default.
package enum LeafResult: Hashable, Sendable, CustomStringConvertible {
    /// It produced a value there.
    case value
    /// It produced nil there.
    case null
    /// It produced nothing there (the key, element or entry is missing).
    case absent
    /// It stored a value of this Firestore kind there (the encode check).
    case stored(FirestoreValue.Kind)
    /// It failed there (or below, or without saying where).
    case failed(FailureKind, FailurePlace)
    /// It failed, but at a place it reached only after the leaf: it got past the leaf.
    case passed
    /// It failed at a place it reached before the leaf, and so never reached it.
    case notReached
    /// A lenient mapper put a default there in place of a failure of this kind.
    case defaulted(FailureKind)
    /// The mapper's process died in it (`SIGILL`, `SIGSEGV`, …) or made no progress (`hang`).
    case crashed(String)
    /// Only in a class key, for the reference where the mappers disagree about whether a value
    /// is there: it read or wrote what was there (a value or nil), whatever the property's type.
    case accepted
    /// Only in a class key, for the reference where the mappers disagree about whether a value
    /// is there: it failed there, whatever the error its property's type makes it throw.
    case refused

    /// The token a class key spells it with: `value`, `nil`, `absent`, `boolean`,
    /// `typeMismatch`, `typeMismatch-inside`, `typeMismatch-above`, `typeMismatch-nopath`,
    /// `passed`, `notreached`,
    /// `default-keyNotFound`, `crash-SIGILL`, `accepted`, `refused`.
    package var token: String {
        switch self {
        case .value: return "value"
        case .null: return "nil"
        case .absent: return "absent"
        case .stored(let kind): return kind.rawValue
        case .failed(let kind, .here): return kind.rawValue
        case .failed(let kind, .inside): return "\(kind.rawValue)-inside"
        case .failed(let kind, .above): return "\(kind.rawValue)-above"
        case .failed(let kind, .unplaced): return "\(kind.rawValue)-nopath"
        case .passed: return "passed"
        case .notReached: return "notreached"
        case .defaulted(let kind): return "default-\(kind.rawValue)"
        case .crashed(let how): return "crash-\(how)"
        case .accepted: return "accepted"
        case .refused: return "refused"
        }
    }

    /// The words for people: `value`, `nil`, `nothing`, `stored boolean`, `typeMismatch`,
    /// `typeMismatch below`, `typeMismatch above`, `typeMismatch (no path)`, `got past it`,
    /// `failed before it`, `default for keyNotFound`, `crashed (SIGILL)`, `accepted it`,
    /// `refused it`.
    package var description: String {
        switch self {
        case .value: return "value"
        case .null: return "nil"
        case .absent: return "nothing"
        case .stored(let kind): return "stored \(kind.rawValue)"
        case .failed(let kind, .here): return kind.rawValue
        case .failed(let kind, .inside): return "\(kind.rawValue) below"
        case .failed(let kind, .above): return "\(kind.rawValue) above"
        case .failed(let kind, .unplaced): return "\(kind.rawValue) (no path)"
        case .passed: return "got past it"
        case .notReached: return "failed before it"
        case .defaulted(let kind): return "default for \(kind.rawValue)"
        case .crashed(let how): return "crashed (\(how))"
        case .accepted: return "accepted it"
        case .refused: return "refused it"
        }
    }

    /// Whether the result is about whether a value is there at all (a missing key, a null,
    /// nothing or nil produced), rather than about converting one.
    var isPresence: Bool {
        switch self {
        case .null, .absent, .stored(.null): return true
        case .failed(let kind, _), .defaulted(let kind): return kind == .keyNotFound || kind == .valueNotFound
        case .value, .stored, .passed, .notReached, .crashed, .accepted, .refused: return false
        }
    }

    /// The result a token spells (see `token`); nil for an unknown token.
    package init?(token: String) {
        switch token {
        case "value": self = .value
        case "nil": self = .null
        case "absent": self = .absent
        case "passed": self = .passed
        case "notreached": self = .notReached
        case "accepted": self = .accepted
        case "refused": self = .refused
        default:
            if token.hasPrefix("crash-"), token.count > "crash-".count {
                self = .crashed(String(token.dropFirst("crash-".count)))
            } else if let kind = FirestoreValue.Kind(rawValue: token) {
                self = .stored(kind)
            } else if token.hasPrefix("default-"), let kind = FailureKind(rawValue: String(token.dropFirst("default-".count))) {
                self = .defaulted(kind)
            } else if token.hasSuffix("-inside"), let kind = FailureKind(rawValue: String(token.dropLast("-inside".count))) {
                self = .failed(kind, .inside)
            } else if token.hasSuffix("-above"), let kind = FailureKind(rawValue: String(token.dropLast("-above".count))) {
                self = .failed(kind, .above)
            } else if token.hasSuffix("-nopath"), let kind = FailureKind(rawValue: String(token.dropLast("-nopath".count))) {
                self = .failed(kind, .unplaced)
            } else if let kind = FailureKind(rawValue: token) {
                self = .failed(kind, .here)
            } else {
                return nil
            }
        }
    }
}

extension LeafResult {
    /// A value, nil or a stored kind as `accepted`, a failure as `refused`; any other result
    /// (nothing there, a default, a crash, a failure before or after the leaf) as it is.
    var acceptedOrRefused: LeafResult {
        switch self {
        case .value, .null, .stored: return .accepted
        case .failed: return .refused
        case .absent, .passed, .notReached, .defaulted, .crashed, .accepted, .refused: return self
        }
    }
}
