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

    public var description: String { "GeoPoint(latitude: \(latitude), longitude: \(longitude))" }
}
