import Foundation

/// A planned flight: the camera script that flies it, and what planning had to decide or correct.
public struct FlightPlan: Sendable {
    /// The keyframe tracks, with every value explicit (no route references), so that the script printed
    /// by `route-fly plan` flies the same poses when it is read back with `--script`.
    public var script: CameraScript
    /// Sentences for the user: points simplified away, times filled in, idle time skipped, and so on.
    public var notes: [String]
}

/// Why a flight could not be planned.
public enum FlightPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route has fewer than the 2 points a flight along it needs.
    case tooFewPoints(Int)
    /// Recorded timing was asked for a route without enough timestamps.
    case untimedRoute(timedPoints: Int, points: Int)
    /// Every point of the route is at the same place: there is nothing to follow.
    case noMovement(points: Int)
    /// The route part would last longer than ``CameraScript/maximumKeyframeDuration`` seconds.
    case tooLong(seconds: Double)
    /// The framing (field of view, viewport, margin) cannot be planned for (``CameraFraming/problem``).
    case invalidFraming(String)

    public var description: String {
        switch self {
        case .invalidFraming(let why):
            return why
        case .tooFewPoints(let n):
            return "the route has \(n) point\(n == 1 ? "" : "s"); a flight needs at least 2"
        case .tooLong(let seconds):
            return "the route part would last \(String(format: "%.3g", seconds)) s, more than the \(Int(CameraScript.maximumKeyframeDuration)) s (about 116 days) a flight may last; raise '--speedup', set '--duration', or use '--skip-idle'"
        case .noMovement(let points):
            return "the route's \(points) points are all at one place: there is nothing to follow (try '--preset orbit' or '--preset overview')"
        case .untimedRoute(let timed, let points):
            return "recorded timing needs timestamps, but only \(timed) of \(points) points have one; use '--timing distance' (constant ground speed) instead"
        }
    }
}

/// Plans camera flights for the presets of ``FlightOptions/Preset``.
///
/// Every plan is a ``CameraScript`` of four camera tracks (plus the ground elevation under the centre),
/// built phase by phase in the spirit of SwiftUI's `phaseAnimator`: each phase moves every track to
/// its next values with its own animation, and all tracks spend the same time in each phase.
///
/// `follow`, the default, has three phases:
/// 1. *fly in* (``FlightOptions/intro`` seconds): from the camera that frames the whole route (heading 0,
///    pitch 0) to the route's first point at the follow distance and pitch, facing along the route. The
///    centre and distance fly van Wijk and Nuij's optimal zoom-and-pan path (camera.md section 3) sampled
///    at 24 cubic keyframes; the heading eases in and out (`easeInOut`) and the camera tilts on a spring
///    (`introPitchSpring(duration:)`).
/// 2. *follow* (the route part): one linear keyframe per point of the prepared route (duplicates dropped,
///    Douglas-Peucker simplified), timed by ``FlightOptions/timing``, so the centre is *on* the route line
///    at every frame and reaches point `k` exactly at its time (with `--timing recorded --speedup 1 --intro
///    0`, pose time t is route time t). Headings come from ``HeadingPlanner`` (look-ahead, smoothed, held
///    at stops, turn rate bounded). Gaps between segments are cut, held or flown (van Wijk) as
///    ``FlightOptions/gaps`` says.
/// 3. *pull out* (``FlightOptions/outro`` seconds): back to the framing camera on a van Wijk path,
///    heading and pitch easing back to 0.
///
/// With `intro` 0 the flight starts on the route's first point, already moving (linear keyframes have no
/// ease-in); with `outro` 0 it ends on the last point.
public struct FlightPlanner: Sendable {
    public var options: FlightOptions

    public init(options: FlightOptions = FlightOptions()) {
        self.options = options
    }

    /// Keyframes sampled along each van Wijk path.
    static let flyToSamples = 24

    /// The spring that tilts the camera during the fly-in: SwiftUI's `.smooth` shape (no bounce, critically
    /// damped, so the tilt never overshoots: a pitch near 90 must not pass the horizon) with a duration
    /// of 40 % of the phase, so it has settled by the phase's end: `1 - (1 + w t) exp(-w t)` with
    /// `w t = 2 pi * 2.5` leaves 2.4e-6 of the tilt (keyframes.md section 6.4), and the next keyframe
    /// starts from wherever it really is (section 3).
    static func introPitchSpring(duration: Double) -> Spring {
        Spring(duration: duration / 2.5, bounce: 0)
    }

    /// The fastest heading change in the fly-in and pull-out, degrees per second: twice the following
    /// turn rate (``FlightOptions/maxTurnRate``, 45 by default), the 90 degrees per second that
    /// `route-fly check` accepts by default.
    var transitionTurnRate: Double { 2 * (options.maxTurnRate ?? 45) }

    /// The heading, as near `target` as needed, that `goal` can be reached from within `duration`
    /// seconds on an `easeInOut` curve without turning faster than `rate` degrees per second. The
    /// curve's peak speed is 1.7241 times the average (keyframes.md UC-6: `easeInOut.velocity(at: 0.5)`).
    static func limitedTurn(from target: Double, to goal: Double, duration: Double, rate: Double) -> Double {
        let turn = headingDifference(from: goal, to: target)  // from goal back to target, -180...180
        let allowed = rate * duration / UnitCurve.easeInOut.velocity(at: 0.5)
        guard abs(turn) > allowed else { return goal + turn }
        return goal + (turn < 0 ? -allowed : allowed)
    }

    /// Plans the flight for `route`.
    ///
    /// - Throws: ``FlightPlanError``: fewer than 2 points (every preset but `overview` and `orbit`),
    ///   `recorded` timing on a route with fewer than 2 timed points, or an invalid framing.
    /// - Complexity: O(n log n) typical for n points (simplification dominates).
    public func plan(for route: Route) throws(FlightPlanError) -> FlightPlan {
        if let problem = options.framing.problem { throw .invalidFraming(problem) }
        switch options.preset {
        case .wwdc:
            guard route.points.count >= 2 else { throw .tooFewPoints(route.points.count) }
            var flyover = WWDCFlyover(flightDuration: options.duration ?? 16, returnDuration: options.returnDuration,
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
        let framed = options.framing.camera(framing: route.rect)
        let duration = options.duration ?? 20
        let pitch = options.pitch ?? 30
        let start = options.heading.fixedValue ?? 0
        let initial = CameraScript.InitialCamera(
            centerCoordinate: .coordinate(framed.centerCoordinate), distance: .number(options.distance ?? framed.distance),
            heading: .number(start), pitch: .number(pitch), centerElevation: .number(meanElevation(route)))
        // A slow drift: 30 degrees over the whole flight, easing in and out.
        let script = CameraScript(initialCamera: initial, heading: [
            .init(.linear(.easeInOut), .number(start + 30), duration: duration),
        ])
        return FlightPlan(script: script, notes: [])
    }

    private func orbit(_ route: Route) -> FlightPlan {
        let framed = options.framing.camera(framing: route.rect)
        let duration = options.duration ?? 20
        let start = options.heading.fixedValue ?? 0
        let initial = CameraScript.InitialCamera(
            centerCoordinate: .coordinate(framed.centerCoordinate), distance: .number(options.distance ?? framed.distance),
            heading: .number(start), pitch: .number(options.pitch ?? 45), centerElevation: .number(meanElevation(route)))
        // A full turn at constant rate: four quarter turns (each keyframe turns the short way).
        let heading: [CameraScript.Keyframe<CameraScript.NumberValue, Double>] = (1...4).map {
            .init(.linear(.linear), .number(start + 90 * Double($0)), duration: duration / 4)
        }
        return FlightPlan(script: CameraScript(initialCamera: initial, heading: heading), notes: [])
    }

    // MARK: Follow

    private func follow(_ original: Route) throws(FlightPlanError) -> FlightPlan {
        var notes: [String] = []
        // Recorded timing keeps every moving point and the ends of stops unless a tolerance is asked for:
        // simplifying would spread the removed points' times evenly over the kept legs.
        let recorded = options.timing == .recorded
        let tolerance: Double? = options.simplify.map { $0 > 0 ? $0 : nil } ?? (recorded ? nil : original.defaultSimplifyTolerance)
        let preparation = original.preparation(simplifyTolerance: tolerance, keepingStops: recorded)
        let route = preparation.route
        if preparation.duplicatesRemoved > 0 || preparation.simplifiedAway > 0 {
            let how = tolerance.map { ", \(preparation.simplifiedAway) simplified away (tolerance \(FixedDecimal.string($0, places: 1)) m)" } ?? ""
            notes.append("prepared the route: \(preparation.duplicatesRemoved) duplicate point\(preparation.duplicatesRemoved == 1 ? "" : "s") dropped\(how); \(route.points.count) of \(original.points.count) points flown")
        }
        if recorded, original.timedPointCount < 2 {
            throw .untimedRoute(timedPoints: original.timedPointCount, points: original.points.count)
        }
        guard original.points.count >= 2 else { throw .tooFewPoints(original.points.count) }
        guard route.points.count >= 2 else { throw .noMovement(points: original.points.count) }

        // Timing of the route part.
        let timing: FlightTiming
        switch options.timing ?? .distance {
        case .equal:
            // Point 0 at 0 and the rest evenly: the route part starts on the first point.
            let n = route.points.count
            let d = options.duration ?? 30
            timing = FlightTiming(times: (0..<n).map { d * Double($0) / Double(n - 1) })
        case .distance:
            timing = FlightTiming.distance(for: route, duration: options.duration ?? 30, flyingGaps: options.gaps != .cut)
        case .recorded:
            let idle = options.skipIdle.map { FlightTiming.IdleCompression(threshold: $0) }
            do {
                if let d = options.duration {
                    timing = try FlightTiming.recorded(for: route, duration: d, idle: idle)
                } else {
                    timing = try FlightTiming.recorded(for: route, speedup: options.speedup ?? 1, idle: idle)
                }
            } catch {
                throw .untimedRoute(timedPoints: original.timedPointCount, points: original.points.count)
            }
            let r = timing.report
            if original.timedPointCount * 2 < original.points.count {
                notes.append("only \(original.timedPointCount) of \(original.points.count) points have a time: the timing of the rest is made up (interpolated by distance between timed points, extrapolated at their mean speed beyond them); '--timing distance' may suit this route better")
            }
            if timing.duration < 1, route.length > 0 {
                notes.append("the recorded times span only \(String(format: "%.3g", timing.duration)) s of flight for \(FixedDecimal.string(route.length, places: 0)) m of route: the file's clock looks broken ('route-fly check' tells more)")
            }
            func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
            func were(_ n: Int) -> String { n == 1 ? "was" : "were" }
            if r.filledTimes > 0 { notes.append("\(count(r.filledTimes, "point")) without a time \(were(r.filledTimes)) timed by distance from the timed points") }
            if r.nonIncreasingSteps > 0 { notes.append("\(count(r.nonIncreasingSteps, "step")) where the recorded time stands still or goes backwards \(were(r.nonIncreasingSteps)) flown in no time") }
            if r.compressedIdleSteps > 0 { notes.append("\(count(r.compressedIdleSteps, "idle step")) (\(FixedDecimal.string(r.compressedIdleTime, places: 0)) s recorded) \(were(r.compressedIdleSteps)) flown in 1 s each") }
        }

        if timing.duration > CameraScript.maximumKeyframeDuration {
            throw .tooLong(seconds: timing.duration)
        }

        let framing = options.framing
        let framed = framing.camera(framing: original.rect)
        let followDistance = options.distance ?? min(max(framed.distance / 5, 300), 50_000)
        let pitch = options.pitch ?? 45
        let lookAhead = options.lookAhead ?? min(max(followDistance / 3, 25), 5000)
        let headings: [Double]
        switch options.heading {
        case .endpoints:
            headings = Array(repeating: RouteKit.heading(from: route.start, to: route.end), count: route.points.count)
        case .fixed(let h):
            headings = Array(repeating: h, count: route.points.count)
        case .along:
            headings = HeadingPlanner.along(.init(lookAhead: lookAhead, smoothingWindow: 2 * lookAhead,
                                                  maxTurnRate: options.maxTurnRate ?? 45))
                .headings(for: route, times: timing.times).unwrapped
        }

        var builder = ScriptBuilder()
        let points = route.points
        var elevation = points[0].elevation ?? meanElevation(original)
        func elevationAt(_ k: Int) -> Double {
            if let e = points[k].elevation { elevation = e }
            return elevation
        }
        let first = MapCamera(centerCoordinate: points[0].coordinate, distance: followDistance,
                              heading: normalizedHeading(headings[0]), pitch: pitch)
        let firstElevation = elevationAt(0)

        // Phase 1: fly in.
        let initial: MapCamera
        if options.intro > 0 {
            // North up, unless turning from north to the route's heading within the fly-in would whip
            // the camera round faster than ``transitionTurnRate``: then the overview starts turned.
            var overview = framed
            overview.heading = Self.limitedTurn(from: 0, to: first.heading, duration: options.intro,
                                                rate: transitionTurnRate)
            initial = overview
            builder.start(initial, elevation: firstElevation)
            builder.flyTo(first, duration: options.intro, framing: framing, rho: options.rho, elevation: firstElevation,
                          springPitch: true)
        } else {
            initial = first
            builder.start(initial, elevation: firstElevation)
        }
        // Headings relative to where the flight stands now (the script resolver unwraps again, which
        // keeps these values).
        let headingOffset = builder.heading - headings[0]

        // Phase 2: follow the route.
        var camera = first
        for k in 1..<points.count {
            let dt = timing.times[k] - timing.times[k - 1]
            let next = MapCamera(centerCoordinate: points[k].coordinate, distance: followDistance,
                                 heading: headings[k] + headingOffset, pitch: pitch)
            let e = elevationAt(k)
            if route.legs[k - 1].isGap {
                switch options.gaps {
                case .cut:
                    builder.move(to: next, elevation: e)
                case .hold:
                    builder.hold(camera, duration: dt)
                    builder.move(to: next, elevation: e)
                case .fly:
                    let width = 2 * followDistance * tan(framing.verticalFieldOfView * .pi / 360) * framing.aspectRatio
                    if route.legs[k - 1].distance > width, dt > 0 {
                        builder.flyTo(next, duration: dt, framing: framing, rho: options.rho, elevation: e, cubic: false)
                    } else {
                        builder.linear(to: next, duration: dt, elevation: e)
                    }
                }
            } else {
                builder.linear(to: next, duration: dt, elevation: e)
            }
            camera = next
        }

        // Phase 3: pull out.
        if options.outro > 0 {
            var back = framed
            back.heading = Self.limitedTurn(from: unwrappedAngle(0, near: builder.heading), to: builder.heading,
                                            duration: options.outro, rate: transitionTurnRate)
            builder.flyTo(back, duration: options.outro, framing: framing, rho: options.rho, elevation: elevation,
                          cubic: true, easeAngles: true)
        }
        return FlightPlan(script: builder.script(initial: initial, initialElevation: firstElevation), notes: notes)
    }
}

extension FlightOptions.Heading {
    /// The heading of `.fixed`, degrees, or `nil` for the other modes.
    public var fixedValue: Double? { if case .fixed(let h) = self { return h } else { return nil } }
}

/// Appends keyframes to all five tracks together, so that every track spends the same time in each
/// step. Holds are merged into one keyframe per run.
private struct ScriptBuilder {
    typealias NumberKeyframe = CameraScript.Keyframe<CameraScript.NumberValue, Double>
    var center: [CameraScript.Keyframe<CameraScript.CoordinateValue, LocationCoordinate2D>] = []
    var headings: [NumberKeyframe] = []
    var distances: [NumberKeyframe] = []
    var pitches: [NumberKeyframe] = []
    var elevations: [NumberKeyframe] = []

    /// The values the tracks stand at now.
    var current = MapCamera(centerCoordinate: .zero, distance: 1)
    var elevation = 0.0
    var heading: Double { current.heading }

    mutating func start(_ camera: MapCamera, elevation: Double) {
        current = camera
        self.elevation = elevation
    }

    /// Appends `value` to a number track, merging a hold into the previous hold of the same value.
    private static func append(_ track: inout [NumberKeyframe], _ value: Double, from previous: Double,
                               duration: Double, kind: CameraScript.Kind<Double> = .linear(.linear)) {
        if value == previous, let last = track.last, case .linear(.linear) = last.kind, last.value == .number(value),
           case .linear(.linear) = kind, (last.duration ?? 0) + duration <= CameraScript.maximumKeyframeDuration {
            track[track.count - 1].duration = (last.duration ?? 0) + duration
        } else {
            track.append(.init(kind, .number(value), duration: duration))
        }
    }

    /// One step: every track moves linearly to its next value in `duration` seconds.
    mutating func linear(to camera: MapCamera, duration: Double, elevation e: Double) {
        if duration == 0 {
            move(to: camera, elevation: e)
            return
        }
        center.append(.init(.linear(.linear), .coordinate(camera.centerCoordinate), duration: duration))
        Self.append(&headings, camera.heading, from: current.heading, duration: duration)
        Self.append(&distances, camera.distance, from: current.distance, duration: duration)
        Self.append(&pitches, camera.pitch, from: current.pitch, duration: duration)
        Self.append(&elevations, e, from: elevation, duration: duration)
        current = camera
        elevation = e
    }

    /// Every track jumps to its next value (no time passes).
    mutating func move(to camera: MapCamera, elevation e: Double) {
        if camera == current && e == elevation { return }
        center.append(.init(.move, .coordinate(camera.centerCoordinate), duration: nil))
        headings.append(.init(.move, .number(camera.heading), duration: nil))
        distances.append(.init(.move, .number(camera.distance), duration: nil))
        pitches.append(.init(.move, .number(camera.pitch), duration: nil))
        elevations.append(.init(.move, .number(e), duration: nil))
        current = camera
        elevation = e
    }

    /// Every track stays where it is for `duration` seconds.
    mutating func hold(_ camera: MapCamera, duration: Double) {
        guard duration > 0 else { return }
        linear(to: current, duration: duration, elevation: elevation)
    }

    /// Centre and distance fly van Wijk and Nuij's optimal path to `camera` (camera.md section 3), in
    /// MapKit map points (Web Mercator), the visible width proportional to the distance; heading,
    /// pitch and elevation go linearly (or ease in and out with `easeAngles`). With `springPitch`, the
    /// camera tilts on a spring (``FlightPlanner/introPitchSpring``) instead, settling within the phase.
    mutating func flyTo(_ camera: MapCamera, duration: Double, framing: CameraFraming, rho: Double, elevation e: Double,
                        cubic: Bool = true, easeAngles: Bool = true, springPitch: Bool = false) {
        let from = current
        let startPoint = MapPoint(from.centerCoordinate)
        // The destination's longitude taken the short way round from the start.
        let target = LocationCoordinate2D(latitude: camera.centerCoordinate.latitude,
                                          longitude: unwrappedAngle(camera.centerCoordinate.longitude, near: from.centerCoordinate.longitude))
        let endPoint = MapPoint(target)
        // Visible width in map points: 2 d tan(fov/2) * aspect metres, times the scale at each end.
        let k = 2 * tan(framing.verticalFieldOfView * .pi / 360) * framing.aspectRatio
        let w0 = from.distance * k * MapPoint.pointsPerMeter(atLatitude: from.centerCoordinate.latitude)
        let w1 = camera.distance * k * MapPoint.pointsPerMeter(atLatitude: target.latitude)
        let path = FlyToPath(from: .init(startPoint.x, startPoint.y), fromWidth: w0,
                             to: .init(endPoint.x, endPoint.y), toWidth: w1, rho: rho)
        let samples = FlightPlanner.flyToSamples
        let step = duration / Double(samples)
        let kind: CameraScript.Kind<LocationCoordinate2D> = cubic ? .cubic(startVelocity: nil, endVelocity: nil) : .linear(.linear)
        let distanceKind: CameraScript.Kind<Double> = cubic ? .cubic(startVelocity: nil, endVelocity: nil) : .linear(.linear)
        for j in 1...samples {
            let (p, w) = j == samples ? (SIMD2(endPoint.x, endPoint.y), w1) : path.at(progress: Double(j) / Double(samples))
            var c = MapPoint(x: p.x, y: p.y).coordinate
            if j == samples { c = target }
            let d = j == samples ? camera.distance : w / (k * MapPoint.pointsPerMeter(atLatitude: c.latitude))
            center.append(.init(kind, .coordinate(c), duration: step))
            distances.append(.init(distanceKind, .number(d), duration: step))
        }
        let angleKind: CameraScript.Kind<Double> = easeAngles ? .linear(.easeInOut) : .linear(.linear)
        headings.append(.init(angleKind, .number(camera.heading), duration: duration))
        if springPitch {
            pitches.append(.init(.spring(FlightPlanner.introPitchSpring(duration: duration), startVelocity: nil),
                                 .number(camera.pitch), duration: duration))
        } else {
            pitches.append(.init(angleKind, .number(camera.pitch), duration: duration))
        }
        Self.append(&elevations, e, from: elevation, duration: duration)
        current = MapCamera(centerCoordinate: target, distance: camera.distance, heading: camera.heading, pitch: camera.pitch)
        elevation = e
    }

    func script(initial: MapCamera, initialElevation: Double) -> CameraScript {
        CameraScript(
            initialCamera: .init(centerCoordinate: .coordinate(initial.centerCoordinate), distance: .number(initial.distance),
                                 heading: .number(initial.heading), pitch: .number(initial.pitch),
                                 centerElevation: .number(initialElevation)),
            centerCoordinate: center, heading: headings, distance: distances, pitch: pitches, centerElevation: elevations)
    }
}
