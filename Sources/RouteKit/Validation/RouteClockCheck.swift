import Foundation

/// The clock half of ``RouteCheck/check(_:options:zones:)``: what the route's patterns
/// (``ClockPattern``) already say, and the findings and speeds of its timed legs.
///
/// A value built once per check; each step reads it and returns its findings in point order.
struct RouteClockCheck {
    let route: Route
    let points: [RoutePoint]
    let legs: [Route.Leg]
    let options: RouteCheck.Options
    /// The number of timed points.
    let timed: Int
    /// The clock patterns (`ClockPattern.patterns(in:)`), each one finding for what one cause explains.
    let patterns: [ClockPattern]
    let oneInstant: Bool
    let newestFirst: Bool
    let wholeSeconds: Bool
    /// The pieces saved reversed: their own backward steps are said once, by the pattern.
    let reversedPieces: [Range<Int>]
    /// The route's pieces when it has more than one segment.
    let pieces: RoutePieces?
    /// Timed pieces saved out of order (their times' chain jumps much less: one `pieces-out-of-order`):
    /// the clock's steps across segment breaks are the shuffle's, said by that finding.
    let shuffledByTimes: Bool

    init(_ route: Route, options: RouteCheck.Options) {
        self.route = route
        points = route.points
        legs = route.legs
        self.options = options
        timed = route.timedPointCount
        let patterns = ClockPattern.patterns(in: route)
        self.patterns = patterns
        oneInstant = patterns.contains { if case .sameInstant = $0 { true } else { false } }
        newestFirst = patterns.contains { if case .newestFirst = $0 { true } else { false } }
        reversedPieces = patterns.compactMap { if case .pieceNewestFirst(let segment, _, _, _) = $0 { route.segments[segment] } else { nil } }
        let pieces = route.segments.count > 1 ? RoutePieces(route) : nil
        self.pieces = pieces
        shuffledByTimes = pieces.map { $0.isChainedByTimes && $0.seemsOutOfOrder(threshold: options.pieceGap) && !RouteCheck.isInRecordedOrder(route) } ?? false
        wholeSeconds = patterns.contains { if case .wholeSeconds = $0 { true } else { false } }
    }

    private func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
    private func stamp(_ d: Date) -> String { ISO8601.string(from: d) }

    // MARK: Points

    /// `time-missing` or `time-partial`, the patterns' findings, then `time-before-gps-epoch`.
    func pointFindings() -> [Finding] {
        var findings: [Finding] = []
        if timed == 0 {
            findings.append(Finding(.note, .timeMissing,
                "No point has a time: recorded timing is impossible; distance and equal timing still work."))
        } else if timed < points.count, let first = points.firstIndex(where: { $0.time == nil }) {
            findings.append(Finding(.warning, .timePartial, index: first,
                "\(points.count - timed) of \(points.count) points have no time (the first is point \(first))."))
        }
        findings += patterns.map { $0.finding(in: route) }
        let gpsEpoch = RouteCheck.gpsEpoch
        if !oneInstant, let first = points.firstIndex(where: { ($0.time ?? gpsEpoch) < gpsEpoch }) {
            let count = points.reduce(0) { $0 + (($1.time ?? gpsEpoch) < gpsEpoch ? 1 : 0) }
            findings.append(Finding(.warning, .timeBeforeGpsEpoch, index: first, time: .recorded(points[first].time),
                "\(count) point\(count == 1 ? "" : "s") have times before the GPS epoch (1980-01-06), from \(stamp(points[first].time!)): the recorder's clock was not set."))
        }
        return findings
    }

    // MARK: Timed legs

    /// Calls `body` for each timed leg (from one timed point to the next) in point order: its ends `p` and
    /// `i` (not adjacent when points between are untimed), seconds `dt`, geodesic metres `distance`, and
    /// whether it crosses a segment break. Computed again for each use, not kept per point.
    func forEachTimedLeg(_ body: (_ p: Int, _ i: Int, _ dt: Double, _ distance: Double, _ crossesGap: Bool) -> Void) {
        var previousTimed: Int? = nil
        for i in points.indices {
            guard let t = points[i].time else { continue }
            if let p = previousTimed, let tp = points[p].time {
                let dt = t.timeIntervalSince(tp)
                let crossesGap = (p..<i).contains { legs[$0].isGap }
                let distance = (p..<i).reduce(0.0) { $0 + legs[$1].distance }
                body(p, i, dt, distance, crossesGap)
            }
            previousTimed = i
        }
    }

    private func isInReversedPiece(_ p: Int, _ i: Int) -> Bool { reversedPieces.contains { $0.contains(p) && $0.contains(i) } }

    /// Whether the step from `p` to `i` is a `time-backwards` of its own (not one a pattern or the
    /// pieces' shuffle says).
    private func isOwnBackwardStep(_ p: Int, _ i: Int, _ dt: Double, _ crossesGap: Bool) -> Bool {
        dt < 0 && !newestFirst && !oneInstant && !isInReversedPiece(p, i) && !(crossesGap && shuffledByTimes)
    }

    /// A step into or out of a reversed piece whose gap is the reversal's: flown last point first, the
    /// piece's other end is at most the gap threshold from p's (or i's) time.
    private func isReversalGap(_ p: Int, _ i: Int) -> Bool {
        reversedPieces.contains { piece in
            let first = piece.lowerBound, last = piece.upperBound - 1
            if i == first, !piece.contains(p), let t = points[last].time, let tp = points[p].time {
                return (0...options.gap).contains(t.timeIntervalSince(tp))
            }
            if p == last, !piece.contains(i), let t = points[first].time, let ti = points[i].time {
                return (0...options.gap).contains(ti.timeIntervalSince(t))
            }
            return false
        }
    }

    /// The timed points around each backward step (few: a file of many is a pattern).
    private func backwardSteps() -> [(from: Int, to: Int, seconds: Double)] {
        var steps: [(from: Int, to: Int, seconds: Double)] = []
        if !newestFirst, !oneInstant {
            forEachTimedLeg { p, i, dt, _, crossesGap in
                if isOwnBackwardStep(p, i, dt, crossesGap) { steps.append((p, i, -dt)) }
            }
        }
        return steps
    }

    /// For the backward step from p to i: which point slipped, when a gap next to it is the same slip
    /// (the gap into p, or out of i, at most twice the step back); "" otherwise.
    private func slipNote(_ p: Int, _ i: Int) -> String {
        let back = points[p].time!.timeIntervalSince(points[i].time!)
        if let before = points[..<p].lastIndex(where: { $0.time != nil }),
           let ahead = Optional(points[p].time!.timeIntervalSince(points[before].time!)),
           ahead > options.gap, back >= ahead / 2 {
            return "; point \(p) is \(num(ahead, 3)) s ahead of point \(before) too: one slip of the clock at point \(p)"
        }
        if let after = points[(i + 1)...].firstIndex(where: { $0.time != nil }),
           let behind = Optional(points[after].time!.timeIntervalSince(points[i].time!)),
           behind > options.gap, back >= behind / 2 {
            return "; point \(after) is \(num(behind, 3)) s after it: one slip of the clock at point \(i)"
        }
        return ""
    }

    /// Appends each timed leg's `time-backwards`, `time-equal-while-moving` or `time-gap` to `findings`
    /// and returns the speed (m/s) and duration (s) of the legs that move (inside a segment, at least
    /// 0.05 s, faster than ``RouteCheck/movingSpeed``), in point order.
    ///
    /// A gap next to a backward step of at least its size is the same slip of the clock (one point written
    /// years ahead makes a gap into it and a step back out of it): the step's error says it, not a gap.
    func legFindings(into findings: inout [Finding]) -> [(speed: Double, dt: Double)] {
        let backwardSteps = backwardSteps()
        func isClockSlip(_ p: Int, _ i: Int, _ dt: Double) -> Bool {
            backwardSteps.contains { ($0.from == i || $0.to == p) && $0.seconds >= dt / 2 }
        }
        var moving: [(speed: Double, dt: Double)] = []
        moving.reserveCapacity(max(timed - 1, 0))
        forEachTimedLeg { p, i, dt, distance, crossesGap in
            let t = points[i].time!, tp = points[p].time!
            if isOwnBackwardStep(p, i, dt, crossesGap) {
                findings.append(Finding(.error, .timeBackwards, index: i, time: .recorded(t),
                    "Point \(i)'s time \(stamp(t)) is \(num(-dt, -dt < 0.001 ? 7 : 3)) s\(DurationText.daysSuffix(-dt)) before point \(p)'s \(stamp(tp))\(crossesGap ? " (across a segment break)" : "")\(slipNote(p, i))."))
            } else if dt == 0, distance > 0, !oneInstant, !wholeSeconds {
                findings.append(Finding(.warning, .timeEqualWhileMoving, index: i, time: .recorded(t),
                    "Point \(i) has the same time as point \(p) (\(stamp(t))) but is \(num(distance, 1)) m away: an infinite speed."))
            } else if dt > options.gap, !isClockSlip(p, i, dt), !isReversalGap(p, i), !(crossesGap && shuffledByTimes) {
                findings.append(Finding(.warning, .timeGap, index: i, time: .recorded(t),
                    "\(num(dt, 1)) s\(DurationText.daysSuffix(dt)) pass between point \(p) and point \(i) (\(crossesGap ? "across a segment break; " : "")more than \(num(options.gap, 1)) s)."))
            }
            // A leg to or from (0, 0), a fix the device never had, tells nothing of how it moved.
            if dt > 0, !crossesGap, dt >= 0.05, distance / dt > RouteCheck.movingSpeed, !points[p].isAtNullIsland, !points[i].isAtNullIsland {
                moving.append((distance / dt, dt))
            }
        }
        return moving
    }

    /// The `speed-implausible` findings of the legs inside segments faster than `limit` (m/s), in point
    /// order; `activity` names the limit's activity when ``RouteCheck/Options/maxSpeed`` is `nil`.
    func speedFindings(limit: Double, activity: RouteCheck.Activity?) -> [Finding] {
        var findings: [Finding] = []
        forEachTimedLeg { _, i, dt, distance, crossesGap in
            guard dt > 0, !crossesGap, !oneInstant else { return }
            let speed = distance / dt
            guard speed > limit else { return }
            findings.append(Finding(.warning, .speedImplausible, index: i, time: .recorded(points[i].time),
                "The leg to point \(i) covers \(num(distance, 1)) m in \(num(dt, 3)) s: \(num(speed, 1)) m/s, over the limit of \(num(limit, 1)) m/s\(options.maxSpeed == nil ? " for \(activity!.rawValue)" : "")."))
        }
        return findings
    }
}
