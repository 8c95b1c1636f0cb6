import Foundation
import Testing
import FirestoreCodable

/// `Docs/sdk-codable-rules.md` §4.1: `.convertToSnakeCase`, by the SDK's table
/// (`testEncodingKeyStrategySnake`).
@Suite("Encoder: snake-case keys")
struct EncoderSnakeCaseTests {
    struct OneKey: Encodable {
        let name: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode("value", forKey: TestKey(stringValue: name))
        }
    }

    @Test(arguments: [
        ("simpleOneTwo", "simple_one_two"),
        ("myURL", "my_url"),
        ("singleCharacterAtEndX", "single_character_at_end_x"),
        ("thisIsAnXMLProperty", "this_is_an_xml_property"),
        ("single", "single"),
        ("", ""),
        ("a", "a"),
        ("aA", "a_a"),
        ("version4Thing", "version4_thing"),
        ("partCAPS", "part_caps"),
        ("partCAPSLowerAGAIN", "part_caps_lower_again"),
        ("manyWordsInThisThing", "many_words_in_this_thing"),
        ("asdfĆqer", "asdf_ćqer"),
        ("already_snake_case", "already_snake_case"),
        ("dataPoint22", "data_point22"),
        ("dataPoint22Word", "data_point22_word"),
        ("_oneTwoThree", "_one_two_three"),
        ("oneTwoThree_", "one_two_three_"),
        ("__oneTwoThree", "__one_two_three"),
        ("oneTwoThree__", "one_two_three__"),
        ("_oneTwoThree_", "_one_two_three_"),
        ("__oneTwoThree__", "__one_two_three__"),
        ("_test", "_test"),
        ("_test_", "_test_"),
        ("__test", "__test"),
        ("test__", "test__"),
        ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳_g͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖_u͇̝̠r͙̻̥͓̣l̥̖͎͓̪̫ͅ_r̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"),
        ("🐧🐟", "🐧🐟"),
    ])
    func convertsLikeTheSDK(key: String, expected: String) throws {
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = try encoder.encode(OneKey(name: key))
        #expect(Array(result.keys) == [expected])
    }

    @Test func nestedModelsAndSynthesizedKeysAreConverted() throws {
        struct Inner: Encodable { var innerValue = 1 }
        struct Outer: Encodable {
            var outerValue = Inner()
            var listOfThings = [Inner()]
        }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = try encoder.encode(Outer())
        #expect(Set(result.keys) == ["outer_value", "list_of_things"])
        let inner = try #require(result["outer_value"] as? [String: Any])
        #expect(inner["inner_value"] as? Int == 1)
        let list = try #require(result["list_of_things"] as? [[String: Any]])
        #expect(list.first?["inner_value"] as? Int == 1)
    }
}
