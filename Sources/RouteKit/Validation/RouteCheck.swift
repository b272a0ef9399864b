import Foundation

/// Checks a route's recorded clock and its geometry. Pure: it reads a ``Route`` and never changes it.
///
/// Finding codes (see ``Finding``); *i* is the point index reported:
///
/// | code | severity | when |
/// |---|---|---|
/// | `time-missing` | note | no point has a time (recorded timing is impossible; distance timing works) |
/// | `time-partial` | warning | some points have a time and some do not; *i* = first untimed point |
/// | `time-same-instant` | warning | every timed point is at one instant (`ClockPattern/sameInstant(_:points:)`): one finding instead of `time-equal-while-moving`, `time-backwards` and `time-before-gps-epoch` at each point; *i* = 0 |
/// | `time-newest-first` | error | the points run newest-first (`ClockPattern/newestFirst(firstIndex:backwardSteps:steps:)`): one finding instead of a `time-backwards` at each step; *i* = the first backward step's later point |
/// | `time-piece-newest-first` | error | a piece (segment) runs newest-first while another runs forward (`ClockPattern/pieceNewestFirst(segment:firstIndex:backwardSteps:steps:)`: saved reversed, times and all): one finding per such piece instead of a `time-backwards` at each of its steps (a command line adds its option that chains the pieces by their times); *i* = its first backward step's later point |
/// | `time-whole-seconds` | note | times are whole seconds for points a fraction of a second apart (`ClockPattern/wholeSeconds(firstIndex:interval:sharedSteps:resolution:)`): one finding instead of a `time-equal-while-moving` at each point; recorded timing spreads them; *i* = the first that shares its second |
/// | `time-fit-epoch` | note | the first time is on the FIT epoch's day, 1989-12-31 (`ClockPattern/fitEpoch(_:)`); *i* = the first timed point |
/// | `time-backwards` | error | a time is earlier than the previous timed point's, segments included; *i* = the later point |
/// | `time-equal-while-moving` | warning | two consecutive points have the same time but different positions (infinite speed); *i* = the second |
/// | `time-gap` | warning | more than ``Options/gap`` seconds between consecutive timed points; *i* = the point after the gap |
/// | `speed-implausible` | warning | a leg's speed (geodesic length / time) is over ``Options/maxSpeed``; *i* = the leg's end. `CheckRun` leaves out those on the legs into and out of a recognised wild position (`withoutLegsOfWildPositions(_:outliers:)`) |
/// | `time-before-gps-epoch` | warning | times before 1980-01-06 (the GPS epoch), e.g. the 1901 sentinel of a broken clock; *i* = the first |
/// | `time-zone-mixed` | warning | the file writes its times in more than one zone notation; *i* = first point that differs from the first |
/// | `time-zone-missing` | note | times without a zone (read as UTC); *i* = the first |
/// | `duplicate-point` | note | a point at exactly the previous point's position within a segment; *i* = the repeat |
/// | `zero-length-segment` | warning | a segment that travels nowhere (one point, or all at one place); *i* = its first point |
/// | `jump` | warning | a leg inside a segment longer than ``Options/maxJump`` metres; *i* = the leg's end. `CheckRun` leaves out those on the legs into and out of a recognised wild position (`withoutLegsOfWildPositions(_:outliers:)`) |
/// | `piece-gap` | warning | the jump from one piece (segment) to the next is longer than ``Options/pieceGap`` metres (a flight that flies its gaps crosses it); *i* = the next piece's first point. Not reported when the pieces seem out of order |
/// | `pieces-out-of-order` | warning | the pieces chained by nearest ends (`RoutePieces`) would jump at most half as far as in file order, and ``Options/pieceGap`` metres less, and the file order is not that of the pieces' times: one finding with every jump's length and the chain (`Route/joiningPieces()`); *i* = the first long jump's next point |
/// | `null-island` | error | a point at exactly latitude 0, longitude 0 (a fix the device never had) |
/// | `latitude-out-of-range` | error | a latitude outside -90...90 or not finite |
/// | `longitude-out-of-range` | warning | a longitude outside -180...180 or not finite |
/// | `elevation-implausible` | error | elevations outside ``RoutePoint/plausibleElevations`` (-500...9000 m), one finding for all; *i* = the first |
/// | `elevation-missing` | warning | points without elevation (`Route/missingElevations`): the camera's ground is unknown there; *i* = the first. Fill them first (``Route/fillingMissingElevations(from:)``, ``Route/fillingMissingElevations(with:)``) and the finding goes |
/// | `elevation-wrapped` | note | heights of 65000...65535 m that are negative heights in an unsigned 16-bit field (`RouteOutliers`), corrected to `h - 65536`; one finding; *i* = the first. From `findings(for:places:)` |
/// | `elevation-spike` | warning | a height far off its neighbours' median (`RouteOutliers`), replaced by it everywhere; *i* = the spike. From `findings(for:places:)` |
/// | `route-underground` | warning | with a terrain model: a stretch of points more than 30 m under it (`UndergroundStretch`: a tunnel?), one per stretch, or one for all of more than 5 (heights and model disagreeing); *i* = its (the first's) first point. From ``TerrainCheck/routeFindings(_:ground:geoid:ellipsoidalFix:)`` |
/// | `elevation-ellipsoidal` | warning | with a terrain model: heights a near-constant geoid undulation off it (``GroundOffset``: ellipsoidal heights written as sea level), once. From ``TerrainCheck/routeFindings(_:ground:geoid:ellipsoidalFix:)`` |
/// | `position-outlier` | warning | a wild position, an impossible detour into and out of one point (`RouteOutliers`), left out of the flight; *i* = the point. From `findings(for:places:)` |
///
/// **What can occur.** The readers reject latitudes outside -90...90 and non-finite numbers (GPX
/// `latitudeOutOfRange`), and they normalise or reject longitudes, so a route read from a file never
/// has them; a `Route` built in code can (``Route/init(segments:name:source:)`` takes any coordinate),
/// and the check covers it. (0, 0) does occur in files.
public enum RouteCheck {
    /// The kind of movement a recording looks like, chosen from its typical moving speed
    /// (``Summary/typicalMovingSpeed``); it sets the default ``Options/maxSpeed``.
    public enum Activity: String, Hashable, Sendable, CaseIterable {
        /// Walking, hiking, running: typical speed up to 5 m/s (18 km/h). Limit 12 m/s (43 km/h, a
        /// sprinter's top speed, beyond anyone's pace on a track).
        case foot
        /// Cycling: typical speed up to 15 m/s (54 km/h). Limit 30 m/s (108 km/h, a fast descent).
        case cycle
        /// Road vehicles: typical speed up to 45 m/s (162 km/h). Limit 70 m/s (252 km/h).
        case road
        /// Aircraft: faster. Limit 300 m/s (1080 km/h, an airliner's ground speed with a tail wind).
        case air

        /// The speed over which a leg is implausible for this activity, m/s.
        public var speedLimit: Double {
            switch self {
            case .foot: 12
            case .cycle: 30
            case .road: 70
            case .air: 300
            }
        }

        /// The activity whose typical speed `typicalSpeed` (m/s, >= 0) fits.
        public init(typicalSpeed: Double) {
            switch typicalSpeed {
            case ...5: self = .foot
            case ...15: self = .cycle
            case ...45: self = .road
            default: self = .air
            }
        }
    }

    /// Thresholds of the route checks.
    public struct Options: Hashable, Sendable {
        /// Seconds between consecutive timed points over which a `time-gap` is reported (> 0). Default 60.
        public var gap: Double = 60
        /// Metres per second over which a leg is `speed-implausible` (> 0). `nil` (default): the
        /// ``Activity/speedLimit`` of the activity the route's typical moving speed suggests.
        public var maxSpeed: Double? = nil
        /// Metres over which a leg inside a segment is a `jump` (> 0). `nil` (default): 1000 m for recorded
        /// tracks (tracks with timestamps: recorded every few seconds, a kilometre between fixes is a lost
        /// signal); routes (`rte`) and untimed lines (planned or drawn, far apart by design) are not
        /// checked unless a value is given.
        public var maxJump: Double? = nil
        /// Metres over which the jump between two pieces (segments) is a `piece-gap`, and by which the
        /// nearest-ends chain must be shorter for `pieces-out-of-order` (> 0). Default 200 m: more than
        /// a GPS fix lost in a tunnel or an auto-pause moves, less than a kilometre-long piece.
        public var pieceGap: Double = 200

        public init(gap: Double = 60, maxSpeed: Double? = nil, maxJump: Double? = nil, pieceGap: Double = 200) {
            self.gap = gap
            self.maxSpeed = maxSpeed
            self.maxJump = maxJump
            self.pieceGap = pieceGap
        }
    }

    /// What the route check measured besides its findings.
    public struct Summary: Hashable, Sendable {
        public var points: Int
        public var segments: Int
        public var timedPoints: Int
        /// The activity the typical moving speed suggests, or `nil` when no leg has a usable speed.
        public var activity: Activity?
        /// The median, weighted by time, of the speeds of the timed legs that move (legs faster than ``RouteCheck/movingSpeed``,
        /// lasting at least 0.05 s), m/s, or `nil`: the speed the recording usually moves at, robust to GPS
        /// jitter. When the recording is faster than that activity's speed limit for more than a tenth
        /// of its moving time (the time-weighted 90th percentile; a plane that taxis for long), that
        /// 90th percentile instead.
        public var typicalMovingSpeed: Double?
        /// The speed limit used, m/s, or `nil` when the route has no speed to check.
        public var speedLimit: Double?
        /// The jump limit used, metres, or `nil` when jumps were not checked.
        public var jumpLimit: Double?
        /// Whether zone notations were checked (the file's time texts were scanned, `TimeZoneScan`).
        public var zonesChecked: Bool
        /// The zone notations seen, e.g. `["Z"]` or `["+01:00", "none"]`, sorted.
        public var zones: [String]
    }

    /// Speeds below this, m/s, are a stop, not movement (for the typical speed that picks the activity).
    public static let movingSpeed = 0.5
    /// The GPS epoch, 1980-01-06T00:00:00Z: no GPS fix can be older.
    public static let gpsEpoch = Date(timeIntervalSince1970: 315_964_800)

    /// Checks `route`'s clock and geometry.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - options: The thresholds.
    ///   - zones: One zone designator per point (`TimeZoneScan.zones(for:xml:)`), or `nil` to skip
    ///     the zone checks (formats whose time texts are not scanned).
    /// - Returns: The findings in a fixed order (clock, geometry, heights; each kind in point order), and
    ///   the summary.
    /// - Complexity: O(n log n) for n points (the percentile).
    public static func check(_ route: Route, options: Options = Options(),
                             zones: [TimeZoneDesignator?]? = nil) -> (findings: [Finding], summary: Summary) {
        let points = route.points
        // MARK: Clock
        let clock = RouteClockCheck(route, options: options)
        var findings = clock.pointFindings()
        var moving = clock.legFindings(into: &findings)
        let typical = typicalMovingSpeed(&moving)
        let activity = typical.map(Activity.init(typicalSpeed:))
        let speedLimit = options.maxSpeed ?? activity?.speedLimit
        if let limit = speedLimit { findings += clock.speedFindings(limit: limit, activity: activity) }
        var zoneNames: [String] = []
        if let zones {
            let zoneCheck = zoneFindings(zones, points: points)
            zoneNames = zoneCheck.names
            findings += zoneCheck.findings
        }
        // MARK: Geometry and heights
        findings += segmentFindings(route, legs: clock.legs)
        findings += pieceFindings(clock)
        let jumpLimit = options.maxJump ?? (route.source.kind == .tracks && clock.timed > 0 ? 1000 : nil)
        findings += legFindings(points, legs: clock.legs, jumpLimit: jumpLimit)
        findings += coordinateFindings(points)
        findings += elevationFindings(route)

        let summary = Summary(points: points.count, segments: route.segments.count, timedPoints: clock.timed,
                              activity: activity, typicalMovingSpeed: typical, speedLimit: speedLimit,
                              jumpLimit: jumpLimit, zonesChecked: zones != nil, zones: zoneNames)
        return (findings, summary)
    }
}
