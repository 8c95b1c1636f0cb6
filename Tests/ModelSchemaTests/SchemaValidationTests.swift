import ModelSchema
import Testing

@Suite("Validating schemas")
struct SchemaValidationTests {
    /// A schema with root `A` whose struct `A` has the given fields.
    func withFields(_ fields: [FieldSchema], enums: [EnumSchema] = [], more: [StructSchema] = []) -> ModelSchema {
        ModelSchema(root: "A", structs: [StructSchema(name: "A", fields: fields)] + more, enums: enums)
    }

    /// A schema with one enum `E` of the given raw type and cases.
    func withEnum(_ rawType: EnumSchema.RawType, _ cases: [EnumCase]) -> ModelSchema {
        withFields([FieldSchema(name: "e", type: .enumeration("E"))], enums: [EnumSchema(name: "E", rawType: rawType, cases: cases)])
    }

    func only(_ schema: ModelSchema) -> SchemaError? {
        let errors = schema.validationErrors()
        #expect(errors.count == 1, "expected exactly one error, got \(errors)")
        return errors.first
    }

    @Test("a valid schema validates to itself")
    func valid() throws {
        let schema = withFields([FieldSchema(name: "x", type: .string)])
        #expect(try schema.validated() == schema)
    }

    @Test("validated() throws the first error")
    func throwsFirst() {
        let schema = ModelSchema(root: "Nope", structs: [StructSchema(name: "bad", fields: [])])
        #expect(throws: SchemaError(location: "root", message: "root \"Nope\" names no struct of the schema")) {
            try schema.validated()
        }
        #expect(schema.validationErrors().count == 2)
    }

    @Test("the root must name a struct")
    func root() {
        #expect(only(ModelSchema(root: "B", structs: [StructSchema(name: "A", fields: [])]))
            == SchemaError(location: "root", message: "root \"B\" names no struct of the schema"))
        let enumRoot = ModelSchema(root: "E", structs: [StructSchema(name: "A", fields: [])], enums: [EnumSchema(name: "E", rawType: .none, cases: [EnumCase(name: "a")])])
        #expect(only(enumRoot) == SchemaError(location: "root", message: "root \"E\" names an enum; the root must be a struct"))
    }

    @Test("type names are upper-case identifiers, not reserved, unique", arguments: [
        ("lower", "\"lower\" is not a type name: expected an ASCII letter A-Z followed by letters, digits or '_'"),
        ("Café", "\"Café\" is not a type name: expected an ASCII letter A-Z followed by letters, digits or '_'"),
        ("A-B", "\"A-B\" is not a type name: expected an ASCII letter A-Z followed by letters, digits or '_'"),
        ("", "\"\" is not a type name: expected an ASCII letter A-Z followed by letters, digits or '_'"),
        ("String", "String is reserved: it names a built-in type or one the emitted code uses"),
        ("Color", "Color is reserved: it names a built-in type or one the emitted code uses"),
        ("Int8", "Int8 is reserved: it names a built-in type or one the emitted code uses"),
        ("CodingKeys", "CodingKeys is reserved: it names a built-in type or one the emitted code uses"),
        ("ModelValue", "ModelValue is reserved: it names a built-in type or one the emitted code uses"),
        ("Self", "Self is reserved: it names a built-in type or one the emitted code uses"),
    ])
    func typeNames(name: String, message: String) {
        let schema = ModelSchema(root: "A", structs: [StructSchema(name: "A", fields: []), StructSchema(name: name, fields: [])])
        #expect(only(schema) == SchemaError(location: "structs[1].name (\(name))", message: message))
    }

    @Test("a type name is declared once across structs and enums")
    func duplicateTypeNames() {
        let schema = ModelSchema(
            root: "A", structs: [StructSchema(name: "A", fields: []), StructSchema(name: "A", fields: [])],
            enums: [EnumSchema(name: "A", rawType: .none, cases: [EnumCase(name: "x")])]
        )
        #expect(schema.validationErrors() == [
            SchemaError(location: "structs[1].name (A)", message: "duplicate type name A, first declared at structs[0].name"),
            SchemaError(location: "enums[0].name (A)", message: "duplicate type name A, first declared at structs[0].name"),
        ])
    }

    @Test("property names are lower-case identifiers, not keywords or reserved", arguments: [
        ("Title", "\"Title\" is not a property or case name: expected an ASCII letter a-z followed by letters, digits or '_'"),
        ("_id", "\"_id\" is not a property or case name: expected an ASCII letter a-z followed by letters, digits or '_'"),
        ("my name", "\"my name\" is not a property or case name: expected an ASCII letter a-z followed by letters, digits or '_'"),
        ("where", "where is a Swift keyword"),
        ("self", "self is a Swift keyword"),
        ("init", "init is a Swift keyword"),
        ("dictionary", "dictionary is reserved: the emitted code declares a member with this name"),
        ("modelValue", "modelValue is reserved: the emitted code declares a member with this name"),
        ("hashValue", "hashValue is reserved: the emitted code declares a member with this name"),
        ("convertEach", "convertEach is reserved: the emitted code declares a member with this name"),
    ])
    func propertyNames(name: String, message: String) {
        let schema = withFields([FieldSchema(name: name, codingKey: "k", type: .string)])
        #expect(only(schema) == SchemaError(location: "structs[0].fields[0].name (A.\(name))", message: message))
    }

    @Test("property names are unique in their struct")
    func duplicatePropertyNames() {
        let schema = withFields([FieldSchema(name: "x", type: .string), FieldSchema(name: "x", codingKey: "y", type: .bool)])
        #expect(only(schema) == SchemaError(location: "structs[0].fields[1].name (A.x)", message: "duplicate property name x, first declared at structs[0].fields[0]"))
    }

    @Test("coding keys are non-empty and unique per struct, but may repeat across structs")
    func codingKeys() {
        let duplicate = withFields([FieldSchema(name: "x", type: .string), FieldSchema(name: "y", codingKey: "x", type: .string)])
        #expect(only(duplicate) == SchemaError(location: "structs[0].fields[1].key (A.y)", message: "duplicate coding key \"x\", first used by structs[0].fields[0] (A.x)"))
        let empty = withFields([FieldSchema(name: "x", codingKey: "", type: .string)])
        #expect(only(empty) == SchemaError(location: "structs[0].fields[0].key (A.x)", message: "the coding key is empty; Firestore field names must not be empty"))
        let acrossStructs = withFields(
            [FieldSchema(name: "x", type: .string), FieldSchema(name: "b", type: .structure("B"))],
            more: [StructSchema(name: "B", fields: [FieldSchema(name: "x", type: .string)])]
        )
        #expect(acrossStructs.validationErrors() == [])
        let uncodedTwice = withFields([FieldSchema(name: "x", keyed: false, type: .string), FieldSchema(name: "y", keyed: false, type: .string)])
        #expect(uncodedTwice.validationErrors() == [])
    }

    @Test("every type name resolves, and no type is a double optional", arguments: [
        (FieldType.structure("Missing"), "unknown type Missing: no struct or enum of the schema has this name"),
        (.array(.optional(.structure("Missing"))), "unknown type Missing: no struct or enum of the schema has this name"),
        (.enumeration("Gone"), "unknown enum Gone"),
        (.dictionary(key: .enumeration("Gone"), value: .string), "unknown enum Gone as dictionary key"),
        (.optional(.optional(.integer(.int))), "double optional Int?? is not allowed: Codable cannot tell its two nils apart"),
        (.dictionary(key: .string, value: .optional(.optional(.string))), "double optional String?? is not allowed: Codable cannot tell its two nils apart"),
    ])
    func typeResolution(type: FieldType, message: String) {
        #expect(only(withFields([FieldSchema(name: "x", type: type)])) == SchemaError(location: "structs[0].fields[0].type (A.x)", message: message))
    }

    @Test("no struct contains itself, through any kind of field")
    func cycles() {
        let direct = withFields([FieldSchema(name: "me", type: .array(.structure("A")))])
        #expect(only(direct) == SchemaError(location: "structs[0].fields[0].type (A.me)", message: "struct cycle A → A: a struct cannot contain itself"))
        let indirect = withFields(
            [FieldSchema(name: "b", type: .optional(.structure("B")))],
            more: [
                StructSchema(name: "B", fields: [FieldSchema(name: "c", type: .dictionary(key: .string, value: .structure("C")))]),
                StructSchema(name: "C", fields: [FieldSchema(name: "a", type: .set(.structure("A")))]),
            ]
        )
        #expect(only(indirect) == SchemaError(location: "structs[2].fields[0].type (C.a)", message: "struct cycle A → B → C → A: a struct cannot contain itself"))
        let diamond = withFields(
            [FieldSchema(name: "b", type: .structure("B")), FieldSchema(name: "c", type: .structure("C"))],
            more: [StructSchema(name: "B", fields: [FieldSchema(name: "c", type: .structure("C"))]), StructSchema(name: "C", fields: [])]
        )
        #expect(diamond.validationErrors() == [])
    }

    @Test("wrappers wrap the types the SDK allows", arguments: [
        (PropertyWrapper.documentID, FieldType.optional(.string), nil as String?),
        (.documentID, .optional(.documentReference), nil),
        (.documentID, .string, "@DocumentID needs type String? or DocumentReference?, found String"),
        (.documentID, .optional(.integer(.int)), "@DocumentID needs type String? or DocumentReference?, found Int?"),
        (.serverTimestamp, .optional(.date), nil),
        (.serverTimestamp, .optional(.timestamp), nil),
        (.serverTimestamp, .date, "@ServerTimestamp needs type Date? or Timestamp?, found Date"),
        (.serverTimestamp, .optional(.string), "@ServerTimestamp needs type Date? or Timestamp?, found String?"),
        (.explicitNull, .optional(.array(.structure("A2"))), nil),
        (.explicitNull, .optional(.hexColor), nil),
        (.explicitNull, .integer(.int), "@ExplicitNull needs an optional type, found Int"),
    ])
    func wrappers(wrapper: PropertyWrapper, type: FieldType, message: String?) {
        let schema = withFields([FieldSchema(name: "x", type: type, wrapper: wrapper)], more: [StructSchema(name: "A2", fields: [])])
        #expect(schema.validationErrors() == message.map { [SchemaError(location: "structs[0].fields[0].wrapper (A.x)", message: $0)] } ?? [])
    }

    @Test("a property left out of CodingKeys needs a zero value or @DocumentID", arguments: [
        (FieldType.optional(.date), true), (.string, true), (.bool, true), (.integer(.uint8), true), (.float, true),
        (.double, true), (.decimal, true), (.array(.date), true), (.set(.string), true),
        (.dictionary(key: .enumeration("E"), value: .date), true),
        (.date, false), (.url, false), (.data, false), (.timestamp, false), (.geoPoint, false), (.documentReference, false),
        (.hexColor, false), (.enumeration("E"), false), (.structure("A2"), false),
    ])
    func uncoded(type: FieldType, allowed: Bool) {
        let schema = withFields(
            [FieldSchema(name: "x", keyed: false, type: type)],
            enums: [EnumSchema(name: "E", rawType: .string, cases: [EnumCase(name: "a")])],
            more: [StructSchema(name: "A2", fields: [])]
        )
        let expected = SchemaError(
            location: "structs[0].fields[0].coded (A.x)",
            message: "a property left out of CodingKeys needs a default value, and \(type) has none; only optionals, String, Bool, numbers, Decimal, arrays, sets, dictionaries and @DocumentID properties can be left out"
        )
        #expect(schema.validationErrors() == (allowed ? [] : [expected]))
    }

    @Test("an uncoded @DocumentID is allowed with either type")
    func uncodedDocumentID() {
        let schema = withFields([
            FieldSchema(name: "id", keyed: false, type: .optional(.string), wrapper: .documentID),
            FieldSchema(name: "ref", keyed: false, type: .optional(.documentReference), wrapper: .documentID),
        ])
        #expect(schema.validationErrors() == [])
    }

    @Test("an enum has at least one case")
    func emptyEnum() {
        #expect(only(withEnum(.string, [])) == SchemaError(location: "enums[0].cases (E)", message: "an enum needs at least one case"))
    }

    @Test("case names are valid and unique")
    func caseNames() {
        #expect(only(withEnum(.none, [EnumCase(name: "Big")]))
            == SchemaError(location: "enums[0].cases[0].name (E.Big)", message: "\"Big\" is not a property or case name: expected an ASCII letter a-z followed by letters, digits or '_'"))
        #expect(only(withEnum(.none, [EnumCase(name: "default")]))
            == SchemaError(location: "enums[0].cases[0].name (E.default)", message: "default is a Swift keyword"))
        #expect(only(withEnum(.string, [EnumCase(name: "rawValue")]))
            == SchemaError(location: "enums[0].cases[0].name (E.rawValue)", message: "rawValue is reserved: the emitted code declares a member with this name"))
        #expect(only(withEnum(.none, [EnumCase(name: "a"), EnumCase(name: "a")]))
            == SchemaError(location: "enums[0].cases[1].name (E.a)", message: "duplicate case name a, first declared at enums[0].cases[0]"))
    }

    @Test("raw values match the raw type")
    func rawValueKinds() {
        #expect(only(withEnum(.none, [EnumCase(name: "a", rawValue: .string("x"))]))
            == SchemaError(location: "enums[0].cases[0].rawValue (E.a)", message: "raw value \"x\" on an enum without raw values; give the enum \"raw\": \"String\" or \"Int\""))
        #expect(only(withEnum(.string, [EnumCase(name: "a", rawValue: .int(1))]))
            == SchemaError(location: "enums[0].cases[0].rawValue (E.a)", message: "integer raw value 1 in a String enum"))
        #expect(only(withEnum(.int, [EnumCase(name: "a", rawValue: .string("1"))]))
            == SchemaError(location: "enums[0].cases[0].rawValue (E.a)", message: "string raw value \"1\" in an Int enum"))
    }

    @Test("effective raw values are unique: explicit, implicit names, implicit successors")
    func rawValueUniqueness() {
        #expect(only(withEnum(.string, [EnumCase(name: "a", rawValue: .string("b")), EnumCase(name: "b")]))
            == SchemaError(location: "enums[0].cases[1] (E.b)", message: "implicit raw value \"b\" is already the raw value of case a"))
        #expect(only(withEnum(.string, [EnumCase(name: "a"), EnumCase(name: "b", rawValue: .string("a"))]))
            == SchemaError(location: "enums[0].cases[1].rawValue (E.b)", message: "raw value \"a\" is already the raw value of case a"))
        #expect(only(withEnum(.int, [EnumCase(name: "a", rawValue: .int(1)), EnumCase(name: "b", rawValue: .int(0)), EnumCase(name: "c")]))
            == SchemaError(location: "enums[0].cases[2] (E.c)", message: "implicit raw value 1 is already the raw value of case a"))
        #expect(withEnum(.int, [EnumCase(name: "a"), EnumCase(name: "b", rawValue: .int(5)), EnumCase(name: "c")]).validationErrors() == [])
        #expect(withEnum(.string, [EnumCase(name: "a", rawValue: .string("")), EnumCase(name: "b", rawValue: .string(" "))]).validationErrors() == [])
    }

    @Test("an implicit Int raw value past Int.max is an error")
    func rawValueOverflow() {
        let schema = withEnum(.int, [EnumCase(name: "a", rawValue: .int(Int64.max)), EnumCase(name: "b")])
        #expect(only(schema) == SchemaError(location: "enums[0].cases[1] (E.b)", message: "the implicit raw value (the previous one plus 1) overflows Int"))
    }

    @Test("Set elements and dictionary keys of every kind are accepted: all of them are Hashable")
    func hashable() {
        let schema = withFields(
            [
                FieldSchema(name: "a", type: .set(.structure("A2"))), FieldSchema(name: "b", type: .set(.hexColor)),
                FieldSchema(name: "c", type: .set(.optional(.geoPoint))), FieldSchema(name: "d", type: .set(.enumeration("E"))),
                FieldSchema(name: "e", type: .dictionary(key: .enumeration("E"), value: .set(.timestamp))),
            ],
            enums: [EnumSchema(name: "E", rawType: .none, cases: [EnumCase(name: "x")])],
            more: [StructSchema(name: "A2", fields: [FieldSchema(name: "f", type: .set(.documentReference))])]
        )
        #expect(schema.validationErrors() == [])
    }

    @Test("the zero values of types")
    func zeroValues() {
        #expect(FieldType.optional(.date).zeroValue == .null)
        #expect(FieldType.string.zeroValue == .string(""))
        #expect(FieldType.integer(.int8).zeroValue == .int(0))
        #expect(FieldType.integer(.uint64).zeroValue == .uint(0))
        #expect(FieldType.float.zeroValue == .float(0))
        #expect(FieldType.decimal.zeroValue == .decimal(0))
        #expect(FieldType.dictionary(key: .int, value: .string).zeroValue == .dictionary([]))
        #expect(FieldType.geoPoint.zeroValue == nil)
    }
}
