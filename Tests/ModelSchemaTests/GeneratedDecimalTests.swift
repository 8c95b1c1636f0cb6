import FirestoreModel
import Foundation
import ModelSchema
import Testing
@testable import GeneratedModels

@Suite("The emitted hand-written mapper reads Decimal as Apple's NSNumber.decimalValue")
struct GeneratedDecimalTests {
    typealias Scalars = Schema_optional_scalars.OptionalScalars

    func price(_ stored: Any) throws -> ModelValue? {
        let scalars = Scalars(reference: try DocumentReference(path: "a/b"), data: ["price": stored])
        guard case .structure(let fields)? = scalars?.modelValue else { return nil }
        return fields.first { $0.name == "price" }?.value
    }

    @Test("integers exactly, beyond 2^53 too (Linux's decimalValue rounds them through Double)")
    func integersExactly() throws {
        #expect(try price(Int64(-2_883_032_176_852_993_274)) == .decimal(Decimal(Int64(-2_883_032_176_852_993_274))))
        #expect(try price(Int64.max) == .decimal(Decimal(Int64.max)))
        #expect(try price(UInt64.max) == .decimal(Decimal(UInt64.max)))
        #expect(try price(true) == .decimal(1))
    }

    @Test("doubles as Decimal(Double); a Decimal as it is")
    func otherNumbers() throws {
        #expect(try price(0.1) == .decimal(Decimal(0.1)))
        let exact = try #require(Decimal(string: "12.345678901234567890123"))
        #expect(try price(exact) == .decimal(exact))
    }

    @Test("NaN and ±infinity are nil (Linux's decimalValue traps on ±infinity), a string too", arguments: [Double.nan, .infinity, -.infinity])
    func notANumber(number: Double) throws {
        #expect(try price(number) == .null)
        #expect(try price("12") == .null)
    }
}
