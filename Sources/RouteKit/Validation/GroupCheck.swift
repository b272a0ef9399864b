import Foundation

/// Checks a group flight (``GroupFlight``): what only several riders on one clock can get wrong.
///
/// Findings:
/// - `group-clocks-disjoint` (warning): a rider whose recorded span (after its clock offset) overlaps no
///   other rider's; on one clock they never ride together, which is usually a recorder's clock set
///   wrong (a time zone, a day), to be put right with a clock offset.
///   A rider whose clock a known fault explains gets `group-clock-offset` instead (``clockFindings(for:wording:)``).
/// - `rider-never-in-view` (warning): a rider whose position is outside the viewport at every frame.
///   In view means inside the viewport itself (no margin): the camera is at least as far as the
///   distance that shows the rider from the frame's centre, pitch and heading
///   (``CameraFraming/distance(toShow:from:pitch:headings:)-(Points,_,_,_)`` with margin 0), or the rider is within the
///   smallest extent that distance frames.
/// - `group-spread` (note): the largest geodesic distance between two riders both active at one frame,
///   which riders, and when; and how many frames show every active rider.
///
/// The camera's own motion is checked as any flight's (``FlightCheck/check(_:options:)`` on
/// ``GroupFlight/flight``).
///
/// - Complexity: O(f · r²) for f frames at `framesPerSecond` and r riders, plus the sampling.
public enum GroupCheck {
    /// The group's findings, in the order above.
    ///
    /// - Parameters:
    ///   - group: The planned group flight.
    ///   - framing: The viewport and field of view it was planned for (what "in view" means).
    ///   - framesPerSecond: The frame rate the flight is sampled at (> 0).
    public static func check(_ group: GroupFlight, framing: CameraFraming, framesPerSecond: Double) -> [Finding] {
        var findings: [Finding] = []
        let clock = group.clock
        let riders = clock.group.riders
        let spans = riders.indices.map { (clock.startTime(ofRider: $0), clock.endTime(ofRider: $0)) }
        let explained = Set(RiderClockOffset.offsets(in: clock.group).flatMap { [$0.rider, $0.reference] })
        if riders.count > 1 {
            for (i, span) in spans.enumerated() where !explained.contains(i) {
                let overlaps = spans.indices.contains { j in j != i && spans[j].0 <= span.1 && span.0 <= spans[j].1 }
                guard !overlaps else { continue }
                findings.append(Finding(.warning, .groupClocksDisjoint, time: .recorded(clock.instant(atClockTime: span.0)),
                    "Rider '\(riders[i].name)' rides from \(ISO8601.string(from: clock.instant(atClockTime: span.0))) to \(ISO8601.string(from: clock.instant(atClockTime: span.1))), when no other rider is recording: on one clock they never ride together (if its clock was off, give it a clock offset)."))
            }
        }
        let sampler = PoseSampler(framesPerSecond: framesPerSecond)
        var viewport = framing
        viewport.margin = 0
        let closest = viewport.distance(toFitWidth: 0, height: 0)
        var inView = [Int](repeating: 0, count: riders.count)
        var allInView = 0, frames = 0
        var widest: (distance: Double, a: Int, b: Int, time: Double)? = nil
        _ = sampler.forEachPose(of: group, eye: nil) { pose in
            frames += 1
            var every = true
            for position in pose.riders {
                let needed = viewport.distance(toShow: [position.coordinate], from: pose.camera.centerCoordinate,
                                               pitch: pose.camera.pitch, headings: [pose.camera.heading])
                if needed <= max(pose.camera.distance, closest) * (1 + 1e-9) {
                    inView[position.rider] += 1
                } else if position.isActive {
                    every = false
                }
            }
            if every { allInView += 1 }
            let active = pose.riders.filter(\.isActive)
            for (x, a) in active.enumerated() {
                for b in active[(x + 1)...] {
                    let d = Geodesic.wgs84.inverse(from: a.coordinate, to: b.coordinate).distance
                    if d > (widest?.distance ?? -1) { widest = (d, a.rider, b.rider, pose.time) }
                }
            }
            return true
        }
        for (i, count) in inView.enumerated() where count == 0 {
            findings.append(Finding(.warning, .riderNeverInView,
                "Rider '\(riders[i].name)' is outside the view in every one of the \(frames) frames."))
        }
        if let widest {
            findings.append(Finding(.note, .groupSpread, time: .flight(widest.time),
                "The riders are furthest apart at \(FixedDecimal.string(widest.time, places: 3)) s: '\(riders[widest.a].name)' and '\(riders[widest.b].name)', \(FixedDecimal.string(widest.distance, places: 0)) m apart; every active rider is in view in \(allInView) of \(frames) frames."))
        }
        return findings
    }

    /// `group-clock-offset` (warning), one per rider whose recorded span overlaps no other rider's and
    /// whose clock a known fault puts apart (`RiderClockOffset`): the likely cause and the clock offset
    /// that fixes it. Found from the routes alone, so it is said even when the group cannot be flown (a
    /// rider 20 years early makes the flight too long to plan).
    ///
    /// - Parameters:
    ///   - group: The riders, with their clock offsets.
    ///   - wording: How the fix is worded (a caller names its own option); by default "a clock offset of
    ///     S s for 'NAME'".
    /// - Complexity: O(r² + n) for r riders of n points in all.
    public static func clockFindings(for group: RiderGroup,
                                     wording: (_ rider: String, _ seconds: Double) -> String = { "a clock offset of \(Int($1)) s for '\($0)'" }) -> [Finding] {
        RiderClockOffset.offsets(in: group).map { offset in
            let rider = group.riders[offset.rider], other = group.riders[offset.reference]
            let cause: String
            switch offset.cause {
            case .localTimeAsUTC(let hours):
                cause = "its clock is \(abs(hours)) h \(hours > 0 ? "ahead of" : "behind") that of '\(other.name)', a whole number of hours: a device that writes local time with a Z (as UTC)"
            case .fitEpochDropped:
                let hours = Int(((offset.seconds - ClockPattern.fitEpoch.timeIntervalSince1970) / 3600).rounded())
                let zone = hours == 0 ? "" : " and \(hours) h"
                cause = "its times are \(FixedDecimal.string(offset.seconds, places: 0)) s before those of '\(other.name)', the FIT epoch (631065600 s: 1989-12-31 counted from 1970)\(zone): a converter that dropped the FIT epoch"
            case .fitEpochClock:
                cause = "its times start on the FIT epoch's day (1989-12-31), \(FixedDecimal.string(offset.seconds, places: 0)) s before those of '\(other.name)': a FIT device whose clock was never set counts from the epoch, so its instants are not the ride's"
            }
            let condition = offset.cause == .fitEpochClock ? "if it started with '\(other.name)', " : ""
            return Finding(.warning, .groupClockOffset, time: .recorded(rider.route.startTime),
                "Rider '\(rider.name)' never rides with the others: \(cause); \(condition)\(wording(rider.name, offset.seconds)) puts it right.")
        }
    }
}
