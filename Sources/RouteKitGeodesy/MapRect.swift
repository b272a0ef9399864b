import Foundation

// MapKit's flat map coordinates, reproduced for Linux.
//
// A map point is a position on MapKit's 2-D spherical Web Mercator projection (central meridian at
// Greenwich), scaled so that the whole world is MapSize.world = 2^28 x 2^28 points (256-pixel tiles at
// zoom level 20). The origin (0, 0) is the top-left corner of the world (longitude -180, latitude
// +85.05112878); x grows eastward and y grows *southward*. Sources: Apple's MKMapPoint, MKMapSize.world
// and MKMapRect documentation; docs/geo-formats.md#mapkit-geometry and docs/keyframes.md#map-points-and-map-rects for the formulas.

/// A point on MapKit's flat Web Mercator map (`MKMapPoint`), in map points.
public struct MapPoint: Hashable, Sendable {
    /// Map points east of longitude -180; `0..<MapSize.world.width` inside the world.
    public var x: Double
    /// Map points south of latitude +85.05112878; `0...MapSize.world.height`.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The largest latitude Web Mercator shows, in degrees: `atan(sinh(pi))`, where the map is square.
    public static let maximumLatitude = 85.0511287798066

    /// Projects a coordinate: `x = (lon + 180) / 360 * W`,
    /// `y = (1/2 - ln((1 + sin(lat)) / (1 - sin(lat))) / (4 pi)) * W` with `W = 2^28`.
    ///
    /// The latitude is clamped to `+-85.0511287798066` degrees first (beyond it Web Mercator diverges;
    /// PROJ does not clamp, docs/geo-formats.md#web-mercator). The longitude is used as given, so an unwrapped
    /// longitude such as 181 gives an `x` past the world's width (as `MKMapRect` allows).
    public init(_ coordinate: LocationCoordinate2D) {
        let w = MapSize.world.width
        let lat = min(max(coordinate.latitude, -MapPoint.maximumLatitude), MapPoint.maximumLatitude)
        let s = sin(lat * .pi / 180)
        self.x = (coordinate.longitude + 180) / 360 * w
        self.y = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * w
    }

    /// The coordinate of this map point: `lon = x / W * 360 - 180`, `lat = atan(sinh(pi (1 - 2 y / W)))`.
    /// The longitude is not normalised (an `x` past the world's width gives a longitude past 180).
    public var coordinate: LocationCoordinate2D {
        let w = MapSize.world.width
        return LocationCoordinate2D(
            latitude: atan(sinh(.pi * (1 - 2 * y / w))) * 180 / .pi,
            longitude: x / w * 360 - 180)
    }

    /// Map points per metre at a latitude: `W / (2 pi a cos(lat))`, `a` = 6378137 m (the sphere of
    /// Web Mercator). About 6.6983 at the equator (`MKMapPointsPerMeterAtLatitude`). The latitude is
    /// clamped to ``maximumLatitude`` first, as map points are (the scale grows without bound at a pole).
    public static func pointsPerMeter(atLatitude latitude: Double) -> Double {
        let lat = min(max(latitude, -maximumLatitude), maximumLatitude)
        return MapSize.world.width / (2 * .pi * Geodesic.wgs84EquatorialRadius * cos(lat * .pi / 180))
    }
}

/// A size on MapKit's flat map (`MKMapSize`), in map points.
public struct MapSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size of the whole world: 2^28 x 2^28 = 268435456 x 268435456 map points.
    public static let world = MapSize(width: 268_435_456, height: 268_435_456)
}

/// A rectangle on MapKit's flat map (`MKMapRect`): an origin (top-left, the smallest x and y) and a
/// size, in map points.
public struct MapRect: Hashable, Sendable {
    public var origin: MapPoint
    public var size: MapSize

    public init(origin: MapPoint, size: MapSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: MapPoint(x: x, y: y), size: MapSize(width: width, height: height))
    }

    /// The whole world: origin (0, 0), size ``MapSize/world``.
    public static let world = MapRect(origin: MapPoint(x: 0, y: 0), size: .world)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// `true` when the rectangle extends past the world's right edge, i.e. crosses the 180th meridian
    /// (`MKMapRect.spans180thMeridian`).
    public var spans180thMeridian: Bool { maxX > MapSize.world.width }

    /// The smallest rectangle containing both (`MKMapRect.union`).
    public func union(_ other: MapRect) -> MapRect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return MapRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle's centre as a coordinate, longitude normalised to `-180...180`.
    public var centerCoordinate: LocationCoordinate2D {
        MapPoint(x: midX, y: midY).coordinate.normalized
    }

    /// The union of the map points of a set of coordinates, or `nil` when there are none.
    ///
    /// Longitudes are first unwrapped into the smallest interval that holds them all (the one of
    /// ``BoundingBox``), so a set that crosses the antimeridian gives a narrow rect whose `maxX` passes
    /// the world's width (``spans180thMeridian`` is `true`), not a rect covering the whole world.
    ///
    /// - Complexity: O(n log n) (it computes the bounding box first).
    public init?<C: Collection>(enclosing coordinates: C) where C.Element == LocationCoordinate2D {
        guard let box = BoundingBox(coordinates) else { return nil }
        self.init(enclosing: coordinates, boundingBox: box)
    }

    /// The union of the map points of a *path* (consecutive coordinates joined the shorter way round
    /// in longitude, as ``BoundingBox/init(path:)`` boxes it), or `nil` when there are none.
    ///
    /// Longitudes are unwrapped along the path and shifted by whole turns so that the smallest lies in
    /// `-180..<180`; a path across the antimeridian therefore gives a rect whose `maxX` passes the
    /// world's width (``spans180thMeridian``), as `MKMapRect` represents it.
    ///
    /// - Complexity: O(n), one pass: Web Mercator is monotonic in longitude and in latitude, so the
    ///   corners are the projections of the extreme unwrapped longitudes and latitudes.
    public init?<C: Collection>(enclosingPath coordinates: C) where C.Element == LocationCoordinate2D {
        var accumulator = BoundingBox.PathAccumulator()
        for c in coordinates { accumulator.add(c) }
        guard let rect = accumulator.mapRect else { return nil }
        self = rect
    }

    /// As ``init(enclosing:)``, with the coordinates' bounding box already known. O(n).
    public init?<C: Collection>(enclosing coordinates: C, boundingBox box: BoundingBox)
    where C.Element == LocationCoordinate2D {
        guard !coordinates.isEmpty else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for c in coordinates {
            // The longitude's representative in [west, west + 360).
            var lon = box.west + fmod(Angles.normalizedLongitude(c.longitude) - box.west, 360)
            if lon < box.west { lon += 360 }
            let p = MapPoint(LocationCoordinate2D(latitude: c.latitude, longitude: lon))
            x0 = min(x0, p.x); x1 = max(x1, p.x)
            y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
