import Foundation
import FirestoreModel

/// The types the containers read with their own non-generic overloads (the SDK's `unbox`
/// overloads): `Bool`, `String`, `Double`, `Float` and every integer width.
///
/// A container reads a scalar entry without pushing its key on the session's coding path
/// (nothing can observe the path while a scalar is read); errors name the path with `key`,
/// the entry's key or index, appended.
protocol DecodingScalar: Decodable {
    /// The value of `node`; nil for null (the caller words the null error).
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Self?

    /// An untyped value as this type, the short way, when it holds the Swift type the SDK's
    /// read path hands out for such a scalar (`String`, `Bool`, `Double`; an integer that fits,
    /// for the integer types): what `unboxScalar` gives for the value's node, taken straight
    /// from `DecodingInputReader.readPathNode(_:)`. Nil otherwise, for the caller to classify
    /// the value and read it the long way.
    static func readPathValue(_ value: Any) -> Self?
}

extension DecodingScalar {
    static func readPathValue(_ value: Any) -> Self? { nil }
}

extension FixedWidthInteger where Self: DecodingScalar {
    static func readPathValue(_ value: Any) -> Self? {
        guard case .value(.integer(let integer))? = DecodingInputReader.readPathNode(value) else { return nil }
        return Self(exactly: integer)
    }
}

extension Bool: DecodingScalar {
    static func readPathValue(_ value: Any) -> Bool? {
        guard case .value(.boolean(let boolean))? = DecodingInputReader.readPathNode(value) else { return nil }
        return boolean
    }

    /// Only a boolean: a number, even 0 or 1, is a type mismatch.
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Bool? {
        switch node {
        case .value(.null): return nil
        case .value(.boolean(let value)): return value
        default: throw node.mismatch(expecting: Bool.self, at: session.codingPath(appending: key))
        }
    }
}

extension String: DecodingScalar {
    static func readPathValue(_ value: Any) -> String? {
        guard case .value(.string(let string))? = DecodingInputReader.readPathNode(value) else { return nil }
        return string
    }

    /// Only a string.
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> String? {
        switch node {
        case .value(.null): return nil
        case .value(.string(let value)): return value
        default: throw node.mismatch(expecting: String.self, at: session.codingPath(appending: key))
        }
    }
}

extension Double: DecodingScalar {
    static func readPathValue(_ value: Any) -> Double? {
        guard case .value(.double(let double))? = DecodingInputReader.readPathNode(value) else { return nil }
        return double
    }

    /// Any number (integers widen, NaN and ±∞ pass), or a string of the
    /// `.convertFromString` strategy.
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Double? {
        if node.isNull { return nil }
        if let number = DecodingNumber(node) { return number.doubleValue }
        if let value = session.nonConformingFloat(node) { return value }
        throw node.mismatch(expecting: Double.self, at: session.codingPath(appending: key))
    }
}

extension Float: DecodingScalar {
    /// Any number of magnitude up to `Float.greatestFiniteMagnitude`, rounded to the nearest
    /// float; NaN, ±∞ and larger magnitudes are "Parsed JSON number x does not fit in Float."
    /// A string of the `.convertFromString` strategy gives ±∞ or NaN.
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Float? {
        if node.isNull { return nil }
        if let number = DecodingNumber(node) {
            let value = number.doubleValue
            guard abs(value) <= Double(Float.greatestFiniteMagnitude) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: session.codingPath(appending: key),
                    debugDescription: "Parsed JSON number \(number.rendered) does not fit in Float."
                ))
            }
            return Float(value)
        }
        if let value = session.nonConformingFloat(node) { return Float(value) }
        throw node.mismatch(expecting: Float.self, at: session.codingPath(appending: key))
    }
}

extension DecodingSession {
    /// The non-finite value a string stands for under `.convertFromString`, or nil.
    func nonConformingFloat(_ node: DecodingNode) -> Double? {
        guard case .value(.string(let string)) = node,
              case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
                options.nonConformingFloatDecodingStrategy
        else { return nil }
        if string == positiveInfinity { return .infinity }
        if string == negativeInfinity { return -.infinity }
        if string == nan { return .nan }
        return nil
    }

    /// An integer of type `T` from a number that is exactly one (so 42.0 gives 42); another
    /// number is "Parsed JSON number <n> does not fit in T.", anything else a type mismatch.
    func unboxInteger<T: FixedWidthInteger & Decodable>(_ node: DecodingNode, as type: T.Type,
                                                        at key: (any CodingKey)?) throws -> T? {
        if node.isNull { return nil }
        guard let number = DecodingNumber(node) else {
            throw node.mismatch(expecting: type, at: codingPath(appending: key))
        }
        guard let value = number.exactly(type) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(appending: key),
                debugDescription: "Parsed JSON number <\(number.rendered)> does not fit in \(type)."
            ))
        }
        return value
    }
}

extension Int: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Int? {
        try session.unboxInteger(node, as: Int.self, at: key)
    }
}

extension Int8: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Int8? {
        try session.unboxInteger(node, as: Int8.self, at: key)
    }
}

extension Int16: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Int16? {
        try session.unboxInteger(node, as: Int16.self, at: key)
    }
}

extension Int32: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Int32? {
        try session.unboxInteger(node, as: Int32.self, at: key)
    }
}

extension Int64: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> Int64? {
        try session.unboxInteger(node, as: Int64.self, at: key)
    }
}

extension UInt: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> UInt? {
        try session.unboxInteger(node, as: UInt.self, at: key)
    }
}

extension UInt8: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> UInt8? {
        try session.unboxInteger(node, as: UInt8.self, at: key)
    }
}

extension UInt16: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> UInt16? {
        try session.unboxInteger(node, as: UInt16.self, at: key)
    }
}

extension UInt32: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> UInt32? {
        try session.unboxInteger(node, as: UInt32.self, at: key)
    }
}

extension UInt64: DecodingScalar {
    static func unboxScalar(_ node: DecodingNode, in session: DecodingSession, at key: (any CodingKey)?) throws -> UInt64? {
        try session.unboxInteger(node, as: UInt64.self, at: key)
    }
}
