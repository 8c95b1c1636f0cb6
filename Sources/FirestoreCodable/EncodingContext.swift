import Foundation

/// The strategies of one `Firestore.Encoder.encode(_:)` call, read once at its start.
struct EncodingOptions {
    let dateEncodingStrategy: Firestore.Encoder.DateEncodingStrategy
    let dataEncodingStrategy: Firestore.Encoder.DataEncodingStrategy
    let nonConformingFloatEncodingStrategy: Firestore.Encoder.NonConformingFloatEncodingStrategy
    let keyEncodingStrategy: Firestore.Encoder.KeyEncodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
}

/// What every encoder of one encode call shares: the options, and the first misuse of a
/// container (something the SDK traps on with a precondition), reported as an error when
/// the call ends because container requests cannot throw.
final class EncodingContext {
    /// A container misuse: the SDK's precondition message and where it happened.
    struct Misuse {
        let message: String
        let codingPath: [any CodingKey]
    }

    let options: EncodingOptions
    private(set) var misuse: Misuse?

    init(options: EncodingOptions) {
        self.options = options
    }

    /// Records a misuse; only the first one is kept.
    func recordMisuse(_ message: String, at codingPath: [any CodingKey]) {
        if misuse == nil {
            misuse = Misuse(message: message, codingPath: codingPath)
        }
    }
}

/// A coding key the encoder makes itself: an array position (`Index N`, as the SDK names
/// it), a `[String: V]` key, or `super`.
struct EncoderCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of an array element: `Index N` with integer value N.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key `superEncoder()` writes under.
    static let superKey = EncoderCodingKey(stringValue: "super")
}

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
