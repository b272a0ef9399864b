import Foundation
import Testing
@testable import RouteKit

/// A three-rider race flown with `leader` follows the right rider at every frame, changes
/// rider within one frame of the known overtaking times, and moves without a jolt.
@Suite struct GroupLeaderTests {
    static func plan() throws -> GroupFlight {
        var options = FlightOptions()
        options.speedup = 10
        return try GroupFlightPlanner(preset: .leader, options: options).plan(for: GroupTestSupport.race)
    }

    @Test func followsTheLeaderAndSwitchesAtTheOvertakes() throws {
        let flight = try Self.plan()
        #expect(flight.clock.start == GroupTestSupport.gun)
        #expect(abs(flight.clock.duration - 1000) < 1e-6)
        let fps = 30.0
        let framing = FlightOptions().framing
        let screenHeightsPerMetre = 2 * tan(framing.verticalFieldOfView * .pi / 360)
        var previous: (target: Int, clock: Double)? = nil
        var switches: [(before: Double, after: Double, to: Int)] = []
        var frames = 0, wrong = 0, worstOffset = 0.0
        _ = PoseSampler(framesPerSecond: fps).forEachPose(of: flight, eye: nil) { pose in
            frames += 1
            let clock = flight.clockTime(atFlightTime: pose.time)
            let target = flight.target(atFlightTime: pose.time)!
            // (At an overtake itself, within rounding, both riders are the leader.)
            let atOvertake = GroupTestSupport.overtakes.contains { abs($0.time - clock) < 1e-6 }
            if target != GroupTestSupport.leader(at: clock) && !atOvertake { wrong += 1 }
            if let p = previous, p.target != target { switches.append((p.clock, clock, target)) }
            previous = (target, clock)
            // Between the fly-in and the pull-out the camera is on the leader (it rounds the overtakes'
            // changes of pace within a few metres).
            if pose.time > flight.introDuration, pose.time < flight.duration - 6 {
                let rider = pose.riders[target].coordinate
                let offset = pose.camera.centerCoordinate.distance(to: rider) / (pose.camera.distance * screenHeightsPerMetre)
                worstOffset = max(worstOffset, offset)
            }
            #expect(pose.riders.count == 3)
            return true
        }
        #expect(frames == 3361)  // 6 + 100 + 6 s at 30 fps
        #expect(wrong == 0)
        print("leader: switches at clock times \(switches.map { "\($0.before)...\($0.after) -> \($0.to)" }); worst offset \(worstOffset) screen heights")
        #expect(switches.count == GroupTestSupport.overtakes.count)
        for (s, o) in zip(switches, GroupTestSupport.overtakes) {
            #expect(s.to == o.leader)
            // The overtake falls between the last frame before the switch and the first after it.
            #expect(s.before < o.time && s.after >= o.time - 1e-9, "overtake at \(o.time) s, switch between \(s.before) and \(s.after)")
            #expect(s.after - s.before <= 10 * 1.2 / fps + 1e-9)  // one frame of the group clock
        }
        #expect(worstOffset < 0.02)
    }

    @Test func movesWithoutAJolt() throws {
        let flight = try Self.plan()
        let result = MotionCheck.check(flight.flight, framesPerSecond: 30)
        let problems = result.findings.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        print(result.findings[0].message)
    }
}
