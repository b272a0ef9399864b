import Foundation

// Angle conventions used everywhere in RouteKit (degrees throughout):
// - headings are compass directions, degrees clockwise from true north, normalised to 0..<360 on output;
// - longitudes are normalised to -180...180 on output;
// - a series of either is *unwrapped* before interpolation so that neighbours never differ by more
//   than 180 degrees (docs/camera.md#headings-and-longitudes).

/// The angle functions of RouteKit's conventions (degrees throughout): compass headings, longitudes,
/// unwrapping a series, the turn between two headings and the geodesic heading between two coordinates.
public enum Angles {
    /// Normalises an angle to a compass heading in `0..<360` degrees.
    ///
    /// Uses `fmod` and then folds the result, so that tiny negative inputs such as `-1e-20`
    /// become `0`, never `360.0` (the trap of `x < 0 ? x + 360 : x`, docs/camera.md#headings-and-longitudes).
    ///
    /// - Parameter degrees: Any finite angle in degrees. A non-finite input is returned unchanged.
    /// - Returns: The equivalent heading in `0..<360` degrees.
    @inlinable
    public static func normalizedHeading(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return degrees }
        // fmod is exact, and returns a value under one turn unchanged: the libm call only for the others.
        var h = abs(degrees) < 360 ? degrees : fmod(degrees, 360)
        if h < 0 { h += 360 }
        // h + 360 rounds to 360 for |h| below half an ulp of 360.
        if h >= 360 { h = 0 }
        return h == 0 ? 0 : h  // folds -0.0 to 0.0
    }

    /// Normalises a longitude to `-180...180` degrees.
    ///
    /// Values already in `-180...180` are returned unchanged (so both 180 and -180 survive, as GPX and
    /// GeoJSON writers expect); others are reduced by whole turns into `(-180, 180]`.
    ///
    /// - Parameter degrees: Any finite longitude in degrees. A non-finite input is returned unchanged.
    @inlinable
    public static func normalizedLongitude(_ degrees: Double) -> Double {
        guard degrees.isFinite, !(-180.0...180.0).contains(degrees) else { return degrees }
        let r = remainder(degrees, 360)  // in [-180, 180]
        return r == -180 ? 180 : r
    }

    /// Returns the representative of `angle` (modulo 360 degrees) that is nearest to `reference`:
    /// `reference + remainder(angle - reference, 360)`, in `reference - 180 ... reference + 180`.
    ///
    /// This is the unwrapping step of docs/camera.md#headings-and-longitudes: 10 after 350 becomes 370 (a +20 degree
    /// turn), not 10 (a -340 degree spin).
    ///
    /// Keyframes interpolate numbers, as SwiftUI's do: a heading keyframed from 0 to 296.7 turns the long
    /// way, +296.7 degrees. Keyframe `Angles.unwrappedAngle(296.7, near: 0)`, -63.3, and it turns 63.3
    /// degrees to the left:
    ///
    ///     KeyframeTrack(\MapCamera.heading) {
    ///         CubicKeyframe(Angles.unwrappedAngle(296.7, near: previousHeading), duration: 3)
    ///     }
    ///
    /// - Parameters:
    ///   - angle: Any finite angle, degrees (a heading or a longitude).
    ///   - reference: The angle to stay near, degrees (the previous keyframe's value).
    /// - Returns: `angle` plus or minus whole turns, within 180 degrees of `reference`.
    @inlinable
    public static func unwrappedAngle(_ angle: Double, near reference: Double) -> Double {
        reference + remainderOfTurn(angle - reference)
    }

    /// `remainder(degrees, 360)`, the IEEE remainder (in `-180...180`), without the libm call when
    /// `|degrees| <= 180`: the remainder is then `degrees` itself (`degrees / 360` rounds to the integer 0,
    /// ties going to the even one), so the result is the same bit for bit, NaN and infinities included.
    @inlinable
    package static func remainderOfTurn(_ degrees: Double) -> Double {
        abs(degrees) <= 180 ? degrees : remainder(degrees, 360)
    }

    /// Unwraps a series of angles (headings or longitudes, degrees) so that consecutive values differ by
    /// at most 180 degrees. The first value is kept as it is.
    ///
    /// - Complexity: O(n).
    public static func unwrappedAngles<S: Sequence>(_ angles: S) -> [Double] where S.Element == Double {
        var result: [Double] = []
        result.reserveCapacity(angles.underestimatedCount)
        for a in angles {
            if let last = result.last { result.append(unwrappedAngle(a, near: last)) } else { result.append(a) }
        }
        return result
    }

    /// The signed smallest turn from heading `a` to heading `b`, in degrees, in `-180...180`.
    @inlinable
    public static func headingDifference(from a: Double, to b: Double) -> Double {
        remainderOfTurn(b - a)
    }
}
