import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Plain JSON ↔ FirestoreValue by the natural mapping, and the documented forms of what plain
/// JSON cannot express.
@Suite struct PlainJSONTests {
    @Test func theNaturalMapping() throws {
        let value = try PlainJSONReader().readValue(from: #"{"i": 1, "r": 1.0, "z": -0.0, "zi": -0, "s": "x\u0000", "t": true, "n": null, "a": [1, [2.5]], "m": {}}"#)
        let expected: FirestoreValue = .map([
            "i": .integer(1), "r": .double(1), "z": .double(-0.0), "zi": .integer(0), "s": .string("x\u{0}"), "t": .boolean(true),
            "n": .null, "a": .array([.integer(1), .array([.double(2.5)])]), "m": .map([:]),
        ])
        #expect(value == expected)
        guard case .map(let map) = value else { Issue.record("not a map"); return }
        #expect(map.keys == ["i", "r", "z", "zi", "s", "t", "n", "a", "m"])
        #expect(try PlainJSONReader().readValue(from: "3") == .integer(3))
        #expect(try PlainJSONReader().readValue(from: #""s""#) == .string("s"))
    }

    @Test func plainTextRoundTripsToTheSameBytes() throws {
        let text = #"{"b":[1,2.5,-0.0,1e300,"é"],"a":{"c":null,"d":false},"":{}}"#
        let value = try PlainJSONReader().readValue(from: text)
        #expect(try plainText(value) == text)
    }

    @Test func randomPlainValuesRoundTripExactly() throws {
        var generator = RandomValues(seed: 7, plainOnly: true)
        for round in 0..<400 {
            let fields = generator.document(maxDepth: 5)
            let options = round % 2 == 0 ? JSONWriteOptions.default : JSONWriteOptions(sortedKeys: true, layout: .compact)
            let writer = PlainJSONWriter(options: options)
            let first = try writer.write(fields)
            let read = try PlainJSONReader().readDocument(from: first)
            #expect(read == fields)
            #expect(try writer.write(read) == first)
        }
    }

    @Test func valuesPlainJSONCannotExpressUseTheirRESTValueObject() throws {
        let cases: [(FirestoreValue, String)] = [
            (.double(.nan), #"{"doubleValue":"NaN"}"#),
            (.double(.infinity), #"{"doubleValue":"Infinity"}"#),
            (.double(-.infinity), #"{"doubleValue":"-Infinity"}"#),
            (.double(-0.0), "-0.0"),
            (.timestamp(Timestamp(seconds: 1_587_651_833, nanoseconds: 241_000_000)), #"{"timestampValue":"2020-04-23T14:23:53.241Z"}"#),
            (.bytes(Data([1, 2, 3])), #"{"bytesValue":"AQID"}"#),
            (.reference(try reference("c/d")), #"{"referenceValue":"projects/crossfire/databases/(default)/documents/c/d"}"#),
            (.geoPoint(GeoPoint(latitude: 1.5, longitude: .nan)), #"{"geoPointValue":{"latitude":1.5,"longitude":"NaN"}}"#),
            (.vector(VectorValue([1, .infinity])), #"{"__type__":"__vector__","value":[1.0,{"doubleValue":"Infinity"}]}"#),
        ]
        for (value, expected) in cases {
            let text = try plainText(value)
            #expect(text == expected)
            let reread = try PlainJSONReader().readValue(from: text)
            #expect(try plainText(reread) == text, "stable: \(text)")
        }
        #expect(try PlainJSONReader().readValue(from: #"{"bytesValue":"AQID"}"#) == .map(["bytesValue": .string("AQID")]))
    }

    /// The vector shape the writer uses reads back as a map, or as the vector with
    /// `readsVectorShape` — only exactly that shape, its components all reals.
    @Test func theVectorShapeReadsAsAVectorOnlyWhenAsked() throws {
        let vector = FirestoreValue.vector(VectorValue([0.5, 1.5, -0.0]))
        let text = try plainText(vector)
        let shape = FirestoreValue.map(["__type__": .string("__vector__"), "value": .array([.double(0.5), .double(1.5), .double(-0.0)])])
        #expect(try PlainJSONReader().readValue(from: text) == shape)
        let vectors = PlainJSONReader(readsVectorShape: true)
        #expect(try vectors.readValue(from: text) == vector)
        #expect(try vectors.readDocument(from: #"{"e": {"m": [\#(text)]}}"#) == ["e": .map(["m": .array([vector])])])
        for other in [#"{"__type__": "__vector__", "value": [1]}"#, #"{"__type__": "__vector__", "value": [1.0], "x": 1}"#,
                      #"{"__type__": "__other__", "value": [1.0]}"#, #"{"value": [1.0]}"#] {
            #expect(try vectors.readValue(from: other) == PlainJSONReader().readValue(from: other), "\(other)")
        }
    }

    @Test func documentsMustBeObjects() {
        let error = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader().readDocument(from: "[1]") }
        #expect(error?.kind == .wrongType)
        #expect(error?.expected == "an object (the document's fields)")
        #expect(error?.found == "an array")
    }

    @Test func depthLimitAndPointers() throws {
        let options = JSONReadOptions(maximumDepth: 2)
        _ = try PlainJSONReader(options: options).readValue(from: #"{"a": [1]}"#)
        let error = #expect(throws: FirestoreJSONError.self) { try PlainJSONReader(options: options).readValue(from: #"{"a": [{"b~/": {}}]}"#) }
        #expect(error?.kind == .tooDeep)
        #expect(error?.location.pointer == "/a/0")
        #expect(error?.valuePath == ValuePath([.key("a"), .index(0)]))
    }

    @Test func nulInKeysIsRefusedOnWrite() {
        let error = #expect(throws: FirestoreJSONError.self) { try PlainJSONWriter().write(["k": .map(["\u{0}": .null])] as FirestoreMap) }
        #expect(error?.kind == .unrepresentable)
        #expect(error?.location.pointer == "/k/\u{0}")
    }
}
