import Foundation

/// Checks a group flight (``GroupFlight``): what only several riders on one clock can get wrong.
///
/// Findings:
/// - `group-clocks-disjoint` (warning): a rider whose recorded span (after its clock offset) overlaps no
///   other rider's; on one clock they never ride together, which is usually a recorder's clock set
///   wrong (a time zone, a day), to be put right with a clock offset.
/// - `rider-never-in-view` (warning): a rider whose position is outside the viewport at every frame.
///   In view means inside the viewport itself (no margin): the camera is at least as far as the
///   distance that shows the rider from the frame's centre, pitch and heading
///   (``CameraFraming/distance(toShow:from:pitch:headings:)`` with margin 0), or the rider is within the
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
        if riders.count > 1 {
            for (i, span) in spans.enumerated() {
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
}
