/// Marks an optional property whose nil is written as an explicit null instead of being
/// left out.
///
/// Decoding reads a single value: null gives nil. As in the SDK, an absent key is
/// `keyNotFound` because synthesized code decodes the wrapper with the non-optional
/// `decode(_:forKey:)`.
@propertyWrapper
public struct ExplicitNull<Value> {
    private var value: Value?

    /// Creates the wrapper.
    public init(wrappedValue value: Value?) {
        self.value = value
    }

    /// The value, or nil (written as null).
    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Hashable where Value: Hashable {}
extension ExplicitNull: Sendable where Value: Sendable {}

extension ExplicitNull: Encodable where Value: Encodable {
    /// Encodes the value, or a null for nil.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    /// Decodes null as nil, anything else as `Value`.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else {
            value = try container.decode(Value.self)
        }
    }
}
