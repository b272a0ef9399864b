/// A geographic coordinate on the WGS 84 ellipsoid, in degrees.
///
/// Mirrors Core Location's `CLLocationCoordinate2D(latitude:longitude:)` so that code written for
/// MapKit reads the same here.
///
/// - `latitude`: degrees north of the equator, `-90...90` for a valid coordinate.
/// - `longitude`: degrees east of Greenwich. Any finite value is accepted (a flight across the
///   antimeridian keeps an *unwrapped* longitude such as 180.4 while it is being interpolated);
///   writers normalise it to `-180...180` with ``Angles/normalizedLongitude(_:)``.
public struct LocationCoordinate2D: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator; `-90...90` for a valid coordinate.
    public var latitude: Double
    /// Degrees east of the prime meridian; any finite value (see the type's discussion).
    public var longitude: Double

    /// Creates a coordinate from a latitude and a longitude, both in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `true` when both components are finite and the latitude lies in `-90...90` degrees.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90.0...90.0).contains(latitude)
    }

    /// The same place with its longitude normalised to `-180...180` degrees (180 stays 180,
    /// -180 stays -180; 190 becomes -170).
    public var normalized: LocationCoordinate2D {
        LocationCoordinate2D(latitude: latitude, longitude: Angles.normalizedLongitude(longitude))
    }

    public var description: String { "(\(latitude), \(longitude))" }
}
