import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §6: Decimal, Date, Data and URL.
@Suite("Decoder: Decimal, Date, Data, URL")
struct DecoderFoundationTypeTests {
    struct Event: Decodable, Equatable {
        var date: Date
    }

    struct Blob: Decodable, Equatable {
        var data: Data
    }

    struct Link: Decodable, Equatable {
        var url: URL
    }

    struct Price: Decodable, Equatable {
        var amount: Decimal
    }

    // MARK: Decimal

    @Test("Decimal: a decimal input as it is, other numbers through Double")
    func decimal() throws {
        let decoder = Firestore.Decoder()
        let exact = try #require(Decimal(string: "0.1"))
        #expect(try decoder.decode(Price.self, from: ["amount": exact]) == Price(amount: exact))
        #expect(try decoder.decode(Price.self, from: ["amount": NSDecimalNumber(decimal: exact)]) == Price(amount: exact))
        #expect(try decoder.decode(Price.self, from: ["amount": 0.1]) == Price(amount: Decimal(0.1)))
        #expect(try decoder.decode(Price.self, from: ["amount": 7]) == Price(amount: 7))
        // Read as a Double first: Int64.max becomes the double 2^63.
        #expect(try decoder.decode(Decimal.self, from: Int64.max) == Decimal(Double(Int64.max)))
        #expect(decodingFailure(Price.self, from: ["amount": "1.5"]) == DecodingFailure(
            .typeMismatch, "Double", [key("amount")], "Expected to decode Double but found a string/data instead."
        ))
        #expect(decodingFailure(Price.self, from: ["amount": NSNull()]) == DecodingFailure(
            .valueNotFound, "Decimal", [key("amount")], "Expected Decimal value but found null instead."
        ))
    }

    // MARK: Date

    @Test("Date (.timestamp) from a stored timestamp: dateValue()")
    func dateFromTimestamp() throws {
        let stamp = Timestamp(seconds: 1_570_484_031, nanoseconds: 123_000_000)
        let event = try Firestore.Decoder().decode(Event.self, from: ["date": stamp])
        #expect(event.date == stamp.dateValue())
        let typed = try Firestore.Decoder().decode(Event.self, from: ["date": .timestamp(stamp)] as FirestoreMap)
        #expect(typed.date == stamp.dateValue())
    }

    @Test("Date (.timestamp) from a {seconds, nanoseconds} map")
    func dateFromTimestampMap() throws {
        let event = try Firestore.Decoder().decode(Event.self, from: ["date": ["seconds": 10, "nanoseconds": 500_000_000]])
        #expect(event.date == Date(timeIntervalSince1970: 10.5))
        #expect(decodingFailure(Event.self, from: ["date": ["nanoseconds": 1]]) == DecodingFailure(
            .keyNotFound, "seconds", [key("date")],
            "No value associated with key CodingKeys(stringValue: \"seconds\", intValue: nil) (\"seconds\")."
        ))
    }

    @Test("Date (.timestamp) from a number or string: type mismatch against Dictionary<String, Any>")
    func dateFromWrongType() {
        #expect(decodingFailure(Event.self, from: ["date": 1_570_484_031]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [key("date")],
            "Expected to decode Dictionary<String, Any> but found a number instead."
        ))
        #expect(decodingFailure(Event.self, from: ["date": "2019-10-07T21:33:51Z"]) == DecodingFailure(
            .typeMismatch, "Dictionary<String, Any>", [key("date")],
            "Expected to decode Dictionary<String, Any> but found a string/data instead."
        ))
        #expect(decodingFailure(Event.self, from: ["date": NSNull()]) == DecodingFailure(
            .valueNotFound, "Date", [key("date")], "Expected Date value but found null instead."
        ))
    }

    @Test("Date strategies: deferredToDate, seconds, milliseconds")
    func numericDateStrategies() throws {
        let decoder = Firestore.Decoder()
        decoder.dateDecodingStrategy = .deferredToDate
        #expect(try decoder.decode(Event.self, from: ["date": 100]).date == Date(timeIntervalSinceReferenceDate: 100))
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Event.self, from: ["date": 100.5]).date == Date(timeIntervalSince1970: 100.5))
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try decoder.decode(Event.self, from: ["date": 1500]).date == Date(timeIntervalSince1970: 1.5))
        #expect(decodingFailure(Event.self, from: ["date": "1500"], decoder: decoder) == DecodingFailure(
            .typeMismatch, "Double", [key("date")], "Expected to decode Double but found a string/data instead."
        ))
        decoder.dateDecodingStrategy = .deferredToDate
        #expect(decodingFailure(Event.self, from: ["date": Timestamp(seconds: 0, nanoseconds: 0)], decoder: decoder)
            == DecodingFailure(.typeMismatch, "Double", [key("date")],
                               "Expected to decode Double but found Timestamp instead."))
    }

    @Test("Date strategies: iso8601 and formatted")
    func stringDateStrategies() throws {
        let decoder = Firestore.Decoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Event.self, from: ["date": "1970-01-01T00:01:40Z"]).date
            == Date(timeIntervalSince1970: 100))
        #expect(decodingFailure(Event.self, from: ["date": "yesterday"], decoder: decoder) == DecodingFailure(
            .dataCorrupted, nil, [key("date")], "Expected date string to be ISO8601-formatted."
        ))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        decoder.dateDecodingStrategy = .formatted(formatter)
        #expect(try decoder.decode(Event.self, from: ["date": "1970-01-02"]).date == Date(timeIntervalSince1970: 86_400))
        #expect(decodingFailure(Event.self, from: ["date": "02.01.1970"], decoder: decoder) == DecodingFailure(
            .dataCorrupted, nil, [key("date")], "Date string does not match format expected by formatter."
        ))
        #expect(decodingFailure(Event.self, from: ["date": 5], decoder: decoder) == DecodingFailure(
            .typeMismatch, "String", [key("date")], "Expected to decode String but found a number instead."
        ))
    }

    @Test("Date strategy: custom, handed the decoder at the value")
    func customDateStrategy() throws {
        let decoder = Firestore.Decoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let days = Double(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not days"))
            }
            return Date(timeIntervalSince1970: days * 86_400)
        }
        #expect(try decoder.decode(Event.self, from: ["date": "2"]).date == Date(timeIntervalSince1970: 172_800))
        #expect(decodingFailure(Event.self, from: ["date": "two"], decoder: decoder) == DecodingFailure(
            .dataCorrupted, nil, [key("date")], "not days"
        ))
    }

    // MARK: Data

    @Test("Data (.blob) from bytes or a base64 string")
    func dataFromBlob() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Blob.self, from: ["data": Data([1, 2])]) == Blob(data: Data([1, 2])))
        #expect(try decoder.decode(Blob.self, from: ["data": NSData(data: Data([3]))]) == Blob(data: Data([3])))
        #expect(try decoder.decode(Blob.self, from: ["data": "AQI="]) == Blob(data: Data([1, 2])))
        #expect(decodingFailure(Blob.self, from: ["data": "not base64!"]) == DecodingFailure(
            .typeMismatch, "Data", [key("data")], "Expected to decode Data but found a string/data instead."
        ))
        #expect(decodingFailure(Blob.self, from: ["data": [1, 2]]) == DecodingFailure(
            .typeMismatch, "Data", [key("data")], "Expected to decode Data but found an array instead."
        ))
        #expect(decodingFailure(Blob.self, from: ["data": NSNull()]) == DecodingFailure(
            .valueNotFound, "Data", [key("data")], "Expected Data value but found null instead."
        ))
    }

    @Test("Data strategies: base64, deferredToData, custom")
    func otherDataStrategies() throws {
        let decoder = Firestore.Decoder()
        decoder.dataDecodingStrategy = .base64
        #expect(try decoder.decode(Blob.self, from: ["data": "AQI="]) == Blob(data: Data([1, 2])))
        #expect(decodingFailure(Blob.self, from: ["data": "%%"], decoder: decoder) == DecodingFailure(
            .dataCorrupted, nil, [key("data")], "Encountered Data is not valid Base64."
        ))
        #expect(decodingFailure(Blob.self, from: ["data": Data([1])], decoder: decoder) == DecodingFailure(
            .typeMismatch, "Data", [key("data")], "Expected to decode Data but found Data instead."
        ))
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try decoder.decode(Blob.self, from: ["data": [1, 255]]) == Blob(data: Data([1, 255])))
        #expect(decodingFailure(Blob.self, from: ["data": [1, 256]], decoder: decoder) == DecodingFailure(
            .dataCorrupted, nil, [key("data"), index(1)], "Parsed JSON number <256> does not fit in UInt8."
        ))
        decoder.dataDecodingStrategy = .custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8)
        }
        #expect(try decoder.decode(Blob.self, from: ["data": "hi"]) == Blob(data: Data("hi".utf8)))
    }

    // MARK: URL

    @Test("URL from a string URL(string:) accepts")
    func urls() throws {
        let link = try Firestore.Decoder().decode(Link.self, from: ["url": "https://example.com/a?b=c"])
        #expect(link.url.absoluteString == "https://example.com/a?b=c")
        #expect(decodingFailure(Link.self, from: ["url": "http://[::1"]) == DecodingFailure(
            .dataCorrupted, nil, [key("url")], "Invalid URL string."
        ))
        #expect(decodingFailure(Link.self, from: ["url": 5]) == DecodingFailure(
            .typeMismatch, "String", [key("url")], "Expected to decode String but found a number instead."
        ))
        #expect(decodingFailure(Link.self, from: ["url": NSNull()]) == DecodingFailure(
            .valueNotFound, "URL", [key("url")], "Expected URL value but found null instead."
        ))
    }
}
