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
            id: "timestamp-microseconds",
            reason: "Firestore keeps timestamps to the microsecond and Date goes through Double seconds, so Dates and Timestamps lose what lies below 1 µs (spec §13.11)."
        ) { discrepancy, _ in
            guard discrepancy.kind == .roundTripLoss else { return false }
            switch (discrepancy.before, discrepancy.after) {
            case let (.date(a)?, .date(b)?):
                return abs(a.timeIntervalSince1970 - b.timeIntervalSince1970) < 2e-6
            case let (.timestamp(a)?, .timestamp(b)?):
                return a.truncatedToMicroseconds() == b
            default:
                return false
            }
        },
        AllowlistEntry(
            id: "decimal-as-double",
            reason: "The SDK stores Decimal as a double, so digits beyond Double's precision are lost (spec §4, §13.10)."
        ) { discrepancy, _ in
            discrepancy.kind == .roundTripLoss && discrepancy.schemaType?.hasPrefix("Decimal") == true
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
