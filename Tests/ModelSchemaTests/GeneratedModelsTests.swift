import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema
import Testing
@testable import GeneratedModels

/// A stored map as the read path hands it to an app on Linux (`DocumentSnapshot.data()`):
/// NSNull, Bool, Int64, Double, String, Data, Timestamp, GeoPoint, DocumentReference,
/// `[Any]` and `[String: Any]`.
func readPathData(_ map: FirestoreMap) -> [String: Any] {
    var data: [String: Any] = [:]
    for (key, value) in map { data[key] = readPathValue(value) }
    return data
}

func readPathValue(_ value: FirestoreValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .boolean(let flag): return flag
    case .integer(let number): return number
    case .double(let number): return number
    case .timestamp(let timestamp): return timestamp
    case .string(let string): return string
    case .bytes(let data): return data
    case .reference(let reference): return reference
    case .geoPoint(let point): return point
    case .array(let values): return values.map(readPathValue)
    case .map(let map): return readPathData(map)
    case .vector(let vector): return vector
    }
}

func field(_ name: String, _ value: ModelValue) -> ModelField {
    ModelField(name: name, value: value)
}

@Suite("The emitted models, compiled")
struct GeneratedModelsTests {
    typealias Sink = Schema_kitchen_sink.Everything
    let reference: DocumentReference
    let sinkValue: ModelValue

    init() throws {
        reference = try DocumentReference(path: "things/abc")
        let color = ModelValue.structure([field("title", .string("a")), field("color", .color(RGBAColor(red: 1, green: 2, blue: 255, alpha: 3)))])
        sinkValue = .structure([
            field("id", .string("abc")),
            field("title", .string("T")),
            field("status", .enumCase("inReview")),
            field("level", .enumCase("medium")),
            field("shape", .enumCase("square")),
            field("tags", .array([color])),
            field("meta", .structure([field("createdBy", .reference(reference)), field("revision", .uint(7)), field("flags", .set([.enumCase("low"), .enumCase("high")]))])),
            field("scores", .dictionary([ModelDictionaryEntry(key: .enumCase("draft"), value: .double(1.5)), ModelDictionaryEntry(key: .enumCase("approved"), value: .double(-2))])),
            field("notes", .dictionary([ModelDictionaryEntry(key: .string("x"), value: .null), ModelDictionaryEntry(key: .string("y"), value: .string("why"))])),
            field("weights", .dictionary([ModelDictionaryEntry(key: .int(3), value: .float(0.25)), ModelDictionaryEntry(key: .int(-4), value: .float(8))])),
            field("createdAt", .date(Date(timeIntervalSince1970: 1_600_000_000.5))),
            field("deletedAt", .null),
            field("price", .decimal(Decimal(string: "12.5") ?? 0)),
            field("payload", .data(Data([1, 2]))),
            field("home", .url(URL(fileURLWithPath: "/a b"))),
            field("place", .geoPoint(GeoPoint(latitude: 1, longitude: 2))),
            field("cache", .array([])),
            field("tiny", .int(-5)),
            field("huge", .uint(99)),
        ])
    }

    @Test("init?(modelValue:) and modelValue are inverses; a value of another shape is refused")
    func modelValueRoundTrip() throws {
        let sink = try #require(Sink(modelValue: sinkValue))
        #expect(sink.modelValue == sinkValue)
        #expect(sink.tags.first?.color.hex == "#0102ff03")
        guard case .structure(var fields) = sinkValue else { return }
        fields[17] = field("tiny", .int(300))
        #expect(Sink(modelValue: .structure(fields)) == nil, "300 does not fit Int8")
        fields[17] = field("tiny", .uint(5))
        #expect(Sink(modelValue: .structure(fields)) == nil, "an unsigned value for a signed type")
        #expect(Sink(modelValue: .structure(Array(fields.dropLast()))) == nil, "a missing field")
        #expect(Sink(modelValue: .string("x")) == nil)
    }

    @Test("the hand-written dictionary writes what Firestore.Encoder writes", arguments: [WritePathOptions.faithful, .sdk])
    func sameDocumentAsCodable(options: WritePathOptions) throws {
        let sink = try #require(Sink(modelValue: sinkValue))
        let codable = try Firestore.Encoder().encodeToWrite(sink, options: options)
        let hand = try WritePath(options: options).parse(sink.dictionary)
        #expect(hand == codable)
        var pending = sink
        pending.createdAt = nil
        pending.meta.createdBy = nil
        let pendingHand = try WritePath(options: options).parse(pending.dictionary)
        #expect(pendingHand == (try Firestore.Encoder().encodeToWrite(pending, options: options)))
        #expect(pendingHand.transforms == [FieldTransform(path: ValuePath(keys: "createdAt"), kind: .serverTimestamp)])
        #expect(pendingHand.fields["deletedAt"] == .null)
        #expect(pendingHand.fields["id"] == nil)
        #expect(pendingHand.fields["cache"] == nil)
    }

    @Test("the hand-written mapper reads back the stored document as the read path hands it over")
    func readsStoredDocument() throws {
        let sink = try #require(Sink(modelValue: sinkValue))
        let stored = try Firestore.Encoder().encodeToFirestore(sink, options: .faithful)
        let read = try #require(Sink(reference: reference, data: readPathData(stored)))
        #expect(read.modelValue == sinkValue)
    }

    @Test("every guide model survives dictionary → write path → read path → init?(reference:data:)")
    func guideModels() throws {
        let book = try #require(Schema_book_with_tags.BookWithTags(modelValue: .structure([
            field("id", .string("abc")), field("title", .string("The Hitchhiker's Guide")), field("numberOfPages", .int(816)),
            field("author", .string("Douglas Adams")),
            field("tags", .array([.structure([field("title", .string("sci-fi")), field("color", .string("#ff0000"))])])),
        ])))
        let stored = try WritePath().parse(book.dictionary).fields
        #expect(stored["numberOfPages"] == .integer(816))
        #expect(Schema_book_with_tags.BookWithTags(reference: reference, data: readPathData(stored)) == book)

        let language = try #require(Schema_programming_language.ProgrammingLanguage(modelValue: .structure([
            field("id", .string("abc")), field("name", .string("Ada")), field("year", .date(Date(timeIntervalSince1970: -4_000_000_000))),
            field("reasonWhyILoveThis", .string("kept locally")),
        ])))
        let languageStored = try WritePath().parse(language.dictionary).fields
        #expect(languageStored.keys.sorted() == ["language_name", "year"])
        let languageRead = try #require(Schema_programming_language.ProgrammingLanguage(reference: reference, data: readPathData(languageStored)))
        #expect(languageRead.name == "Ada")
        #expect(languageRead.reasonWhyILoveThis == "", "a property left out of CodingKeys keeps its default")
        #expect(languageRead.id == "abc")
    }

    @Test("numbers are read as an app on Apple platforms reads them, from Linux's Swift numbers")
    func bridgedNumbers() {
        typealias Book = Schema_book.Book
        func pages(_ value: Any) -> Int? {
            Book(reference: reference, data: ["title": "t", "author": "a", "numberOfPages": value])?.numberOfPages
        }
        #expect(pages(Int64(816)) == 816)
        #expect(pages(816.0) == 816, "a double that holds an integer exactly")
        #expect(pages(816.5) == nil)
        #expect(pages(true) == 1, "NSNumber bridging counts a boolean as 1")
        #expect(pages(NSNumber(value: 12)) == 12)
        #expect(pages(UInt64.max) == nil)
        #expect(pages("816") == nil)
        #expect(pages(NSNull()) == nil)
        #expect(Book(reference: reference, data: ["title": "t", "author": "a"]) == nil, "a required field is absent")

        typealias Scalars = Schema_optional_scalars.OptionalScalars
        func scalars(_ data: [String: Any]) -> Scalars? { Scalars(reference: reference, data: data) }
        #expect(scalars(["flag": Int64(1)])?.flag == true)
        #expect(scalars(["flag": Int64(2)])?.flag == nil)
        #expect(scalars(["ratio": 0.5])?.ratio == 0.5)
        #expect(scalars(["ratio": 0.1])?.ratio == nil, "as? Float takes only numbers a Float holds exactly")
        #expect(scalars(["amount": Int64(3)])?.amount == 3)
        #expect(scalars(["price": 2.5])?.price == Decimal(string: "2.5"))
        #expect(scalars(["text": Int64(3)])?.text == nil, "a wrong type in an optional reads as nil")
        #expect(scalars(["text": Int64(3)]) != nil)
        #expect(scalars(["day": Timestamp(seconds: 10, nanoseconds: 500_000_000)])?.day == Date(timeIntervalSince1970: 10.5))
        #expect(scalars(["link": "https://example.com/x"])?.link?.absoluteString == "https://example.com/x")
        #expect(scalars(["tint": "#ABCDEF"])?.tint?.hex == "#abcdef")
        #expect(scalars(["tint": "#abc"])?.tint == nil)
        #expect(scalars(["shape": ["square": [String: Any]()]])?.shape == .square)
        #expect(scalars(["point": ["x": 1.0, "y": Int64(2)]])?.point?.y == 2)
    }

    @Test("an enum without raw values is read from its one case key, as synthesized Codable stores it")
    func rawlessEnum() {
        typealias Shape = Schema_rawless_enum.Shape
        #expect(Shape(firestoreValue: ["circle": [String: Any]()]) == .circle)
        #expect(Shape(firestoreValue: ["circle": ["_0": Int64(1)], "other": Int64(2)]) == .circle, "unknown keys are ignored")
        #expect(Shape(firestoreValue: ["circle": [String: Any](), "square": [String: Any]()]) == nil)
        #expect(Shape(firestoreValue: ["circle": Int64(1)]) == nil)
        #expect(Shape(firestoreValue: [String: Any]()) == nil)
        #expect(Shape(firestoreValue: "circle") == nil)
        #expect((Shape.star.firestoreValue as? [String: Any])?.keys.first == "star")
    }

    @Test("dictionaries: Int keys from decimal strings, enum keys from flat arrays")
    func dictionaries() throws {
        typealias Keyed = Schema_enum_keyed_dictionaries.EnumKeyed
        let data: [String: Any] = [
            "byStatus": ["in review", Int64(1), "draft", Int64(2)],
            "byLevel": [Int64(10), "ten"],
            "byShape": [["circle": [String: Any]()], 0.5],
            "tagsByStatus": [Any](),
            "maybeByLevel": [Int64(1), NSNull()],
        ]
        let keyed = try #require(Keyed(reference: reference, data: data))
        #expect(keyed.byStatus == [.inReview: 1, .draft: 2])
        #expect(keyed.byLevel == [.high: "ten"])
        #expect(keyed.byShape == [.circle: 0.5])
        #expect(keyed.maybeByLevel == [.low: Bool?.none])
        var odd = data
        odd["byStatus"] = ["draft"]
        #expect(Keyed(reference: reference, data: odd) == nil, "a dangling key")
        var unknown = data
        unknown["byStatus"] = ["final", Int64(1)]
        #expect(Keyed(reference: reference, data: unknown) == nil)

        typealias IntKeyed = Schema_int_dictionaries.IntDictionaries
        let intData: [String: Any] = [
            "weights": ["1": 0.5, "-2": Int64(3)], "labels": [String: Any](), "tags": ["7": ["title": "t", "color": "c"]],
            "flags": ["0": false], "maybes": ["5": NSNull(), "6": Int64(-128)], "nested": ["1": ["2": "x"]],
        ]
        let intKeyed = try #require(IntKeyed(reference: reference, data: intData))
        #expect(intKeyed.weights == [1: 0.5, -2: 3])
        #expect(intKeyed.maybes == [5: Int8?.none, 6: -128])
        #expect(intKeyed.nested == [1: [2: "x"]])
        var badKey = intData
        badKey["weights"] = ["one": 1.0]
        #expect(IntKeyed(reference: reference, data: badKey) == nil)
        let stored = try WritePath(options: .faithful).parse(intKeyed.dictionary).fields
        #expect(stored["maybes"] == .map(["5": .null, "6": .integer(-128)]))
        let storedBySDK = try WritePath(options: .sdk).parse(intKeyed.dictionary).fields
        #expect(storedBySDK["maybes"] == .map(["5": .null, "6": .boolean(true)]), "the SDK stores an Int8 as a boolean")
    }

    @Test("nested structs receive the document's reference for their @DocumentID, as Firestore.Decoder gives it")
    func nestedDocumentID() throws {
        typealias Order = Schema_document_id_nested.Order
        let order = try #require(Order(reference: reference, data: ["lines": [["product": "p", "quantity": Int64(2)]]]))
        #expect(order.id == "abc")
        #expect(order.ref == nil, "a @DocumentID left out of CodingKeys stays nil")
        #expect(order.lines.first?.lineID == "abc")
    }

    @Test("the hex Color decodes with a single-value container and refuses a malformed string with dataCorrupted")
    func hexColor() throws {
        typealias Color = Schema_tag_with_color.Color
        struct Holder: Codable { var color: Color }
        let decoded = try JSONDecoder().decode(Holder.self, from: Data(##"{"color": "#A0b1C280"}"##.utf8))
        #expect(decoded.color == Color(red: 0xA0, green: 0xB1, blue: 0xC2, alpha: 0x80))
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == ##"{"color":"#a0b1c280"}"##)
        for malformed in ["#12345", "123456", "#12345G", "#1234567", "", "#ÿÿÿÿÿÿ"] {
            do {
                _ = try JSONDecoder().decode(Holder.self, from: Data("{\"color\": \"\(malformed)\"}".utf8))
                Issue.record("\(malformed) was accepted")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["color"])
                #expect(context.debugDescription == "Invalid hex color \"\(malformed)\": expected #RRGGBB or #RRGGBBAA.")
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        #expect(Color(hex: "#000000")?.alpha == 255)
        #expect(Color(red: 1, green: 2, blue: 3).hex == "#010203")
    }
}
