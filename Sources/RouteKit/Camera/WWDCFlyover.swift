/// The flyover of Apple's WWDC23 session 10157 ("Wind your way through advanced animations in
/// SwiftUI"), reproduced as a `KeyframeTimeline<MapCamera>`: RouteKit's `wwdc` preset.
///
/// The recipe (docs/keyframes.md#the-wwdc23-flyover; SEEDS.md), with `T = flightDuration + returnDuration`
/// (16 + 4 = 20 s by default):
/// - the initial camera frames the route's ``Route/rect`` (``CameraFraming/camera(framing:heading:)-(MapRect,_)``:
///   centre of the rect, heading 0, pitch 0);
/// - `centerCoordinate`: one `CubicKeyframe` per route point, each `flightDuration / N` seconds, then a
///   `CubicKeyframe` back to the initial centre lasting `returnDuration`;
/// - `heading`: keyframes at `heading(from: route.start, to: route.end)` at 30 % and at 70 % of `T`, back
///   to the initial heading at 100 % (6 / 8 / 6 s by default). The session's slide writes the middle
///   keyframe as `heading(from: route.end, to: route.end)`, a degenerate bearing of 0 that would swing the
///   camera back to north mid-flight; RouteKit repeats the start-to-end heading instead, as the recipe
///   intends. Being cubic keyframes, the heading passes through that value at 6 s and 14 s and bulges
///   past it in between (Catmull-Rom velocities, exactly as SwiftUI flies it), and the distance likewise
///   swings past 24000 m and 18000 m;
/// - `distance`: to 24000 m over 20 % of `T`, to 18000 m over 60 %, back to the initial distance over
///   20 % (4 / 12 / 4 s); on a route framed from far out both scaled so the cubic never swings below half
///   the follow distance (``distances(framed:)``; the listing assumes a route of a few kilometres);
/// - `pitch`: not animated (stays at the initial camera's 0).
/// - `centerElevation` (a RouteKit addition, so the camera flies over the route's real heights; the
///   listing has no heights): the route's mean elevation at the start, then one linear keyframe per
///   route point at that point's elevation (missing ones carried from the previous point), timed as
///   `route.points` is, then back to the mean over the return.
///
/// Beyond SwiftUI (DESIGN.md): headings and longitudes are unwrapped before they become keyframes, so
/// the camera never turns the long way round (a start-to-end heading of 350 is reached by turning 10
/// degrees left, not 350 right) and a route across the antimeridian is flown across it. Poses are
/// normalised again on output (``MapCamera/normalized``).
package struct WWDCFlyover: Sendable {
    /// Seconds spent flying along the route's points (the listing's 16), > 0.
    package var flightDuration: Double
    /// Seconds spent returning to the initial camera (the listing's 4), >= 0.
    package var returnDuration: Double
    /// How the initial camera frames the route.
    package var framing: CameraFraming
    /// The two distance targets of the listing, metres: reached at 20 % and at 80 % of the flight.
    package var distances: (approach: Double, follow: Double) = (24_000, 18_000)

    /// - Parameters:
    ///   - flightDuration: Seconds (> 0); default 16.
    ///   - returnDuration: Seconds (>= 0); default 4.
    ///   - framing: Viewport and field of view of the initial camera.
    package init(flightDuration: Double = 16, returnDuration: Double = 4, framing: CameraFraming = CameraFraming()) {
        precondition(flightDuration > 0 && flightDuration.isFinite, "flightDuration must be > 0 seconds")
        precondition(returnDuration >= 0 && returnDuration.isFinite, "returnDuration must be >= 0 seconds")
        self.flightDuration = flightDuration
        self.returnDuration = returnDuration
        self.framing = framing
    }

    /// Total length of the flight, seconds: `flightDuration + returnDuration`.
    package var totalDuration: Double { flightDuration + returnDuration }

    /// The camera before the flight starts: the route's rect, framed.
    package func initialCamera(for route: Route) -> MapCamera {
        framing.camera(framing: route)
    }

    /// How the flight duration is shared among the route's points: `.equal` (the listing's
    /// `16 / N` each, the default) or `.distance` (constant ground speed).
    package var timing: CameraScript.Timing = .equal

    /// The recipe as a camera script, written with route references (`route.points`, `route.heading`,
    /// `initial`, `framed`, `route.center`), so that it fits any route.
    package func script(for route: Route) -> CameraScript {
        let total = totalDuration
        let (approach, follow) = distances(framed: initialCamera(for: route).distance)
        typealias Number = CameraScript.Keyframe<CameraScript.NumberValue, Double>
        let cubic = CameraScript.Kind<Double>.cubic(startVelocity: nil, endVelocity: nil)
        return CameraScript(
            initialCamera: .init(centerCoordinate: .routeCenter, distance: .framed, heading: .number(0), pitch: .number(0),
                                 centerElevation: .number(meanElevation(route))),
            centerCoordinate: [
                .init(.cubic(startVelocity: nil, endVelocity: nil), .routePoints, duration: flightDuration, timing: timing),
                .init(.cubic(startVelocity: nil, endVelocity: nil), .initial, duration: returnDuration),
            ],
            heading: [
                Number(cubic, .routeHeading, duration: total * 0.3),
                Number(cubic, .routeHeading, duration: total * 0.4),
                Number(cubic, .initial, duration: total * 0.3),
            ],
            distance: [
                Number(cubic, .number(approach), duration: total * 0.2),
                Number(cubic, .number(follow), duration: total * 0.6),
                Number(cubic, .initial, duration: total * 0.2),
            ],
            centerElevation: elevationKeyframes(for: route))
    }

    /// The least distance of the recipe's distance track, as a share of the follow distance (or of the
    /// framing distance, when that is nearer), below which the targets are scaled up: 0.5.
    package static let lowestShareOfFollow = 0.5

    /// The approach and follow distances flown for a route framed at `framed` metres: the listing's
    /// ``distances`` when the cubic distance track (from `framed` to the approach at 20 % of the flight, the
    /// follow at 80 %, back to `framed` at the end, Catmull-Rom velocities) stays above
    /// ``lowestShareOfFollow`` of the follow distance (or of `framed`, when less) all through; else both scaled by the least factor
    /// that keeps it there (by bisection, to 0.1 %), so a route framed from far out (thousands of
    /// kilometres) is flown from a distance in proportion, never swinging through zero. The listing's
    /// 24 and 18 km are kept for routes framed from up to about 83 km (a straight route of 90 km at 46 N).
    ///
    /// Why: the track's velocity at the approach keyframe is about `(follow - framed) / (0.8 T)`, so on
    /// the 12 s towards the follow keyframe the cubic falls about `0.19 framed` below the targets
    /// (Hermite basis at the midpoint); with `framed` in the thousands of kilometres it went below zero and
    /// every pose there was clamped to 1 m.
    package func distances(framed: Double) -> (approach: Double, follow: Double) {
        let (approach, follow) = distances
        func lowest(_ scale: Double) -> Double {
            let total = totalDuration
            let track = KeyframeTimeline(initialValue: framed) {
                KeyframeTrack {
                    CubicKeyframe(approach * scale, duration: total * 0.2)
                    CubicKeyframe(follow * scale, duration: total * 0.6)
                    CubicKeyframe(framed, duration: total * 0.2)
                }
            }
            return stride(from: 0, through: 200, by: 1).map { track.value(time: total * Double($0) / 200) }.min() ?? 0
        }
        func holds(_ scale: Double) -> Bool { lowest(scale) >= Self.lowestShareOfFollow * min(follow * scale, framed) }
        guard framed.isFinite, framed > 0, !holds(1) else { return (approach, follow) }
        var low = 1.0, high = max(framed / follow, 2)
        while !holds(high) && high < 1e12 { high *= 2 }
        while high / low > 1.001 {
            let mid = (low * high).squareRoot()
            if holds(mid) { high = mid } else { low = mid }
        }
        return (approach * high, follow * high)
    }

    /// The route's mean elevation (0 without elevations) and the `centerElevation` keyframes that
    /// follow the route's heights in step with the `route.points` keyframes.
    func elevationKeyframes(for route: Route) -> [CameraScript.Keyframe<CameraScript.NumberValue, Double>] {
        let known = route.points.compactMap(\.elevation)
        guard !known.isEmpty else { return [] }
        let mean = known.reduce(0, +) / Double(known.count)
        let n = route.points.count
        var shares = Array(repeating: flightDuration / Double(n), count: n)
        if timing == .distance {
            var legs = [initialCamera(for: route).centerCoordinate.distance(to: route.points[0].coordinate)]
            legs.append(contentsOf: route.legs.map(\.distance))
            let sum = legs.reduce(0, +)
            if sum > 0 { shares = legs.map { flightDuration * $0 / sum } }
        }
        var keyframes: [CameraScript.Keyframe<CameraScript.NumberValue, Double>] = []
        var carried = route.points.first(where: { $0.elevation != nil })?.elevation ?? mean
        var pending = 0.0
        for (k, point) in route.points.enumerated() {
            if let e = point.elevation { carried = e }
            pending += shares[k]
            guard pending > 0 else { continue }
            keyframes.append(.init(.linear(.linear), .number(carried), duration: pending))
            pending = 0
        }
        if returnDuration > 0 { keyframes.append(.init(.linear(.linear), .number(mean), duration: returnDuration)) }
        return keyframes
    }

    /// The mean of the route's elevations, metres above sea level (0 when it has none).
    func meanElevation(_ route: Route) -> Double {
        let known = route.points.compactMap(\.elevation)
        return known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
    }

    /// Plans the flight: ``script(for:)`` resolved against the route.
    ///
    /// - Throws: ``FlightPlanError/tooFewPoints(_:)`` when the route has fewer than 2 points.
    /// - Complexity: O(n) for n route points; the timeline it returns evaluates in O(log n).
    package func timeline(for route: Route) throws(FlightPlanError) -> KeyframeTimeline<MapCamera> {
        guard route.points.count >= 2 else { throw .tooFewPoints(route.points.count) }
        do {
            return try script(for: route).timelines(for: route, framing: framing).camera
        } catch {
            // The recipe's own script always resolves: its values are references and fixed distances.
            preconditionFailure("the wwdc script failed to resolve: \(error)")
        }
    }
}
