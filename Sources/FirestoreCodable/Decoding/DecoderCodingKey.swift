/// The coding keys `Firestore.Decoder` itself puts on coding paths, as the SDK's `_JSONKey`:
/// `Index N` (int value N) for array elements, the keys of `[String: V]` maps, and `super`.
///
/// An element's key spells its string value only when asked, so reading an array does not
/// build a string per element.
enum DecoderCodingKey: CodingKey {
    /// A map key, or a key a strategy made.
    case string(String)
    /// A key whose string value is the decimal form of its int value.
    case int(Int)
    /// Array element N: string value `Index N`, int value N.
    case index(Int)

    init(stringValue: String) {
        self = .string(stringValue)
    }

    init(intValue: Int) {
        self = .int(intValue)
    }

    /// The key of array element `index`.
    init(index: Int) {
        self = .index(index)
    }

    var stringValue: String {
        switch self {
        case .string(let string): return string
        case .int(let value): return "\(value)"
        case .index(let index): return "Index \(index)"
        }
    }

    var intValue: Int? {
        switch self {
        case .string: return nil
        case .int(let value), .index(let value): return value
        }
    }

    /// The key `superDecoder()` reads.
    static let superKey = DecoderCodingKey.string("super")
}
