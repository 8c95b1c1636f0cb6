import FirestoreModel

/// A JSON value written out as compact UTF-8 text, built from its parts: what a journal line is
/// made of. Each part is written once, straight to text — members of an object in the order
/// of their keys' UTF-8 bytes, so that equal records give equal bytes — and text another
/// writer made (a REST document, a schema) goes in as it is, never parsed back.
package struct JSONText: Sendable, Hashable {
    /// The text.
    package let bytes: [UInt8]

    /// Text that already is one compact JSON value (no line breaks).
    package init(raw bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `null`.
    package static let null = JSONText(raw: Array("null".utf8))

    /// A string, with JSON's escapes for `"`, `\` and control characters.
    package static func string(_ text: String) -> JSONText {
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(text.utf8.count + 2)
        appendEscaped(text, to: &bytes)
        bytes.append(0x22)
        return JSONText(raw: bytes)
    }

    /// An integer.
    package static func integer(_ number: some BinaryInteger) -> JSONText {
        JSONText(raw: Array(String(number).utf8))
    }

    /// `true` or `false`.
    package static func boolean(_ flag: Bool) -> JSONText {
        JSONText(raw: Array((flag ? "true" : "false").utf8))
    }

    /// A finite number in its shortest round-trip form (`0.25`, `1e-05`); `null` for NaN and
    /// ±infinity, which JSON has no number for.
    package static func number(_ value: Double) -> JSONText {
        value.isFinite ? JSONText(raw: Array(value.description.utf8)) : .null
    }

    /// An array.
    package static func array(_ elements: [JSONText]) -> JSONText {
        var bytes: [UInt8] = [0x5B]
        bytes.reserveCapacity(elements.reduce(2) { $0 + $1.bytes.count + 1 })
        for (offset, element) in elements.enumerated() {
            if offset > 0 { bytes.append(0x2C) }
            bytes += element.bytes
        }
        bytes.append(0x5D)
        return JSONText(raw: bytes)
    }

    /// An object, its members sorted by their keys' UTF-8 bytes; a key given twice keeps its
    /// first value.
    package static func object(_ members: [(key: String, value: JSONText)]) -> JSONText {
        var bytes: [UInt8] = [0x7B]
        var previous: String?
        for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if let previous, previous.utf8.elementsEqual(member.key.utf8) { continue }
            if previous != nil { bytes.append(0x2C) }
            previous = member.key
            bytes.append(0x22)
            appendEscaped(member.key, to: &bytes)
            bytes += [0x22, 0x3A]
            bytes += member.value.bytes
        }
        bytes.append(0x7D)
        return JSONText(raw: bytes)
    }

    /// A plain JSON value (null, booleans, integers, doubles, strings, arrays and maps, as
    /// `PlainJSONReader` reads them back); any other Firestore value is written as its
    /// description, a string.
    package static func value(_ value: FirestoreValue) -> JSONText {
        switch value {
        case .null: return .null
        case .boolean(let flag): return .boolean(flag)
        case .integer(let number): return .integer(number)
        case .double(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(Self.value))
        case .map(let map): return .object(map.map { (key: $0.key, value: Self.value($0.value)) })
        default: return .string(value.description)
        }
    }

    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x00..<0x20:
                bytes += [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            default:
                bytes.append(byte)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }
}
