/// The coding keys `Firestore.Decoder` itself puts on coding paths, as the SDK's `_JSONKey`:
/// `Index N` (int value N) for array elements, the keys of `[String: V]` maps, and `super`.
struct DecoderCodingKey: CodingKey {
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

    /// The key of array element `index`: string value `Index <index>`, int value `index`.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key `superDecoder()` reads.
    static let superKey = DecoderCodingKey(stringValue: "super")
}
