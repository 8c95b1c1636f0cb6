import Foundation

/// The base64 text of `bytesValue`: read in the standard or the URL-safe alphabet, with or
/// without `=` padding; written in the standard alphabet with padding.
enum Base64Text {
    /// Why a text is not base64.
    enum Problem: Error, Equatable {
        /// A character outside both alphabets, at this byte offset.
        case invalidCharacter(byteOffset: Int)
        /// Characters of both the standard (`+` `/`) and the URL-safe (`-` `_`) alphabet.
        case mixedAlphabets
        /// `=` somewhere other than the end, or more than two, or padding that does not make
        /// the length a multiple of four.
        case badPadding
        /// A length that no byte sequence encodes to (one character past a group of four).
        case truncated
        /// The last character carries bits that encode nothing (a non-canonical encoding).
        case nonZeroTrailingBits
    }

    /// The standard base64 with padding.
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
    }

    /// The length of the standard padded base64 text of `byteCount` bytes.
    static func encodedLength(ofByteCount byteCount: Int) -> Int {
        (byteCount / 3 + (byteCount % 3 == 0 ? 0 : 1)) * 4
    }

    /// Decodes either alphabet, padded or not.
    static func decode(_ text: String) -> Result<Data, Problem> {
        let characters = Array(text.utf8)
        var end = characters.count
        while end > 0, characters[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let padding = characters.count - end
        if padding > 0 {
            guard padding <= 2, characters.count % 4 == 0 else { return .failure(.badPadding) }
        }
        guard end % 4 != 1 else { return .failure(.truncated) }
        var standard = false
        var urlSafe = false
        var output = Data()
        output.reserveCapacity(end / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for offset in 0..<end {
            let character = characters[offset]
            let sextet: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): sextet = 62; standard = true
            case UInt8(ascii: "/"): sextet = 63; standard = true
            case UInt8(ascii: "-"): sextet = 62; urlSafe = true
            case UInt8(ascii: "_"): sextet = 63; urlSafe = true
            case UInt8(ascii: "="): return .failure(.badPadding)
            default: return .failure(.invalidCharacter(byteOffset: offset))
            }
            accumulator = (accumulator << 6) | sextet
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard !(standard && urlSafe) else { return .failure(.mixedAlphabets) }
        guard accumulator == 0 else { return .failure(.nonZeroTrailingBits) }
        return .success(output)
    }
}
