import Foundation

/// The fly-in from the camera that frames the whole route and the pull-out back to it, shared by
/// the single-route `follow` planner (``FlightPlanner``) and the group planner (``GroupFlightPlanner``).
///
/// Both fly van Wijk and Nuij's path on an eased clock, from rest to rest (``ScriptBuilder/easedFlyTo(_:duration:framing:rho:elevation:keepingEndsInView:)``),
/// over ``FlightOptions/intro`` and ``FlightOptions/outro`` seconds. The overview is north up,
/// unless turning from north to the follow camera's heading within that time would turn faster than
/// ``FlightOptions/maxTurnRate`` on an `easeInOut` curve (``FlightPlanner/limitedTurn(from:to:duration:rate:)``):
/// then it is turned, and backs off so the route still fits. A flight faster than ``limits`` (`route-fly
/// check`'s defaults) gets a note naming the duration it needs; a longer one is only suggested.
struct OverviewTransitions {
    /// The route (or every rider's route) the overview frames.
    var route: Route
    /// The camera that frames it north up (``CameraFraming/camera(framing:)``).
    var framed: MapCamera
    /// `intro`, `outro`, `framing`, `rho` and `maxTurnRate` apply.
    var options: FlightOptions

    /// What the fly-in and pull-out are measured against: `check`'s default limits themselves (a
    /// longer intro or outro is only suggested, in a note, never imposed).
    static let limits = EasedFlyTo.Limits(screenSpeed: 0.5, zoomRate: log(2.0), screenAcceleration: 1.0,
                                          zoomAcceleration: 1.4, turnRate: 30, turnAcceleration: 60,
                                          tiltRate: 20, tiltAcceleration: 40)

    /// The fastest heading change in the fly-in and pull-out, degrees per second: the following turn
    /// rate (``FlightOptions/maxTurnRate``, 25 by default).
    var turnRate: Double { options.maxTurnRate ?? FlightOptions.defaultMaxTurnRate }

    /// Starts `builder` with the fly-in to `first` (the follow camera at the route's start, the centre
    /// `elevation` metres high), or at `first` itself without an intro, and returns the camera the
    /// flight starts from. A fly-in too fast for ``limits`` adds a note, `likelyCause` in brackets.
    func flyIn(to first: MapCamera, elevation: Double, likelyCause: String, into builder: inout ScriptBuilder,
               notes: inout [String]) -> MapCamera {
        let framing = options.framing
        guard options.intro > 0 else {
            builder.start(first, elevation: elevation)
            return first
        }
        let turned = FlightPlanner.limitedTurn(from: 0, to: first.heading, duration: options.intro, rate: turnRate)
        let overview = turned == 0 ? framed : framing.camera(framing: route, heading: turned)
        builder.start(overview, elevation: elevation)
        let needed = EasedFlyTo(from: overview, to: first, framing: framing, rho: options.rho)
            .minimumDuration(within: Self.limits, aspectRatio: framing.aspectRatio)
        if needed > options.intro * 1.001 {
            notes.append("the fly-in moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.intro, places: 1)) s (\(likelyCause)): it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
        }
        builder.easedFlyTo(first, duration: options.intro, framing: framing, rho: options.rho, elevation: elevation)
        return overview
    }

    /// Appends the pull-out from where `builder` is back to the overview (nothing without an outro),
    /// turning back towards north as fast as ``turnRate`` allows.
    func pullOut(into builder: inout ScriptBuilder, notes: inout [String]) {
        guard options.outro > 0 else { return }
        let framing = options.framing
        let turned = FlightPlanner.limitedTurn(from: Angles.unwrappedAngle(0, near: builder.heading), to: builder.heading,
                                               duration: options.outro, rate: turnRate)
        let back = Angles.normalizedHeading(turned) == 0 ? framed : framing.camera(framing: route, heading: turned)
        let needed = EasedFlyTo(from: builder.current, to: back, framing: framing, rho: options.rho)
            .minimumDuration(within: Self.limits, aspectRatio: framing.aspectRatio)
        if needed > options.outro * 1.001 {
            notes.append("the pull-out moves faster than `check`'s motion limits allow in \(FixedDecimal.string(options.outro, places: 1)) s: it needs \(FixedDecimal.string((needed * 10).rounded(.up) / 10, places: 1)) s")
        }
        builder.easedFlyTo(back, duration: options.outro, framing: framing, rho: options.rho, elevation: builder.elevation)
    }
}
