import Foundation
import Testing
@testable import RouteKit

/// The piece layout of the follow camera (`PieceLayout`): which gaps split the route part, which
/// pieces are flown over, where gap flights take off and land, and each piece's eased clock, against
/// the documented rules worked by hand.
///
/// Routes run along the equator, points 0.001 degrees of longitude apart (geod +ellps=WGS84 -I -f %.9f
/// -F %.6f: `0 0 0 0.001` -> 111.319491 m; `0 0 0 0.004` -> 445.277963 m; `0 0 0 0.01` -> 1113.194908 m).
/// At the follow distance d = 600 m with the default field of view (k = 2 tan(fov / 2) = 2/3) and a
/// 16:9 view: the view is W = 2 * 600 * (1/3) * (16/9) = 711.1 m wide, the centre may cross
/// 0.45 * 600 * (2/3) = 180 m a second, and a gap crossed in no time is a step when within
/// max(1, 0.1 * 600 * 2/3) = 40 m.
@Suite struct PieceLayoutTests {
    static let rules = PieceLayout.Rules(gaps: .fly, fliesIn: true, pullsOut: true, ease: 3,
                                         verticalFieldOfView: CameraFraming.defaultVerticalFieldOfView, aspectRatio: 16.0 / 9.0)

    /// `count` points from longitude `start`, 0.001 degrees apart, on the equator.
    static func run(from start: Double, count: Int) -> [RoutePoint] {
        (0..<count).map { RoutePoint(latitude: 0, longitude: start + 0.001 * Double($0)) }
    }

    static func layout(_ segments: [[RoutePoint]], times: [Double], rules: PieceLayout.Rules = rules) -> PieceLayout {
        let route = Route(segments: segments, source: .init(kind: .tracks))!
        return PieceLayout(route: route, times: times, distance: 600, rules: rules)
    }

    /// 1 s per point from `start` for `count` points.
    static func seconds(from start: Double, count: Int) -> [Double] { (0..<count).map { start + Double($0) } }

    @Test func aGapWiderThanTheViewIsFlownBetweenTwoEasedPieces() {
        // Gap: 0.010 -> 0.020, 1113 m > 711 m, in 10 s. Each 10 s piece eases over min(3, 10/3) = 3 s at
        // both ends: pace 10 / (10 - 1.5 - 1.5) = 10/7.
        let layout = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.020, count: 11)],
                                 times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 20, count: 11))
        #expect(layout.pieces.map(\.range) == [0...10, 11...21])
        #expect(layout.pieces.map(\.flyGapAfter) == [true, false])
        for piece in layout.pieces {
            #expect(piece.warp.rampIn == 3 && piece.warp.rampOut == 3)
            #expect(abs(piece.warp.rate - 10.0 / 7.0) < 1e-12)
        }
        #expect(abs((layout.pace ?? 0) - 10.0 / 7.0) < 1e-12)
    }

    @Test func aNarrowGapWithTimeToCrossIsFlownThroughAsALeg() {
        // Gap: 445 m < 711 m, in 10 s (180 m/s * 10 s = 1800 m > 445 m): one 30 s piece, eased over 3 s at
        // each end, pace 30 / 27.
        let layout = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.014, count: 11)],
                                 times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 20, count: 11))
        #expect(layout.pieces.map(\.range) == [0...21])
        #expect(abs(layout.pieces[0].warp.rate - 30.0 / 27.0) < 1e-12)
    }

    @Test func aNarrowGapCrossedTooFastIsFlown() {
        // The same 445 m gap in 2 s: 180 m/s * 2 s = 360 m < 445 m.
        let layout = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.014, count: 11)],
                                 times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 12, count: 11))
        #expect(layout.pieces.map(\.range) == [0...10, 11...21])
        #expect(layout.pieces[0].flyGapAfter)
    }

    @Test func aGapCrossedInNoTimeIsAStepWithinATenthOfAScreenAndAFlightBeyond() {
        // 0.0003 degrees (33.4 m) in no time: within 40 m, flown through.
        let step = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.0103, count: 11)],
                               times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 10, count: 11))
        #expect(step.pieces.map(\.range) == [0...21])
        // 0.001 degrees (111.3 m) in no time: a gap flight.
        let jump = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.011, count: 11)],
                               times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 10, count: 11))
        #expect(jump.pieces.map(\.range) == [0...10, 11...21])
        #expect(jump.pieces[0].flyGapAfter)
    }

    @Test func cutGapsSplitEveryGapWithoutFlightsOrEasesAtTheCut() {
        // With cuts, the 445 m gap splits too; a piece eases only next to the fly-in or the pull-out:
        // pace 10 / (10 - 1.5) each.
        var rules = Self.rules
        rules.gaps = .cut
        let layout = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.014, count: 11)],
                                 times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 20, count: 11), rules: rules)
        #expect(layout.pieces.map(\.range) == [0...10, 11...21])
        #expect(layout.pieces.map(\.flyGapAfter) == [false, false])
        #expect(layout.pieces[0].warp.rampIn == 3 && layout.pieces[0].warp.rampOut == 0)
        #expect(layout.pieces[1].warp.rampIn == 0 && layout.pieces[1].warp.rampOut == 3)
        #expect(abs(layout.pieces[0].warp.rate - 10 / 8.5) < 1e-12)
        #expect(!layout.isFlownOver(0) && !layout.isFlownOver(1))
    }

    /// A 10 s piece (points 0...10), a 2 s piece of 3 points (11...13) and a 10 s piece (14...24),
    /// 1113 m gaps between them.
    static func shortMiddle(rules: PieceLayout.Rules = rules) -> PieceLayout {
        layout([run(from: 0, count: 11), run(from: 0.020, count: 3), run(from: 0.040, count: 11)],
               times: seconds(from: 0, count: 11) + seconds(from: 20, count: 3) + seconds(from: 30, count: 11), rules: rules)
    }

    @Test func aShortPieceBetweenTwoGapFlightsIsFlownOver() {
        let layout = Self.shortMiddle()
        #expect(layout.pieces.map(\.range) == [0...10, 11...13, 14...24])
        #expect([0, 1, 2].map(layout.isFlownOver) == [false, true, false])
        // The short piece's clock eases over a third of its 2 s at each end: pace 2 / (2 - 2/3) = 1.5.
        #expect(abs(layout.pieces[1].warp.rate - 1.5) < 1e-12)
        #expect(abs((layout.pace ?? 0) - 1.5) < 1e-12)
        // One flight from the end of piece 0 (point 10) to the start of piece 2 (point 14).
        #expect(layout.takeoff(from: 0) == 10)
        #expect(layout.landing(after: 0) == (piece: 2, point: 14))
        let visits = layout.visits
        #expect(visits.map(\.piece) == [0, 2])
        #expect(visits[0].crossing == PieceLayout.Crossing(from: 0, takeoff: 10, to: 2, landing: 14, landsAtEnd: false))
        #expect(visits[1].crossing == nil)
    }

    @Test func cutOrHeldGapsNeverFlyOverAPiece() {
        var rules = Self.rules
        rules.gaps = .hold
        let layout = Self.shortMiddle(rules: rules)
        #expect(layout.pieces.count == 3)
        #expect(layout.pieces.indices.allSatisfy { !layout.isFlownOver($0) })
        #expect(layout.visits.map(\.piece) == [0, 1, 2])
    }

    @Test func aShortFirstPieceAfterTheFlyInIsTakenOffFromAtItsStart() {
        // Points 0...2 (2 s), a 1113 m gap, points 3...13 (10 s).
        let layout = Self.layout([Self.run(from: 0, count: 3), Self.run(from: 0.012, count: 11)],
                                 times: Self.seconds(from: 0, count: 3) + Self.seconds(from: 12, count: 11))
        #expect(layout.pieces.map(\.range) == [0...2, 3...13])
        #expect(layout.isFlownOver(0))
        #expect(layout.takeoff(from: 0) == 0)
        #expect(!layout.isFollowed(0))
        #expect(layout.isFollowed(1))
        #expect(layout.visits.map(\.crossing) == [PieceLayout.Crossing(from: 0, takeoff: 0, to: 1, landing: 3, landsAtEnd: false), nil])
    }

    @Test func aShortLastPieceBeforeThePullOutIsLandedOnAtItsEnd() {
        // Points 0...10 (10 s), a 1113 m gap, points 11...13 (2 s).
        let layout = Self.layout([Self.run(from: 0, count: 11), Self.run(from: 0.020, count: 3)],
                                 times: Self.seconds(from: 0, count: 11) + Self.seconds(from: 20, count: 3))
        #expect(layout.isFlownOver(1))
        #expect(layout.landing(after: 0) == (piece: 1, point: 13))
        let visits = layout.visits
        #expect(visits.count == 1)
        #expect(visits[0].crossing == PieceLayout.Crossing(from: 0, takeoff: 10, to: 1, landing: 13, landsAtEnd: true))
    }

    @Test func aShortFirstPieceWithoutAFlyInIsFlownThroughGapAndAll() {
        // Without a fly-in nothing flies before the 2 s first piece: it cannot ease in and out, so the
        // gap flight after it is dropped and the whole route is one piece (eased only at the pull-out:
        // 22 s, pace 22 / 20.5).
        var rules = Self.rules
        rules.fliesIn = false
        let layout = Self.layout([Self.run(from: 0, count: 3), Self.run(from: 0.012, count: 11)],
                                 times: Self.seconds(from: 0, count: 3) + Self.seconds(from: 12, count: 11), rules: rules)
        #expect(layout.pieces.map(\.range) == [0...13])
        #expect(layout.pieces[0].warp.rampIn == 0 && layout.pieces[0].warp.rampOut == 3)
        #expect(abs(layout.pieces[0].warp.rate - 22 / 20.5) < 1e-12)
    }

    @Test func aGapCrossedInNoTimeIsKeptNextToAShortPiece() {
        // The same without a fly-in, but the gap crossed in no time: it cannot be flown through.
        var rules = Self.rules
        rules.fliesIn = false
        let layout = Self.layout([Self.run(from: 0, count: 3), Self.run(from: 0.012, count: 11)],
                                 times: Self.seconds(from: 0, count: 3) + Self.seconds(from: 2, count: 11), rules: rules)
        #expect(layout.pieces.map(\.range) == [0...2, 3...13])
        #expect(!layout.isFlownOver(0))
        #expect(layout.isFollowed(0))
    }
}
