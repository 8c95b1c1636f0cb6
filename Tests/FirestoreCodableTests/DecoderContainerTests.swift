import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6.1, §6.2 and §10: the containers' own rules, errors and
/// recovery.
@Suite("Decoder: containers")
struct DecoderContainerTests {
    enum Keys: String, CodingKey {
        case a, b, top, list
    }

    /// Runs `body` inside a type's `init(from:)` so tests can drive the containers directly.
    struct Probe: Decodable {
        nonisolated(unsafe) static var body: ((any Swift.Decoder) throws -> Void)?
        init(from decoder: any Swift.Decoder) throws {
            try Probe.body?(decoder)
        }
    }

    /// Decodes a `Probe` from `data` with `body` as its `init(from:)`.
    func probe(_ data: Any, _ body: @escaping (any Swift.Decoder) throws -> Void) throws {
        try ProbeLock.run {
            Probe.body = body
            defer { Probe.body = nil }
            _ = try Firestore.Decoder().decode(Probe.self, from: data)
        }
    }

    func probeFailure(_ data: Any, _ body: @escaping (any Swift.Decoder) throws -> Void) -> DecodingFailure? {
        thrownError { try probe(data, body) }.flatMap(DecodingFailure.init)
    }

    // MARK: Keyed

    @Test("decodeNil(forKey:) of an absent key throws keyNotFound; contains and allKeys")
    func keyedNilAndKeys() throws {
        try probe(["a": NSNull(), "b": 1, "other": 2]) { decoder in
            let container = try decoder.container(keyedBy: Keys.self)
            #expect(try container.decodeNil(forKey: .a))
            #expect(try !container.decodeNil(forKey: .b))
            #expect(container.contains(.a))
            #expect(!container.contains(.top))
            #expect(Set(container.allKeys.map(\.stringValue)) == ["a", "b"])
        }
        #expect(probeFailure(["b": 1]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).decodeNil(forKey: .a)
        } == DecodingFailure(.keyNotFound, "a", [],
                             "No value associated with key Keys(stringValue: \"a\", intValue: nil) (\"a\")."))
    }

    @Test("nestedContainer(keyedBy:forKey:): absent and non-map, at the container's path")
    func keyedNestedKeyed() throws {
        try probe(["top": ["a": 1]]) { decoder in
            let nested = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .top)
            #expect(nested.codingPath.map(PathStep.init) == [key("top")])
            #expect(try nested.decode(Int.self, forKey: .a) == 1)
        }
        #expect(probeFailure(["a": 1]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .top)
        } == DecodingFailure(.keyNotFound, "top", [],
                             "Cannot get KeyedDecodingContainer<Keys> -- no value found for key Keys(stringValue: \"top\", intValue: nil) (\"top\")"))
        #expect(probeFailure(["top": [1]]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .top)
        } == DecodingFailure(.typeMismatch, "Dictionary<String, Any>", [],
                             "Expected to decode Dictionary<String, Any> but found an array instead."))
        #expect(probeFailure(["top": NSNull()]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .top)
        } == DecodingFailure(.typeMismatch, "Dictionary<String, Any>", [],
                             "Expected to decode Dictionary<String, Any> but found a null value instead."))
    }

    @Test("nestedUnkeyedContainer(forKey:): absent and non-array")
    func keyedNestedUnkeyed() throws {
        try probe(["list": [1, 2]]) { decoder in
            var nested = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .list)
            #expect(nested.count == 2)
            #expect(try nested.decode(Int.self) == 1)
        }
        #expect(probeFailure(["a": 1]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .list)
        } == DecodingFailure(.keyNotFound, "list", [],
                             "Cannot get UnkeyedDecodingContainer -- no value found for key Keys(stringValue: \"list\", intValue: nil) (\"list\")"))
        #expect(probeFailure(["list": "x"]) { decoder in
            _ = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .list)
        } == DecodingFailure(.typeMismatch, "Array<Any>", [],
                             "Expected to decode Array<Any> but found a string/data instead."))
    }

    @Test("a nested container read later reports the session's path of the moment (SDK quirk)")
    func nestedContainerPathQuirk() {
        #expect(probeFailure(["top": ["a": 1]]) { decoder in
            let nested = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .top)
            _ = try nested.decode(String.self, forKey: .a)
        } == DecodingFailure(.typeMismatch, "String", [key("a")],
                             "Expected to decode String but found a number instead."))
    }

    class Base: Decodable {
        let id: Int
    }

    final class Derived: Base, @unchecked Sendable {
        let extra: String
        enum CodingKeys: String, CodingKey { case extra }
        required init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(String.self, forKey: .extra)
            try super.init(from: container.superDecoder())
        }
    }

    @Test("superDecoder() reads key \"super\"; absent means null at [super]")
    func superDecoder() throws {
        let derived = try Firestore.Decoder().decode(Derived.self, from: ["extra": "e", "super": ["id": 4]])
        #expect(derived.id == 4)
        #expect(derived.extra == "e")
        #expect(decodingFailure(Derived.self, from: ["extra": "e"]) == DecodingFailure(
            .valueNotFound, "KeyedDecodingContainer<CodingKeys>", [key("super")],
            "Cannot get keyed decoding container -- found null value instead."
        ))
        #expect(probeFailure(["a": ["id": "x"]]) { decoder in
            let sub = try decoder.container(keyedBy: Keys.self).superDecoder(forKey: .a)
            _ = try Base(from: sub)
        } == DecodingFailure(.typeMismatch, "Int", [key("a"), key("id")],
                             "Expected to decode Int but found a string/data instead."))
    }

    /// The SDK test's flat model read from `{"id": …, "nested": {"name": …}}`.
    struct Collapsed: Decodable, Equatable {
        var id: Int
        var name: String
        enum Keys: String, CodingKey { case id, nested }
        enum NestedKeys: String, CodingKey { case name }
        init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested).decode(String.self, forKey: .name)
        }
    }

    @Test("custom coding can collapse a nested map into a flat model")
    func collapsingNestedObjects() throws {
        #expect(try Firestore.Decoder().decode(Collapsed.self, from: ["id": 1, "nested": ["name": "n"]] as [String: Any])
            == Collapsed(id: 1, name: "n"))
    }

    class Person: Decodable {
        let name: String
    }

    /// A subclass that shares its decoder with its superclass: one map holds both.
    final class Employee: Person, @unchecked Sendable {
        let employeeID: Int
        enum CodingKeys: String, CodingKey { case employeeID }
        required init(from decoder: any Swift.Decoder) throws {
            employeeID = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .employeeID)
            try super.init(from: decoder)
        }
    }

    @Test("a class sharing its decoder with its superclass reads one map")
    func sharedDecoderWithSuper() throws {
        let employee = try Firestore.Decoder().decode(Employee.self, from: ["name": "Ann", "employeeID": 7] as [String: Any])
        #expect(employee.name == "Ann")
        #expect(employee.employeeID == 7)
    }

    // MARK: Unkeyed

    @Test("past the end: Unkeyed container is at end, at the next index")
    func unkeyedAtEnd() {
        #expect(probeFailure([1]) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            _ = try container.decode(String.self)
        } == DecodingFailure(.valueNotFound, "String", [index(1)], "Unkeyed container is at end."))
        #expect(probeFailure([Any]()) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.decodeNil()
        } == DecodingFailure(.valueNotFound, "Optional<Any>", [index(0)], "Unkeyed container is at end."))
        #expect(probeFailure([Any]()) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Date.self)
        } == DecodingFailure(.valueNotFound, "Date", [index(0)], "Unkeyed container is at end."))
    }

    @Test("decodeNil advances only past a null; decodeIfPresent reads on")
    func unkeyedNil() throws {
        try probe([NSNull(), 2]) { decoder in
            var container = try decoder.unkeyedContainer()
            #expect(try container.decodeNil())
            #expect(container.currentIndex == 1)
            #expect(try !container.decodeNil())
            #expect(try container.decodeIfPresent(Int.self) == 2)
            #expect(container.isAtEnd)
            #expect(try container.decodeIfPresent(Int.self) == nil)
        }
    }

    @Test("a null read through a non-generic overload: the index appears twice (SDK quirk)")
    func unkeyedNonGenericNull() {
        #expect(probeFailure(["list": [1, NSNull()]]) { decoder in
            var list = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .list)
            _ = try list.decode(Int.self)
            _ = try list.decode(Int.self)
        } == DecodingFailure(.valueNotFound, "Int", [index(1), index(1)], "Expected Int but found null instead."))
    }

    @Test("nested containers of an unkeyed container: at end, null, wrong type")
    func unkeyedNested() throws {
        try probe([["a": 1], [2]]) { decoder in
            var container = try decoder.unkeyedContainer()
            let keyed = try container.nestedContainer(keyedBy: Keys.self)
            #expect(keyed.codingPath.map(PathStep.init) == [index(0)])
            var unkeyed = try container.nestedUnkeyedContainer()
            #expect(try unkeyed.decode(Int.self) == 2)
        }
        #expect(probeFailure([Any]()) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedContainer(keyedBy: Keys.self)
        } == DecodingFailure(.valueNotFound, "KeyedDecodingContainer<Keys>", [],
                             "Cannot get nested keyed container -- unkeyed container is at end."))
        #expect(probeFailure([NSNull()]) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedContainer(keyedBy: Keys.self)
        } == DecodingFailure(.valueNotFound, "KeyedDecodingContainer<Keys>", [],
                             "Cannot get keyed decoding container -- found null value instead."))
        #expect(probeFailure([5]) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedContainer(keyedBy: Keys.self)
        } == DecodingFailure(.typeMismatch, "Dictionary<String, Any>", [],
                             "Expected to decode Dictionary<String, Any> but found a number instead."))
        #expect(probeFailure([Any]()) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedUnkeyedContainer()
        } == DecodingFailure(.valueNotFound, "UnkeyedDecodingContainer", [],
                             "Cannot get nested keyed container -- unkeyed container is at end."))
        #expect(probeFailure([NSNull()]) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedUnkeyedContainer()
        } == DecodingFailure(.valueNotFound, "UnkeyedDecodingContainer", [],
                             "Cannot get keyed decoding container -- found null value instead."))
        #expect(probeFailure([["a": 1]]) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.nestedUnkeyedContainer()
        } == DecodingFailure(.typeMismatch, "Array<Any>", [],
                             "Expected to decode Array<Any> but found a dictionary instead."))
    }

    @Test("superDecoder() of an unkeyed container: the element at its index; at end an error")
    func unkeyedSuperDecoder() throws {
        try probe([7]) { decoder in
            var container = try decoder.unkeyedContainer()
            let sub = try container.superDecoder()
            #expect(sub.codingPath.map(PathStep.init) == [index(0)])
            #expect(try sub.singleValueContainer().decode(Int.self) == 7)
            #expect(container.isAtEnd)
        }
        #expect(probeFailure([Any]()) { decoder in
            var container = try decoder.unkeyedContainer()
            _ = try container.superDecoder()
        } == DecodingFailure(.valueNotFound, "Decoder", [],
                             "Cannot get superDecoder() -- unkeyed container is at end."))
    }

    // MARK: Recovery

    /// The SDK test's `EitherDecodable`: try one type, on failure the other.
    enum Either<A: Decodable, B: Decodable>: Decodable {
        case first(A)
        case second(B)
        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                self = .first(try container.decode(A.self))
            } catch {
                self = .second(try container.decode(B.self))
            }
        }
    }

    struct Pair: Decodable { var x: Int; var y: Int }
    struct Holder: Decodable { var items: [Either<Pair, [Int]>]; var after: String }

    @Test("the container stack and coding path are restored after a throwing child (try A, else B)")
    func recoveryAfterThrow() throws {
        let holder = try Firestore.Decoder().decode(Holder.self, from: [
            "items": [["x": 1, "y": 2], [3, 4]],
            "after": "ok",
        ] as [String: Any])
        #expect(holder.after == "ok")
        #expect(holder.items.count == 2)
        guard case .first(let pair) = holder.items[0], case .second(let list) = holder.items[1] else {
            Issue.record("wrong alternatives: \(holder.items)")
            return
        }
        #expect(pair.x == 1 && pair.y == 2)
        #expect(list == [3, 4])
        // When both alternatives fail, the second one's error names the element's path.
        #expect(decodingFailure(Holder.self, from: ["items": [[1], ["x": 5]], "after": "ok"] as [String: Any])
            == DecodingFailure(.typeMismatch, "Array<Any>", [key("items"), index(1)],
                               "Expected to decode Array<Any> but found a dictionary instead."))
    }

    @Test("after a caught failure the path is back where it was")
    func pathRestoredAfterCatch() throws {
        try probe(["a": ["deep": "x"], "b": 1]) { decoder in
            let container = try decoder.container(keyedBy: Keys.self)
            #expect(throws: DecodingError.self) { _ = try container.decode([String: Int].self, forKey: .a) }
            #expect(decoder.codingPath.isEmpty)
            #expect(throws: DecodingError.self) { _ = try container.decode(Pair.self, forKey: .a) }
            #expect(decoder.codingPath.isEmpty)
            #expect(try container.decode(Int.self, forKey: .b) == 1)
        }
    }
}

/// Serializes the tests that install a `Probe.body`.
enum ProbeLock {
    private static let lock = NSLock()

    static func run<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
