import CJansson

/// Where a writer is while it builds a jansson tree: attaches each new node to its parent as
/// soon as it is made, refuses what jansson could not read back, collects the precision the
/// reals need, and makes the error values.
struct WriteCursor: TreePosition {
    /// jansson refuses to parse arrays and objects nested deeper than this.
    static let janssonNestingLimit = 2048

    /// Where a new node goes.
    enum Slot {
        /// The root of the output.
        case root
        /// A member of an object.
        case member(UnsafeMutablePointer<json_t>, String)
        /// The next element of an array.
        case element(UnsafeMutablePointer<json_t>)
    }

    let options: JSONWriteOptions
    let record: Int? = nil
    var steps: [TreeStep] = []
    var dataRoot: Int?
    /// The output, once its root is placed.
    private(set) var tree: JanssonOutputTree?
    /// The precision every real placed so far needs.
    private var realPrecision = 1

    init(options: JSONWriteOptions) {
        self.options = options
    }

    /// Places a newly made node (nil when jansson could not allocate it) and returns it; it
    /// stays valid as long as the output tree. The caller has entered the node's step.
    @discardableResult
    mutating func place(_ made: UnsafeMutablePointer<json_t>?, in slot: Slot) throws(FirestoreJSONError) -> UnsafeMutablePointer<json_t> {
        guard let node = made else { throw outOfMemory() }
        let type = node.pointee.type
        if type == JSON_OBJECT || type == JSON_ARRAY, steps.count + 1 > Self.janssonNestingLimit {
            json_decref(node)
            throw error(.unrepresentable, expected: "at most \(Self.janssonNestingLimit) levels of JSON nesting (jansson's parse limit)",
                        found: "level \(steps.count + 1)")
        }
        switch slot {
        case .root:
            tree = JanssonOutputTree(root: node)
        case .member(let object, let key):
            guard !key.utf8.contains(0) else {
                json_decref(node)
                throw error(.unrepresentable, expected: "a key without NUL (jansson cannot read NUL in keys back)",
                            found: "the key \(FoundText.quoted(key))")
            }
            guard JanssonMake.set(object, key, node) else { throw outOfMemory() }
        case .element(let array):
            guard JanssonMake.append(array, node) else { throw outOfMemory() }
        }
        return node
    }

    /// Places a finite double as a real, noting the precision it needs.
    mutating func placeReal(_ value: Double, in slot: Slot) throws(FirestoreJSONError) {
        realPrecision = max(realPrecision, RealPrecision.required(for: value))
        try place(JanssonMake.real(value), in: slot)
    }

    /// Throws `unrepresentable` when a container at `depth` is beyond the depth limit.
    func checkDepth(_ depth: Int) throws(FirestoreJSONError) {
        guard depth <= options.maximumDepth else {
            throw error(.unrepresentable, expected: "arrays and maps nested at most \(options.maximumDepth) deep",
                        found: "nesting level \(depth)")
        }
    }

    /// The text of the output.
    func output() throws(FirestoreJSONError) -> [UInt8] {
        guard let tree, let bytes = tree.dump(flags: options.dumpFlags(realPrecision: realPrecision)) else {
            throw FirestoreJSONError(kind: .unrepresentable, location: .root, expected: "output jansson can dump", found: "a failure in jansson's dump")
        }
        return bytes
    }

    private func outOfMemory() -> FirestoreJSONError {
        error(.unrepresentable, expected: "memory for the output", found: "a failed allocation in jansson")
    }
}
