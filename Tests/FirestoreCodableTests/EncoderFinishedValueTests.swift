import Foundation
import Testing
import FirestoreCodable

/// The encoder converts a value's map or array to the SDK's form as soon as the value is
/// encoded, when nothing can write into it any more. The SDK keeps every map and array a
/// mutable object to the end, so a container asked for later at the same place writes into
/// it: these tests pin that behaviour, which converting early must not change.
@Suite("Encoder: finished values stay writable as in the SDK")
struct EncoderFinishedValueTests {
    struct Inner: Encodable {
        var first = "1"
    }

    @Test func nestedContainerAfterAValueForTheSameKeyWritesIntoIt() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(Inner(), forKey: .top)
                var nested = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                try nested.encode("2", forKey: .second)
            }
        }
        let top = try #require(try encoded(Model())["top"] as? [String: Any])
        #expect(top["first"] as? String == "1")
        #expect(top["second"] as? String == "2")
        #expect(top.count == 2)
    }

    @Test func nestedContainerAfterADictionaryForTheSameKeyWritesIntoIt() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(["first": "1"], forKey: .top)
                try container.encode(["first": Inner()], forKey: .nested)
                var top = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                try top.encode("2", forKey: .second)
                var nested = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .nested)
                try nested.encode("2", forKey: .second)
            }
        }
        let result = try encoded(Model())
        let top = try #require(result["top"] as? [String: Any])
        #expect(top["first"] as? String == "1")
        #expect(top["second"] as? String == "2")
        let nested = try #require(result["nested"] as? [String: Any])
        #expect((nested["first"] as? [String: Any])?["first"] as? String == "1")
        #expect(nested["second"] as? String == "2")
    }

    @Test func nestedUnkeyedContainerAfterAnArrayForTheSameKeyAppendsToIt() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode([1, 2], forKey: .top)
                var nested = container.nestedUnkeyedContainer(forKey: .top)
                try nested.encode(3)
                #expect(nested.count == 3)
            }
        }
        let top = try #require(try encoded(Model())["top"] as? [Any])
        #expect(top.map { $0 as? Int } == [1, 2, 3])
    }

    @Test func keyedContainerAfterASingleValueStructWritesIntoItsMap() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(Inner())
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode("2", forKey: .second)
            }
        }
        let result = try encoded(Model())
        #expect(result["first"] as? String == "1")
        #expect(result["second"] as? String == "2")
        #expect(result.count == 2)
    }

    @Test func unkeyedContainerAfterASingleValueArrayAppendsToIt() throws {
        struct Wrapper: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(["a"])
                var container = encoder.unkeyedContainer()
                try container.encode("b")
            }
        }
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(Wrapper(), forKey: .top)
            }
        }
        let top = try #require(try encoded(Model())["top"] as? [Any])
        #expect(top.map { $0 as? String } == ["a", "b"])
    }

    /// A value's container kept past its `encode(to:)` and written afterwards: the write
    /// lands in the document, as it does in the SDK's mutable dictionary.
    @Test func aContainerKeptPastEncodeToStillWritesIntoTheDocument() throws {
        final class Stash: @unchecked Sendable {
            var container: KeyedEncodingContainer<EncoderCodingKeys>?
        }
        struct Child: Encodable {
            let stash: Stash
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode("early", forKey: .first)
                stash.container = container
            }
        }
        struct Model: Encodable {
            let stash = Stash()
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(Child(stash: stash), forKey: .nested)
                try container.encode([Child(stash: Stash())], forKey: .top)
                try stash.container?.encode("late", forKey: .second)
            }
        }
        let nested = try #require(try encoded(Model())["nested"] as? [String: Any])
        #expect(nested["first"] as? String == "early")
        #expect(nested["second"] as? String == "late")
    }
}
