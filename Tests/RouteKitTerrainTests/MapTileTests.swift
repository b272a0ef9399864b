import Foundation
import Testing
@testable import RouteKitGeodesy
@testable import RouteKitTerrain

/// The XYZ tile grid, against the OSM wiki's formulas written out here independently
/// (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames).
@Suite struct MapTileTests {
    /// lon/lat of a (fractional) tile position at `zoom`, as the OSM wiki gives it.
    static func longitude(x: Double, zoom: Int) -> Double { x / pow(2, Double(zoom)) * 360 - 180 }
    static func latitude(y: Double, zoom: Int) -> Double {
        atan(sinh(.pi * (1 - 2 * y / pow(2, Double(zoom))))) * 180 / .pi
    }
    /// The tile holding a coordinate, as the OSM wiki gives it.
    static func tile(longitude: Double, latitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let n = pow(2, Double(zoom)), φ = latitude * .pi / 180
        return (Int(((longitude + 180) / 360 * n).rounded(.down)),
                Int(((1 - log(tan(φ) + 1 / cos(φ)) / .pi) / 2 * n).rounded(.down)))
    }

    @Test func tilesAreValidatedAgainstTheGrid() {
        #expect(MapTile(zoom: 0, x: 0, y: 0) != nil)
        #expect(MapTile(zoom: 24, x: (1 << 24) - 1, y: 0) != nil)
        #expect(MapTile(zoom: 25, x: 0, y: 0) == nil)
        #expect(MapTile(zoom: -1, x: 0, y: 0) == nil)
        #expect(MapTile(zoom: 3, x: 8, y: 0) == nil)
        #expect(MapTile(zoom: 3, x: 0, y: -1) == nil)
    }

    @Test func aTilesBoundingBoxFollowsTheOSMFormulas() throws {
        let tile = try #require(MapTile(zoom: 12, x: 2204, y: 1465))
        let box = tile.boundingBox
        #expect(isClose(box.west, Self.longitude(x: 2204, zoom: 12), absolute: 1e-9))
        #expect(isClose(box.east, Self.longitude(x: 2205, zoom: 12), absolute: 1e-9))
        #expect(isClose(box.north, Self.latitude(y: 1465, zoom: 12), absolute: 1e-9))
        #expect(isClose(box.south, Self.latitude(y: 1466, zoom: 12), absolute: 1e-9))
        #expect(tile.description == "12/2204/1465")
    }

    @Test func theTilesCoveringAnExtentAreThoseTheFormulasGive() throws {
        let extent = BoundingBox(west: 13.70, south: 45.20, east: 13.90, north: 45.40)
        let coverage = MapTileCoverage(extent: extent, cellSize: 78.4)
        for zoom in [0, 5, 10, 13, 16] {
            let range = try #require(coverage.tiles(coveringZoom: zoom))
            let nw = Self.tile(longitude: 13.70, latitude: 45.40, zoom: zoom)
            let se = Self.tile(longitude: 13.90, latitude: 45.20, zoom: zoom)
            #expect(range.west == nw.x && range.north == nw.y && range.east == se.x && range.south == se.y, "zoom \(zoom): \(range)")
            #expect(Array(range).count == range.count)
            #expect(range.count == (se.x - nw.x + 1) * (se.y - nw.y + 1))
        }
        #expect(coverage.tiles(coveringZoom: 25) == nil)
        let far = try #require(MapTile(zoom: 10, x: 0, y: 0))
        #expect(!coverage.touches(far))
        let t = Self.tile(longitude: 13.8, latitude: 45.3, zoom: 10)
        #expect(coverage.touches(try #require(MapTile(zoom: 10, x: t.x, y: t.y))))
    }

    @Test func aRangeAcrossTheAntimeridianWraps() throws {
        let coverage = MapTileCoverage(extent: BoundingBox(west: 179, south: -17, east: -179, north: -16), cellSize: 30)
        let range = try #require(coverage.tiles(coveringZoom: 4))
        #expect(range.crossesAntimeridian && range.west == 15 && range.east == 0 && range.columnCount == 2)
        #expect(Array(range).map(\.x) == [15, 0])
    }

    /// The suggested maximum zoom is the first whose pixel (2 pi 6378137 cos(lat) / (256 2^z) metres) is no
    /// larger than the cell: at 46 N, a 30 m cell gives 12 (pixels of 26.6 m; 11: 53.1 m).
    @Test func theMaximumZoomIsTheFirstWithPixelsNoLargerThanACell() {
        func pixel(_ z: Int, _ lat: Double) -> Double { 2 * .pi * 6_378_137 * cos(lat * .pi / 180) / (256 * pow(2, Double(z))) }
        for cell in [1.0, 10, 30, 90, 1000] {
            let coverage = MapTileCoverage(extent: BoundingBox(west: 13, south: 45.5, east: 14, north: 46.5), cellSize: cell)
            let z = coverage.maximumZoom
            #expect(pixel(z, 46) <= cell && pixel(z - 1, 46) > cell, "cell \(cell) m: zoom \(z)")
        }
        #expect(MapTileCoverage(extent: BoundingBox(west: 13, south: 45.5, east: 14, north: 46.5), cellSize: 30).maximumZoom == 12)
    }
}
