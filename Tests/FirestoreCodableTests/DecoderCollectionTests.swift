import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6–7: arrays, sets, dictionaries, optionals, enums and nested
/// structs.
@Suite("Decoder: collections, optionals, enums, nesting")
struct DecoderCollectionTests {
    struct Scores: Decodable, Equatable {
        var values: [Int]
    }

    enum Color: String, Decodable {
        case red, green
    }

    enum Level: Int, Decodable {
        case low = 1, high = 2
    }

    struct Paint: Decodable, Equatable {
        var color: Color
        var level: Level?
    }

    struct Inner: Decodable, Equatable {
        var name: String
    }

    struct Outer: Decodable, Equatable {
        var inner: Inner
        var list: [Inner]
    }

    struct Maybe: Decodable, Equatable {
        var text: String?
        var number: Int?
        var inner: Inner?
    }

    // MARK: Arrays and sets

    @Test("arrays and sets from arrays")
    func arraysAndSets() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Scores.self, from: ["values": [3, 1, 2]]) == Scores(values: [3, 1, 2]))
        #expect(try decoder.decode(Set<String>.self, from: ["a", "b", "a"]) == ["a", "b"])
        #expect(try decoder.decode([[Int]].self, from: [[1], [2, 3]]) == [[1], [2, 3]])
        #expect(try decoder.decode([Int?].self, from: [1, NSNull(), 3]) == [1, nil, 3])
    }

    @Test("an array from null or a map")
    func arrayFromWrongTypes() {
        #expect(decodingFailure(Scores.self, from: ["values": NSNull()]) == DecodingFailure(
            .valueNotFound, "UnkeyedDecodingContainer", [key("values")],
            "Cannot get unkeyed decoding container -- found null value instead."
        ))
        #expect(decodingFailure(Scores.self, from: ["values": ["a": 1]]) == DecodingFailure(
            .typeMismatch, "Array<Any>", [key("values")], "Expected to decode Array<Any> but found a dictionary instead."
        ))
    }

    @Test("a null element of a non-optional array: the single-value error at the element's path")
    func nullElement() {
        #expect(decodingFailure(Scores.self, from: ["values": [1, NSNull()]]) == DecodingFailure(
            .valueNotFound, "Int", [key("values"), index(1)], "Expected Int but found null value instead."
        ))
        // A struct element from null fails in its keyed container.
        #expect(decodingFailure([Inner].self, from: [["name": "a"], NSNull()]) == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [index(1)],
            "Cannot get keyed decoding container -- found null value instead."
        ))
    }

    @Test("a null element read by the container itself (Date, Data, URL, Decimal, [String: V]): index twice")
    func nullElementOfContainerReadType() {
        #expect(decodingFailure([Date].self, from: [Timestamp(seconds: 0, nanoseconds: 0), NSNull()]) == DecodingFailure(
            .valueNotFound, "Date", [index(1), index(1)], "Expected Date but found null instead."
        ))
        #expect(decodingFailure([URL].self, from: [NSNull()]) == DecodingFailure(
            .valueNotFound, "URL", [index(0), index(0)], "Expected URL but found null instead."
        ))
        #expect(decodingFailure([[String: Int]].self, from: [NSNull()]) == DecodingFailure(
            .valueNotFound, "Dictionary<String, Int>", [index(0), index(0)],
            "Expected Dictionary<String, Int> but found null instead."
        ))
    }

    @Test("element errors carry Index N")
    func elementErrors() {
        #expect(decodingFailure(Outer.self, from: ["inner": ["name": "x"], "list": [["name": "y"], ["name": 3]]])
            == DecodingFailure(.typeMismatch, "String", [key("list"), index(1), key("name")],
                               "Expected to decode String but found a number instead."))
    }

    // MARK: Dictionaries

    @Test("[String: V] keeps keys verbatim, even under convertFromSnakeCase")
    func stringKeyedDictionaries() throws {
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let result = try decoder.decode([String: Int].self, from: ["snake_key": 1, "camelKey": 2])
        #expect(result == ["snake_key": 1, "camelKey": 2])
    }

    @Test("[String: V] from a non-map, and element errors with the key on the path")
    func stringKeyedDictionaryErrors() {
        #expect(decodingFailure([String: Int].self, from: [1, 2]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Int>", [],
            "Expected to decode Dictionary<String, Int> but found an array instead."
        ))
        #expect(decodingFailure([String: Int].self, from: ["a": 1, "b": "x"]) == DecodingFailure(
            .typeMismatch, "Int", [key("b")], "Expected to decode Int but found a string/data instead."
        ))
        #expect(decodingFailure([String: [String: Int]].self, from: ["outer": ["inner": 1.5]]) == DecodingFailure(
            .dataCorrupted, nil, [key("outer"), key("inner")], "Parsed JSON number <1.5> does not fit in Int."
        ))
        #expect(decodingFailure([String: Int].self, from: ["a": NSNull()]) == DecodingFailure(
            .valueNotFound, "Int", [key("a")], "Expected Int but found null value instead."
        ))
    }

    @Test("[String: Date/Data/URL/Decimal] drop entries whose value is null")
    func nullEntriesDropped() throws {
        let decoder = Firestore.Decoder()
        let stamp = Timestamp(seconds: 5, nanoseconds: 0)
        #expect(try decoder.decode([String: Date].self, from: ["a": stamp, "b": NSNull()]) == ["a": stamp.dateValue()])
        #expect(try decoder.decode([String: Data].self, from: ["a": NSNull()]) == [:])
        #expect(try decoder.decode([String: URL].self, from: ["a": NSNull(), "b": "https://x.io"]).keys.sorted() == ["b"])
        #expect(try decoder.decode([String: Decimal].self, from: ["a": NSNull(), "b": 2]) == ["b": 2])
        #expect(try decoder.decode([String: [String: Int]].self, from: ["a": NSNull()]) == [:])
        // Optional values keep their key with nil.
        let optionals = try decoder.decode([String: Int?].self, from: ["a": NSNull(), "b": 1])
        #expect(optionals.count == 2)
        #expect(optionals["a"] == .some(nil))
        #expect(optionals["b"] == 1)
    }

    @Test("[Int: V] from a map with decimal-string keys")
    func intKeyedDictionaries() throws {
        #expect(try Firestore.Decoder().decode([Int: String].self, from: ["1": "one", "-2": "minus two"])
            == [1: "one", -2: "minus two"])
        #expect(decodingFailure([Int: String].self, from: ["x": "?"]) == DecodingFailure(
            .typeMismatch, "Int", [key("x")], "Expected Int key but found String key instead."
        ))
    }

    @Test("[Enum: V] only from a flat array; a map is a type mismatch against Array<Any>")
    func enumKeyedDictionaries() throws {
        #expect(try Firestore.Decoder().decode([Color: Int].self, from: ["red", 1, "green", 2]) == [.red: 1, .green: 2])
        #expect(decodingFailure([Color: Int].self, from: ["red": 1]) == DecodingFailure(
            .typeMismatch, "Array<Any>", [], "Expected to decode Array<Any> but found a dictionary instead."
        ))
    }

    // MARK: Optionals

    @Test("optionals: absent or null give nil")
    func optionalsAbsentOrNull() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Maybe.self, from: [String: Any]()) == Maybe())
        #expect(try decoder.decode(Maybe.self, from: ["text": NSNull(), "number": NSNull(), "inner": NSNull()]) == Maybe())
        #expect(try decoder.decode(Maybe.self, from: ["text": "t", "number": 2, "inner": ["name": "n"]])
            == Maybe(text: "t", number: 2, inner: Inner(name: "n")))
        #expect(try decoder.decode(DecodedOptionalField<Int>.self, from: ["value": NSNull()]).value == nil)
    }

    @Test("optionals: a present value of the wrong type is an error, not nil")
    func optionalsWrongType() {
        #expect(decodingFailure(Maybe.self, from: ["number": true]) == DecodingFailure(
            .typeMismatch, "Int", [key("number")], "Expected to decode Int but found a number instead."
        ))
        #expect(decodingFailure(Maybe.self, from: ["number": "abc"]) == DecodingFailure(
            .typeMismatch, "Int", [key("number")], "Expected to decode Int but found a string/data instead."
        ))
        #expect(decodingFailure(Maybe.self, from: ["inner": 5]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [key("inner")],
            "Expected to decode Dictionary<String, Any> but found a number instead."
        ))
    }

    // MARK: Enums and nesting

    @Test("enums by raw value; an unknown raw value is the standard library's error at the key")
    func rawValueEnums() throws {
        #expect(try Firestore.Decoder().decode(Paint.self, from: ["color": "red", "level": 2]) == Paint(color: .red, level: .high))
        #expect(decodingFailure(Paint.self, from: ["color": "purple"]) == DecodingFailure(
            .dataCorrupted, nil, [key("color")], "Cannot initialize Color from invalid String value purple"
        ))
        #expect(decodingFailure(Paint.self, from: ["color": "red", "level": 3]) == DecodingFailure(
            .dataCorrupted, nil, [key("level")], "Cannot initialize Level from invalid Int value 3"
        ))
        #expect(decodingFailure([Color].self, from: ["green", "blue"]) == DecodingFailure(
            .dataCorrupted, nil, [index(1)], "Cannot initialize Color from invalid String value blue"
        ))
        #expect(decodingFailure(Paint.self, from: ["color": 1]) == DecodingFailure(
            .typeMismatch, "String", [key("color")], "Expected to decode String but found a number instead."
        ))
    }

    enum Shape: Decodable, Equatable {
        case dot
        case circle(radius: Double)
    }

    @Test("enums with associated values from their synthesized map form")
    func associatedValueEnums() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Shape.self, from: ["dot": [String: Any]()]) == .dot)
        #expect(try decoder.decode(Shape.self, from: ["circle": ["radius": 2]]) == .circle(radius: 2))
        let failure = decodingFailure(Shape.self, from: ["dot": [String: Any](), "circle": ["radius": 1]])
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == [])
    }

    @Test("nested structs decode from nested maps; errors name the full path")
    func nestedStructs() throws {
        let outer = try Firestore.Decoder().decode(Outer.self, from: ["inner": ["name": "a"], "list": [["name": "b"]]])
        #expect(outer == Outer(inner: Inner(name: "a"), list: [Inner(name: "b")]))
        #expect(decodingFailure(Outer.self, from: ["inner": ["nom": "a"], "list": []]) == DecodingFailure(
            .keyNotFound, "name", [key("inner")],
            "No value associated with key CodingKeys(stringValue: \"name\", intValue: nil) (\"name\")."
        ))
        #expect(decodingFailure(Outer.self, from: ["inner": NSNull(), "list": []]) == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [key("inner")],
            "Cannot get keyed decoding container -- found null value instead."
        ))
    }
}
