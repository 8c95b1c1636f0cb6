import FirestoreModel

/// Where two Firestore values first differ (by `==`, which tells NaN, −0.0 and the kinds
/// apart), for the reports of the JSON round-trip fuzz targets.
struct StoredValueDifference: Hashable, Sendable {
    /// The path of the first difference, in document order of the first value.
    var path: ValuePath
    /// What the first value holds there (`nothing` for a missing key).
    var before: String
    /// What the second value holds there.
    var after: String

    /// The first difference between two maps, or nil when they are equal.
    static func first(_ before: FirestoreMap, _ after: FirestoreMap, at path: ValuePath = .root) -> StoredValueDifference? {
        for (key, value) in before {
            guard let other = after[key] else {
                return StoredValueDifference(path: path.appending(key: key), before: value.description, after: "nothing")
            }
            if let difference = first(value, other, at: path.appending(key: key)) { return difference }
        }
        for (key, value) in after where before[key] == nil {
            return StoredValueDifference(path: path.appending(key: key), before: "nothing", after: value.description)
        }
        return nil
    }

    /// The first difference between two values, or nil when they are equal.
    static func first(_ before: FirestoreValue, _ after: FirestoreValue, at path: ValuePath) -> StoredValueDifference? {
        switch (before, after) {
        case (.map(let left), .map(let right)):
            return first(left, right, at: path)
        case (.array(let left), .array(let right)):
            for (index, (element, other)) in zip(left, right).enumerated() {
                if let difference = first(element, other, at: path.appending(index: index)) { return difference }
            }
            guard left.count == right.count else {
                return StoredValueDifference(path: path, before: "\(left.count) elements", after: "\(right.count) elements")
            }
            return nil
        default:
            return before == after ? nil : StoredValueDifference(path: path, before: before.description, after: after.description)
        }
    }
}
