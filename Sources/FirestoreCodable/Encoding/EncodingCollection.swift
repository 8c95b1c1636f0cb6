/// A collection type the encoder writes itself, without the round trip through its
/// `encode(to:)` and a container: `[String: V]`, which the SDK's encoder writes by a rule of
/// its own, and `[E]`, written exactly as `Array.encode(to:)` writes it through the unkeyed
/// container.
protocol EncodingCollection {
    /// Encodes the collection one step below `encoder`.
    func encodeCollection(in encoder: EncodingSession, at step: EncodingPathStep?) throws -> EncodedValue
}
