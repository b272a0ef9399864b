import Foundation

/// How the `follow` camera's route part splits into *pieces* flown without a break, and how it gets
/// from one piece to the next: the gaps it flies (or cuts, or holds), the pieces it flies over, and
/// where each gap flight takes off and lands.
///
/// The rules, at a follow distance `d` metres, with `k` the screen height per metre of distance
/// (``CameraFraming/screenHeightPerMetre``), `W = 2 d tan(fov / 2) aspect` the width of ground in
/// view, and `dt` a gap's route time:
/// 1. *Splits.* With ``FlightOptions/Gaps/cut`` or ``FlightOptions/Gaps/hold`` every gap splits. With
///    ``FlightOptions/Gaps/fly`` a gap crossed in no time (`dt <= 0`) no wider than a tenth of a screen
///    height (`max(1, 0.1 d k)` metres) is flown through, the smoothing rounding off its step; a gap
///    crossed in no time, wider than `W` (straight across, the screen would show an empty map), or
///    too far to cross in `dt` within ``FollowDistance/peakScreenSpeed`` (`0.45 d k dt` metres) is a
///    *gap flight* on a van Wijk path; any other gap is flown through as one more leg at its own pace.
/// 2. *Short pieces.* A gap flight next to a piece shorter than ``minimumPieceDuration`` is flown
///    through instead, unless it is crossed in no time, or the short piece has a flight (a gap
///    flight, the fly-in or the pull-out) on its other side too: then the short piece is *flown
///    over* (``isFlownOver(_:)``).
/// 3. *Eases.* A piece eases from rest where a flight (or the fly-in) comes before it and to rest
///    where one (or the pull-out) comes after it, over ``Rules/ease`` seconds at most a third of its
///    span (so its pace between the eases is at most 1.5 times the route's): a ``ProgressWarp``.
/// 4. *Fly-over.* A piece shorter than ``minimumPieceDuration`` between two flights is not followed:
///    one van Wijk flight takes the camera from the piece before to the piece after, in the time of
///    both gaps and the piece. A short first piece after the fly-in is taken off from at its start
///    (where the fly-in lands), and a short last piece before the pull-out is landed on at its end.
struct PieceLayout {
    /// What the layout depends on besides the route, its times and the follow distance.
    struct Rules: Hashable, Sendable {
        /// How gaps between segments are crossed (``FlightOptions/gaps``).
        var gaps: FlightOptions.Gaps
        /// Whether a fly-in comes before the route part (``FlightOptions/intro`` > 0).
        var fliesIn: Bool
        /// Whether a pull-out comes after it (``FlightOptions/outro`` > 0).
        var pullsOut: Bool
        /// Seconds a piece eases over at each end at most (``FlightPlanner/easeDuration(routePart:)``).
        var ease: Double
        /// Vertical field of view, degrees, and width over height of the view (``CameraFraming``).
        var verticalFieldOfView: Double, aspectRatio: Double
    }

    /// Points `range` of the route, flown on the eased clock `warp` (its span the piece's route time),
    /// and whether a gap flight follows it.
    struct Piece: Hashable, Sendable {
        var range: ClosedRange<Int>
        var warp: ProgressWarp
        var flyGapAfter: Bool
    }

    /// A gap of the route where the pieces split: the leg from point `leg` to `leg + 1`, and whether it
    /// is a gap flight.
    struct Split: Hashable, Sendable {
        var leg: Int
        var fly: Bool
    }

    /// The move from piece `from` to the next piece followed: it takes off at point `takeoff` and lands
    /// on piece `to` at point `landing` (its first point, or its last when it lands at the route's end).
    struct Crossing: Hashable, Sendable {
        var from: Int, takeoff: Int
        var to: Int, landing: Int
        /// Whether the crossing lands at the end of the last piece (flying over it): the route part ends.
        var landsAtEnd: Bool
    }

    /// Seconds: the shortest piece of route between two gap flights (or a gap flight and the fly-in or
    /// pull-out) that is eased from rest and back to rest; a shorter one is flown through without
    /// stopping, its gaps as legs, or flown over.
    static let minimumPieceDuration = 4.5

    let rules: Rules
    /// Route time of every point, seconds, non-decreasing.
    let times: [Double]
    /// The pieces in route order; they tile the points, each gap between two of them a ``Split``.
    let pieces: [Piece]

    /// The layout of `route` on `times` (route seconds, one per point) at the follow distance
    /// `distance` (metres).
    /// - Complexity: O(n) for n points.
    init(route: Route, times: [Double], distance: Double, rules: Rules) {
        self.rules = rules
        self.times = times
        let splits = Self.splits(route, times: times, distance: distance, rules: rules)
        let kept = Self.keptSplits(splits, times: times, rules: rules)
        pieces = Self.pieces(between: kept, times: times, rules: rules)
    }

    /// The fastest pace of any piece's eased clock (route seconds per flight second), or `nil` for none.
    var pace: Double? { pieces.map(\.warp.rate).max() }

    /// Rule 1: the gaps that split the route part, in route order.
    static func splits(_ route: Route, times tau: [Double], distance d: Double, rules: Rules) -> [Split] {
        let screenHeightPerMetre = 2 * tan(rules.verticalFieldOfView * .pi / 360)
        let fastest = FollowDistance.peakScreenSpeed * d * screenHeightPerMetre  // metres per second
        let visibleWidth = 2 * d * tan(rules.verticalFieldOfView * .pi / 360) * rules.aspectRatio
        var splits: [Split] = []
        for k in 0..<(tau.count - 1) where route.legs[k].isGap {
            let dt = tau[k + 1] - tau[k], width = route.legs[k].distance
            if rules.gaps != .fly {
                splits.append(Split(leg: k, fly: false))
            } else if dt <= 0 && width <= max(1, 0.1 * d * screenHeightPerMetre) {
                continue
            } else if dt <= 0 || width > visibleWidth || width > fastest * dt {
                splits.append(Split(leg: k, fly: true))
            }
        }
        return splits
    }

    /// Rule 2: `splits` without the gap flights next to a piece too short to ease in and out of,
    /// unless that piece is flown over (a flight on both sides) or the gap is crossed in no time.
    static func keptSplits(_ splits: [Split], times tau: [Double], rules: Rules) -> [Split] {
        var kept: [Split] = []
        var pieceStart = 0
        for (i, split) in splits.enumerated() {
            let nextEnd = i + 1 < splits.count ? splits[i + 1].leg : tau.count - 1
            let before = tau[split.leg] - tau[pieceStart], after = tau[nextEnd] - tau[split.leg + 1]
            let instant = tau[split.leg + 1] <= tau[split.leg]
            let shortBefore = before < minimumPieceDuration, shortAfter = after < minimumPieceDuration
            let boundedBefore = kept.last.map(\.fly) ?? rules.fliesIn
            let boundedAfter = i + 1 < splits.count ? splits[i + 1].fly : rules.pullsOut
            let overflown = (!shortBefore || boundedBefore) && (!shortAfter || boundedAfter)
            if split.fly && !instant && !overflown && (shortBefore || shortAfter) { continue }
            kept.append(split)
            pieceStart = split.leg + 1
        }
        return kept
    }

    /// Rule 3: the pieces between `splits`, each with its eased clock.
    static func pieces(between splits: [Split], times tau: [Double], rules: Rules) -> [Piece] {
        var pieces: [Piece] = []
        var pieceStart = 0
        var restAtStart = rules.fliesIn
        for i in 0...splits.count {
            let end = i < splits.count ? splits[i].leg : tau.count - 1
            let restAtEnd = i < splits.count ? splits[i].fly : rules.pullsOut
            let span = tau[end] - tau[pieceStart]
            let pieceRamp = min(rules.ease, span / 3)
            let warp = ProgressWarp(span: span, rampIn: restAtStart ? pieceRamp : 0, rampOut: restAtEnd ? pieceRamp : 0)
            pieces.append(Piece(range: pieceStart...end, warp: warp, flyGapAfter: i < splits.count && splits[i].fly))
            if i < splits.count {
                pieceStart = splits[i].leg + 1
                restAtStart = splits[i].fly
            }
        }
        return pieces
    }

    /// Rule 4: whether piece `q` is too short to ease into and out of and lies between two flights
    /// that are not following (gap flights, or the fly-in or pull-out): it is flown over.
    func isFlownOver(_ q: Int) -> Bool {
        guard rules.gaps == .fly, pieces.count > 1,
              times[pieces[q].range.upperBound] - times[pieces[q].range.lowerBound] < Self.minimumPieceDuration else { return false }
        let flightBefore = q == 0 ? rules.fliesIn : pieces[q - 1].flyGapAfter
        let flightAfter = q == pieces.count - 1 ? rules.pullsOut : pieces[q].flyGapAfter
        return flightBefore && flightAfter
    }

    /// Where the gap flight after piece `p` takes off: the end of `p`, or the start of a first piece
    /// flown over (the fly-in's landing).
    func takeoff(from p: Int) -> Int {
        p == 0 && isFlownOver(0) ? pieces[0].range.lowerBound : pieces[p].range.upperBound
    }

    /// The piece the move after piece `p` lands on and the point it lands at: the start of the next
    /// piece, past pieces flown over; the end of the route when that takes in the last piece.
    func landing(after p: Int) -> (piece: Int, point: Int) {
        var q = p + 1
        if rules.gaps == .fly && pieces[p].flyGapAfter {
            while q + 1 < pieces.count && isFlownOver(q) { q += 1 }
            if q == pieces.count - 1 && isFlownOver(q) { return (q, pieces[q].range.upperBound) }
        }
        return (q, pieces[q].range.lowerBound)
    }

    /// Whether piece `p`, reached by the camera, is followed: not when it is flown over, unless the
    /// flight after it takes off at its end (it was landed on) or it is a single point.
    func isFollowed(_ p: Int) -> Bool {
        let piece = pieces[p].range
        return takeoff(from: p) != piece.lowerBound || piece.lowerBound == piece.upperBound || !isFlownOver(p)
    }

    /// The pieces the camera reaches, in order, each with the crossing to the next one reached (`nil`
    /// after the last): from piece 0, each crossing landing on a later piece, until the last piece or a
    /// crossing that lands at the route's end.
    var visits: [(piece: Int, crossing: Crossing?)] {
        var visits: [(piece: Int, crossing: Crossing?)] = []
        var p = 0
        while true {
            guard p + 1 < pieces.count else {
                visits.append((p, nil))
                return visits
            }
            let (q, j) = landing(after: p)
            let crossing = Crossing(from: p, takeoff: takeoff(from: p), to: q, landing: j,
                                    landsAtEnd: j != pieces[q].range.lowerBound)
            visits.append((p, crossing))
            if crossing.landsAtEnd { return visits }
            p = q
        }
    }
}
