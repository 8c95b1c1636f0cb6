import CJansson

/// A JSON text parsed by jansson: owns the root handle and releases the whole tree when the
/// last reference goes away. Nodes (`JanssonNode`) keep their tree alive.
final class JanssonInputTree {
    /// The root value.
    let root: UnsafeMutablePointer<json_t>

    private init(root: UnsafeMutablePointer<json_t>) {
        self.root = root
    }

    deinit {
        json_decref(root)
    }

    /// Parses one JSON text of any type (not only objects and arrays): duplicate object keys
    /// are rejected, `\u0000` is allowed inside strings (never in keys, which jansson refuses),
    /// and nothing but whitespace may follow the value.
    ///
    /// Jansson rejects invalid UTF-8, nesting deeper than 2,048 levels and integers outside
    /// Int64; each becomes an error with jansson's line, column and byte position.
    /// `record` and `baseOffset` place the text inside a larger input (a bundle element).
    static func parse(
        _ bytes: UnsafeRawBufferPointer, record: Int? = nil, baseOffset: Int = 0
    ) throws(FirestoreJSONError) -> JanssonInputTree {
        var error = json_error_t()
        let flags = JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        // jansson wants a non-null pointer even for an empty buffer.
        let parsed: UnsafeMutablePointer<json_t>?
        if let base {
            parsed = json_loadb(base, bytes.count, Int(flags), &error)
        } else {
            parsed = "".withCString { json_loadb($0, 0, Int(flags), &error) }
        }
        guard let parsed else {
            throw JanssonParseFailure(error).jsonError(record: record, baseOffset: baseOffset)
        }
        return JanssonInputTree(root: parsed)
    }

    /// The root as a node.
    var rootNode: JanssonNode { JanssonNode(raw: root, tree: self) }
}
