extension Dictionary: EncodingCollection where Key == String, Value: Encodable {
    /// A `[String: V]` dictionary, which the SDK's encoder writes as a map with its keys
    /// verbatim (never through the key strategy). The entries are encoded by `box(_:at:)`;
    /// the values it writes as they are (`String`, `Int`, `Bool`, `Int64`) are copied by code
    /// compiled for their type, without it.
    func encodeCollection(in encoder: EncodingSession, at step: EncodingPathStep?) throws -> EncodedValue {
        // `mapValues` keeps the hash table: no key is hashed again.
        if let strings = exactly(self, as: [String: String].self) { return .finishedMap(strings.mapValues { $0 }) }
        if let ints = exactly(self, as: [String: Int].self) { return .finishedMap(ints.mapValues { $0 }) }
        if let booleans = exactly(self, as: [String: Bool].self) { return .finishedMap(booleans.mapValues { $0 }) }
        if let ints = exactly(self, as: [String: Int64].self) { return .finishedMap(ints.mapValues { $0 }) }
        let map = EncodedMap(capacity: count)
        var dictionaryEncoder = encoder.takeChild(at: step)
        defer { encoder.recycle(&dictionaryEncoder) }
        for (key, value) in self {
            map.set(try dictionaryEncoder.box(value, at: .dictionaryKey(key)), forKey: key)
        }
        return map.finishedIfClosed()
    }
}
