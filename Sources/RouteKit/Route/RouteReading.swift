import Foundation

/// What the route records at one point along it: where a flight is on its route at one frame, the values
/// a video overlay shows (distance, time, speed, height, heart rate).
///
/// A reading is taken at a distance along the route (``RouteOdometer/reading(atDistance:)``); between two
/// points every value is interpolated linearly by distance, from the nearest points that record it.
public struct RouteReading: Hashable, Sendable {
    /// Metres travelled along the route from its first point, the gaps between segments not counted
    /// (``Route/cumulativeDistances``): from 0 to ``Route/length``.
    public var distance: Double
    /// ``distance`` as a share of the route's length, `0...1` (0 for a route of no length).
    public var progress: Double
    /// The point on the route, degrees (WGS 84; longitude in `-180...180`).
    public var coordinate: LocationCoordinate2D
    /// The recorded instant there (UTC), when the route is timed: the points' times with missing ones
    /// filled by distance and backward steps flattened (the clock recorded timing flies). `nil` for an
    /// untimed route (fewer than 2 timed points) and for one whose clock cannot be a recording
    /// (``Route/recordedClockFault``).
    public var time: Date?
    /// The route's own height there, metres above mean sea level (orthometric, EGM96; as the route holds
    /// its elevations), or `nil` when no point records one.
    public var elevation: Double?
    /// Speed over ground, metres per second: the distance travelled in the ``RouteOdometer/speedWindow``
    /// seconds of recorded time centred on this point, over that time (the window is cut short at the
    /// route's ends). Averaged, so that GPS noise does not make it dance; 0 at a stop. Legs too fast to
    /// have been travelled (over 180 km/h and over 5 times the route's median leg speed: a fix regained
    /// hundreds of metres away a second later) are left out of its metres and its seconds. `nil` for an untimed route, for one whose clock cannot
    /// be a recording (``Route/recordedClockFault``), and where such legs fill nine tenths of the window.
    public var speed: Double?
    /// Heart rate, beats per minute, where the route records it (interpolated between recording points).
    public var heartRate: Double?
    /// Cadence, revolutions or steps per minute, where the route records it.
    public var cadence: Double?

    public init(distance: Double, progress: Double, coordinate: LocationCoordinate2D, time: Date? = nil,
                elevation: Double? = nil, speed: Double? = nil, heartRate: Double? = nil, cadence: Double? = nil) {
        self.distance = distance
        self.progress = progress
        self.coordinate = coordinate
        self.time = time
        self.elevation = elevation
        self.speed = speed
        self.heartRate = heartRate
        self.cadence = cadence
    }
}
