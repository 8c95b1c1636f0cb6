import FirestoreModel

/// `Timestamp` as a keyed `{"seconds": Int64, "nanoseconds": Int32}`, the form non-Firestore
/// coders use (`Firestore.Encoder` passes a `Timestamp` through untouched;
/// `Firestore.Decoder` reads this form as a fallback).
extension Timestamp: Codable {
    private enum CodingKeys: String, CodingKey {
        case seconds
        case nanoseconds
    }

    /// Reads `seconds` and `nanoseconds`.
    /// - Throws: `DecodingError.dataCorrupted` at the offending key when a part is out of
    ///   Firestore's range (nanoseconds first, as the SDK checks them), where the SDK's
    ///   initializer would raise an exception with the same text.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Int64.self, forKey: .seconds)
        let nanoseconds = try container.decode(Int32.self, forKey: .nanoseconds)
        guard nanoseconds >= 0, nanoseconds < 1_000_000_000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .nanoseconds, in: container,
                debugDescription: "Timestamp nanoseconds out of range: \(nanoseconds)"
            )
        }
        guard seconds >= Timestamp.minimumSeconds, seconds < Timestamp.endSeconds else {
            throw DecodingError.dataCorruptedError(
                forKey: .seconds, in: container,
                debugDescription: "Timestamp seconds out of range: \(seconds)"
            )
        }
        self.init(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// Writes `seconds` and `nanoseconds`.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanoseconds, forKey: .nanoseconds)
    }
}
