import Crossfire
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// Every field type and property wrapper through `DynamicModel` and `Firestore.Decoder`, in the
/// five situations — success, type mismatch, missing key, null, corrupted data — asserting
/// the kind and coding path of each failure (and the SDK's message where it is fixed).
/// `Tests/HandMapperTests` holds the same situations for the hand mapper.
///
/// Some types have no corrupted form: every string is a `String`, every boolean a `Bool`,
/// every number a `Double` (NaN and −0.0 included), every reference a `DocumentReference`.
/// For them the situation pins that the edge value of the stored kind comes through exact.
/// A `@DocumentID` never reads its key, so a mismatched, missing or null value there is no
/// failure; its corrupted situation is a document read without a reference.
@Suite("DynamicModel: every type and wrapper in five situations")
struct DynamicModelSituationTests {
    static var cases: [TypeSituations] { scalarCases + integerCases + compositeCases + wrapperCases }

    @Test("success, type mismatch, missing key, null and corrupted data", arguments: cases.map(\.name))
    func situations(type name: String) throws {
        let typeCase = try #require(Self.cases.first { $0.name == name })
        for situation in Situation.allCases {
            try typeCase.check(situation)
        }
    }

    @Test("every FieldType case and every wrapper has its situations")
    func coverage() {
        let types = Self.cases.flatMap { $0.schema.structs[0].fields.map(\.type) }
        let kinds = Set(types.map(FieldTypeKind.init))
        #expect(kinds == Set(FieldTypeKind.allCases), "missing: \(Set(FieldTypeKind.allCases).subtracting(kinds))")
        let wrappers = Set(Self.cases.compactMap { $0.schema.structs[0].fields[0].wrapper })
        #expect(wrappers == Set(PropertyWrapper.allCases))
        #expect(Set(types.compactMap { if case .integer(let width) = $0 { width } else { nil } }) == Set(IntegerType.allCases))
        #expect(Self.cases.allSatisfy { $0.situations.count == Situation.allCases.count })
    }

    // MARK: Missing and null, as most types have them

    static var missing: SituationCase {
        SituationCase(stored: nil, outcome: .failure(.keyNotFound, path: "value", message: "No value associated with key CodingKeys(stringValue: \"value\", intValue: nil) (\"value\")."))
    }

    static func null(_ type: String) -> SituationCase {
        SituationCase(stored: NSNull(), outcome: .failure(.valueNotFound, path: "value", message: "Expected \(type) value but found null instead."))
    }

    /// Null met by a single-value container (a raw-value enum's, the `Color`'s).
    static func singleValueNull(_ type: String) -> SituationCase {
        SituationCase(stored: NSNull(), outcome: .failure(.valueNotFound, path: "value", message: "Expected \(type) but found null value instead."))
    }

    static func containerNull(_ kind: String) -> SituationCase {
        SituationCase(stored: NSNull(), outcome: .failure(.valueNotFound, path: "value", message: "Cannot get \(kind) decoding container -- found null value instead."))
    }

    static func mismatch(_ stored: Any, _ path: String = "value", _ message: String? = nil) -> SituationCase {
        SituationCase(stored: stored, outcome: .failure(.typeMismatch, path: path, message: message))
    }

    static func corrupted(_ stored: Any, _ path: String = "value", _ message: String? = nil) -> SituationCase {
        SituationCase(stored: stored, outcome: .failure(.dataCorrupted, path: path, message: message))
    }

    static func value(_ stored: Any?, _ value: ModelValue, reference: DocumentReference? = SituationCase.reference) -> SituationCase {
        SituationCase(stored: stored, reference: reference, outcome: .value(value))
    }

    // MARK: Scalars

    static let timestamp = Timestamp(seconds: 1_570_484_031, nanoseconds: 123_000_000)
    static var keyedTimestampOutOfRange: [String: Any] { ["seconds": Int64(1), "nanoseconds": Int64(1_000_000_000)] }

    static var scalarCases: [TypeSituations] { [
        TypeSituations("String", .string, [
            .success: value("Hitchhiker", .string("Hitchhiker")),
            .typeMismatch: mismatch(Int64(5), "value", "Expected to decode String but found a number instead."),
            .missingKey: missing, .null: null("String"),
            .corruptedData: value("\u{0}e\u{301}\u{202E}", .string("\u{0}e\u{301}\u{202E}")),
        ]),
        TypeSituations("Bool", .bool, [
            .success: value(true, .bool(true)),
            .typeMismatch: mismatch(Int64(1), "value", "Expected to decode Bool but found a number instead."),
            .missingKey: missing, .null: null("Bool"),
            .corruptedData: value(false, .bool(false)),
        ]),
        TypeSituations("Float", .float, [
            .success: value(1.5, .float(1.5)),
            .typeMismatch: mismatch("1.5", "value", "Expected to decode Float but found a string"),
            .missingKey: missing, .null: null("Float"),
            .corruptedData: corrupted(1e39, "value", "does not fit in Float."),
        ]),
        TypeSituations("Double", .double, [
            .success: value(Int64(3), .double(3)),
            .typeMismatch: mismatch(true, "value", "Expected to decode Double but found a number instead."),
            .missingKey: missing, .null: null("Double"),
            .corruptedData: value(-0.0, .double(-0.0)),
        ]),
        TypeSituations("Decimal", .decimal, [
            .success: value(0.5, .decimal(Decimal(string: "0.5") ?? 0)),
            .typeMismatch: mismatch("0.5", "value", "Expected to decode Double but found a string"),
            .missingKey: missing, .null: null("Decimal"),
            .corruptedData: corrupted(Double.infinity, "value", "Parsed JSON number inf does not fit in Decimal."),
        ]),
        TypeSituations("Date", .date, [
            .success: value(timestamp, .date(timestamp.dateValue())),
            .typeMismatch: mismatch(Int64(1_570_484_031), "value", "Expected to decode Dictionary<String, Any> but found a number instead."),
            .missingKey: missing, .null: null("Date"),
            .corruptedData: corrupted(keyedTimestampOutOfRange, "value.nanoseconds", "Timestamp nanoseconds out of range: 1000000000"),
        ]),
        TypeSituations("Timestamp", .timestamp, [
            .success: value(timestamp, .timestamp(timestamp)),
            .typeMismatch: mismatch("2019-10-07", "value", "Expected to decode Dictionary<String, Any> but found a string"),
            // Null reaches `Timestamp.init(from:)`, whose keyed container refuses it.
            .missingKey: missing, .null: containerNull("keyed"),
            .corruptedData: corrupted(keyedTimestampOutOfRange, "value.nanoseconds", "Timestamp nanoseconds out of range: 1000000000"),
        ]),
        TypeSituations("URL", .url, [
            .success: value("https://example.com/a?b=c", .url(URL(string: "https://example.com/a?b=c")!)),
            .typeMismatch: mismatch(Int64(80), "value", "Expected to decode String but found a number instead."),
            .missingKey: missing, .null: null("URL"),
            .corruptedData: corrupted("", "value", "Invalid URL string."),
        ]),
        TypeSituations("Data", .data, [
            .success: value(Data([0, 1, 255]), .data(Data([0, 1, 255]))),
            .typeMismatch: mismatch(Int64(1), "value"),
            .missingKey: missing, .null: null("Data"),
            // An invalid base64 string is the SDK's type mismatch, not corrupted data.
            .corruptedData: mismatch("not base64!", "value"),
        ]),
        TypeSituations("GeoPoint", .geoPoint, [
            .success: value(GeoPoint(latitude: 51.5, longitude: -0.12), .geoPoint(GeoPoint(latitude: 51.5, longitude: -0.12))),
            .typeMismatch: mismatch("51.5,-0.12", "value", "Expected to decode Dictionary<String, Any> but found a string"),
            .missingKey: missing, .null: containerNull("keyed"),
            .corruptedData: corrupted(["latitude": 91.0, "longitude": 0.0] as [String: Any], "value.latitude",
                                      "GeoPoint requires a latitude value in the range of [-90, 90], but was 91.0"),
        ]),
        TypeSituations("DocumentReference", .documentReference, [
            .success: value(SituationCase.reference, .reference(SituationCase.reference)),
            // `DocumentReference.init(from:)` refuses anything but a stored reference, without a path.
            .typeMismatch: SituationCase(stored: "books/hitchhiker", outcome: .failure(.invalidValue, path: nil,
                                                                                       message: "DocumentReference values can only be decoded with Firestore.Decoder")),
            .missingKey: missing,
            .null: SituationCase(stored: NSNull(), outcome: .failure(.invalidValue, path: nil,
                                                                     message: "DocumentReference values can only be decoded with Firestore.Decoder")),
            .corruptedData: value(try! DocumentReference(path: "a/\u{202E}x"), .reference(try! DocumentReference(path: "a/\u{202E}x"))),
        ]),
        TypeSituations("Color", .hexColor, [
            .success: value("#FF000080", .color(RGBAColor(red: 255, green: 0, blue: 0, alpha: 128))),
            .typeMismatch: mismatch(Int64(0xFF0000), "value", "Expected to decode String but found a number instead."),
            .missingKey: missing, .null: singleValueNull("String"),
            .corruptedData: corrupted("#12345", "value", "Invalid hex color \"#12345\": expected #RRGGBB or #RRGGBBAA."),
        ]),
    ] }

    // MARK: Integers

    static var integerCases: [TypeSituations] { IntegerType.allCases.map { width in
        let outOfRange: Any
        switch (width.bitWidth, width.isSigned) {
        case (64, true): outOfRange = 1e19
        case (64, false): outOfRange = Int64(-1)
        default: outOfRange = Int64(width.maximum) + 1
        }
        let largest: Any = width.maximum > UInt64(Int64.max) ? Int64.max : Int64(width.maximum)
        let largestValue: ModelValue = width.isSigned ? .int(Int64(width.maximum)) : .uint(min(width.maximum, UInt64(Int64.max)))
        return TypeSituations(width.rawValue, .integer(width), [
            .success: value(largest, largestValue),
            .typeMismatch: mismatch("12", "value", "Expected to decode \(width.rawValue) but found a string"),
            .missingKey: missing, .null: null(width.rawValue),
            .corruptedData: corrupted(outOfRange, "value", "does not fit in \(width.rawValue)."),
        ])
    } }

    // MARK: Enums, structs, optionals, collections

    static let status = EnumSchema(name: "Status", rawType: .string, cases: [EnumCase(name: "draft"), EnumCase(name: "inReview", rawValue: .string("in review"))])
    static let level = EnumSchema(name: "Level", rawType: .int, cases: [EnumCase(name: "low", rawValue: .int(1)), EnumCase(name: "high", rawValue: .int(10))])
    static let shape = EnumSchema(name: "Shape", rawType: .none, cases: [EnumCase(name: "circle"), EnumCase(name: "square")])
    static let part = StructSchema(name: "Part", fields: [FieldSchema(name: "title", type: .string), FieldSchema(name: "count", type: .integer(.int))])

    static var compositeCases: [TypeSituations] { [
        TypeSituations("String enum", .enumeration("Status"), enums: [status], [
            .success: value("in review", .enumCase("inReview")),
            .typeMismatch: mismatch(Int64(1), "value", "Expected to decode String but found a number instead."),
            .missingKey: missing, .null: singleValueNull("String"),
            .corruptedData: corrupted("published", "value", "Cannot initialize Status from invalid String value published"),
        ]),
        TypeSituations("Int enum", .enumeration("Level"), enums: [level], [
            .success: value(Int64(10), .enumCase("high")),
            .typeMismatch: mismatch("high", "value", "Expected to decode Int but found a string"),
            .missingKey: missing, .null: singleValueNull("Int"),
            .corruptedData: corrupted(Int64(5), "value", "Cannot initialize Level from invalid Int value 5"),
        ]),
        TypeSituations("raw-less enum", .enumeration("Shape"), enums: [shape], [
            .success: value(["square": [String: Any]()] as [String: Any], .enumCase("square")),
            .typeMismatch: mismatch("square", "value", "Expected to decode Dictionary<String, Any> but found a string"),
            .missingKey: missing, .null: containerNull("keyed"),
            // Two case keys: no case can be told.
            .corruptedData: mismatch(["circle": [String: Any](), "square": [String: Any]()] as [String: Any], "value", "Invalid number of keys found, expected one."),
        ]),
        TypeSituations("struct", .structure("Part"), structs: [part], [
            .success: value(["title": "a", "count": Int64(2)] as [String: Any],
                            .structure([ModelField(name: "title", value: .string("a")), ModelField(name: "count", value: .int(2))])),
            .typeMismatch: mismatch(["a"] as [Any], "value", "Expected to decode Dictionary<String, Any> but found an array instead."),
            .missingKey: missing, .null: containerNull("keyed"),
            .corruptedData: corrupted(["title": "a", "count": 2.5] as [String: Any], "value.count", "Parsed JSON number <2.5> does not fit in Int."),
        ]),
        TypeSituations("Optional", .optional(.integer(.int8)), [
            .success: value(Int64(-7), .int(-7)),
            .typeMismatch: mismatch("7", "value", "Expected to decode Int8 but found a string"),
            .missingKey: value(nil, .null),
            .null: value(NSNull(), .null),
            .corruptedData: corrupted(Int64(300), "value", "Parsed JSON number <300> does not fit in Int8."),
        ]),
        TypeSituations("Array", .array(.integer(.int8)), [
            .success: value([Int64(1), Int64(-2)] as [Any], .array([.int(1), .int(-2)])),
            .typeMismatch: mismatch(["a": Int64(1)] as [String: Any], "value", "Expected to decode Array<Any> but found a dictionary instead."),
            .missingKey: missing, .null: containerNull("unkeyed"),
            .corruptedData: corrupted([Int64(1), Int64(300)] as [Any], "value[1]", "Parsed JSON number <300> does not fit in Int8."),
        ]),
        TypeSituations("Set", .set(.integer(.uint8)), [
            .success: value([Int64(1), Int64(2), Int64(1)] as [Any], .set([.uint(1), .uint(2)])),
            .typeMismatch: mismatch("1,2", "value", "Expected to decode Array<Any> but found a string"),
            .missingKey: missing, .null: containerNull("unkeyed"),
            .corruptedData: corrupted([Int64(1), Int64(-1)] as [Any], "value[1]", "Parsed JSON number <-1> does not fit in UInt8."),
        ]),
        TypeSituations("[String: V]", .dictionary(key: .string, value: .integer(.int8)), [
            .success: value(["a": Int64(1)] as [String: Any], .dictionary([ModelDictionaryEntry(key: .string("a"), value: .int(1))])),
            .typeMismatch: mismatch([Int64(1)] as [Any], "value", "Expected to decode Dictionary<String, Int8> but found an array instead."),
            .missingKey: missing, .null: null("Dictionary<String, Int8>"),
            .corruptedData: corrupted(["a": Int64(300)] as [String: Any], "value.a", "Parsed JSON number <300> does not fit in Int8."),
        ]),
        TypeSituations("[Int: V]", .dictionary(key: .int, value: .integer(.int8)), [
            .success: value(["-7": Int64(1)] as [String: Any], .dictionary([ModelDictionaryEntry(key: .int(-7), value: .int(1))])),
            .typeMismatch: mismatch([Int64(1)] as [Any], "value"),
            .missingKey: missing, .null: containerNull("keyed"),
            // A key that is no integer: the standard library's type mismatch at that key.
            .corruptedData: mismatch(["seven": Int64(1)] as [String: Any], "value.seven", "Expected Int key but found String key instead."),
        ]),
        TypeSituations("[Enum: V]", .dictionary(key: .enumeration("Status"), value: .integer(.int8)), enums: [status], [
            .success: value(["in review", Int64(1)] as [Any], .dictionary([ModelDictionaryEntry(key: .enumCase("inReview"), value: .int(1))])),
            .typeMismatch: mismatch(["draft": Int64(1)] as [String: Any], "value", "Expected to decode Array<Any> but found a dictionary instead."),
            .missingKey: missing, .null: containerNull("unkeyed"),
            .corruptedData: corrupted(["draft"] as [Any], "value", "Expected collection of key-value pairs; encountered odd-length array instead."),
        ]),
    ] }

    // MARK: Wrappers

    static var wrapperCases: [TypeSituations] { [
        TypeSituations("@DocumentID String?", .optional(.string), wrapper: .documentID, [
            .success: value(nil, .string("hitchhiker")),
            .typeMismatch: value(Int64(5), .string("hitchhiker")),
            .missingKey: value(nil, .string("hitchhiker")),
            .null: value(NSNull(), .string("hitchhiker")),
            .corruptedData: SituationCase(stored: nil, reference: nil, outcome: .failure(.invalidValue, path: nil,
                                                                                        message: "DocumentID values can only be decoded with Firestore.Decoder")),
        ]),
        TypeSituations("@DocumentID DocumentReference?", .optional(.documentReference), wrapper: .documentID, [
            .success: value(nil, .reference(SituationCase.reference)),
            .typeMismatch: value("other/doc", .reference(SituationCase.reference)),
            .missingKey: value(nil, .reference(SituationCase.reference)),
            .null: value(NSNull(), .reference(SituationCase.reference)),
            .corruptedData: SituationCase(stored: nil, reference: nil, outcome: .failure(.invalidValue, path: nil,
                                                                                        message: "DocumentID values can only be decoded with Firestore.Decoder")),
        ]),
        TypeSituations("@ServerTimestamp Date?", .optional(.date), wrapper: .serverTimestamp, [
            .success: value(timestamp, .date(timestamp.dateValue())),
            .typeMismatch: mismatch(Int64(1), "value", "Expected to decode Dictionary<String, Any> but found a number instead."),
            .missingKey: missing,
            .null: value(NSNull(), .null),
            .corruptedData: corrupted(keyedTimestampOutOfRange, "value.nanoseconds", "Timestamp nanoseconds out of range: 1000000000"),
        ]),
        TypeSituations("@ServerTimestamp Timestamp?", .optional(.timestamp), wrapper: .serverTimestamp, [
            .success: value(timestamp, .timestamp(timestamp)),
            .typeMismatch: mismatch("now", "value", "Expected to decode Dictionary<String, Any> but found a string"),
            .missingKey: missing,
            .null: value(NSNull(), .null),
            .corruptedData: corrupted(["seconds": Int64(253_402_300_800), "nanoseconds": Int64(0)] as [String: Any], "value.seconds",
                                      "Timestamp seconds out of range: 253402300800"),
        ]),
        TypeSituations("@ExplicitNull Int8?", .optional(.integer(.int8)), wrapper: .explicitNull, [
            .success: value(Int64(-128), .int(-128)),
            .typeMismatch: mismatch("x", "value", "Expected to decode Int8 but found a string"),
            .missingKey: missing,
            .null: value(NSNull(), .null),
            .corruptedData: corrupted(Int64(128), "value", "Parsed JSON number <128> does not fit in Int8."),
        ]),
    ] }
}

/// The case of a `FieldType`, without its payload, for checking that every case is tested.
enum FieldTypeKind: CaseIterable, Hashable {
    case string, bool, integer, float, double, decimal, date, url, data, timestamp, geoPoint, documentReference, hexColor
    case enumeration, structure, optional, array, set, stringDictionary, intDictionary, enumDictionary

    init(_ type: FieldType) {
        switch type {
        case .string: self = .string
        case .bool: self = .bool
        case .integer: self = .integer
        case .float: self = .float
        case .double: self = .double
        case .decimal: self = .decimal
        case .date: self = .date
        case .url: self = .url
        case .data: self = .data
        case .timestamp: self = .timestamp
        case .geoPoint: self = .geoPoint
        case .documentReference: self = .documentReference
        case .hexColor: self = .hexColor
        case .enumeration: self = .enumeration
        case .structure: self = .structure
        case .optional: self = .optional
        case .array: self = .array
        case .set: self = .set
        case .dictionary(.string, _): self = .stringDictionary
        case .dictionary(.int, _): self = .intDictionary
        case .dictionary(.enumeration, _): self = .enumDictionary
        }
    }
}
