import Foundation

extension RouteFlight {
    /// An option a flight cannot be made or written with: a frame rate that is not a finite number more
    /// than 0, more frames than ``PoseSampler/maximumFrameCount``, a maximum pitch outside 0...85°, or a
    /// ground elevation that is not finite. ``description`` names the option, the value found and what
    /// was expected.
    public struct OptionError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
        /// The sentence: the option, the value found, what was expected.
        public let description: String
        public var errorDescription: String? { description }
    }

    /// The sampler at `framesPerSecond` for this flight, or the reason the flight cannot be sampled at
    /// that rate (an invalid rate, or more than ``PoseSampler/maximumFrameCount`` frames).
    static func checkedSampler(framesPerSecond: Double, duration: Double) throws(OptionError) -> PoseSampler {
        let sampler = PoseSampler(framesPerSecond: framesPerSecond)
        if let problem = sampler.tooManyFrames(duration: duration) { throw OptionError(description: problem) }
        return sampler
    }

    /// Throws when `output`'s own settings are out of range (its frame rate is checked with the flight).
    static func check(_ output: Output) throws(OptionError) {
        guard (0...MapLibrePoseWriter.highestMaximumPitch).contains(output.maximumPitch) else {
            throw OptionError(description: "the maximum pitch \(output.maximumPitch)° is invalid (expected degrees from straight down, 0 to \(Int(MapLibrePoseWriter.highestMaximumPitch)))")
        }
        if let trail = output.riderTrail, !(trail > 0 && trail.isFinite) {
            throw OptionError(description: "the rider trail \(trail) s is invalid (expected seconds of clock time, finite and more than 0, or nil for the whole track)")
        }
    }

    /// Throws when the ground option holds an elevation that is not a finite number.
    static func check(_ ground: Ground) throws(OptionError) {
        if case .elevation(let metres) = ground, !metres.isFinite {
            throw OptionError(description: "the ground elevation \(metres) m is invalid (expected metres above sea level, a finite number)")
        }
    }
}
