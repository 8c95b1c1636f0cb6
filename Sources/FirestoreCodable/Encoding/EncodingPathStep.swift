/// One step below an encoder, kept cheap until a coding path is actually needed.
enum EncodingPathStep {
    /// A coding key of a keyed container.
    case key(any CodingKey)
    /// An element of an unkeyed container.
    case index(Int)
    /// A key of a `[String: V]` dictionary.
    case dictionaryKey(String)

    /// The step as a coding key.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return EncoderCodingKey(index: index)
        case .dictionaryKey(let key): return EncoderCodingKey(stringValue: key)
        }
    }
}
