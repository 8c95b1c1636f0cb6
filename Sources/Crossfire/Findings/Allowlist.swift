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
            guard discrepancy.kind == .roundTripLoss, let type = discrepancy.schemaType,
                  type.hasPrefix("Int8") || type.contains("<Int8") || type.contains(": Int8") || type.contains("[Int8")
            else { return false }
            if discrepancy.foundKind == "boolean" { return true }
            // Inside a set or an enum-keyed dictionary the loss shows on the whole collection:
            // expected when it came back as the booleans read as numbers (0 or 1).
            guard let before = discrepancy.before, let after = discrepancy.after else { return false }
            return Int8BooleanStorage.readBack(before) == Int8BooleanStorage.readBack(after)
                && Int8BooleanStorage.isBooleanLike(after)
        },
        AllowlistEntry(
            id: "storage-precision",
            reason: "Firestore stores Decimal as a double and keeps time to the microsecond, and Date goes through Double seconds, so what lies beyond comes back changed (spec §4, §13.10, §13.11); Foundation's Decimal(Double) is a few ulps off, and NaN beyond about 1e±127."
        ) { discrepancy, _ in
            guard discrepancy.kind == .roundTripLoss, let before = discrepancy.before, let after = discrepancy.after else { return false }
            return StorageEquivalence.equivalent(before, after)
        },
        AllowlistEntry(
            id: "lenient-decimal-exact",
            reason: "Codable reads a Decimal through Double (spec §6), while `as? Decimal` on an NSNumber keeps every digit of an integer: the two differ beyond 2^53."
        ) { discrepancy, _ in
            guard discrepancy.kind == .decodeDisagreement, discrepancy.schemaType?.contains("Decimal") == true,
                  discrepancy.outcomes.allSatisfy({ $0.failure == nil }) else { return false }
            if discrepancy.foundKind == "integer" { return true }
            // Inside a set the disagreement shows on the whole set: expected when the values
            // differ only in Decimals that are equal through Double.
            guard let before = discrepancy.before, let after = discrepancy.after else { return false }
            return StorageEquivalence.equivalent(before, after)
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
            id: "canonically-equivalent-keys",
            reason: "Two coding keys that differ in code points but are equal under Swift's String == (\"é\" and \"e\\u{301}\") fall into one entry of a Swift [String: Any], so one field takes the other's value; the SDK on Apple hands an NSDictionary, which keeps both (data-model §4)."
        ) { discrepancy, schema in
            guard discrepancy.kind == .roundTripLoss || discrepancy.kind == .encodeDisagreement else { return false }
            // The SDK's errors without a coding path (a DocumentReference read from another
            // type) cannot say where: a schema with twins anywhere explains them.
            if discrepancy.outcomes.contains(where: { $0.failure.map { !$0.hasPath } ?? false }) {
                return schema.hasCanonicalTwins
            }
            return discrepancy.path.components.indices.contains { depth in
                schema.hasCanonicalTwin(at: ValuePath(Array(discrepancy.path.components[...depth])))
            }
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
        AllowlistEntry(
            id: "sdk-read-back-in-collection",
            reason: "A set or an enum-keyed dictionary is compared as a whole, so a loss inside it shows on the collection: expected when every difference inside is one the SDK documents — @DocumentID read from the reference, @ServerTimestamp filled, Int8 stored as a boolean, storage precision (spec §9.1, §9.2, §13.1, §13.10–11)."
        ) { discrepancy, schema in
            guard discrepancy.kind == .roundTripLoss, let before = discrepancy.before, let after = discrepancy.after,
                  let type = schema.fieldType(at: discrepancy.path) else { return false }
            switch type.unwrapped {
            case .set, .dictionary(.enumeration, _): return SDKReadBack.equivalent(before, after, type: type, schema: schema)
            default: return false
            }
        },
    ])
}

extension ModelSchema {
    /// Whether any struct has two fields whose coding keys are equal under Swift's `String ==`
    /// but not in code points.
    var hasCanonicalTwins: Bool {
        structs.contains { structSchema in
            let keys = structSchema.fields.compactMap(\.codingKey)
            return keys.indices.contains { first in
                keys[(first + 1)...].contains { $0 == keys[first] && !$0.utf8.elementsEqual(keys[first].utf8) }
            }
        }
    }

    /// Whether the struct field a path ends at has a sibling whose coding key is equal to its
    /// own under Swift's `String ==` but not in code points.
    func hasCanonicalTwin(at path: ValuePath) -> Bool {
        guard let field = fieldSchema(at: path), let key = field.codingKey,
              let parent = structSchema(containing: path) else { return false }
        return parent.fields.contains { other in
            guard let otherKey = other.codingKey else { return false }
            return otherKey == key && !otherKey.utf8.elementsEqual(key.utf8)
        }
    }

    /// The struct whose field the last step of `path` names.
    private func structSchema(containing path: ValuePath) -> StructSchema? {
        let parentPath = path.parent
        if parentPath.isRoot { return rootStruct }
        if case .structure(let name)? = fieldType(at: parentPath)?.unwrapped { return structSchema(named: name) }
        return nil
    }

    /// The struct field a path ends at, when its last step is a struct field.
    public func fieldSchema(at path: ValuePath) -> FieldSchema? {
        guard case .key(let key)? = path.components.last else { return nil }
        return structSchema(containing: path)?.fields.first { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false }
    }
}
