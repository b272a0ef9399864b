import Foundation

/// A rider whose recorded clock is apart from another rider's by an amount a known fault explains, and
/// the clock offset that puts it right (``RiderGroup/Rider/clockOffset``).
///
/// One per pair of riders (the later one in the group's order is named). Recognised for a rider whose recorded span (after its clock offset) overlaps no other rider's, from
/// the difference `d` = another rider's first time − this rider's first time, seconds:
/// - ``Cause/fitEpochDropped``: `d - 631 065 600` is within 10 minutes of a whole number of hours `h`,
///   `|h| <= 14`: a converter that read FIT times (seconds from 1989-12-31, ``ClockPattern/fitEpoch``) as
///   Unix times, with a zone error of `h` hours on top;
/// - ``Cause/localTimeAsUTC(hours:)``: `d` is within 10 minutes of a whole number of hours `h`,
///   `1 <= |h| <= 14` (the zones' range, UTC-12 to UTC+14): a device that writes local time with a `Z`;
/// - ``Cause/fitEpochClock``: this rider's first time falls on the FIT epoch's day (``ClockPattern/fitEpoch(_:)``,
///   1989-12-31) and the other's does not: a FIT device whose clock was never set counts from the epoch,
///   so the rider's instants are not the ride's and only its start is known to be the other's (about).
///
/// ``seconds`` is that amount (the FIT epoch plus `3600 h`, or `3600 h`; for ``Cause/fitEpochClock`` `d`
/// itself, rounded to the second): added to the rider's times, it starts within 10 minutes of the
/// other rider (at once with it, for ``Cause/fitEpochClock``).
package struct RiderClockOffset: Hashable, Sendable {
    package enum Cause: Hashable, Sendable {
        case localTimeAsUTC(hours: Int)
        case fitEpochDropped
        /// The rider's clock was never set: its times start on the FIT epoch's day.
        case fitEpochClock
    }

    /// The rider whose clock is off (an index into ``RiderGroup/riders``), and the rider it was compared with.
    package var rider: Int
    package var reference: Int
    package var cause: Cause
    /// The clock offset that fixes it, seconds (positive: the rider's clock was behind).
    package var seconds: Double

    /// Seconds within which two riders' starts are taken for one start, 600.
    package static let startTolerance = 600.0

    /// The offsets of `group`'s riders whose clocks a known fault puts apart, one per such rider.
    ///
    /// - Complexity: O(r²) for r riders, plus O(n) to find each route's first and last time.
    package static func offsets(in group: RiderGroup) -> [RiderClockOffset] {
        let spans: [(start: Double, end: Double)?] = group.riders.map { rider in
            guard let s = rider.route.startTime, let e = rider.route.endTime else { return nil }
            let shift = rider.clockOffset
            return (s.timeIntervalSince1970 + shift, e.timeIntervalSince1970 + shift)
        }
        // One finding per pair: the later rider (in the group's order) is compared with the earlier ones
        // first; a rider left unexplained then with the later ones not already paired with it.
        var found: [RiderClockOffset] = []
        for laterFirst in [true, false] {
            for (i, span) in spans.enumerated() {
                guard let span, !found.contains(where: { $0.rider == i || $0.reference == i }) else { continue }
                let others = spans.indices.filter { $0 != i && spans[$0] != nil }
                guard !others.isEmpty, !others.contains(where: { spans[$0]!.start <= span.end && span.start <= spans[$0]!.end }) else { continue }
                for j in others where (j < i) == laterFirst {
                    if let (cause, seconds) = explained(spans[j]!.start - span.start, start: span.start, referenceStart: spans[j]!.start) {
                        found.append(RiderClockOffset(rider: i, reference: j, cause: cause, seconds: seconds))
                        break
                    }
                }
            }
        }
        return found.sorted { $0.rider < $1.rider }
    }

    /// The cause and the fixing offset of a difference `d` between two starts, seconds, or `nil`; `start`
    /// and `referenceStart` are the rider's and the other rider's first times (Unix seconds).
    static func explained(_ d: Double, start: Double, referenceStart: Double) -> (Cause, Double)? {
        func onFitEpochDay(_ t: Double) -> Bool {
            let epoch = ClockPattern.fitEpoch.timeIntervalSince1970
            return t >= epoch && t < epoch + 86_400
        }
        func wholeHours(_ x: Double) -> Int? {
            let h = (x / 3600).rounded()
            return abs(h) <= 14 && abs(x - 3600 * h) <= startTolerance ? Int(h) : nil
        }
        let fit = ClockPattern.fitEpoch.timeIntervalSince1970
        if let h = wholeHours(d - fit) { return (.fitEpochDropped, fit + 3600 * Double(h)) }
        if let h = wholeHours(d), h != 0 { return (.localTimeAsUTC(hours: -h), 3600 * Double(h)) }
        if onFitEpochDay(start), !onFitEpochDay(referenceStart) { return (.fitEpochClock, d.rounded()) }
        return nil
    }
}
