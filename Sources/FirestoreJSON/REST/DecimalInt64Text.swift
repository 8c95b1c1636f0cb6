/// The decimal text form of `integerValue`: an optional `-` and one or more ASCII digits,
/// within Int64.
enum DecimalInt64Text {
    /// Why a text is not a decimal Int64.
    enum Problem: Error {
        case notDecimal
        case outOfRange
    }

    /// Reads `-?[0-9]+`; no `+`, spaces, fraction or exponent.
    static func parse(_ text: String) -> Result<Int64, Problem> {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(.notDecimal)
        }
        var magnitude: UInt64 = 0
        for byte in bytes {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return .failure(.outOfRange) }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .failure(.outOfRange) }
            return .success(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .failure(.outOfRange) }
        return .success(Int64(magnitude))
    }
}
