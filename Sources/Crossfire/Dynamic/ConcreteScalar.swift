import ModelSchema

/// A type the containers have concrete overloads for (`decode(Int8.self)`, `encode(_: Int8)`,
/// …): each conformance calls them with its own name, as monomorphic hand-written code does —
/// a generic `decode(T.self)` would reach the generic overload instead.
protocol ConcreteScalar: DynamicLeafValue {
    /// The next element, through the unkeyed container's concrete `decode`.
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Self
    /// The next element or nil, through the unkeyed container's concrete `decodeIfPresent`.
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Self?
    /// The value, through the single-value container's concrete `decode`.
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Self
    /// Appends the value through the unkeyed container's concrete `encode`.
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws
    /// Writes the value through the single-value container's concrete `encode`.
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws
}

extension String: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> String { try container.decode(String.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> String? { try container.decodeIfPresent(String.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> String { try container.decode(String.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Bool: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Bool { try container.decode(Bool.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Bool? { try container.decodeIfPresent(Bool.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Bool { try container.decode(Bool.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Double: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Double { try container.decode(Double.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Double? { try container.decodeIfPresent(Double.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Double { try container.decode(Double.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Float: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Float { try container.decode(Float.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Float? { try container.decodeIfPresent(Float.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Float { try container.decode(Float.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Int: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Int { try container.decode(Int.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Int? { try container.decodeIfPresent(Int.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Int { try container.decode(Int.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Int8: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Int8 { try container.decode(Int8.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Int8? { try container.decodeIfPresent(Int8.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Int8 { try container.decode(Int8.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Int16: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Int16 { try container.decode(Int16.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Int16? { try container.decodeIfPresent(Int16.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Int16 { try container.decode(Int16.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Int32: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Int32 { try container.decode(Int32.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Int32? { try container.decodeIfPresent(Int32.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Int32 { try container.decode(Int32.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension Int64: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> Int64 { try container.decode(Int64.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> Int64? { try container.decodeIfPresent(Int64.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> Int64 { try container.decode(Int64.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension UInt: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> UInt { try container.decode(UInt.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> UInt? { try container.decodeIfPresent(UInt.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> UInt { try container.decode(UInt.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension UInt8: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> UInt8 { try container.decode(UInt8.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> UInt8? { try container.decodeIfPresent(UInt8.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> UInt8 { try container.decode(UInt8.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension UInt16: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> UInt16 { try container.decode(UInt16.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> UInt16? { try container.decodeIfPresent(UInt16.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> UInt16 { try container.decode(UInt16.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension UInt32: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> UInt32 { try container.decode(UInt32.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> UInt32? { try container.decodeIfPresent(UInt32.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> UInt32 { try container.decode(UInt32.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

extension UInt64: ConcreteScalar {
    static func decodeElement(_ container: inout any UnkeyedDecodingContainer) throws -> UInt64 { try container.decode(UInt64.self) }
    static func decodeElementIfPresent(_ container: inout any UnkeyedDecodingContainer) throws -> UInt64? { try container.decodeIfPresent(UInt64.self) }
    static func decodeSingle(_ container: any SingleValueDecodingContainer) throws -> UInt64 { try container.decode(UInt64.self) }
    func encodeElement(_ container: inout any UnkeyedEncodingContainer) throws { try container.encode(self) }
    func encodeSingle(_ container: inout any SingleValueEncodingContainer) throws { try container.encode(self) }
}

/// Receives the concrete Swift type of a scalar with container overloads.
protocol ConcreteScalarVisitor {
    associatedtype Result
    /// Called once with the Swift type, e.g. `Int8.self`.
    func visit<T: ConcreteScalar>(_ type: T.Type) -> Result
}

/// Hands `visitor` the Swift type of a `String`, `Bool`, `Double`, `Float` or integer type;
/// nil for any other type.
func openConcreteScalar<V: ConcreteScalarVisitor>(_ type: FieldType, _ visitor: V) -> V.Result? {
    switch type {
    case .string: return visitor.visit(String.self)
    case .bool: return visitor.visit(Bool.self)
    case .double: return visitor.visit(Double.self)
    case .float: return visitor.visit(Float.self)
    case .integer(.int): return visitor.visit(Int.self)
    case .integer(.int8): return visitor.visit(Int8.self)
    case .integer(.int16): return visitor.visit(Int16.self)
    case .integer(.int32): return visitor.visit(Int32.self)
    case .integer(.int64): return visitor.visit(Int64.self)
    case .integer(.uint): return visitor.visit(UInt.self)
    case .integer(.uint8): return visitor.visit(UInt8.self)
    case .integer(.uint16): return visitor.visit(UInt16.self)
    case .integer(.uint32): return visitor.visit(UInt32.self)
    case .integer(.uint64): return visitor.visit(UInt64.self)
    default: return nil
    }
}
