/// The session is its own single-value container, as in the SDK: it reads the value being
/// decoded, and a null for a non-optional type is `valueNotFound` with
/// "Expected <T> but found null value instead." at the session's coding path.
extension DecodingSession: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        top.isNull
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(type) }
    func decode(_ type: String.Type) throws -> String { try decodeScalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeScalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeScalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeScalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeScalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeScalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeScalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeScalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeScalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeScalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeScalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeScalar(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try expectNonNull(type)
        return try unbox(top, as: type, ifNull: .singleValue)
    }

    @inline(__always)
    private func decodeScalar<T: DecodingScalar>(_ type: T.Type) throws -> T {
        try expectNonNull(type)
        guard let value = try T.unboxScalar(top, in: self, at: nil) else { throw nullValue(type) }
        return value
    }

    private func expectNonNull(_ type: Any.Type) throws {
        if top.isNull { throw nullValue(type) }
    }

    /// The single-value container's null error.
    func nullValue(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected \(type) but found null value instead."
        ))
    }
}
