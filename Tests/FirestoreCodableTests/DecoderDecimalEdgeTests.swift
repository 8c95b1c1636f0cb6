import FirestoreCodable
import FirestoreModel
import Foundation
import Testing

private struct Price: Decodable {
    var amount: Decimal
}

@Suite("Decoder: Decimal from non-finite doubles")
struct DecoderDecimalEdgeTests {
    @Test func infinityIsDataCorruptedInsteadOfTrappingInDecimalInit() {
        for value in [Double.infinity, -Double.infinity] {
            #expect {
                _ = try Firestore.Decoder().decode(Price.self, from: ["amount": value] as [String: Any])
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["amount"]
                    && context.debugDescription.hasPrefix("Parsed JSON number ")
                    && context.debugDescription.hasSuffix(" does not fit in Decimal.")
            }
        }
    }

    @Test func nanBecomesDecimalNaN() throws {
        let price = try Firestore.Decoder().decode(Price.self, from: ["amount": Double.nan] as [String: Any])
        #expect(price.amount.isNaN)
    }
}
