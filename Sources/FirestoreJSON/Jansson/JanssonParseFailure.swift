import CJansson

/// A parse failure reported by jansson, turned into a `FirestoreJSONError` that says what was
/// expected and what was found.
struct JanssonParseFailure {
    let code: json_error_code
    /// jansson's own message, e.g. `duplicate object key near '"a"'`.
    let text: String
    let line: Int
    let column: Int
    let position: Int

    init(_ error: json_error_t) {
        var copy = error
        code = json_error_code(&copy)
        text = withUnsafeBytes(of: copy.text) { raw in
            let bytes = raw.prefix { $0 != 0 }
            // The last byte of `text` holds the error code, so stop before it.
            return String(decoding: bytes.prefix(Int(JSON_ERROR_TEXT_LENGTH) - 1), as: UTF8.self)
        }
        line = Int(copy.line)
        column = Int(copy.column)
        position = Int(copy.position)
    }

    /// The error kind and what a well-formed input would have had instead.
    private var kindAndExpectation: (FirestoreJSONError.Kind, String) {
        switch code {
        case json_error_invalid_utf8: return (.invalidUTF8, "valid UTF-8")
        case json_error_stack_overflow: return (.tooDeep, "at most 2,048 levels of nested arrays and objects")
        case json_error_duplicate_key: return (.duplicateKey, "each key at most once in an object")
        case json_error_null_byte_in_key: return (.nulInKey, "an object key without NUL (\\u0000)")
        case json_error_numeric_overflow: return (.numberOutOfRange, "an integer within Int64 or a finite binary64 number")
        case json_error_out_of_memory: return (.syntax, "an input that fits in memory")
        case json_error_premature_end_of_input: return (.syntax, "more JSON text")
        case json_error_end_of_input_expected: return (.syntax, "the end of the input after the JSON value")
        default: return (.syntax, "well-formed JSON")
        }
    }

    /// The error, its location the line and column jansson reported.
    func jsonError(record: Int?, baseOffset: Int) -> FirestoreJSONError {
        let (kind, expected) = kindAndExpectation
        let location = JSONLocation(
            path: .root, line: line, column: column, byteOffset: baseOffset + position, record: record
        )
        return FirestoreJSONError(kind: kind, location: location, expected: expected, found: text)
    }
}
