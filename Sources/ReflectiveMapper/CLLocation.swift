/// CoreLocation's `CLLocation`, which Linux lacks: the members seed 002's `location` hook uses.
/// It stands for a value of a struct of `latitude: Double` and `longitude: Double`.
struct CLLocation {
    /// The location's coordinate.
    let coordinate: CLLocationCoordinate2D

    /// CoreLocation's `CLLocation(latitude:longitude:)`.
    init(latitude: Double, longitude: Double) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}

/// CoreLocation's `CLLocationCoordinate2D`.
struct CLLocationCoordinate2D {
    /// Degrees north.
    let latitude: Double
    /// Degrees east.
    let longitude: Double
}
