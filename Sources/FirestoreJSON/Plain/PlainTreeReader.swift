import FirestoreModel

/// Walks a jansson tree of plain JSON into values by the natural mapping: integer token →
/// `.integer`, real token → `.double`, string → `.string`, `true`/`false` → `.boolean`,
/// `null` → `.null`, array → `.array`, object → `.map` (keys in order) — or `.vector` for the
/// vector shape when `readsVectorShape` is set (see `PlainJSONReader`).
///
/// Recursion follows arrays and objects, and stops at `maximumDepth` (never beyond
/// `JSONReadOptions.depthCeiling`).
struct PlainTreeReader {
    var cursor: ReadCursor
    /// Whether an object of the vector shape is `.vector`.
    let readsVectorShape: Bool

    init(options: JSONReadOptions, record: Int? = nil, readsVectorShape: Bool = false) {
        cursor = ReadCursor(options: options, record: record)
        self.readsVectorShape = readsVectorShape
    }

    /// A value read as the root of its data.
    mutating func rootValue(_ node: JanssonNode) throws(FirestoreJSONError) -> FirestoreValue {
        cursor.startData()
        return try value(node, depth: 1)
    }

    /// An object read as a document's fields.
    mutating func rootMap(_ node: JanssonNode) throws(FirestoreJSONError) -> FirestoreMap {
        guard node.kind == .object else {
            throw cursor.error(.wrongType, expected: "an object (the document's fields)", found: node.summary)
        }
        cursor.startData()
        return try map(node, depth: 1)
    }

    private mutating func value(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> FirestoreValue {
        switch node.kind {
        case .null: return .null
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .integer: return .integer(node.integer)
        case .real: return .double(node.real)
        case .string: return .string(try cursor.string(node, "a string"))
        case .array:
            try cursor.checkDepth(depth)
            var elements: [FirestoreValue] = []
            elements.reserveCapacity(node.count)
            for (index, element) in node.elements.enumerated() {
                cursor.enterData(.index(index))
                defer { cursor.leave() }
                elements.append(try value(element, depth: depth + 1))
            }
            return .array(elements)
        case .object:
            try cursor.checkDepth(depth)
            let map = try map(node, depth: depth + 1)
            if readsVectorShape, let vector = RESTTreeReader.vector(in: map) { return .vector(vector) }
            return .map(map)
        }
    }

    /// The members of an object, their values at `depth`.
    private mutating func map(_ node: JanssonNode, depth: Int) throws(FirestoreJSONError) -> FirestoreMap {
        var map = FirestoreMap()
        for member in node.members {
            cursor.enterData(.key(member.key))
            defer { cursor.leave() }
            try cursor.checkLength(member.keyByteCount, of: "a key")
            map[member.key] = try value(member.value, depth: depth)
        }
        return map
    }
}
