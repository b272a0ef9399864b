/// The block of ``MapTile``s at one zoom that covers an extent: columns `west...east` (wrapping past the
/// antimeridian when `west > east`) times rows `north...south`.
///
///     let range = try source.elevation.tiles(coveringZoom: 12)!
///     for tile in range { ... }          // row by row from the north, west to east in a row
package struct MapTileRange: Hashable, Sendable, Sequence {
    /// `0...24`.
    package let zoom: Int
    /// The westernmost column, `0..<2^zoom`.
    package let west: Int
    /// The easternmost column, `0..<2^zoom`; smaller than `west` when the range crosses the antimeridian
    /// (then it holds columns `west..<2^zoom` and `0...east`).
    package let east: Int
    /// The northernmost row, `0..<2^zoom`.
    package let north: Int
    /// The southernmost row, `north..<2^zoom`.
    package let south: Int

    /// The number of columns (1...2^zoom).
    package var columnCount: Int { west <= east ? east - west + 1 : (1 << zoom) - west + east + 1 }
    /// The number of tiles: columns times rows.
    package var count: Int { columnCount * (south - north + 1) }
    /// Whether the columns wrap around the antimeridian.
    package var crossesAntimeridian: Bool { west > east }

    /// Whether `tile` is one of the range's tiles.
    package func contains(_ tile: MapTile) -> Bool {
        guard tile.zoom == zoom, (north...south).contains(tile.y) else { return false }
        return west <= east ? (west...east).contains(tile.x) : tile.x >= west || tile.x <= east
    }

    /// The tiles, row by row from the north, each row from `west` to `east` (wrapping).
    package func makeIterator() -> Iterator { Iterator(range: self) }

    /// Walks a ``MapTileRange``.
    package struct Iterator: IteratorProtocol {
        let range: MapTileRange
        var index = 0

        package mutating func next() -> MapTile? {
            guard index < range.count else { return nil }
            let columns = range.columnCount, world = 1 << range.zoom
            let x = (range.west + index % columns) % world, y = range.north + index / columns
            index += 1
            return MapTile(zoom: range.zoom, x: x, y: y)
        }
    }
}
