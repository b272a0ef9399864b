import Foundation

/// How ``TCXReader`` turns the `Track`s of a TCX file into segments.
///
/// Garmin devices write each lap's points in the lap's own `Track`, and start a new `Track` inside a lap
/// when the timer is paused. A lap change is not a break in the line, so consecutive `Track`s of one
/// `Activity` are joined into one segment (as GPSBabel's `gtrnctr` reader does), unless the step between
/// them is a real pause: the first point of the next `Track` recorded more than ``pauseThreshold``
/// seconds after the last point of the previous one. A new `Activity` (or `Course`) always starts a new
/// segment, and so does a `Track` of a `Course` (a course is planned, not timed).
///
/// The XML callbacks only report `Track`s as they close (``closeTrack(_:inActivity:)``); this type holds
/// the joining rule, apart from the parsing.
struct TCXSegmentAssembly {
    /// A step longer than this between two `Track`s of one Activity, seconds, is a pause that splits
    /// the line. One minute: far above any recording interval (Garmin's "smart recording" writes a
    /// point at least every few seconds while moving), far below a café stop.
    static let pauseThreshold: Double = 60

    /// The segments so far, in file order.
    private(set) var segments: [[RoutePoint]] = []
    /// How many `Track` boundaries were joined (lap changes flown through).
    private(set) var joinedTracks = 0
    /// How many `Track` boundaries inside one Activity were split as pauses.
    private(set) var pauses = 0

    /// The Activity (counted from 1) the last segment belongs to, or `nil` for a Course's segment.
    private var lastActivity: Int?

    /// Records a closed, non-empty `Track`.
    /// - Parameters:
    ///   - points: the `Track`'s points with a position, in file order (an empty one is ignored).
    ///   - activity: the ordinal of the enclosing `Activity`, or `nil` inside a `Course`.
    mutating func closeTrack(_ points: [RoutePoint], inActivity activity: Int?) {
        guard !points.isEmpty else { return }
        if let activity, activity == lastActivity, let previous = segments.last?.last {
            if Self.isPause(from: previous, to: points[0]) {
                pauses += 1
            } else {
                segments[segments.count - 1].append(contentsOf: points)
                joinedTracks += 1
                return
            }
        }
        segments.append(points)
        lastActivity = activity
    }

    /// `true` when both points are timed and the second was recorded more than ``pauseThreshold``
    /// seconds after the first. Untimed points, and a clock that steps back, are no evidence of a pause.
    static func isPause(from a: RoutePoint, to b: RoutePoint) -> Bool {
        guard let ta = a.time, let tb = b.time else { return false }
        return tb.timeIntervalSince(ta) > pauseThreshold
    }
}
