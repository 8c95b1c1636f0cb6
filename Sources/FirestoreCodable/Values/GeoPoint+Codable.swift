import FirestoreModel

/// `GeoPoint` as a keyed `{"latitude": Double, "longitude": Double}`, the form non-Firestore
/// coders use (`Firestore.Encoder` passes a `GeoPoint` through untouched;
/// `Firestore.Decoder` reads this form as a fallback).
extension GeoPoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    /// Reads `latitude` and `longitude`.
    /// - Throws: `DecodingError.dataCorrupted` at the offending key when a coordinate is
    ///   not finite or out of range, where the SDK's initializer would raise an exception
    ///   with the same text.
    public init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard latitude.isFinite, latitude >= -90, latitude <= 90 else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container,
                debugDescription: "GeoPoint requires a latitude value in the range of [-90, 90], but was \(latitude)"
            )
        }
        guard longitude.isFinite, longitude >= -180, longitude <= 180 else {
            throw DecodingError.dataCorruptedError(
                forKey: .longitude, in: container,
                debugDescription: "GeoPoint requires a longitude value in the range of [-180, 180], but was \(longitude)"
            )
        }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Writes `latitude` and `longitude`.
    public func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
