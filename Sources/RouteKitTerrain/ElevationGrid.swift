/// A window of a raster's cells, in memory: heights in metres, row-major from the window's top-left
/// cell, `NaN` where the raster has no data. Immutable, hence `Sendable` and safe to read from any thread.
///
/// Cells are areas (GDAL's convention): cell `(column, row)` spans pixel coordinates
/// `column...column + 1` by `row...row + 1`, and its height belongs to its centre,
/// `(column + 0.5, row + 0.5)`.
struct ElevationGrid: Sendable {
    let columns: Int
    let rows: Int
    /// `columns * rows` heights, metres; stored as 32-bit floats (a 24-bit significand: rounding under
    /// 1 mm below 16384 m; 16-bit integer and 32-bit float models are held exactly).
    let values: [Float]

    /// The height at pixel coordinates (`column`, `row`, fractional, from the window's top-left
    /// corner), interpolated bilinearly between the four nearest cell centres.
    ///
    /// - Within half a cell of the window's edge, where there is no fourth centre beyond, the edge
    ///   cells' heights are held (the interpolation is clamped to the outermost centres).
    /// - Missing cells (`NaN`): a point inside a missing cell's area has no height (`nil`); elsewhere,
    ///   a missing neighbour is left out and the bilinear weights are renormalised over the neighbours
    ///   that have data. So the hole is exactly the missing cells' area, and no height next to it is
    ///   pulled towards an arbitrary nodata value.
    /// - Returns: Metres, or `nil` outside the window (`column` not in `0...columns`, `row` not in
    ///   `0...rows`) or where no data is near.
    /// - Complexity: O(1).
    func bilinear(column: Double, row: Double) -> Double? {
        guard column.isFinite, row.isFinite,
              column >= 0, column <= Double(columns), row >= 0, row <= Double(rows) else { return nil }
        // The cell whose area holds the point.
        let column0 = min(Int(column), columns - 1), row0 = min(Int(row), rows - 1)
        guard !values[row0 * columns + column0].isNaN else { return nil }
        // Position between cell centres, clamped to the outermost ones.
        let u = min(max(column - 0.5, 0), Double(columns - 1))
        let v = min(max(row - 0.5, 0), Double(rows - 1))
        let c0 = min(Int(u), columns - 1), r0 = min(Int(v), rows - 1)
        let c1 = min(c0 + 1, columns - 1), r1 = min(r0 + 1, rows - 1)
        let fu = u - Double(c0), fv = v - Double(r0)
        var sum = 0.0, weight = 0.0
        @inline(__always) func add(_ c: Int, _ r: Int, _ w: Double) {
            guard w > 0 else { return }
            let value = values[r * columns + c]
            guard !value.isNaN else { return }
            sum += w * Double(value)
            weight += w
        }
        add(c0, r0, (1 - fu) * (1 - fv))
        add(c1, r0, fu * (1 - fv))
        add(c0, r1, (1 - fu) * fv)
        add(c1, r1, fu * fv)
        guard weight > 0 else { return nil }
        return sum / weight
    }
}
