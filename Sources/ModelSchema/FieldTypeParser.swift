import FirestoreJSON

/// Reads a field type from its Swift spelling with a small recursive-descent parser.
///
/// Grammar (white space allowed between tokens):
/// ```
/// type    := primary "?"*
/// primary := "[" type "]" | "[" type ":" type "]"
///          | name | name "<" type ">" | name "<" type "," type ">"
/// ```
/// The names are the built-in types (`String`, `Bool`, `Int` … `UInt64`, `Float`, `Double`,
/// `Decimal`, `Date`, `URL`, `Data`, `Timestamp`, `GeoPoint`, `DocumentReference`, `Color`),
/// the generic spellings `Optional<T>`, `Array<T>`, `Set<T>`, `Dictionary<K, V>`, and the
/// schema's own types: a name in `enumNames` is an enum, any other name a struct (whether
/// that struct exists is for validation to say). Dictionary keys must be `String`, `Int` or
/// an enum.
package struct FieldTypeParser: Sendable {
    /// The deepest nesting of brackets and generic arguments accepted.
    package static let maximumDepth = 32

    /// The names of the schema's enums.
    package let enumNames: Set<String>

    /// Creates a parser that knows which names are enums.
    package init(enumNames: Set<String>) {
        self.enumNames = enumNames
    }

    /// Parses a whole type spelling, e.g. `[String: Tag]?`.
    /// - Throws: a `SchemaError` located at `location` whose message names the character
    ///   where reading stopped and what was expected there.
    package func parse(_ text: String, location: String) throws(SchemaError) -> FieldType {
        var cursor = Cursor(characters: Array(text), text: text, location: location)
        cursor.skipSpaces()
        let type = try parseType(&cursor, depth: 0)
        cursor.skipSpaces()
        guard cursor.isAtEnd else { throw cursor.error("expected the end of the type, found \(cursor.currentDescription)") }
        return type
    }

    private func parseType(_ cursor: inout Cursor, depth: Int) throws(SchemaError) -> FieldType {
        guard depth < FieldTypeParser.maximumDepth else {
            throw cursor.error("type nested deeper than \(FieldTypeParser.maximumDepth) levels")
        }
        var type = try parsePrimary(&cursor, depth: depth)
        cursor.skipSpaces()
        while cursor.consume("?") {
            type = .optional(type)
            cursor.skipSpaces()
        }
        return type
    }

    private func parsePrimary(_ cursor: inout Cursor, depth: Int) throws(SchemaError) -> FieldType {
        cursor.skipSpaces()
        if cursor.consume("[") {
            let keyStart = cursor.offset
            let first = try parseType(&cursor, depth: depth + 1)
            cursor.skipSpaces()
            if cursor.consume(":") {
                let key = try dictionaryKey(first, cursor: cursor, at: keyStart)
                let value = try parseType(&cursor, depth: depth + 1)
                try cursor.expect("]", "']' to close the dictionary type")
                return .dictionary(key: key, value: value)
            }
            try cursor.expect("]", "']' or ':' in the bracketed type")
            return .array(first)
        }
        let nameStart = cursor.offset
        guard let name = cursor.readName() else {
            throw cursor.isAtEnd
                ? cursor.error("expected a type, found the end of the text")
                : cursor.error("expected a type, found \(cursor.currentDescription)")
        }
        cursor.skipSpaces()
        guard cursor.consume("<") else {
            if let builtin = FieldTypeParser.builtin(named: name) { return builtin }
            if ["Optional", "Array", "Set", "Dictionary"].contains(name) {
                throw cursor.error("\(name) needs generic arguments", at: nameStart)
            }
            return enumNames.contains(name) ? .enumeration(name) : .structure(name)
        }
        let firstStart = cursor.offset
        let first = try parseType(&cursor, depth: depth + 1)
        cursor.skipSpaces()
        let result: FieldType
        switch name {
        case "Optional": result = .optional(first)
        case "Array": result = .array(first)
        case "Set": result = .set(first)
        case "Dictionary":
            try cursor.expect(",", "',' between the key and value types of Dictionary")
            let key = try dictionaryKey(first, cursor: cursor, at: firstStart)
            result = .dictionary(key: key, value: try parseType(&cursor, depth: depth + 1))
        default:
            throw cursor.error("\(name) is not generic", at: nameStart)
        }
        try cursor.expect(">", "'>' to close the generic arguments of \(name)")
        return result
    }

    private func dictionaryKey(_ type: FieldType, cursor: Cursor, at offset: Int) throws(SchemaError) -> DictionaryKeyType {
        switch type {
        case .string: return .string
        case .integer(.int): return .int
        case .enumeration(let name): return .enumeration(name)
        default:
            throw cursor.error("dictionary keys must be String, Int or an enum of the schema, found \(type)", at: offset)
        }
    }

    /// The built-in type with the given Swift name.
    static func builtin(named name: String) -> FieldType? {
        switch name {
        case "String": return .string
        case "Bool": return .bool
        case "Float": return .float
        case "Double": return .double
        case "Decimal": return .decimal
        case "Date": return .date
        case "URL": return .url
        case "Data": return .data
        case "Timestamp": return .timestamp
        case "GeoPoint": return .geoPoint
        case "DocumentReference": return .documentReference
        case "Color": return .hexColor
        default: return IntegerType(rawValue: name).map(FieldType.integer)
        }
    }

    /// The names `builtin(named:)` knows, plus the generic type names.
    static let reservedTypeNames: Set<String> = Set([
        "String", "Bool", "Float", "Double", "Decimal", "Date", "URL", "Data", "Timestamp", "GeoPoint",
        "DocumentReference", "Color", "Optional", "Array", "Set", "Dictionary",
    ]).union(IntegerType.allCases.map(\.rawValue))

    /// A position in the text being parsed.
    private struct Cursor {
        let characters: [Character]
        let text: String
        let location: String
        var offset = 0

        var isAtEnd: Bool { offset >= characters.count }
        var current: Character { characters[offset] }

        /// The current character for messages: `'x'`, or `U+000A` when it is not visible.
        var currentDescription: String {
            let visible = current.unicodeScalars.allSatisfy { scalar in
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned: return false
                default: return true
                }
            }
            if visible { return "'\(current)'" }
            return current.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
        }

        mutating func skipSpaces() {
            while !isAtEnd, current == " " || current == "\t" { offset += 1 }
        }

        mutating func consume(_ character: Character) -> Bool {
            guard !isAtEnd, current == character else { return false }
            offset += 1
            return true
        }

        mutating func expect(_ character: Character, _ what: String) throws(SchemaError) {
            skipSpaces()
            guard consume(character) else {
                throw isAtEnd ? error("expected \(what), found the end of the text") : error("expected \(what), found \(currentDescription)")
            }
            skipSpaces()
        }

        /// Reads `[A-Za-z_][A-Za-z0-9_]*`.
        mutating func readName() -> String? {
            let start = offset
            while !isAtEnd, current.isASCII, current.isLetter || current == "_" || (offset > start && current.isNumber) {
                offset += 1
            }
            return offset > start ? String(characters[start..<offset]) : nil
        }

        func error(_ message: String, at position: Int? = nil) -> SchemaError {
            let column = (position ?? offset) + 1
            return SchemaError(location: location, message: "\(message) (character \(column) of \(JSONObject.quoted(text)))")
        }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
