import Foundation
import Testing
@testable import FirestoreCodable
import FirestoreModel

@Suite("Decoding Decimal")
struct DecoderDecimalTests {
    @Test("±infinity is corrupted data at the value's path, not a trap in Decimal(Double)",
          arguments: [Double.infinity, -Double.infinity])
    func nonFiniteNumbers(number: Double) {
        #expect(decodingFailure(DecodedField<Decimal>.self, from: ["value": number]) == DecodingFailure(
            .dataCorrupted, nil, [key("value")], "Parsed JSON number \(number) does not fit in Decimal."
        ))
        #expect(decodingFailure([Decimal].self, from: [1.5, number]) == DecodingFailure(
            .dataCorrupted, nil, [index(1)], "Parsed JSON number \(number) does not fit in Decimal."
        ))
    }

    @Test("NaN reads as Decimal.nan, as Decimal(Double.nan) gives")
    func notANumber() throws {
        #expect(try Firestore.Decoder().decode(Decimal.self, from: Double.nan).isNaN)
    }

    @Test("finite numbers read through Double; a Decimal input as it is")
    func finiteNumbers() throws {
        let decoder = Firestore.Decoder()
        #expect(try decoder.decode(Decimal.self, from: 0.5) == Decimal(string: "0.5"))
        #expect(try decoder.decode(Decimal.self, from: Int64(7)) == 7)
        let exact = try #require(Decimal(string: "12.345678901234567890123"))
        #expect(try decoder.decode(Decimal.self, from: exact) == exact)
    }
}
