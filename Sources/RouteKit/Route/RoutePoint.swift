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
