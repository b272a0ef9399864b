import Foundation

/// A step between two consecutive recorded points that makes a flight long: recorded timing flies
/// stops, gaps and wrong times in real time (``FlightOptions/Timing/recorded``), so one step of hours
/// makes a flight of hours.
package struct RecordedStep: Hashable, Sendable {
    /// The 0-based index of the point that starts the step; it ends at point `index + 1`.
    package var index: Int
    /// Seconds between the two points' recorded times (more than ``threshold``).
    package var seconds: Double
    /// The recorded times of point `index` and point `index + 1` (UTC instants).
    package var start: Date
    package var end: Date

    /// Seconds over which a recorded step is worth naming as what makes a flight long: a minute (the
    /// route check's `time-gap` default).
    package static let threshold = 60.0

    /// The step of `route` that makes the flight `options` plan long, or `nil`: with recorded timing
    /// (the follow preset) and no idle steps shortened (``FlightOptions/skipIdle`` `nil`), the longest
    /// step between consecutive timed points (``Route/longestTimeGap``) when it lasts more than
    /// ``threshold`` seconds.
    ///
    /// - Complexity: O(n) for n points.
    package init?(lengthening route: Route, options: FlightOptions) {
        guard options.preset == .follow, options.timing == .recorded, options.skipIdle == nil,
              let gap = route.longestTimeGap, gap.seconds > Self.threshold,
              let start = route.points[gap.index].time, let end = route.points[gap.index + 1].time else { return nil }
        self.index = gap.index
        self.seconds = gap.seconds
        self.start = start
        self.end = end
    }
}
