import Foundation

/// The route part of a `follow` flight as planned: the follow distance, the pieces and their gap
/// flights (``PieceLayout``, which holds the route time of every point), and the track each piece
/// is followed on.
struct FollowRoutePart {
    /// The follow distance, metres.
    var distance: Double
    /// The pieces, on the route's times.
    var layout: PieceLayout
    /// The track of each piece of ``layout`` (`nil` for a piece that spans no time).
    var tracks: [FollowTrack?]

    /// Route time of every point of the prepared route, seconds.
    var times: [Double] { layout.times }

    /// The fastest the planned centre moves, metres per flight second: each track's peak speed
    /// (``FollowTrack/peakSpeed``) times its piece's peak pace.
    var peakSpeed: Double {
        zip(layout.pieces, tracks).map { piece, track in (track?.peakSpeed ?? 0) * piece.warp.rate }.max() ?? 0
    }
}

/// Plans the route part of one `follow` flight (``FollowRoutePart``): lays out the pieces at a
/// follow distance, builds their tracks, follows from further out where the planned centre runs
/// too fast, and finds the gap flights that need more time.
struct FollowRoutePlanner {
    /// The prepared route.
    var route: Route
    /// The flight's options (``FlightOptions/distance``, `maxTurnRate`, `rho`, `framing`, the heading
    /// is given as resolved).
    var options: FlightOptions
    /// The follow-distance rule.
    var followDistance: FollowDistance
    /// The piece-layout rules.
    var rules: PieceLayout.Rules
    /// The ground under the centre at each point, metres (``FlightPlanner/centreElevations(_:followDistance:notes:)``).
    var elevations: [Double]
    /// The heading rule the tracks follow (``FlightPlanner/resolvedHeading(_:notes:)``).
    var heading: FlightOptions.Heading
    /// Metres the `along` heading looks ahead.
    var lookAhead: Double
    /// Degrees from straight down while following.
    var pitch: Double

    /// The follow distance to start from, metres: ``FlightOptions/distance``, or ``FollowDistance/calm(pace:)``
    /// at the pace of the eases, and, where pieces between gap flights run faster than that (their
    /// eases at most a third of a short piece), at the fastest piece's pace (a wider distance can
    /// only join pieces, never split them).
    static func startingDistance(_ route: Route, times: [Double], rule: FollowDistance, rules: PieceLayout.Rules,
                                 asked: Double?) -> Double {
        if let asked { return asked }
        let calm = rule.calm(pace: 1.2)
        let layout = PieceLayout(route: route, times: times, distance: calm, rules: rules)
        guard let pace = layout.pace, pace > 1.2 else { return calm }
        return max(calm, rule.calm(pace: pace))
    }

    /// The route part on `times` (route seconds, one per point) at `distance` metres: its pieces, and
    /// a track for each that spans time.
    func routePart(times: [Double], distance: Double) -> FollowRoutePart {
        let layout = PieceLayout(route: route, times: times, distance: distance, rules: rules)
        let tracks = layout.pieces.map { piece -> FollowTrack? in
            guard piece.warp.span > 0 else { return nil }
            return FollowTrack(route: route, times: times, range: piece.range, elevations: elevations,
                               heading: heading, lookAhead: lookAhead,
                               targets: FollowTrack.Targets(distance: distance, pace: piece.warp.rate, framing: options.framing,
                                                            maxTurnRate: options.maxTurnRate))
        }
        return FollowRoutePart(distance: distance, layout: layout, tracks: tracks)
    }

    /// `part`, followed from further out while its centre's peak speed exceeds
    /// ``FollowDistance/peakScreenSpeed`` (``FollowDistance/widened(from:forPeakSpeed:)``, at most 4
    /// times): a route whose recorded speed peaks above its 95th percentile, or that is too long for
    /// its duration to be followed closer than it is framed. Unchanged with ``FlightOptions/distance``.
    func widenedForPeakSpeed(_ part: FollowRoutePart) -> FollowRoutePart {
        var part = part
        for _ in 0..<4 where options.distance == nil {
            guard let wider = followDistance.widened(from: part.distance, forPeakSpeed: part.peakSpeed) else { break }
            part = routePart(times: part.times, distance: wider)
        }
        return part
    }

    /// The gap flights of `part` that need more time than their route time (``GapStretching``), or
    /// `nil` when none does. Each is measured from the camera where it takes off to the camera where
    /// it lands, at the follow distance and pitch, facing the tracks' headings there, against
    /// ``FlightPlanner/gapFlightLimits(maxTurnRate:)``.
    func stretching(_ part: FollowRoutePart) -> GapStretching? {
        var gaps: [GapStretching.Gap] = []
        for visit in part.layout.visits {
            guard let c = visit.crossing, part.layout.pieces[c.from].flyGapAfter else { continue }
            let dt = part.times[c.landing] - part.times[c.takeoff]
            let needed = gapFlightDuration(c, in: part)
            if dt < needed { gaps.append(GapStretching.Gap(takeoff: c.takeoff, landing: c.landing, time: dt, needed: needed)) }
        }
        guard !gaps.isEmpty else { return nil }
        return GapStretching(gaps: gaps, keepsDuration: options.timing != .recorded || options.duration != nil)
    }

    /// The seconds the gap flight `crossing` needs within ``FlightPlanner/gapFlightLimits(maxTurnRate:)``.
    private func gapFlightDuration(_ crossing: PieceLayout.Crossing, in part: FollowRoutePart) -> Double {
        let pieces = part.layout.pieces
        let (k, j) = (crossing.takeoff, crossing.landing)
        let fromHeading = part.tracks[crossing.from].map { k == pieces[crossing.from].range.lowerBound ? $0.startHeading : $0.endHeading } ?? 0
        let landingHeading = part.tracks[crossing.to].map { j == pieces[crossing.to].range.lowerBound ? $0.startHeading : $0.endHeading }
        let toHeading = Angles.unwrappedAngle(landingHeading ?? fromHeading, near: fromHeading)
        let a = MapCamera(centerCoordinate: route.points[k].coordinate, distance: part.distance, heading: fromHeading, pitch: pitch)
        let b = MapCamera(centerCoordinate: route.points[j].coordinate, distance: part.distance, heading: toHeading, pitch: pitch)
        let framing = options.framing
        return EasedFlyTo(from: a, to: b, framing: framing, rho: options.rho, keepingEndsInView: true)
            .minimumDuration(within: FlightPlanner.gapFlightLimits(maxTurnRate: options.maxTurnRate), aspectRatio: framing.aspectRatio)
    }
}

extension FollowTrack.Targets {
    /// The planner's motion targets for a track followed at `distance` metres on an eased clock whose
    /// peak pace is `pace` route seconds per flight second: the flight's limits (half of `route-fly
    /// check`'s for screen and eye acceleration, ``FlightPlanner/followScreenAcceleration`` and
    /// ``FlightPlanner/followEyeAcceleration``; `maxTurnRate` or ``FlightOptions/defaultMaxTurnRate``;
    /// ``FlightPlanner/followTurnAcceleration``) per route second: rates divided by `pace`,
    /// accelerations by its square.
    init(distance: Double, pace c: Double, framing: CameraFraming, maxTurnRate: Double?) {
        self.init(screenHeight: distance * framing.screenHeightPerMetre,
                  screenAcceleration: FlightPlanner.followScreenAcceleration / (c * c),
                  eyeAcceleration: FlightPlanner.followEyeAcceleration * distance / (c * c),
                  turnRate: (maxTurnRate ?? FlightOptions.defaultMaxTurnRate) / c,
                  turnAcceleration: FlightPlanner.followTurnAcceleration / (c * c))
    }
}
