import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §10: containers, class hierarchies, error recovery, and the
/// container misuses the SDK traps on (reported here as errors).
@Suite("Encoder: containers")
struct EncoderContainerTests {
    @Test func nestedContainersForTheSameKeyMerge() throws {
        // TEST testEncodingMultipleNestedContainersWithTheSameTopLevelKey.
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                var first = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                try first.encode("1", forKey: .first)
                var second = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                try second.encode("2", forKey: .second)
            }
        }
        let result = try encoded(Model())
        let top = try #require(result["top"] as? [String: Any])
        #expect(top["first"] as? String == "1")
        #expect(top["second"] as? String == "2")
        #expect(result.count == 1)
    }

    @Test func nestedUnkeyedContainersForTheSameKeyAppendToOneArray() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                var first = container.nestedUnkeyedContainer(forKey: .top)
                try first.encode(1)
                var second = container.nestedUnkeyedContainer(forKey: .top)
                try second.encode(2)
                #expect(second.count == 2)
            }
        }
        #expect(try encoded(Model())["top"] as? [Int] == [1, 2])
    }

    @Test func keyedContainerRequestedTwiceWritesOneMap() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: EncoderCodingKeys.self)
                try first.encode(1, forKey: .a)
                var second = encoder.container(keyedBy: TestKey.self)
                try second.encode(2, forKey: TestKey(stringValue: "b"))
            }
        }
        let result = try encoded(Model())
        #expect(result["a"] as? Int == 1)
        #expect(result["b"] as? Int == 2)
    }

    @Test func nestedContainersInsideUnkeyedContainers() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                var list = container.nestedUnkeyedContainer(forKey: .a)
                var map = list.nestedContainer(keyedBy: EncoderCodingKeys.self)
                try map.encode("x", forKey: .name)
                var inner = list.nestedUnkeyedContainer()
                try inner.encode(true)
                #expect(keyStrings(inner.codingPath) == ["a", "Index 1"])
            }
        }
        let result = try encoded(Model())
        let list = try #require(result["a"] as? [Any])
        #expect((list.first as? [String: Any])?["name"] as? String == "x")
        #expect(list.last as? [Bool] == [true])
    }

    @Test func encodeNilForKeyWritesNull() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encodeNil(forKey: .a)
            }
        }
        #expect(try encoded(Model())["a"] is NSNull)
    }

    @Test func codingKeysCanDropProperties() throws {
        // TEST testCodingKeysCanCustomizeEncodingAndDecoding.
        struct Model: Codable {
            var name = "n"
            var skipped = "never written"
            enum CodingKeys: String, CodingKey { case name = "renamed" }
        }
        let result = try encoded(Model())
        #expect(Set(result.keys) == ["renamed"])
        #expect(result["renamed"] as? String == "n")
    }

    @Test func customCodingCanNestFlatModels() throws {
        // TEST testCollapsingNestedObjects: flat model ↔ {"id": …, "nested": {"name": …}}.
        struct Flat: Encodable {
            var id = "abc"
            var name = "inner name"
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(id, forKey: .id)
                var nested = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .nested)
                try nested.encode(name, forKey: .name)
            }
        }
        let result = try encoded(Flat())
        #expect(result["id"] as? String == "abc")
        #expect((result["nested"] as? [String: Any])?["name"] as? String == "inner name")
    }

    @Test func superEncoderWritesUnderSuper() throws {
        // TEST testClassHierarchy.
        final class Derived: Base {
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(2, forKey: .second)
                try super.encode(to: container.superEncoder())
            }
        }
        let result = try encoded(Derived())
        #expect(result["second"] as? Int == 2)
        let superMap = try #require(result["super"] as? [String: Any])
        #expect(superMap["first"] as? Int == 1)
    }

    @Test func superEncoderForKeyAndEmptySuper() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                let parent = container.superEncoder(forKey: .top)
                #expect(keyStrings(parent.codingPath) == ["top"])
                var single = parent.singleValueContainer()
                try single.encode("parent")
                _ = container.superEncoder()
            }
        }
        let result = try encoded(Model())
        #expect(result["top"] as? String == "parent")
        #expect((result["super"] as? [String: Any])?.isEmpty == true)
    }

    @Test func unkeyedSuperEncoderTakesTheNextIndex() throws {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                var list = container.nestedUnkeyedContainer(forKey: .a)
                try list.encode(0)
                let element = list.superEncoder()
                #expect(keyStrings(element.codingPath) == ["Index 1"])
                var single = element.singleValueContainer()
                try single.encode("one")
            }
        }
        let list = try #require(try encoded(Model())["a"] as? [Any])
        #expect(list.first as? Int == 0)
        #expect(list.last as? String == "one")
    }

    @Test func subclassSharingTheEncoderWritesOneMap() throws {
        // TEST testEncodingClassWhichSharesEncoderWithSuper (Employee).
        final class Employee: Base {
            override func encode(to encoder: any Encoder) throws {
                try super.encode(to: encoder)
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(2, forKey: .second)
            }
        }
        let result = try encoded(Employee())
        #expect(result["first"] as? Int == 1)
        #expect(result["second"] as? Int == 2)
        #expect(result.count == 2)
    }

    @Test func stateIsRestoredAfterAThrowingChild() throws {
        // TESTs testEncoderStateThrowOnEncode*: a caught error leaves no trace.
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode("partial", forKey: .name)
                throw DeliberateError()
            }
        }
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try? container.encode(Failing(), forKey: .a)
                try container.encode(2, forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .top)
                try? list.encode(Failing())
                try list.encode(3)
            }
        }
        let result = try encoded(Model())
        #expect(Set(result.keys) == ["b", "top"])
        #expect(result["top"] as? [Int] == [3])
    }

    @Test func eitherStyleSingleValueFallback() throws {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                throw DeliberateError()
            }
        }
        struct Either: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                do {
                    try container.encode(Failing())
                } catch {
                    try container.encode("fallback")
                }
            }
        }
        #expect(try encoded(Field(Either()))["value"] as? String == "fallback")
    }

    @Test func userErrorsPropagateUnchanged() {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws { throw DeliberateError() }
        }
        #expect(throws: DeliberateError()) { try Firestore.Encoder().encode(Field(Failing())) }
    }

    @Test func keyedAfterSingleValueIsReported() {
        // The SDK traps on this precondition; here it is an error with the SDK's message.
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                _ = encoder.container(keyedBy: EncoderCodingKeys.self)
            }
        }
        let context = invalidValueContext(Field(Model()))
        #expect(context?.debugDescription
            == "Attempt to push new keyed encoding container when already previously encoded at this path.")
        #expect(keyStrings(context?.codingPath ?? []) == ["value"])
    }

    @Test func unkeyedAfterKeyedIsReported() {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                _ = encoder.container(keyedBy: EncoderCodingKeys.self)
                _ = encoder.unkeyedContainer()
            }
        }
        #expect(invalidValueContext(Model())?.debugDescription
            == "Attempt to push new unkeyed encoding container when already previously encoded at this path.")
    }

    @Test func secondSingleValueIsReported() {
        struct Model: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(1)
                try single.encode(2)
            }
        }
        #expect(invalidValueContext(Field(Model()))?.debugDescription
            == "Attempt to encode value through single value container when previously value already encoded.")
    }

    @Test func nestedContainerOverADifferentKindIsReported() {
        struct KeyedOverArray: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                _ = container.nestedUnkeyedContainer(forKey: .top)
                _ = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
            }
        }
        let keyed = invalidValueContext(KeyedOverArray())
        #expect(keyed?.debugDescription == "Attempt to re-encode into nested KeyedEncodingContainer<EncoderCodingKeys> "
            + "for key \"top\" is invalid: non-keyed container already encoded for this key")
        #expect(keyStrings(keyed?.codingPath ?? []) == ["top"])

        struct UnkeyedOverMap: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                _ = container.nestedContainer(keyedBy: EncoderCodingKeys.self, forKey: .top)
                _ = container.nestedUnkeyedContainer(forKey: .top)
            }
        }
        #expect(invalidValueContext(UnkeyedOverMap())?.debugDescription
            == "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"top\" is invalid: "
            + "keyed container/single value already encoded for this key")
    }
}
