import Foundation
import RouteKitGeodesy

/// One tile of the XYZ ("slippy map", Google/OSM) scheme that web maps ask for: `zoom/x/y`, on the
/// spherical Web Mercator projection (EPSG:3857).
///
/// At zoom `z` the world (longitudes -180...180, latitudes within +-85.0511287798066 degrees) is
/// `2^z x 2^z` square tiles; `x` counts eastward from longitude -180, `y` southward from the north
/// edge. A tile's corners, from the [OSM wiki's slippy map tile names]:
/// `longitude = x / 2^z * 360 - 180`, `latitude = atan(sinh(pi (1 - 2 y / 2^z)))` (degrees).
/// This is MapKit's `MapPoint` grid: a tile at zoom `z` is `2^(28 - z)` map points wide.
///
/// [OSM wiki's slippy map tile names]: https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames
package struct MapTile: Hashable, Sendable, CustomStringConvertible {
    /// The largest zoom a tile may have: 24 (tiles of about 2.4 mm at the equator).
    package static let maximumZoom = 24
    /// A tile's side in pixels, as tiles are served: 256.
    package static let size = 256

    /// `0...24`.
    package let zoom: Int
    /// Column, from the west (longitude -180): `0..<2^zoom`.
    package let x: Int
    /// Row, from the north (latitude +85.0511287798066): `0..<2^zoom`.
    package let y: Int

    /// `nil` unless `zoom` is in `0...24` and `x` and `y` in `0..<2^zoom`.
    package init?(zoom: Int, x: Int, y: Int) {
        guard (0...Self.maximumZoom).contains(zoom), (0..<(1 << zoom)).contains(x), (0..<(1 << zoom)).contains(y) else {
            return nil
        }
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// `zoom/x/y`, as in a tile URL.
    package var description: String { "\(zoom)/\(x)/\(y)" }

    /// The tile's extent in WGS 84 degrees (west, south, east, north).
    package var boundingBox: BoundingBox {
        let northWest = MapPoint(x: Double(x) * mapPointsWide, y: Double(y) * mapPointsWide).coordinate
        let southEast = MapPoint(x: Double(x + 1) * mapPointsWide, y: Double(y + 1) * mapPointsWide).coordinate
        return BoundingBox(west: northWest.longitude, south: southEast.latitude,
                           east: southEast.longitude, north: northWest.latitude)
    }

    /// The tile's side in map points: `2^(28 - zoom)`.
    var mapPointsWide: Double { MapSize.world.width / Double(1 << zoom) }

    /// The tile's corners in EPSG:3857 metres, grown by `margin` pixels on every side:
    /// `x = (mapPoint.x / W - 1/2) 2 pi a`, `y = (1/2 - mapPoint.y / W) 2 pi a`, `a` = 6378137 m.
    func mercatorBounds(margin: Int = 0) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let world = MapSize.world.width, circumference = 2 * Double.pi * Geodesic.wgs84EquatorialRadius
        let pad = Double(margin) * mapPointsWide / Double(Self.size)
        func metresX(_ p: Double) -> Double { (p / world - 0.5) * circumference }
        func metresY(_ p: Double) -> Double { (0.5 - p / world) * circumference }
        return (metresX(Double(x) * mapPointsWide - pad), metresY(Double(y + 1) * mapPointsWide + pad),
                metresX(Double(x + 1) * mapPointsWide + pad), metresY(Double(y) * mapPointsWide - pad))
    }

    /// The size of one of the tile's pixels on the ground, in metres, at `latitude` degrees:
    /// `2 pi a cos(latitude) / (256 2^zoom)`.
    static func pixelSize(zoom: Int, latitude: Double) -> Double {
        1 / (MapPoint.pointsPerMeter(atLatitude: latitude) * Double(Self.size) * Double(1 << zoom) / MapSize.world.width)
    }
}
