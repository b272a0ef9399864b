/// The flyover of Apple's WWDC23 session 10157 ("Wind your way through advanced animations in
/// SwiftUI"), reproduced as a `KeyframeTimeline<MapCamera>`: RouteKit's `wwdc` preset.
///
/// The recipe (keyframes.md section 8.4; SEEDS.md), with `T = flightDuration + returnDuration`
/// (16 + 4 = 20 s by default):
/// - the initial camera frames the route's ``Route/rect`` (``CameraFraming/camera(framing:)``:
///   centre of the rect, heading 0, pitch 0);
/// - `centerCoordinate`: one `CubicKeyframe` per route point, each `flightDuration / N` seconds, then a
///   `CubicKeyframe` back to the initial centre lasting `returnDuration`;
/// - `heading`: to `heading(from: route.start, to: route.end)` over 30 % of `T`, held for 40 %, back to
///   the initial heading over 30 % (6 / 8 / 6 s by default). The session's slide writes the middle
///   keyframe as `heading(from: route.end, to: route.end)`, a degenerate bearing of 0 that would swing the
///   camera back to north mid-flight; RouteKit holds the start-to-end heading instead, as the recipe
///   intends;
/// - `distance`: to 24000 m over 20 % of `T`, to 18000 m over 60 %, back to the initial distance over
///   20 % (4 / 12 / 4 s);
/// - `pitch`: not animated (stays at the initial camera's 0).
///
/// Beyond SwiftUI (DESIGN.md): headings and longitudes are unwrapped before they become keyframes, so
/// the camera never turns the long way round (a start-to-end heading of 350 is reached by turning 10
/// degrees left, not 350 right) and a route across the antimeridian is flown across it. Poses are
/// normalised again on output (``MapCamera/normalized``).
public struct WWDCFlyover: Sendable {
    /// Seconds spent flying along the route's points (the listing's 16), > 0.
    public var flightDuration: Double
    /// Seconds spent returning to the initial camera (the listing's 4), >= 0.
    public var returnDuration: Double
    /// How the initial camera frames the route.
    public var framing: CameraFraming
    /// The two distance targets of the listing, metres: reached at 20 % and at 80 % of the flight.
    public var distances: (approach: Double, follow: Double) = (24_000, 18_000)

    /// - Parameters:
    ///   - flightDuration: Seconds (> 0); default 16.
    ///   - returnDuration: Seconds (>= 0); default 4.
    ///   - framing: Viewport and field of view of the initial camera.
    public init(flightDuration: Double = 16, returnDuration: Double = 4, framing: CameraFraming = CameraFraming()) {
        precondition(flightDuration > 0 && flightDuration.isFinite, "flightDuration must be > 0 seconds")
        precondition(returnDuration >= 0 && returnDuration.isFinite, "returnDuration must be >= 0 seconds")
        self.flightDuration = flightDuration
        self.returnDuration = returnDuration
        self.framing = framing
    }

    /// Total length of the flight, seconds: `flightDuration + returnDuration`.
    public var totalDuration: Double { flightDuration + returnDuration }

    /// The camera before the flight starts: the route's rect, framed.
    public func initialCamera(for route: Route) -> MapCamera {
        framing.camera(framing: route.rect)
    }

    /// Plans the flight.
    ///
    /// - Throws: ``FlightPlanError/tooFewPoints(_:)`` when the route has fewer than 2 points.
    /// - Complexity: O(n) for n route points; the timeline it returns evaluates in O(log n).
    public func timeline(for route: Route) throws(FlightPlanError) -> KeyframeTimeline<MapCamera> {
        guard route.points.count >= 2 else { throw .tooFewPoints(route.points.count) }
        let initial = initialCamera(for: route)
        let total = totalDuration
        let step = flightDuration / Double(route.points.count)

        // Longitudes unwrapped from the initial centre onwards, so that every keyframe is within 180
        // degrees of the one before it.
        var centers: [LocationCoordinate2D] = []
        centers.reserveCapacity(route.points.count)
        var previousLongitude = initial.centerCoordinate.longitude
        for point in route.points {
            previousLongitude = unwrappedAngle(point.coordinate.longitude, near: previousLongitude)
            centers.append(LocationCoordinate2D(latitude: point.coordinate.latitude, longitude: previousLongitude))
        }
        let returnCenter = LocationCoordinate2D(
            latitude: initial.centerCoordinate.latitude,
            longitude: unwrappedAngle(initial.centerCoordinate.longitude, near: previousLongitude))

        let routeHeading = unwrappedAngle(heading(from: route.start, to: route.end), near: initial.heading)
        let returnHeading = unwrappedAngle(initial.heading, near: routeHeading)
        let (approach, follow) = distances

        return KeyframeTimeline(initialValue: initial) {
            KeyframeTrack(\MapCamera.centerCoordinate) {
                for center in centers {
                    CubicKeyframe(center, duration: step)
                }
                CubicKeyframe(returnCenter, duration: returnDuration)
            }
            KeyframeTrack(\MapCamera.heading) {
                CubicKeyframe(routeHeading, duration: total * 0.3)
                CubicKeyframe(routeHeading, duration: total * 0.4)
                CubicKeyframe(returnHeading, duration: total * 0.3)
            }
            KeyframeTrack(\MapCamera.distance) {
                CubicKeyframe(approach, duration: total * 0.2)
                CubicKeyframe(follow, duration: total * 0.6)
                CubicKeyframe(initial.distance, duration: total * 0.2)
            }
        }
    }
}

/// Why a flight could not be planned for a route.
public enum FlightPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route has fewer than the 2 points a flight needs.
    case tooFewPoints(Int)

    public var description: String {
        switch self {
        case .tooFewPoints(let n):
            return "the route has \(n) point\(n == 1 ? "" : "s"); a flight needs at least 2"
        }
    }
}
