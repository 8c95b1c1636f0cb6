import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// The canonical REST output and its round trips: write, read, write gives the same bytes,
/// and reading gives a value equal (strict `==`) to the original.
@Suite struct RESTWritingTests {
    /// Writes, reads, writes again; checks identical bytes and an equal document.
    private func roundTrip(_ document: RESTDocument, options: JSONWriteOptions = .default, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let writer = RESTJSONWriter(options: options)
        let first = try writer.write(document)
        let read = try RESTJSONReader().readDocument(from: first)
        #expect(read == document, sourceLocation: sourceLocation)
        #expect(try writer.write(read) == first, sourceLocation: sourceLocation)
    }

    @Test func everyValueTypeInItsCanonicalForm() throws {
        let cases: [(FirestoreValue, String)] = [
            (.null, #"{"nullValue":null}"#),
            (.boolean(true), #"{"booleanValue":true}"#),
            (.integer(Int64.min), #"{"integerValue":"-9223372036854775808"}"#),
            (.double(5.5), #"{"doubleValue":5.5}"#),
            (.double(100), #"{"doubleValue":100.0}"#),
            (.double(0.1), #"{"doubleValue":0.1}"#),
            (.double(1e20), #"{"doubleValue":1e20}"#),
            (.double(1e-5), #"{"doubleValue":1e-5}"#),
            (.double(.nan), #"{"doubleValue":"NaN"}"#),
            (.double(.infinity), #"{"doubleValue":"Infinity"}"#),
            (.double(-.infinity), #"{"doubleValue":"-Infinity"}"#),
            (.double(-0.0), #"{"doubleValue":"-0"}"#),
            (.double(0.0), #"{"doubleValue":0.0}"#),
            (.timestamp(Timestamp(seconds: 0, nanoseconds: 0)), #"{"timestampValue":"1970-01-01T00:00:00Z"}"#),
            (.timestamp(Timestamp(seconds: 0, nanoseconds: 1_000_000)), #"{"timestampValue":"1970-01-01T00:00:00.001Z"}"#),
            (.timestamp(Timestamp(seconds: 0, nanoseconds: 1000)), #"{"timestampValue":"1970-01-01T00:00:00.000001Z"}"#),
            (.timestamp(Timestamp(seconds: -1, nanoseconds: 1)), #"{"timestampValue":"1969-12-31T23:59:59.000000001Z"}"#),
            (.string("a\u{0}\"é"), #"{"stringValue":"a\u0000\"é"}"#),
            (.bytes(Data([0xFB, 0xFF])), #"{"bytesValue":"+/8="}"#),
            (.reference(try reference("a/b")), #"{"referenceValue":"projects/crossfire/databases/(default)/documents/a/b"}"#),
            (.geoPoint(GeoPoint(latitude: 0, longitude: -0.0)), #"{"geoPointValue":{"latitude":0.0,"longitude":"-0"}}"#),
            (.array([]), #"{"arrayValue":{}}"#),
            (.array([.integer(1)]), #"{"arrayValue":{"values":[{"integerValue":"1"}]}}"#),
            (.map([:]), #"{"mapValue":{}}"#),
            (.map(["b": .null, "a": .boolean(false)]), #"{"mapValue":{"fields":{"b":{"nullValue":null},"a":{"booleanValue":false}}}}"#),
            (.vector(VectorValue([1, 0.5])),
             #"{"mapValue":{"fields":{"__type__":{"stringValue":"__vector__"},"value":{"arrayValue":{"values":[{"doubleValue":1.0},{"doubleValue":0.5}]}}}}}"#),
        ]
        for (value, expected) in cases {
            let text = try restText(value)
            #expect(text == expected)
            let read = try restValue(text)
            #expect(read == value, "\(text)")
            #expect(try restText(read) == text)
        }
    }

    @Test func geoPointCoordinatesKeepNaNAndNegativeZero() throws {
        let text = try restText(.geoPoint(GeoPoint(latitude: .nan, longitude: -0.0)))
        #expect(text == #"{"geoPointValue":{"latitude":"NaN","longitude":"-0"}}"#)
        guard case .geoPoint(let point) = try restValue(text) else { Issue.record("not a geopoint"); return }
        #expect(point.latitude.isNaN)
        #expect(point.longitude.bitPattern == (-0.0).bitPattern)
        #expect(try restText(.geoPoint(point)) == text)
    }

    @Test func documentMembersInOrderAndEmptyFieldsAsEmptyObject() throws {
        let document = RESTDocument(reference: try reference("c/d"), fields: [:],
                                    createTime: Timestamp(seconds: 1, nanoseconds: 0), updateTime: Timestamp(seconds: 2, nanoseconds: 500_000_000))
        let text = String(decoding: try RESTJSONWriter(options: compact).write(document), as: UTF8.self)
        #expect(text == #"{"name":"projects/crossfire/databases/(default)/documents/c/d","fields":{},"createTime":"1970-01-01T00:00:01Z","updateTime":"1970-01-01T00:00:02.500Z"}"#)
        #expect(String(decoding: try RESTJSONWriter(options: compact).write(RESTDocument()), as: UTF8.self) == #"{"fields":{}}"#)
        try roundTrip(document)
        try roundTrip(RESTDocument())
    }

    @Test func sortedKeysUseUTF8ByteOrder() throws {
        let document = RESTDocument(reference: try reference("c/d"), fields: ["é": .null, "z": .null, "Z": .null, "a": .map(["y": .null, "x": .null])])
        let options = JSONWriteOptions(sortedKeys: true, layout: .compact)
        let text = String(decoding: try RESTJSONWriter(options: options).write(document), as: UTF8.self)
        #expect(text == #"{"fields":{"Z":{"nullValue":null},"a":{"mapValue":{"fields":{"x":{"nullValue":null},"y":{"nullValue":null}}}},"z":{"nullValue":null},"é":{"nullValue":null}},"name":"projects/crossfire/databases/(default)/documents/c/d"}"#)
        try roundTrip(document, options: options)
    }

    @Test func layouts() throws {
        let document = RESTDocument(fields: ["a": .array([.integer(1)])])
        let indented = String(decoding: try RESTJSONWriter().write(document), as: UTF8.self)
        #expect(indented == """
            {
              "fields": {
                "a": {
                  "arrayValue": {
                    "values": [
                      {
                        "integerValue": "1"
                      }
                    ]
                  }
                }
              }
            }
            """)
        let singleLine = String(decoding: try RESTJSONWriter(options: JSONWriteOptions(layout: .singleLine)).write(document), as: UTF8.self)
        #expect(singleLine == #"{"fields": {"a": {"arrayValue": {"values": [{"integerValue": "1"}]}}}}"#)
    }

    @Test func randomDocumentsRoundTripExactly() throws {
        var generator = RandomValues(seed: 0xC0FFEE)
        let layouts: [JSONWriteOptions] = [.default, JSONWriteOptions(sortedKeys: true, layout: .compact), JSONWriteOptions(layout: .singleLine)]
        for round in 0..<400 {
            let document = RESTDocument(reference: generator.reference(), fields: generator.document(maxDepth: 5),
                                        createTime: generator.timestamp(), updateTime: round % 2 == 0 ? nil : generator.timestamp())
            try roundTrip(document, options: layouts[round % layouts.count])
        }
    }

    @Test func everyDoubleReadsBackBitForBit() throws {
        var random = SeededRandom(seed: 42)
        var all: [FirestoreValue] = []
        for _ in 0..<20_000 {
            let number = Double(bitPattern: random.next())
            let value = FirestoreValue.double(number)
            let read = try restValue(try restText(value))
            #expect(read.doubleBits == FirestoreValue.normalizedBits(number), "\(number)")
            all.append(value)
        }
        // One output holding them all is printed at the precision of the hardest.
        let array = FirestoreValue.array(all)
        let text = try restText(array)
        #expect(try restValue(text) == array)
        #expect(try restText(try restValue(text)) == text)
    }

    @Test func doublesPrintWithTheFewestDigitsTheWholeOutputNeeds() throws {
        // One precision serves the whole output: a double that needs 17 digits lengthens the others.
        #expect(try restText(.array([.double(0.1), .double(0.1 + 0.2)]))
            == #"{"arrayValue":{"values":[{"doubleValue":0.10000000000000001},{"doubleValue":0.30000000000000004}]}}"#)
        #expect(try restText(.array([.double(0.1), .double(19.84)])) == #"{"arrayValue":{"values":[{"doubleValue":0.1},{"doubleValue":19.84}]}}"#)
        #expect(try restText(.double(1e16)) == #"{"doubleValue":10000000000000000.0}"#)
        #expect(try restText(.double(1e17)) == #"{"doubleValue":1e17}"#)
        #expect(try restText(.double(.greatestFiniteMagnitude)) == #"{"doubleValue":1.7976931348623157e308}"#)
        #expect(try restText(.double(.leastNonzeroMagnitude)) == #"{"doubleValue":5e-324}"#)
    }

    @Test func timestampsOutsideRFC3339AreRefusedWithTheirLocation() {
        for timestamp in [Timestamp(seconds: Timestamp.endSeconds, nanoseconds: 0), Timestamp(seconds: 0, nanoseconds: -1),
                          Timestamp(seconds: 0, nanoseconds: 1_000_000_000)] {
            let error = #expect(throws: FirestoreJSONError.self) {
                try RESTJSONWriter().write(RESTDocument(fields: ["t": .array([.timestamp(timestamp)])]))
            }
            #expect(error?.kind == .unrepresentable)
            #expect(error?.location.pointer == "/fields/t/arrayValue/values/0/timestampValue")
            #expect(error?.valuePath == ValuePath([.key("t"), .index(0)]))
        }
        let createTime = #expect(throws: FirestoreJSONError.self) {
            try RESTJSONWriter().write(RESTDocument(createTime: Timestamp(seconds: Int64.min, nanoseconds: 0)))
        }
        #expect(createTime?.location.pointer == "/createTime")
    }

    @Test func valuesDeeperThanTheLimitAreRefused() throws {
        var value = FirestoreValue.null
        for _ in 0..<5 { value = .array([value]) }
        let options = JSONWriteOptions(maximumDepth: 4)
        let error = #expect(throws: FirestoreJSONError.self) { try RESTJSONWriter(options: options).write(value) }
        #expect(error?.kind == .unrepresentable)
        #expect(error?.valuePath == ValuePath([.index(0), .index(0), .index(0), .index(0)]))
        #expect(error?.found == "nesting level 5")
        _ = try RESTJSONWriter(options: JSONWriteOptions(maximumDepth: 5)).write(value)
        // Whatever the option says, the ceiling holds, and what it lets through reads back.
        let unlimitedOptions = JSONWriteOptions(maximumDepth: .max)
        var deep = FirestoreValue.null
        for _ in 0..<JSONReadOptions.depthCeiling { deep = .map(["m": deep]) }
        let written = try RESTJSONWriter(options: unlimitedOptions).write(deep)
        #expect(try RESTJSONReader(options: JSONReadOptions(maximumDepth: .max)).readValue(from: written) == deep)
        let tooDeep = FirestoreValue.array([deep])
        let unlimited = #expect(throws: FirestoreJSONError.self) { try RESTJSONWriter(options: unlimitedOptions).write(tooDeep) }
        #expect(unlimited?.kind == .unrepresentable)
        #expect(unlimited?.expected == "arrays and maps nested at most 256 deep")
        let plain = #expect(throws: FirestoreJSONError.self) { try PlainJSONWriter(options: unlimitedOptions).write(tooDeep) }
        #expect(plain?.kind == .unrepresentable)
    }

    @Test func aMapOfTheVectorShapeReadsBackAsAVector() throws {
        let map = FirestoreValue.map(["__type__": .string("__vector__"), "value": .array([.double(1)])])
        #expect(try restValue(try restText(map)) == .vector(VectorValue([1])))
    }
}
