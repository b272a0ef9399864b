import Foundation
import RouteKit

/// The library's flight notices (``FlightNotice``) worded for the command line, with the options that
/// would help.
enum FlightNoticePresentation {
    /// A notice as the text of a warning (after `path: warning: `).
    static func describe(_ notice: FlightNotice) -> String {
        switch notice {
        case .longFlight(let duration, let frameCount, let fps, let step):
            return "the flight lasts \(describeSeconds(duration)) (\(frameCount) frames at \(fps) fps)\(recordedHint(step))"
        case .distanceHeld(let count, let frameCount, let minimumDistance, let cause):
            let why: String
            switch cause {
            case .wwdcRecipe(let approach, let follow, let initialDistance):
                why = "the wwdc recipe's \(FixedDecimal.string(approach, places: 0)) m and \(FixedDecimal.string(follow, places: 0)) m keyframes, after an initial distance of \(FixedDecimal.string(initialDistance, places: 0)) m, overshoot (the recipe suits routes of a few tens of kilometres; '--preset follow' scales with the route)"
            case .keyframes:
                why = "the distance keyframes overshoot below it (cubic and spring keyframes swing past their values)"
            }
            return "the camera distance fell below \(FixedDecimal.string(minimumDistance, places: 0)) m in \(count) of \(frameCount) frames and was held there: \(why)"
        case .outOfRange(let count, let frameCount, let firstTime):
            return "the centre's latitude passed a pole or the pitch left 0...90 degrees in \(count) of \(frameCount) frames (first at \(FixedDecimal.string(firstTime, places: 3)) s), held at the bound: the keyframes overshoot (cubic and spring keyframes swing past their values)"
        case .implausibleElevation(let count, let frameCount, let firstTime, let range):
            return "the centre elevation left \(FixedDecimal.string(range.lowerBound, places: 0))...\(FixedDecimal.string(range.upperBound, places: 0)) m in \(count) of \(frameCount) frames (first at \(FixedDecimal.string(firstTime, places: 3)) s): the keyframes overshoot"
        }
    }

    /// What makes a recorded-time flight long and the options that shorten it, to end an error or a
    /// warning about its length; empty without such a step.
    static func recordedHint(_ step: RecordedStep?) -> String {
        guard let step else { return "" }
        return ": recorded timing flies stops and gaps in real time (the longest recorded step, \(describeSeconds(step.seconds)), runs from point \(step.index) at \(ISO8601.string(from: step.start)) to point \(step.index + 1) at \(ISO8601.string(from: step.end))); '--skip-idle S' flies each in at most 1 s, '--speedup F' speeds it all up, '--timing distance' ignores the times"
    }
}

/// The warnings about frames the sampler held at a bound (`sample`, `preview`); `preset` is the one
/// that planned the flight, `nil` for a camera script.
func printSamplingWarnings(_ summary: PoseSampler.Summary, sampler: PoseSampler, routePath: String,
                           preset: FlightOptions.Preset?, initialDistance: Double) {
    for notice in FlightNotice.sampling(summary, sampler: sampler, preset: preset, initialDistance: initialDistance) {
        printDiagnostic("\(shownPath(routePath)): warning: \(FlightNoticePresentation.describe(notice))")
    }
}
