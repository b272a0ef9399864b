import Foundation

/// One recorded or planned position of a route, as read from a file.
public struct RoutePoint: Hashable, Sendable {
    /// Where the point is (WGS 84 degrees).
    public var coordinate: LocationCoordinate2D
    /// Height in metres, as the file gives it (GPX `ele` is usually above mean sea level, not the
    /// ellipsoid; docs/geo-formats.md#geojson), or `nil` when the file has none.
    public var elevation: Double? {
        get { Self.value(storedElevation) }
        set { storedElevation = Self.stored(newValue) }
    }
    /// When the point was recorded (an absolute instant, UTC), or `nil` when the file has no time.
    public var time: Date? {
        get { Self.value(storedTime).map(Date.init(timeIntervalSinceReferenceDate:)) }
        set { storedTime = Self.stored(newValue?.timeIntervalSinceReferenceDate) }
    }
    /// Heart rate in beats per minute, when the file records one (GPX Garmin TrackPointExtension
    /// `hr`, TCX `HeartRateBpm`, a CSV heart-rate column), else `nil`.
    public var heartRate: Double? {
        get { Self.value(storedHeartRate) }
        set { storedHeartRate = Self.stored(newValue) }
    }
    /// Cadence in revolutions (cycling) or steps (running) per minute, when recorded (GPX
    /// TrackPointExtension `cad`, TCX `Cadence`/`RunCadence`, a CSV cadence column), else `nil`.
    public var cadence: Double? {
        get { Self.value(storedCadence) }
        set { storedCadence = Self.stored(newValue) }
    }
    /// Speed over ground in metres per second as the device recorded it (GPX TrackPointExtension v2
    /// `speed`, TCX `TPX/Speed`), else `nil`. Not derived from positions.
    public var speed: Double? {
        get { Self.value(storedSpeed) }
        set { storedSpeed = Self.stored(newValue) }
    }

    // Storage: 56 bytes a point instead of 96. An absent value is one NaN bit pattern that no
    // arithmetic makes (a quiet NaN with a payload; NaNs computed or parsed have none), so every
    // Double, NaN included, is kept as given, and `nil` stays `nil`.
    private var storedElevation: Double
    private var storedTime: Double  // seconds since 2001-01-01 00:00:00 UTC, as `Date` holds them
    private var storedHeartRate: Double
    private var storedCadence: Double
    private var storedSpeed: Double

    /// The stored form of `nil`.
    private static let absent = Double(bitPattern: 0x7FF8_0000_0BAD_F00D)

    @inline(__always)
    private static func value(_ stored: Double) -> Double? {
        stored.bitPattern == absent.bitPattern ? nil : stored
    }

    @inline(__always)
    private static func stored(_ value: Double?) -> Double {
        guard let value else { return absent }
        // The one value that cannot be stored as itself (no computation makes it) becomes a plain NaN.
        return value.bitPattern == absent.bitPattern ? .nan : value
    }

    public init(coordinate: LocationCoordinate2D, elevation: Double? = nil, time: Date? = nil) {
        self.coordinate = coordinate
        storedElevation = Self.stored(elevation)
        storedTime = Self.stored(time?.timeIntervalSinceReferenceDate)
        storedHeartRate = Self.absent
        storedCadence = Self.absent
        storedSpeed = Self.absent
    }

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil) {
        self.init(
            coordinate: LocationCoordinate2D(latitude: latitude, longitude: longitude),
            elevation: elevation, time: time)
    }

    /// Equal when every property is equal, as `Optional`s compare (`nil == nil`; a NaN equals nothing).
    public static func == (a: RoutePoint, b: RoutePoint) -> Bool {
        a.coordinate == b.coordinate && a.elevation == b.elevation && a.time == b.time
            && a.heartRate == b.heartRate && a.cadence == b.cadence && a.speed == b.speed
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(elevation)
        hasher.combine(time)
        hasher.combine(heartRate)
        hasher.combine(cadence)
        hasher.combine(speed)
    }

    /// Elevations a point on or near the ground can have, metres: -500 (the Dead Sea shore, the lowest
    /// dry land, is about -430 m) to 9000 (Everest is 8849 m). A value outside is usually not an elevation
    /// at all (a Unix time or a speed in GeoJSON's third coordinate, feet read as metres at altitude);
    /// the readers warn about it and `check` reports it as an error. (Aircraft logs above 9000 m are
    /// flagged too: check them with care.)
    public static let plausibleElevations: ClosedRange<Double> = -500...9000
}
