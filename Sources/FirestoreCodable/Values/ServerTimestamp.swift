import Foundation
import FirestoreModel

/// A type that `@ServerTimestamp` can hold: convertible from and to a `Timestamp`.
/// `Timestamp` and `Date` conform; apps may add their own types.
public protocol ServerTimestampWrappable {
    /// Creates a value from a stored timestamp.
    static func wrap(_ timestamp: Timestamp) throws -> Self
    /// The timestamp to write for a value.
    static func unwrap(_ value: Self) throws -> Timestamp
}

extension Date: ServerTimestampWrappable {
    /// The timestamp's `dateValue()`.
    public static func wrap(_ timestamp: Timestamp) throws -> Date {
        timestamp.dateValue()
    }

    /// `Timestamp(date:)`: whole seconds rounded down, nanoseconds truncated.
    public static func unwrap(_ value: Date) throws -> Timestamp {
        Timestamp(date: value)
    }
}

extension Timestamp: ServerTimestampWrappable {
    /// The timestamp itself.
    public static func wrap(_ timestamp: Timestamp) throws -> Timestamp {
        timestamp
    }

    /// The timestamp itself.
    public static func unwrap(_ value: Timestamp) throws -> Timestamp {
        value
    }
}

/// Marks an optional timestamp property that the server fills: nil is written as
/// `FieldValue.serverTimestamp()`, a value as its `Timestamp`.
///
/// Decoding reads a single value: null gives nil, anything else is decoded as a
/// `Timestamp` and wrapped. As in the SDK, an absent key is `keyNotFound` because
/// synthesized code decodes the wrapper with the non-optional `decode(_:forKey:)`.
@propertyWrapper
public struct ServerTimestamp<Value>: Codable where Value: ServerTimestampWrappable & Codable {
    private var value: Value?

    /// Creates the wrapper; nil means "let the server fill it".
    public init(wrappedValue value: Value?) {
        self.value = value
    }

    /// The timestamp, or nil when the server is to fill it (or it is pending).
    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }

    /// Decodes null as nil, anything else as a `Timestamp` passed to `Value.wrap(_:)`.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else {
            value = try Value.wrap(container.decode(Timestamp.self))
        }
    }

    /// Encodes nil as the `FieldValue.serverTimestamp()` sentinel, a value as its timestamp.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(Value.unwrap(value))
        } else {
            try container.encode(FieldValue.serverTimestamp())
        }
    }
}

extension ServerTimestamp: Equatable where Value: Equatable {}
extension ServerTimestamp: Hashable where Value: Hashable {}
extension ServerTimestamp: Sendable where Value: Sendable {}
