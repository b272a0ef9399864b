import Foundation
import Testing
@testable import RouteKit

/// Gap flights given the time they need (`GapStretching`), against its documented rule worked by hand:
/// the stretched flight's first leg takes the extra time; with a duration to keep, every other leg
/// scales by `max((R - E) / R, 0.5)`, `R` the route time outside the stretched flights, `E` the extra.
@Suite struct GapStretchingTests {
    @Test func theOtherLegsGiveTheTimeBackWhenTheDurationIsKept() {
        // Legs of 10, 2 (the gap, needing 6) and 10 s: R = 20 s, E = 4 s, scale 16 / 20 = 0.8, so the
        // legs take 8, 6 and 8 s and the route part still lasts 22 s.
        let stretching = GapStretching(gaps: [.init(takeoff: 1, landing: 2, time: 2, needed: 6)], keepsDuration: true)
        let retimed = stretching.retimed([0, 10, 12, 22])
        #expect(zip(retimed, [0, 8, 14, 22]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(retimed)")
    }

    @Test func theFlightGrowsLongerWhenNoDurationIsKept() {
        // Recorded timing without a duration: the other legs keep their times, the flight is 4 s longer.
        let stretching = GapStretching(gaps: [.init(takeoff: 1, landing: 2, time: 2, needed: 6)], keepsDuration: false)
        #expect(stretching.retimed([0, 10, 12, 22]) == [0, 10, 16, 26])
        #expect(stretching.note(longer: 4) == "a gap between segments would be flown faster than the motion limits allow, and is given more time (point 1 to 2: 2.00 s to 6.00 s): the flight is 4.00 s longer")
    }

    @Test func theOtherLegsGiveAtMostHalfTheirTime() {
        // Legs of 2, 1 (needing 11) and 2 s: R = 4 s, E = 10 s, (4 - 10) / 4 < 0.5, so the others halve:
        // 1, 11 and 1 s, 13 s in all instead of 5.
        let stretching = GapStretching(gaps: [.init(takeoff: 1, landing: 2, time: 1, needed: 11)], keepsDuration: true)
        #expect(stretching.retimed([0, 2, 3, 5]) == [0, 1, 12, 13])
    }

    @Test func aFlightOverAPieceKeepsTheLegsItSpans() {
        // A flight from point 1 to point 4 (over a piece flown over: legs 1, 2 and 3 of 1, 2 and 1 s,
        // 4 s in all) needing 8 s: its first leg takes the 4 s extra, the others of its legs keep theirs;
        // legs 0 and 4 (10 s each, R = 20 s) scale by 16 / 20.
        let stretching = GapStretching(gaps: [.init(takeoff: 1, landing: 4, time: 4, needed: 8)], keepsDuration: true)
        let retimed = stretching.retimed([0, 10, 11, 13, 14, 24])
        #expect(zip(retimed, [0, 8, 13, 15, 16, 24]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(retimed)")
    }

    @Test func theNoteNamesThreeGapsAtMost() {
        let gaps = (0..<4).map { GapStretching.Gap(takeoff: 2 * $0, landing: 2 * $0 + 1, time: 1, needed: 2) }
        let note = GapStretching(gaps: gaps, keepsDuration: true).note(longer: 0)
        #expect(note == "4 gaps between segments would be flown faster than the motion limits allow, and are given more time (point 0 to 1: 1.00 s to 2.00 s; point 2 to 3: 1.00 s to 2.00 s; point 4 to 5: 1.00 s to 2.00 s; ...), taken from the other legs")
    }
}
