import Foundation

/// Reads a route at any distance along it, or at any instant of its recorded clock: the tables behind
/// ``RouteReading``.
///
/// Built once per route in O(n); every reading is then a binary search, O(log n). Distances are the
/// route's own (``Route/cumulativeDistances``: geodesic legs on WGS 84, gaps between segments not
/// counted); positions between two points are interpolated linearly in latitude and longitude (legs of a
/// GPS track are metres long: within millimetres of the geodesic); times are the route's recorded
/// clock (`Route.recordedTimes`: missing times filled by distance, backward steps flattened).
public struct RouteOdometer: Sendable {
    /// The route read.
    public let route: Route
    /// Seconds of recorded time over which ``RouteReading/speed`` is averaged: 10.
    public static let speedWindow = 10.0

    private let recorded: Route.RecordedTimes?
    /// Legs left out of the speeds (``ImpossibleLegs``), or `nil` when none is (or the route is untimed).
    private let impossibleLegs: ImpossibleLegs?
    private let elevationPoints: PointSubset
    private let heartRatePoints: PointSubset
    private let cadencePoints: PointSubset

    /// An odometer for `route`. O(n) time and memory for n points.
    ///
    /// A route whose recorded clock cannot be a recording (``Route/recordedClockFault``: the rule recorded
    /// timing is refused with; all points at one instant, newest-first, a clock that stands still) is
    /// read as an untimed route: its readings carry no ``RouteReading/time`` and no
    /// ``RouteReading/speed`` (a stopped clock would give millions of metres per second).
    public init(route: Route) {
        self.route = route
        let clock = RecordedClock(route: route)
        recorded = clock.fault == nil ? clock.times : nil
        impossibleLegs = recorded.flatMap { ImpossibleLegs(cumulativeDistances: route.cumulativeDistances, steps: $0.steps) }
        elevationPoints = PointSubset(route.points) { $0.elevation != nil }
        heartRatePoints = PointSubset(route.points) { $0.heartRate != nil }
        cadencePoints = PointSubset(route.points) { $0.cadence != nil }
    }

    /// The route's length, metres (gaps not counted).
    public var length: Double { route.length }

    /// The reading `distance` metres along the route (clamped to `0...length`). Where a stop leaves
    /// several points at one distance, the reading is taken at the last of them (the rider leaves the
    /// stop at that distance). O(log n).
    public func reading(atDistance distance: Double) -> RouteReading {
        let (k, f) = leg(atDistance: distance)
        return reading(leg: k, fraction: f)
    }

    /// The reading at the instant `recordedSeconds` after the route's first recorded time (the clock of
    /// `Route.recordedTimes`), clamped to the recorded span, or `nil` for an untimed route. O(log n).
    public func reading(atRecordedSeconds recordedSeconds: Double) -> RouteReading? {
        guard let recorded else { return nil }
        let (k, f) = Self.interval(of: recordedSeconds, in: recorded.offsets)
        return reading(leg: k, fraction: f)
    }

    /// The seconds of the recorded clock from its first to its last point, or `nil` for an untimed route.
    public var recordedSpan: ClosedRange<Double>? {
        recorded.map { $0.offsets[0]...$0.offsets[$0.offsets.count - 1] }
    }

    /// The reading on leg `k` (points `k` and `k + 1`; `k` = the last point's index for the end) at
    /// `fraction` (0...1) of the way along it.
    func reading(leg k: Int, fraction f: Double) -> RouteReading {
        let points = route.points, cumulative = route.cumulativeDistances
        let n = points.count
        let j = min(k + 1, n - 1)
        let a = points[k].coordinate, b = points[j].coordinate
        let coordinate = LocationCoordinate2D(
            latitude: a.latitude + (b.latitude - a.latitude) * f,
            longitude: Angles.normalizedLongitude(a.longitude + remainder(b.longitude - a.longitude, 360) * f))
        let distance = cumulative[k] + (cumulative[j] - cumulative[k]) * f
        var reading = RouteReading(distance: distance, progress: length > 0 ? min(max(distance / length, 0), 1) : 0,
                                   coordinate: coordinate)
        if let recorded {
            let seconds = recorded.offsets[k] + (recorded.offsets[j] - recorded.offsets[k]) * f
            reading.time = recorded.origin.addingTimeInterval(seconds)
            reading.speed = speed(atRecordedSeconds: seconds, offsets: recorded.offsets)
        }
        reading.elevation = interpolated(\.elevation, among: elevationPoints, at: distance, leg: k)
        reading.heartRate = interpolated(\.heartRate, among: heartRatePoints, at: distance, leg: k)
        reading.cadence = interpolated(\.cadence, among: cadencePoints, at: distance, leg: k)
        return reading
    }

    /// The leg and fraction `distance` metres along (gaps not counted), at the last point of a run of
    /// equal distances.
    private func leg(atDistance distance: Double) -> (Int, Double) {
        Self.interval(of: min(max(distance, 0), length), in: route.cumulativeDistances)
    }

    /// The index `k` and fraction `f` with `values[k] + f (values[k + 1] - values[k]) = x`, for
    /// non-decreasing `values`; `x` is clamped to their range; at a run of equal values, the last.
    static func interval(of x: Double, in values: [Double]) -> (Int, Double) {
        let n = values.count
        guard n > 1, x > values[0] else {
            // Before (or at) the start: the last of the points at the first value.
            var k = 0
            while k + 1 < n && values[k + 1] <= values[0] { k += 1 }
            return (k, 0)
        }
        guard x < values[n - 1] else { return (n - 1, 0) }
        var low = 0, high = n - 1  // values[low] < x <= values[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if values[mid] < x { low = mid } else { high = mid }
        }
        if values[high] == x {
            var k = high
            while k + 1 < n && values[k + 1] <= x { k += 1 }
            return (k, 0)
        }
        return (low, (x - values[low]) / (values[high] - values[low]))
    }

    /// Metres travelled (gaps not counted) at fraction `f` of leg `k`.
    private func distance(at place: (Int, Double)) -> Double {
        let (k, f) = place
        let cumulative = route.cumulativeDistances
        let j = min(k + 1, cumulative.count - 1)
        return cumulative[k] + (cumulative[j] - cumulative[k]) * f
    }

    /// Mean speed over ``speedWindow`` seconds of recorded time centred on `seconds` (cut at the ends),
    /// impossible legs (``ImpossibleLegs``) left out of both its metres and its seconds; `nil` when they
    /// fill nine tenths of the window or more (no speed there can be believed).
    private func speed(atRecordedSeconds seconds: Double, offsets: [Double]) -> Double? {
        let first = offsets[0], last = offsets[offsets.count - 1]
        let from = max(seconds - Self.speedWindow / 2, first), to = min(seconds + Self.speedWindow / 2, last)
        guard to > from else { return last > first ? 0 : nil }
        let start = Self.interval(of: from, in: offsets), end = Self.interval(of: to, in: offsets)
        var metres = distance(at: end) - distance(at: start), elapsed = to - from
        if let impossibleLegs {
            let left = impossibleLegs.between(start, end)
            metres -= left.metres
            elapsed -= left.seconds
            guard elapsed >= 0.1 * (to - from) else { return nil }
        }
        return max(metres, 0) / elapsed
    }

    /// A point value interpolated by distance between the nearest points that record it (before and
    /// after the reading on leg `k`); held beyond the first and last; `nil` when none records it.
    private func interpolated(_ value: KeyPath<RoutePoint, Double?>, among indices: PointSubset, at distance: Double,
                              leg k: Int) -> Double? {
        guard !indices.isEmpty else { return nil }
        let points = route.points, cumulative = route.cumulativeDistances
        // The first recording point after leg k's start (binary search), and the one before it.
        var low = 0, high = indices.count
        while low < high {
            let mid = (low + high) / 2
            if indices[mid] <= k { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return points[indices[0]][keyPath: value] }
        let before = indices[low - 1]
        guard low < indices.count else { return points[before][keyPath: value] }
        let after = indices[low]
        let a = points[before][keyPath: value]!, b = points[after][keyPath: value]!
        let span = cumulative[after] - cumulative[before]
        guard span > 0 else { return b }
        return a + (b - a) * min(max((distance - cumulative[before]) / span, 0), 1)
    }
}
