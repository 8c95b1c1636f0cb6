import FirestoreModel
import Foundation
import ModelSchema

/// A known divergence: a finding that the SDK's documented behaviour explains, reported as
/// expected rather than as a failure.
public struct AllowlistEntry: Sendable, Hashable {
    /// A stable identifier, e.g. `int8-stored-as-boolean`.
    public var id: String
    /// Why this is expected, with its source.
    public var reason: String
    let matches: @Sendable (Discrepancy, ModelSchema) -> Bool

    /// Creates an entry.
    public init(id: String, reason: String, matches: @escaping @Sendable (Discrepancy, ModelSchema) -> Bool) {
        self.id = id
        self.reason = reason
        self.matches = matches
    }

    public static func == (lhs: AllowlistEntry, rhs: AllowlistEntry) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The known divergences of a campaign.
public struct Allowlist: Sendable {
    /// The entries, consulted in order.
    public var entries: [AllowlistEntry]

    /// Creates an allowlist.
    public init(entries: [AllowlistEntry]) {
        self.entries = entries
    }

    /// The first entry that explains a discrepancy.
    public func entry(explaining discrepancy: Discrepancy, schema: ModelSchema) -> AllowlistEntry? {
        entries.first { $0.matches(discrepancy, schema) }
    }

    /// The divergences that Firebase's own documented behaviour explains
    /// (shared/reference/firestore-codable-spec.md §7, §9, §11–13).
    public static let sdkBehaviour = Allowlist(entries: [
        AllowlistEntry(
            id: "lenient-silent-default",
            reason: "The lenient style substitutes a default by design (the `?? default` idiom); each default is reported, none is a failure."
        ) { discrepancy, _ in discrepancy.kind == .silentDefault },
        AllowlistEntry(
            id: "int8-stored-as-boolean",
            reason: "The SDK's write path stores Int8/CChar as a boolean (objCType 'c'), so it cannot be read back as a number (spec §13.1)."
        ) { discrepancy, _ in
            discrepancy.kind == .roundTripLoss && discrepancy.foundKind == "boolean"
                && (discrepancy.schemaType?.hasPrefix("Int8") ?? false)
        },
        AllowlistEntry(
            id: "storage-precision",
            reason: "Firestore stores Decimal as a double and keeps time to the microsecond, and Date goes through Double seconds, so what lies beyond comes back changed (spec §4, §13.10, §13.11)."
        ) { discrepancy, _ in
            guard discrepancy.kind == .roundTripLoss, let before = discrepancy.before, let after = discrepancy.after else { return false }
            return StorageEquivalence.equivalent(before, after)
        },
        AllowlistEntry(
            id: "lenient-decimal-exact",
            reason: "Codable reads a Decimal through Double (spec §6), while `as? Decimal` on an NSNumber keeps every digit of an integer: the two differ beyond 2^53."
        ) { discrepancy, _ in
            discrepancy.kind == .decodeDisagreement && discrepancy.foundKind == "integer"
                && discrepancy.schemaType?.contains("Decimal") == true
                && discrepancy.outcomes.allSatisfy { $0.failure == nil }
        },
        AllowlistEntry(
            id: "sdk-index-twice",
            reason: "For a null element of [Date], [Data], [URL] or [Decimal] the SDK's decoder puts the element's index on the coding path twice (spec §6.2); the hand mapper names the element once."
        ) { discrepancy, _ in
            guard discrepancy.kind == .decodeDisagreement, discrepancy.outcomes.count == 2,
                  let first = discrepancy.outcomes[0].failure, let second = discrepancy.outcomes[1].failure,
                  first.kind == .valueNotFound, second.kind == .valueNotFound,
                  case .index(let last)? = first.path.components.last
            else { return false }
            return first.path == second.path.appending(index: last)
        },
        AllowlistEntry(
            id: "server-timestamp-filled",
            reason: "@ServerTimestamp nil is written as the server-timestamp sentinel; the server fills in its time (spec §9.2)."
        ) { discrepancy, schema in
            discrepancy.kind == .roundTripLoss && discrepancy.before == .null
                && schema.fieldSchema(at: discrepancy.path)?.wrapper == .serverTimestamp
        },
        AllowlistEntry(
            id: "document-id-from-reference",
            reason: "@DocumentID is never written and is read from the document's reference, not from the model (spec §9.1)."
        ) { discrepancy, schema in
            discrepancy.kind == .roundTripLoss && schema.fieldSchema(at: discrepancy.path)?.wrapper == .documentID
        },
    ])
}

extension ModelSchema {
    /// The struct field a path ends at, when its last step is a struct field.
    public func fieldSchema(at path: ValuePath) -> FieldSchema? {
        guard case .key(let key)? = path.components.last else { return nil }
        let parentPath = path.parent
        let parentStruct: StructSchema?
        if parentPath.isRoot {
            parentStruct = rootStruct
        } else if case .structure(let name)? = fieldType(at: parentPath)?.unwrapped {
            parentStruct = structSchema(named: name)
        } else {
            parentStruct = nil
        }
        return parentStruct?.fields.first { $0.codingKey == key }
    }
}
