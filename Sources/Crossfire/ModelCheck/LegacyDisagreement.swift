import FirestoreModel

/// One way a team's legacy mapper and the Codable mapper disagree about one document or value.
public struct LegacyDisagreement: Hashable, Sendable, CustomStringConvertible {
    /// Which check saw it.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// The Codable mapper rejects the document and the legacy mapper returns a value: a
        /// type mismatch, missing key or null turned into a default, say.
        case legacyAcceptsInvalid
        /// The Codable mapper decodes the document and the legacy mapper gives up.
        case legacyRejectsValid
        /// Both decode the document, to different values.
        case differentValues
        /// The two mappers write one value differently (or one of them cannot write it).
        case differentEncodings
        /// The legacy mapper does not read back what it wrote.
        case legacyRoundTrip
        /// The Codable mapper does not read back what it wrote.
        case codableRoundTrip
        /// The legacy mapper trapped or hung (under child-process isolation).
        case legacyCrash

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            DeclarationOrder.precedes(lhs, rhs)
        }
    }

    /// The check that saw it.
    public var kind: Kind
    /// Where: the Codable mapper's coding path of its error, or the field path of the
    /// difference; the root for a document-wide disagreement.
    public var path: ValuePath
    /// The field as a schema path (`tags[].color`, `(root)`); for a crash, the legacy call
    /// (`decode`, `encode`, `read-back`).
    public var field: String
    /// Why, as far as the values show it.
    public var cause: LegacyCause
    /// What each side did, in words.
    public var detail: String
    /// The fix that usually removes the cause, in one line.
    public var hint: String
    /// The allowlist entry (`LegacyCheckAllowlist`) that explains it as the SDK's documented
    /// behaviour, or nil when it is unexpected.
    public var explainedBy: String?

    /// Creates a disagreement.
    public init(kind: Kind, path: ValuePath, field: String, cause: LegacyCause, detail: String, hint: String, explainedBy: String? = nil) {
        self.kind = kind
        self.path = path
        self.field = field
        self.cause = cause
        self.detail = detail
        self.hint = hint
        self.explainedBy = explainedBy
    }

    /// The check and the place, array indices kept (`differentValues at tags[2].color`).
    public var signature: String { "\(kind.rawValue) at \(path.isRoot ? "the document" : path.description)" }

    /// The finding class it belongs to.
    public var findingClass: LegacyFindingClass { LegacyFindingClass(cause: cause, field: field, explainedBy: explainedBy) }

    public var description: String { "\(signature): \(detail)" }
}

/// What groups disagreements into one finding: the cause, the field in the schema (array
/// indices and dictionary keys generalised, `tags[].color`) and, when it is expected, the
/// allowlist entry explaining it. The check (read, write, read-back) is not part of it: one
/// cause shows in several.
public struct LegacyFindingClass: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The cause.
    public var cause: LegacyCause
    /// The field, as a schema path (`tags[].color`; `(root)` for the whole document).
    public var field: String
    /// The allowlist entry that explains the class, or nil.
    public var explainedBy: String?

    /// Creates a class.
    public init(cause: LegacyCause, field: String, explainedBy: String? = nil) {
        self.cause = cause
        self.field = field
        self.explainedBy = explainedBy
    }

    /// `field: cause title`, and the allowlist entry when expected.
    public var description: String {
        "\(field): \(cause.title)" + (explainedBy.map { " (expected: \($0))" } ?? "")
    }

    public static func < (lhs: LegacyFindingClass, rhs: LegacyFindingClass) -> Bool {
        (lhs.explainedBy == nil ? 0 : 1, lhs.cause, lhs.field) < (rhs.explainedBy == nil ? 0 : 1, rhs.cause, rhs.field)
    }
}
