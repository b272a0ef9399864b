import Foundation

/// What `route-fly info` reports about a route: counts from the file and measurements of the route.
package struct RouteSummary: Sendable {
    /// Points flown (all track points, or all route points when the file has no track points).
    package var points: Int
    /// Tracks (`trk`) in the file.
    package var tracks: Int
    /// Segments of the flown part as the file has them: `trkseg` elements (empty ones included) when
    /// tracks are flown, `rte` elements when routes are flown.
    package var segments: Int
    /// Segments the route flies: fewer than ``segments`` when some are empty (a GPX `trkseg` with no
    /// point), or when a reader joins them (TCX laps).
    package var flownSegments: Int
    /// Routes (`rte`) in the file.
    package var routes: Int
    /// Waypoints (`wpt`) in the file (counted, not flown).
    package var waypoints: Int
    /// Where the flown points come from.
    package var kind: Route.Source.Kind
    /// Length travelled along the segments, metres.
    package var length: Double
    /// Times of the first and last timed points (file order), if any point has one.
    package var startTime: Date?
    package var endTime: Date?
    /// The earliest and latest recorded times (``Route/recordedSpan``); the same as ``startTime`` and
    /// ``endTime`` when the file lists its times in order.
    package var earliestTime: Date?
    package var latestTime: Date?
    /// The span the recorded times cover, seconds, >= 0: ``latestTime`` − ``earliestTime`` (which is
    /// ``endTime`` − ``startTime`` when the times are in order), or `nil` when no point has a time.
    package var duration: Double?
    /// Points that carry a time.
    package var timedPoints: Int
    package var start: LocationCoordinate2D
    package var end: LocationCoordinate2D
    package var boundingBox: BoundingBox
    package var rect: MapRect
    /// Heading from the first to the last point, degrees in `0..<360` (the WWDC flyover's heading), or
    /// `nil` when they coincide (no direction).
    package var startToEndHeading: Double?
    /// The format the file was read as, when the caller knows it.
    package var format: RouteFormat?
    /// What the reader skipped or decided (``RouteFile/Result/notes``).
    package var notes: [String] = []

    /// Summarises a file that has nothing to fly but waypoints (GPX `wpt`, KML or GeoJSON Points):
    /// ``points`` 0, ``waypoints`` their count, the box and map rect of their positions, `start` and `end`
    /// the first and last waypoint, no length, time or heading (``isWaypointsOnly``).
    ///
    /// - Parameters:
    ///   - waypoints: The positions (``RouteParseError/waypoints``); must not be empty.
    ///   - format: The format the file was read as.
    /// - Complexity: O(n).
    package init?(waypoints: [LocationCoordinate2D], format: RouteFormat?) {
        guard let first = waypoints.first, let last = waypoints.last,
              let box = BoundingBox(waypoints), let rect = MapRect(enclosing: waypoints, boundingBox: box) else { return nil }
        points = 0
        tracks = 0
        segments = 0
        flownSegments = 0
        routes = 0
        self.waypoints = waypoints.count
        kind = .tracks
        length = 0
        timedPoints = 0
        start = first
        end = last
        boundingBox = box
        self.rect = rect
        startToEndHeading = nil
        self.format = format
    }

    /// `true` for a summary of waypoints alone (``init(waypoints:format:)``): nothing is flown.
    package var isWaypointsOnly: Bool { points == 0 }

    /// Summarises a route. O(n), on two cores from 65,536 points.
    package init(_ route: Route) {
        points = route.points.count
        tracks = route.source.trackCount
        segments = route.source.kind == .tracks ? route.source.trackSegmentCount : route.source.routeCount
        flownSegments = route.segments.count
        routes = route.source.routeCount
        waypoints = route.source.waypointCount
        kind = route.source.kind
        length = route.length
        startTime = route.startTime
        endTime = route.endTime
        // The box of the route as travelled: legs read as geodesics (GPX, KML, TCX, polylines) bulge
        // towards a pole between far-apart points (a 2200 km leg at 46 N by 55 km), so it is taken over
        // the points the flight adds along them. It and the times are passes over every point,
        // independent of each other: on two cores for a large route.
        let geodesic = route.source.lineInterpolation == .geodesic
        let (travelled, (span, timed)) = Parallel.both(if: route.points.count >= 65_536,
                                                       { geodesic ? route.travelledBoxes() : nil },
                                                       { route.recordedSpanAndCount })
        earliestTime = span?.earliest
        latestTime = span?.latest
        duration = span.map { $0.latest.timeIntervalSince($0.earliest) }
        timedPoints = timed
        start = route.start
        end = route.end
        boundingBox = travelled?.box ?? route.boundingBox
        rect = travelled?.rect ?? route.rect
        startToEndHeading = route.start.distance(to: route.end) > 0 ? Angles.heading(from: route.start, to: route.end) : nil
    }
}
