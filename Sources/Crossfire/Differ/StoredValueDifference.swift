import FirestoreModel

/// A place where two Firestore values differ (by `==`, which tells NaN, −0.0 and the kinds
/// apart), with what each holds there: for the reports of the JSON round-trip fuzz targets and
/// the comparisons of `LegacyMapperCheck`. Schema-free on purpose, unlike `StoredDiff`'s
/// `LeafDifference` (set order, field types): those checks compare stored values with no schema.
struct StoredValueDifference: Hashable, Sendable {
    /// The path of the difference.
    var path: ValuePath
    /// What the first value holds there; nil for a missing key.
    var beforeValue: FirestoreValue?
    /// What the second value holds there; nil for a missing key.
    var afterValue: FirestoreValue?
    /// Arrays of different lengths: how many elements each has (their common elements are
    /// compared on their own).
    var elementCounts: (before: Int, after: Int)? {
        guard case .array(let before)? = beforeValue, case .array(let after)? = afterValue, before.count != after.count else { return nil }
        return (before.count, after.count)
    }

    /// What the first value holds there, in words (`nothing` for a missing key).
    var before: String { elementCounts.map { "\($0.before) elements" } ?? beforeValue?.description ?? "nothing" }
    /// What the second value holds there, in words.
    var after: String { elementCounts.map { "\($0.after) elements" } ?? afterValue?.description ?? "nothing" }

    /// The first difference between two maps, in document order of the first, or nil when
    /// they are equal.
    static func first(_ before: FirestoreMap, _ after: FirestoreMap) -> StoredValueDifference? {
        var found: [StoredValueDifference] = []
        collect(before, after, at: .root, limit: 1, into: &found)
        return found.first
    }

    /// Every difference between two maps, in document order of the first (keys only the
    /// second has come last): each leaf that differs, a key one side lacks, and an array whose
    /// lengths differ (after its common elements).
    static func all(_ before: FirestoreMap, _ after: FirestoreMap) -> [StoredValueDifference] {
        var found: [StoredValueDifference] = []
        collect(before, after, at: .root, limit: .max, into: &found)
        return found
    }

    private static func collect(
        _ before: FirestoreMap, _ after: FirestoreMap, at path: ValuePath, limit: Int, into found: inout [StoredValueDifference]
    ) {
        for (key, value) in before where found.count < limit {
            guard let other = after[key] else {
                found.append(StoredValueDifference(path: path.appending(key: key), beforeValue: value, afterValue: nil))
                continue
            }
            collect(value, other, at: path.appending(key: key), limit: limit, into: &found)
        }
        for (key, value) in after where before[key] == nil && found.count < limit {
            found.append(StoredValueDifference(path: path.appending(key: key), beforeValue: nil, afterValue: value))
        }
    }

    private static func collect(
        _ before: FirestoreValue, _ after: FirestoreValue, at path: ValuePath, limit: Int, into found: inout [StoredValueDifference]
    ) {
        switch (before, after) {
        case (.map(let left), .map(let right)):
            collect(left, right, at: path, limit: limit, into: &found)
        case (.array(let left), .array(let right)):
            for (index, (element, other)) in zip(left, right).enumerated() where found.count < limit {
                collect(element, other, at: path.appending(index: index), limit: limit, into: &found)
            }
            if left.count != right.count && found.count < limit {
                found.append(StoredValueDifference(path: path, beforeValue: before, afterValue: after))
            }
        default:
            if before != after { found.append(StoredValueDifference(path: path, beforeValue: before, afterValue: after)) }
        }
    }
}
