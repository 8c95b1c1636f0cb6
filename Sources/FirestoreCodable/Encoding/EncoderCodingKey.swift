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
