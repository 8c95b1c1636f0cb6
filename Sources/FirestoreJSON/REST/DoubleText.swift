/// The string forms of a ProtoJSON double: the special values `"NaN"`, `"Infinity"`,
/// `"-Infinity"`, `"-0"`, and any JSON number as a string (`"1.5"`, `"-2e10"`).
enum DoubleText {
    /// The string a writer uses for a double JSON numbers cannot carry (NaN, ±Infinity, −0.0),
    /// or nil for a double written as a number.
    static func special(_ value: Double) -> String? {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "Infinity" }
        if value == -.infinity { return "-Infinity" }
        if value == 0, value.sign == .minus { return "-0" }
        return nil
    }

    /// Why a string is not a double.
    enum Problem: Error {
        case notANumber
        case outOfRange
    }

    /// Reads a special value or a number in JSON syntax; a finite number beyond binary64's
    /// range is out of range (it would become infinity).
    static func parse(_ text: String) -> Result<Double, Problem> {
        switch text {
        case "NaN": return .success(.nan)
        case "Infinity": return .success(.infinity)
        case "-Infinity": return .success(-.infinity)
        default: break
        }
        guard isJSONNumber(text), let value = Double(text) else { return .failure(.notANumber) }
        guard value.isFinite else { return .failure(.outOfRange) }
        return .success(value)
    }

    /// Whether the text matches JSON's number grammar:
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var position = 0
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        func skipDigits() -> Int {
            let start = position
            while isDigit(position) { position += 1 }
            return position - start
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if skipDigits() == 0 {
            return false
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { return false }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard skipDigits() > 0 else { return false }
        }
        return position == bytes.count
    }
}
