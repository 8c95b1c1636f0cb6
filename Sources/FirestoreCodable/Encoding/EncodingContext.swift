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
