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
        // A fifth of the framing distance, and far enough that the route part's ground speed stays
        // under ``followScreenSpeed`` screen heights a second (the 95th percentile of the legs' speeds).
        let groundSpeed = Self.typicalGroundSpeed(route, times: timing.times)
        let screenHeightsPerMetre = 2 * tan(framing.verticalFieldOfView * .pi / 360)
        let calm = groundSpeed * 1.2 / (Self.followScreenSpeed * screenHeightsPerMetre)
        let followDistance = options.distance ?? min(max(framed.distance / 5, 300, calm), 50_000)
        let pitch = options.pitch ?? 45
        let lookAhead = options.lookAhead ?? min(max(followDistance / 3, 25), 5000)
        let points = route.points
        let n = points.count
        let tau = timing.times  // route time of each point, seconds

        // Headings: at every point, and at the point `lookAhead` metres before each corner that ends a
        // leg longer than the look-ahead, so a straight leg faces its own direction until then.
        let keys = headingKeys(route, times: tau, lookAhead: lookAhead)

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

        var builder = ScriptBuilder()
        builder.mergesHolds = mergesHolds
        let first = MapCamera(centerCoordinate: points[0].coordinate, distance: followDistance,
                              heading: normalizedHeading(keys.heading(atRouteTime: 0)), pitch: pitch)

        // Phase 1: fly in, from rest to rest.
        let initial: MapCamera
        if options.intro > 0 {
            // North up, unless turning from north to the route's heading within the fly-in would whip
            // the camera round faster than ``transitionTurnRate``: then the overview starts turned.
            var overview = framed
            overview.heading = Self.limitedTurn(from: 0, to: first.heading, duration: options.intro,
                                                rate: transitionTurnRate)
            initial = overview
            builder.start(initial, elevation: elevations[0])
            builder.easedFlyTo(first, duration: options.intro, framing: framing, rho: options.rho, elevation: elevations[0])
        } else {
            initial = first
            builder.start(initial, elevation: elevations[0])
        }
        // Headings relative to where the flight stands now (the script resolver unwraps again, which
        // keeps these values).
        let headingOffset = builder.heading - keys.heading(atRouteTime: 0)

        // Phase 2: follow the route, piece by piece between gaps.
        let visibleWidth = 2 * followDistance * tan(framing.verticalFieldOfView * .pi / 360) * framing.aspectRatio
        let ramp = FlightPlanner.easeDuration(routePart: timing.duration)
        var pieceStart = 0
        var restAtStart = options.intro > 0
        for k in 0..<n {
            let isEnd = k == n - 1
            let gapAfter = !isEnd && route.legs[k].isGap
            guard isEnd || gapAfter else { continue }
            let dt = isEnd ? 0 : tau[k + 1] - tau[k]
            let flyGap = gapAfter && options.gaps == .fly && route.legs[k].distance > visibleWidth && dt > 0
            let restAtEnd = isEnd ? options.outro > 0 : flyGap
            followPiece(pieceStart...k, route: route, times: tau, keys: keys, headingOffset: headingOffset,
                        elevations: elevations, distance: followDistance, pitch: pitch,
                        rampIn: restAtStart ? ramp : 0, rampOut: restAtEnd ? ramp : 0, into: &builder)
            guard gapAfter else { break }
            let next = MapCamera(centerCoordinate: points[k + 1].coordinate, distance: followDistance,
                                 heading: keys.heading(atRouteTime: tau[k + 1]) + headingOffset, pitch: pitch)
            switch options.gaps {
            case .cut:
                builder.move(to: next, elevation: elevations[k + 1])
            case .hold:
                builder.hold(duration: dt)
                builder.move(to: next, elevation: elevations[k + 1])
            case .fly:
                if flyGap {
                    builder.easedFlyTo(next, duration: dt, framing: framing, rho: options.rho, elevation: elevations[k + 1])
                } else {
                    builder.step(duration: dt, center: next.centerCoordinate, heading: next.heading,
                                 distance: next.distance, pitch: next.pitch, elevation: elevations[k + 1])
                }
            }
            pieceStart = k + 1
            restAtStart = flyGap
        }

        // Phase 3: pull out, from rest to rest.
        if options.outro > 0 {
            var back = framed
            back.heading = Self.limitedTurn(from: unwrappedAngle(0, near: builder.heading), to: builder.heading,
                                            duration: options.outro, rate: transitionTurnRate)
            builder.easedFlyTo(back, duration: options.outro, framing: framing, rho: options.rho,
                               elevation: builder.elevation)
        }
        return FlightPlan(script: builder.script(initial: initial, initialElevation: elevations[0]), notes: notes)
    }

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

    /// Keyframes per second inside an ease (the route clock is not linear there).
    static let easeSamplesPerSecond = 8.0

    /// Appends the route points `range` (one piece between gaps) to `builder`.
    ///
    /// The route clock `tau` (seconds, one value per point) is eased by a ``ProgressWarp`` over the
    /// piece, so that it starts and ends at rest where asked. Keyframes sit at every point, at every
    /// heading key, and every 1/``easeSamplesPerSecond`` s inside the eases. Between two keyframes the
    /// centre runs straight along one leg (in latitude and longitude): a linear keyframe where the
    /// clock runs at its steady rate, a cubic one with the exact velocities (leg velocity times the
    /// clock's rate) inside the eases, which stays on the leg because both velocities point along it.
    /// Heading and elevation are monotone cubics (``ElevationSmoothing/monotoneTangents(_:at:)``) through
    /// their values at the keyframes: velocity-continuous, never overshooting.
    private func followPiece(_ range: ClosedRange<Int>, route: Route, times tau: [Double], keys: HeadingKeys,
                             headingOffset: Double, elevations: [Double], distance: Double, pitch: Double,
                             rampIn: Double, rampOut: Double, into builder: inout ScriptBuilder) {
        let t0 = tau[range.lowerBound], span = tau[range.upperBound] - t0
        guard span > 0 else { return }
        let warp = ProgressWarp(span: span, rampIn: rampIn, rampOut: rampOut)
        // Keyframe times (flight seconds from the piece's start).
        var times: [Double] = range.map { warp.flightTime(at: tau[$0] - t0) }
        for key in keys.routeTimes where key > t0 && key < t0 + span { times.append(warp.flightTime(at: key - t0)) }
        for (a, b) in [(0.0, warp.rampIn), (span - warp.rampOut, span)] where b > a {
            let count = Int(((b - a) * FlightPlanner.easeSamplesPerSecond).rounded(.up))
            for j in 1..<max(count, 1) { times.append(a + (b - a) * Double(j) / Double(count)) }
        }
        times.sort()
        var unique: [Double] = []
        for t in times where unique.last.map({ t - $0 > 1e-9 }) ?? true { unique.append(t) }
        if let last = unique.last, span - last > 1e-9 { unique.append(span) } else { unique[unique.count - 1] = span }

        // The leg containing route time r (points k and k + 1), searched forward.
        var leg = range.lowerBound
        func legIndex(_ r: Double) -> Int {
            while leg < range.upperBound - 1 && tau[leg + 1] <= r { leg += 1 }
            while leg > range.lowerBound && tau[leg] > r { leg -= 1 }
            return leg
        }
        func position(_ k: Int, _ r: Double) -> LocationCoordinate2D {
            let a = route.points[k].coordinate, b = route.points[k + 1].coordinate
            let dt = tau[k + 1] - tau[k]
            let f = dt > 0 ? min(max((r - tau[k]) / dt, 0), 1) : 1
            let lon = unwrappedAngle(b.longitude, near: a.longitude)
            return LocationCoordinate2D(latitude: a.latitude + (b.latitude - a.latitude) * f,
                                        longitude: a.longitude + (lon - a.longitude) * f)
        }
        func legVelocity(_ k: Int) -> LocationCoordinate2D {
            let a = route.points[k].coordinate, b = route.points[k + 1].coordinate
            let dt = tau[k + 1] - tau[k]
            guard dt > 0 else { return .zero }
            return LocationCoordinate2D(latitude: (b.latitude - a.latitude) / dt,
                                        longitude: remainder(b.longitude - a.longitude, 360) / dt)
        }
        func elevation(_ k: Int, _ r: Double) -> Double {
            let dt = tau[k + 1] - tau[k]
            let f = dt > 0 ? min(max((r - tau[k]) / dt, 0), 1) : 1
            return elevations[k] + (elevations[k + 1] - elevations[k]) * f
        }
        // Values at every keyframe time.
        var centers: [LocationCoordinate2D] = [], heights: [Double] = [], legs: [Int] = []
        var previous = unique[0]
        for (j, t) in unique.enumerated() {
            let r = t0 + warp.routeTime(at: t)
            // The leg of the step that ends here: the one containing the middle of the step.
            let k = j == 0 ? range.lowerBound : legIndex(t0 + warp.routeTime(at: (previous + t) / 2))
            legs.append(k)
            if range.count == 1 {
                centers.append(route.points[k].coordinate)
                heights.append(elevations[k])
            } else {
                centers.append(j == unique.count - 1 ? route.points[range.upperBound].coordinate : position(k, r))
                heights.append(j == unique.count - 1 ? elevations[range.upperBound] : elevation(k, r))
            }
            previous = t
        }
        let slopes = ElevationSmoothing.monotoneTangents(heights, at: unique)
        // Headings on their own keyframes: at the heading keys only (a regular grid of route time),
        // so that the cubics through them are not pinched between keys a few milliseconds apart.
        var headingTimes: [Double] = [0]
        for key in keys.routeTimes where key > t0 && key < t0 + span {
            let t = warp.flightTime(at: key - t0)
            if t - headingTimes[headingTimes.count - 1] > 1e-6 && span - t > 1e-6 { headingTimes.append(t) }
        }
        headingTimes.append(span)
        let headingValues = headingTimes.map { keys.heading(atRouteTime: t0 + warp.routeTime(at: $0)) + headingOffset }
        for j in 1..<unique.count {
            let (ta, tb) = (unique[j - 1], unique[j])
            let k = legs[j]
            let v = legVelocity(k)
            let centerKind: CameraScript.Kind<LocationCoordinate2D>
            if warp.isSteady(from: ta, to: tb) {
                centerKind = .linear(.linear)
            } else {
                centerKind = .cubic(startVelocity: v.scaled(by: warp.rate(at: ta)), endVelocity: v.scaled(by: warp.rate(at: tb)))
            }
            var c = centers[j]
            c.longitude = unwrappedAngle(c.longitude, near: builder.current.centerCoordinate.longitude)
            let e = heights[j]
            let elevationKind: CameraScript.Kind<Double> = slopes[j - 1] == 0 && slopes[j] == 0 && e == builder.elevation
                ? .linear(.linear) : .cubic(startVelocity: slopes[j - 1], endVelocity: slopes[j])
            builder.step(duration: tb - ta, center: c, centerKind: centerKind, heading: nil, distance: distance,
                         pitch: pitch, elevation: e, elevationKind: elevationKind)
        }
        builder.appendHeadings(headingValues, at: headingTimes)
    }

    /// Heading keys of the `along` heading (or the fixed and endpoint headings) in route time.
    private func headingKeys(_ route: Route, times tau: [Double], lookAhead: Double) -> HeadingKeys {
        switch options.heading {
        case .endpoints:
            return HeadingKeys(routeTimes: [0], headings: [RouteKit.heading(from: route.start, to: route.end)])
        case .fixed(let h):
            return HeadingKeys(routeTimes: [0], headings: [h])
        case .along:
            return alongKeys(route, times: tau, lookAhead: lookAhead)
        }
    }

    /// Seconds of route time over which the `along` heading's turns are rounded (a centred box filter).
    static let turnSmoothingWindow = 1.0

    /// Seconds of route time between heading keys of the `along` heading.
    static let headingKeyInterval = 0.1
    /// The most heading keys one flight gets (the interval grows for very long flights).
    static let maximumHeadingKeys = 200_000

    /// The `along` heading on a regular grid of route time: at each key, the geodesic azimuth from the
    /// centre's *position* (interpolated along the route, as the centre flies it) to the centroid of the
    /// route's next `lookAhead` metres (8 positions along it), so that a straight leg faces its own
    /// direction up to `lookAhead` metres before its end and the camera turns between there and the
    /// corner, facing the next leg's direction from the corner on. The centroid, unlike a single point
    /// ahead, averages GPS noise over the look-ahead and turns without a kink. Held while the centroid
    /// is closer than 5 m (stops). Then smoothed by a centred moving average over a window of
    /// a quarter of the look-ahead (GPS noise), and bounded in turn rate (``FlightOptions/maxTurnRate``,
    /// a forward slew-rate limiter), its turns rounded by a box filter over ``turnSmoothingWindow`` s.
    private func alongKeys(_ route: Route, times tau: [Double], lookAhead: Double) -> HeadingKeys {
        let n = route.points.count
        let d = route.cumulativeDistances
        let total = tau[n - 1]
        let interval = max(Self.headingKeyInterval, total / Double(Self.maximumHeadingKeys))
        let count = max(Int((total / interval).rounded(.up)), 1)
        var keyTimes: [Double] = (0...count).map { min(Double($0) * interval, total) }
        keyTimes[count] = total
        // Position (distance along the route and coordinate) at a route time, and the coordinate at a distance.
        var leg = 0
        func locate(_ r: Double) -> (Double, LocationCoordinate2D) {
            while leg < n - 2 && tau[leg + 1] <= r { leg += 1 }
            let dt = tau[leg + 1] - tau[leg]
            let f = dt > 0 ? min(max((r - tau[leg]) / dt, 0), 1) : 1
            return (d[leg] + (d[leg + 1] - d[leg]) * f, interpolate(leg, f))
        }
        func interpolate(_ k: Int, _ f: Double) -> LocationCoordinate2D {
            let a = route.points[k].coordinate, b = route.points[k + 1].coordinate
            let lon = unwrappedAngle(b.longitude, near: a.longitude)
            return LocationCoordinate2D(latitude: a.latitude + (b.latitude - a.latitude) * f,
                                        longitude: a.longitude + (lon - a.longitude) * f)
        }
        func coordinate(atDistance s: Double) -> LocationCoordinate2D {
            if s >= d[n - 1] { return route.end }
            var low = 0, high = n - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if d[mid] <= s { low = mid } else { high = mid }
            }
            let length = d[low + 1] - d[low]
            return interpolate(low, length > 0 ? (s - d[low]) / length : 0)
        }
        var raw: [Double?] = []
        raw.reserveCapacity(keyTimes.count)
        var distances: [Double] = []
        for r in keyTimes {
            let (s, here) = n >= 2 ? locate(r) : (0, route.start)
            distances.append(s)
            // The centroid of the route's next `lookAhead` metres (8 positions, unwrapped near here).
            var latitude = 0.0, longitude = 0.0
            for j in 1...8 {
                let c = coordinate(atDistance: s + lookAhead * Double(j) / 8)
                latitude += c.latitude / 8
                longitude += unwrappedAngle(c.longitude, near: here.longitude) / 8
            }
            let target = LocationCoordinate2D(latitude: latitude, longitude: longitude)
            let inverse = Geodesic.wgs84.inverse(from: here, to: target)
            raw.append(inverse.distance >= 5 ? normalizedHeading(inverse.initialAzimuth) : nil)
        }
        guard let firstGood = raw.firstIndex(where: { $0 != nil }) else {
            return HeadingKeys(routeTimes: [0], headings: [RouteKit.heading(from: route.start, to: route.end)])
        }
        var held = raw[firstGood]!
        var headings: [Double] = []
        headings.reserveCapacity(raw.count)
        for h in raw {
            let value = unwrappedAngle(h ?? held, near: headings.last ?? held)
            if h != nil { held = value }
            headings.append(value)
        }
        headings = HeadingPlanner.movingAverage(headings, at: distances, window: lookAhead / 4)
        headings = HeadingPlanner.clampedTurnRate(headings, times: keyTimes, maxTurnRate: options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate)
        // The limiter turns at full rate or not at all; a one-second box filter in time rounds the
        // starts and stops of its turns (turn acceleration at most the rate per second).
        headings = HeadingPlanner.movingAverage(headings, at: keyTimes, window: Self.turnSmoothingWindow)
        return HeadingKeys(routeTimes: keyTimes, headings: headings)
    }
}

/// Headings at route times (non-decreasing), unwrapped; linear in between.
struct HeadingKeys {
    var routeTimes: [Double]
    var headings: [Double]

    func heading(atRouteTime r: Double) -> Double {
        guard let first = routeTimes.first else { return 0 }
        if r <= first || routeTimes.count == 1 { return headings[0] }
        if r >= routeTimes[routeTimes.count - 1] { return headings[headings.count - 1] }
        var low = 0, high = routeTimes.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if routeTimes[mid] <= r { low = mid } else { high = mid }
        }
        let dt = routeTimes[high] - routeTimes[low]
        let f = dt > 0 ? (r - routeTimes[low]) / dt : 1
        return headings[low] + (headings[high] - headings[low]) * f
    }
}
