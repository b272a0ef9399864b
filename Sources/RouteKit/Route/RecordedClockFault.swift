import Foundation

/// Why a route's recorded clock cannot be a recording, so that recorded timing would fly the route, or
/// most of it, in no time (``Route/recordedClockFault``).
///
/// The rule, in order:
/// 1. every timed point is at one instant (`ClockPattern/sameInstant(_:points:)`): ``sameInstant(_:points:)``;
/// 2. the times run newest-first (`ClockPattern/newestFirst(firstIndex:backwardSteps:steps:)`):
///    ``newestFirst(firstIndex:backwardSteps:steps:)``;
/// 3. a piece runs newest-first while another runs forward
///    (`ClockPattern/pieceNewestFirst(segment:firstIndex:backwardSteps:steps:)`, the first such piece):
///    ``pieceNewestFirst(segment:firstIndex:backwardSteps:steps:)``;
/// 4. the recorded times (missing ones filled, backward steps flattened: what recorded timing flies,
///    `Route.recordedTimes`) give the route part `T` seconds for the route's `L` metres (gaps between
///    segments included) at more than ``fastestRecording`` m/s on average, `L > T × 1000` (T = 0
///    included): ``standsStill(length:seconds:)``.
public enum RecordedClockFault: Hashable, Sendable, CustomStringConvertible {
    case sameInstant(Date, points: Int)
    case newestFirst(firstIndex: Int, backwardSteps: Int, steps: Int)
    /// The first piece (its index in ``Route/segments``) saved reversed, times and all.
    case pieceNewestFirst(segment: Int, firstIndex: Int, backwardSteps: Int, steps: Int)
    /// The route's length in metres and the recorded seconds it would be flown in.
    case standsStill(length: Double, seconds: Double)

    /// The fastest mean speed a recording is taken for, 1000 m/s: faster than any aircraft a logger rides in
    /// (an airliner's ground speed stays under 300 m/s, Concorde cruised at about 600).
    public static let fastestRecording = 1000.0

    public var description: String {
        switch self {
        case .sameInstant(let date, let points):
            return "all \(points) recorded times are the same instant, \(ISO8601.string(from: date))\(date < RouteCheck.gpsEpoch ? " (before the GPS epoch: a placeholder or a clock that was never set)" : " (a placeholder or a stopped clock)"): the recording's clock cannot place the points"
        case .newestFirst(let index, let back, let steps):
            return "the points run newest-first: \(back) of \(steps) recorded steps go back in time (the first at point \(index)), so recorded timing would fly the route in no time (reversing the file's point order puts it right)"
        case .pieceNewestFirst(let segment, let index, let back, let steps):
            return "piece \(segment) runs newest-first while the other pieces run forward: \(back) of its \(steps) recorded steps go back in time (the first at point \(index)), so recorded timing would fly it in no time (it was saved reversed: chaining the pieces by their times, that piece last point first, puts it right)"
        case .standsStill(let length, let seconds):
            return "the recorded times give \(FixedDecimal.string(length, places: 0)) m of route only \(FixedDecimal.string(seconds, places: 3)) s, faster than \(Int(Self.fastestRecording)) m/s: over most of the route the times stand still, or go back and are flattened (a stopped clock, or pieces recorded over the same hours; the route check names the steps back)"
        }
    }
}

extension Route {
    /// Why recorded timing cannot fly this route (``RecordedClockFault``), or `nil` when its clock can
    /// be a recording (or fewer than 2 points carry a time: a separate refusal).
    ///
    /// - Complexity: O(n) for n points.
    public var recordedClockFault: RecordedClockFault? {
        let patterns = ClockPattern.patterns(in: self)
        return Self.clockFault(among: patterns) ?? clockFault(recorded: recordedTimes(patterns: patterns))
    }

    /// Rules 1 to 3 of ``RecordedClockFault``: the first of `patterns` (the route's
    /// ``ClockPattern/patterns(in:)``) that refuses the clock, or `nil`. O(p) for p patterns.
    static func clockFault(among patterns: [ClockPattern]) -> RecordedClockFault? {
        for pattern in patterns {
            switch pattern {
            case .sameInstant(let date, let points): return .sameInstant(date, points: points)
            case .newestFirst(let index, let back, let steps): return .newestFirst(firstIndex: index, backwardSteps: back, steps: steps)
            case .pieceNewestFirst(let segment, let index, let back, let steps):
                return .pieceNewestFirst(segment: segment, firstIndex: index, backwardSteps: back, steps: steps)
            default: continue
            }
        }
        return nil
    }

    /// Rule 4 of ``RecordedClockFault``: ``RecordedClockFault/standsStill(length:seconds:)`` when the
    /// route's `recorded` times (``recordedTimes``) fly its length faster than
    /// ``RecordedClockFault/fastestRecording``, else `nil` (and for `nil` times). O(1).
    func clockFault(recorded: RecordedTimes?) -> RecordedClockFault? {
        guard let recorded, let last = recorded.offsets.last, let first = recorded.offsets.first else { return nil }
        // distancesAlong's last value (gaps included), summed in the same order without its array.
        let length = legs.reduce(0) { $0 + $1.distance }
        let seconds = last - first
        return length > seconds * RecordedClockFault.fastestRecording ? .standsStill(length: length, seconds: seconds) : nil
    }
}
