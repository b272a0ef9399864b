import Foundation

extension FlightCheck {
    /// Why a flight gives no flight findings but `flight-unplannable` (`CheckRun`): the planner refused
    /// it, or it is too long to sample at the check's frame rate.
    public enum Unplannable: Error, Hashable, Sendable, CustomStringConvertible {
        /// The planner's error (``FlightPlanner/plan(for:)``).
        case plan(FlightPlanError)
        /// The flight lasts `duration` seconds, more than ``PoseSampler/maximumFrameCount`` frames at
        /// `framesPerSecond` (``PoseSampler/tooManyFrames(duration:)``).
        case tooManyFrames(duration: Double, framesPerSecond: Double)

        /// In RouteKit's words, lower case, without a full stop: the plan error's description, or
        /// ``PoseSampler/tooManyFrames(duration:)``'s sentence.
        public var description: String {
            switch self {
            case .plan(let error):
                return error.description
            case .tooManyFrames(let duration, let framesPerSecond):
                return PoseSampler(framesPerSecond: framesPerSecond).tooManyFrames(duration: duration)
                    ?? "the flight lasts \(duration) s: too many frames at \(framesPerSecond) fps"
            }
        }
    }
}
