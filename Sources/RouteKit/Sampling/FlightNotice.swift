import Foundation

/// What the user of a sampled flight should hear beyond its poses: decided here, with the numbers each
/// needs, and worded by the caller (route-fly prints them as warnings on standard error).
package enum FlightNotice: Hashable, Sendable {
    /// The flight lasts `duration` seconds, more than ``longFlightThreshold``: `frameCount` frames at
    /// `framesPerSecond`. `longestStep` is the recorded step that makes it long, when recorded timing
    /// flies one in real time (``RecordedStep/init(lengthening:options:)``).
    case longFlight(duration: Double, frameCount: Int, framesPerSecond: Double, longestStep: RecordedStep?)
    /// `count` of `frameCount` frames had a camera distance below the sampler's `minimumDistance`
    /// metres and were held there (``PoseSampler/Summary/clampedFrameCount``), because of `cause`.
    case distanceHeld(count: Int, frameCount: Int, minimumDistance: Double, cause: DistanceOvershoot)
    /// `count` of `frameCount` frames had a centre latitude beyond a pole or a pitch outside
    /// `0...` ``MapCamera/maximumPitch`` degrees and were held at the bound, the first at `firstTime`
    /// seconds (``PoseSampler/Summary/outOfRangeFrameCount``): the keyframes overshoot.
    case outOfRange(count: Int, frameCount: Int, firstTime: Double)
    /// `count` of `frameCount` frames had a centre elevation outside `range` metres
    /// (the range a route file's elevations may take), the first at `firstTime` seconds: the keyframes overshoot.
    case implausibleElevation(count: Int, frameCount: Int, firstTime: Double, range: ClosedRange<Double>)

    /// Why the camera distance went below the sampler's minimum.
    package enum DistanceOvershoot: Hashable, Sendable {
        /// Cubic and spring distance keyframes swing past their values.
        case keyframes
        /// The wwdc preset's fixed distance targets, `approach` and `follow` metres
        /// (``WWDCFlyover/distances``), flown to from an `initialDistance` (metres) that frames a route
        /// far larger than the recipe suits (a few tens of kilometres): the cubic keyframes overshoot.
        case wwdcRecipe(approach: Double, follow: Double, initialDistance: Double)
    }

    /// Seconds of flight beyond which a flight is worth a warning: an hour.
    package static let longFlightThreshold = 3600.0

    /// The long-flight notice for a flight of `duration` seconds sampled by `sampler`, or `nil` when it
    /// lasts at most ``longFlightThreshold``.
    ///
    /// - Parameters:
    ///   - duration: The flight's length, seconds (>= 0).
    ///   - sampler: The sampler that will sample it (its frame rate gives the frame count).
    ///   - longestStep: The recorded step that makes the flight long, if any
    ///     (``RecordedStep/init(lengthening:options:)``; `nil` for a camera script).
    package static func length(of duration: Double, sampler: PoseSampler, longestStep: RecordedStep?) -> FlightNotice? {
        guard duration > longFlightThreshold else { return nil }
        return .longFlight(duration: duration, frameCount: sampler.frameCount(forDuration: duration),
                           framesPerSecond: sampler.framesPerSecond, longestStep: longestStep)
    }

    /// The notices about frames `sampler` held at a bound, in the order distance, range, elevation.
    ///
    /// - Parameters:
    ///   - summary: What sampling the flight counted (``PoseOutput``).
    ///   - sampler: The sampler that sampled it (a held distance is held at its
    ///     ``PoseSampler/minimumDistance``).
    ///   - preset: The preset that planned the flight, or `nil` for a camera script: a held distance in a
    ///     ``FlightOptions/Preset/wwdc`` flight is blamed on the recipe (``DistanceOvershoot/wwdcRecipe(approach:follow:initialDistance:)``).
    ///   - initialDistance: The flight's initial camera distance, metres.
    package static func sampling(_ summary: PoseSampler.Summary, sampler: PoseSampler, preset: FlightOptions.Preset?,
                                initialDistance: Double) -> [FlightNotice] {
        var notices: [FlightNotice] = []
        if summary.clampedFrameCount > 0 {
            let distances = WWDCFlyover().distances
            let cause: DistanceOvershoot = preset == .wwdc
                ? .wwdcRecipe(approach: distances.approach, follow: distances.follow, initialDistance: initialDistance)
                : .keyframes
            notices.append(.distanceHeld(count: summary.clampedFrameCount, frameCount: summary.frameCount,
                                         minimumDistance: sampler.minimumDistance, cause: cause))
        }
        if summary.outOfRangeFrameCount > 0 {
            notices.append(.outOfRange(count: summary.outOfRangeFrameCount, frameCount: summary.frameCount,
                                       firstTime: summary.firstOutOfRangeTime ?? 0))
        }
        if summary.implausibleElevationFrameCount > 0 {
            notices.append(.implausibleElevation(count: summary.implausibleElevationFrameCount, frameCount: summary.frameCount,
                                                 firstTime: summary.firstImplausibleElevationTime ?? 0,
                                                 range: PointValueLimits.elevation))
        }
        return notices
    }
}
