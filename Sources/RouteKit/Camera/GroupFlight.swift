import Foundation

/// A planned group flight: the camera script, its timelines, and the map from flight time to the
/// group's clock that places every rider at every frame.
///
/// ## Time
///
/// Flight time `t` (seconds from the first frame) reads the group clock (`RiderClock`) at
/// clock time `speedup * g(t - introDuration)`, where `g` is the eased clock of the single-route follow
/// preset (`ProgressWarp`: from rest to a steady pace and back to rest over
/// a tenth of the group part (1.5...5 s) at each end that has a fly-in or pull-out; the
/// pace between is that much faster than `speedup`, so the group's whole span is flown in
/// `clock duration / speedup` seconds). During the fly-in the clock stands at its start, during the
/// pull-out at its end.
public struct GroupFlight: Sendable {
    /// The camera plan the flight was made with.
    public var preset: GroupPreset
    /// The riders on their clock.
    package var clock: RiderClock
    /// The keyframe tracks, every value explicit (as ``FlightPlan/script``).
    public var script: CameraScript
    /// The script resolved into the timelines that ``PoseSampler`` samples.
    public var flight: ScriptedFlight
    /// Sentences for the user: what planning decided.
    public var notes: [String]
    /// Seconds of the fly-in, before the group's clock starts.
    public var introDuration: Double
    /// Group seconds per flight second, on average over the group's span (> 0).
    public var speedup: Double
    /// The eased clock over the group's span, in flight seconds.
    var warp: ProgressWarp
    /// Leader: each rider's metres along the course at each planning sample (`spacing` route seconds
    /// apart, from 0).
    var progress: [[Double]]? = nil
    var spacing: Double = 1
    /// Follow: the rider followed.
    var followed: Int? = nil

    /// Seconds from the first frame to the last.
    public var duration: Double { flight.duration }

    /// The group's clock time (seconds from `RiderClock/start`) shown at flight time `t` seconds:
    /// 0 during the fly-in, `RiderClock/duration` during the pull-out.
    public func clockTime(atFlightTime t: Double) -> Double {
        min(speedup * warp.routeTime(at: t - introDuration), clock.duration)
    }

    /// The instant (UTC) shown at flight time `t` seconds.
    public func instant(atFlightTime t: Double) -> Date { clock.instant(atClockTime: clockTime(atFlightTime: t)) }

    /// Every rider's position at flight time `t` seconds, in rider order. During the fly-in and the
    /// pull-out, while the group clock stands at its start or end, every rider is held there and counts
    /// as not active (``RiderPosition/isActive``), so that a rider is active exactly while the group part
    /// shows it recording.
    ///
    /// - Complexity: O(r log n) for r riders of n points.
    public func riders(atFlightTime t: Double) -> [RiderPosition] {
        var positions = clock.positions(atClockTime: clockTime(atFlightTime: t))
        if t < introDuration || t > introDuration + warp.span {
            for k in positions.indices { positions[k].isActive = false }
        }
        return positions
    }

    /// Seconds after the group clock's start (`RiderClock/start`) that flight time `t` stands for, on a
    /// clock that never stops: through the group part the group clock itself
    /// (``clockTime(atFlightTime:)``: every rider at its recorded instant); before it (the fly-in) and
    /// after it (the pull-out), while the group clock stands still, ``speedup`` seconds a second back
    /// from the start and on from the end. Increasing in `t`; negative during the fly-in. Writers stamp
    /// poses with it (`PoseWriterContext/epochSeconds`), so that time-tagged formats (CZML, KML)
    /// place every rider at its recorded UTC instants.
    public func timestamp(atFlightTime t: Double) -> Double {
        if t < introDuration { return (t - introDuration) * speedup }
        let end = introDuration + warp.span
        if t > end { return clock.duration + (t - end) * speedup }
        return clockTime(atFlightTime: t)
    }

    /// The rider the camera follows at flight time `t` seconds: the followed rider (``GroupPreset/follow(_:)``),
    /// the leader (``GroupPreset/leader``: the furthest along the first rider's route, its progress
    /// interpolated between the planning samples; of riders equally far, the first to have finished, then
    /// an active one, then the first in rider order), or `nil` for ``GroupPreset/frameAll``.
    public func target(atFlightTime t: Double) -> Int? {
        if let followed { return followed }
        guard let progress else { return nil }
        let r = clockTime(atFlightTime: t) / speedup
        let count = progress[0].count
        let u = min(max(r / spacing, 0), Double(count - 1))
        let j = min(Int(u), max(count - 2, 0))
        let f = count > 1 ? u - Double(j) : 0
        let s = progress.map { p in count > 1 ? p[j] + (p[j + 1] - p[j]) * f : p[0] }
        let now = clockTime(atFlightTime: t)
        return GroupFlightPlanner.leader(progress: s, at: now, clock: clock, positions: clock.positions(atClockTime: now))
    }
}
