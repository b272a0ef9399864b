import Foundation

extension FlightPlanner {
    /// Plans the `follow` preset (``FlightPlanner``'s three phases), step by step: the route prepared,
    /// its heading rule and clock, the follow distance, the ground under the centre, the pieces and
    /// their tracks (``FollowRoutePlanner``), the gap flights given the time they need
    /// (``GapStretching``), then the script written: fly in, follow piece by piece, pull out.
    ///
    /// - Throws: ``FlightPlanError``: see ``preparedForFollowing(_:notes:)`` and ``routePartTiming(_:original:notes:)``.
    /// - Complexity: O(n log n) for n points, plus O(s (passes r)) for s track samples (20 per route
    ///   second) and a smoothing kernel of r samples.
    func follow(_ original: Route) throws(FlightPlanError) -> FlightPlan {
        var notes: [String] = []
        let preparation = try preparedForFollowing(original, notes: &notes)
        let route = preparation.route
        let heading = resolvedHeading(original, notes: &notes)
        let timing = try routePartTiming(route, original: original, notes: &notes)
        let framed = options.framing.camera(framing: original)
        let rule = FollowDistance(framingDistance: framed.distance, groundSpeed: FollowDistance.typicalGroundSpeed(route, times: timing.times),
                                  screenHeightPerMetre: options.framing.screenHeightPerMetre)
        let rules = pieceLayoutRules(routePart: timing.duration)
        let distance = FollowRoutePlanner.startingDistance(route, times: timing.times, rule: rule, rules: rules, asked: options.distance)
        let planner = FollowRoutePlanner(
            route: route, options: options, followDistance: rule, rules: rules,
            elevations: centreElevations(route, followDistance: distance, notes: &notes), heading: heading,
            lookAhead: options.lookAhead ?? FollowDistance.lookAhead(followDistance: distance),
            pitch: options.pitch ?? FlightOptions.Preset.follow.defaultPitch)
        var part = planner.widenedForPeakSpeed(planner.routePart(times: timing.times, distance: distance))
        if let stretching = planner.stretching(part) {
            part = stretched(part, by: stretching, planner: planner, notes: &notes)
        }
        if let note = flownOverNote(part, preparation: preparation, original: original) { notes.append(note) }
        if options.distance == nil, part.distance > framed.distance {
            notes.append("the route is followed from \(FixedDecimal.string(part.distance, places: 0)) m, further out than the \(FixedDecimal.string(framed.distance, places: 0)) m that frame it whole, to keep the view within 0.45 screen heights a second: the fly-in zooms out; a longer duration follows it closer")
        }
        let transitions = OverviewTransitions(route: original, framed: framed, options: options)
        return flight(part, planner: planner, transitions: transitions, positions: preparation.originalPositions,
                      distances: original.cumulativeDistances, notes: notes)
    }

    /// The piece-layout rules of a route part lasting `routePart` seconds.
    private func pieceLayoutRules(routePart: Double) -> PieceLayout.Rules {
        PieceLayout.Rules(gaps: options.gaps, fliesIn: options.intro > 0, pullsOut: options.outro > 0,
                          ease: Self.easeDuration(routePart: routePart),
                          verticalFieldOfView: options.framing.verticalFieldOfView, aspectRatio: options.framing.aspectRatio)
    }

    /// The ground under the centre at each point of `route`, metres: the route's elevations (a missing
    /// one carries the one before; 0 before the first), spikes removed by a running median
    /// (``ElevationSmoothing/median(_:at:window:)``) over ``elevationWindow(followDistance:)``, with a
    /// note counting the spikes.
    func centreElevations(_ route: Route, followDistance: Double, notes: inout [String]) -> [Double] {
        var carried = route.points.first(where: { $0.elevation != nil })?.elevation ?? 0
        let rawElevations = route.points.map { p -> Double in
            if let e = p.elevation { carried = e }
            return carried
        }
        let window = Self.elevationWindow(followDistance: followDistance)
        let elevations = ElevationSmoothing.median(rawElevations, at: route.cumulativeDistances, window: window)
        if rawElevations != elevations {
            notes.append("\(zip(rawElevations, elevations).filter { $0 != $1 }.count) GPS elevation spikes smoothed away (Hampel filter over \(FixedDecimal.string(window, places: 0)) m along the route)")
        }
        return elevations
    }

    /// `part` with its gap flights stretched (``GapStretching``), laid out again on the new times and
    /// widened for its peak speed again, with a note.
    private func stretched(_ part: FollowRoutePart, by stretching: GapStretching, planner: FollowRoutePlanner,
                           notes: inout [String]) -> FollowRoutePart {
        let before = part.times, after = stretching.retimed(before)
        let n = before.count
        let longer = after[n - 1] - after[0] - (before[n - 1] - before[0])
        notes.append(stretching.note(longer: longer))
        return planner.widenedForPeakSpeed(planner.routePart(times: after, distance: part.distance))
    }

    /// The note naming the pieces flown over (at most 3), in metres along the route as read (what
    /// `route_distance` reports), not as simplified; `nil` when none is.
    private func flownOverNote(_ part: FollowRoutePart, preparation: Route.Preparation, original: Route) -> String? {
        let layout = part.layout
        let flownOver = layout.pieces.indices.filter(layout.isFlownOver)
        guard !flownOver.isEmpty else { return nil }
        func along(_ i: Int) -> Double {
            let positions = preparation.originalPositions, metres = original.cumulativeDistances
            guard i < positions.count else { return preparation.route.cumulativeDistances[i] }
            let x = min(max(positions[i], 0), Double(metres.count - 1)), k = min(Int(x), metres.count - 1)
            return k + 1 < metres.count ? metres[k] + (metres[k + 1] - metres[k]) * (x - Double(k)) : metres[k]
        }
        let named = flownOver.map { q -> String in
            let a = along(layout.pieces[q].range.lowerBound), b = along(layout.pieces[q].range.upperBound)
            return "\(FixedDecimal.string(b - a, places: 0)) m from \(FixedDecimal.string(a, places: 0)) m to \(FixedDecimal.string(b, places: 0)) m along the route"
        }
        let one = flownOver.count == 1
        return "\(one ? "a piece of route" : "\(flownOver.count) pieces of route") too short to follow (under \(FixedDecimal.string(PieceLayout.minimumPieceDuration, places: 1)) s of flight) between gap flights, the fly-in or the pull-out \(one ? "is" : "are") flown over, not followed: \(named.prefix(3).joined(separator: "; "))\(named.count > 3 ? "; ..." : "")"
    }

    /// The script of the planned route part: phase 1, fly in (``OverviewTransitions``); phase 2, follow
    /// the pieces (``followPieces(_:planner:positions:distances:builder:ride:)``); phase 3, pull out. The plan's
    /// route tracking is the rider the pieces follow (``PlannedRide``).
    private func flight(_ part: FollowRoutePart, planner: FollowRoutePlanner, transitions: OverviewTransitions,
                        positions: [Double], distances: [Double], notes: [String]) -> FlightPlan {
        var notes = notes
        var builder = ScriptBuilder()
        builder.mergesHolds = mergesHolds
        let elevation = planner.elevations[0]
        let first = MapCamera(centerCoordinate: planner.route.points[0].coordinate, distance: part.distance,
                              heading: Angles.normalizedHeading(startHeading(of: 0, in: part, route: planner.route)), pitch: planner.pitch)
        let initial = transitions.flyIn(to: first, elevation: elevation,
                                        likelyCause: "a steep pitch, or a follow distance far from the framing one",
                                        into: &builder, notes: &notes)
        var ride = PlannedRide()
        followPieces(part, planner: planner, positions: positions, distances: distances, builder: &builder, ride: &ride)
        ride.arrival = builder.elapsed
        transitions.pullOut(into: &builder, notes: &notes)
        var plan = FlightPlan(script: builder.script(initial: initial, initialElevation: elevation), notes: notes)
        plan.routeTracking = ride.times.isEmpty ? routeTracking(duration: builder.elapsed) : .rider(ride)
        return plan
    }

    /// The heading piece `p` starts with: its track's, or the route's start-to-end heading.
    private func startHeading(of p: Int, in part: FollowRoutePart, route: Route) -> Double {
        part.tracks[p]?.startHeading ?? Angles.heading(from: route.start, to: route.end)
    }

    /// Phase 2: follows the route, piece by piece (``PieceLayout/visits``), crossing from each to the
    /// next as ``FlightOptions/gaps`` says: a cut, a hold then a cut, or a gap flight (an eased van Wijk
    /// flight keeping both ends in view) where the layout flies the gap, else a cut. A piece flown over
    /// is not followed: the flight before it lands on the piece after it, or at the route's end.
    private func followPieces(_ part: FollowRoutePart, planner: FollowRoutePlanner, positions: [Double], distances: [Double],
                              builder: inout ScriptBuilder, ride: inout PlannedRide) {
        let layout = part.layout, tau = part.times, points = planner.route.points
        for visit in layout.visits {
            let piece = layout.pieces[visit.piece]
            if var track = part.tracks[visit.piece], layout.isFollowed(visit.piece) {
                track.unwrapLongitudes(near: builder.current.centerCoordinate.longitude)
                track.unwrapHeadings(near: builder.heading)
                ride.follow(from: builder.elapsed, warp: piece.warp, routeStart: track.start, routeTimes: tau, positions: positions,
                            distances: distances)
                builder.follow(track, warp: piece.warp, endRouteTime: track.end, distance: .fixed(part.distance), pitch: planner.pitch)
            }
            guard let c = visit.crossing else { break }
            let landingHeading = c.landsAtEnd ? part.tracks[c.to].map(\.endHeading) : nil
            let next = MapCamera(centerCoordinate: points[c.landing].coordinate, distance: part.distance,
                                 heading: Angles.unwrappedAngle(landingHeading ?? startHeading(of: c.to, in: part, route: planner.route),
                                                                near: builder.heading),
                                 pitch: planner.pitch)
            let elevation = planner.elevations[c.landing]
            switch options.gaps {
            case .cut:
                builder.move(to: next, elevation: elevation)
            case .hold:
                builder.hold(duration: tau[c.landing] - tau[c.takeoff])
                builder.move(to: next, elevation: elevation)
            case .fly:
                if piece.flyGapAfter {
                    builder.easedFlyTo(next, duration: tau[c.landing] - tau[c.takeoff], framing: options.framing, rho: options.rho,
                                       elevation: elevation, keepingEndsInView: true)
                } else {
                    builder.move(to: next, elevation: elevation)
                }
            }
        }
    }

    /// The heading rule the follow flies: ``FlightOptions/heading``, except that ``FlightOptions/Heading/endpoints``
    /// on a loop (a route whose end lies within ``loopClosure`` of its length from its start: no
    /// meaningful start-to-end heading, a few metres of GPS noise would set it) becomes the fixed heading
    /// from the start to the route's point farthest from it (geodesic, WGS 84), with a note; a route that
    /// never leaves its start keeps `endpoints` (heading 0).
    /// - Complexity: O(n) for n points (one geodesic inverse each, for a loop).
    func resolvedHeading(_ route: Route, notes: inout [String]) -> FlightOptions.Heading {
        let closure = route.start.distance(to: route.end)
        guard options.heading == .endpoints, closure <= Self.loopClosure * route.length else { return options.heading }
        let start = route.start
        let reach = route.points.map { start.distance(to: $0.coordinate) }
        guard let far = reach.indices.max(by: { reach[$0] < reach[$1] }), reach[far] > 0 else { return options.heading }
        let value = Angles.normalizedHeading(Angles.heading(from: start, to: route.points[far].coordinate))
        let ends = closure == 0 ? "the route starts and ends at the same place"
            : "the route ends \(FixedDecimal.string(closure, places: 1)) m from its start (a loop: within \(FixedDecimal.string(Self.loopClosure * 100, places: 0)) % of its \(FixedDecimal.string(route.length, places: 0)) m)"
        notes.append("\(ends), so it has no start-to-end heading (`endpoints`): the camera faces from the start towards the point farthest from it (\(FixedDecimal.string(reach[far], places: 0)) m away), heading \(FixedDecimal.string(value, places: 1)) degrees")
        return .fixed(value)
    }

    /// The largest start-to-end distance of a loop, as a fraction of the route's length (along its
    /// segments): 0.05. A loop that closes to 5 % of its length has no heading from start to end worth
    /// flying (2.7 m across a 3.2 km loop is GPS noise); an out-and-back route is a loop too.
    static let loopClosure = 0.05

    /// What a gap flight is kept within: nine tenths of `check`'s default screen speed, zoom rate and
    /// their accelerations, and the planner's turn limits (``FlightOptions/defaultMaxTurnRate`` or
    /// `maxTurnRate`, ``followTurnAcceleration``).
    static func gapFlightLimits(maxTurnRate: Double?) -> EasedFlyTo.Limits {
        EasedFlyTo.Limits(screenSpeed: 0.45, zoomRate: 0.9 * log(2.0), screenAcceleration: 0.9, zoomAcceleration: 1.25,
                          turnRate: maxTurnRate ?? FlightOptions.defaultMaxTurnRate, turnAcceleration: followTurnAcceleration,
                          tiltRate: 18, tiltAcceleration: 36)
    }

    /// The running-median window for the centre's elevation, metres: half the follow distance, at
    /// least 50 m. At that distance a height change over a shorter stretch is noise to the eye (a few
    /// pixels), while a real climb spans many windows and is kept.
    static func elevationWindow(followDistance: Double) -> Double { max(followDistance / 2, 50) }

    /// Seconds over which the route part eases from rest to its pace (and back to rest): a tenth of
    /// the route part, within 1.5...5 s, so the ease lasts long enough for the eye and scales with the
    /// flight (a 30 s flight eases over 3 s).
    static func easeDuration(routePart: Double) -> Double { min(max(routePart / 10, 1.5), 5) }

    /// Screen heights per second squared the follow keeps its screen speed's changes under: 0.5, half
    /// of `route-fly check`'s limit (the check measures frame to frame, the planner on its own grid).
    static let followScreenAcceleration = 0.5
    /// The centre elevation's acceleration over the follow distance, 1/s^2: 1.25, half of `route-fly
    /// check`'s eye limit.
    static let followEyeAcceleration = 1.25
    /// Degrees per second squared the heading's turn rate changes by at most: 36, within `route-fly
    /// check`'s 60 (the eased clock's own acceleration adds to it in the eases).
    static let followTurnAcceleration = 36.0

    /// Keyframes per second of the route part (cubic, with the track's exact velocities).
    static let followKeyframesPerSecond = 4.0
    /// The most keyframes one piece gets per track (the interval grows for longer pieces).
    static let maximumFollowKeyframes = 100_000

    /// Seconds a planned `follow` route part may last at most: 100,000 (about 28 hours). Its script
    /// holds keyframes for every second flown (about 6 a second for the centre, fewer for the other
    /// tracks, over all the pieces and gap flights), so planning takes about 8 KB a second of flight:
    /// 0.8 GB at this limit, against tens of gigabytes at the 10,000,000 s a keyframe may last
    /// (``CameraScript/maximumKeyframeDuration``). Longer route parts are refused
    /// (``FlightPlanError/tooLong(seconds:longestStep:)``) before any is planned.
    public static let maximumFollowDuration = 100_000.0
}
