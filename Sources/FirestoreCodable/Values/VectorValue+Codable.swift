import FirestoreModel

/// `VectorValue` as a keyed `{"array": [Double]}`, the form non-Firestore coders use
/// (`Firestore.Encoder` passes a `VectorValue` through untouched; `Firestore.Decoder`
/// reads this form as a fallback).
extension VectorValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case array
    }

    /// Reads `array`.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([Double].self, forKey: .array))
    }

    /// Writes `array`.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(array, forKey: .array)
    }
}
