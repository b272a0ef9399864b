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

    /// Plans the flight: the group's clock sampled, the target path, the follow distance
    /// (`FollowDistance`, as for one route) and the track, the distance each moment needs and its
    /// envelope, then the script (fly in, follow, pull out), kept above the riders' ground.
    ///
    /// - Throws: ``GroupFlightError``: an invalid group (``RiderGroupError``), an invalid option or
    ///   framing, a flight longer than ``CameraScript/maximumKeyframeDuration``, or a clock with no span.
    /// - Complexity: O(s (r log n + w)) for s samples (20 per second of flight, at most
    ///   200 000), r riders of n points, and w the follow track's smoothing work per sample.
    public func plan(for group: RiderGroup) throws(GroupFlightError) -> GroupFlight {
        try checkOptions()
        let clock: RiderClock
        do { clock = try RiderClock(group) } catch { throw .group(error) }
        var followed: Int? = nil
        if case .follow(let reference) = preset {
            do { followed = try group.index(of: reference) } catch { throw .group(error) }
        }
        let samples = try Samples(clock: clock, options: options)
        var notes: [String] = []
        let everyRoute = Route(segments: group.riders.map(\.route.points), source: Route.Source(kind: .tracks))!
        let framed = options.framing.camera(framing: everyRoute)
        let target = targetPath(group, samples: samples, followed: followed)
        let warp = samples.warp(options)
        let rule = FollowDistance(framingDistance: framed.distance,
                                  groundSpeed: FollowDistance.typicalGroundSpeed(target.route, times: samples.tau),
                                  screenHeightPerMetre: options.framing.screenHeightPerMetre)
        let followDistance = options.distance ?? rule.calm(pace: warp.rate)
        let track = followTrack(target, samples: samples, followDistance: followDistance, warp: warp)
        let needed = neededDistances(track, samples: samples, followed: followed, rule: rule, followDistance: followDistance,
                                     warp: warp, notes: &notes)
        let envelope = DistanceEnvelope(needed: needed, start: 0, spacing: samples.h)
        let transitions = OverviewTransitions(route: everyRoute, framed: framed, options: options)
        var script = flownScript(track, envelope: envelope, warp: warp, transitions: transitions, notes: &notes)
        if everyRoute.points.contains(where: { $0.elevation != nil }),
           let (adjusted, note) = TerrainClearance(ground: RouteGround(route: everyRoute), clearance: options.clearance)
            .adjusted(script, route: everyRoute, framing: options.framing) {
            script = adjusted
            notes.append(note)
        }
        let flight: ScriptedFlight
        do { flight = try script.resolved(for: everyRoute, framing: options.framing) } catch {
            throw .plan(.invalidFraming("the planned script does not resolve: \(error.message)"))
        }
        var result = GroupFlight(preset: preset, clock: clock, script: script, flight: flight, notes: notes,
                                 introDuration: options.intro, speedup: samples.speedup, warp: warp)
        result.progress = target.progress
        result.spacing = samples.h
        result.followed = followed
        return result
    }

    /// Throws when the framing, an option or ``nearDistance`` cannot be planned for.
    private func checkOptions() throws(GroupFlightError) {
        if let problem = options.framing.problem { throw .plan(.invalidFraming(problem)) }
        if let (name, value, expected) = options.problem { throw .plan(.invalidOption(name: name, value: value, expected: expected)) }
        if let near = nearDistance, !(near > 0 && near.isFinite) {
            throw .plan(.invalidOption(name: "nearDistance", value: near, expected: "metres, finite and more than 0"))
        }
    }

    /// Step 1: every rider's position on the un-eased flight clock, `count + 1` samples `h` seconds
    /// apart over `span` seconds of flight (route time `r` is clock time `r * speedup`).
    struct Samples {
        /// The group's clock and its span, seconds (> 0).
        var clock: RiderClock, total: Double
        /// Clock seconds per flight second: the clock's span over ``FlightOptions/duration``, else
        /// ``FlightOptions/speedup`` (1 by default).
        var speedup: Double
        /// Seconds of flight (the span over `speedup`), samples after the first, seconds between samples.
        var span: Double, count: Int, h: Double
        /// Flight (route) time of every sample, seconds, the last exactly `span`.
        var tau: [Double]
        /// Every rider's position at each sample (`count + 1` arrays, riders in group order).
        var positions: [[RiderPosition]]

        /// - Throws: ``GroupFlightError/noTimeSpan`` for a clock without span;
        ///   ``FlightPlanError/tooLong(seconds:longestStep:)`` for a flight over ``CameraScript/maximumKeyframeDuration``.
        init(clock: RiderClock, options: FlightOptions) throws(GroupFlightError) {
            let total = clock.duration
            guard total > 0 else { throw .noTimeSpan }
            let speedup = options.duration.map { total / $0 } ?? options.speedup ?? 1
            let span = total / speedup
            guard span <= CameraScript.maximumKeyframeDuration else { throw .plan(.tooLong(seconds: span)) }
            let count = min(max(Int((span / GroupFlightPlanner.sampleSpacing).rounded(.up)), 1), GroupFlightPlanner.maximumSamples)
            let h = span / Double(count)
            let tau = (0...count).map { j in j == count ? span : Double(j) * h }
            (self.clock, self.total, self.speedup, self.span, self.count, self.h, self.tau) = (clock, total, speedup, span, count, h, tau)
            positions = tau.map { clock.positions(atClockTime: min($0 * speedup, total)) }
        }

        /// The clock time of sample time `t`, seconds.
        func clockTime(_ t: Double) -> Double { min(t * speedup, total) }

        /// The eased clock of the group part: rest to rest over ``FlightPlanner/easeDuration(routePart:)``
        /// at the ends with a fly-in or pull-out.
        func warp(_ options: FlightOptions) -> ProgressWarp {
            let ramp = FlightPlanner.easeDuration(routePart: span)
            return ProgressWarp(span: span, rampIn: options.intro > 0 ? ramp : 0, rampOut: options.outro > 0 ? ramp : 0)
        }
    }

    /// The path the camera follows: one position and elevation per sample, as a route, and (`leader`)
    /// every rider's progress along the course, metres (riders, then samples).
    struct TargetPath {
        var path: [(coordinate: LocationCoordinate2D, elevation: Double)]
        var route: Route
        var progress: [[Double]]?
    }

    /// Step 2: the followed rider, the leader, or the centre of the box of all riders (by preset).
    private func targetPath(_ group: RiderGroup, samples: Samples, followed: Int?) -> TargetPath {
        var progress: [[Double]]? = nil
        let path: [(coordinate: LocationCoordinate2D, elevation: Double)]
        switch preset {
        case .follow:
            path = samples.positions.map { ($0[followed!].coordinate, $0[followed!].elevation) }
        case .leader:
            let along = Self.progress(group, samples: samples)
            progress = along
            path = (0...samples.count).map { j in
                let leader = Self.leader(progress: along.map { $0[j] }, at: samples.clockTime(samples.tau[j]), clock: samples.clock,
                                         positions: samples.positions[j])
                return (samples.positions[j][leader].coordinate, samples.positions[j][leader].elevation)
            }
        case .frameAll:
            path = samples.positions.map(Self.boxCentre)
        }
        let route = Route(segments: [path.map { p -> RoutePoint in
            var point = RoutePoint(latitude: p.coordinate.latitude, longitude: p.coordinate.longitude)
            point.elevation = p.elevation
            return point
        }], source: Route.Source(kind: .tracks))!
        return TargetPath(path: path, route: route, progress: progress)
    }

    /// Every rider's progress along the first rider's route at each sample, metres (riders, then
    /// samples): the first rider's own position along it, the others projected onto it
    /// (`CourseProjection`), never going back (the furthest a rider has been is how far along it is).
    private static func progress(_ group: RiderGroup, samples: Samples) -> [[Double]] {
        let course = CourseProjection(course: group.riders[0].route)
        var along = [[Double]](repeating: [Double](repeating: 0, count: samples.count + 1), count: group.riders.count)
        for i in 0..<group.riders.count {
            var last: (along: Double, coordinate: LocationCoordinate2D)? = nil
            for j in 0...samples.count {
                let c = samples.positions[j][i].coordinate
                let s: Double
                if i == 0 {
                    let (k, f) = samples.clock.segment(of: 0, at: samples.clockTime(samples.tau[j]))
                    s = f > 0 ? course.along[k] + (course.along[k + 1] - course.along[k]) * f : course.along[k]
                } else {
                    s = course.progress(of: c, near: last.map { ($0.along, $0.coordinate.distance(to: c)) })
                }
                let monotone = max(s, last?.along ?? s)
                along[i][j] = monotone
                last = (monotone, c)
            }
        }
        return along
    }

    /// The centre of the box of `frame`'s positions (longitudes unwrapped near the first rider's), and
    /// their mean elevation.
    private static func boxCentre(_ frame: [RiderPosition]) -> (coordinate: LocationCoordinate2D, elevation: Double) {
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

    /// Step 3: the target path made a ``FollowTrack`` on the eased clock `warp`: its elevations
    /// median-filtered over ``FlightPlanner/elevationWindow(followDistance:)``, smoothed for the
    /// follow distance (`frameAll`: at least the least distance any moment's box needs from its own
    /// centre, which sets how smooth the centre must be on the screen), with the preset's heading.
    private func followTrack(_ target: TargetPath, samples: Samples, followDistance: Double, warp: ProgressWarp) -> FollowTrack {
        let framing = options.framing, pitch = self.pitch
        var trackDistance = followDistance
        if case .frameAll = preset {
            trackDistance = max(followDistance, (0...samples.count).map { j in
                framing.distance(toShow: samples.positions[j].map(\.coordinate), from: target.path[j].coordinate, pitch: pitch,
                                 headings: [options.heading.fixedValue ?? 0])
            }.min() ?? followDistance)
        }
        let lookAhead = options.lookAhead ?? FollowDistance.lookAhead(followDistance: followDistance)
        let elevationWindow = FlightPlanner.elevationWindow(followDistance: followDistance)
        let elevations = ElevationSmoothing.median(target.path.map(\.elevation), at: target.route.cumulativeDistances, window: elevationWindow)
        let targets = FollowTrack.Targets(distance: trackDistance, pace: warp.rate, framing: framing, maxTurnRate: options.maxTurnRate)
        let headingRule: FlightOptions.Heading
        if case .frameAll = preset { headingRule = .fixed(options.heading.fixedValue ?? 0) } else { headingRule = options.heading }
        return FollowTrack(route: target.route, times: samples.tau, range: 0...samples.count, elevations: elevations,
                           heading: headingRule, lookAhead: lookAhead, targets: targets)
    }

    /// Degrees from straight down while following (45 by default).
    private var pitch: Double { options.pitch ?? FlightOptions.Preset.follow.defaultPitch }

    /// Step 3 (continued): the distance each sample needs, metres: the follow distance; `follow`, the
    /// distance showing every rider near the followed one; `frameAll`, the distance showing every
    /// rider; and (without ``FlightOptions/distance``) the distance keeping the centre's own speed
    /// calm (``FollowDistance/distance(keepingCalm:)``). A note says how long `follow` widened.
    private func neededDistances(_ track: FollowTrack, samples: Samples, followed: Int?, rule: FollowDistance,
                                 followDistance: Double, warp: ProgressWarp, notes: inout [String]) -> [Double] {
        let framing = options.framing, pitch = self.pitch
        let near = nearDistance ?? 2 * followDistance * framing.screenHeightPerMetre
        var needed = [Double](repeating: followDistance, count: samples.count + 1)
        var widened = 0
        for j in 0...samples.count {
            let state = track.state(atRouteTime: samples.tau[j])
            let centre = LocationCoordinate2D(latitude: state.value.latitude, longitude: remainder(state.value.longitude, 360))
            let positions = samples.positions[j]
            var need = followDistance
            switch preset {
            case .follow:
                let me = positions[followed!].coordinate
                let close = positions.filter { $0.rider != followed! && $0.coordinate.distance(to: me) <= near }
                if !close.isEmpty {
                    let shown = framing.distance(toShow: [me] + close.map(\.coordinate), from: centre, pitch: pitch, headings: [state.value.heading])
                    if shown > need { need = shown; widened += 1 }
                }
            case .leader:
                break
            case .frameAll:
                // Never closer than the follow distance: a group bunched together is shown as one rider is.
                need = max(need, framing.distance(toShow: positions.map(\.coordinate), from: centre, pitch: pitch, headings: [state.value.heading]))
            }
            if options.distance == nil {
                need = max(need, rule.distance(keepingCalm: Self.groundSpeed(state.value, rate: state.rate) * warp.rate))
            }
            needed[j] = need
        }
        if widened > 0 {
            notes.append("the camera widens to keep the other riders in view while they are within \(FixedDecimal.string(near, places: 0)) m of the followed rider (\(FixedDecimal.string(Double(widened) * samples.h, places: 1)) s of the group part)")
        }
        return needed
    }

    /// The ground speed of a track's centre at `value` moving at `rate`, metres per route second (on
    /// the sphere of ``FollowTrack/metresPerDegree``).
    private static func groundSpeed(_ value: FollowTrack.State, rate: FollowTrack.State) -> Double {
        let north = rate.latitude * FollowTrack.metresPerDegree
        let east = rate.longitude * FollowTrack.metresPerDegree * cos(value.latitude * .pi / 180)
        return (north * north + east * east).squareRoot()
    }

    /// Step 4: the script: fly in (while the clock stands at its start), the group part on the eased
    /// clock with the envelope's distance, pull out (while the clock stands at its end).
    private func flownScript(_ track: FollowTrack, envelope: DistanceEnvelope, warp: ProgressWarp,
                             transitions: OverviewTransitions, notes: inout [String]) -> CameraScript {
        var builder = ScriptBuilder(), track = track
        let start = track.state(atRouteTime: 0).value
        let first = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: start.latitude, longitude: remainder(start.longitude, 360)),
                              distance: envelope.state(atRouteTime: 0).value, heading: Angles.normalizedHeading(start.heading), pitch: pitch)
        let initial = transitions.flyIn(to: first, elevation: start.elevation,
                                        likelyCause: "the riders' routes spread far beyond the follow distance",
                                        into: &builder, notes: &notes)
        track.unwrapLongitudes(near: builder.current.centerCoordinate.longitude)
        track.unwrapHeadings(near: builder.heading)
        builder.follow(track, warp: warp, endRouteTime: warp.span, distance: .envelope(envelope), pitch: pitch)
        transitions.pullOut(into: &builder, notes: &notes)
        return builder.script(initial: initial, initialElevation: start.elevation)
    }
}
