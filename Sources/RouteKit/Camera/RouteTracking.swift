/// How the frames of a flight are placed along its route: which ``RouteReading`` each pose carries
/// (``CameraPose/routeReading``).
package enum RouteTracking: Hashable, Sendable {
    /// At the route point under the camera's centre (`RouteTracker`): the centre's foot on the nearest
    /// leg ahead, never going back. Before `span` (flight seconds) the reading holds at the route's start
    /// and after it at its end (a fly-in and a pull-out); `nil`: the whole flight. What `follow`, `wwdc`
    /// and camera scripts fly.
    case centre(span: ClosedRange<Double>?)
    /// Where the planner's rider is (``PlannedRide``): what `follow` flies. Before the ride the route's
    /// start, after it the end.
    case rider(PlannedRide)
    /// The route's own clock run once across `span` (flight seconds): its recorded clock when it is timed,
    /// else its distance, in proportion to the time; held before and after. What `overview` and `orbit`
    /// fly (their centre stays over the whole route while the rider rides it).
    case clock(span: ClosedRange<Double>)
}
