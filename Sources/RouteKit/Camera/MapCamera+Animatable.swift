// MapCamera as an animatable vector: every field interpolates numerically and independently, as
// MapKit's MapCamera does under mapCameraKeyframeAnimator (docs/keyframes.md#how-camera-properties-interpolate). Headings are plain
// numbers here: a planner must unwrap them (RouteKit's do) or the camera turns the long way round.

extension MapCamera: VectorArithmetic {
    /// The camera with every field 0 (a vector-space zero, not a usable camera).
    public static var zero: MapCamera {
        MapCamera(centerCoordinate: .zero, distance: 0, heading: 0, pitch: 0)
    }

    public static func + (lhs: MapCamera, rhs: MapCamera) -> MapCamera {
        MapCamera(centerCoordinate: lhs.centerCoordinate + rhs.centerCoordinate, distance: lhs.distance + rhs.distance,
                  heading: lhs.heading + rhs.heading, pitch: lhs.pitch + rhs.pitch)
    }

    public static func - (lhs: MapCamera, rhs: MapCamera) -> MapCamera {
        MapCamera(centerCoordinate: lhs.centerCoordinate - rhs.centerCoordinate, distance: lhs.distance - rhs.distance,
                  heading: lhs.heading - rhs.heading, pitch: lhs.pitch - rhs.pitch)
    }

    /// Scales every field by `rhs`.
    public mutating func scale(by rhs: Double) {
        centerCoordinate.scale(by: rhs)
        distance *= rhs
        heading *= rhs
        pitch *= rhs
    }

    /// The sum of the squares of all fields (mixed units; used only by springs to measure convergence).
    public var magnitudeSquared: Double {
        centerCoordinate.magnitudeSquared + distance * distance + heading * heading + pitch * pitch
    }
}

extension MapCamera: Animatable {}
