/// What the write path made of an app's data: the values to store, the fields a merge or
/// update touches, the transforms and the deletions.
public struct ParsedWrite: Sendable, Hashable {
    /// The write this data is for.
    public let kind: WriteKind
    /// The values to store, sentinels removed. For `update`, each top-level key's field path
    /// is expanded into nested maps (`"a.b": 1` → `{a: {b: 1}}`).
    public let fields: FirestoreMap
    /// The fields a `merge` or `update` sets (empty for `set`, which replaces everything):
    /// for `merge`, every scalar, array and empty map outside arrays; for `update`, each
    /// top-level field path that is not a sentinel. A field whose path is listed takes its
    /// value from `fields`, replacing what was there.
    public let fieldMask: [ValuePath]
    /// The transforms, in the order the data was parsed (keys in UTF-8 byte order).
    public let transforms: [FieldTransform]
    /// The fields `FieldValue.delete()` removes (only for `merge` and `update`).
    public let deletes: [ValuePath]

    /// A parsed write from its parts.
    public init(kind: WriteKind, fields: FirestoreMap, fieldMask: [ValuePath], transforms: [FieldTransform], deletes: [ValuePath]) {
        self.kind = kind
        self.fields = fields
        self.fieldMask = fieldMask
        self.transforms = transforms
        self.deletes = deletes
    }

    /// The stored document after this write, as Firestore computes it: a `set` replaces the
    /// document with `fields`; a `merge` or `update` starts from `previous` and, for each
    /// path of `fieldMask` and `deletes` (shorter paths first), sets the value `fields` has
    /// there or removes the field when `fields` has none. Then the transforms run in order
    /// against the result: a server timestamp becomes `serverTime` cut to microseconds;
    /// `increment` adds with integer saturation, or in doubles when either side is a
    /// double, and replaces a non-number; `arrayUnion`/`arrayRemove` treat a non-array as
    /// `[]` and compare numbers across integer and double (1 == 1.0, NaN == NaN).
    ///
    /// An `update` of a missing document fails on the server (NOT_FOUND); here `previous`
    /// nil counts as an empty document so that the result is still defined.
    public func applied(to previous: FirestoreMap?, serverTime: Timestamp) -> FirestoreMap {
        var document: FirestoreMap
        switch kind {
        case .set:
            document = fields
        case .merge, .update:
            document = previous ?? FirestoreMap()
            let paths = (fieldMask + deletes).compactMap(\.mapKeys).enumerated()
                .sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
            for (_, keys) in paths {
                if let value = fields.value(atKeys: keys[...]) {
                    document.setValue(value, atKeys: keys[...])
                } else {
                    document.removeValue(atKeys: keys[...])
                }
            }
        }
        for transform in transforms {
            guard let keys = transform.path.mapKeys else { continue }
            let current = document.value(atKeys: keys[...])
            document.setValue(transform.result(applyingTo: current, serverTime: serverTime), atKeys: keys[...])
        }
        return document
    }
}

extension FieldTransform {
    /// The field's value after this transform, given its value before (nil when absent).
    func result(applyingTo current: FirestoreValue?, serverTime: Timestamp) -> FirestoreValue {
        switch kind {
        case .serverTimestamp:
            return .timestamp(serverTime.truncatedToMicroseconds())
        case .increment(let operand):
            return FieldTransform.increment(current, by: operand)
        case .arrayUnion(let elements):
            var result = FieldTransform.arrayElements(of: current)
            for element in elements where !result.contains(where: { $0.isEquivalent(to: element) }) {
                result.append(element)
            }
            return .array(result)
        case .arrayRemove(let elements):
            let remaining = FieldTransform.arrayElements(of: current).filter { stored in
                !elements.contains { stored.isEquivalent(to: $0) }
            }
            return .array(remaining)
        }
    }

    private static func arrayElements(of value: FirestoreValue?) -> [FirestoreValue] {
        if case .array(let elements)? = value { return elements }
        return []
    }

    private static func increment(_ current: FirestoreValue?, by operand: FirestoreValue) -> FirestoreValue {
        switch (current, operand) {
        case let (.integer(base)?, .integer(step)):
            let (sum, overflow) = base.addingReportingOverflow(step)
            if overflow { return .integer(step > 0 ? Int64.max : Int64.min) }
            return .integer(sum)
        case let (.integer(base)?, .double(step)):
            return .double(Double(base) + step)
        case let (.double(base)?, .integer(step)):
            return .double(base + Double(step))
        case let (.double(base)?, .double(step)):
            return .double(base + step)
        default:
            return operand
        }
    }
}

extension ValuePath {
    /// The path's keys when it has no array index (the only paths a write can set).
    var mapKeys: [String]? {
        var keys: [String] = []
        keys.reserveCapacity(components.count)
        for component in components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }
}
