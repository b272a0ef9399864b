import Foundation

/// A planned flight: the camera script that flies it, and what planning had to decide or correct.
public struct FlightPlan: Sendable {
    /// The keyframe tracks, with every value explicit (no route references), so that the script printed
    /// by `route-fly plan` flies the same poses when it is read back as a script.
    public var script: CameraScript
    /// Sentences for the user: points simplified away, times filled in, idle time skipped, and so on.
    public var notes: [String]
    /// How the flight's frames are placed along the route (``RouteReading``): `follow` where its planned
    /// rider is (``PlannedRide``), `wwdc` over its flight before the return, `overview` and
    /// `orbit` on the route's clock across the whole flight. Set it on the resolved flight
    /// (``ScriptedFlight/routeTracking``).
    package var routeTracking: RouteTracking = .centre(span: nil)
}

/// Why a flight could not be planned.
public enum FlightPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route has fewer than the 2 points a flight along it needs.
    case tooFewPoints(Int)
    /// Recorded timing was asked for a route without enough timestamps.
    case untimedRoute(timedPoints: Int, points: Int)
    /// Recorded timing was asked for a route whose clock cannot be a recording (``Route/recordedClockFault``):
    /// it would fly the route, or most of it, in no time.
    case brokenClock(RecordedClockFault)
    /// Every point of the route is at the same place: there is nothing to follow.
    case noMovement(points: Int)
    /// The route part would last longer than a planned flight may: ``FlightPlanner/maximumFollowDuration``
    /// seconds for one route (``CameraScript/maximumKeyframeDuration`` for a group), and, with
    /// recorded timing, its longest step (in words: how long, between which recorded times or
    /// coordinates).
    case tooLong(seconds: Double, longestStep: String? = nil)
    /// The framing (field of view, viewport, margin) cannot be planned for (``CameraFraming/problem``).
    case invalidFraming(String)
    /// An option is outside the values a plan can use: its ``FlightOptions`` property name, the value,
    /// and what was expected (``FlightOptions/problem``).
    case invalidOption(name: String, value: Double, expected: String)

    public var description: String {
        switch self {
        case .invalidOption(let name, let value, let expected):
            return "the flight option \(name) is \(value) (expected \(expected))"
        case .invalidFraming(let why):
            return why
        case .tooFewPoints(let n):
            return "the route has \(n) point\(n == 1 ? "" : "s"); a flight needs at least 2"
        case .tooLong(let seconds, let step):
            let limit = seconds > CameraScript.maximumKeyframeDuration ? "the \(Int(CameraScript.maximumKeyframeDuration)) s (about 116 days) a flight may last"
                : "the \(Int(FlightPlanner.maximumFollowDuration)) s (about 28 hours) a followed route part may last"
            return "the route part would last \(String(format: "%.3g", seconds)) s, more than \(limit)\(step.map { " (\($0))" } ?? ""): speed it up, give it a shorter duration, or compress its idle steps"
        case .noMovement(let points):
            return "the route's \(points) points are all at one place: there is nothing to follow (the orbit and overview presets fly around one place)"
        case .brokenClock(let fault):
            return "recorded timing cannot fly this route: \(fault); use distance timing (constant ground speed) instead"
        case .untimedRoute(let timed, let points):
            return "recorded timing needs timestamps, but only \(timed) of \(points) points have one; use distance timing (constant ground speed) instead"
        }
    }
}

/// Plans camera flights for the presets of ``FlightOptions/Preset``.
///
/// Every plan is a ``CameraScript`` of four camera tracks (plus the ground elevation under the centre),
/// built phase by phase in the spirit of SwiftUI's `phaseAnimator`: each phase moves every track to
/// its next values with its own animation, and all tracks spend the same time in each phase.
///
/// `follow`, the default, moves as a camera operator would: it starts and ends at rest, every phase
/// joins the next with continuous velocity (both sides at rest, or both at the same pace), and nothing
/// jumps. Three phases:
/// 1. *fly in* (``FlightOptions/intro`` seconds): from the camera that frames the whole route (heading 0,
///    pitch 0) to the route's first point at the follow distance and pitch, facing along the route. The
///    centre and distance fly van Wijk and Nuij's optimal zoom-and-pan path (docs/camera.md#the-fly-to-path),
///    re-timed along its arc length by an eased clock (`ProgressWarp`: rest to rest, zero acceleration
///    at both ends, van Wijk's constant perceived speed in between) and written as cubic keyframes with
///    the path's exact velocities; heading and pitch ease in and out (`easeInOut`).
/// 2. *follow* (the route part): the rider's position on the clock of ``FlightOptions/timing`` (the
///    prepared route: duplicates dropped, Douglas-Peucker simplified), eased from rest over the first
///    tenth of the route part (1.5 to 5 seconds) and to rest over the last (`ProgressWarp`; the clock runs
///    that much faster in between, so the route part keeps its duration). The centre, its elevation and
///    the heading are `FollowTrack`s: sampled 20 times a second of route time, smoothed by a Gaussian
///    and widened locally until the planner's motion targets hold (half of `route-fly check`'s limits
///    for screen and eye acceleration, ``FlightOptions/maxTurnRate`` and 36 degrees per second squared
///    for the turn), and written as cubic keyframes 4 a second with their exact velocities. The centre
///    is on the rider wherever the pace is steady on a straight leg, and rounds corners within a tenth of
///    a screen height. The heading looks ahead along the route's *positions* (the centroid of the next
///    `lookAhead` metres, from the rider): on a leg longer than the look-ahead it faces the leg's own
///    direction until `lookAhead` metres before the corner. The elevation is the route's, GPS spikes
///    removed (`ElevationSmoothing`), so the eye does not bob. Gaps between segments are cut, held or
///    flown as ``FlightOptions/gaps`` says: straight across at their own pace when the follow camera can
///    cross them calmly, else on an eased van Wijk flight from rest to rest.
/// 3. *pull out* (``FlightOptions/outro`` seconds): back to the framing camera on an eased van Wijk path,
///    heading and pitch easing back to 0.
///
/// With `intro` 0 the flight starts on the route's first point, already moving; with `outro` 0 it ends
/// on the last point, still moving (a user who asks for no intro wants the route's own clock).
///
/// `overview` drifts 30 degrees with `easeInOut`; `orbit` turns a full circle on an eased clock
/// (a sixth of the flight at each end), so both start and end at rest.
public struct FlightPlanner: Sendable {
    public var options: FlightOptions
    /// The ground the eye must clear by ``FlightOptions/clearance`` metres and see the centre over
    /// (`TerrainClearance`): a terrain model, or `nil` for the route's own elevations
    /// (`RouteGround`; nothing is checked when the route has none).
    public var ground: (any ElevationModel)? = nil
    /// Whether runs of equal values are merged into one keyframe (the default). Merging never changes a
    /// sampled value; `false` exists so that tests can show it.
    var mergesHolds = true

    public init(options: FlightOptions = FlightOptions()) {
        self.options = options
    }


    /// The heading, as near `target` as needed, that `goal` can be reached from within `duration`
    /// seconds on an `easeInOut` curve without turning faster than `rate` degrees per second. The
    /// curve's peak speed is 1.7241 times the average (docs/keyframes.md#unit-curve-vectors UC-6: `easeInOut.velocity(at: 0.5)`).
    static func limitedTurn(from target: Double, to goal: Double, duration: Double, rate: Double) -> Double {
        let turn = Angles.headingDifference(from: goal, to: target)  // from goal back to target, -180...180
        let allowed = rate * duration / UnitCurve.easeInOut.velocity(at: 0.5)
        guard abs(turn) > allowed else { return goal + turn }
        return goal + (turn < 0 ? -allowed : allowed)
    }

    /// Plans the flight for `route`, then, over a terrain model (``ground``), keeps its look-at point on
    /// the ground (`GroundedCenter`; a note for each stretch of the route under the ground), and keeps
    /// its eye ``FlightOptions/clearance`` metres above the ground and its line of sight free
    /// (`TerrainClearance`; a note says when it had to).
    ///
    /// - Throws: ``FlightPlanError``: fewer than 2 points (every preset but `overview` and `orbit`),
    ///   `recorded` timing on a route with fewer than 2 timed points, or an invalid framing.
    /// - Complexity: O(n log n) typical for n points (simplification dominates), plus O(T) ground
    ///   lookups for a flight of T seconds (32 samples a second, 33 lookups each).
    public func plan(for route: Route) throws(FlightPlanError) -> FlightPlan {
        if let problem = options.framing.problem { throw .invalidFraming(problem) }
        if let (name, value, expected) = options.problem { throw .invalidOption(name: name, value: value, expected: expected) }
        var plan = try presetPlan(for: route)
        if options.preset != .follow { plan.routeTracking = routeTracking(duration: plan.script.nominalDuration) }
        if let ground { plan = grounded(plan, route: route, terrain: ground) }
        // Made after the preset's plan, not beside it: its tables (about 30 bytes a point) would add to
        // the plan's own peak.
        let model = RouteGround.ground(for: route, terrain: ground)
        if let model, let (script, note) = TerrainClearance(ground: model, clearance: options.clearance)
            .adjusted(plan.script, route: route, framing: options.framing) {
            plan.script = script
            plan.notes.append(note)
        }
        return plan
    }

    /// `plan` with its look-at point kept on the terrain model's ground (``GroundedCenter``), and a note
    /// for each stretch of the route under the ground, or one for them all when there are many (``Route/undergroundStretches(under:removing:)``,
    /// with a geoid-sized offset removed: ellipsoidal heights are not a tunnel, and the route's own
    /// warning names them, ``GroundOffset/geoidSized(route:ground:geoid:)``).
    private func grounded(_ plan: FlightPlan, route: Route, terrain: any ElevationModel) -> FlightPlan {
        var plan = plan
        let offset = GroundOffset.geoidSized(route: route, ground: terrain, geoid: try? Geoid.egm96())?.offset.median ?? 0
        plan.notes += UndergroundStretch.messages(route.undergroundStretches(under: terrain, removing: offset),
                                                  routeLength: route.length).map(\.text)
        if let (script, _) = GroundedCenter(ground: terrain).adjusted(plan.script, route: route, framing: options.framing) {
            plan.script = script
        }
        return plan
    }

    /// Where a plan of `duration` seconds flies the route, by preset (``FlightPlan/routeTracking``).
    func routeTracking(duration: Double) -> RouteTracking {
        switch options.preset {
        case .follow:
            // Only when the plan has no ride of its own: the rider's clock is the follow planner's.
            let start = min(options.intro, duration), end = max(duration - options.outro, start)
            return .centre(span: start...end)
        case .wwdc:
            return .centre(span: 0...max(duration - options.returnDuration, 0))
        case .overview, .orbit:
            return .clock(span: 0...duration)
        }
    }

    private func presetPlan(for route: Route) throws(FlightPlanError) -> FlightPlan {
        switch options.preset {
        case .wwdc:
            guard route.points.count >= 2 else { throw .tooFewPoints(route.points.count) }
            var flyover = WWDCFlyover(flightDuration: options.duration ?? FlightOptions.Preset.wwdc.defaultDuration, returnDuration: options.returnDuration,
                                      framing: options.framing)
            flyover.timing = options.timing == .distance ? .distance : .equal  // nil: the WWDC23 split
            return FlightPlan(script: flyover.script(for: route), notes: [])
        case .overview:
            return overview(route)
        case .orbit:
            return orbit(route)
        case .follow:
            return try follow(route)
        }
    }

    // MARK: Overview and orbit

    private func meanElevation(_ route: Route) -> Double {
        let elevations = route.points.compactMap(\.elevation)
        return elevations.isEmpty ? 0 : elevations.reduce(0, +) / Double(elevations.count)
    }

    private func overview(_ route: Route) -> FlightPlan {
        let framed = options.framing.camera(framing: route)
        let duration = options.duration ?? FlightOptions.Preset.overview.defaultDuration
        let pitch = options.pitch ?? FlightOptions.Preset.overview.defaultPitch
        let start = options.heading.fixedValue ?? 0
        // Far enough that the tilted camera keeps the whole route in view all through the drift.
        let shown = options.framing.distance(toShow: route, from: framed.centerCoordinate, centerHeight: meanElevation(route),
                                             pitch: pitch, headings: stride(from: 0.0, through: 30, by: 2.5).map { start + $0 })
        let initial = CameraScript.InitialCamera(
            centerCoordinate: .coordinate(framed.centerCoordinate), distance: .number(options.distance ?? shown),
            heading: .number(start), pitch: .number(pitch), centerElevation: .number(meanElevation(route)))
        // A slow drift: 30 degrees over the whole flight, easing in and out.
        let script = CameraScript(initialCamera: initial, heading: [
            .init(.linear(.easeInOut), .number(start + 30), duration: duration),
        ])
        return FlightPlan(script: script, notes: [])
    }

    private func orbit(_ route: Route) -> FlightPlan {
        let framed = options.framing.camera(framing: route)
        let duration = options.duration ?? FlightOptions.Preset.orbit.defaultDuration
        let start = options.heading.fixedValue ?? 0
        let pitch = options.pitch ?? FlightOptions.Preset.orbit.defaultPitch
        // Far enough that the tilted camera keeps the whole route in view all the way round.
        let shown = options.framing.distance(toShow: route, from: framed.centerCoordinate, centerHeight: meanElevation(route),
                                             pitch: pitch, headings: stride(from: 0.0, to: 360, by: 1).map { start + $0 })
        let initial = CameraScript.InitialCamera(
            centerCoordinate: .coordinate(framed.centerCoordinate), distance: .number(options.distance ?? shown),
            heading: .number(start), pitch: .number(pitch), centerElevation: .number(meanElevation(route)))
        // A full turn, from rest to rest: the turn's clock is eased (``ProgressWarp``, a sixth of the
        // flight at each end) and written as cubic keyframes with the exact turn rate at each.
        let warp = ProgressWarp(span: duration, rampIn: duration / 6, rampOut: duration / 6)
        let steps = 24
        var previousRate = 0.0
        let heading: [CameraScript.Keyframe<CameraScript.NumberValue, Double>] = (1...steps).map { j in
            let t = duration * Double(j) / Double(steps)
            let rate = j == steps ? 0 : 360 * warp.rate(at: t) / duration
            defer { previousRate = rate }
            return .init(.cubic(startVelocity: previousRate, endVelocity: rate),
                         .number(start + 360 * warp.routeTime(at: t) / duration), duration: duration / Double(steps))
        }
        // The turn's peak rate is 360 degrees over the flight times the eased clock's peak pace: 432 / T
        // degrees a second, so staying within 95 % of check's 30 deg/s needs 15.2 s.
        let peak = 360 * warp.rate(at: duration / 2) / duration
        let notes = peak > 30 ? ["the orbit turns at up to \(FixedDecimal.string(peak, places: 1)) degrees a second in \(FixedDecimal.string(duration, places: 1)) s, more than check's 30: it needs \(FixedDecimal.string((peak * duration / 28.5 * 10).rounded(.up) / 10, places: 1)) s (within 95 % of the limit)"] : []
        return FlightPlan(script: CameraScript(initialCamera: initial, heading: heading), notes: notes)
    }

}

extension FlightOptions.Heading {
    /// The heading of `.fixed`, degrees, or `nil` for the other modes.
    public var fixedValue: Double? { if case .fixed(let h) = self { return h } else { return nil } }
}

