import FirestoreModel
import ModelSchema

/// The disagreements between a legacy mapper and Codable that the SDK's documented behaviour
/// explains: the entries of `Allowlist.sdkBehaviour` (same ids, same reasons) that apply when
/// a team's own types are compared through their stored form. A class they explain is
/// reported as expected, apart from the failures. `.none` reports everything.
public struct LegacyCheckAllowlist: Sendable {
    /// One entry: the id and reason of an `Allowlist.sdkBehaviour` entry and its rule over a
    /// disagreement's facts and the schema's type at its field.
    struct Entry: Sendable {
        var id: String
        var reason: String
        var matches: @Sendable (LegacyCauseFacts, FieldType?) -> Bool
    }

    let entries: [Entry]

    /// Nothing is expected: every disagreement fails the check.
    public static let none = LegacyCheckAllowlist(entries: [])

    /// Firestore's documented storage: a `Date` kept to the microsecond and read back as a
    /// Double of seconds (`storage-precision`, by the engine's own rule, `StorageEquivalence`:
    /// what a Date stored as the written timestamp is stored as once read back), and `Int8`
    /// stored as a boolean (`int8-stored-as-boolean`).
    public static let sdkBehaviour = LegacyCheckAllowlist(entries: [
        Entry(id: "storage-precision", reason: reason("storage-precision")) { facts, type in
            guard facts.kind == .codableRoundTrip || facts.kind == .legacyRoundTrip, type?.unwrapped == .date,
                  case .timestamp(let written)? = facts.codable, case .timestamp(let readBack)? = facts.legacy
            else { return false }
            return StorageEquivalence.storedAgain(readBack, isDateStoredAs: written)
        },
        Entry(id: "int8-stored-as-boolean", reason: reason("int8-stored-as-boolean")) { facts, type in
            guard facts.kind == .codableRoundTrip || facts.kind == .legacyRoundTrip, type?.unwrapped == .integer(.int8) else { return false }
            return facts.readBackFailed || facts.legacy?.kind == .integer
        },
    ])

    /// The reason of each entry, by id.
    public var reasons: [String: String] {
        Dictionary(entries.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    /// The id of the first entry that explains a disagreement.
    func entry(explaining facts: LegacyCauseFacts, type: FieldType?) -> String? {
        entries.first { $0.matches(facts, type) }?.id
    }

    private static func reason(_ id: String) -> String {
        Allowlist.sdkBehaviour.entries.first { $0.id == id }?.reason ?? id
    }
}
