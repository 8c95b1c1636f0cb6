import FirestoreModel

/// One way a team's legacy mapper and the Codable mapper disagree about one document or value.
public struct LegacyDisagreement: Hashable, Sendable, CustomStringConvertible {
    /// What kind of disagreement.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// The Codable mapper rejects the document and the legacy mapper returns a value: a
        /// type mismatch, missing key, null or corrupted value turned into a default.
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

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The kind.
    public var kind: Kind
    /// Where: the Codable mapper's coding path of its error, or the field path of the first
    /// difference; the root for a document-wide disagreement.
    public var path: ValuePath
    /// What each side did, in words.
    public var detail: String

    /// Creates a disagreement.
    public init(kind: Kind, path: ValuePath, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// What identifies the disagreement across cases: its kind and path, array indices kept
    /// (`tags[2].color`).
    public var signature: String { "\(kind.rawValue) at \(path.isRoot ? "the document" : path.description)" }

    public var description: String { "\(signature): \(detail)" }
}
