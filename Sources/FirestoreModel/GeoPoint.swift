/// A geographic point: latitude and longitude in degrees.
///
/// Creating one never traps; `isValid` tells whether both coordinates are finite and in
/// range (latitude ±90, longitude ±180). Validation reports invalid points and the write
/// path rejects them, where the SDK's initializer would raise.
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north, −90 to 90.
    public let latitude: Double
    /// Degrees east, −180 to 180.
    public let longitude: Double

    /// Creates a point from its coordinates, as given.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both coordinates are finite and within range.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Equal when both coordinates have the same bits (every NaN counted as one), as the
    /// SDK's `FIRGeoPoint isEqual:` compares them: so −0.0 differs from 0.0 and a point with a
    /// NaN coordinate equals itself.
    public static func == (lhs: GeoPoint, rhs: GeoPoint) -> Bool {
        FirestoreValue.doublesAreIdentical(lhs.latitude, rhs.latitude)
            && FirestoreValue.doublesAreIdentical(lhs.longitude, rhs.longitude)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(FirestoreValue.normalizedBits(latitude))
        hasher.combine(FirestoreValue.normalizedBits(longitude))
    }

    public var description: String { "GeoPoint(latitude: \(latitude), longitude: \(longitude))" }
}
