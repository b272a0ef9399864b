import Foundation
import RouteKitGeodesy

extension TerrainModel {
    /// The block of raster cells to read: columns `column0..<column1`, rows `row0..<row1`.
    struct CellWindow {
        var column0: Int, row0: Int, column1: Int, row1: Int

        var columns: Int { column1 - column0 }
        var rows: Int { row1 - row0 }

        /// The whole raster, or the cells under the coordinates of a `.covering` selection plus its
        /// margin (in metres) and 2 cells. Throws `.notCovering` for a coordinate off the raster and
        /// `.crossesAntimeridian` for a route a WGS 84 raster sees at both edges.
        init(selection: Selection, georeferencing: Georeferencing, extent: BoundingBox,
             fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) {
            let placement = georeferencing.placement
            let columns = placement.columns, rows = placement.rows
            (column0, row0, column1, row1) = (0, 0, columns, rows)
            guard case .covering(let coordinates, let margin) = selection, !coordinates.isEmpty else { return }
            let bounds = try PixelBounds(coordinates, placement: placement, extent: extent, fail: fail)
            // A WGS 84 geographic raster in -180...180 sees a route across the antimeridian at both edges.
            if georeferencing.toRaster == nil, bounds.maxX - bounds.minX > 180,
               BoundingBox(path: coordinates)?.crossesAntimeridian == true {
                throw fail(.crossesAntimeridian)
            }
            let cell = Self.cellSizeInMetres(georeferencing, largestLatitude: bounds.largestLatitude)
            func marginCells(_ cell: Double, _ limit: Int) -> Int {
                guard cell > 0, cell.isFinite else { return 2 }
                return Int(min(Double(limit), (margin / cell).rounded(.up))) + 2
            }
            let mc = marginCells(cell.width, columns), mr = marginCells(cell.height, rows)
            column0 = max(0, Int(bounds.minColumn.rounded(.down)) - mc)
            column1 = min(columns, Int(bounds.maxColumn.rounded(.up)) + mc)
            row0 = max(0, Int(bounds.minRow.rounded(.down)) - mr)
            row1 = min(rows, Int(bounds.maxRow.rounded(.up)) + mr)
        }

        /// The number of cells; throws `.tooLarge` above `limit` (or when it overflows `Int`).
        func cellCount(limit: Int, fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) -> Int {
            let (cells, overflow) = columns.multipliedReportingOverflow(by: rows)
            guard !overflow, cells <= limit else {
                throw fail(.tooLarge(cells: overflow ? Int.max : cells, limit: limit))
            }
            return cells
        }

        /// A cell's width and height in metres (approximate: the margin only needs to be at least what
        /// was asked).
        private static func cellSizeInMetres(_ georeferencing: Georeferencing,
                                             largestLatitude: Double) -> (width: Double, height: Double) {
            let t = georeferencing.transform
            var cellWidth = (t[1] * t[1] + t[4] * t[4]).squareRoot()
            var cellHeight = (t[2] * t[2] + t[5] * t[5]).squareRoot()
            if georeferencing.horizontal.isGeographic {
                // Metres per degree: 111320 cos(latitude) along a parallel, at least 110574 along a meridian.
                cellWidth *= 111_320 * max(cos(min(largestLatitude, 89.9) * .pi / 180), 0.001)
                cellHeight *= 110_574
            } else {
                let unit = georeferencing.horizontal.linearUnitInMetres
                cellWidth *= unit > 0 ? unit : 1
                cellHeight *= unit > 0 ? unit : 1
            }
            return (cellWidth, cellHeight)
        }
    }

    /// The fractional pixel range, raster x range and largest |latitude| (degrees) of coordinates.
    private struct PixelBounds {
        var minColumn = Double.infinity, maxColumn = -Double.infinity
        var minRow = Double.infinity, maxRow = -Double.infinity
        var minX = Double.infinity, maxX = -Double.infinity
        var largestLatitude = 0.0

        /// Throws `.notCovering` for the first coordinate outside the raster.
        init(_ coordinates: [LocationCoordinate2D], placement: RasterPlacement, extent: BoundingBox,
             fail: (TerrainError.Kind) -> TerrainError) throws(TerrainError) {
            for (index, c) in coordinates.enumerated() {
                guard let p = placement.rasterPoint(for: c) else {
                    throw fail(.notCovering(index: index, coordinate: c, extent: extent))
                }
                let pixel = placement.pixel(for: p)
                guard placement.isInside(column: pixel.column, row: pixel.row) else {
                    throw fail(.notCovering(index: index, coordinate: c, extent: extent))
                }
                minColumn = min(minColumn, pixel.column); maxColumn = max(maxColumn, pixel.column)
                minRow = min(minRow, pixel.row); maxRow = max(maxRow, pixel.row)
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                largestLatitude = max(largestLatitude, abs(c.latitude))
            }
        }
    }
}
