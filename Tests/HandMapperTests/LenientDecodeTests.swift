import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Lenient decoding: the ?? default idiom")
struct LenientDecodeTests {
    func lenient(_ schema: ModelSchema, _ data: [String: Any], reference: DocumentReference? = nil) -> LenientResult {
        LenientHandMapper(schema: schema).decode(data, reference: reference)
    }

    @Test func validDocumentHasNoDefaults() throws {
        let reference = try bookReference()
        let result = lenient(SeedShapes.book, SeedShapes.bookDocument(), reference: reference)
        #expect(result.defaults.isEmpty)
        #expect(result.value == strictValue(SeedShapes.book, SeedShapes.bookDocument(), reference: reference))
    }

    @Test func eachBadValueDefaultsAloneAtItsPath() throws {
        var document = SeedShapes.bookDocument()
        document["numberOfPages"] = "816"
        document.removeValue(forKey: "author")
        document["genres"] = ["ok", NSNull(), Int64(3)] as [Any]
        document["tags"] = [
            ["title": "a", "color": "#000000"] as [String: Any],
            "not a tag",
            ["title": Int64(1), "color": "red"] as [String: Any],
        ] as [Any]
        document["status"] = "gone"
        let result = lenient(SeedShapes.book, document, reference: try bookReference())
        let described = result.defaults.map { "\($0.path) \($0.kind.rawValue) \($0.found)" }
        #expect(described == [
            "numberOfPages typeMismatch a string (\"816\")",
            "author keyNotFound nothing",
            "genres[1] valueNotFound null",
            "genres[2] typeMismatch a number (integer 3)",
            "tags[1] typeMismatch a string (\"not a tag\")",
            "tags[2].title typeMismatch a number (integer 1)",
            "tags[2].color dataCorrupted a string (\"red\")",
            "status dataCorrupted a string (\"gone\")",
        ])
        #expect(result.defaults.map(\.substituted) == [
            .int(0), .string(""), .string(""), .string(""),
            .structure([ModelField(name: "title", value: .string("")), ModelField(name: "color", value: .color(RGBAColor(red: 0, green: 0, blue: 0)))]),
            .string(""), .color(RGBAColor(red: 0, green: 0, blue: 0)), .enumCase("draft"),
        ])
        #expect(field(result.value, "genres") == .array([.string("ok"), .string(""), .string("")]))
        #expect(result.defaults[6].path == ValuePath([.key("tags"), .index(2), .key("color")]))
    }

    @Test func appleBridgingOfNumbersAndBooleans() throws {
        #expect(lenient(single(.bool), ["value": Int64(1)]).value == model(.bool(true)))
        #expect(lenient(single(.bool), ["value": -0.0]).value == model(.bool(false)))
        let two = lenient(single(.bool), ["value": Int64(2)])
        #expect(two.value == model(.bool(false)))
        #expect(two.defaults.map(\.kind) == [.typeMismatch])
        #expect(lenient(single(.integer(.uint8)), ["value": true]).value == model(.uint(1)))
        #expect(lenient(single(.integer(.int)), ["value": 3.0]).value == model(.int(3)))
        let overflow = lenient(single(.integer(.int8)), ["value": Int64(128)])
        #expect(overflow.value == model(.int(0)))
        #expect(overflow.defaults.first?.kind == .dataCorrupted)
        // `as? Float` needs an exactly representable value; NaN and infinity pass.
        let tenth = lenient(single(.float), ["value": 0.1])
        #expect(tenth.value == model(.float(0)))
        #expect(tenth.defaults.first?.kind == .dataCorrupted)
        #expect(lenient(single(.float), ["value": Double.nan]).value == model(.float(.nan)))
        #expect(lenient(single(.float), ["value": Double.infinity]).defaults.isEmpty)
        // `as? Double` fails for an Int64 a Double cannot hold exactly.
        let big = lenient(single(.double), ["value": Int64(1) << 53 + 1])
        #expect(big.value == model(.double(0)))
        #expect(big.defaults.first?.found == "a number (integer 9007199254740993)")
        #expect(lenient(single(.double), ["value": Int64(1) << 53]).value == model(.double(9_007_199_254_740_992)))
        #expect(lenient(single(.decimal), ["value": Int64(5)]).value == model(.decimal(5)))
    }

    @Test func castsTheIdiomCannotMake() throws {
        let dateMap = lenient(single(.date), ["value": ["seconds": Int64(1), "nanoseconds": Int64(0)] as [String: Any]])
        #expect(dateMap.value == model(.date(Date(timeIntervalSince1970: 0))))
        #expect(dateMap.defaults.map(\.kind) == [.typeMismatch])
        let base64 = lenient(single(.data), ["value": "AQID"])
        #expect(base64.value == model(.data(Data())))
        #expect(base64.defaults.first?.found == "a string (\"AQID\")")
        let timestamp = Timestamp(seconds: 10, nanoseconds: 0)
        #expect(lenient(single(.date), ["value": timestamp]).value == model(.date(timestamp.dateValue())))
        let reference = lenient(single(.documentReference), ["value": "books/x"])
        #expect(reference.defaults.first?.kind == .invalidValue)
        #expect(reference.value == model(.reference(try DocumentReference(path: "zero/zero"))))
    }

    @Test func optionalsAndWrappers() throws {
        let optional = single(.optional(.string))
        #expect(lenient(optional, [:]).defaults.isEmpty)
        #expect(lenient(optional, ["value": NSNull()]).value == model(.null))
        let wrong = lenient(optional, ["value": Int64(1)])
        #expect(wrong.value == model(.null))
        #expect(wrong.defaults == [SilentDefault(path: ValuePath(keys: "value"), kind: .typeMismatch, found: "a number (integer 1)", substituted: .null)])

        for wrapper in [PropertyWrapper.serverTimestamp, .explicitNull] {
            let schema = single(.optional(.timestamp), wrapper: wrapper)
            let absent = lenient(schema, [:])
            #expect(absent.value == model(.null))
            #expect(absent.defaults == [SilentDefault(path: ValuePath(keys: "value"), kind: .keyNotFound, found: "nothing", substituted: .null)])
            #expect(lenient(schema, ["value": NSNull()]).defaults.isEmpty)
        }

        let documentID = single(.optional(.string), wrapper: .documentID)
        let noReference = lenient(documentID, ["value": "x"])
        #expect(noReference.value == model(.null))
        #expect(noReference.defaults.first?.kind == .invalidValue)
        #expect(lenient(documentID, [:], reference: try bookReference()).value == model(.string("hitchhiker")))
    }

    @Test func missingAndNullNonOptionals() throws {
        let schema = single(.array(.integer(.int)))
        let missing = lenient(schema, [:])
        #expect(missing.defaults == [SilentDefault(path: ValuePath(keys: "value"), kind: .keyNotFound, found: "nothing", substituted: .array([]))])
        let null = lenient(schema, ["value": NSNull()])
        #expect(null.defaults.first?.kind == .valueNotFound)
        let dictionary = lenient(single(.dictionary(key: .string, value: .date)), ["value": ["k": NSNull()] as [String: Any]])
        #expect(dictionary.defaults.first?.path.description == "value.k")
    }

    @Test func dictionaryKeysAndFlatArrays() throws {
        let intKeyed = lenient(single(.dictionary(key: .int, value: .string)), ["value": ["x": "a"] as [String: Any]])
        #expect(intKeyed.value == model(.dictionary([ModelDictionaryEntry(key: .int(0), value: .string("a"))])))
        #expect(intKeyed.defaults.first?.path.description == "value.x")
        #expect(intKeyed.defaults.first?.found == "a key (\"x\")")
        let kind = EnumSchema(name: "Kind", rawType: .string, cases: [EnumCase(name: "a")])
        let flat = lenient(single(.dictionary(key: .enumeration("Kind"), value: .integer(.int)), enums: [kind]),
                           ["value": ["a", Int64(1), "a"] as [Any]])
        #expect(flat.value == model(.dictionary([ModelDictionaryEntry(key: .enumCase("a"), value: .int(1))])))
        #expect(flat.defaults == [SilentDefault(path: ValuePath([.key("value"), .index(2)]), kind: .dataCorrupted,
                                                found: "a string (\"a\")", substituted: .null)])
    }

    @Test func enumsWithoutRawValuesAndIntRawValues() throws {
        let phase = EnumSchema(name: "Phase", rawType: .none, cases: [EnumCase(name: "draft"), EnumCase(name: "done")])
        let schema = single(.enumeration("Phase"), enums: [phase])
        #expect(lenient(schema, ["value": ["done": [String: Any]()] as [String: Any]]).value == model(.enumCase("done")))
        let payload = lenient(schema, ["value": ["done": Int64(1)] as [String: Any]])
        #expect(payload.value == model(.enumCase("draft")))
        #expect(payload.defaults.first?.kind == .typeMismatch)
        let level = EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "zero"), EnumCase(name: "one")])
        let levels = single(.enumeration("Level"), enums: [level])
        #expect(lenient(levels, ["value": true]).value == model(.enumCase("one")))
        #expect(lenient(levels, ["value": Int64(5)]).defaults.first?.kind == .dataCorrupted)
    }
}
