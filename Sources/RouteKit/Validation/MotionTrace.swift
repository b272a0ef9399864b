import Foundation

/// The rates of a flight over time, for a plot (``MotionPlotSVG``), in bounded memory.
///
/// The flight's `[0, duration]` seconds are cut into ``buckets`` equal time buckets; each keeps, for the
/// screen speed and the magnitudes of the zoom, turn and tilt rates, the largest value of the frame steps
/// whose midpoint falls in it, and that step's time. With at least as many buckets as frame steps every
/// step is kept; with fewer the trace is the upper envelope, so no peak is lost from a plot.
package struct MotionTrace: Hashable, Sendable {
    /// The rates a trace keeps.
    package enum Rate: Int, CaseIterable, Hashable, Sendable {
        case screenSpeed, zoomRate, turnRate, tiltRate

        /// The measure it is.
        package var measure: MotionCheck.Measure {
            switch self {
            case .screenSpeed: .screenSpeed
            case .zoomRate: .zoomRate
            case .turnRate: .turnRate
            case .tiltRate: .tiltRate
            }
        }
    }

    /// One kept value: a time (seconds) and a magnitude.
    package struct Point: Hashable, Sendable {
        package var time: Double
        package var value: Double
    }

    /// The flight's length, seconds (>= 0).
    package let duration: Double
    /// How many time buckets (>= 1).
    package let buckets: Int
    /// Per rate (by ``Rate/rawValue``), per bucket, the largest magnitude, or `nil` for an empty bucket.
    private var kept: [[Point?]]

    /// - Parameters:
    ///   - duration: Seconds (>= 0).
    ///   - buckets: At least 1 (clamped), at most 100000.
    package init(duration: Double, buckets: Int) {
        self.duration = max(duration, 0)
        self.buckets = min(max(buckets, 1), 100_000)
        self.kept = Array(repeating: Array(repeating: nil, count: self.buckets), count: Rate.allCases.count)
    }

    /// Adds a step's rates. O(1).
    package mutating func add(_ step: MotionMeasures.Step) {
        let fraction = duration > 0 ? step.time / duration : 0
        let b = min(max(Int(fraction * Double(buckets)), 0), buckets - 1)
        for rate in Rate.allCases {
            let v = abs(rate.measure.value(step))
            guard v.isFinite else { continue }
            if let old = kept[rate.rawValue][b], old.value >= v { continue }
            kept[rate.rawValue][b] = Point(time: step.time, value: v)
        }
    }

    /// The kept points of a rate, in time order.
    package func points(_ rate: Rate) -> [Point] { kept[rate.rawValue].compactMap { $0 } }
}
