import Foundation
import ModelSchema
import Testing

/// Hand-written codings (`FieldCoding`): which property types each fits, and their JSON member
/// `coding`, new in format version 3.
@Suite("Hand-written codings of properties")
struct SchemaCodingTests {
    let point = StructSchema(name: "P", fields: [FieldSchema(name: "x", type: .double)])
    let empty = StructSchema(name: "Q", fields: [FieldSchema(name: "x", keyed: false, type: .double)])

    /// The errors of a root `A` with one field `f`.
    func errors(_ field: FieldSchema) -> [SchemaError] {
        ModelSchema(root: "A", structs: [StructSchema(name: "A", fields: [field]), point, empty]).validationErrors()
    }

    @Test("each coding fits the types its container calls can code", arguments: [
        (FieldCoding.elementwise, FieldType.array(.integer(.int8))), (.elementwise, .optional(.array(.optional(.structure("P"))))),
        (.elementwise, .array(.date)), (.nested, .structure("P")), (.nested, .optional(.structure("P"))), (.superCoder, .structure("Q")),
        (.singleValue, .integer(.uint16)), (.singleValue, .optional(.float)), (.twoEncodings, .data), (.twoEncodings, .optional(.bool)),
    ])
    func fits(_ coding: FieldCoding, _ type: FieldType) {
        #expect(errors(FieldSchema(name: "f", type: type, coding: coding)) == [])
    }

    @Test("a coding on a type its calls cannot code is refused, naming the field", arguments: [
        (FieldCoding.elementwise, FieldType.set(.string), "\"coding\": \"elementwise\" needs an array or an optional one, found Set<String>"),
        (.elementwise, .array(.structure("Q")), "\"coding\": \"elementwise\" reads Q's fields inline, and Q codes none"),
        (.nested, .array(.structure("P")), "\"coding\": \"nested\" needs a struct or an optional one, found [P]"),
        (.superCoder, .optional(.structure("P")), "\"coding\": \"super\" needs a struct (not an optional one), found P?"),
        (.singleValue, .date, "\"coding\": \"singleValue\" needs String, Bool, Double, Float or an integer type (or an optional one), found Date"),
        (.twoEncodings, .string, "\"coding\": \"twoEncodings\" needs Data, an integer type, Double or Bool (or an optional one), found String"),
    ])
    func refused(_ coding: FieldCoding, _ type: FieldType, _ message: String) {
        #expect(errors(FieldSchema(name: "f", type: type, coding: coding)) == [SchemaError(location: "structs[0].fields[0].coding (A.f)", message: message)])
    }

    @Test("a wrapped or uncoded property has no hand-written coding")
    func wrappedOrUncoded() {
        #expect(errors(FieldSchema(name: "f", type: .optional(.integer(.int)), wrapper: .explicitNull, coding: .singleValue))
            == [SchemaError(location: "structs[0].fields[0].coding (A.f)", message: "a @ExplicitNull property is coded through its wrapper type, so it has no hand-written coding")])
        #expect(errors(FieldSchema(name: "f", keyed: false, type: .integer(.int), coding: .singleValue))
            == [SchemaError(location: "structs[0].fields[0].coding (A.f)", message: "a property left out of CodingKeys is never coded, so it has no hand-written coding")])
    }

    @Test("the member is written in version 3 and read back; version 2 does not know it")
    func json() throws {
        let schema = ModelSchema(root: "A", structs: [StructSchema(name: "A", fields: [FieldSchema(name: "f", type: .array(.string), coding: .elementwise)])])
        let text = String(decoding: schema.jsonData(), as: UTF8.self)
        #expect(text.contains("\"crossfireSchema\": 3") && text.contains("\"coding\": \"elementwise\""))
        #expect(try ModelSchema(json: schema.jsonData()) == schema)
        let older = #"{"crossfireSchema": 2, "root": "A", "structs": [{"name": "A", "fields": [{"name": "f", "type": "[String]", "coding": "elementwise"}]}]}"#
        #expect(throws: SchemaError.self) { try ModelSchema(json: Data(older.utf8)) }
        let unknown = #"{"crossfireSchema": 3, "root": "A", "structs": [{"name": "A", "fields": [{"name": "f", "type": "[String]", "coding": "inline"}]}]}"#
        #expect(throws: SchemaError(location: "structs[0].fields[0].coding (A.f)",
                                    message: "unknown coding \"inline\"; expected one of \"elementwise\", \"nested\", \"super\", \"singleValue\", \"twoEncodings\"")) {
            try ModelSchema(json: Data(unknown.utf8))
        }
    }
}
