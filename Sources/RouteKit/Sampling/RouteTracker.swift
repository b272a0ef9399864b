import Foundation

/// Finds, frame by frame, where a flight is along its route (``RouteTracking``), and reads the route
/// there (``RouteOdometer``).
///
/// `.centre`: the centre is projected onto the legs from the last frame's foot to ``searchAhead`` metres
/// (plus the straight distance the centre moved) ahead, each leg taken straight on the tangent plane at
/// the centre; the nearest foot wins, the earliest of those within ``tieTolerance`` metres of it (so an
/// out-and-back's return leg is not taken while the outbound leg is as near). A foot farther from the
/// centre than ``offRoute(cameraDistance:)`` is not taken: the reading holds (the camera looks away from
/// the route). The foot never goes back along the route.
///
/// - Complexity: O(legs within the window) a frame; O(1) memory besides the odometer.
public struct RouteTracker: Sendable {
    /// The route's tables.
    public let odometer: RouteOdometer
    /// How frames are placed.
    public let tracking: RouteTracking
    /// Metres of route ahead of the last foot searched each frame, besides the centre's own movement.
    public static let searchAhead = 1000.0
    /// Metres: feet this much farther than the nearest still count as near (the earliest is taken).
    public static let tieTolerance = 10.0

    private var leg = 0
    private var fraction = 0.0
    private var along: [Double]
    private var lastCentre: LocationCoordinate2D? = nil

    /// A tracker at the route's start.
    public init(odometer: RouteOdometer, tracking: RouteTracking) {
        self.odometer = odometer
        self.tracking = tracking
        var along = [0.0]
        along.reserveCapacity(odometer.route.points.count)
        for l in odometer.route.legs { along.append(along[along.count - 1] + l.distance) }
        self.along = along
    }

    /// The farthest a centre may be from the route for its foot to be taken, metres: 200 m, or a fifth
    /// of the camera's distance when that is more (a camera far out frames more ground around the route).
    public static func offRoute(cameraDistance: Double) -> Double { max(200, 0.2 * cameraDistance) }

    /// The reading for the frame at flight time `time` (seconds) whose camera is `camera`. Call in frame
    /// order.
    public mutating func reading(at time: Double, camera: MapCamera) -> RouteReading {
        switch tracking {
        case .clock(let span):
            return clockReading(share: Self.share(of: time, in: span))
        case .centre(let span):
            if let span, time < span.lowerBound { return odometer.reading(atDistance: 0) }
            if let span, time > span.upperBound { return odometer.reading(atDistance: odometer.length) }
            follow(camera.centerCoordinate, cameraDistance: camera.distance)
            return odometer.reading(leg: leg, fraction: fraction)
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

    /// Moves the foot to the centre's, if one is near enough ahead.
    private mutating func follow(_ centre: LocationCoordinate2D, cameraDistance: Double) {
        let points = odometer.route.points
        guard points.count > 1 else { return }
        let moved = lastCentre.map { Geodesic.wgs84.inverse(from: $0, to: centre).distance } ?? 0
        lastCentre = centre
        let start = along[leg] + fraction * (along[min(leg + 1, along.count - 1)] - along[leg])
        let limit = start + Self.searchAhead + moved
        var candidates: [(leg: Int, fraction: Double, offset: Double)] = []
        var k = min(leg, points.count - 2)
        while k < points.count - 1 && along[k] <= limit {
            var foot = CourseProjection.foot(of: centre, from: points[k].coordinate, to: points[k + 1].coordinate)
            if k == leg && foot.fraction < fraction {
                // Not behind the last foot: the distance to it instead.
                let p = odometer.reading(leg: leg, fraction: fraction).coordinate
                foot = (fraction, Geodesic.wgs84.inverse(from: centre, to: p).distance)
            }
            candidates.append((k, foot.fraction, foot.offset))
            k += 1
        }
        guard let nearest = candidates.map(\.offset).min(), nearest <= Self.offRoute(cameraDistance: cameraDistance),
              let chosen = candidates.first(where: { $0.offset <= nearest + Self.tieTolerance }) else { return }
        (leg, fraction) = (chosen.leg, chosen.fraction)
    }
}
