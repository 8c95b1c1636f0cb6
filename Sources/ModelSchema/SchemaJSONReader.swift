/// A strict RFC 8259 JSON reader for schema files: UTF-8 only, no comments, no trailing
/// commas, no duplicate keys, nesting at most `maximumDepth`. Every error names the line
/// and column where reading stopped.
struct SchemaJSONReader {
    /// The deepest nesting of arrays and objects accepted (schemas are shallow; the limit
    /// keeps hostile input from exhausting the stack).
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads one JSON value that fills the whole input (white space around it allowed).
    static func read(_ bytes: [UInt8]) throws(SchemaError) -> SchemaJSON {
        var reader = SchemaJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhiteSpace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhiteSpace()
        guard reader.position == bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(SchemaError) -> SchemaJSON {
        guard depth <= SchemaJSONReader.maximumDepth else {
            throw error("nesting deeper than \(SchemaJSONReader.maximumDepth) levels")
        }
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func readObject(depth: Int) throws(SchemaError) -> SchemaJSON {
        position += 1
        var members: [SchemaJSON.Member] = []
        skipWhiteSpace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhiteSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let keyStart = position
            let key = try readString()
            if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                throw error("duplicate key \(SchemaJSON.quoted(key))", at: keyStart)
            }
            skipWhiteSpace()
            guard consume(UInt8(ascii: ":")) else {
                throw error("unexpected \(describeCurrent()), expected ':' after the key")
            }
            skipWhiteSpace()
            members.append(SchemaJSON.Member(key: key, value: try readValue(depth: depth + 1)))
            skipWhiteSpace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(SchemaError) -> SchemaJSON {
        position += 1
        var elements: [SchemaJSON] = []
        skipWhiteSpace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhiteSpace()
            elements.append(try readValue(depth: depth + 1))
            skipWhiteSpace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            guard consume(UInt8(ascii: ",")) else {
                throw error("unexpected \(describeCurrent()), expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readLiteral(_ literal: String) throws(SchemaError) {
        let expected = literal.utf8
        guard bytes[position...].starts(with: expected) else { throw error("unexpected \(describeCurrent()), expected a value") }
        position += expected.count
    }

    private mutating func readNumber() throws(SchemaError) -> SchemaJSON {
        let start = position
        var isInteger = true
        _ = consume(UInt8(ascii: "-"))
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("a number must not have leading zeros") }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text) else { throw error("unreadable number \(text)", at: start) }
        return .number(value)
    }

    private mutating func readString() throws(SchemaError) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ end: Int) throws(SchemaError) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flushRun(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character U+\(hex4(UInt32(byte))) in a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                try flushRun(position)
                scalars.append(try readEscape())
                runStart = position
            } else {
                position += 1
            }
        }
    }

    /// Reads an escape sequence (the backslash at `position`) and returns its scalar.
    private mutating func readEscape() throws(SchemaError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard position < bytes.count else { throw error("unterminated escape sequence", at: start) }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try readHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw error("high surrogate \\u\(hex4(first)) not followed by a low surrogate", at: start)
                }
                let second = try readHex4()
                guard (0xDC00..<0xE000).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("invalid surrogate pair \\u\(hex4(first))\\u\(hex4(second))", at: start) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error("lone low surrogate \\u\(hex4(first))", at: start)
            }
            return scalar
        default:
            throw error("invalid escape sequence", at: start)
        }
    }

    private mutating func readHex4() throws(SchemaError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = hexValue(bytes[position]) else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Bytes

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhiteSpace() {
        while position < bytes.count,
              bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex4(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    // MARK: Errors

    /// What is at the current position, for messages: `'x'`, `end of input`.
    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error located at `offset` (the current position by default) as line and column,
    /// both counted from 1; the column counts Unicode scalars.
    private func error(_ message: String, at offset: Int? = nil) -> SchemaError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<end] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SchemaError(location: "line \(line), column \(column)", message: message)
    }
}
