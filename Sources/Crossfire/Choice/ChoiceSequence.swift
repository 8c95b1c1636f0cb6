/// A recorded choice sequence in a compact, stable form for journals and regression files.
///
/// **Byte form**: each choice as an unsigned LEB128 varint, in order: seven bits per byte,
/// least significant group first, the high bit set on every byte but a choice's last.
/// Choices below 128 — nearly all of them — take one byte. A varint is at most ten bytes
/// and must be minimal (no trailing zero groups).
///
/// **Text form**: `c1:` followed by the byte form in unpadded base64url (RFC 4648 §5,
/// alphabet `A–Z a–z 0–9 - _`). The empty sequence is `c1:`.
///
/// Ordering is *shortlex*: a shorter sequence is smaller, equal lengths compare choice by
/// choice. It is the shrinker's notion of "simpler".
package struct ChoiceSequence: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The choices, in order.
    package var choices: [UInt64]

    /// The prefix that names the text form's version.
    package static let textPrefix = "c1:"

    /// A sequence of the given choices.
    package init(_ choices: [UInt64]) {
        self.choices = choices
    }

    /// Reads the byte form.
    package init(bytes: [UInt8]) throws(ChoiceSequenceError) {
        var choices: [UInt64] = []
        choices.reserveCapacity(bytes.count)
        var offset = 0
        while offset < bytes.count {
            let start = offset
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count else {
                    throw ChoiceSequenceError(offset: start, reason: "the varint starting here is cut off")
                }
                let byte = bytes[offset]
                offset += 1
                let group = UInt64(byte & 0x7F)
                if shift == 63, group > 1 {
                    throw ChoiceSequenceError(offset: offset - 1, reason: "the varint exceeds 64 bits")
                }
                value |= group << shift
                if byte & 0x80 == 0 {
                    if group == 0, offset - start > 1 {
                        throw ChoiceSequenceError(offset: offset - 1, reason: "the varint is not minimal (a trailing zero group)")
                    }
                    break
                }
                shift += 7
                if shift > 63 {
                    throw ChoiceSequenceError(offset: offset, reason: "the varint is longer than ten bytes")
                }
            }
            choices.append(value)
        }
        self.choices = choices
    }

    /// Reads the text form, `c1:` and unpadded base64url.
    package init(text: String) throws(ChoiceSequenceError) {
        guard text.hasPrefix(ChoiceSequence.textPrefix) else {
            throw ChoiceSequenceError(offset: 0, reason: "expected the prefix \"\(ChoiceSequence.textPrefix)\"")
        }
        let digits = Array(text.utf8.dropFirst(ChoiceSequence.textPrefix.utf8.count))
        let prefixLength = ChoiceSequence.textPrefix.utf8.count
        guard digits.count % 4 != 1 else {
            throw ChoiceSequenceError(offset: prefixLength + digits.count - 1, reason: "base64url text cannot have a length of 4n+1")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for (index, digit) in digits.enumerated() {
            guard let sextet = ChoiceSequence.sextet(of: digit) else {
                throw ChoiceSequenceError(offset: prefixLength + index, reason: "not a base64url digit")
            }
            accumulator = accumulator << 6 | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else {
            throw ChoiceSequenceError(offset: prefixLength + digits.count - 1, reason: "non-zero unused bits in the last digit")
        }
        do {
            try self.init(bytes: bytes)
        } catch {
            throw ChoiceSequenceError(offset: prefixLength, reason: "in the decoded bytes at byte \(error.offset): \(error.reason)")
        }
    }

    /// The byte form.
    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(choices.count + choices.count / 4)
        for choice in choices {
            var value = choice
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        return bytes
    }

    /// The text form, e.g. `c1:AQIDgAE`.
    package var text: String {
        let bytes = self.bytes
        var scalars = String.UnicodeScalarView()
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = accumulator << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                scalars.append(ChoiceSequence.digit(of: UInt8((accumulator >> UInt32(bits)) & 0x3F)))
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            scalars.append(ChoiceSequence.digit(of: UInt8((accumulator << UInt32(6 - bits)) & 0x3F)))
        }
        return ChoiceSequence.textPrefix + String(scalars)
    }

    package var description: String { text }

    /// Shortlex order: fewer choices first, then choice by choice.
    package static func < (lhs: ChoiceSequence, rhs: ChoiceSequence) -> Bool {
        if lhs.choices.count != rhs.choices.count { return lhs.choices.count < rhs.choices.count }
        return lhs.choices.lexicographicallyPrecedes(rhs.choices)
    }

    private static func digit(of sextet: UInt8) -> Unicode.Scalar {
        switch sextet {
        case 0..<26: return Unicode.Scalar(0x41 + sextet)
        case 26..<52: return Unicode.Scalar(0x61 + sextet - 26)
        case 52..<62: return Unicode.Scalar(0x30 + sextet - 52)
        case 62: return "-"
        default: return "_"
        }
    }

    private static func sextet(of digit: UInt8) -> UInt8? {
        switch digit {
        case 0x41...0x5A: return digit - 0x41
        case 0x61...0x7A: return digit - 0x61 + 26
        case 0x30...0x39: return digit - 0x30 + 52
        case 0x2D: return 62
        case 0x5F: return 63
        default: return nil
        }
    }
}

/// Why bytes or text are not a choice sequence: the offset (in bytes of the input) and what
/// was wrong there.
package struct ChoiceSequenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset in the input where the problem is.
    package let offset: Int
    /// What is wrong.
    package let reason: String

    /// An error at an offset.
    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    package var description: String { "invalid choice sequence at offset \(offset): \(reason)" }
}
