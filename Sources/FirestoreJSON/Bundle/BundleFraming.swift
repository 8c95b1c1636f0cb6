/// The framing of a bundle: a sequence of `<decimal byte length><JSON text of that many
/// bytes>` records, the length counted in UTF-8 bytes.
enum BundleFraming {
    /// One record: where its length prefix starts and where its JSON text lies.
    struct Frame {
        let index: Int
        let start: Int
        let json: Range<Int>
    }

    /// The frames of `bytes`, or an `invalidBundle` error naming the record and byte offset.
    static func frames(of bytes: UnsafeRawBufferPointer) throws(FirestoreJSONError) -> [Frame] {
        var frames: [Frame] = []
        var offset = 0
        while offset < bytes.count {
            let index = frames.count
            var position = offset
            var length = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                guard position - offset < 18 else {
                    throw error(index, offset, expected: "a length prefix of at most 18 digits", found: "a longer run of digits")
                }
                length = length * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            guard position > offset else {
                throw error(index, offset, expected: "a decimal length prefix", found: describe(byte: bytes[offset]))
            }
            guard length <= bytes.count - position else {
                throw error(index, offset, expected: "\(length) bytes of JSON after the length prefix",
                            found: "\(bytes.count - position) bytes left")
            }
            frames.append(Frame(index: index, start: offset, json: position..<(position + length)))
            offset = position + length
        }
        return frames
    }

    static func error(_ record: Int, _ offset: Int, expected: String, found: String) -> FirestoreJSONError {
        FirestoreJSONError(kind: .invalidBundle, location: JSONLocation(path: .root, byteOffset: offset, record: record),
                           expected: expected, found: found)
    }

    private static func describe(byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "the byte 0x\(String(byte, radix: 16))"
    }
}
