// CoreLocation is an Apple framework: on Linux, a model file that uses
// `CLLocationCoordinate2D` gets this stand-in instead, with the two members seed 001 uses.
// On Apple platforms the real framework is imported and this file declares nothing else.
//
// `CLLocationCoordinate2D` is not Codable in CoreLocation; apps that store it with Codable add
// the conformance below, which writes it as a map `{latitude, longitude}` (not a GeoPoint).
#if canImport(CoreLocation)
import CoreLocation
#else
/// A latitude and longitude in degrees, as CoreLocation declares it.
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator.
    public var latitude: Double
    /// Degrees east of Greenwich.
    public var longitude: Double

    /// A coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// CoreLocation's function form of the initialiser.
public func CLLocationCoordinate2DMake(_ latitude: Double, _ longitude: Double) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
#endif

extension CLLocationCoordinate2D: Codable {
    enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(latitude: try container.decode(Double.self, forKey: .latitude),
                  longitude: try container.decode(Double.self, forKey: .longitude))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
