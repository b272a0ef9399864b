import Foundation
import RouteKitTerrain

/// The terrain, hillshade and imagery tile layers of a flight page (``FlightPageOptions``) from a
/// ``MapTileSource``, and the tiles a page that is opened without a program to serve them holds itself
/// (the preview).
public enum PageTiles {
    /// The page's layers: 3D terrain and a hillshade from the elevation model, imagery when the source
    /// has it, each with the source's bounds and the zoom beyond which it magnifies.
    public static func layers(of source: MapTileSource) -> (terrain: FlightPageOptions.TileLayer, hillshade: FlightPageOptions.TileLayer,
                                                              imagery: FlightPageOptions.TileLayer?) {
        let terrain = layer(source.elevation)
        return (terrain, terrain, source.imagery.map(layer))
    }

    static func layer(_ coverage: MapTileCoverage) -> FlightPageOptions.TileLayer {
        let e = coverage.extent
        return FlightPageOptions.TileLayer(maximumZoom: coverage.maximumZoom, bounds: [e.west, e.south, e.east, e.north])
    }

    /// The tiles of every layer over `area` (degrees) at the finest zoom, up to the model's own, at which
    /// each layer needs at most `maximumTiles` tiles, and at the ``pyramidLevels`` coarser zooms below it
    /// (for the camera far out); and those zooms, which become the layers' zoom range (the map magnifies
    /// beyond the finest, and draws no ground below the coarsest). About 60 KB a tile at the finest zoom:
    /// the page grows by a few MB.
    ///
    /// - Throws: ``TerrainError`` from the source.
    public static func embedded(from source: MapTileSource, over area: BoundingBox, maximumTiles: Int = 48) throws
        -> (tiles: [String: [UInt8]], zooms: ClosedRange<Int>) {
        let coverage = MapTileCoverage(extent: area, cellSize: source.elevation.cellSize)
        var zoom = min(source.elevation.maximumZoom, MapTile.maximumZoom)
        while zoom > 0, (coverage.tiles(coveringZoom: zoom)?.count ?? 0) > maximumTiles { zoom -= 1 }
        let zooms = max(0, zoom - pyramidLevels)...zoom
        var tiles: [String: [UInt8]] = [:]
        for z in zooms {
            guard let range = coverage.tiles(coveringZoom: z) else { continue }
            for tile in range where source.elevation.touches(tile) {
                tiles["dem/\(tile)"] = try source.terrainTile(z: tile.zoom, x: tile.x, y: tile.y)
                tiles["hillshade/\(tile)"] = try source.hillshadeTile(z: tile.zoom, x: tile.x, y: tile.y)
                if let imagery = try source.imageryTile(z: tile.zoom, x: tile.x, y: tile.y) { tiles["imagery/\(tile)"] = imagery }
            }
        }
        return (tiles, zooms)
    }

    /// Coarser zooms held below the finest: 5 (each a quarter of the tiles of the one above).
    public static let pyramidLevels = 5
}
