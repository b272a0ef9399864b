// LocationCoordinate2D as an animatable vector, so that `KeyframeTrack(\MapCamera.centerCoordinate)`
// works as it does with MapKit's CLLocationCoordinate2D.
//
// Like MapKit's (whose AnimatableData is AnimatablePair<latitude, longitude>, docs/keyframes.md#how-camera-properties-interpolate),
// the two components interpolate independently as raw degrees: the path between keyframes is not a
// geodesic. RouteKit's planners unwrap longitudes before keyframing, so a path across the antimeridian
// stays near 180 degrees instead of sweeping through 0.

extension LocationCoordinate2D: VectorArithmetic {
    /// (0, 0) degrees.
    public static var zero: LocationCoordinate2D { LocationCoordinate2D(latitude: 0, longitude: 0) }

    public static func + (lhs: LocationCoordinate2D, rhs: LocationCoordinate2D) -> LocationCoordinate2D {
        LocationCoordinate2D(latitude: lhs.latitude + rhs.latitude, longitude: lhs.longitude + rhs.longitude)
    }

    public static func - (lhs: LocationCoordinate2D, rhs: LocationCoordinate2D) -> LocationCoordinate2D {
        LocationCoordinate2D(latitude: lhs.latitude - rhs.latitude, longitude: lhs.longitude - rhs.longitude)
    }

    /// Scales both components (degrees) by `rhs`.
    public mutating func scale(by rhs: Double) {
        latitude *= rhs
        longitude *= rhs
    }

    /// `latitude^2 + longitude^2`, in square degrees.
    public var magnitudeSquared: Double { latitude * latitude + longitude * longitude }
}

extension LocationCoordinate2D: Animatable {}
