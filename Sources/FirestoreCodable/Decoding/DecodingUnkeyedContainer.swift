/// An unkeyed container over one array, with the SDK's `_JSONUnkeyedDecodingContainer`
/// behaviour, quirks included:
///
/// - element `i` is read with `Index i` pushed on the session's path;
/// - past the end: `valueNotFound(T, path + [Index i], "Unkeyed container is at end.")`;
/// - a null for a type the container reads itself (`Date`, `Data`, `URL`, `Decimal`,
///   `[String: V]`, or any type through the non-generic overloads) is
///   `valueNotFound(T, "Expected <T> but found null instead.")` at a path that holds the
///   index twice, as the SDK appends it again; other types go through their `init(from:)`
///   and report the single-value error with the index once;
/// - the nested-container errors name the container's own path, without the index.
///
/// A class, so that `any UnkeyedDecodingContainer` holds a reference, not a boxed copy.
final class DecodingUnkeyedContainer: UnkeyedDecodingContainer {
    private let session: DecodingSession
    private let elements: DecodingNodeArray
    /// The coding path of the array, as it was when the container was made.
    let codingPath: [any CodingKey]
    /// The index of the next element to decode.
    private(set) var currentIndex = 0

    init(session: DecodingSession, elements: DecodingNodeArray) {
        self.session = session
        self.elements = elements
        self.codingPath = session.codingPath
    }

    var count: Int? { elements.count }

    var isAtEnd: Bool { currentIndex >= elements.count }

    func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw atEnd(Any?.self) }
        if elements[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
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
        guard !isAtEnd else { throw atEnd(type) }
        let element = elements[currentIndex]
        session.codingPath.append(DecoderCodingKey(index: currentIndex))
        defer { session.codingPath.removeLast() }
        let value = try session.unbox(element, as: type, ifNull: .arrayElement(index: currentIndex))
        currentIndex += 1
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try session.with(DecoderCodingKey(index: currentIndex)) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(KeyedDecodingContainer<NestedKey>.self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get nested keyed container -- unkeyed container is at end."
                ))
            }
            let element = elements[currentIndex]
            if element.isNull {
                throw DecodingError.valueNotFound(KeyedDecodingContainer<NestedKey>.self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead."
                ))
            }
            guard let map = element.mapView else {
                throw element.mismatch(expecting: [String: Any].self, at: codingPath)
            }
            return KeyedDecodingContainer(DecodingKeyedContainer<NestedKey>(session: session, map: map))
        }
        currentIndex += 1
        return container
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try session.with(DecoderCodingKey(index: currentIndex)) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get nested keyed container -- unkeyed container is at end."
                ))
            }
            let element = elements[currentIndex]
            if element.isNull {
                throw DecodingError.valueNotFound((any UnkeyedDecodingContainer).self, DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead."
                ))
            }
            guard let nested = element.arrayView else {
                throw element.mismatch(expecting: [Any].self, at: codingPath)
            }
            return DecodingUnkeyedContainer(session: session, elements: nested)
        }
        currentIndex += 1
        return container
    }

    func superDecoder() throws -> any Swift.Decoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound((any Swift.Decoder).self, DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Cannot get superDecoder() -- unkeyed container is at end."
            ))
        }
        let decoder = DecodingSession(
            root: elements[currentIndex],
            codingPath: session.codingPath + [DecoderCodingKey(index: currentIndex)],
            options: session.options
        )
        currentIndex += 1
        return decoder
    }

    /// A scalar, read without pushing its index (see `DecodingScalar`).
    @inline(__always)
    private func decodeScalar<T: DecodingScalar>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw atEnd(type) }
        let element = elements[currentIndex]
        guard let value = try T.unboxScalar(element, in: session, at: DecoderCodingKey(index: currentIndex)) else {
            throw nullElement(type)
        }
        currentIndex += 1
        return value
    }

    /// The error for reading past the end, at the session's path plus the next index.
    private func atEnd(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: session.codingPath + [DecoderCodingKey(index: currentIndex)],
            debugDescription: "Unkeyed container is at end."
        ))
    }

    /// The SDK's null-element error: its path holds the index twice, as the SDK pushes it
    /// and then appends it again.
    private func nullElement(_ type: Any.Type) -> DecodingError {
        let index = DecoderCodingKey(index: currentIndex)
        return DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: session.codingPath + [index, index],
            debugDescription: "Expected \(type) but found null instead."
        ))
    }
}
