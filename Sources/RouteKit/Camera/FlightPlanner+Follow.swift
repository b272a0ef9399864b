import Foundation

extension FlightPlanner {
    func follow(_ original: Route) throws(FlightPlanError) -> FlightPlan {
        var notes: [String] = []
        // Recorded timing keeps every moving point and the ends of stops unless a tolerance is asked for:
        // simplifying would spread the removed points' times evenly over the kept legs.
        let recorded = options.timing == .recorded
        let tolerance: Double? = options.simplify.map { $0 > 0 ? $0 : nil } ?? (recorded ? nil : original.defaultSimplifyTolerance)
        let preparation = original.preparation(simplifyTolerance: tolerance, keepingStops: recorded)
        let route = preparation.route
        if preparation.duplicatesRemoved > 0 || preparation.simplifiedAway > 0 {
            let how = tolerance.map { ", \(preparation.simplifiedAway) simplified away (tolerance \(FixedDecimal.string($0, places: 1)) m)" } ?? ""
            let added = preparation.geodesicPointsAdded
            let kept = route.points.count - added
            let along = added > 0 ? ", and \(added) point\(added == 1 ? "" : "s") added along the geodesics of long legs so the camera follows the Earth's curve" : ""
            notes.append("prepared the route: \(preparation.duplicatesRemoved) duplicate point\(preparation.duplicatesRemoved == 1 ? "" : "s") dropped\(how); \(kept) of \(original.points.count) points flown\(along)")
        }
        if recorded, original.timedPointCount < 2 {
            throw .untimedRoute(timedPoints: original.timedPointCount, points: original.points.count)
        }
        if recorded, let fault = original.recordedClockFault { throw .brokenClock(fault) }
        guard original.points.count >= 2 else { throw .tooFewPoints(original.points.count) }
        guard route.points.count >= 2 else { throw .noMovement(points: original.points.count) }
        let headingRule = resolvedHeading(original, notes: &notes)

        // Timing of the route part.
        let timing: FlightTiming
        switch options.timing ?? .distance {
        case .equal:
            timing = FlightTiming.equalSteps(for: route, duration: options.duration ?? FlightOptions.Preset.follow.defaultDuration, flyingGaps: options.gaps != .cut)
        case .distance:
            timing = FlightTiming.distance(for: route, duration: options.duration ?? FlightOptions.Preset.follow.defaultDuration, flyingGaps: options.gaps != .cut)
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
                notes.append("only \(original.timedPointCount) of \(original.points.count) points have a time: the timing of the rest is made up (interpolated by distance between timed points, extrapolated at their mean moving speed beyond them); distance timing may suit this route better")
            }
            if timing.duration < 1, route.length > 0, options.duration == nil {
                notes.append("the recorded times span only \(String(format: "%.3g", timing.duration)) s of flight for \(FixedDecimal.string(route.length, places: 0)) m of route: the file's clock looks broken (the route check tells more)")
            }
            func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
            func were(_ n: Int) -> String { n == 1 ? "was" : "were" }
            if r.filledTimes > 0 { notes.append("\(count(r.filledTimes, "point")) without a time \(were(r.filledTimes)) timed by distance from the timed points") }
            if r.nonIncreasingSteps > 0 { notes.append("\(count(r.nonIncreasingSteps, "step")) where the recorded time stands still or goes backwards \(were(r.nonIncreasingSteps)) flown in no time") }
            if r.compressedIdleSteps > 0 { notes.append("\(count(r.compressedIdleSteps, "idle step")) (\(FixedDecimal.string(r.compressedIdleTime, places: 0)) s recorded) \(were(r.compressedIdleSteps)) flown in 1 s each") }
        }

        if let asked = options.duration, asked < 1, route.length > 0 {
            notes.append("the route part lasts only \(String(format: "%.3g", asked)) s, as asked: the camera crosses \(FixedDecimal.string(route.length, places: 0)) m of route in that time, too fast to see")
        }
        if timing.duration > CameraScript.maximumKeyframeDuration {
            // Name where the time goes: usually one broken timestamp, or a night between two days.
            let step = original.longestTimeGap.map { gap -> String in
                let a = original.points[gap.index], b = original.points[gap.index + 1]
                return "the longest step, \(String(format: "%.3g", gap.seconds)) s recorded, runs from point \(gap.index) (\(a.time.map { ISO8601.string(from: $0) } ?? "?")) to point \(gap.index + 1) (\(b.time.map { ISO8601.string(from: $0) } ?? "?"))"
            }
            throw .tooLong(seconds: timing.duration, longestStep: step)
        }

        let framing = options.framing
        let framed = framing.camera(framing: original)
        let points = route.points
        let n = points.count
        var tau = timing.times  // route time of each point, seconds (gap flights may be given more below)
        let ramp = FlightPlanner.easeDuration(routePart: timing.duration)
        let screenHeightsPerMetre = 2 * tan(framing.verticalFieldOfView * .pi / 360)

        // The pieces flown without a break, at a follow distance `d`: split at gaps that are flown on a
        // van Wijk path (wider than the view, so that flying straight across would show an empty map,
        // or too far to cross in their time within ``followPeakScreenSpeed``, or crossed in no time and
        // wider than a tenth of a screen height: given time below), cut, or held. Any other gap is flown through as one more
        // leg at its own pace (with distance timing, the route's), and so is one whose van Wijk flight
        // would leave a piece shorter than ``minimumPieceDuration`` on either side (too short to ease
        // from rest and back).
        struct PiecePlan { var range: ClosedRange<Int>; var warp: ProgressWarp; var flyGapAfter: Bool }
        func plannedPieces(_ d: Double) -> [PiecePlan] {
            let fastest = Self.followPeakScreenSpeed * d * screenHeightsPerMetre  // metres per second
            let visibleWidth = 2 * d * tan(framing.verticalFieldOfView * .pi / 360) * framing.aspectRatio
            var splits: [(k: Int, fly: Bool)] = []
            for k in 0..<(n - 1) where route.legs[k].isGap {
                let dt = tau[k + 1] - tau[k]
                // A gap crossed in no time (the next segment's clock starts where, or before, the last
                // one's stopped) is flown through, the smoothing rounding off its step, when the step is
                // within a tenth of a screen height; a wider one is a cut.
                if options.gaps != .fly {
                    splits.append((k, false))
                } else if dt <= 0 && route.legs[k].distance <= max(1, 0.1 * d * screenHeightsPerMetre) {
                    continue
                } else if dt <= 0 || route.legs[k].distance > visibleWidth || route.legs[k].distance > fastest * dt {
                    splits.append((k, true))
                }
            }
            // Drop van Wijk flights next to a piece too short to ease in and out of.
            var kept: [(k: Int, fly: Bool)] = []
            var pieceStart = 0
            for (i, split) in splits.enumerated() {
                let nextEnd = i + 1 < splits.count ? splits[i + 1].k : n - 1
                let before = tau[split.k] - tau[pieceStart], after = tau[nextEnd] - tau[split.k + 1]
                // A gap crossed in no time cannot be flown through (it is given time below). Nor can one
                // wider than the view (straight across at the follow distance, the screen would be
                // empty) or too fast to cross: where the short piece lies between two gap flights it is
                // flown over instead (phase 2), and so is a short first or last piece next to the fly-in or
                // the pull-out. Without them, a short first or last piece is flown through, gaps and all.
                let instant = tau[split.k + 1] <= tau[split.k]
                let shortBefore = before < Self.minimumPieceDuration, shortAfter = after < Self.minimumPieceDuration
                let boundedBefore = kept.last.map(\.fly) ?? (options.intro > 0)
                let boundedAfter = i + 1 < splits.count ? splits[i + 1].fly : options.outro > 0
                let overflown = (!shortBefore || boundedBefore) && (!shortAfter || boundedAfter)
                if split.fly && !instant && !overflown && (shortBefore || shortAfter) { continue }
                kept.append(split)
                pieceStart = split.k + 1
            }
            var plans: [PiecePlan] = []
            pieceStart = 0
            var restAtStart = options.intro > 0
            for i in 0...kept.count {
                let end = i < kept.count ? kept[i].k : n - 1
                let restAtEnd = i < kept.count ? kept[i].fly : options.outro > 0
                let span = tau[end] - tau[pieceStart]
                // A short piece eases over at most a third of its span at each end, so its pace between
                // the eases is at most 1.5 times the route's.
                let pieceRamp = min(ramp, span / 3)
                let warp = ProgressWarp(span: span, rampIn: restAtStart ? pieceRamp : 0, rampOut: restAtEnd ? pieceRamp : 0)
                plans.append(PiecePlan(range: pieceStart...end, warp: warp, flyGapAfter: i < kept.count && kept[i].fly))
                if i < kept.count {
                    pieceStart = kept[i].k + 1
                    restAtStart = kept[i].fly
                }
            }
            return plans
        }

        // A fifth of the framing distance (within 300...50000 m), and far enough that the route part's
        // ground speed (the 95th percentile of the legs' speeds), times the eased clock's peak pace,
        // stays under ``followScreenSpeed`` screen heights a second; up to the framing distance itself.
        let groundSpeed = Self.typicalGroundSpeed(route, times: tau)
        func calmDistance(pace: Double) -> Double {
            let calm = groundSpeed * max(pace, 1.2) / (Self.followScreenSpeed * screenHeightsPerMetre)
            return max(min(max(framed.distance / 5, 300), 50_000), min(calm, framed.distance))
        }
        var followDistance = options.distance ?? calmDistance(pace: 1.2)
        var piecePlans = plannedPieces(followDistance)
        if options.distance == nil, let pace = piecePlans.map(\.warp.rate).max(), pace > 1.2 {
            // Pieces between gap flights run faster than the route: follow from further out (which
            // can only join pieces, never split them).
            followDistance = max(followDistance, calmDistance(pace: pace))
            piecePlans = plannedPieces(followDistance)
        }
        let pitch = options.pitch ?? FlightOptions.Preset.follow.defaultPitch
        let lookAhead = options.lookAhead ?? min(max(followDistance / 3, 25), 5000)

        // Ground under the centre: the route's elevations (missing ones carried), spikes removed.
        var carried = points.first(where: { $0.elevation != nil })?.elevation ?? 0
        let rawElevations = points.map { p -> Double in
            if let e = p.elevation { carried = e }
            return carried
        }
        let elevationWindow = FlightPlanner.elevationWindow(followDistance: followDistance)
        let elevations = ElevationSmoothing.median(rawElevations, at: route.cumulativeDistances, window: elevationWindow)
        if rawElevations != elevations {
            notes.append("\(zip(rawElevations, elevations).filter { $0 != $1 }.count) GPS elevation spikes smoothed away (Hampel filter over \(FixedDecimal.string(elevationWindow, places: 0)) m along the route)")
        }

        struct Piece { var range: ClosedRange<Int>; var warp: ProgressWarp; var track: FollowTrack?; var flyGapAfter: Bool }
        func followPieces(_ plans: [PiecePlan], distance d: Double) -> [Piece] {
            plans.map { plan -> Piece in
                let span = plan.warp.span
                var track: FollowTrack? = nil
                if span > 0 {
                    let c = plan.warp.rate
                    let targets = FollowTrack.Targets(
                        screenHeight: d * screenHeightsPerMetre,
                        screenAcceleration: Self.followScreenAcceleration / (c * c),
                        eyeAcceleration: Self.followEyeAcceleration * d / (c * c),
                        turnRate: (options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate) / c,
                        turnAcceleration: Self.followTurnAcceleration / (c * c))
                    track = FollowTrack(route: route, times: tau, range: plan.range, elevations: elevations,
                                        heading: headingRule, lookAhead: lookAhead, targets: targets)
                }
                return Piece(range: plan.range, warp: plan.warp, track: track, flyGapAfter: plan.flyGapAfter)
            }
        }
        var pieces = followPieces(piecePlans, distance: followDistance)
        // The planned centre's fastest pace (a route whose recorded speed peaks above its 95th
        // percentile, or that is too long for its duration to be followed closer than it is framed):
        // follow from further out, so it stays under ``followPeakScreenSpeed``, even from beyond the
        // framing distance (at most 4 times it).
        func widenForPeakSpeed() {
            for _ in 0..<4 where options.distance == nil {
                let peak = pieces.map { ($0.track?.peakSpeed ?? 0) * $0.warp.rate }.max() ?? 0
                guard peak > Self.followPeakScreenSpeed * followDistance * screenHeightsPerMetre else { break }
                let needed = peak / (0.95 * Self.followPeakScreenSpeed * screenHeightsPerMetre)
                let wider = max(followDistance, min(needed, 4 * framed.distance))
                guard wider > followDistance else { break }
                followDistance = wider
                piecePlans = plannedPieces(followDistance)
                pieces = followPieces(piecePlans, distance: followDistance)
            }
        }
        widenForPeakSpeed()
        // A gap flown on a van Wijk path in less time than its size needs (equal timing gives it one
        // leg's share; idle compression 1 s) would sweep the view faster than `check` allows: it gets
        // the time it needs. Where the route part has a duration to keep (equal or distance timing, or
        // recorded timing with a duration), the other legs give that time back in proportion (at most
        // half of theirs); otherwise the flight grows longer.
        // Whether piece `q` is too short to ease into and out of and lies between two flights that
        // are not following (gap flights, or the fly-in or pull-out): it is flown over (phase 2).
        func isFlownOver(_ q: Int) -> Bool {
            guard options.gaps == .fly, pieces.count > 1,
                  tau[pieces[q].range.upperBound] - tau[pieces[q].range.lowerBound] < Self.minimumPieceDuration else { return false }
            let flightBefore = q == 0 ? options.intro > 0 : pieces[q - 1].flyGapAfter
            let flightAfter = q == pieces.count - 1 ? options.outro > 0 : pieces[q].flyGapAfter
            return flightBefore && flightAfter
        }
        // Where the gap flight after piece `p` takes off: the end of `p`, or the start of a first piece
        // flown over (the fly-in's landing).
        func takeoff(from p: Int) -> Int {
            p == 0 && isFlownOver(0) ? pieces[0].range.lowerBound : pieces[p].range.upperBound
        }
        // The piece each gap flight lands on and the point it lands at: the start of the next piece,
        // past pieces flown over; the end of the route when that takes in the last piece.
        func landing(after p: Int) -> (piece: Int, point: Int) {
            var q = p + 1
            if options.gaps == .fly && pieces[p].flyGapAfter {
                while q + 1 < pieces.count && isFlownOver(q) { q += 1 }
                if q == pieces.count - 1 && isFlownOver(q) { return (q, pieces[q].range.upperBound) }
            }
            return (q, pieces[q].range.lowerBound)
        }
        var stretchedGaps: [(k: Int, j: Int, from: Double, to: Double)] = []
        var p = 0
        while p + 1 < pieces.count {
            let (q, j) = landing(after: p)
            defer { p = q }
            guard pieces[p].flyGapAfter else { continue }
            let k = takeoff(from: p)
            let dt = tau[j] - tau[k]
            let fromHeading = pieces[p].track.map { k == pieces[p].range.lowerBound ? $0.heading[0] : $0.heading[$0.heading.count - 1] } ?? 0
            let landingHeading = pieces[q].track.map { j == pieces[q].range.lowerBound ? $0.heading[0] : $0.heading[$0.heading.count - 1] }
            let toHeading = Angles.unwrappedAngle(landingHeading ?? fromHeading, near: fromHeading)
            let a = MapCamera(centerCoordinate: points[k].coordinate, distance: followDistance, heading: fromHeading, pitch: pitch)
            let b = MapCamera(centerCoordinate: points[j].coordinate, distance: followDistance, heading: toHeading, pitch: pitch)
            let needed = EasedFlyTo(from: a, to: b, framing: framing, rho: options.rho, keepingEndsInView: true)
                .minimumDuration(within: Self.gapFlightLimits(maxTurnRate: options.maxTurnRate), aspectRatio: framing.aspectRatio)
            if dt < needed { stretchedGaps.append((k, j, dt, needed)) }
        }
        if !stretchedGaps.isEmpty {
            let total = tau[n - 1] - tau[0]
            let extra = stretchedGaps.reduce(0) { $0 + $1.to - $1.from }
            let keepsDuration = options.timing != .recorded || options.duration != nil
            let rest = total - stretchedGaps.reduce(0) { $0 + $1.from }
            let scale = keepsDuration && rest > 0 ? max((rest - extra) / rest, 0.5) : 1
            // The legs a stretched flight spans keep their times, the first one taking the extra; the
            // others give time back by `scale`.
            var fixed = [Double?](repeating: nil, count: n - 1)
            for g in stretchedGaps {
                for leg in g.k..<g.j { fixed[leg] = tau[leg + 1] - tau[leg] }
                fixed[g.k]! += g.to - g.from
            }
            var newTau = tau
            for k in 0..<(n - 1) {
                newTau[k + 1] = newTau[k] + (fixed[k] ?? (tau[k + 1] - tau[k]) * scale)
            }
            tau = newTau
            let longer = tau[n - 1] - tau[0] - total
            let gaps = stretchedGaps.map { "point \($0.k) to \($0.j): \(FixedDecimal.string($0.from, places: 2)) s to \(FixedDecimal.string($0.to, places: 2)) s" }
            notes.append("\(stretchedGaps.count == 1 ? "a gap" : "\(stretchedGaps.count) gaps") between segments would be flown faster than the motion limits allow, and \(stretchedGaps.count == 1 ? "is" : "are") given more time (\(gaps.prefix(3).joined(separator: "; "))\(gaps.count > 3 ? "; ..." : ""))\(longer > 0.0005 ? ": the flight is \(FixedDecimal.string(longer, places: 2)) s longer" : ", taken from the other legs")")
            piecePlans = plannedPieces(followDistance)
            pieces = followPieces(piecePlans, distance: followDistance)
            widenForPeakSpeed()
        }
        let flownOver = pieces.indices.filter(isFlownOver)
        if !flownOver.isEmpty {
            // Metres along the route as read (what `route_distance` reports), not as simplified.
            func along(_ i: Int) -> Double {
                let positions = preparation.originalPositions, metres = original.cumulativeDistances
                guard i < positions.count else { return route.cumulativeDistances[i] }
                let x = min(max(positions[i], 0), Double(metres.count - 1)), k = min(Int(x), metres.count - 1)
                return k + 1 < metres.count ? metres[k] + (metres[k + 1] - metres[k]) * (x - Double(k)) : metres[k]
            }
            let named = flownOver.map { q -> String in
                let a = along(pieces[q].range.lowerBound), b = along(pieces[q].range.upperBound)
                return "\(FixedDecimal.string(b - a, places: 0)) m from \(FixedDecimal.string(a, places: 0)) m to \(FixedDecimal.string(b, places: 0)) m along the route"
            }
            notes.append("\(flownOver.count == 1 ? "a piece of route" : "\(flownOver.count) pieces of route") too short to follow (under \(FixedDecimal.string(Self.minimumPieceDuration, places: 1)) s of flight) between gap flights, the fly-in or the pull-out \(flownOver.count == 1 ? "is" : "are") flown over, not followed: \(named.prefix(3).joined(separator: "; "))\(named.count > 3 ? "; ..." : "")")
        }
        if options.distance == nil, followDistance > framed.distance {
            notes.append("the route is followed from \(FixedDecimal.string(followDistance, places: 0)) m, further out than the \(FixedDecimal.string(framed.distance, places: 0)) m that frame it whole, to keep the view within 0.45 screen heights a second: the fly-in zooms out; a longer duration follows it closer")
        }
        /// The heading a piece starts with.
        func startHeading(_ piece: Piece) -> Double {
            piece.track?.heading[0] ?? Angles.heading(from: route.start, to: route.end)
        }

        var builder = ScriptBuilder()
        builder.mergesHolds = mergesHolds
        let first = MapCamera(centerCoordinate: points[0].coordinate, distance: followDistance,
                              heading: Angles.normalizedHeading(startHeading(pieces[0])), pitch: pitch)

        // Phase 1: fly in, from rest to rest.
        let initial: MapCamera
        if options.intro > 0 {
            // North up, unless turning from north to the route's heading within the fly-in would whip
            // the camera round faster than ``transitionTurnRate``: then the overview starts turned.
            // The overview starts turned when it must, and then backs off so the route still fits.
            let turned = Self.limitedTurn(from: 0, to: first.heading, duration: options.intro, rate: transitionTurnRate)
            let overview = turned == 0 ? framed : framing.camera(framing: original, heading: turned)
            initial = overview
            builder.start(initial, elevation: elevations[0])
            let needed = EasedFlyTo(from: overview, to: first, framing: framing, rho: options.rho)
                .minimumDuration(within: Self.transitionLimits, aspectRatio: framing.aspectRatio)
            if needed > options.intro * 1.001 {
                notes.append("the fly-in moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.intro, places: 1)) s (a steep pitch, or a follow distance far from the framing one): it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
            }
            builder.easedFlyTo(first, duration: options.intro, framing: framing, rho: options.rho, elevation: elevations[0])
        } else {
            initial = first
            builder.start(initial, elevation: elevations[0])
        }

        // Phase 2: follow the route, piece by piece. A piece too short to ease into and out of
        // (``minimumPieceDuration``) between two gap flights is flown over, not followed: one van Wijk
        // flight takes the camera from the piece before to the piece after, in the time of both gaps
        // and the piece, and zooms out over it on the way. So is a short first piece after the fly-in
        // (the flight takes off where the fly-in lands) and a short last piece before the pull-out (the
        // flight lands at the route's end).
        var ride = PlannedRide()
        p = 0
        while p < pieces.count {
            let piece = pieces[p]
            let k = takeoff(from: p)
            if var track = piece.track, k != piece.range.lowerBound || piece.range.lowerBound == piece.range.upperBound || !isFlownOver(p) {
                track.unwrapLongitudes(near: builder.current.centerCoordinate.longitude)
                track.unwrapHeadings(near: builder.heading)
                ride.follow(from: builder.elapsed, warp: piece.warp, routeStart: track.start, routeTimes: tau,
                            positions: preparation.originalPositions)
                followPiece(track, warp: piece.warp, distance: followDistance, pitch: pitch, into: &builder)
            }
            guard p + 1 < pieces.count else { break }
            let (q, j) = landing(after: p)
            let dt = tau[j] - tau[k]
            let landsAtEnd = j != pieces[q].range.lowerBound
            let landingHeading = landsAtEnd ? pieces[q].track.map { $0.heading[$0.heading.count - 1] } : nil
            let next = MapCamera(centerCoordinate: points[j].coordinate, distance: followDistance,
                                 heading: Angles.unwrappedAngle(landingHeading ?? startHeading(pieces[q]), near: builder.heading), pitch: pitch)
            switch options.gaps {
            case .cut:
                builder.move(to: next, elevation: elevations[j])
            case .hold:
                builder.hold(duration: dt)
                builder.move(to: next, elevation: elevations[j])
            case .fly:
                if piece.flyGapAfter {
                    builder.easedFlyTo(next, duration: dt, framing: framing, rho: options.rho, elevation: elevations[j],
                                       keepingEndsInView: true)
                } else {
                    builder.move(to: next, elevation: elevations[j])
                }
            }
            if landsAtEnd { break }  // the last piece was flown over
            p = q
        }

        // Phase 3: pull out, from rest to rest.
        ride.arrival = builder.elapsed
        if options.outro > 0 {
            let turned = Self.limitedTurn(from: Angles.unwrappedAngle(0, near: builder.heading), to: builder.heading,
                                          duration: options.outro, rate: transitionTurnRate)
            let back = Angles.normalizedHeading(turned) == 0 ? framed : framing.camera(framing: original, heading: turned)
            var last = builder.current
            last.heading = builder.heading  // unwrapped, as the heading keyframes run
            let needed = EasedFlyTo(from: last, to: back, framing: framing, rho: options.rho)
                .minimumDuration(within: Self.transitionLimits, aspectRatio: framing.aspectRatio)
            if needed > options.outro * 1.001 {
                notes.append("the pull-out moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.outro, places: 1)) s: it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
            }
            builder.easedFlyTo(back, duration: options.outro, framing: framing, rho: options.rho,
                               elevation: builder.elevation)
        }
        var plan = FlightPlan(script: builder.script(initial: initial, initialElevation: elevations[0]), notes: notes)
        plan.routeTracking = ride.times.isEmpty ? routeTracking(duration: builder.elapsed) : .rider(ride)
        return plan
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

    /// What the fly-in and pull-out are measured against: `check`'s default limits themselves (a
    /// longer intro or outro is only suggested, in a note, never imposed).
    static let transitionLimits = EasedFlyTo.Limits(screenSpeed: 0.5, zoomRate: log(2.0), screenAcceleration: 1.0,
                                                    zoomAcceleration: 1.4, turnRate: 30, turnAcceleration: 60,
                                                    tiltRate: 20, tiltAcceleration: 40)

    /// Seconds: the shortest piece of route between two gap flights (or a gap flight and the fly-in or
    /// pull-out) that is eased from rest and back to rest; a shorter one is flown through without
    /// stopping, its gaps as legs.
    static let minimumPieceDuration = 4.5

    /// Screen heights per second the planned centre never exceeds at the default follow distance: 0.45,
    /// within `route-fly check`'s 0.5.
    static let followPeakScreenSpeed = 0.45

    /// Screen heights per second the default follow distance keeps the centre under: 0.4, within
    /// `route-fly check`'s 0.5 limit (the eases run up to 1.2 times the route's pace).
    static let followScreenSpeed = 0.4

    /// The 95th percentile of the ground speeds of the route's legs (m/s, time-weighted; gaps left
    /// out), or 0.
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

    /// Appends one piece of the route part to `builder`: the ``FollowTrack`` flown on the eased clock
    /// `warp` (flight time `t` shows the track at route time `start + warp.routeTime(t)`).
    ///
    /// Keyframes are ``followKeyframesPerSecond`` apart; every track is a cubic whose end velocities
    /// are the track's derivatives times the clock's rate, so the motion is velocity-continuous, and
    /// starts and ends at rest where the warp does.
    private func followPiece(_ track: FollowTrack, warp: ProgressWarp, distance: Double, pitch: Double,
                             into builder: inout ScriptBuilder) {
        let span = warp.span
        guard span > 0 else { return }
        let count = min(max(Int((span * Self.followKeyframesPerSecond).rounded(.up)), 1), Self.maximumFollowKeyframes)
        var previous = track.state(atRouteTime: track.start)
        var previousRate = warp.rate(at: 0)
        for j in 1...count {
            let t = j == count ? span : span * Double(j) / Double(count)
            let rate = warp.rate(at: t)
            let state = track.state(atRouteTime: j == count ? track.end : track.start + warp.routeTime(at: t))
            let v0 = previous.rate.map { $0 * previousRate }, v1 = state.rate.map { $0 * rate }
            let center = LocationCoordinate2D(latitude: state.value[0], longitude: state.value[1])
            let centerKind: CameraScript.Kind<LocationCoordinate2D> = .cubic(
                startVelocity: LocationCoordinate2D(latitude: v0[0], longitude: v0[1]),
                endVelocity: LocationCoordinate2D(latitude: v1[0], longitude: v1[1]))
            builder.step(duration: span / Double(count), center: center, centerKind: centerKind,
                         heading: state.value[3], headingKind: .cubic(startVelocity: v0[3], endVelocity: v1[3]),
                         distance: distance, pitch: pitch,
                         elevation: state.value[2], elevationKind: .cubic(startVelocity: v0[2], endVelocity: v1[2]))
            previous = state
            previousRate = rate
        }
    }
}
