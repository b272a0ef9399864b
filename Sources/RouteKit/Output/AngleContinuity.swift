/// How headings, and in the CSV and web-map outputs longitudes, are written from frame to frame.
///
/// A heading of 359.99 degrees followed by one of 0.01 is a turn of 0.02 degrees, but a renderer that
/// interpolates or keys the numbers (Blender, deck.gl transitions, spreadsheets) turns 359.98 degrees the
/// other way. ``continuous`` writes the same directions without that jump. A longitude of 179.99 followed
/// by -179.99 is the same: a step of 0.02 degrees east across the antimeridian that an interpolating
/// renderer flies 359.98 degrees west, around the world (`LongitudeSequence`).
public enum AngleContinuity: String, CaseIterable, Sendable {
    /// Every heading in `0..<360` degrees (`PosePrecision.printableHeading(_:)`), every longitude in
    /// `-180...180`.
    case wrapped
    /// The first heading in `0..<360`, each next one the previous plus the shortest signed turn to it
    /// (in `-180..<180`), so that no two consecutive frames differ by more than 180 degrees and a flight
    /// that turns twice around ends near 720 (`AngleUnwrapper`). Longitudes likewise, where the
    /// writer says so (`LongitudeSequence`): the centre's from frame to frame, starting in `-180...180`
    /// (181, 182 … after crossing the antimeridian eastwards), and the other points of a frame within
    /// 180 degrees of its centre.
    case continuous
}

/// Unwraps a sequence of angles, degrees: each value becomes the previous output plus the shortest
/// signed difference to it, `d = (v - prev) - 360 * round((v - prev) / 360)`, in `-180...180`.
/// The first value is kept as given. O(1) per value, constant memory.
package struct AngleUnwrapper: Sendable {
    private var previous: Double? = nil

    public init() {}

    /// The unwrapped value of `angle` (degrees), given every value before it.
    public mutating func next(_ angle: Double) -> Double {
        guard let p = previous else { previous = angle; return angle }
        var d = (angle - p).truncatingRemainder(dividingBy: 360)
        if d >= 180 { d -= 360 } else if d < -180 { d += 360 }
        let v = p + d
        previous = v
        return v
    }
}

/// Writes headings one per frame as ``AngleContinuity`` asks.
struct HeadingSequence: Sendable {
    var continuity: AngleContinuity
    private var unwrapper = AngleUnwrapper()

    init(_ continuity: AngleContinuity) { self.continuity = continuity }

    /// The heading to print for the next frame, degrees.
    mutating func next(_ heading: Double) -> Double {
        switch continuity {
        case .wrapped: return PosePrecision.printableHeading(heading)
        case .continuous: return unwrapper.next(PosePrecision.printableHeading(heading))
        }
    }
}

/// Writes the longitudes of one frame after another as ``AngleContinuity`` asks: the camera centre's, and
/// those of the other points of the same frame (the eye, riders, the route's point), degrees.
///
/// ``AngleContinuity/wrapped``: every longitude in `-180...180` (``Angles/normalizedLongitude(_:)``).
/// ``AngleContinuity/continuous``: the first centre in `-180...180`, each next one unwrapped against the
/// one before (``AngleUnwrapper``), so a flight across the antimeridian goes on to 181, 182 … instead of
/// jumping by 360; a frame's other points are the representatives nearest its centre
/// (``Angles/unwrappedAngle(_:near:)``), so they lie beside the camera in the same turn of the world. Web maps
/// take such longitudes: MapLibre GL JS draws longitude 181 where it draws -179. O(1) per value.
struct LongitudeSequence: Sendable {
    var continuity: AngleContinuity
    private var unwrapper = AngleUnwrapper()
    /// The last centre returned, degrees.
    private var center = 0.0

    init(_ continuity: AngleContinuity) { self.continuity = continuity }

    /// The centre longitude to print for the next frame, degrees.
    mutating func nextCenter(_ longitude: Double) -> Double {
        let wrapped = Angles.normalizedLongitude(longitude)
        center = continuity == .continuous ? unwrapper.next(wrapped) : wrapped
        return center
    }

    /// The longitude to print for another point of the frame whose centre was last given, degrees.
    func beside(_ longitude: Double) -> Double {
        continuity == .continuous ? Angles.unwrappedAngle(longitude, near: center) : Angles.normalizedLongitude(longitude)
    }
}
