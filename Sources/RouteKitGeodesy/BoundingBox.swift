import Foundation

/// A geographic bounding box as RFC 7946 section 5 defines it: `west`, `south`, `east`, `north`, in degrees.
///
/// Longitudes take the *smallest* interval that holds every point, so a route that crosses the
/// antimeridian gets `west > east` (RFC 7946 section 5.2, e.g. Fiji `[177.0, -20.0, -178.0, -16.0]`)
/// instead of a box that spans the whole world.
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    /// Western edge, degrees in `-180...180`.
    public var west: Double
    /// Southern edge, degrees in `-90...90`.
    public var south: Double
    /// Eastern edge, degrees in `-180...180`; smaller than `west` when the box crosses the antimeridian.
    public var east: Double
    /// Northern edge, degrees in `-90...90`.
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// `true` when the box crosses the 180th meridian (`west > east`, RFC 7946 section 5.2).
    public var crossesAntimeridian: Bool { west > east }

    /// Width of the box in degrees of longitude, `0...360`.
    public var longitudeSpan: Double { crossesAntimeridian ? east - west + 360 : east - west }

    /// The centre of the box; its longitude is normalised to `-180...180`.
    public var center: LocationCoordinate2D {
        LocationCoordinate2D(
            latitude: (south + north) / 2, longitude: Angles.normalizedLongitude(west + longitudeSpan / 2))
    }

    /// Whether `coordinate` lies in the box, edges included; across the antimeridian when the box
    /// crosses it. Any finite longitude is taken (reduced to `-180...180` first).
    /// - Complexity: O(1).
    public func contains(_ coordinate: LocationCoordinate2D) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        func inside(_ longitude: Double) -> Bool {
            crossesAntimeridian ? longitude >= west || longitude <= east : longitude >= west && longitude <= east
        }
        let longitude = Angles.normalizedLongitude(coordinate.longitude)
        // -180 and 180 are one meridian.
        return inside(longitude) || (abs(longitude) == 180 && inside(-longitude))
    }

    /// `[west, south, east, north]`, the order of a GeoJSON `bbox` member.
    public var geoJSONArray: [Double] { [west, south, east, north] }

    /// The smallest box holding every coordinate, or `nil` for an empty sequence.
    ///
    /// Longitudes are normalised to `-180...180`, sorted, and the largest gap between neighbours
    /// (including the gap that wraps from the last back to the first) is left outside the box.
    /// Ties keep the box that does not cross the antimeridian.
    ///
    /// - Complexity: O(n log n) for n coordinates (one sort of the longitudes).
    public init?<S: Sequence>(_ coordinates: S) where S.Element == LocationCoordinate2D {
        var south = Double.infinity, north = -Double.infinity
        var longitudes: [Double] = []
        longitudes.reserveCapacity(coordinates.underestimatedCount)
        for c in coordinates {
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            longitudes.append(Angles.normalizedLongitude(c.longitude))
        }
        guard !longitudes.isEmpty else { return nil }
        longitudes.sort()
        let first = longitudes[0], last = longitudes[longitudes.count - 1]
        // The gap outside [first, last] that wraps around through 180.
        var largestGap = first + 360 - last
        var west = first, east = last
        for i in 1..<longitudes.count {
            let gap = longitudes[i] - longitudes[i - 1]
            if gap > largestGap {
                largestGap = gap
                west = longitudes[i]
                east = longitudes[i - 1]
            }
        }
        self.init(west: west, south: south, east: east, north: north)
    }

    public var description: String { "[\(west), \(south), \(east), \(north)]" }

    /// The box of a *path*: consecutive coordinates joined by their shorter way round in longitude.
    ///
    /// Unlike ``init(_:)``, which boxes a set of points, this follows the line between them, as a route
    /// or a camera path is travelled: points at longitudes -179, -60, 60, 179 in that order give
    /// `[-179, ..., 179]` (the line passes longitude 0), not the narrower point box `[60, ..., -60]`
    /// that leaves the middle of the line out. A path that winds all the way round gets
    /// `west = -180, east = 180`. Latitudes are those of the points (a long geodesic leg can reach
    /// slightly higher latitudes between its ends).
    ///
    /// - Complexity: O(n), one pass, constant memory (see `PathAccumulator`).
    public init?<S: Sequence>(path: S) where S.Element == LocationCoordinate2D {
        var accumulator = PathAccumulator()
        for c in path { accumulator.add(c) }
        guard let box = accumulator.boundingBox else { return nil }
        self = box
    }

    /// Builds ``init(path:)``'s box one coordinate at a time, in constant memory (for streamed output).
    package struct PathAccumulator: Sendable {
        private var previous: Double? = nil  // unwrapped longitude of the last point
        private var minimumLongitude = Double.infinity, maximumLongitude = -Double.infinity
        // The coordinates' own longitudes at the extremes (normalising an unwrapped 189.11 back gives
        // -170.89000000000001, not the -170.89 the file holds).
        private var westLongitude = 0.0, eastLongitude = 0.0
        private var south = Double.infinity, north = -Double.infinity

        package init() {}

        /// Adds the next coordinate of the path.
        package mutating func add(_ c: LocationCoordinate2D) {
            let longitude = previous.map { Angles.unwrappedAngle(c.longitude, near: $0) } ?? Angles.normalizedLongitude(c.longitude)
            previous = longitude
            if longitude < minimumLongitude { minimumLongitude = longitude; westLongitude = c.longitude }
            if longitude > maximumLongitude { maximumLongitude = longitude; eastLongitude = c.longitude }
            south = min(south, c.latitude)
            north = max(north, c.latitude)
        }

        /// The smallest and largest *unwrapped* longitude seen, degrees (the first point is in
        /// `-180...180`; later ones follow the path and may leave it).
        package var unwrappedLongitudeRange: ClosedRange<Double>? {
            previous == nil ? nil : minimumLongitude...maximumLongitude
        }

        /// The union of the map points of the path so far (``MapRect/init(enclosingPath:)``), or `nil`
        /// before the first coordinate: unwrapped longitudes shifted by whole turns so that the smallest
        /// lies in `-180..<180`.
        ///
        /// Web Mercator's `x` grows with the longitude alone and its `y` falls as the latitude alone
        /// grows (``MapPoint/init(_:)``), so the rect's corners are the projections of the extreme
        /// longitudes and latitudes: two projections, not one a point. (Both are monotonic in floating
        /// point too, `x` exactly; `y` through libm's `sin` and `log`, whose results are within an ulp.)
        package var mapRect: MapRect? {
            guard previous != nil else { return nil }
            // Whole turns that bring the smallest unwrapped longitude into [-180, 180).
            let shift = -360 * ((minimumLongitude + 180) / 360).rounded(.down)
            let northWest = MapPoint(LocationCoordinate2D(latitude: north, longitude: minimumLongitude + shift))
            let southEast = MapPoint(LocationCoordinate2D(latitude: south, longitude: maximumLongitude + shift))
            return MapRect(x: northWest.x, y: northWest.y, width: southEast.x - northWest.x, height: southEast.y - northWest.y)
        }

        /// The box so far, or `nil` before the first coordinate.
        package var boundingBox: BoundingBox? {
            guard previous != nil else { return nil }
            if maximumLongitude - minimumLongitude >= 360 {
                return BoundingBox(west: -180, south: south, east: 180, north: north)
            }
            return BoundingBox(west: Angles.normalizedLongitude(westLongitude), south: south,
                               east: Angles.normalizedLongitude(eastLongitude), north: north)
        }
    }
}
