/// A map camera, as MapKit's `MapCamera(centerCoordinate:distance:heading:pitch:)` describes one.
///
/// The camera looks at ``centerCoordinate`` from ``distance`` metres away, facing ``heading``, tilted
/// ``pitch`` degrees from looking straight down (Apple's `MKMapCamera` and SwiftUI `MapCamera`
/// documentation; docs/camera.md#the-map-camera-and-the-eye).
///
/// While a flight is being planned and interpolated, `heading` and `centerCoordinate.longitude` are
/// *unwrapped* (they may leave `0..<360` and `-180...180` so that the camera always turns the short
/// way); ``normalized`` brings them back, and every writer uses it.
public struct MapCamera: Hashable, Sendable {
    /// The point the camera looks at (WGS 84 degrees).
    public var centerCoordinate: LocationCoordinate2D
    /// Distance from the eye to ``centerCoordinate`` along the line of sight, in metres (> 0).
    public var distance: Double
    /// The compass direction the camera faces, degrees clockwise from true north (0 = north up).
    ///
    /// Keyframed, a heading is a plain number, as in SwiftUI: from 0 to 296.7 it turns the long way
    /// (+296.7 degrees). To turn the short way, keyframe the target's representative nearest the
    /// previous heading (``Angles/unwrappedAngle(_:near:)``: 296.7 near 0 is -63.3, a 63.3-degree turn to the
    /// left); camera scripts and the planners do this themselves.
    ///
    ///     KeyframeTrack(\MapCamera.heading) {
    ///         CubicKeyframe(Angles.unwrappedAngle(296.7, near: 0), duration: 3)
    ///     }
    public var heading: Double
    /// Tilt from looking straight down, in degrees: 0 looks straight down, towards 90 the horizon.
    public var pitch: Double

    /// Creates a camera. Units: metres for `distance`, degrees for `heading` and `pitch`.
    public init(centerCoordinate: LocationCoordinate2D, distance: Double, heading: Double = 0, pitch: Double = 0) {
        self.centerCoordinate = centerCoordinate
        self.distance = distance
        self.heading = heading
        self.pitch = pitch
    }

    /// The largest pitch a camera may have, degrees: just short of the horizon (and still under 90
    /// when printed with 4 decimals).
    public static let maximumPitch = 89.9999

    /// The same camera with its heading in `0..<360`, its longitude in `-180...180`, its latitude
    /// clamped to `-90...90` degrees (an interpolated path near a pole can overshoot it) and its pitch
    /// clamped to `0...maximumPitch` (a keyframe curve can swing past the horizon, where the eye would
    /// be below the ground, or past straight down).
    public var normalized: MapCamera {
        let c = centerCoordinate.normalized
        return MapCamera(
            centerCoordinate: LocationCoordinate2D(latitude: min(max(c.latitude, -90), 90), longitude: c.longitude),
            distance: distance, heading: Angles.normalizedHeading(heading),
            pitch: pitch.isNaN ? pitch : min(max(pitch, 0), MapCamera.maximumPitch))
    }
}
