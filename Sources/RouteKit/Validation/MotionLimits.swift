import Foundation

/// The most a flight's `MotionMeasures` may reach before ``MotionCheck`` warns, and what counts as a
/// jump. Every limit is a magnitude (> 0) or `nil` for none; the defaults and why:
///
/// - ``screenSpeed`` **0.5 screen heights per second**. The cinematographers' rule of thumb against
///   judder is to pan no faster than one image width in seven seconds at 24 fps with a 180-degree shutter
///   (RED, "Panning Speed Best Practices", and the panning tables of cinematography manuals): across a
///   16:9 frame, 1.78 screen heights wide, 0.25 screen heights per second. Judder comes from the
///   displacement per frame, so the same displacement is 0.32 heights/s at 30 fps and 0.64 at 60 fps,
///   and a map flight is a tracking shot, where the eye rests on the centre: 0.5, which crosses the width
///   of the frame in 3.6 s, sits between the two. It is well under the pace of Mapbox GL JS's `flyTo`
///   (1.2 "screenfuls" per second by default), which is meant for short transitions, not for a shot one
///   watches.
/// - ``zoomRate`` **0.693 per second** (`ln 2`): the camera distance, and so the map's scale, at most
///   doubles or halves in a second. Zooming is van Wijk and Nuij's second kind of perceived motion
///   (`w'/w`); a zoom faster than that reads as a jump in scale rather than a move.
/// - ``turnRate`` **30 degrees per second**. A turn of `w` radians per second about the centre sweeps a
///   point `r` screen heights from the centre at `w r` screen heights per second; the corners of a 16:9
///   frame are 1.02 screen heights from the centre, so 0.5 / 1.02 rad/s = 28 degrees per second keeps
///   them within the screen-speed limit. (The former `check` limit was 90, a quarter turn per second.)
/// - ``tiltRate`` **20 degrees per second**: tilting also changes the perspective, and the far edge of a
///   tilted view moves faster than its centre, so it is held to less than a turn: from straight down to
///   the `follow` preset's 45 degrees in no less than 2.25 s.
/// - Accelerations: each rate may go from rest to its limit in no less than half a second, the shortest
///   ease a camera operator gives a move (a start or stop within a frame or two is a jolt): ``screenAcceleration``
///   **1.0 screen heights per second squared**, ``zoomAcceleration`` **1.4 per second squared**,
///   ``turnAcceleration`` **60 degrees per second squared**, ``tiltAcceleration`` **40 degrees per second squared**.
/// - ``eyeAcceleration`` **2.5 per second squared** (the eye's vertical acceleration over the camera
///   distance). The eye's altitude over the centre is `d cos(p)`, so its acceleration over `d` is
///   `(Z' + Z^2) cos p - 2 Z p' sin p - p'^2 cos p - p'' sin p` (`Z` the zoom rate, `p` the pitch in
///   radians). Zoom and tilt within the limits above give at most 2.33 per second squared (at a pitch of
///   31 degrees; 2.0 looking straight down), so the limit sits above that: what exceeds it is the
///   ground's elevation (GPS noise in `ele`) reaching the eye, which bobs the whole view.
/// - ``restFraction`` **0.1**: a shot starts and ends at rest: its first and last frame steps stay below
///   a tenth of every rate limit (0.05 screen heights per second, 0.069 per second of zoom, 3 degrees
///   per second of turn, 2 of tilt). A camera that is already moving in the first frame, or still moving
///   in the last, starts or stops with a jolt that no acceleration limit can see (there is no frame
///   before the first).
/// - ``screenJump`` **1 screen height within one frame**: the centre leaves the screen between two
///   frames, so the viewer sees a cut, not a move. Exceeding it is an error, not a warning.
public struct MotionLimits: Hashable, Sendable {
    /// Screen heights per second. Default 0.5.
    public var screenSpeed: Double? = 0.5
    /// `|d ln(distance) / dt|`, 1/s. Default `ln 2` = 0.693.
    public var zoomRate: Double? = log(2.0)
    /// Degrees per second. Default 30.
    public var turnRate: Double? = 30
    /// Degrees per second. Default 20.
    public var tiltRate: Double? = 20
    /// Screen heights per second squared. Default 1.0.
    public var screenAcceleration: Double? = 1.0
    /// 1/s^2. Default 1.4.
    public var zoomAcceleration: Double? = 1.4
    /// Degrees per second squared. Default 60.
    public var turnAcceleration: Double? = 60
    /// Degrees per second squared. Default 40.
    public var tiltAcceleration: Double? = 40
    /// The eye's vertical acceleration over the camera distance, 1/s^2. Default 2.5.
    public var eyeAcceleration: Double? = 2.5
    /// The fraction of each rate limit the first and last frame steps must stay below (at rest).
    /// Default 0.1.
    public var restFraction: Double? = 0.1
    /// Screen heights the centre may move within one frame before it is a jump (an error). Default 1.
    public var screenJump: Double? = 1

    /// The defaults above.
    public init() {}

    /// These limits for a flight planned to turn at most `plannedTurnRate` degrees per second
    /// (``FlightOptions/maxTurnRate``): a turn-rate limit below it is raised to it, since the turns were
    /// asked for. Other limits are unchanged.
    public func accepting(plannedTurnRate: Double?) -> MotionLimits {
        var limits = self
        if let asked = plannedTurnRate, let limit = turnRate, asked > limit { limits.turnRate = asked }
        return limits
    }

    /// No limits at all: the measures and their peaks are still reported.
    public static let none: MotionLimits = {
        var l = MotionLimits()
        l.screenSpeed = nil; l.zoomRate = nil; l.turnRate = nil; l.tiltRate = nil
        l.screenAcceleration = nil; l.zoomAcceleration = nil; l.turnAcceleration = nil; l.tiltAcceleration = nil
        l.eyeAcceleration = nil; l.screenJump = nil; l.restFraction = nil
        return l
    }()
}
