import Foundation

/// A pattern in a route's recorded clock that one cause explains: many findings of one kind (times going
/// back at every step, equal times at every step) that are really one fault, said once with its fix.
///
/// Recognised from the timed points in file order (untimed points are skipped); a *step* is from one timed
/// point to the next timed one.
///
/// - ``sameInstant(_:points:)``: at least 2 timed points, all within ``sameInstantTolerance`` (1 ms) of the
///   first, on a route that moves: a placeholder (1970-01-01, 2000-01-01) or a logger that wrote one instant.
/// - ``newestFirst(firstIndex:backwardSteps:steps:)``: at least 2 steps go back in time and more go back
///   than forward: the file was written newest-first.
/// - ``pieceNewestFirst(segment:firstIndex:backwardSteps:steps:)``, one per piece: on a route of several
///   pieces (``Route/segments``) of which at least one runs forward (more of its steps forward than back),
///   a piece of which at least 2 steps go back in time and more go back than forward: that piece was saved
///   reversed, times and all (a drawing tool's reversed line, a track joined the wrong way round). Checked
///   before ``newestFirst(firstIndex:backwardSteps:steps:)``, which is for a file whose pieces all run back.
/// - ``wholeSeconds(firstIndex:interval:sharedSteps:resolution:)``: at least 10 timed points, every time a
///   whole second, and at least as many steps between points that move stay within their second as advance:
///   a logger of several points a second that wrote its times rounded to the second. The interval is
///   the time over the steps from the first point of the second run of equal times to the first of the
///   last (the whole timed span over all its steps when there are fewer than 3 runs). The resolution
///   is the clock's: 60 s when every time is a whole minute (a CSV written `2020-06-01 10:00`), else 1 s.
/// - ``fitEpoch(_:)``: the first time falls on the day that starts at the FIT epoch (``fitEpoch``,
///   1989-12-31T00:00:00Z): a FIT device whose clock was never set counts from 0.
package enum ClockPattern: Hashable, Sendable {
    case sameInstant(Date, points: Int)
    /// `firstIndex`: the later point of the first backward step.
    case newestFirst(firstIndex: Int, backwardSteps: Int, steps: Int)
    /// `segment`: the piece's index in ``Route/segments``; `firstIndex`: the later point of its first
    /// backward step; `backwardSteps` of its `steps` (between its own timed points) go back.
    case pieceNewestFirst(segment: Int, firstIndex: Int, backwardSteps: Int, steps: Int)
    /// `firstIndex`: the first point that shares its second with the timed point before it;
    /// `interval`: seconds between points (about 0.1 for a 10 Hz log); `sharedSteps`: how many steps do;
    /// `resolution`: seconds the times are written to, 1 or 60 (whole minutes).
    case wholeSeconds(firstIndex: Int, interval: Double, sharedSteps: Int, resolution: Double)
    case fitEpoch(Date)

    /// Seconds within which every time is one instant, 0.001: finer than any logger's step (a 20 Hz
    /// logger steps 0.05 s), coarser than the rounding of a sentinel written with 3 or 7 decimals
    /// (gpxpy's Mojstrovka.gpx: 0.0003 s between two spellings of 1901-12-13T20:45:52).
    package static let sameInstantTolerance = 0.001
    /// The FIT epoch, 1989-12-31T00:00:00Z (Unix time 631 065 600 s): FIT files count seconds from it
    /// (Garmin FIT SDK, "date_time" type). A converter that drops it writes times 631 065 600 s early.
    package static let fitEpoch = Date(timeIntervalSince1970: 631_065_600)

    /// The patterns of `route`'s clock, in the order of the cases above (the same instant, the pieces
    /// newest-first, the whole file newest-first and whole seconds exclude one another).
    ///
    /// - Complexity: O(n) for n points.
    package static func patterns(in route: Route) -> [ClockPattern] {
        let points = route.points
        let timed = points.indices.filter { points[$0].time != nil }
        guard let first = timed.first, let start = points[first].time else { return [] }
        var found: [ClockPattern] = []
        let along = route.distancesAlong
        if timed.count >= 2, route.length > 0,
           timed.allSatisfy({ abs(points[$0].time!.timeIntervalSince(start)) <= sameInstantTolerance }) {
            found.append(.sameInstant(start, points: timed.count))
        } else if case let reversed = piecesNewestFirst(route), !reversed.isEmpty {
            found += reversed
        } else if let back = newestFirst(timed, points) {
            found.append(back)
        } else if let whole = wholeSeconds(timed, points, along: along) {
            found.append(whole)
        }
        if start >= fitEpoch, start < fitEpoch.addingTimeInterval(86_400) { found.append(.fitEpoch(start)) }
        return found
    }

    private static func newestFirst(_ timed: [Int], _ points: [RoutePoint]) -> ClockPattern? {
        var back = 0, forward = 0, firstBack: Int? = nil
        for (a, b) in zip(timed, timed.dropFirst()) {
            let dt = points[b].time!.timeIntervalSince(points[a].time!)
            if dt < 0 { back += 1; if firstBack == nil { firstBack = b } } else if dt > 0 { forward += 1 }
        }
        guard back >= 2, back > forward, let firstBack else { return nil }
        return .newestFirst(firstIndex: firstBack, backwardSteps: back, steps: timed.count - 1)
    }

    /// The pieces that run newest-first while another runs forward (see the type's rule). O(n).
    private static func piecesNewestFirst(_ route: Route) -> [ClockPattern] {
        guard route.segments.count > 1 else { return [] }
        var reversed: [ClockPattern] = [], anyForward = false
        for (segment, range) in route.segments.enumerated() {
            let timed = range.filter { route.points[$0].time != nil }
            var back = 0, forward = 0, firstBack: Int? = nil
            for (a, b) in zip(timed, timed.dropFirst()) {
                let dt = route.points[b].time!.timeIntervalSince(route.points[a].time!)
                if dt < 0 { back += 1; if firstBack == nil { firstBack = b } } else if dt > 0 { forward += 1 }
            }
            if forward > back { anyForward = true }
            if back >= 2, back > forward, let firstBack {
                reversed.append(.pieceNewestFirst(segment: segment, firstIndex: firstBack, backwardSteps: back, steps: timed.count - 1))
            }
        }
        return anyForward ? reversed : []
    }

    private static func wholeSeconds(_ timed: [Int], _ points: [RoutePoint], along: [Double]) -> ClockPattern? {
        guard timed.count >= 10,
              timed.allSatisfy({ let s = points[$0].time!.timeIntervalSince1970; return s == s.rounded() }) else { return nil }
        var shared = 0, advancing = 0, firstShared: Int? = nil
        for (a, b) in zip(timed, timed.dropFirst()) where along[b] > along[a] {
            let dt = points[b].time!.timeIntervalSince(points[a].time!)
            if dt == 0 { shared += 1; if firstShared == nil { firstShared = b } } else if dt > 0 { advancing += 1 }
        }
        guard let firstShared, shared >= advancing else { return nil }
        // The interval between the first points of the second and of the last run of equal times (whole
        // runs: the first may start mid-second); over the whole span when there are fewer than 3 runs.
        let runStarts = timed.indices.filter { $0 == 0 || points[timed[$0]].time! != points[timed[$0 - 1]].time! }
        let (from, to) = runStarts.count >= 3 ? (runStarts[1], runStarts.last!) : (0, timed.count - 1)
        let span = points[timed[to]].time!.timeIntervalSince(points[timed[from]].time!)
        let wholeMinutes = timed.allSatisfy { points[$0].time!.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 }
        return .wholeSeconds(firstIndex: firstShared, interval: span / Double(to - from), sharedSteps: shared,
                             resolution: wholeMinutes ? 60 : 1)
    }
}

extension Route {
    /// Metres along the route to each point, gaps between segments included (time passes across them):
    /// `points.count` values, non-decreasing, the first 0.
    ///
    /// - Complexity: O(n).
    package var distancesAlong: [Double] {
        var along = [Double](repeating: 0, count: points.count)
        for (i, leg) in legs.enumerated() { along[i + 1] = along[i] + leg.distance }
        return along
    }
}
