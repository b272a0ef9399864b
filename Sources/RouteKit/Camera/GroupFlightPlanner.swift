import Foundation

/// Why a group flight could not be planned.
public enum GroupFlightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The group itself is invalid (no rider, a name twice, an untimed rider, ...).
    case group(RiderGroupError)
    /// The options, the framing or the flight's length are not plannable (as for a single route).
    case plan(FlightPlanError)
    /// Every rider's recorded times are at one instant: the group's clock has no span to fly.
    case noTimeSpan

    public var description: String {
        switch self {
        case .group(let e): return e.description
        case .plan(let e): return e.description
        case .noTimeSpan: return "every rider's recorded times are at one instant: the group's clock spans no time to fly"
        }
    }
}

/// Plans camera flights over a ``RiderGroup``, on the group's recorded clock (`RiderClock`).
///
/// The machinery is the single-route `follow` preset's (``FlightPlanner``):
/// 1. *Samples.* Every rider's position 20 times a second of (un-eased) flight time, the group clock
///    reading `speedup` times as fast (``FlightOptions/speedup``, or the clock's span over
///    ``FlightOptions/duration``; real time by default).
/// 2. *Target path* per preset: the followed rider, the leader (furthest along the first rider's route,
///    each rider projected onto it, `CourseProjection`; never going back), or the centre of the box of
///    all riders' positions (``GroupPreset/frameAll``). It is made a path (`FollowTrack`): smoothed by a
///    Gaussian and widened locally until the screen acceleration and the eye's acceleration keep within
///    half of `route-fly check`'s limits, with a look-ahead heading (``FlightOptions/heading``; for
///    `frameAll` a fixed heading, north unless ``FlightOptions/Heading/fixed(_:)`` gives one, since
///    turning with the box's wanderings would swing the whole group round).
/// 3. *Distance.* For `follow` and `leader`, the single-route follow distance (``FlightOptions/distance``,
///    or far enough that the target's 95th-percentile ground speed moves the view at most 0.4 screen
///    heights a second, at least a fifth of the framing distance within 300...50000 m); `follow` then
///    needs, while another rider is within ``nearDistance`` metres of the followed one, the distance
///    at which both (and every other such rider) fit the view from the planned centre at the planned
///    pitch and heading (``CameraFraming/distance(toShow:from:pitch:headings:)-(Points,_,_,_)``, with the framing's
///    margin). `frameAll` needs the distance at which every rider fits, and at least the follow distance (a
///    group bunched together is shown as one rider would be, and the fly-in zooms no further). Each moment also needs the
///    distance at which the centre's own speed is at most 0.4 screen heights a second. The planned
///    distance is the smooth upper envelope of these needs (`DistanceEnvelope`): never below any of
///    them, zooming at most ln 2 / 2 per second and easing in and out of every zoom.
/// 4. *Phases.* A fly-in (``FlightOptions/intro`` seconds, van Wijk and Nuij's path from the camera that
///    frames every rider's route) while the clock stands at its start; the group part, written as cubic
///    keyframes 4 a second with their exact velocities on the eased clock (rest to rest where there is a
///    fly-in or pull-out); a pull-out (``FlightOptions/outro`` seconds) while the clock stands at its end.
///    Then the eye is kept ``FlightOptions/clearance`` metres above the riders' ground (`RouteGround`
///    over every rider's route) when the routes have elevations.
///
/// Options used: `speedup`, `duration`, `intro`, `outro`, `pitch` (45 by default), `distance`, `heading`,
/// `lookAhead`, `maxTurnRate`, `framing`, `rho`, `clearance`; the preset, timing (always recorded),
/// `simplify`, `skipIdle` and `gaps` do not apply (a gap between a rider's segments is crossed at
/// constant speed, `RiderClock`).
public struct GroupFlightPlanner: Sendable {
    /// Which rider (or riders) the camera shows.
    public var preset: GroupPreset
    /// The flight options that apply to groups (`FlightOptions/groupSettings`); the others are ignored.
    public var options: FlightOptions
    /// `follow`: metres from the followed rider within which another rider counts as *near* and is kept
    /// in view. `nil`: two screen heights of ground at the follow distance (`2 * 2 d tan(fov / 2)`),
    /// so a rider about to enter the view is already framed.
    public var nearDistance: Double? = nil

    public init(preset: GroupPreset, options: FlightOptions = FlightOptions()) {
        self.preset = preset
        self.options = options
    }

    /// Route seconds between planning samples (the follow track's own spacing).
    static let sampleSpacing = 0.05
    /// The most planning samples (the spacing grows for longer flights).
    static let maximumSamples = 200_000

    /// The leader among riders `progress` metres along the course: the furthest; of riders equally far
    /// (at the finish, or not yet started), the first to have finished (`finished`: the clock time a
    /// rider's recording ended, or `nil` while it has not), then one that is active, then the first in
    /// rider order. So a winner held at the finish stays the leader when the others arrive.
    static func leader(progress: [Double], active: [Bool], finished: [Double?]) -> Int {
        var best = 0
        for i in progress.indices.dropFirst() {
            if progress[i] != progress[best] {
                if progress[i] > progress[best] { best = i }
                continue
            }
            let a = finished[i] ?? .infinity, b = finished[best] ?? .infinity
            if a != b {
                if a < b { best = i }
            } else if active[i] && !active[best] {
                best = i
            }
        }
        return best
    }

    /// ``leader(progress:active:finished:)`` at clock time `t` seconds of `clock`.
    static func leader(progress: [Double], at t: Double, clock: RiderClock, positions: [RiderPosition]) -> Int {
        let finished = progress.indices.map { i -> Double? in
            let end = clock.endTime(ofRider: i)
            return t >= end ? end : nil
        }
        return leader(progress: progress, active: positions.map(\.isActive), finished: finished)
    }

    /// Plans the flight.
    ///
    /// - Throws: ``GroupFlightError``: an invalid group (``RiderGroupError``), an invalid option or
    ///   framing, a flight longer than ``CameraScript/maximumKeyframeDuration``, or a clock with no span.
    /// - Complexity: O(s (r log n + w)) for s samples (20 per second of flight, at most
    ///   200 000), r riders of n points, and w the follow track's smoothing work per sample.
    public func plan(for group: RiderGroup) throws(GroupFlightError) -> GroupFlight {
        if let problem = options.framing.problem { throw .plan(.invalidFraming(problem)) }
        if let (name, value, expected) = options.problem { throw .plan(.invalidOption(name: name, value: value, expected: expected)) }
        if let near = nearDistance, !(near > 0 && near.isFinite) {
            throw .plan(.invalidOption(name: "nearDistance", value: near, expected: "metres, finite and more than 0"))
        }
        let clock: RiderClock
        do { clock = try RiderClock(group) } catch { throw .group(error) }
        var followed: Int? = nil
        if case .follow(let reference) = preset {
            do { followed = try group.index(of: reference) } catch { throw .group(error) }
        }
        let total = clock.duration
        guard total > 0 else { throw .noTimeSpan }
        let speedup = options.duration.map { total / $0 } ?? options.speedup ?? 1
        let span = total / speedup
        guard span <= CameraScript.maximumKeyframeDuration else { throw .plan(.tooLong(seconds: span)) }
        var notes: [String] = []
        let riders = group.riders.count
        let everyRoute = Route(segments: group.riders.map(\.route.points), source: Route.Source(kind: .tracks))!
        let framing = options.framing
        let framed = framing.camera(framing: everyRoute)
        let screenHeightsPerMetre = 2 * tan(framing.verticalFieldOfView * .pi / 360)
        let pitch = options.pitch ?? FlightOptions.Preset.follow.defaultPitch

        // 1. Samples of every rider, on the un-eased clock (route time r = clock time / speedup).
        let count = min(max(Int((span / Self.sampleSpacing).rounded(.up)), 1), Self.maximumSamples)
        let h = span / Double(count)
        let tau = (0...count).map { j in j == count ? span : Double(j) * h }
        let positions: [[RiderPosition]] = tau.map { clock.positions(atClockTime: min($0 * speedup, total)) }

        // 2. The target path.
        var progress: [[Double]]? = nil
        var path: [(coordinate: LocationCoordinate2D, elevation: Double)] = []
        switch preset {
        case .follow:
            path = positions.map { ($0[followed!].coordinate, $0[followed!].elevation) }
        case .leader:
            let course = CourseProjection(course: group.riders[0].route)
            var along = [[Double]](repeating: [Double](repeating: 0, count: count + 1), count: riders)
            for i in 0..<riders {
                var last: (along: Double, coordinate: LocationCoordinate2D)? = nil
                for j in 0...count {
                    let c = positions[j][i].coordinate
                    let s: Double
                    if i == 0 {
                        let (k, f) = clock.segment(of: 0, at: min(tau[j] * speedup, total))
                        s = f > 0 ? course.along[k] + (course.along[k + 1] - course.along[k]) * f : course.along[k]
                    } else {
                        s = course.progress(of: c, near: last.map { ($0.along, $0.coordinate.distance(to: c)) })
                    }
                    // Never back: the furthest a rider has been is how far along it is.
                    let monotone = max(s, last?.along ?? s)
                    along[i][j] = monotone
                    last = (monotone, c)
                }
            }
            progress = along
            path = (0...count).map { j in
                let leader = Self.leader(progress: along.map { $0[j] }, at: min(tau[j] * speedup, total), clock: clock,
                                         positions: positions[j])
                return (positions[j][leader].coordinate, positions[j][leader].elevation)
            }
        case .frameAll:
            path = positions.map { frame in
                let reference = frame[0].coordinate.longitude
                var south = 90.0, north = -90.0, west = Double.infinity, east = -Double.infinity, elevation = 0.0
                for p in frame {
                    let lon = Angles.unwrappedAngle(p.coordinate.longitude, near: reference)
                    south = min(south, p.coordinate.latitude); north = max(north, p.coordinate.latitude)
                    west = min(west, lon); east = max(east, lon)
                    elevation += p.elevation / Double(frame.count)
                }
                return (LocationCoordinate2D(latitude: (south + north) / 2, longitude: remainder((west + east) / 2, 360)), elevation)
            }
        }
        let pathRoute = Route(segments: [path.map { p -> RoutePoint in
            var point = RoutePoint(latitude: p.coordinate.latitude, longitude: p.coordinate.longitude)
            point.elevation = p.elevation
            return point
        }], source: Route.Source(kind: .tracks))!

        // 3. The base distance, the follow track, and the distance each moment needs.
        let ramp = FlightPlanner.easeDuration(routePart: span)
        let warp = ProgressWarp(span: span, rampIn: options.intro > 0 ? ramp : 0, rampOut: options.outro > 0 ? ramp : 0)
        let pace = max(warp.rate, 1.2)
        let groundSpeed = FlightPlanner.typicalGroundSpeed(pathRoute, times: tau)
        let calm = groundSpeed * pace / (FlightPlanner.followScreenSpeed * screenHeightsPerMetre)
        let followDistance = options.distance ?? max(min(max(framed.distance / 5, 300), 50_000), min(calm, framed.distance))
        var trackDistance = followDistance
        if case .frameAll = preset {
            // The box needs at least this much from its own centre at any moment: the least a frame
            // shows, which sets how smooth the centre must be on the screen.
            trackDistance = max(followDistance, (0...count).map { j in
                framing.distance(toShow: positions[j].map(\.coordinate), from: path[j].coordinate, pitch: pitch,
                                 headings: [options.heading.fixedValue ?? 0])
            }.min() ?? followDistance)
        }
        let lookAhead = options.lookAhead ?? min(max(followDistance / 3, 25), 5000)
        let elevationWindow = FlightPlanner.elevationWindow(followDistance: followDistance)
        let elevations = ElevationSmoothing.median(path.map(\.elevation), at: pathRoute.cumulativeDistances, window: elevationWindow)
        let c = warp.rate
        let targets = FollowTrack.Targets(
            screenHeight: trackDistance * screenHeightsPerMetre,
            screenAcceleration: FlightPlanner.followScreenAcceleration / (c * c),
            eyeAcceleration: FlightPlanner.followEyeAcceleration * trackDistance / (c * c),
            turnRate: (options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate) / c,
            turnAcceleration: FlightPlanner.followTurnAcceleration / (c * c))
        let headingRule: FlightOptions.Heading
        if case .frameAll = preset { headingRule = .fixed(options.heading.fixedValue ?? 0) } else { headingRule = options.heading }
        var track = FollowTrack(route: pathRoute, times: tau, range: 0...count, elevations: elevations,
                                heading: headingRule, lookAhead: lookAhead, targets: targets)
        let near = nearDistance ?? 2 * followDistance * screenHeightsPerMetre
        var needed = [Double](repeating: followDistance, count: count + 1)
        var widened = 0
        for j in 0...count {
            let state = track.state(atRouteTime: tau[j])
            let centre = LocationCoordinate2D(latitude: state.value[0], longitude: remainder(state.value[1], 360))
            let heading = state.value[3]
            var need = followDistance
            switch preset {
            case .follow:
                let me = positions[j][followed!].coordinate
                let close = positions[j].filter { $0.rider != followed! && $0.coordinate.distance(to: me) <= near }
                if !close.isEmpty {
                    let shown = framing.distance(toShow: [me] + close.map(\.coordinate), from: centre, pitch: pitch, headings: [heading])
                    if shown > need { need = shown; widened += 1 }
                }
            case .leader:
                break
            case .frameAll:
                // Never closer than the follow distance: a group bunched together is shown as one rider is.
                need = max(need, framing.distance(toShow: positions[j].map(\.coordinate), from: centre, pitch: pitch, headings: [heading]))
            }
            if options.distance == nil {
                // The centre's own speed (metres per route second, on the eased clock's peak pace) at
                // most ``FlightPlanner/followScreenSpeed`` screen heights a second.
                let north = state.rate[0] * FollowTrack.metresPerDegree
                let east = state.rate[1] * FollowTrack.metresPerDegree * cos(state.value[0] * .pi / 180)
                let speed = (north * north + east * east).squareRoot() * warp.rate
                need = max(need, speed / (FlightPlanner.followScreenSpeed * screenHeightsPerMetre))
            }
            needed[j] = need
        }
        if widened > 0 {
            notes.append("the camera widens to keep the other riders in view while they are within \(FixedDecimal.string(near, places: 0)) m of the followed rider (\(FixedDecimal.string(Double(widened) * h, places: 1)) s of the group part)")
        }
        let envelope = DistanceEnvelope(needed: needed, start: 0, spacing: h)

        // 4. The phases.
        var builder = ScriptBuilder()
        let start = track.state(atRouteTime: 0)
        let first = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: start.value[0], longitude: remainder(start.value[1], 360)),
                              distance: envelope.state(atRouteTime: 0).value, heading: Angles.normalizedHeading(start.value[3]), pitch: pitch)
        let initial: MapCamera
        if options.intro > 0 {
            let turned = FlightPlanner.limitedTurn(from: 0, to: first.heading, duration: options.intro,
                                                   rate: options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate)
            initial = turned == 0 ? framed : framing.camera(framing: everyRoute, heading: turned)
            builder.start(initial, elevation: start.value[2])
            // As for one route: a longer fly-in is suggested, never imposed.
            let needed = EasedFlyTo(from: initial, to: first, framing: framing, rho: options.rho)
                .minimumDuration(within: FlightPlanner.transitionLimits, aspectRatio: framing.aspectRatio)
            if needed > options.intro * 1.001 {
                notes.append("the fly-in moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.intro, places: 1)) s (the riders' routes spread far beyond the follow distance): it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
            }
            builder.easedFlyTo(first, duration: options.intro, framing: framing, rho: options.rho, elevation: start.value[2])
        } else {
            initial = first
            builder.start(initial, elevation: start.value[2])
        }
        track.unwrapLongitudes(near: builder.current.centerCoordinate.longitude)
        track.unwrapHeadings(near: builder.heading)
        let keyframes = min(max(Int((span * FlightPlanner.followKeyframesPerSecond).rounded(.up)), 1), FlightPlanner.maximumFollowKeyframes)
        var previous = (track: track.state(atRouteTime: 0), distance: envelope.state(atRouteTime: 0))
        var previousRate = warp.rate(at: 0)
        for j in 1...keyframes {
            let t = j == keyframes ? span : span * Double(j) / Double(keyframes)
            let rate = warp.rate(at: t)
            let r = j == keyframes ? span : warp.routeTime(at: t)
            let state = track.state(atRouteTime: r), distance = envelope.state(atRouteTime: r)
            let v0 = previous.track.rate.map { $0 * previousRate }, v1 = state.rate.map { $0 * rate }
            builder.step(duration: span / Double(keyframes),
                         center: LocationCoordinate2D(latitude: state.value[0], longitude: state.value[1]),
                         centerKind: .cubic(startVelocity: LocationCoordinate2D(latitude: v0[0], longitude: v0[1]),
                                            endVelocity: LocationCoordinate2D(latitude: v1[0], longitude: v1[1])),
                         heading: state.value[3], headingKind: .cubic(startVelocity: v0[3], endVelocity: v1[3]),
                         distance: distance.value,
                         distanceKind: .cubic(startVelocity: previous.distance.rate * previousRate, endVelocity: distance.rate * rate),
                         pitch: pitch,
                         elevation: state.value[2], elevationKind: .cubic(startVelocity: v0[2], endVelocity: v1[2]))
            previous = (state, distance)
            previousRate = rate
        }
        if options.outro > 0 {
            let turned = FlightPlanner.limitedTurn(from: Angles.unwrappedAngle(0, near: builder.heading), to: builder.heading,
                                                   duration: options.outro, rate: options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate)
            let back = Angles.normalizedHeading(turned) == 0 ? framed : framing.camera(framing: everyRoute, heading: turned)
            let needed = EasedFlyTo(from: builder.current, to: back, framing: framing, rho: options.rho)
                .minimumDuration(within: FlightPlanner.transitionLimits, aspectRatio: framing.aspectRatio)
            if needed > options.outro * 1.001 {
                notes.append("the pull-out moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.outro, places: 1)) s: it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
            }
            builder.easedFlyTo(back, duration: options.outro, framing: framing, rho: options.rho, elevation: builder.elevation)
        }
        var script = builder.script(initial: initial, initialElevation: start.value[2])
        if everyRoute.points.contains(where: { $0.elevation != nil }),
           let (adjusted, note) = TerrainClearance(ground: RouteGround(route: everyRoute), clearance: options.clearance)
            .adjusted(script, route: everyRoute, framing: framing) {
            script = adjusted
            notes.append(note)
        }
        let flight: ScriptedFlight
        do { flight = try script.resolved(for: everyRoute, framing: framing) } catch {
            throw .plan(.invalidFraming("the planned script does not resolve: \(error.message)"))
        }
        var result = GroupFlight(preset: preset, clock: clock, script: script, flight: flight, notes: notes,
                                 introDuration: options.intro, speedup: speedup, warp: warp)
        result.progress = progress
        result.spacing = h
        result.followed = followed
        return result
    }
}
