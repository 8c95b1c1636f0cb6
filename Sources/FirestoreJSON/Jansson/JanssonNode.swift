import CJansson

/// One value inside a parsed `JanssonInputTree`, read-only. It holds its tree, so it stays
/// valid as long as it exists.
struct JanssonNode {
    /// The JSON types jansson distinguishes (an integer token and a real token are different).
    enum Kind {
        case object, array, string, integer, real, `true`, `false`, null
    }

    let raw: UnsafeMutablePointer<json_t>
    let tree: JanssonInputTree

    var kind: Kind {
        switch raw.pointee.type {
        case JSON_OBJECT: return .object
        case JSON_ARRAY: return .array
        case JSON_STRING: return .string
        case JSON_INTEGER: return .integer
        case JSON_REAL: return .real
        case JSON_TRUE: return .true
        case JSON_FALSE: return .false
        default: return .null
        }
    }

    /// The UTF-8 length of a string value (NUL bytes included); 0 for other kinds.
    var stringByteCount: Int { json_string_length(raw) }

    /// A string value, NUL bytes included (jansson has checked its UTF-8); nil for other kinds.
    var string: String? {
        guard let start = json_string_value(raw) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: start, count: json_string_length(raw))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of an integer token.
    var integer: Int64 { Int64(json_integer_value(raw)) }

    /// The value of a real token.
    var real: Double { json_real_value(raw) }

    /// The number of elements of an array or members of an object.
    var count: Int {
        switch kind {
        case .array: return json_array_size(raw)
        case .object: return json_object_size(raw)
        default: return 0
        }
    }

    /// The elements of an array, in order.
    var elements: [JanssonNode] {
        (0..<json_array_size(raw)).compactMap { index in
            json_array_get(raw, index).map { JanssonNode(raw: $0, tree: tree) }
        }
    }

    /// The members of an object, in the order they appear in the text. Keys are read by
    /// length, so none is cut short.
    var members: [JanssonMember] {
        var result: [JanssonMember] = []
        result.reserveCapacity(json_object_size(raw))
        var iterator = json_object_iter(raw)
        while let current = iterator {
            if let keyStart = json_object_iter_key(current), let value = json_object_iter_value(current) {
                let keyLength = json_object_iter_key_len(current)
                let key = String(decoding: UnsafeRawBufferPointer(start: keyStart, count: keyLength), as: UTF8.self)
                result.append(JanssonMember(key: key, keyByteCount: keyLength, value: JanssonNode(raw: value, tree: tree)))
            }
            iterator = json_object_iter_next(raw, current)
        }
        return result
    }

    /// A short description of the value for error messages: `the string "abc"`, `an object`, …
    var summary: String {
        switch kind {
        case .object: return count == 0 ? "an empty object" : "an object"
        case .array: return count == 0 ? "an empty array" : "an array"
        case .string: return "the string \(FoundText.quoted(string ?? "", byteCount: stringByteCount))"
        case .integer: return "the integer \(integer)"
        case .real: return "the real number \(real)"
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        }
    }
}

/// One member of a JSON object: its key and value.
struct JanssonMember {
    let key: String
    /// The key's UTF-8 length.
    let keyByteCount: Int
    let value: JanssonNode
}
