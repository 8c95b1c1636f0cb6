import Foundation
import Testing
@testable import FirestoreCodable
import FirestoreModel

/// The reader of untyped input: every Swift and Foundation type an app may hand the decoder.
@Suite("Decoder: untyped input")
struct DecoderInputTests {
    /// The Firestore value an input reads as, its containers read all the way down; nil when
    /// some part of it needs an input-only node.
    func value(of input: Any) -> FirestoreValue? {
        value(of: DecodingInputReader.node(from: input))
    }

    func value(of node: DecodingNode) -> FirestoreValue? {
        switch node {
        case .value(let value):
            return value
        case .array, .dictionary, .entries:
            if let elements = node.arrayView {
                let values = (0..<elements.count).compactMap { value(of: elements[$0]) }
                return values.count == elements.count ? .array(values) : nil
            }
            guard let map = node.mapView else { return nil }
            var values = FirestoreMap()
            map.forEachEntry { key, child in values[key] = value(of: child) }
            return values.count == map.count ? .map(values) : nil
        case .unsignedInteger, .decimal, .unsupported:
            return nil
        }
    }

    @Test("every integer width, Int and UInt included, is an integer")
    func integers() {
        #expect(value(of: Int.min) == .integer(Int64.min))
        #expect(value(of: Int8(-8)) == .integer(-8))
        #expect(value(of: Int16(-16)) == .integer(-16))
        #expect(value(of: Int32(-32)) == .integer(-32))
        #expect(value(of: Int64.max) == .integer(Int64.max))
        #expect(value(of: UInt(7)) == .integer(7))
        #expect(value(of: UInt8.max) == .integer(255))
        #expect(value(of: UInt16.max) == .integer(65535))
        #expect(value(of: UInt32.max) == .integer(4_294_967_295))
        #expect(value(of: UInt64(Int64.max)) == .integer(Int64.max))
    }

    @Test("an unsigned integer above Int64.max and a Decimal keep their exact value")
    func inputOnlyNumbers() {
        guard case .unsignedInteger(let big) = DecodingInputReader.node(from: UInt64.max) else {
            Issue.record("UInt64.max was not kept as an unsigned integer")
            return
        }
        #expect(big == UInt64.max)
        guard case .unsignedInteger(let bigUInt) = DecodingInputReader.node(from: UInt.max) else {
            Issue.record("UInt.max was not kept as an unsigned integer")
            return
        }
        #expect(bigUInt == UInt64(UInt.max))
        let decimal = Decimal(string: "12.345")
        guard case .decimal(let kept) = DecodingInputReader.node(from: decimal as Any) else {
            Issue.record("a Decimal was not kept as a decimal")
            return
        }
        #expect(kept == decimal)
        guard case .decimal(let fromObject) = DecodingInputReader.node(from: NSDecimalNumber(string: "0.1")) else {
            Issue.record("an NSDecimalNumber was not kept as a decimal")
            return
        }
        #expect(fromObject == Decimal(string: "0.1"))
    }

    @Test("Double and Float are doubles; Bool and boolean NSNumbers are booleans")
    func doublesAndBooleans() {
        #expect(value(of: 0.25) == .double(0.25))
        #expect(value(of: Float(0.1)) == .double(Double(Float(0.1))))
        #expect(value(of: -0.0) == .double(-0.0))
        #expect(value(of: true) == .boolean(true))
        #expect(value(of: NSNumber(value: true)) == .boolean(true))
        #expect(value(of: NSNumber(value: false)) == .boolean(false))
    }

    @Test("NSNumbers by objCType: integers, unsigned, doubles")
    func nsNumbers() {
        #expect(value(of: NSNumber(value: 1)) == .integer(1))
        #expect(value(of: NSNumber(value: Int8(1))) == .integer(1))
        #expect(value(of: NSNumber(value: UInt8(200))) == .integer(200))
        #expect(value(of: NSNumber(value: Int64.min)) == .integer(Int64.min))
        #expect(value(of: NSNumber(value: 2.5)) == .double(2.5))
        #expect(value(of: NSNumber(value: Float(1.5))) == .double(1.5))
        guard case .unsignedInteger(let big) = DecodingInputReader.node(from: NSNumber(value: UInt64.max)) else {
            Issue.record("NSNumber(UInt64.max) was not kept as an unsigned integer")
            return
        }
        #expect(big == UInt64.max)
    }

    @Test("strings, bytes, null, optionals")
    func stringsBytesNull() {
        #expect(value(of: "s") == .string("s"))
        #expect(value(of: NSString(string: "ns")) == .string("ns"))
        #expect(value(of: Data([1, 2])) == .bytes(Data([1, 2])))
        #expect(value(of: NSData(data: Data([3]))) == .bytes(Data([3])))
        #expect(value(of: NSNull()) == .null)
        #expect(value(of: Int?.none as Any) == .null)
        #expect(value(of: Int?.some(4) as Any) == .integer(4))
        #expect(value(of: String??.some(.some("deep")) as Any) == .string("deep"))
    }

    @Test("Firestore value types and typed trees are taken as they are")
    func firestoreTypes() throws {
        let reference = try testReference()
        #expect(value(of: Timestamp(seconds: 1, nanoseconds: 2)) == .timestamp(Timestamp(seconds: 1, nanoseconds: 2)))
        #expect(value(of: GeoPoint(latitude: 1, longitude: 2)) == .geoPoint(GeoPoint(latitude: 1, longitude: 2)))
        #expect(value(of: reference) == .reference(reference))
        #expect(value(of: VectorValue([1])) == .vector(VectorValue([1])))
        #expect(value(of: FirestoreValue.integer(3)) == .integer(3))
        #expect(value(of: ["k": .boolean(true)] as FirestoreMap) == .map(["k": .boolean(true)]))
    }

    @Test("arrays and dictionaries of any element type, Swift and Foundation")
    func containers() {
        #expect(value(of: [1, 2]) == .array([.integer(1), .integer(2)]))
        #expect(value(of: ["a", "b"]) == .array([.string("a"), .string("b")]))
        #expect(value(of: NSArray(array: [1, "x"])) == .array([.integer(1), .string("x")]))
        #expect(value(of: ["a": 1.5]) == .map(["a": .double(1.5)]))
        #expect(value(of: NSDictionary(dictionary: ["a": NSNull()])) == .map(["a": .null]))
        #expect(value(of: ["m": ["n": [true]]] as [String: Any]) == .map(["m": .map(["n": .array([.boolean(true)])])]))
    }

    @Test("containers are read as they are; input-only numbers in them are classified when read")
    func mixedContainers() throws {
        guard case .array(let elements) = DecodingInputReader.node(from: [1, UInt64.max, "x"] as [Any]) else {
            Issue.record("expected an untyped array")
            return
        }
        #expect(elements.count == 3)
        guard case .unsignedInteger(UInt64.max) = DecodingNodeArray.untyped(elements)[1] else {
            Issue.record("the element UInt64.max was not kept as an unsigned integer")
            return
        }
        guard let map = DecodingInputReader.node(from: ["d": Decimal(1), "s": "x"] as [String: Any]).mapView,
              case .dictionary = map
        else {
            Issue.record("expected an untyped map")
            return
        }
        #expect(map.count == 2)
        #expect(Set(map.keys) == ["d", "s"])
        guard case .decimal(1) = map.node(forKey: "d", canonically: true) else {
            Issue.record("the entry Decimal(1) was not kept as a decimal")
            return
        }
        guard case .entries(let entries) = DecodingInputReader.node(from: NSDictionary(dictionary: ["n": NSNumber(value: UInt64.max)])),
              case .unsignedInteger(UInt64.max) = entries.node(forKey: "n", canonically: false)
        else {
            Issue.record("an NSDictionary's entries were not classified")
            return
        }
        // And they decode.
        struct Mixed: Decodable, Equatable { var d: Decimal; var s: String; var list: [UInt64] }
        let mixed = try Firestore.Decoder().decode(Mixed.self, from: [
            "d": Decimal(string: "1.25") as Any, "s": "x", "list": [1, UInt64.max],
        ] as [String: Any])
        #expect(mixed == Mixed(d: Decimal(string: "1.25") ?? 0, s: "x", list: [1, UInt64.max]))
    }

    @Test("input-only numbers are numbers in type mismatches")
    func inputOnlyNumbersInMismatches() {
        #expect(decodingFailure(Bool.self, from: UInt64.max) == DecodingFailure(
            .typeMismatch, "Bool", [], "Expected to decode Bool but found a number instead."
        ))
        #expect(decodingFailure([String].self, from: [Decimal(1)]) == DecodingFailure(
            .typeMismatch, "String", [index(0)], "Expected to decode String but found a number instead."
        ))
    }

    @Test("values of unsupported types fail only when read, naming their type and path")
    func unsupportedTypes() throws {
        struct Named: Decodable, Equatable { var name: String }
        // Ignored when not read, as an extra field.
        #expect(try Firestore.Decoder().decode(Named.self, from: ["name": "n", "when": Date()]) == Named(name: "n"))
        #expect(decodingFailure(Named.self, from: ["name": Date(timeIntervalSince1970: 0)]) == DecodingFailure(
            .typeMismatch, "String", [key("name")], "Expected to decode String but found Date instead."
        ))
        #expect(decodingFailure([Int].self, from: [1, Set([2])] as [Any]) == DecodingFailure(
            .typeMismatch, "Int", [index(1)], "Expected to decode Int but found Set<Int> instead."
        ))
        #expect(decodingFailure(Named.self, from: [1: "one"]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [],
            "Expected to decode Dictionary<String, Any> but found Dictionary<Int, String> instead."
        ))
        #expect(decodingFailure(Named.self, from: ["name": FieldValue.serverTimestamp()]) == DecodingFailure(
            .typeMismatch, "String", [key("name")], "Expected to decode String but found FieldValue instead."
        ))
    }

    @Test("typed map lookups compare keys by code points; untyped ones fall back to String ==")
    func codePointKeys() throws {
        struct Accented: Decodable { var é: Int }
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let map: FirestoreMap = [decomposed: .integer(1), composed: .integer(2)]
        #expect(try Firestore.Decoder().decode(Accented.self, from: map).é == 2)
        #expect(decodingFailure(Accented.self, from: FirestoreMap([(decomposed, .integer(1))])) == DecodingFailure(
            .keyNotFound, composed, [],
            "No value associated with key CodingKeys(stringValue: \"\(composed)\", intValue: nil) (\"\(composed)\")."
        ))
        // The SDK looks keys up in a Swift dictionary, where the two spellings are one key.
        #expect(try Firestore.Decoder().decode(Accented.self, from: [decomposed: 1] as [String: Any]).é == 1)
    }
}
