/// A collection type the encoder writes itself, without the round trip through its
/// `encode(to:)` and a container: `[String: V]`, which the SDK's encoder writes by a rule of
/// its own, and `[E]`, written exactly as `Array.encode(to:)` writes it through the unkeyed
/// container.
protocol EncodingCollection {
    /// Encodes the collection one step below `encoder`.
    func encodeCollection(in encoder: EncodingSession, at step: EncodingPathStep?) throws -> EncodedValue
}

extension Array: EncodingCollection where Element: Encodable {
    /// The array as `Array.encode(to:)` writes it: an unkeyed container (so an empty array is
    /// an empty array, never "nothing written"), each element boxed one step below it at
    /// `Index i`, as the unkeyed container's `encode(_:)` boxes it. One call per array
    /// instead of one existential container call per element.
    func encodeCollection(in encoder: EncodingSession, at step: EncodingPathStep?) throws -> EncodedValue {
        var arrayEncoder = encoder.takeChild(at: step)
        defer { encoder.recycle(&arrayEncoder) }
        let array = EncodedArray(capacity: count)
        for element in self {
            array.append(try arrayEncoder.box(element, at: .index(array.count)))
        }
        return array.finishedIfClosed()
    }
}
