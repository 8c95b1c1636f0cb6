import FirestoreModel
import Foundation
import HandMapper
import ModelSchema
import Testing

@Suite("Which set elements the hand mapper keeps")
struct SetEqualityTests {
    @Test("GeoPoints are merged by GeoPoint's own == (coordinates by bits), as a Set<GeoPoint> merges them")
    func geoPointsByTheirOwnEquality() throws {
        let schema = single(.set(.geoPoint))
        let zero = GeoPoint(latitude: 0, longitude: 1)
        let negativeZero = GeoPoint(latitude: -0.0, longitude: 1)
        #expect(Set([zero, negativeZero]).count == 2, "GeoPoint's == tells −0.0 from 0.0")
        let stored: [String: Any] = ["value": [zero, negativeZero, zero] as [Any]]
        #expect(field(strictValue(schema, stored), "value") == .set([.geoPoint(zero), .geoPoint(negativeZero)]))
        #expect(field(LenientHandMapper(schema: schema).decode(stored, reference: nil).value, "value")
            == .set([.geoPoint(zero), .geoPoint(negativeZero)]))
    }

    @Test("doubles are merged numerically: 0.0 and −0.0 are one element, the first kept")
    func doublesNumerically() {
        let schema = single(.set(.double))
        let stored: [String: Any] = ["value": [-0.0, 0.0, 1.5] as [Any]]
        #expect(field(strictValue(schema, stored), "value") == .set([.double(-0.0), .double(1.5)]))
    }
}
