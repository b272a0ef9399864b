import Foundation
import RouteKitSupport

/// A route to fly: its points in order, split into the segments the file had, measured on WGS 84.
///
/// A `Route` is built once from what a reader found (see `GPXReader`), and everything about it is
/// computed then: leg lengths and headings (geodesics through PROJ), cumulative distance, bounding
/// box and map rect.
///
/// Terms:
/// - a *segment* is a run of points the file keeps together (a GPX `trkseg`, or a whole `rte`);
/// - a *leg* joins two consecutive points of the flattened point list. A leg that joins the last point
///   of one segment to the first point of the next is a *gap*: it is measured, but the route does not
///   travel it, so it does not count towards ``length`` or ``cumulativeDistances`` (as GPS tools report
///   a track's length).
///
/// Edge cases:
/// - A zero-length leg (duplicate points, common in real tracks: `togeojson-osm.gpx` has 3092) has no
///   direction of its own; its heading is the previous leg's (or, at the very start, the first later
///   leg's), never PROJ's meaningless 180.
/// - A route across the antimeridian gets a ``boundingBox`` with `west > east` and a ``rect`` that
///   extends past the world's width.
/// - A route over a pole (a point at it, or a leg whose geodesic passes through it,
///   ``poleCrossing(from:to:)``) gets the box `[-180, south, 180, 90]` (or `[-180, -90, 180, north]`) and a
///   map rect the world's width wide, from the world's top (bottom) edge.
public struct Route: Sendable {
    /// A leg between two consecutive points.
    public struct Leg: Hashable, Sendable {
        /// Geodesic length, metres (>= 0).
        public var distance: Double {
            get { abs(signedDistance) }
            set { signedDistance = isGap ? -abs(newValue) : abs(newValue) }
        }
        /// Direction of travel at the leg's start, degrees clockwise from true north, `0..<360`.
        /// For a zero-length leg, the heading carried over from a neighbouring leg.
        public var heading: Double
        /// `true` when the leg joins two segments (it is not travelled by the route).
        public var isGap: Bool {
            get { signedDistance.sign == .minus }
            set { signedDistance = newValue ? -abs(signedDistance) : abs(signedDistance) }
        }

        /// The distance with the gap flag as its sign (-0 for a gap of no length): 16 bytes a leg, not 24.
        private var signedDistance: Double

        init(distance: Double, heading: Double, isGap: Bool) {
            signedDistance = isGap ? -abs(distance) : abs(distance)
            self.heading = heading
        }

        public static func == (a: Leg, b: Leg) -> Bool {
            a.distance == b.distance && a.heading == b.heading && a.isGap == b.isGap
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(distance)
            hasher.combine(heading)
            hasher.combine(isGap)
        }
    }

    /// The name the file gives the route (first track's or route's name), if any.
    public var name: String?
    /// Every point flown, in file order (all segments, flattened). Never fewer than one.
    public let points: [RoutePoint]
    /// The segments as index ranges into ``points``, in file order; each is non-empty and they tile
    /// `points.indices` without overlap.
    public let segments: [Range<Int>]
    /// `points.count - 1` legs; `legs[i]` joins `points[i]` and `points[i + 1]`.
    public let legs: [Leg]
    /// Distance travelled from the first point to each point, in metres; `points.count` values,
    /// non-decreasing, starting at 0. Gaps between segments add nothing.
    public let cumulativeDistances: [Double]
    /// The smallest box holding the route as travelled (``BoundingBox/init(path:)``; RFC 7946 order,
    /// `west > east` across the antimeridian).
    public let boundingBox: BoundingBox
    /// The union of the points' MapKit map points (like the WWDC23 sample's `route.rect`), with
    /// longitudes unwrapped along the route (``MapRect/init(enclosingPath:)``).
    public let rect: MapRect
    /// The longest leg within a segment, metres (0 for a single point): what lets a route tell at once
    /// that no leg needs points along its geodesic (``travelledBoxes(maximumLegLength:maximumLongitudeStep:)``).
    let longestLeg: Double
    /// Statistics of the file the route came from: tracks, routes and waypoints (waypoints are
    /// counted, not flown).
    public var source: Source

    /// What a file held besides the points flown.
    public struct Source: Hashable, Sendable {
        /// Where the flown points come from.
        public enum Kind: String, Hashable, Sendable { case tracks, routes }
        public var kind: Kind
        /// Number of tracks (`trk`) in the file, flown or not.
        public var trackCount: Int
        /// Number of track segments (`trkseg`) in the file, empty ones included.
        public var trackSegmentCount: Int
        /// Number of routes (`rte`) in the file.
        public var routeCount: Int
        /// Number of waypoints (`wpt`) in the file.
        public var waypointCount: Int
        /// How the file means the line between two consecutive points: along the geodesic (GPX, KML, TCX,
        /// CSV, polylines: points of a track on the ellipsoid) or straight in longitude and latitude
        /// (GeoJSON, RFC 7946 §3.1.1: "a line between two positions is a straight Cartesian line").
        public var lineInterpolation: LineInterpolation = .geodesic

        /// How a file means the line between two consecutive points.
        public enum LineInterpolation: String, Hashable, Sendable {
            /// The geodesic on WGS 84 (``Route/densifiedAlongGeodesics(maximumLegLength:maximumLongitudeStep:)``
            /// adds points along it for the camera).
            case geodesic
            /// A straight line in longitude and latitude (GeoJSON); not densified.
            case longitudeLatitude
        }

        public init(kind: Kind, trackCount: Int = 0, trackSegmentCount: Int = 0, routeCount: Int = 0,
                    waypointCount: Int = 0) {
            self.kind = kind
            self.trackCount = trackCount
            self.trackSegmentCount = trackSegmentCount
            self.routeCount = routeCount
            self.waypointCount = waypointCount
        }
    }

    /// Builds a route from its segments, measuring every leg on WGS 84.
    ///
    /// - Parameters:
    ///   - segments: Runs of points in file order. Empty segments are dropped.
    ///   - name: The route's name, if any.
    ///   - source: What the file held.
    /// - Returns: `nil` when there is no point at all.
    /// - Complexity: O(n) for n points: one geodesic inverse per leg (about 0.5 microsecond each), and
    ///   two passes for the bounding box and the map rect.
    public init?(segments: [[RoutePoint]], name: String? = nil, source: Source) {
        var points: [RoutePoint] = []
        var ranges: [Range<Int>] = []
        points.reserveCapacity(segments.reduce(0) { $0 + $1.count })
        for s in segments where !s.isEmpty {
            ranges.append(points.count..<(points.count + s.count))
            points.append(contentsOf: s)
        }
        guard !points.isEmpty else { return nil }
        self.init(points: points, segments: ranges, name: name, source: source)
    }

    /// Builds a route from points already flattened, measuring every leg on WGS 84 (the readers use
    /// it to avoid copying their points again).
    ///
    /// - Parameters:
    ///   - points: At least one point, in file order.
    ///   - segments: Non-empty ranges of `points` that tile its indices, in order.
    /// - Complexity: O(n): one geodesic per leg, on all cores (``measureLegs(_:threads:)``), then one
    ///   pass for headings and distances and one each for the bounding box and the map rect.
    @_spi(Benchmarks)
    public init(points: [RoutePoint], segments: [Range<Int>], name: String?, source: Source) {
        self.init(points: points, segments: segments, name: name, source: source, measuredLegs: nil)
    }

    /// ``init(points:segments:name:source:)`` with the legs already measured (``measuredLegs(_:threads:)``,
    /// or a ``RoutePointCollector`` while reading), or `nil` to measure them here.
    init(points: [RoutePoint], segments: [Range<Int>], name: String?, source: Source, measuredLegs: [Leg]?) {
        precondition(measuredLegs.map { $0.count == max(points.count - 1, 0) } ?? true, "one leg between each two points")
        self.points = points
        self.segments = segments
        self.name = name
        self.source = source

        // The geodesics, on all cores (each leg is computed alone, so the result is the serial one),
        // written straight into the legs; then one pass in order for what depends on the legs before,
        // while the other core takes the boxes of the path and whether it goes over a pole, which
        // depend on the points alone.
        var legs = measuredLegs ?? Route.measuredLegs(points, threads: Parallel.coreCount)
        let interpolation = source.lineInterpolation
        let ((cumulative, longestLeg), (pathBox, pathRect, pole)) = Parallel.both(
            if: points.count >= 65_536,
            { Self.completeInOrder(&legs, segments: segments) },
            { Self.pathBoxesAndPole(of: points, segments: segments, interpolation: interpolation) })
        self.legs = legs
        self.cumulativeDistances = cumulative
        self.longestLeg = longestLeg
        // Boxes of the path as travelled (legs and gaps the shorter way round in longitude), not of
        // the bare point set: a sparse route across longitude 0 keeps 0 inside its box. Over a pole,
        // the route is seen from every longitude.
        let (box, rect) = Self.overPole(pole, box: pathBox, rect: pathRect)
        self.boundingBox = box
        self.rect = rect
    }

    /// Completes the measured `legs` with what depends on the legs before them, in one pass in order:
    /// a zero-length leg takes the heading of the last leg with a length (the first ones, the first
    /// such heading), and the leg after each segment's last point is a gap. Returns the cumulative
    /// distance at each point, metres (gaps count 0), and the longest leg that is not a gap.
    /// - Complexity: O(n).
    private static func completeInOrder(_ legs: inout [Leg], segments: [Range<Int>]) -> (cumulative: [Double], longest: Double) {
        var longest = 0.0
        let cumulative = [Double](unsafeUninitializedCapacity: legs.count + 1) { cumulative, initialized in
            HugePageBuffer.advise(cumulative)
            cumulative[0] = 0
            longest = completeInOrder(&legs, segments: segments, cumulative: cumulative)
            initialized = legs.count + 1
        }
        return (cumulative, longest)
    }

    /// ``completeInOrder(_:segments:)``, writing the cumulative distances to `cumulative` (whose first,
    /// 0, is written) and returning the longest leg.
    private static func completeInOrder(_ legs: inout [Leg], segments: [Range<Int>],
                                        cumulative: UnsafeMutableBufferPointer<Double>) -> Double {
        var longest = 0.0
        var lastHeading: Double? = nil
        var leadingZeroLegs = 0
        // Segment ends, in order: the leg after each is a gap.
        var segmentIndex = 0
        for i in legs.indices {
            let distance = legs[i].distance
            while segmentIndex < segments.count - 1, segments[segmentIndex].upperBound - 1 < i { segmentIndex += 1 }
            let isGap = segmentIndex < segments.count - 1 && segments[segmentIndex].upperBound - 1 == i
            var heading = 0.0
            if distance > 0 {
                heading = legs[i].heading
                if lastHeading == nil {
                    // Back-fill the zero-length legs at the start with the first real heading.
                    for j in 0..<leadingZeroLegs { legs[j].heading = heading }
                }
                lastHeading = heading
            } else if let h = lastHeading {
                heading = h
            } else {
                leadingZeroLegs += 1
            }
            legs[i] = Leg(distance: distance, heading: heading, isGap: isGap)
            cumulative[i + 1] = cumulative[i] + (isGap ? 0 : distance)
            if !isGap { longest = max(longest, distance) }
        }
        return longest
    }

    /// The boxes of the path the points travel (``pathBoxes(_:)``, the same values) and, in the same
    /// pass, whether the route goes over the north pole (1) or the south pole (-1), or neither (0):
    /// through a point at it, or, when its lines are read as geodesics, along a leg through it
    /// (``poleCrossing(from:to:)``). The first leg in order that does decides; legs between segments
    /// (gaps) are not travelled.
    /// - Parameters:
    ///   - points: At least one point.
    ///   - segments: Non-empty ranges of `points` that tile its indices, in order.
    /// - Complexity: O(n), one pass, constant memory.
    private static func pathBoxesAndPole(of points: [RoutePoint], segments: [Range<Int>],
                                         interpolation: Source.LineInterpolation) -> (BoundingBox, MapRect, Int) {
        var accumulator = BoundingBox.PathAccumulator()
        var pole = 0
        let geodesic = interpolation == .geodesic
        for range in segments {
            var previous = points[range.lowerBound].coordinate
            accumulator.add(previous)
            for i in range.dropFirst() {
                let next = points[i].coordinate
                accumulator.add(next)
                if pole == 0 { pole = legPole(from: previous, to: next, geodesic: geodesic) }
                previous = next
            }
        }
        if points.count == 1, abs(points[0].coordinate.latitude) == 90 { pole = points[0].coordinate.latitude > 0 ? 1 : -1 }
        return (accumulator.boundingBox!, accumulator.mapRect!, pole)
    }

    /// The pole a leg goes over, as ``pathBoxesAndPole(of:segments:interpolation:)`` judges it: along a
    /// geodesic, ``poleCrossing(from:to:)``; along any other line, only by ending at one.
    @inline(__always)
    static func legPole(from a: LocationCoordinate2D, to b: LocationCoordinate2D, geodesic: Bool) -> Int {
        if geodesic { return poleCrossing(from: a, to: b) }
        guard abs(a.latitude) == 90 || abs(b.latitude) == 90 else { return 0 }
        return a.latitude + b.latitude > 0 ? 1 : -1
    }

    /// `box` and `rect` of a path over the north (`pole` 1) or south (-1) pole, or as they are (0): the
    /// box spans every longitude up to the pole, and the map rect the world's width up to its top (or
    /// bottom) edge.
    static func overPole(_ pole: Int, box: BoundingBox, rect: MapRect) -> (BoundingBox, MapRect) {
        guard pole != 0 else { return (box, rect) }
        let world = MapSize.world
        return (BoundingBox(west: -180, south: pole > 0 ? box.south : -90, east: 180, north: pole > 0 ? 90 : box.north),
                pole > 0 ? MapRect(x: 0, y: 0, width: world.width, height: rect.maxY)
                         : MapRect(x: 0, y: rect.minY, width: world.width, height: world.height - rect.minY))
    }

    /// The geodesic inverse of every leg (`points[i]` to `points[i + 1]`): its length in metres and
    /// its initial azimuth as a heading (``Angles/normalizedHeading(_:)``, degrees in `0..<360`).
    ///
    /// The legs are split into `threads` contiguous runs computed at the same time; each leg is one
    /// independent `geod_inverse` (Karney 2013, through PROJ), so the result is the same, bit for bit,
    /// whatever `threads` is.
    ///
    /// - Complexity: O(n) work, about n / threads wall time.
    static func measureLegs(_ points: [RoutePoint], threads: Int) -> (distances: [Double], headings: [Double]) {
        let legs = measuredLegs(points, threads: threads)
        return (legs.map(\.distance), legs.map(\.heading))
    }

    /// ``measureLegs(_:threads:)`` written into legs (not yet marked as gaps, zero-length ones with the
    /// heading PROJ gives), with no arrays between.
    static func measuredLegs(_ points: [RoutePoint], threads: Int) -> [Leg] {
        let count = max(points.count - 1, 0)
        // Below about 16k legs a thread costs more than it saves.
        let runs = max(1, min(threads, count / 16_384))
        return [Leg](unsafeUninitializedCapacity: count) { legBuffer, initialized in
            points.withUnsafeBufferPointer { pointBuffer in
                // Each run writes only its own indices.
                nonisolated(unsafe) let points = pointBuffer
                nonisolated(unsafe) let legs = legBuffer
                let work: @Sendable (Int) -> Void = { run in
                    let start = count * run / runs, end = count * (run + 1) / runs
                    measureLegs(from: points.baseAddress! + start, count: end - start, into: legs.baseAddress! + start)
                }
                if runs == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: runs, execute: work)
                }
            }
            initialized = count
        }
    }

    /// Total distance travelled along the segments, in metres (gaps between segments excluded).
    public var length: Double { cumulativeDistances[cumulativeDistances.count - 1] }
    /// The first point flown.
    public var start: LocationCoordinate2D { points[0].coordinate }
    /// The last point flown.
    public var end: LocationCoordinate2D { points[points.count - 1].coordinate }

    /// The time of the first point (in file order) that has one, or `nil` when no point has a time.
    /// As GPS tools report it; when the file's clock goes backwards it need not be the earliest time.
    public var startTime: Date? { points.first(where: { $0.time != nil })?.time }
    /// The time of the last point (in file order) that has one, or `nil` when no point has a time.
    public var endTime: Date? { points.last(where: { $0.time != nil })?.time }
    /// `endTime - startTime` in seconds (negative when the file's last time is before its first), or
    /// `nil` when the route has no time.
    public var recordedDuration: Double? {
        guard let s = startTime, let e = endTime else { return nil }
        return e.timeIntervalSince(s)
    }
    /// The earliest and the latest recorded time of any point (UTC), or `nil` when no point has a time:
    /// the span the recording covers, whatever the order the file lists its points in (a file of three
    /// walks on three days, listed June, October, May, spans May to October).
    ///
    /// - Complexity: O(n).
    public var recordedSpan: (earliest: Date, latest: Date)? { recordedSpanAndCount.span }
    /// How many points carry a time (0 for an untimed route).
    public var timedPointCount: Int { recordedSpanAndCount.count }

    /// ``recordedSpan`` and ``timedPointCount`` in one pass over the points, in runs on every core for
    /// a large route (the earliest, the latest and the count of each run joined: the same as in order).
    /// - Complexity: O(n).
    var recordedSpanAndCount: (span: (earliest: Date, latest: Date)?, count: Int) {
        let runs = points.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return Parallel.mapRanges(count: buffer.count, parts: buffer.count >= 65_536 ? Parallel.coreCount : 1) { range in
                var earliest = Double.infinity, latest = -Double.infinity
                var count = 0
                for i in range {
                    guard let t = buffer[i].time?.timeIntervalSinceReferenceDate else { continue }
                    earliest = min(earliest, t)
                    latest = max(latest, t)
                    count += 1
                }
                return (earliest, latest, count)
            }
        }
        let count = runs.reduce(0) { $0 + $1.2 }
        guard count > 0 else { return (nil, 0) }
        let earliest = runs.map(\.0).min()!, latest = runs.map(\.1).max()!
        return ((Date(timeIntervalSinceReferenceDate: earliest), Date(timeIntervalSinceReferenceDate: latest)), count)
    }
}
