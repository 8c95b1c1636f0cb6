import ModelSchema
import Testing

@Suite("Parsing field types from their Swift spelling")
struct FieldTypeParserTests {
    let parser = FieldTypeParser(enumNames: ["Status", "Level"])

    func parse(_ text: String) throws(SchemaError) -> FieldType {
        try parser.parse(text, location: "here")
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            #expect(error.location == "here")
            return error.message
        }
    }

    @Test("built-in names", arguments: [
        ("String", FieldType.string), ("Bool", .bool), ("Float", .float), ("Double", .double), ("Decimal", .decimal),
        ("Date", .date), ("URL", .url), ("Data", .data), ("Timestamp", .timestamp), ("GeoPoint", .geoPoint),
        ("DocumentReference", .documentReference), ("Color", .hexColor),
    ])
    func builtins(text: String, expected: FieldType) throws {
        #expect(try parse(text) == expected)
        #expect(expected.description == text)
    }

    @Test("every integer width", arguments: IntegerType.allCases)
    func integers(type: IntegerType) throws {
        #expect(try parse(type.rawValue) == .integer(type))
    }

    @Test("composite spellings, with and without sugar and spaces", arguments: [
        ("[Tag]", FieldType.array(.structure("Tag"))),
        ("Set<Int>", .set(.integer(.int))),
        ("[String: Tag]?", .optional(.dictionary(key: .string, value: .structure("Tag")))),
        ("[Int: Double]", .dictionary(key: .int, value: .double)),
        ("[Status: Int]", .dictionary(key: .enumeration("Status"), value: .integer(.int))),
        ("Status", .enumeration("Status")),
        ("Level?", .optional(.enumeration("Level"))),
        ("Int8", .integer(.int8)),
        ("[[Int]]", .array(.array(.integer(.int)))),
        ("[String?]", .array(.optional(.string))),
        ("Set<Color>?", .optional(.set(.hexColor))),
        ("[String: [Int: [Status: Color?]]]", .dictionary(key: .string, value: .dictionary(key: .int, value: .dictionary(key: .enumeration("Status"), value: .optional(.hexColor))))),
        ("  [ String :Int ] ? ", .optional(.dictionary(key: .string, value: .integer(.int)))),
        ("Optional<Int>", .optional(.integer(.int))),
        ("Array<Set<Int8>>", .array(.set(.integer(.int8)))),
        ("Dictionary<Status, [Tag]>", .dictionary(key: .enumeration("Status"), value: .array(.structure("Tag")))),
        ("Int??", .optional(.optional(.integer(.int)))),
        ("Undeclared_Name9", .structure("Undeclared_Name9")),
    ])
    func composites(text: String, expected: FieldType) throws {
        #expect(try parse(text) == expected)
    }

    @Test("the description of a parsed type parses back to the same type", arguments: [
        "[String: Tag]?", "Set<Int?>", "[Status: [Int: Color]]", "[[Date?]?]", "Dictionary<Int, Optional<URL>>",
    ])
    func descriptionRoundTrip(text: String) throws {
        let type = try parse(text)
        #expect(try parse(type.description) == type)
    }

    @Test("malformed spellings say where and what was expected", arguments: [
        ("", "expected a type, found the end of the text (character 1 of \"\")"),
        ("[Int", "expected ']' or ':' in the bracketed type, found the end of the text (character 5 of \"[Int\")"),
        ("[String: ]", "expected a type, found ']' (character 10 of \"[String: ]\")"),
        ("[String: Int", "expected ']' to close the dictionary type, found the end of the text (character 13 of \"[String: Int\")"),
        ("Set<Int", "expected '>' to close the generic arguments of Set, found the end of the text (character 8 of \"Set<Int\")"),
        ("Set", "Set needs generic arguments (character 1 of \"Set\")"),
        ("Int<String>", "Int is not generic (character 1 of \"Int<String>\")"),
        ("Dictionary<String>", "expected ',' between the key and value types of Dictionary, found '>' (character 18 of \"Dictionary<String>\")"),
        ("Int String", "expected the end of the type, found 'S' (character 5 of \"Int String\")"),
        ("[Double: Int]", "dictionary keys must be String, Int or an enum of the schema, found Double (character 2 of \"[Double: Int]\")"),
        ("[Int8: Int]", "dictionary keys must be String, Int or an enum of the schema, found Int8 (character 2 of \"[Int8: Int]\")"),
        ("[String?: Int]", "dictionary keys must be String, Int or an enum of the schema, found String? (character 2 of \"[String?: Int]\")"),
        ("[Tag: Int]", "dictionary keys must be String, Int or an enum of the schema, found Tag (character 2 of \"[Tag: Int]\")"),
        ("Dictionary<Color, Int>", "dictionary keys must be String, Int or an enum of the schema, found Color (character 12 of \"Dictionary<Color, Int>\")"),
        ("9Lives", "expected a type, found '9' (character 1 of \"9Lives\")"),
        ("Café", "expected the end of the type, found 'é' (character 4 of \"Café\")"),
        ("?", "expected a type, found '?' (character 1 of \"?\")"),
    ])
    func malformed(text: String, message: String) {
        #expect(failure(text) == message)
    }

    @Test("nesting beyond the limit is an error, not a stack overflow")
    func deepNesting() throws {
        let fine = String(repeating: "[", count: 31) + "Int" + String(repeating: "]", count: 31)
        #expect(try parse(fine).description == fine)
        let deep = String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.hasPrefix("type nested deeper than 32 levels") == true)
    }
}
