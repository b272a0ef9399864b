import Foundation

extension Route {
    /// The recorded time of every point, with the gaps in the file's timing filled and its backward steps
    /// flattened: what recorded timing flies (``FlightPlanner``) and what a ``RiderGroup`` plays.
    package struct RecordedTimes: Hashable, Sendable {
        /// The time of the first timed point (UTC): the origin of ``offsets``.
        package var origin: Date
        /// Seconds from ``origin`` at which each point is reached: `points.count` values, non-decreasing,
        /// finite. Negative for untimed points before the first timed one.
        package var offsets: [Double]
        /// Seconds of each step, `points.count - 1` values, each >= 0: `offsets[k + 1] - offsets[k]` as
        /// recorded (0 where it was not positive), before any rounding of the sums.
        package var steps: [Double]
        /// Points that had no time and were given one (interpolated or extrapolated).
        package var filledTimes: Int
        /// Steps whose recorded time stood still or went backwards, flattened to no time.
        package var nonIncreasingSteps: Int
    }

    /// The points' recorded times, filled and made non-decreasing, or `nil` when fewer than 2 points
    /// carry a time.
    ///
    /// Policy, in order (the one recorded timing documents, ``FlightPlanner``):
    /// 1. Missing times are filled by interpolating, by distance along the route (gaps included: time
    ///    passes across them), between the nearest timed points before and after (evenly by index when
    ///    those are at the same place). Untimed points before the first or after the last timed point are
    ///    extrapolated at the timed part's mean moving speed (the distance over the time of its steps of
    ///    at most 60 s, so that a break between two recordings does not count), or given their timed
    ///    neighbour's time when that speed is not positive.
    /// 2. When the times are whole seconds for points a fraction of a second apart
    ///    (``ClockPattern/wholeSeconds(firstIndex:interval:sharedSteps:resolution:)``), the points that share a whole
    ///    second (a whole minute, for times written to the minute) are spread evenly over it by distance:
    ///    in a run of points `k...m` at second `s` followed by point `m + 1` at `s'`, point `j` is at
    ///    `s + min(r, s' - s) (d_j - d_k) / (d_{m+1} - d_k)` for the clock's resolution `r` (1 s, or 60 s)
    ///    and the distance `d` along the route (by index, `(j - k) / (m - k + 1)` of `r`, when they do not
    ///    move or the run ends the route), so the camera does not pulse once a second.
    /// 3. Each step that does not move forward in time (equal or backwards) takes no time: the later
    ///    points keep their recorded steps after it, so every time after a backward step is later than
    ///    recorded by the step's size.
    ///
    /// - Complexity: O(n).
    package var recordedTimes: RecordedTimes? { recordedTimes(patterns: ClockPattern.patterns(in: self)) }

    /// ``recordedTimes`` from the route's clock `patterns` (its ``ClockPattern/patterns(in:)``, found once
    /// by a caller that needs them too, ``RecordedClock``). O(n).
    func recordedTimes(patterns: [ClockPattern]) -> RecordedTimes? {
        let n = points.count
        guard let first = points.firstIndex(where: { $0.time != nil }),
              let last = points.lastIndex(where: { $0.time != nil }), last > first else { return nil }
        let origin = points[first].time!
        // Seconds from the origin, NaN where a point has none yet.
        var t = [Double](repeating: .nan, count: n)
        var timedCount = 0
        for i in first...last {
            guard let time = points[i].time else { continue }
            t[i] = time.timeIntervalSince(origin)
            timedCount += 1
        }
        let spreadsSeconds = patterns.contains { if case .wholeSeconds = $0 { true } else { false } }
        // Distance along the route, gaps included (time passes across a gap): only to fill or spread times.
        let along = timedCount < n || spreadsSeconds ? distancesIncludingGaps() : []
        var filled = Self.fillInteriorRuns(&t, along: along, from: first, to: last)
        // Leading and trailing untimed points, at the timed part's mean moving speed.
        if first > 0 || last < n - 1 {
            let speed = meanMovingSpeed(times: t, along: along, from: first, to: last)
            for k in 0..<first {
                t[k] = t[first] - (speed > 0 ? (along[first] - along[k]) / speed : 0)
                filled += 1
            }
            for k in (last + 1)..<n {
                t[k] = t[last] + (speed > 0 ? (along[k] - along[last]) / speed : 0)
                filled += 1
            }
        }

        for case .wholeSeconds(_, _, _, let resolution) in patterns {
            Self.spreadWholeSeconds(&t, along: along, resolution: resolution)
        }

        var offsets = [Double](), steps = [Double]()
        offsets.reserveCapacity(n)
        steps.reserveCapacity(n - 1)
        offsets.append(t[0])
        var nonIncreasing = 0
        for k in 0..<(n - 1) {
            let step = t[k + 1] - t[k]
            if step > 0 {
                steps.append(step)
            } else {
                steps.append(0)
                nonIncreasing += 1
            }
            offsets.append(offsets[k] + steps[k])
        }
        return RecordedTimes(origin: origin, offsets: offsets, steps: steps, filledTimes: filled,
                             nonIncreasingSteps: nonIncreasing)
    }

    /// Metres along the route to each point, gaps between segments included.
    private func distancesIncludingGaps() -> [Double] {
        var along = [Double](repeating: 0, count: points.count)
        for (i, leg) in legs.enumerated() { along[i + 1] = along[i] + leg.distance }
        return along
    }

    /// Fills each run of untimed points between two timed ones (`t` NaN there) by distance along the
    /// route, or evenly by index where the two are at one place; returns how many it filled.
    private static func fillInteriorRuns(_ t: inout [Double], along: [Double], from first: Int, to last: Int) -> Int {
        var filled = 0
        var a = first
        for b in (first + 1)...last where !t[b].isNaN {
            if b > a + 1 {
                let ta = t[a], tb = t[b], span = along[b] - along[a]
                for k in (a + 1)..<b {
                    let f = span > 0 ? (along[k] - along[a]) / span : Double(k - a) / Double(b - a)
                    t[k] = ta + (tb - ta) * f
                    filled += 1
                }
            }
            a = b
        }
        return filled
    }

    /// The longest step between two timed points counted as moving when extrapolating, 60 s: longer steps
    /// are stops or breaks (the route check's `time-gap` threshold), whose time would slow the made-up
    /// times of untimed points to a crawl (a 2-year break between two tracks made 22 km last 13 years).
    static let longestMovingStep: Double = 60

    /// The timed part's mean moving speed in m/s: the distance over the time of the steps between
    /// consecutive timed points that last more than 0 s and at most ``longestMovingStep``; the whole
    /// timed part's distance over its span when no step qualifies; 0 when that span is 0.
    ///
    /// - Complexity: O(k) for k timed points.
    private func meanMovingSpeed(times t: [Double], along: [Double], from first: Int, to last: Int) -> Double {
        var distance = 0.0, time = 0.0
        var a = first
        for b in (first + 1)...last where points[b].time != nil {
            let step = t[b] - t[a]
            if step > 0, step <= Self.longestMovingStep {
                distance += along[b] - along[a]
                time += step
            }
            a = b
        }
        if time > 0, distance > 0 { return distance / time }
        let span = t[last] - t[first]
        return span > 0 ? (along[last] - along[first]) / span : 0
    }

    /// Spreads each run of equal times evenly over its second, or its `resolution` seconds (60 for times
    /// written to the minute; policy step 2 of ``recordedTimes``).
    private static func spreadWholeSeconds(_ t: inout [Double], along: [Double], resolution: Double) {
        var k = 0
        while k < t.count {
            var m = k
            while m + 1 < t.count, t[m + 1] == t[k] { m += 1 }
            if m > k {
                let next = m + 1 < t.count ? m + 1 : nil
                let length = next.map { along[$0] - along[k] } ?? 0
                let second = next.map { max(0, min(resolution, t[$0] - t[k])) } ?? resolution
                for j in (k + 1)...m {
                    let f = length > 0 ? (along[j] - along[k]) / length : Double(j - k) / Double(m - k + 1)
                    t[j] = t[k] + second * f
                }
            }
            k = m + 1
        }
    }
}
