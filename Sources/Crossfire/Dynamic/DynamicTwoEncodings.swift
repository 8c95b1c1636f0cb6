import Foundation
import ModelSchema

/// A value a hand-written type that accepts two encodings reads from a string as well:
/// `Data` from base64, a number or a boolean from its text.
protocol TextEncodable: DynamicLeafValue {
    /// The value a string holds, or nil when it holds none.
    static func value(fromText text: String) -> Self?
    /// The value through the single-value container, as its own type is decoded.
    static func decodeValue(_ container: any SingleValueDecodingContainer) throws -> Self
    /// Writes the value through the single-value container.
    func encodeValue(_ container: inout any SingleValueEncodingContainer) throws
}

extension TextEncodable where Self: ConcreteScalar & LosslessStringConvertible {
    static func value(fromText text: String) -> Self? { Self(text) }
    static func decodeValue(_ container: any SingleValueDecodingContainer) throws -> Self { try decodeSingle(container) }
    func encodeValue(_ container: inout any SingleValueEncodingContainer) throws { try encodeSingle(&container) }
}

extension Data: TextEncodable {
    static func value(fromText text: String) -> Data? { Data(base64Encoded: text) }
    static func decodeValue(_ container: any SingleValueDecodingContainer) throws -> Data { try container.decode(Data.self) }
    func encodeValue(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Bool: TextEncodable {}
extension Double: TextEncodable {}
extension Int: TextEncodable {}
extension Int8: TextEncodable {}
extension Int16: TextEncodable {}
extension Int32: TextEncodable {}
extension Int64: TextEncodable {}
extension UInt: TextEncodable {}
extension UInt8: TextEncodable {}
extension UInt16: TextEncodable {}
extension UInt32: TextEncodable {}
extension UInt64: TextEncodable {}

/// Stands for a hand-written type that accepts two encodings (`FieldCoding.twoEncodings`): a
/// string is tried first and must hold the value (`dataCorrupted` otherwise); anything else
/// is decoded as `T`; written as `T`. As `_TwoEncodingsData` and its kin, which `SwiftEmitter`
/// writes, code it.
struct DynamicTwoEncodings<T: TextEncodable>: Codable {
    let value: T

    init(_ value: T) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = T.value(fromText: text) else {
                let words = FieldCoding.twoEncodingsText(isData: T.self == Data.self)
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is no \(T.self) written as \(words).")
            }
            self.value = value
        } else {
            value = try T.decodeValue(container)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        try value.encodeValue(&container)
    }
}

/// Receives the Swift type of a `twoEncodings` property's value.
protocol TextEncodableVisitor {
    associatedtype Result
    /// Called once with the Swift type, e.g. `Data.self`.
    func visit<T: TextEncodable>(_ type: T.Type) -> Result
}

/// Hands `visitor` the Swift type of `Data`, an integer type, `Double` or `Bool`; nil for any
/// other type.
func openTextEncodable<V: TextEncodableVisitor>(_ type: FieldType, _ visitor: V) -> V.Result? {
    if type == .data { return visitor.visit(Data.self) }
    return openConcreteScalar(type, TextEncodableOpening(base: visitor)) ?? nil
}

/// A scalar with container overloads handed on when it accepts a second encoding.
private struct TextEncodableOpening<Base: TextEncodableVisitor>: ConcreteScalarVisitor {
    let base: Base

    func visit<T: ConcreteScalar>(_ type: T.Type) -> Base.Result? {
        guard let textEncodable = type as? any TextEncodable.Type else { return nil }
        return base.visit(textEncodable)
    }
}
