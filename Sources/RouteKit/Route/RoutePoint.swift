import Foundation

/// One recorded or planned position of a route, as read from a file.
public struct RoutePoint: Hashable, Sendable {
    /// Where the point is (WGS 84 degrees).
    public var coordinate: LocationCoordinate2D
    /// Height in metres, as the file gives it (GPX `ele` is usually above mean sea level, not the
    /// ellipsoid; geo-formats.md section 4), or `nil` when the file has none.
    public var elevation: Double?
    /// When the point was recorded (an absolute instant, UTC), or `nil` when the file has no time.
    public var time: Date?
    /// Heart rate in beats per minute, when the file records one (GPX Garmin TrackPointExtension
    /// `hr`, TCX `HeartRateBpm`, a CSV heart-rate column), else `nil`.
    public var heartRate: Double? = nil
    /// Cadence in revolutions (cycling) or steps (running) per minute, when recorded (GPX
    /// TrackPointExtension `cad`, TCX `Cadence`/`RunCadence`, a CSV cadence column), else `nil`.
    public var cadence: Double? = nil
    /// Speed over ground in metres per second as the device recorded it (GPX TrackPointExtension v2
    /// `speed`, TCX `TPX/Speed`), else `nil`. Not derived from positions.
    public var speed: Double? = nil

    public init(coordinate: LocationCoordinate2D, elevation: Double? = nil, time: Date? = nil) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
    }

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil) {
        self.init(
            coordinate: LocationCoordinate2D(latitude: latitude, longitude: longitude),
            elevation: elevation, time: time)
    }
}
