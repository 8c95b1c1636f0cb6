import Foundation
import Testing
@testable import FirestoreModel

/// What corelibs Foundation does on Linux with numbers seen through `Any`. The write path is
/// built around these facts; if Foundation changes them, these tests say so.
@Suite("Foundation number bridging on this platform")
struct FoundationBridgingTests {
    @Test func nativeNumbersBridgeToNSNumberSoTheirTypeMustBeCheckedFirst() {
        let int: Any = 1
        let bool: Any = true
        #expect(int as? NSNumber != nil)
        #expect(bool as? NSNumber != nil)
        #expect(int as? Bool == nil)
        #expect(bool as? Int == nil)
        #expect(!(type(of: int) is NSNumber.Type))
        #expect(type(of: NSNumber(value: 1) as Any) is NSNumber.Type)
    }

    @Test func nsNumbersCrossBetweenBoolAndInt() {
        let one: Any = NSNumber(value: 1)
        let yes: Any = NSNumber(value: true)
        #expect(one as? Bool == true)
        #expect(yes as? Int == 1)
    }

    @Test func booleanNSNumbersAreSingletons() {
        #expect(NSNumber(value: true) === NSNumber(value: true))
        #expect(NSNumber(value: 1) !== NSNumber(value: true))
        #expect(String(cString: NSNumber(value: true).objCType) == "c")
    }

    #if os(Linux)
    @Test func corelibsObjCTypesDependOnTheValue() {
        func code(_ number: NSNumber) -> String { String(cString: number.objCType) }
        #expect(code(NSNumber(value: Int8(127))) == "c")
        #expect(code(NSNumber(value: Int8(1))) == "i")
        #expect(code(NSNumber(value: UInt8(200))) == "s")
        #expect(code(NSNumber(value: Int64.max)) == "q")
        #expect(code(NSNumber(value: UInt64.max)) == "Q")
        #expect(code(NSNumber(value: Float(1))) == "f")
        #expect(code(NSNumber(value: 1.0)) == "d")
        #expect(code(NSDecimalNumber(string: "1.5")) == "d")
    }
    #endif

    @Test func writePathNeverLetsBridgingChangeAType() throws {
        let fields = try WritePath().parse(["i": 1, "b": true, "u8": UInt8(1), "i8": Int8(1)], kind: .set).fields
        #expect(fields["i"] == .integer(1))
        #expect(fields["b"] == .boolean(true))
        #expect(fields["u8"] == .integer(1))
        #expect(fields["i8"] == .boolean(true))
    }
}
