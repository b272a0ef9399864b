import Foundation

/// How far the `follow` camera stays from what it follows: the one rule the single-route planner
/// (``FlightPlanner``) and the group planner (``GroupFlightPlanner``) share.
///
/// With `D` the distance that frames the whole route (or every rider's route; ``CameraFraming/camera(framing:)``),
/// `v` the ground speed to follow (``typicalGroundSpeed(_:times:)``, metres per route second), `c` the
/// eased clock's peak pace (route seconds per flight second, ``ProgressWarp/rate``) and
/// `k = 2 tan(fov / 2)` the screen height per metre of distance (``CameraFraming/screenHeightPerMetre``):
///
///     calm(c) = max(min(max(D / 5, 300), 50000), min(v max(c, 1.2) / (0.4 k), D))
///
/// a fifth of the framing distance (within 300...50000 m), and far enough that the view moves at
/// most ``screenSpeed`` (0.4) screen heights a second at the pace of the eases (which run up to 1.2
/// times the route's), up to the framing distance itself. The rule is this project's, tuned against
/// `route-fly check`'s 0.5 screen heights a second (its `MotionMeasures`: a point moving `v` m/s at
/// distance `d` crosses `v / (k d)` screen heights a second).
///
/// Where the planned centre still runs faster (``widened(from:forPeakSpeed:)``), the single-route
/// planner follows from further out, up to 4 `D`, so the centre's peak keeps within
/// ``peakScreenSpeed``.
struct FollowDistance: Hashable, Sendable {
    /// The distance that frames the whole route, metres (> 0).
    var framingDistance: Double
    /// The ground speed to follow, metres per route second (>= 0).
    var groundSpeed: Double
    /// Metres of ground one screen height shows per metre of distance (> 0).
    var screenHeightPerMetre: Double

    /// Screen heights per second the default follow distance keeps the centre under: 0.4, within
    /// `route-fly check`'s 0.5 limit (the eases run up to 1.2 times the route's pace).
    static let screenSpeed = 0.4

    /// Screen heights per second the planned centre never exceeds at the default follow distance: 0.45,
    /// within `route-fly check`'s 0.5.
    static let peakScreenSpeed = 0.45

    /// The follow distance for a route part whose clock runs at up to `pace` route seconds per flight
    /// second (the eased clock's peak rate; at least 1.2 is assumed), metres: `calm(pace)` above.
    func calm(pace: Double) -> Double {
        let calm = distance(keepingCalm: groundSpeed * max(pace, 1.2))
        return max(min(max(framingDistance / 5, 300), 50_000), min(calm, framingDistance))
    }

    /// The distance, metres, at which ground moving `speed` metres per flight second crosses the view
    /// at ``screenSpeed`` screen heights a second: `speed / (0.4 k)`.
    func distance(keepingCalm speed: Double) -> Double {
        speed / (Self.screenSpeed * screenHeightPerMetre)
    }

    /// A wider distance than `current` (metres) for a centre whose fastest ground speed is `peak`
    /// metres per flight second, or `nil` when `current` already keeps it within ``peakScreenSpeed``
    /// screen heights a second (or may not widen further): `peak / (0.95 * 0.45 k)`, 5 % to spare,
    /// at most `4 D`.
    func widened(from current: Double, forPeakSpeed peak: Double) -> Double? {
        guard peak > Self.peakScreenSpeed * current * screenHeightPerMetre else { return nil }
        let needed = peak / (0.95 * Self.peakScreenSpeed * screenHeightPerMetre)
        let wider = max(current, min(needed, 4 * framingDistance))
        return wider > current ? wider : nil
    }

    /// How far ahead the `along` heading looks by default, metres: a third of the follow distance
    /// `followDistance` (metres), within 25...5000 m.
    static func lookAhead(followDistance: Double) -> Double { min(max(followDistance / 3, 25), 5000) }

    /// The 95th percentile of the ground speeds of the route's legs (m/s, weighted by each leg's
    /// time in `times`, route seconds per point; gaps and legs crossed in no time left out), or 0.
    /// - Complexity: O(n log n) for n points.
    static func typicalGroundSpeed(_ route: Route, times: [Double]) -> Double {
        var speeds: [(speed: Double, weight: Double)] = []
        for (k, leg) in route.legs.enumerated() where !leg.isGap {
            let dt = times[k + 1] - times[k]
            if dt > 0 { speeds.append((leg.distance / dt, dt)) }
        }
        guard !speeds.isEmpty else { return 0 }
        speeds.sort { $0.speed < $1.speed }
        let total = speeds.reduce(0) { $0 + $1.weight }
        var accumulated = 0.0
        for s in speeds {
            accumulated += s.weight
            if accumulated >= 0.95 * total { return s.speed }
        }
        return speeds[speeds.count - 1].speed
    }
}
