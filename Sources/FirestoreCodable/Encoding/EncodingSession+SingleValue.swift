import Foundation

/// The single-value container of a `EncodingSession` is the encoder itself, as in the SDK:
/// one value per encoder; a second one is a misuse (a precondition failure in the SDK).
extension EncodingSession: SingleValueEncodingContainer {
    /// Whether a single value may still be written; records the misuse when not.
    private func canWriteSingleValue() -> Bool {
        guard storage == nil else {
            context.recordMisuse(
                "Attempt to encode value through single value container when previously value already encoded.",
                at: codingPath
            )
            return false
        }
        return true
    }

    private func write(_ value: EncodedValue) {
        if canWriteSingleValue() { storage = value }
    }

    func encodeNil() throws { write(.null) }
    func encode(_ value: Bool) throws { write(.bool(value)) }
    func encode(_ value: String) throws { write(.string(value)) }
    func encode(_ value: Int) throws { write(.int(value)) }
    func encode(_ value: Int8) throws { write(.int8(value)) }
    func encode(_ value: Int16) throws { write(.int16(value)) }
    func encode(_ value: Int32) throws { write(.int32(value)) }
    func encode(_ value: Int64) throws { write(.int64(value)) }
    func encode(_ value: UInt) throws { write(.uint(value)) }
    func encode(_ value: UInt8) throws { write(.uint8(value)) }
    func encode(_ value: UInt16) throws { write(.uint16(value)) }
    func encode(_ value: UInt32) throws { write(.uint32(value)) }
    func encode(_ value: UInt64) throws { write(.uint64(value)) }

    func encode(_ value: Float) throws {
        if canWriteSingleValue() { storage = try boxFloat(value, at: nil) }
    }

    func encode(_ value: Double) throws {
        if canWriteSingleValue() { storage = try boxDouble(value, at: nil) }
    }

    func encode<T: Encodable>(_ value: T) throws {
        if canWriteSingleValue() { storage = try box(value, at: nil) }
    }
}
