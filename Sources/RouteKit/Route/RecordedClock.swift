import Foundation

/// A route's recorded clock, read once: its patterns (``ClockPattern/patterns(in:)``), its recorded times
/// (`Route.recordedTimes`) and the fault that refuses it (``Route/recordedClockFault``), each the same as
/// the route's own property, for a caller that needs more than one of them (``RouteOdometer``): the
/// properties each find the patterns again, an O(n) pass over every point's time.
package struct RecordedClock: Sendable {
    /// The patterns of the route's clock.
    package let patterns: [ClockPattern]
    /// The recorded times, filled and made non-decreasing, or `nil` with fewer than 2 timed points.
    package let times: Route.RecordedTimes?
    /// Why recorded timing cannot fly the route, or `nil`.
    package let fault: RecordedClockFault?

    /// The clock of `route`.
    ///
    /// - Complexity: O(n) for n points: one pass for the patterns, one for the times.
    package init(route: Route) {
        patterns = ClockPattern.patterns(in: route)
        times = route.recordedTimes(patterns: patterns)
        fault = Route.clockFault(among: patterns) ?? route.clockFault(recorded: times)
    }
}
