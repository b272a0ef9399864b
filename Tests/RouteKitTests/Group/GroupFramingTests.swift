import Foundation
import Testing
@testable import RouteKit

/// `frameAll` keeps every rider in view at every frame (each rider projected with the
/// frame's camera, a pinhole independent of RouteKit's planning); `follow` widens for near riders.
/// Both move without a motion warning.
@Suite struct GroupFramingTests {
    static func plan(_ preset: GroupPreset) throws -> GroupFlight {
        var options = FlightOptions()
        options.speedup = 10
        return try GroupFlightPlanner(preset: preset, options: options).plan(for: GroupTestSupport.race)
    }

    @Test func frameAllKeepsEveryRiderInView() throws {
        let flight = try Self.plan(.frameAll)
        let framing = FlightOptions().framing
        var worst = 0.0, frames = 0, outside = 0
        var shown: [String] = []
        _ = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: .tangentPlane) { pose in
            frames += 1
            var line: [String] = []
            for rider in pose.riders {
                guard let p = GroupTestSupport.project(rider.coordinate, height: rider.elevation, pose: pose, framing: framing) else {
                    outside += 1
                    continue
                }
                let extent = max(abs(p.x), abs(p.y))
                worst = max(worst, extent)
                if extent > 1 { outside += 1 }
                line.append("\(rider.rider): (\(FixedDecimal.string(p.x, places: 3)), \(FixedDecimal.string(p.y, places: 3)))")
            }
            if pose.frame % 600 == 0 { shown.append("frame \(pose.frame): " + line.joined(separator: " ")) }
            return true
        }
        // The projection, every 20 s: normalised screen coordinates, -1...1 across the viewport.
        print(shown.joined(separator: "\n"))
        #expect(frames == 3361)
        #expect(outside == 0, "\(outside) rider positions out of view")
        // The framing's 10 % margin is kept: nobody nearer the edge than about 1 / 1.1.
        #expect(worst <= 1 / 1.1 + 0.01, "worst \(worst)")
        print("frame-all: the rider nearest an edge is at \(worst) of the half-viewport")
    }

    @Test(arguments: [GroupPreset.frameAll, .follow(.name("B"))])
    func movesWithoutAWarning(preset: GroupPreset) throws {
        let flight = try Self.plan(preset)
        let result = MotionCheck.check(flight.flight, framesPerSecond: 30)
        let problems = result.findings.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        print("\(preset): \(result.findings[0].message)")
    }

    /// B starts 100 s after A, 500 m behind it, and passes it at 350 s: while they are within the near
    /// distance the camera following B widens so both are in view, and it is back at the follow
    /// distance when they are far apart.
    @Test func followWidensForNearRiders() throws {
        let flight = try Self.plan(.follow(.name("B")))
        let framing = FlightOptions().framing
        var nearFramesOutOfView = 0, nearFrames = 0
        var distances: [Double] = []
        _ = PoseSampler(framesPerSecond: 30).forEachPose(of: flight, eye: .tangentPlane) { pose in
            #expect(flight.target(atFlightTime: pose.time) == 1)
            let clock = flight.clockTime(atFlightTime: pose.time)
            // A and B within 300 m of each other (B: 7 (t - 100), A: 5 t).
            if pose.time > flight.introDuration, abs(7 * (clock - 100) - 5 * clock) < 300, clock > 100 {
                nearFrames += 1
                let a = GroupTestSupport.project(pose.riders[0].coordinate, height: 300, pose: pose, framing: framing)
                if a.map({ max(abs($0.x), abs($0.y)) > 1 }) ?? true { nearFramesOutOfView += 1 }
            }
            distances.append(pose.camera.distance)
            return true
        }
        #expect(nearFrames > 100)
        #expect(nearFramesOutOfView == 0)
        #expect(flight.notes.contains { $0.contains("widens") }, "\(flight.notes)")
    }
}
