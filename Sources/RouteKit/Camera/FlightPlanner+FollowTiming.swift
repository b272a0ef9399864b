import Foundation

extension FlightPlanner {
    /// The route the `follow` camera flies: `original` without duplicate points, simplified by
    /// ``FlightOptions/simplify`` (a tolerance of 0 only drops duplicates; `nil`: the route's
    /// ``Route/defaultSimplifyTolerance``, or none with recorded timing, which keeps every moving point
    /// and the ends of stops: simplifying would spread the removed points' times evenly over the kept
    /// legs), with a note saying what was dropped and added.
    ///
    /// - Throws: ``FlightPlanError/untimedRoute(timedPoints:points:)`` or ``FlightPlanError/brokenClock(_:)``
    ///   for recorded timing without a usable clock, ``FlightPlanError/tooFewPoints(_:)`` for fewer than 2
    ///   points, ``FlightPlanError/noMovement(points:)`` when every point is at one place.
    /// - Complexity: O(n log n) typical for n points (``Route/preparation(simplifyTolerance:keepingStops:)``).
    func preparedForFollowing(_ original: Route, notes: inout [String]) throws(FlightPlanError) -> Route.Preparation {
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
        return preparation
    }

    /// The clock of the route part of a `follow` flight over the prepared `route` (read as `original`):
    /// ``FlightOptions/timing`` (distance by default) over ``FlightOptions/duration`` (30 s by default),
    /// or, for recorded timing, the recorded times over `duration` or sped up by
    /// ``FlightOptions/speedup``, idle steps compressed by ``FlightOptions/skipIdle``. Notes say what
    /// was made up or compressed, and when the route part is too short to see.
    ///
    /// - Throws: ``FlightPlanError/untimedRoute(timedPoints:points:)`` when the recorded times cannot
    ///   be read; ``FlightPlanError/tooLong(seconds:longestStep:)`` for a route part longer than
    ///   ``maximumFollowDuration``, naming the longest recorded step.
    /// - Complexity: O(n) for n points.
    func routePartTiming(_ route: Route, original: Route, notes: inout [String]) throws(FlightPlanError) -> FlightTiming {
        let timing: FlightTiming
        let duration = options.duration ?? FlightOptions.Preset.follow.defaultDuration
        switch options.timing ?? .distance {
        case .equal:
            timing = FlightTiming.equalSteps(for: route, duration: duration, flyingGaps: options.gaps != .cut)
        case .distance:
            timing = FlightTiming.distance(for: route, duration: duration, flyingGaps: options.gaps != .cut)
        case .recorded:
            timing = try recordedTiming(route, original: original)
            notes += recordedTimingNotes(timing, route: route, original: original)
        }
        if let asked = options.duration, asked < 1, route.length > 0 {
            notes.append("the route part lasts only \(String(format: "%.3g", asked)) s, as asked: the camera crosses \(FixedDecimal.string(route.length, places: 0)) m of route in that time, too fast to see")
        }
        if timing.duration > Self.maximumFollowDuration {
            throw .tooLong(seconds: timing.duration, longestStep: options.timing == .recorded ? Self.longestStep(of: original) : nil)
        }
        return timing
    }

    /// The recorded clock: over ``FlightOptions/duration`` if given, else sped up by ``FlightOptions/speedup``.
    private func recordedTiming(_ route: Route, original: Route) throws(FlightPlanError) -> FlightTiming {
        let idle = options.skipIdle.map { FlightTiming.IdleCompression(threshold: $0) }
        do {
            if let d = options.duration { return try FlightTiming.recorded(for: route, duration: d, idle: idle) }
            return try FlightTiming.recorded(for: route, speedup: options.speedup ?? 1, idle: idle)
        } catch {
            throw .untimedRoute(timedPoints: original.timedPointCount, points: original.points.count)
        }
    }

    /// What recorded timing made up or changed: times interpolated for most points, a clock that
    /// spans under a second, points timed by distance, steps flown in no time, idle steps compressed.
    private func recordedTimingNotes(_ timing: FlightTiming, route: Route, original: Route) -> [String] {
        var notes: [String] = []
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
        if r.nonIncreasingSteps > 0 {
            notes.append("\(count(r.nonIncreasingSteps, "step")) where the recorded time stands still or goes backwards \(were(r.nonIncreasingSteps)) flown in no time"
                         + (Self.largestBackwardStep(of: original) ?? ""))
        }
        if r.compressedIdleSteps > 0 { notes.append("\(count(r.compressedIdleSteps, "idle step")) (\(FixedDecimal.string(r.compressedIdleTime, places: 0)) s recorded) \(were(r.compressedIdleSteps)) flown in 1 s each") }
        return notes
    }

    /// The largest step back in the file's recorded times, in words (after a step's note), or `nil` when
    /// no time goes back: the points and times, so that a clock reset mid-recording is found.
    private static func largestBackwardStep(of original: Route) -> String? {
        var largest: (from: Int, to: Int, seconds: Double)? = nil
        var last: (index: Int, time: Date)? = nil
        for (k, point) in original.points.enumerated() {
            guard let time = point.time else { continue }
            if let last, last.time > time, last.time.timeIntervalSince(time) > (largest?.seconds ?? 0) {
                largest = (last.index, k, last.time.timeIntervalSince(time))
            }
            last = (k, time)
        }
        return largest.map { step in
            let (a, b) = (original.points[step.from].time!, original.points[step.to].time!)
            return " (the largest goes \(FixedDecimal.string(step.seconds, places: 3)) s back, from point \(step.from) at \(ISO8601.string(from: a)) to point \(step.to) at \(ISO8601.string(from: b)): the later times are flown at their own pace after it; the route check lists every one)"
        }
    }

    /// Where the time of a too-long flight goes, in words: usually one broken timestamp, or a night
    /// between two days (``Route/longestTimeGap``).
    private static func longestStep(of original: Route) -> String? {
        original.longestTimeGap.map { gap -> String in
            let a = original.points[gap.index], b = original.points[gap.index + 1]
            return "the longest step, \(String(format: "%.3g", gap.seconds)) s recorded, runs from point \(gap.index) (\(a.time.map { ISO8601.string(from: $0) } ?? "?")) to point \(gap.index + 1) (\(b.time.map { ISO8601.string(from: $0) } ?? "?"))"
        }
    }
}
