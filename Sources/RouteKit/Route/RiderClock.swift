import Foundation

/// A ``RiderGroup`` on its shared clock: where every rider is at any instant.
///
/// ## The clock
///
/// Each rider's points are timed as recorded timing times a single route (``Route``'s recorded times:
/// points without a time interpolated by distance between timed ones, extrapolated at the timed part's
/// mean moving speed beyond them; steps that stand still or go backwards take no time), then shifted by the
/// rider's ``RiderGroup/Rider/clockOffset`` seconds. The group clock runs from ``start``, the earliest
/// rider's first instant, to ``end``, the latest rider's last; *clock time* is seconds from ``start``.
///
/// ## Positions
///
/// Between two consecutive points a rider moves at constant speed, straight in latitude and longitude
/// (longitude the short way round, across the antimeridian if that is shorter): the rider the
/// single-route recorded follow camera places (`FollowTrack` samples a route the same way). On a GPS
/// leg of a kilometre this is within 2 cm of the geodesic. A *gap* between two segments (or tracks) is
/// crossed the same way, at constant speed from the last point of one to the first of the next over the
/// recorded time between them, so a rider never jumps; the rider is active during it. Elevation is
/// interpolated alike (metres above sea level; a point without one takes the previous point's, the
/// first known one before it, 0 when the route has none). Before a rider's first instant the rider is
/// held at the route's first point, after its last at its last point, with
/// ``RiderPosition/isActive`` `false`. At an instant shared by several points (a step in no time), the
/// rider is at the last of them.
package struct RiderClock: Sendable {
    /// The group, as validated.
    package let group: RiderGroup
    /// The earliest instant of any rider (UTC, after clock offsets): clock time 0.
    package let start: Date
    /// The latest instant of any rider (UTC, after clock offsets).
    package let end: Date
    /// Per rider: clock time of each point (seconds from ``start``, non-decreasing), latitude and
    /// unwrapped longitude (degrees), elevation (metres, gaps carried).
    private let times: [[Double]]
    private let latitudes: [[Double]]
    private let longitudes: [[Double]]
    private let elevations: [[Double]]
    private let odometers: [RouteOdometer]

    /// Validates `group` and times every rider.
    ///
    /// - Throws: ``RiderGroupError`` (``RiderGroup/validate()``).
    /// - Complexity: O(n) for n points in all.
    package init(_ group: RiderGroup) throws(RiderGroupError) {
        try group.validate()
        self.group = group
        var recorded: [(origin: Double, offsets: [Double])] = []
        for rider in group.riders {
            // validate() has checked that at least 2 points are timed.
            let r = rider.route.recordedTimes!
            recorded.append((r.origin.timeIntervalSinceReferenceDate + rider.clockOffset, r.offsets))
        }
        let first = recorded.map { $0.origin + $0.offsets[0] }.min()!
        let last = recorded.map { $0.origin + $0.offsets[$0.offsets.count - 1] }.max()!
        start = Date(timeIntervalSinceReferenceDate: first)
        end = Date(timeIntervalSinceReferenceDate: last)
        var times: [[Double]] = [], latitudes: [[Double]] = [], longitudes: [[Double]] = [], elevations: [[Double]] = []
        for (rider, r) in zip(group.riders, recorded) {
            let shift = r.origin - first
            times.append(r.offsets.map { shift + $0 })
            let points = rider.route.points
            latitudes.append(points.map(\.coordinate.latitude))
            var lon = [Double]()
            lon.reserveCapacity(points.count)
            for p in points { lon.append(lon.last.map { Angles.unwrappedAngle(p.coordinate.longitude, near: $0) } ?? p.coordinate.longitude) }
            longitudes.append(lon)
            var carried = points.first(where: { $0.elevation != nil })?.elevation ?? 0
            elevations.append(points.map { p in
                if let e = p.elevation { carried = e }
                return carried
            })
        }
        self.times = times
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.elevations = elevations
        self.odometers = group.riders.map { RouteOdometer(route: $0.route) }
    }

    /// Seconds from ``start`` to ``end`` (>= 0).
    package var duration: Double { end.timeIntervalSince(start) }

    /// The instant at clock time `seconds` (seconds from ``start``).
    package func instant(atClockTime seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    /// The clock time of `instant`, seconds from ``start``.
    package func clockTime(of instant: Date) -> Double { instant.timeIntervalSince(start) }

    /// Clock time of rider `rider`'s first point, seconds.
    package func startTime(ofRider rider: Int) -> Double { times[rider][0] }

    /// Clock time of rider `rider`'s last point, seconds.
    package func endTime(ofRider rider: Int) -> Double { times[rider][times[rider].count - 1] }

    /// Where rider `rider` (an index into ``RiderGroup/riders``) is at `instant`.
    ///
    /// - Complexity: O(log n) for a route of n points.
    package func position(of rider: Int, at instant: Date) -> RiderPosition {
        position(of: rider, atClockTime: clockTime(of: instant))
    }

    /// Where rider `rider` is at clock time `seconds` (seconds from ``start``), as the type's
    /// discussion says: longitude in `-180...180`, elevation in metres above sea level.
    ///
    /// - Complexity: O(log n) for a route of n points.
    package func position(of rider: Int, atClockTime seconds: Double) -> RiderPosition {
        let (k, f) = segment(of: rider, at: seconds)
        let lat = latitudes[rider], lon = longitudes[rider], ele = elevations[rider], t = times[rider]
        let active = seconds >= t[0] && seconds <= t[t.count - 1]
        let reading = odometers[rider].reading(leg: k, fraction: f)
        guard f > 0 else {
            return RiderPosition(rider: rider, coordinate: LocationCoordinate2D(latitude: lat[k], longitude: remainder(lon[k], 360)),
                                 elevation: ele[k], isActive: active, reading: reading)
        }
        let coordinate = LocationCoordinate2D(latitude: lat[k] + (lat[k + 1] - lat[k]) * f,
                                              longitude: remainder(lon[k] + (lon[k + 1] - lon[k]) * f, 360))
        return RiderPosition(rider: rider, coordinate: coordinate, elevation: ele[k] + (ele[k + 1] - ele[k]) * f,
                             isActive: active, reading: reading)
    }

    /// Every rider's position at clock time `seconds`, in rider order.
    ///
    /// - Complexity: O(r log n) for r riders.
    package func positions(atClockTime seconds: Double) -> [RiderPosition] {
        group.riders.indices.map { position(of: $0, atClockTime: seconds) }
    }

    /// The point `k` a rider is at or after at clock time `s`, and the fraction `f` (0..<1) of the leg
    /// to point `k + 1` (0 when the rider is held or exactly at a point; the last point of several at
    /// one instant).
    func segment(of rider: Int, at s: Double) -> (index: Int, fraction: Double) {
        let t = times[rider]
        let n = t.count
        if s <= t[0] {
            // At or before the start: the last point timed at the first instant.
            var k = 0
            if s == t[0] { while k + 1 < n && t[k + 1] == t[0] { k += 1 } }
            return (k, 0)
        }
        if s >= t[n - 1] || s.isNaN { return (n - 1, 0) }
        // The last k with t[k] <= s (t[0] < s < t[n - 1]).
        var low = 0, high = n - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if t[mid] <= s { low = mid } else { high = mid }
        }
        let dt = t[low + 1] - t[low]
        return (low, dt > 0 ? (s - t[low]) / dt : 0)
    }
}

extension RiderGroup {
    /// The group on its shared clock (``RiderClock``): validates it and times every rider.
    ///
    /// - Throws: ``RiderGroupError``.
    /// - Complexity: O(n) for n points in all.
    package func clock() throws(RiderGroupError) -> RiderClock { try RiderClock(self) }

    /// Where rider `rider` is at `instant` (``RiderClock/position(of:at:)``). Each call times the whole
    /// group (O(n)); for many instants, make a ``clock()`` once.
    ///
    /// - Throws: ``RiderGroupError``.
    package func position(of rider: Int, at instant: Date) throws(RiderGroupError) -> RiderPosition {
        try RiderClock(self).position(of: rider, at: instant)
    }
}
