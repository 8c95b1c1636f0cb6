import Foundation
import Testing
@testable import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6.3: key decoding strategies.
@Suite("Decoder: key strategies")
struct DecoderKeyStrategyTests {
    /// The SDK's (Foundation's) `testDecodingKeyStrategyCamel` table.
    static let camelCaseTable: [(String, String)] = [
        ("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("single", "single"),
        ("snake_case", "snakeCase"), ("one_two_three", "oneTwoThree"), ("one_2_three", "one2Three"),
        ("one2_three", "one2Three"), ("snake_Ćase", "snakeĆase"), ("snake_ćase", "snakeĆase"),
        ("alreadyCamelCase", "alreadyCamelCase"), ("__this_and_that", "__thisAndThat"),
        ("_this_and_that", "_thisAndThat"), ("this__and__that", "thisAndThat"),
        ("this_and_that__", "thisAndThat__"), ("this_aNd_that", "thisAndThat"),
        ("_one_two_three", "_oneTwoThree"), ("one_two_three_", "oneTwoThree_"),
        ("__one_two_three", "__oneTwoThree"), ("one_two_three__", "oneTwoThree__"),
        ("_one_two_three_", "_oneTwoThree_"), ("__one_two_three__", "__oneTwoThree__"),
        ("_test", "_test"), ("_test_", "_test_"), ("__test", "__test"), ("test__", "test__"),
        ("_", "_"), ("__", "__"), ("___", "___"), ("🐧_🐟", "🐧🐟"),
    ]

    @Test("convertFromSnakeCase rewrites keys by the SDK's table")
    func camelCaseTable() {
        for (stored, expected) in Self.camelCaseTable {
            #expect(DecodingKeyConversion.camelCased(stored) == expected, "\(stored)")
        }
    }

    struct Snaky: Decodable, Equatable {
        var oneTwoThree: Int
        var thisAndThat: String
        var plain: Bool
    }

    @Test("convertFromSnakeCase end to end, nested maps included")
    func endToEnd() throws {
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Snaky.self, from: ["one_two_three": 1, "this__and__that": "x", "plain": true])
            == Snaky(oneTwoThree: 1, thisAndThat: "x", plain: true))
        #expect(try decoder.decode([Snaky].self, from: [["one_two_three": 2, "this_and_that": "y", "plain": false]])
            == [Snaky(oneTwoThree: 2, thisAndThat: "y", plain: false)])
        // Already camel-cased keys without underscores are read as they are.
        #expect(try decoder.decode(Snaky.self, from: ["oneTwoThree": 3, "thisAndThat": "z", "plain": true])
            == Snaky(oneTwoThree: 3, thisAndThat: "z", plain: true))
    }

    @Test("where two keys convert alike the first one met wins")
    func duplicateConvertedKeys() throws {
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let first: FirestoreMap = ["one_two_three": .integer(1), "oneTwoThree": .integer(2),
                                   "this_and_that": .string("a"), "plain": .boolean(true)]
        #expect(try decoder.decode(Snaky.self, from: first).oneTwoThree == 1)
        let second: FirestoreMap = ["oneTwoThree": .integer(2), "one_two_three": .integer(1),
                                    "this_and_that": .string("a"), "plain": .boolean(true)]
        #expect(try decoder.decode(Snaky.self, from: second).oneTwoThree == 2)
    }

    struct Described: Decodable {
        var name: Int
        var fooBar: Int
        var myURL: Int
    }

    @Test("keyNotFound under convertFromSnakeCase names the stored form it looked for")
    func errorDescriptions() {
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(decodingFailure(Described.self, from: [String: Any](), decoder: decoder) == DecodingFailure(
            .keyNotFound, "name", [],
            "No value associated with key CodingKeys(stringValue: \"name\", intValue: nil) (\"name\")."
        ))
        #expect(decodingFailure(Described.self, from: ["name": 1], decoder: decoder) == DecodingFailure(
            .keyNotFound, "fooBar", [],
            "No value associated with key CodingKeys(stringValue: \"fooBar\", intValue: nil) (\"fooBar\"), converted to foo_bar."
        ))
        #expect(decodingFailure(Described.self, from: ["name": 1, "foo_bar": 2], decoder: decoder) == DecodingFailure(
            .keyNotFound, "myURL", [],
            "No value associated with key CodingKeys(stringValue: \"myURL\", intValue: nil) (\"myURL\"), with divergent representation myUrl, converted to my_url."
        ))
        // Under the default strategy the same key is described plainly.
        #expect(decodingFailure(Described.self, from: ["name": 1], decoder: Firestore.Decoder()) == DecodingFailure(
            .keyNotFound, "fooBar", [],
            "No value associated with key CodingKeys(stringValue: \"fooBar\", intValue: nil) (\"fooBar\")."
        ))
    }

    struct Nest: Decodable, Equatable {
        var inner: Leaf
    }

    struct Leaf: Decodable, Equatable {
        var value: Int
    }

    /// A decoder whose custom strategy lowercases each key and records the path it is given.
    private func lowercasingDecoder(recordingIn seen: PathRecorder) -> Firestore.Decoder {
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .custom { path in
            seen.record(path.map(\.stringValue))
            return DecoderCodingKey(stringValue: path[path.count - 1].stringValue.lowercased())
        }
        return decoder
    }

    @Test("custom: the converter gets the coding path ending in the stored key")
    func customStrategy() throws {
        let seen = PathRecorder()
        let decoder = lowercasingDecoder(recordingIn: seen)
        #expect(try decoder.decode(Nest.self, from: ["INNER": ["VALUE": 5]]) == Nest(inner: Leaf(value: 5)))
        #expect(seen.paths == [["INNER"], ["inner", "VALUE"]])
    }

    struct Pair: Decodable, Equatable {
        var second: Leaf
        var first: Int
    }

    /// As Foundation's JSONDecoder, which the SDK's decoder copies: a keyed container converts
    /// all keys of its map when it is made — in the map's order (a `FirestoreMap` keeps its
    /// order; a `[String: Any]` has Swift's), keys the type never reads included — and
    /// before any value is decoded; a nested container's keys follow when it is made.
    @Test("custom: a container converts all its keys when it is made, in the map's order")
    func customStrategyConvertsAContainersKeysUpFront() throws {
        let seen = PathRecorder()
        let decoder = lowercasingDecoder(recordingIn: seen)
        let input: FirestoreMap = ["FIRST": .integer(1), "EXTRA": .null, "SECOND": .map(["VALUE": .integer(5)])]
        #expect(try decoder.decode(Pair.self, from: input) == Pair(second: Leaf(value: 5), first: 1))
        #expect(seen.paths == [["FIRST"], ["EXTRA"], ["SECOND"], ["second", "VALUE"]])
    }

    @Test("[String: V] inside a model keeps its keys under every strategy")
    func dictionariesUntouched() throws {
        struct Holder: Decodable { var someMap: [String: Int] }
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let holder = try decoder.decode(Holder.self, from: ["some_map": ["snake_key": 1]])
        #expect(holder.someMap == ["snake_key": 1])
    }

    /// Collects the paths a custom key converter was called with.
    final class PathRecorder: @unchecked Sendable {
        private(set) var paths: [[String]] = []

        func record(_ path: [String]) {
            paths.append(path)
        }
    }
}
