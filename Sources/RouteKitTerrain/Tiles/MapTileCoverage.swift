import Foundation
import RouteKitGeodesy

/// Where a raster served as map tiles has data, and how far in it is worth zooming.
///
/// A web map's source takes both: `bounds` (``extent``) so that it asks no tile outside, and `maxzoom`
/// (``maximumZoom``) beyond which it overzooms (stretches the last tiles) instead of asking for more.
package struct MapTileCoverage: Hashable, Sendable {
    /// The raster's extent in WGS 84 degrees (west, south, east, north; `west > east` across the
    /// antimeridian): the box around its outline transformed from its own CRS.
    package let extent: BoundingBox
    /// The raster's cell size on the ground at the centre of ``extent``, in metres (the smaller of the
    /// cell's width and height, measured along geodesics).
    package let cellSize: Double

    /// A coverage of `extent` (degrees) whose cells are `cellSize` metres: a raster's, or any area a
    /// caller wants tiles for (the ground around a route).
    package init(extent: BoundingBox, cellSize: Double) {
        self.extent = extent
        self.cellSize = cellSize
    }

    /// The first zoom whose tile pixels, at the latitude of ``extent``'s centre, are no larger than
    /// ``cellSize``: `ceil(log2(2 pi a cos(latitude) / (256 cellSize)))`, `a` = 6378137 m, clamped to
    /// `0...24`. Finer zooms only interpolate between cells.
    ///
    /// A 1 arc-second model (cells of about 30 m) at 46 N gives 12 (pixels of 26.6 m; 11 has 53.1 m).
    package var maximumZoom: Int {
        let latitude = extent.center.latitude
        guard cellSize > 0, cellSize.isFinite else { return MapTile.maximumZoom }
        return (0...MapTile.maximumZoom).first { MapTile.pixelSize(zoom: $0, latitude: latitude) <= cellSize }
            ?? MapTile.maximumZoom
    }

    /// The tiles at `zoom` that overlap ``extent`` (sharing only an edge is not overlapping).
    /// - Parameter zoom: `0...24`.
    /// - Returns: `nil` for a zoom outside `0...24`, or an extent wholly beyond Web Mercator's
    ///   latitudes (+-85.0511287798066 degrees).
    /// - Complexity: O(1).
    package func tiles(coveringZoom zoom: Int) -> MapTileRange? {
        guard (0...MapTile.maximumZoom).contains(zoom), extent.south < MapPoint.maximumLatitude,
              extent.north > -MapPoint.maximumLatitude else { return nil }
        let tileWidth = MapSize.world.width / Double(1 << zoom), last = (1 << zoom) - 1
        func first(_ p: Double) -> Int { min(last, max(0, Int((p / tileWidth).rounded(.down)))) }
        func final(_ p: Double) -> Int { min(last, max(0, Int((p / tileWidth).rounded(.up)) - 1)) }
        let northWest = MapPoint(LocationCoordinate2D(latitude: extent.north, longitude: extent.west))
        let southEast = MapPoint(LocationCoordinate2D(latitude: extent.south, longitude: extent.east))
        let north = first(northWest.y), south = max(north, final(southEast.y))
        if extent.longitudeSpan >= 360 {
            return MapTileRange(zoom: zoom, west: 0, east: last, north: north, south: south)
        }
        let west = first(northWest.x)
        var east = final(southEast.x)
        if !extent.crossesAntimeridian { east = max(west, east) }
        return MapTileRange(zoom: zoom, west: west, east: east, north: north, south: south)
    }

    /// Whether `tile` overlaps ``extent``: a tile that does not holds no data (a terrain tile of it is
    /// all 0 m, an imagery tile all transparent), and a caller may skip asking for it.
    /// - Complexity: O(1).
    package func touches(_ tile: MapTile) -> Bool {
        tiles(coveringZoom: tile.zoom)?.contains(tile) ?? false
    }
}
