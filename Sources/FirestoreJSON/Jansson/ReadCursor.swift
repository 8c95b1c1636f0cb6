/// Where a reader is while it walks a jansson tree, and the limits it applies there.
struct ReadCursor: TreePosition {
    let options: JSONReadOptions
    let record: Int?
    var steps: [TreeStep] = []
    var dataRoot: Int?

    init(options: JSONReadOptions, record: Int? = nil) {
        self.options = options
        self.record = record
    }

    /// The string of a string node within the length limit; `what` names what was expected.
    func string(_ node: JanssonNode, _ what: String) throws(FirestoreJSONError) -> String {
        guard node.kind == .string else { throw error(.wrongType, expected: what, found: node.summary) }
        try checkLength(node.stringByteCount, of: "a string")
        return node.string ?? ""
    }

    /// Throws `stringTooLong` when `byteCount` exceeds the limit.
    func checkLength(_ byteCount: Int, of what: String) throws(FirestoreJSONError) {
        let limit = options.maximumStringBytes
        guard byteCount <= limit else {
            throw error(.stringTooLong, expected: "\(what) of at most \(limit) bytes", found: "\(what) of \(byteCount) bytes")
        }
    }

    /// Throws `tooDeep` when a container at `depth` is beyond the depth limit.
    func checkDepth(_ depth: Int) throws(FirestoreJSONError) {
        guard depth <= options.maximumDepth else {
            throw error(.tooDeep, expected: "arrays and maps nested at most \(options.maximumDepth) deep", found: "nesting level \(depth)")
        }
    }
}
