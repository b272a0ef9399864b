import Foundation
import Testing
@testable import RouteKit

/// The motion plot's geometry: scales, ticks, the limit line and the marks of runs over the limits.
@Suite struct MotionPlotSVGTests {
    @Test func ticksAreRoundAndCoverTheRange() {
        #expect(MotionPlotSVG.ticks(upTo: 0.625) == [0, 0.2, 0.4, 0.6])
        #expect(MotionPlotSVG.ticks(upTo: 36) == [0, 10, 20, 30])
        #expect(MotionPlotSVG.ticks(upTo: 2) == [0, 0.5, 1, 1.5, 2])
        #expect(MotionPlotSVG.ticks(upTo: 0) == [0])
        #expect(MotionPlotSVG.tickText(0.5) == "0.5" && MotionPlotSVG.tickText(20) == "20" && MotionPlotSVG.tickText(0.25) == "0.25")
    }

    @Test func theLimitLineAndTheRunsAreWhereTheValuesSay() throws {
        // A pan at 0.25 screen heights/s for 1 s, then 0.75 for 1 s (3000 m away, a screen height of 2000 m).
        let fps = 30.0, a = 6_378_137.0
        let poses = (0...60).map { i -> CameraPose in
            let t = Double(i) / fps
            let metres = t <= 1 ? 500 * t : 500 + 1500 * (t - 1)
            return CameraPose(frame: i, time: t, camera: MapCamera(centerCoordinate: LocationCoordinate2D(latitude: 0, longitude: metres / a * 180 / .pi),
                                                                   distance: 3000, heading: 90, pitch: 0))
        }
        var accumulator = MotionCheck.Accumulator(framesPerSecond: fps, verticalFieldOfView: 2 * atan(1.0 / 3.0) * 180 / .pi,
                                                  limits: MotionLimits(), trace: MotionTrace(duration: 2, buckets: MotionPlotSVG.traceBuckets))
        for p in poses { accumulator.add(p) }
        let result = accumulator.result()
        let text = String(decoding: MotionPlotSVG.render(result, duration: 2, framesPerSecond: fps, title: "pan & <zoom>"), as: UTF8.self)
        #expect(text.contains(">pan &amp; &lt;zoom&gt;</text>"))
        let panel = text.components(separatedBy: "<g id=\"screen-speed\">")[1].components(separatedBy: "</g>")[0]
        // Peak 0.75 over the 0.5 limit: the scale runs to 0.75 (ticks 0 ... 0.6 at 0.2); the panel is 130
        // px high from y = 84, so the limit is at 84 + 130 (1 - 0.5 / 0.75) = 127.33 across the 820 px plot.
        #expect(panel.contains("<line x1=\"96.00\" y1=\"127.33\" x2=\"916.00\" y2=\"127.33\" stroke=\"#d0342c\" stroke-width=\"1\" stroke-dasharray=\"6 4\"/>"))
        // One run, from the step at 1.017 s to the last at 1.983 s: a band from half a step before to
        // half a step after (1 s to 2 s: x = 96 + 410 to 96 + 820), and its peak's dot at the top.
        let runs = result.exceedances.filter { $0.measure == .screenSpeed }
        #expect(runs.count == 1)
        #expect(panel.contains("<rect x=\"506.00\" y=\"84.00\" width=\"410.00\" height=\"130.00\" fill=\"#d0342c\" fill-opacity=\"0.18\"/>"))
        #expect(panel.components(separatedBy: "<circle").count - 1 == 1)
        #expect(panel.contains("cy=\"84.00\" r=\"3.5\""))
        // 60 steps, each its own point on the line.
        let line = try #require(panel.components(separatedBy: "<polyline points=\"").dropFirst().first?.components(separatedBy: "\"").first)
        #expect(line.split(separator: " ").count == 60)
        // The jolt at 1 s (0.25 to 0.75 in one frame: 15 screen heights/s^2) is in the event lane.
        let events = text.components(separatedBy: "<g id=\"events\">")[1]
        #expect(events.contains("fill=\"#e07b00\""))
    }
}
