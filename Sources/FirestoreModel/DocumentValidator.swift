/// Checks documents and values against `FirestoreLimits` and names every violation with its
/// field path.
///
/// The walk uses its own work list, never the call stack, and does not descend below the
/// first container that is too deep (that container is reported once), so a value nested
/// 100,000 levels deep is checked without overflowing the stack.
public struct DocumentValidator: Sendable {
    /// The limits checked.
    public let limits: FirestoreLimits

    /// A validator for `limits` (Firestore's by default).
    public init(limits: FirestoreLimits = .firestore) {
        self.limits = limits
    }

    /// Every violation in a document's fields, in field order (keys in UTF-8 byte order,
    /// depth first), then the document size. Without `documentPath` the size leaves out the
    /// document name (see `storageSize(of:documentPath:)`).
    public func violations(in fields: FirestoreMap, documentPath: String? = nil) -> [LimitViolation] {
        var walk = LimitWalk(limits: limits, base: .root)
        walk.checkEntries(of: fields, parent: -1, enclosing: 0)
        walk.run()
        let size = storageSize(of: fields, documentPath: documentPath)
        if size > limits.maxDocumentBytes {
            walk.violations.append(LimitViolation(.documentTooLarge, at: .root,
                                                  "document is \(size) bytes by the storage-size formula; the limit is \(limits.maxDocumentBytes)"))
        }
        return walk.violations
    }

    /// Every violation in one value that sits at `path` in a document. The path sets the
    /// value's depth (a value at `a` is a top-level field, at `a.b` or `a[0]` one level
    /// down) and, when it ends with an index, that the value is an array element. A map at
    /// the root is checked as a document's fields (without the size).
    public func violations(in value: FirestoreValue, at path: ValuePath) -> [LimitViolation] {
        var walk = LimitWalk(limits: limits, base: path)
        if path.isRoot, case .map(let fields) = value {
            walk.checkEntries(of: fields, parent: -1, enclosing: 0)
        } else {
            var isArrayElement = false
            if case .index? = path.components.last { isArrayElement = true }
            walk.pending.append(LimitWalk.Item(value: value, parent: -1, component: nil,
                                               enclosing: max(path.count - 1, 0), isArrayElement: isArrayElement))
        }
        walk.run()
        return walk.violations
    }

    /// The document's size by Firestore's storage-size formula
    /// (firebase.google.com/docs/firestore/storage-size): the document name size (each
    /// collection and document ID's UTF-8 bytes + 1, plus 16), plus each field name's UTF-8
    /// bytes + 1, plus each field value's size, plus 32. Value sizes: null and boolean 1;
    /// integer, double and timestamp 8; geopoint 16; string UTF-8 bytes + 1; bytes their
    /// length; reference the referenced document's name size; array the sum of its values;
    /// map the sum of its keys' string sizes and its values; vector 8 per dimension.
    /// `documentPath` is `coll/doc[/coll/doc…]` or a full resource name; without it the
    /// name counts 0 bytes.
    public func storageSize(of fields: FirestoreMap, documentPath: String?) -> Int {
        var total = 32 + (documentPath.map(DocumentValidator.documentNameSize) ?? 0)
        var work: [FirestoreValue] = []
        for (key, value) in fields {
            total += key.utf8.count + 1
            work.append(value)
        }
        while let value = work.popLast() {
            switch value {
            case .null, .boolean: total += 1
            case .integer, .double, .timestamp: total += 8
            case .geoPoint: total += 16
            case .string(let string): total += string.utf8.count + 1
            case .bytes(let data): total += data.count
            case .reference(let reference): total += DocumentValidator.nameSize(of: reference.segments)
            case .vector(let vector): total += 8 * vector.array.count
            case .array(let elements): work.append(contentsOf: elements)
            case .map(let map):
                for (key, child) in map {
                    total += key.utf8.count + 1
                    work.append(child)
                }
            }
        }
        return total
    }

    /// The size of a document name given as a path or a full resource name.
    static func documentNameSize(_ documentPath: String) -> Int {
        var path = Substring(documentPath)
        if path.hasPrefix("projects/"), let range = path.range(of: "/documents/") {
            path = path[range.upperBound...]
        }
        return nameSize(of: path.split(separator: "/"))
    }

    static func nameSize<S: StringProtocol>(of segments: [S]) -> Int {
        segments.reduce(16) { $0 + $1.utf8.count + 1 }
    }
}
