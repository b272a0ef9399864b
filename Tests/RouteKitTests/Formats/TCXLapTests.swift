import Foundation
import Testing
@testable import RouteKit

// Garmin writes each lap in its own <Track>. `tcx/laps.tcx` (written for RouteKit):
// Activity 1 has laps 1-3 recorded 10 s apart throughout (3 + 2 + 2 points), then lap 4 (2 points) after
// a 300 s pause; Activity 2 has 2 points. Lengths are sums of GeodSolve 2.1.2 `-i -p 9` leg lengths:
// laps 1-3 as one line 764.216904945 m (the laps alone, without the two steps between them, 493.259810042 m);
// lap 4 111.151465025 m; Activity 2 111.153281778 m.

extension Formats {
    @Suite("TCX laps are one line")
    struct TCXLapTests {
        @Test func lapsOfOneActivityAreOneSegment() throws {
            let result = try TCXReader.read(contentsOf: Fixtures.url("tcx/laps.tcx"))
            let route = result.route
            #expect(route.points.count == 11)
            // Laps 1-3 joined; lap 4 split by its 5-minute pause; Activity 2 its own segment.
            #expect(route.segments == [0..<7, 7..<9, 9..<11])
            #expect(route.source.trackSegmentCount == 5)
            #expect(isClose(route.length, 764.216904945 + 111.151465025 + 111.153281778, absolute: 1e-6))
            let firstLine = route.cumulativeDistances[6] - route.cumulativeDistances[0]
            #expect(isClose(firstLine, 764.216904945, absolute: 1e-6))
            #expect(route.legs[2].isGap == false)   // lap 1 -> lap 2
            #expect(route.legs[4].isGap == false)   // lap 2 -> lap 3
            #expect(route.legs[6].isGap == true)    // the pause
            #expect(route.legs[8].isGap == true)    // the next Activity
            #expect(result.notes.contains("flew 2 lap changes (a new Track in the same Activity) without a break"))
            #expect(result.notes.contains("split the line at 1 pause of over 60 s between Tracks"))
        }

        @Test func pauseRuleNeedsBothTimes() {
            let a = RoutePoint(latitude: 0, longitude: 0, time: Date(timeIntervalSince1970: 0))
            let b = RoutePoint(latitude: 0, longitude: 0, time: Date(timeIntervalSince1970: 61))
            let c = RoutePoint(latitude: 0, longitude: 0, time: Date(timeIntervalSince1970: 60))
            #expect(TCXSegmentAssembly.isPause(from: a, to: b))
            #expect(!TCXSegmentAssembly.isPause(from: a, to: c))
            #expect(!TCXSegmentAssembly.isPause(from: a, to: RoutePoint(latitude: 0, longitude: 0)))
            var assembly = TCXSegmentAssembly()
            assembly.closeTrack([a], inActivity: nil)   // Course tracks never join
            assembly.closeTrack([c], inActivity: nil)
            #expect(assembly.segments.count == 2)
        }
    }
}
