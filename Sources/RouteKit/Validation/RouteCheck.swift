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
/// | `route-underground` | warning | with a terrain model: a stretch of points more than 30 m under it (`UndergroundStretch`: a tunnel?), one per stretch; *i* = its first point. From ``TerrainCheck/routeFindings(_:ground:geoid:ellipsoidalFix:)`` |
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
        var findings: [Finding] = []
        func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
        func stamp(_ d: Date) -> String { ISO8601.string(from: d) }

        // Which legs are gaps (they join segments).
        let legs = route.legs

        // MARK: Clock
        let timed = route.timedPointCount
        if timed == 0 {
            findings.append(Finding(.note, .timeMissing,
                "No point has a time: recorded timing is impossible; distance and equal timing still work."))
        } else if timed < points.count, let first = points.firstIndex(where: { $0.time == nil }) {
            findings.append(Finding(.warning, .timePartial, index: first,
                "\(points.count - timed) of \(points.count) points have no time (the first is point \(first))."))
        }
        // One finding for a pattern that one cause explains, instead of one per step.
        let patterns = ClockPattern.patterns(in: route)
        findings += patterns.map { $0.finding(in: route) }
        let oneInstant = patterns.contains { if case .sameInstant = $0 { true } else { false } }
        let newestFirst = patterns.contains { if case .newestFirst = $0 { true } else { false } }
        // The pieces saved reversed: their own backward steps are said once, by the pattern.
        let reversedPieces = patterns.compactMap { if case .pieceNewestFirst(let segment, _, _, _) = $0 { route.segments[segment] } else { nil } }
        // Timed pieces saved out of order (their times' chain jumps much less: one `pieces-out-of-order`,
        // below): the clock's steps across segment breaks are the shuffle's, said by that finding.
        let pieces = route.segments.count > 1 ? RoutePieces(route) : nil
        let shuffledByTimes = pieces.map { $0.isChainedByTimes && $0.seemsOutOfOrder(threshold: options.pieceGap) && !isInRecordedOrder(route) } ?? false
        func isInReversedPiece(_ p: Int, _ i: Int) -> Bool { reversedPieces.contains { $0.contains(p) && $0.contains(i) } }
        // A step into or out of a reversed piece whose gap is the reversal's: flown last point first, the
        // piece's other end is at most the gap threshold from p's (or i's) time.
        func isReversalGap(_ p: Int, _ i: Int) -> Bool {
            reversedPieces.contains { piece in
                let first = piece.lowerBound, last = piece.upperBound - 1
                if i == first, !piece.contains(p), let t = points[last].time, let tp = points[p].time {
                    return (0...options.gap).contains(t.timeIntervalSince(tp))
                }
                if p == last, !piece.contains(i), let t = points[first].time, let ti = points[i].time {
                    return (0...options.gap).contains(ti.timeIntervalSince(t))
                }
                return false
            }
        }
        let wholeSeconds = patterns.contains { if case .wholeSeconds = $0 { true } else { false } }
        if !oneInstant, let first = points.firstIndex(where: { ($0.time ?? gpsEpoch) < gpsEpoch }) {
            let count = points.reduce(0) { $0 + (($1.time ?? gpsEpoch) < gpsEpoch ? 1 : 0) }
            findings.append(Finding(.warning, .timeBeforeGpsEpoch, index: first, time: .recorded(points[first].time),
                "\(count) point\(count == 1 ? "" : "s") have times before the GPS epoch (1980-01-06), from \(stamp(points[first].time!)): the recorder's clock was not set."))
        }

        // Timed legs (from one timed point to the next): the clock's findings, and the speeds of those
        // inside segments (``forEachTimedLeg``: computed again for the speed check, not kept per point).
        func forEachTimedLeg(_ body: (_ p: Int, _ i: Int, _ dt: Double, _ distance: Double, _ crossesGap: Bool) -> Void) {
            var previousTimed: Int? = nil
            for i in points.indices {
                guard let t = points[i].time else { continue }
                if let p = previousTimed, let tp = points[p].time {
                    let dt = t.timeIntervalSince(tp)
                    // Distance travelled from p to i (p and i may not be adjacent when points between are untimed).
                    let crossesGap = (p..<i).contains { legs[$0].isGap }
                    let distance = (p..<i).reduce(0.0) { $0 + legs[$1].distance }
                    body(p, i, dt, distance, crossesGap)
                }
                previousTimed = i
            }
        }
        // The timed points around each backward step (few: a file of many is a pattern above). A gap next
        // to a backward step of at least its size is the same slip of the clock (one point written years
        // ahead makes a gap into it and a step back out of it): the step's error says it, not a second finding.
        var backwardSteps: [(from: Int, to: Int, seconds: Double)] = []
        if !newestFirst, !oneInstant {
            forEachTimedLeg { p, i, dt, _, crossesGap in
                if dt < 0, !isInReversedPiece(p, i), !(crossesGap && shuffledByTimes) { backwardSteps.append((p, i, -dt)) }
            }
        }
        func isClockSlip(_ p: Int, _ i: Int, _ dt: Double) -> Bool {
            backwardSteps.contains { ($0.from == i || $0.to == p) && $0.seconds >= dt / 2 }
        }
        // For the backward step from p to i: which point slipped, when a gap next to it is the same slip
        // (the gap into p, or out of i, at most twice the step back); "" otherwise.
        func slipNote(_ p: Int, _ i: Int) -> String {
            let back = points[p].time!.timeIntervalSince(points[i].time!)
            if let before = points[..<p].lastIndex(where: { $0.time != nil }),
               let ahead = Optional(points[p].time!.timeIntervalSince(points[before].time!)),
               ahead > options.gap, back >= ahead / 2 {
                return "; point \(p) is \(num(ahead, 3)) s ahead of point \(before) too: one slip of the clock at point \(p)"
            }
            if let after = points[(i + 1)...].firstIndex(where: { $0.time != nil }),
               let behind = Optional(points[after].time!.timeIntervalSince(points[i].time!)),
               behind > options.gap, back >= behind / 2 {
                return "; point \(after) is \(num(behind, 3)) s after it: one slip of the clock at point \(i)"
            }
            return ""
        }
        // Speed and duration of the moving legs (16 bytes each).
        var moving: [(speed: Double, dt: Double)] = []
        moving.reserveCapacity(max(timed - 1, 0))
        forEachTimedLeg { p, i, dt, distance, crossesGap in
            let t = points[i].time!, tp = points[p].time!
            if dt < 0, !newestFirst, !oneInstant, !isInReversedPiece(p, i), !(crossesGap && shuffledByTimes) {
                findings.append(Finding(.error, .timeBackwards, index: i, time: .recorded(t),
                    "Point \(i)'s time \(stamp(t)) is \(num(-dt, -dt < 0.001 ? 7 : 3)) s\(DurationText.daysSuffix(-dt)) before point \(p)'s \(stamp(tp))\(crossesGap ? " (across a segment break)" : "")\(slipNote(p, i))."))
            } else if dt == 0, distance > 0, !oneInstant, !wholeSeconds {
                findings.append(Finding(.warning, .timeEqualWhileMoving, index: i, time: .recorded(t),
                    "Point \(i) has the same time as point \(p) (\(stamp(t))) but is \(num(distance, 1)) m away: an infinite speed."))
            } else if dt > options.gap, !isClockSlip(p, i, dt), !isReversalGap(p, i), !(crossesGap && shuffledByTimes) {
                findings.append(Finding(.warning, .timeGap, index: i, time: .recorded(t),
                    "\(num(dt, 1)) s\(DurationText.daysSuffix(dt)) pass between point \(p) and point \(i) (\(crossesGap ? "across a segment break; " : "")more than \(num(options.gap, 1)) s)."))
            }
            if dt > 0, !crossesGap, dt >= 0.05, distance / dt > movingSpeed {
                moving.append((distance / dt, dt))
            }
        }
        // The activity, from the moving legs' speeds weighted by their durations (legs of at least 0.05 s:
        // a shorter step is below any logger's resolution, e.g. Mojstrovka's 0.0003 s between sentinel
        // times; weighting by time keeps the short, noisy legs of GPS jitter from passing a hike off as a
        // bike ride). The typical speed is the weighted median; but when the recording moves faster than
        // that activity's limit for more than a tenth of its time (the weighted 90th percentile), it is
        // the faster activity (a plane that taxis for half its log still flies).
        // Sorted in place (the sort compares speeds alone, so the order is that of sorting whole legs).
        moving.sort { $0.speed < $1.speed }
        let movingTime = moving.reduce(0) { $0 + $1.dt }
        func weightedPercentile(_ q: Double) -> Double? {
            var elapsed = 0.0
            for leg in moving {
                elapsed += leg.dt
                if elapsed >= q * movingTime { return leg.speed }
            }
            return moving.last?.speed
        }
        var typical = weightedPercentile(0.5)
        if let median = typical, let fast = weightedPercentile(0.9), fast > Activity(typicalSpeed: median).speedLimit {
            typical = fast
        }
        let activity = typical.map(Activity.init(typicalSpeed:))
        let speedLimit = options.maxSpeed ?? activity?.speedLimit
        if let limit = speedLimit {
            forEachTimedLeg { _, i, dt, distance, crossesGap in
                guard dt > 0, !crossesGap, !oneInstant else { return }
                let speed = distance / dt
                guard speed > limit else { return }
                findings.append(Finding(.warning, .speedImplausible, index: i, time: .recorded(points[i].time),
                    "The leg to point \(i) covers \(num(distance, 1)) m in \(num(dt, 3)) s: \(num(speed, 1)) m/s, over the limit of \(num(limit, 1)) m/s\(options.maxSpeed == nil ? " for \(activity!.rawValue)" : "")."))
            }
        }

        // Zones.
        var zoneNames: [String] = []
        if let zones {
            precondition(zones.count == points.count, "one zone per point")
            // The distinct notations (a handful), without an array of every point's.
            var distinct = Set<TimeZoneDesignator>()
            var zoneless = 0
            for zone in zones {
                guard let zone else { continue }
                distinct.insert(zone)
                if zone == .none { zoneless += 1 }
            }
            // Distinct designators have distinct descriptions (offsets are whole minutes).
            zoneNames = Set(distinct.map(\.description)).sorted()
            if let first = zones.firstIndex(where: { $0 != nil }), let reference = zones[first],
               let other = zones.indices.first(where: { zones[$0] != nil && zones[$0] != reference }) {
                findings.append(Finding(.warning, .timeZoneMixed, index: other, time: .recorded(points[other].time),
                    "Times are written in \(zoneNames.count) zone notations (\(zoneNames.joined(separator: ", "))): point \(first) uses \(reference), point \(other) uses \(zones[other]!)."))
            }
            if let first = zones.firstIndex(where: { $0 == TimeZoneDesignator.none }) {
                let count = zoneless
                findings.append(Finding(.note, .timeZoneMissing, index: first, time: .recorded(points[first].time),
                    "\(count) time\(count == 1 ? " has" : "s have") no zone (the first at point \(first)); \(count == 1 ? "it was" : "they were") read as UTC."))
            }
        }

        // MARK: Geometry
        for (s, range) in route.segments.enumerated() {
            let length = range.dropLast().reduce(0.0) { $0 + legs[$1].distance }
            if length == 0 {
                findings.append(Finding(.warning, .zeroLengthSegment, index: range.lowerBound, time: .recorded(points[range.lowerBound].time),
                    range.count == 1
                        ? "Segment \(s) (point \(range.lowerBound)) has a single point: it travels nowhere."
                        : "Segment \(s) (points \(range.lowerBound) to \(range.upperBound - 1)) has \(range.count) points at one place: it travels nowhere."))
            }
        }
        // Pieces saved reversed in their place (the chain keeps the file order, reverses only them): the
        // jumps into and out of them are theirs, said once by `time-piece-newest-first`.
        let pieceJumps = pieceFindings(route, threshold: options.pieceGap)
        let onlyReversedInPlace = !reversedPieces.isEmpty
            && (pieces?.chain.enumerated().allSatisfy { $0.offset == $0.element.segment } ?? true)
        findings += onlyReversedInPlace ? pieceJumps.filter { $0.code != .piecesOutOfOrder } : pieceJumps
        for i in legs.indices where !legs[i].isGap && legs[i].distance == 0 && points[i].coordinate == points[i + 1].coordinate {
            findings.append(Finding(.note, .duplicatePoint, index: i + 1, time: .recorded(points[i + 1].time),
                "Point \(i + 1) repeats point \(i)'s position."))
        }
        let jumpLimit = options.maxJump ?? (route.source.kind == .tracks && timed > 0 ? 1000 : nil)
        if let limit = jumpLimit {
            for i in legs.indices where !legs[i].isGap && legs[i].distance > limit {
                findings.append(Finding(.warning, .jump, index: i + 1, time: .recorded(points[i + 1].time),
                    "Point \(i + 1) is \(num(legs[i].distance, 1)) m from point \(i) (more than \(num(limit, 1)) m)."))
            }
        }
        for (i, p) in points.enumerated() {
            let c = p.coordinate
            if c.latitude == 0 && c.longitude == 0 {
                findings.append(Finding(.error, .nullIsland, index: i, time: .recorded(p.time),
                    "Point \(i) is at latitude 0, longitude 0: a fix the device never had."))
            }
            if !(c.latitude.isFinite && (-90...90).contains(c.latitude)) {
                findings.append(Finding(.error, .latitudeOutOfRange, index: i, time: .recorded(p.time),
                    "Point \(i)'s latitude \(c.latitude) is outside -90...90 degrees."))
            }
            if !(c.longitude.isFinite && (-180...180).contains(c.longitude)) {
                findings.append(Finding(.warning, .longitudeOutOfRange, index: i, time: .recorded(p.time),
                    "Point \(i)'s longitude \(c.longitude) is outside -180...180 degrees."))
            }
        }

        let plausible = RoutePoint.plausibleElevations
        if let first = points.firstIndex(where: { $0.elevation.map { !plausible.contains($0) } ?? false }) {
            let count = points[first...].reduce(0) { $0 + ($1.elevation.map { plausible.contains($0) ? 0 : 1 } ?? 0) }
            let value = points[first].elevation!
            let shown = abs(value) >= 1e6 ? String(format: "%.6g", value) : num(value, 3)
            findings.append(Finding(.error, .elevationImplausible, index: first, time: .recorded(points[first].time),
                "\(count) point\(count == 1 ? " has an elevation" : "s have elevations") outside \(Int(plausible.lowerBound))...\(Int(plausible.upperBound)) m, the first point \(first) at \(shown) m\(abs(value) > 1e8 ? " (a time or a count, not a height?)" : "")."))
        }

        // MARK: Heights
        if let missing = route.missingElevations {
            findings.append(Finding(.warning, .elevationMissing, index: missing.firstIndex,
                                    time: .recorded(points[missing.firstIndex].time), missing.description))
        }

        let summary = Summary(points: points.count, segments: route.segments.count, timedPoints: timed,
                              activity: activity, typicalMovingSpeed: typical, speedLimit: speedLimit,
                              jumpLimit: jumpLimit, zonesChecked: zones != nil, zones: zoneNames)
        return (findings, summary)
    }
}
