import Foundation

/// A route summarised per distance bin, as the Landmarks "Hikes" tutorial's `hikeData.json`: ranges of
/// elevation, pace and heart rate in each bin, with moving and stopped time, ascent and descent.
///
/// **Bins.** Bin `k` covers the distance travelled ``Route/cumulativeDistances`` in
/// `[k * binWidth, (k + 1) * binWidth)` metres; there are `max(1, ceil(length / binWidth))` bins and the
/// route's last point belongs to the last one. Gaps between segments add no distance (see ``Route``).
///
/// **Ranges** (`[low, high]`, `nil` when the bin has no value):
/// - elevation: of the points' ``RoutePoint/elevation`` in the bin, metres;
/// - heart rate: of the points' ``RoutePoint/heartRate`` in the bin, beats per minute; 0 (what a chest
///   strap reports when it loses contact) is skipped;
/// - pace: of the points' *windowed pace*, seconds per kilometre. A point's pace is `1000 * (t[j1] - t[j0])
///   / (d[j1] - d[j0])` over the window `j0 = i - w ... j1 = i + w` (``Options/paceWindow`` points each
///   side, cut at the point's segment ends), when both ends are timed, the window moves at least
///   ``Options/stopSpeed`` and has positive time. A single leg's pace is too noisy (GPS jitter of a few
///   metres over a one-second leg); a stop has no pace. A leg too fast to have been travelled (over
///   180 km/h and 5 times the route's median leg speed: a fix regained far away a second later) is
///   left out of the window's time and distance, as ``RouteReading/speed`` leaves it out.
///
/// **Moving and stopped time.** Each leg inside a segment whose two points are timed, with `dt > 0`, is
/// *moving* when its speed (geodesic length / dt) is at least ``Options/stopSpeed`` (0.5 m/s, a slow
/// stroll is about 1 m/s), else *stopped*; its time goes to the bin of its first point. Legs across
/// segment breaks count as neither.
///
/// **Ascent and descent** use a hysteresis of ``Options/hysteresis`` metres (default 3 m, above the
/// usual barometric noise, below a GPS altitude's): walking each segment's points with an elevation in
/// order (the step from one segment to the next counts as neither, like gaps in length), a
/// reference elevation moves to the current point only when the point is at least that far above (the
/// rise is added to ascent) or below it (the drop is added to descent), in the bin of that point. Wiggles
/// smaller than the hysteresis are ignored; a final rise or drop smaller than it is not counted.
public struct RouteProfile: Sendable {
    /// How the profile is computed.
    public struct Options: Hashable, Sendable {
        /// Bin width, metres (> 0). Default 375 m, the tutorial's 0.375 km.
        public var binWidth: Double = 375
        /// Speed below which a leg is stopped, m/s (>= 0). Default 0.5.
        public var stopSpeed: Double = 0.5
        /// Elevation change that counts as ascent or descent, metres (>= 0). Default 3.
        public var hysteresis: Double = 3
        /// Points each side of a point in its pace window (>= 1). Default 2 (five points).
        public var paceWindow: Int = 2

        public init(binWidth: Double = 375) {
            precondition(binWidth > 0 && binWidth.isFinite, "binWidth must be > 0 metres")
            self.binWidth = binWidth
        }
    }

    /// One distance bin.
    public struct Bin: Hashable, Sendable {
        public var index: Int
        /// Start and end of the bin along the route, metres (the last bin ends at the route's length).
        public var start: Double
        public var end: Double
        /// Points in the bin.
        public var pointCount: Int
        /// Metres, `nil` when no point of the bin has an elevation.
        public var elevation: ClosedRange<Double>?
        /// Seconds per kilometre, `nil` when no point of the bin has a pace.
        public var pace: ClosedRange<Double>?
        /// Beats per minute, `nil` when no point of the bin has a heart rate.
        public var heartRate: ClosedRange<Double>?
        /// Seconds moving and stopped (see ``RouteProfile``).
        public var movingTime: Double = 0
        public var stoppedTime: Double = 0
        /// Metres climbed and descended (see ``RouteProfile``).
        public var ascent: Double = 0
        public var descent: Double = 0
    }

    public var options: Options
    /// The route's name, if any.
    public var name: String?
    /// Length travelled, metres.
    public var length: Double
    /// The bins in order, at least one.
    public var bins: [Bin]

    /// Total moving, stopped time (s), ascent and descent (m): the sums of the bins'.
    public var movingTime: Double { bins.reduce(0) { $0 + $1.movingTime } }
    public var stoppedTime: Double { bins.reduce(0) { $0 + $1.stoppedTime } }
    public var ascent: Double { bins.reduce(0) { $0 + $1.ascent } }
    public var descent: Double { bins.reduce(0) { $0 + $1.descent } }

    /// Profiles `route`.
    ///
    /// - Throws: ``TooManyBins`` when the route's length over the bin width passes ``maximumBinCount``
    ///   (memory and output grow with the bin count, not the point count).
    /// - Complexity: O(n · paceWindow + b) for n points and b bins (b at most ``maximumBinCount``).
    public init(_ route: Route, options: Options = Options()) throws(TooManyBins) {
        self.options = options
        self.name = route.name
        self.length = route.length
        let w = options.binWidth
        let exact = (route.length / w).rounded(.up)
        guard exact.isFinite, exact <= Double(RouteProfile.maximumBinCount) else {
            throw TooManyBins(length: route.length, binWidth: w)
        }
        let count = max(1, Int(exact))
        bins = (0..<count).map { k in
            Bin(index: k, start: Double(k) * w, end: min(Double(k + 1) * w, route.length), pointCount: 0)
        }
        if count == 1 { bins[0].end = route.length }
        let d = route.cumulativeDistances
        let points = route.points
        func bin(_ i: Int) -> Int { min(Int(d[i] / w), count - 1) }
        func widen(_ r: ClosedRange<Double>?, _ v: Double) -> ClosedRange<Double> {
            guard let r else { return v...v }
            return min(r.lowerBound, v)...max(r.upperBound, v)
        }

        // Legs no one travelled in their recorded time are left out of the windowed pace, as the
        // odometer leaves them out of its speed.
        let clock = RecordedClock(route: route)
        let impossible = clock.fault == nil ? clock.times.flatMap { ImpossibleLegs(cumulativeDistances: d, steps: $0.steps) } : nil
        for range in route.segments {
            for i in range {
                let k = bin(i)
                bins[k].pointCount += 1
                if let e = points[i].elevation { bins[k].elevation = widen(bins[k].elevation, e) }
                // A heart rate of 0 is a strap drop-out (no contact), not a value.
                if let h = points[i].heartRate, h > 0 { bins[k].heartRate = widen(bins[k].heartRate, h) }
                // Windowed pace.
                let j0 = max(range.lowerBound, i - options.paceWindow)
                let j1 = min(range.upperBound - 1, i + options.paceWindow)
                if let t0 = points[j0].time, let t1 = points[j1].time {
                    var dt = t1.timeIntervalSince(t0), dd = d[j1] - d[j0]
                    if let left = impossible?.between((j0, 0), (j1, 0)) {
                        dt -= left.seconds
                        dd -= left.metres
                    }
                    if dt > 0, dd > 0, dd / dt >= options.stopSpeed {
                        bins[k].pace = widen(bins[k].pace, 1000 * dt / dd)
                    }
                }
                // Moving and stopped time of the leg starting here.
                if i + 1 < range.upperBound, let t0 = points[i].time, let t1 = points[i + 1].time {
                    let dt = t1.timeIntervalSince(t0)
                    if dt > 0 {
                        if route.legs[i].distance / dt >= options.stopSpeed { bins[k].movingTime += dt } else { bins[k].stoppedTime += dt }
                    }
                }
            }
        }
        // Ascent and descent with hysteresis, segment by segment: the step between two segments is not
        // travelled, so it is neither climbed nor descended (as length and moving time exclude it).
        for range in route.segments {
            var reference: Double? = nil
            for i in range {
                guard let e = points[i].elevation else { continue }
                guard let r = reference else { reference = e; continue }
                if e - r >= options.hysteresis && e > r {
                    bins[bin(i)].ascent += e - r
                    reference = e
                } else if r - e >= options.hysteresis && r > e {
                    bins[bin(i)].descent += r - e
                    reference = e
                }
            }
        }
    }
}

extension RouteProfile {
    /// The first value that is not a finite number, described (`bin 3 ascent`), or `nil` when all are.
    /// The profile writers' callers check it: a non-finite number is a defect, never written.
    public var nonFiniteValue: String? {
        if !length.isFinite { return "length" }
        for b in bins {
            let values: [(String, Double?)] = [
                ("start", b.start), ("end", b.end), ("moving time", b.movingTime), ("stopped time", b.stoppedTime),
                ("ascent", b.ascent), ("descent", b.descent),
                ("lowest elevation", b.elevation?.lowerBound), ("highest elevation", b.elevation?.upperBound),
                ("lowest pace", b.pace?.lowerBound), ("highest pace", b.pace?.upperBound),
                ("lowest heart rate", b.heartRate?.lowerBound), ("highest heart rate", b.heartRate?.upperBound),
            ]
            if let bad = values.first(where: { $0.1.map { !$0.isFinite } ?? false }) { return "bin \(b.index) \(bad.0)" }
        }
        return nil
    }

    /// The most bins a profile has: 100 000 (37 500 km at the default 375 m; about 30 MB of JSON).
    public static let maximumBinCount = 100_000

    /// The route is too long for the bin width: more than ``RouteProfile/maximumBinCount`` bins.
    public struct TooManyBins: Error, Hashable, Sendable, CustomStringConvertible {
        /// The route's length, metres.
        public var length: Double
        /// The bin width asked for, metres.
        public var binWidth: Double

        /// The smallest whole bin width in metres that fits the route in the maximum bin count.
        public var smallestBinWidth: Double { (length / Double(RouteProfile.maximumBinCount)).rounded(.up) }

        public var description: String {
            let bins = (length / binWidth).rounded(.up)
            return "the route is \(FixedDecimal.string(length / 1000, places: 1)) km long: bins of \(FixedDecimal.string(binWidth, places: 0)) m "
                + "would make \(FixedDecimal.string(bins, places: 0)) of them, more than the \(RouteProfile.maximumBinCount) a profile may have "
                + "(use a bin width of at least \(FixedDecimal.string(smallestBinWidth, places: 0)) m)"
        }
    }
}
