import Foundation

/// Finds, frame by frame, where a flight is along its route (``RouteTracking``), and reads the route
/// there (``RouteOdometer``).
///
/// `.rider`: the route is read where the planner's rider is (``PlannedRide``): no projection.
///
/// `.centre`: the centre is projected onto the legs from the last frame's foot to ``searchAhead`` metres
/// of route (gaps between segments not counted) plus the straight distance the centre moved, each leg
/// taken straight on the tangent plane at the centre; the nearest foot wins (the earliest of those within
/// ``tieTolerance`` of it: an out-and-back's return leg is not taken while the outbound leg is as near). A
/// foot farther from the centre than ``offRoute(cameraDistance:)`` is not taken: the reading holds (the
/// camera looks away from the route). The foot never goes back along the route, and goes forward by at
/// most ``catchUp`` times the centre's movement plus ``catchUpSlack`` a frame: where the camera cuts a
/// corner or turns short of a spur's tip, the rider walks the part cut over the next frames instead of
/// jumping past it.
///
/// - Complexity: O(legs within the window) a frame; O(1) memory besides the odometer.
package struct RouteTracker: Sendable {
    /// The route's tables.
    package let odometer: RouteOdometer
    /// How frames are placed.
    package let tracking: RouteTracking
    /// Metres of route ahead of the last foot searched each frame, besides the centre's own movement.
    package static let searchAhead = 1000.0
    /// Metres: feet this much farther than the nearest still count as near (the earliest is taken).
    package static let tieTolerance = 0.5
    /// The foot goes forward at most this many times the straight distance the centre moved …
    package static let catchUp = 3.0
    /// … plus this many metres, a frame.
    package static let catchUpSlack = 2.0

    private var leg = 0
    private var fraction = 0.0
    private var lastCentre: LocationCoordinate2D? = nil

    /// A tracker at the route's start.
    package init(odometer: RouteOdometer, tracking: RouteTracking) {
        self.odometer = odometer
        self.tracking = tracking
    }

    /// The farthest a centre may be from the route for its foot to be taken, metres: 200 m, or a fifth
    /// of the camera's distance when that is more (a camera far out frames more ground around the route).
    package static func offRoute(cameraDistance: Double) -> Double { max(200, 0.2 * cameraDistance) }

    /// The reading for the frame at flight time `time` (seconds) whose camera is `camera`. Call in frame
    /// order.
    package mutating func reading(at time: Double, camera: MapCamera) -> RouteReading {
        switch tracking {
        case .clock(let span):
            return clockReading(share: Self.share(of: time, in: span))
        case .centre(let span):
            if let span, time < span.lowerBound { return odometer.reading(atDistance: 0) }
            if let span, time > span.upperBound { return odometer.reading(atDistance: odometer.length) }
            follow(camera.centerCoordinate, cameraDistance: camera.distance)
            return odometer.reading(leg: leg, fraction: fraction)
        case .rider(let ride):
            guard let x = ride.position(atFlightTime: time, along: odometer.route.cumulativeDistances) else {
                return odometer.reading(atDistance: 0)
            }
            if time >= ride.arrival { return odometer.reading(atDistance: odometer.length) }
            let last = odometer.route.points.count - 1
            let k = min(max(Int(x.rounded(.down)), 0), last)
            return odometer.reading(leg: k, fraction: k < last ? min(max(x - Double(k), 0), 1) : 0)
        }
    }

    /// `time`'s share of `span`, 0...1.
    static func share(of time: Double, in span: ClosedRange<Double>) -> Double {
        let width = span.upperBound - span.lowerBound
        return width > 0 ? min(max((time - span.lowerBound) / width, 0), 1) : (time >= span.upperBound ? 1 : 0)
    }

    private func clockReading(share: Double) -> RouteReading {
        if let recorded = odometer.recordedSpan,
           let reading = odometer.reading(atRecordedSeconds: recorded.lowerBound + share * (recorded.upperBound - recorded.lowerBound)) {
            return reading
        }
        return odometer.reading(atDistance: share * odometer.length)
    }

    /// Metres along the route (gaps not counted) at leg `k`, `fraction` of the way.
    private func distance(leg k: Int, fraction f: Double) -> Double {
        let d = odometer.route.cumulativeDistances
        return d[k] + f * (d[min(k + 1, d.count - 1)] - d[k])
    }

    /// Moves the foot towards the centre's, if one is near enough ahead.
    private mutating func follow(_ centre: LocationCoordinate2D, cameraDistance: Double) {
        let points = odometer.route.points
        guard points.count > 1 else { return }
        let moved = lastCentre.map { Geodesic.wgs84.inverse(from: $0, to: centre).distance } ?? 0
        lastCentre = centre
        let start = distance(leg: leg, fraction: fraction)
        let limit = start + Self.searchAhead + moved
        let cumulative = odometer.route.cumulativeDistances
        var nearest: (leg: Int, fraction: Double, offset: Double)? = nil
        var candidates: [(leg: Int, fraction: Double, offset: Double)] = []
        var k = min(leg, points.count - 2)
        while k < points.count - 1 && cumulative[k] <= limit {
            var foot = CourseProjection.foot(of: centre, from: points[k].coordinate, to: points[k + 1].coordinate)
            if k == leg && foot.fraction < fraction {
                // Not behind the last foot: the distance to it instead.
                foot = (fraction, Geodesic.wgs84.inverse(from: centre, to: odometer.reading(leg: leg, fraction: fraction).coordinate).distance)
            }
            let candidate = (leg: k, fraction: foot.fraction, offset: foot.offset)
            candidates.append(candidate)
            if nearest == nil || candidate.offset < nearest!.offset { nearest = candidate }
            k += 1
        }
        guard let nearest, nearest.offset <= Self.offRoute(cameraDistance: cameraDistance),
              let chosen = candidates.first(where: { $0.offset <= nearest.offset + Self.tieTolerance }) else { return }
        advance(to: chosen.leg, fraction: chosen.fraction, atMost: Self.catchUp * moved + Self.catchUpSlack)
    }

    /// Moves the foot forward to leg `k` at `f`, or `step` metres along the route towards it.
    private mutating func advance(to k: Int, fraction f: Double, atMost step: Double) {
        let from = distance(leg: leg, fraction: fraction), to = distance(leg: k, fraction: f)
        guard to - from > step else {
            (leg, fraction) = (k, f)
            return
        }
        // The leg and fraction `step` metres ahead (gaps have no length: the foot crosses them at once).
        let target = from + step
        let cumulative = odometer.route.cumulativeDistances
        var j = leg
        while j < k && cumulative[j + 1] <= target { j += 1 }
        let length = cumulative[min(j + 1, cumulative.count - 1)] - cumulative[j]
        let g = length > 0 ? min(max((target - cumulative[j]) / length, 0), 1) : 0
        (leg, fraction) = (j, j == leg ? max(g, fraction) : g)
    }
}
