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
