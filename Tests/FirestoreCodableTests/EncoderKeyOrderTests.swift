import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// When a `.custom` key encoding strategy is called: as in the SDK, a keyed container converts
/// each key before it encodes the key's value (`container[_converted(key).stringValue] = try
/// encoder.box(value)`, the index evaluated first), so a strategy that records its calls sees
/// an outer key before the keys inside its value. The output does not depend on the order.
@Suite("Encoder: key conversion order")
struct EncoderKeyOrderTests {
    struct Leaf: Encodable { var leaf = 1 }
    struct Middle: Encodable { var nested = Leaf() }
    struct Outer: Encodable { var outer = Middle() }

    /// An encoder whose strategy records each path and keeps the key as it is.
    private func recordingEncoder(_ paths: PathRecorder) -> Firestore.Encoder {
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .custom { path in
            paths.record(keyStrings(path))
            return TestKey(stringValue: path[path.count - 1].stringValue)
        }
        return encoder
    }

    @Test func theOuterKeyIsConvertedBeforeTheKeysOfItsValue() throws {
        let paths = PathRecorder()
        let result = try recordingEncoder(paths).encode(Outer())
        #expect(paths.paths == [["outer"], ["outer", "nested"], ["outer", "nested", "leaf"]])
        let middle = try #require(result["outer"] as? [String: Any])
        let leaf = try #require(middle["nested"] as? [String: Any])
        #expect(leaf["leaf"] as? Int == 1)
    }

    @Test func nestedContainersAndSuperEncodersConvertTheirKeyWhenMade() throws {
        struct Manual: Encodable {
            enum Keys: String, CodingKey { case box, list, inside, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var box = container.nestedContainer(keyedBy: Keys.self, forKey: .box)
                try box.encode(1, forKey: .inside)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(Leaf())
                try Leaf().encode(to: container.superEncoder(forKey: .after))
            }
        }
        let paths = PathRecorder()
        let result = try recordingEncoder(paths).encode(Manual())
        // A value written through a nested container is encoded at the encoder's coding path
        // plus its own key (the SDK's quirk): the element's path has no "list".
        #expect(paths.paths == [["box"], ["box", "inside"], ["list"], ["Index 0", "leaf"], ["after"], ["after", "leaf"]])
        #expect((result["box"] as? [String: Any])?["inside"] as? Int == 1)
        #expect((result["after"] as? [String: Any])?["leaf"] as? Int == 1)
    }

    @Test func aValueThatCannotBeEncodedHasHadItsKeyConverted() {
        struct NotANumber: Encodable { var value = Double.nan }
        let paths = PathRecorder()
        #expect(throws: EncodingError.self) { try recordingEncoder(paths).encode(NotANumber()) }
        #expect(paths.paths == [["value"]])
    }

    @Test func snakeCaseOutputIsTheSameWhateverTheOrder() throws {
        struct Inner: Encodable { var innerValue = 1 }
        struct Snaky: Encodable { var outerValue = Inner(); var otherValue = "x" }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = try encoder.encode(Snaky())
        #expect(Set(result.keys) == ["outer_value", "other_value"])
        #expect((result["outer_value"] as? [String: Any])?["inner_value"] as? Int == 1)
    }
}
