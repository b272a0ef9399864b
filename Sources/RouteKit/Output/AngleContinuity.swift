/// How headings are written from frame to frame.
///
/// A heading of 359.99 degrees followed by one of 0.01 is a turn of 0.02 degrees, but a renderer that
/// interpolates or keys the numbers (Blender, deck.gl transitions, spreadsheets) turns 359.98 degrees the
/// other way. ``continuous`` writes the same directions without that jump.
public enum AngleContinuity: String, CaseIterable, Sendable {
    /// Every heading in `0..<360` degrees (``PosePrecision/printableHeading(_:)``).
    case wrapped
    /// The first heading in `0..<360`, each next one the previous plus the shortest signed turn to it
    /// (in `-180..<180`), so that no two consecutive frames differ by more than 180 degrees and a flight
    /// that turns twice around ends near 720 ( ``AngleUnwrapper``).
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
