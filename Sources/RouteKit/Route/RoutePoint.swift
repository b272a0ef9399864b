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

    /// Elevations a point on or near the ground can have, metres: -500 (the Dead Sea shore, the lowest
    /// dry land, is about -430 m) to 9000 (Everest is 8849 m). A value outside is usually not an elevation
    /// at all (a Unix time or a speed in GeoJSON's third coordinate, feet read as metres at altitude);
    /// the readers warn about it and `check` reports it as an error. (Aircraft logs above 9000 m are
    /// flagged too: check them with care.)
    public static let plausibleElevations: ClosedRange<Double> = -500...9000

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
