import FirestoreJSON
import FirestoreModel

/// The JSON forms `crossfire validate` reads a document in.
enum DocumentForm: String, CaseIterable {
    /// A Firestore REST Document (`{"name": …, "fields": {…}}`), or a bare REST `fields` object.
    case rest
    /// A plain JSON object of the fields.
    case plain
    /// Decided per file by `DocumentFormRule`.
    case auto
}

/// How `--format auto` tells the two forms apart, looking only at the top level of the JSON:
///
/// - a **REST Document** is an object whose members are all among `name`, `fields`,
///   `createTime`, `updateTime`, with `fields` an object or `name` a string starting with
///   `projects/`;
/// - **bare REST fields** are an object with at least one member, each member's value an object
///   with exactly one member named by a Firestore Value type (`nullValue`, `booleanValue`,
///   `integerValue`, `doubleValue`, `timestampValue`, `stringValue`, `bytesValue`,
///   `referenceValue`, `geoPointValue`, `arrayValue`, `mapValue`);
/// - anything else is **plain** JSON.
enum DocumentFormRule {
    /// What the rule decided.
    enum Decision: Equatable {
        case restDocument
        case restFields
        case plain
    }

    /// The member names of a REST Document.
    static let documentMembers: Set<String> = ["name", "fields", "createTime", "updateTime"]

    /// The type keys of a REST Value.
    static let valueTypeKeys: Set<String> = [
        "nullValue", "booleanValue", "integerValue", "doubleValue", "timestampValue", "stringValue",
        "bytesValue", "referenceValue", "geoPointValue", "arrayValue", "mapValue",
    ]

    /// The form of a JSON text read as a plain value.
    static func decide(_ top: FirestoreValue) -> Decision {
        guard case .map(let members) = top, !members.isEmpty else { return .plain }
        if isDocument(members) { return .restDocument }
        let valueShaped = members.allSatisfy { _, value in
            guard case .map(let inner) = value, inner.count == 1, let key = inner.keys.first else { return false }
            return valueTypeKeys.contains(key)
        }
        return valueShaped ? .restFields : .plain
    }

    private static func isDocument(_ members: FirestoreMap) -> Bool {
        guard members.allSatisfy({ key, _ in documentMembers.contains(key) }) else { return false }
        if case .map? = members["fields"] { return true }
        if case .string(let name)? = members["name"], name.hasPrefix("projects/") { return true }
        return false
    }
}
