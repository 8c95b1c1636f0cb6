import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// `Docs/sdk-codable-rules.md` §2: date, data and key strategies.
@Suite("Encoder: strategies")
struct EncoderStrategyTests {
    static let date = Date(timeIntervalSince1970: 1_570_484_031.5)

    private func encodeDate(_ strategy: Firestore.Encoder.DateEncodingStrategy) throws -> Any? {
        let encoder = Firestore.Encoder()
        encoder.dateEncodingStrategy = strategy
        return try encoder.encode(Field(Self.date))["value"]
    }

    private func encodeData(_ strategy: Firestore.Encoder.DataEncodingStrategy, _ data: Data) throws -> Any? {
        let encoder = Firestore.Encoder()
        encoder.dataEncodingStrategy = strategy
        return try encoder.encode(Field(data))["value"]
    }

    @Test func defaults() throws {
        let encoder = Firestore.Encoder()
        guard case .timestamp = encoder.dateEncodingStrategy else {
            Issue.record("date default is not .timestamp")
            return
        }
        guard case .blob = encoder.dataEncodingStrategy else {
            Issue.record("data default is not .blob")
            return
        }
        guard case .throw = encoder.nonConformingFloatEncodingStrategy else {
            Issue.record("float default is not .throw")
            return
        }
        guard case .useDefaultKeys = encoder.keyEncodingStrategy else {
            Issue.record("key default is not .useDefaultKeys")
            return
        }
        #expect(encoder.userInfo.isEmpty)
    }

    @Test func dateDeferredToDateIsSecondsSinceReferenceDate() throws {
        let value = try encodeDate(.deferredToDate)
        #expect(typeName(value) == "Double")
        #expect(value as? Double == Self.date.timeIntervalSinceReferenceDate)
    }

    @Test func dateSecondsSince1970() throws {
        let value = try encodeDate(.secondsSince1970)
        #expect(value as? Double == 1_570_484_031.5)
    }

    @Test func dateMillisecondsSince1970() throws {
        let value = try encodeDate(.millisecondsSince1970)
        #expect(value as? Double == 1_570_484_031_500)
    }

    @Test func dateISO8601() throws {
        let value = try encodeDate(.iso8601)
        #expect(value as? String == "2019-10-07T21:33:51Z")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        #expect(value as? String == formatter.string(from: Self.date))
    }

    @Test func dateFormatted() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        #expect(try encodeDate(.formatted(formatter)) as? String == "2019/10/07")
    }

    @Test func dateCustom() throws {
        let value = try encodeDate(.custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64(date.timeIntervalSince1970))
        })
        #expect(typeName(value) == "Int64")
        #expect(value as? Int64 == 1_570_484_031)
    }

    @Test func dateCustomWritingNothingIsAnEmptyMap() throws {
        let value = try encodeDate(.custom { _, _ in })
        #expect((value as? [String: Any])?.isEmpty == true)
    }

    @Test func dateCustomErrorPropagatesWithPath() {
        let encoder = Firestore.Encoder()
        encoder.dateEncodingStrategy = .custom { _, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Double.nan)
        }
        let context = invalidValueContext(Field([Self.date]), with: encoder)
        #expect(keyStrings(context?.codingPath ?? []) == ["value", "Index 0"])
    }

    @Test func dataBase64() throws {
        #expect(try encodeData(.base64, Data([1, 2, 3])) as? String == "AQID")
    }

    @Test func dataDeferredToDataIsAnArrayOfUInt8() throws {
        let elements = try #require(try encodeData(.deferredToData, Data([1, 200])) as? [Any])
        #expect(elements.map(typeName) == ["UInt8", "UInt8"])
        #expect(elements.compactMap { $0 as? UInt8 } == [1, 200])
    }

    @Test func dataCustom() throws {
        let value = try encodeData(.custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        }, Data([9, 9, 9]))
        #expect(value as? Int == 3)
        let empty = try encodeData(.custom { _, _ in }, Data([1]))
        #expect((empty as? [String: Any])?.isEmpty == true)
    }

    @Test func customKeysGetTheFullPath() throws {
        // TEST testEncodingKeyStrategyPath.
        struct Inner: Encodable { var leaf = 1 }
        struct Outer: Encodable { var inner = Inner() }
        let encoder = Firestore.Encoder()
        let paths = PathRecorder()
        encoder.keyEncodingStrategy = .custom { path in
            paths.record(keyStrings(path))
            return TestKey(stringValue: path.map(\.stringValue).joined(separator: "."))
        }
        let result = try encoder.encode(Outer())
        let inner = try #require(result["inner"] as? [String: Any])
        #expect(inner["inner.leaf"] as? Int == 1)
        #expect(paths.paths == [["inner"], ["inner", "leaf"]])
    }

    @Test func duplicateConvertedKeysLastWriteWins() throws {
        // TEST testKeyStrategyDuplicateKeys.
        struct Model: Encodable {
            var oneTwo = "camel"
            var one_two = "snake"
        }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = try encoder.encode(Model())
        #expect(result.count == 1)
        #expect(result["one_two"] as? String == "snake")
        encoder.keyEncodingStrategy = .custom { _ in TestKey(stringValue: "same") }
        let same = try encoder.encode(Model())
        #expect(same.count == 1)
        #expect(same["same"] as? String == "snake")
    }

    @Test func superKeyGoesThroughTheKeyStrategy() throws {
        final class Child: Base {
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: EncoderCodingKeys.self)
                try container.encode(2, forKey: .second)
                try super.encode(to: container.superEncoder())
            }
        }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .custom { path in TestKey(stringValue: path.last.map { "k_" + $0.stringValue } ?? "") }
        let result = try encoder.encode(Child())
        #expect(result["k_second"] as? Int == 2)
        let superMap = try #require(result["k_super"] as? [String: Any])
        #expect(superMap["k_first"] as? Int == 1)
    }
}

/// A base class for superclass-encoding tests: writes `first: 1`.
class Base: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncoderCodingKeys.self)
        try container.encode(1, forKey: .first)
    }
}

/// A coding key made from a string, for custom key strategies.
struct TestKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Collects the paths a custom key strategy is called with.
final class PathRecorder {
    private(set) var paths: [[String]] = []
    func record(_ path: [String]) { paths.append(path) }
}
