import Foundation
import RouteKitGeodesy

/// A digital elevation model: the height of the ground, read through GDAL from any raster GDAL reads
/// (GeoTIFF, SRTM `.hgt`, DTED, a `.vrt` mosaic of tiles, Copernicus DEM, an ASCII grid with its `.prj`).
///
///     let terrain = try TerrainModel(path: "N46E013.hgt", covering: route)
///     let ground = terrain.elevation(at: route.start)   // metres above the EGM96 geoid
///
/// **What is read.** Band 1, once, at open: the window of cells that covers the given coordinates plus
/// a margin (``defaultMargin``, 2000 m, and two cells for the interpolation), or the whole raster with
/// ``init(path:maximumCellCount:)``. The cells are kept in memory as 32-bit floats (4 bytes a cell), so
/// sampling is pure Swift: a `TerrainModel` is an immutable value, `Sendable`, safe to share between
/// threads. A window larger than `maximumCellCount` cells (``defaultMaximumCellCount``, 25 million, about
/// 100 MB) is refused rather than read.
///
/// **Horizontal placement.** The raster's own CRS and affine geotransform (rotated ones included).
/// Rasters in a geographic CRS on the WGS 84 datum (EPSG:4326, the CRS of SRTM and Copernicus tiles) are
/// sampled directly; longitudes are taken modulo 360 to fit the raster, so a model in 0...360 serves a
/// route across the antimeridian (one in -180...180 cannot: ``TerrainError/Kind/crossesAntimeridian``).
/// Any other CRS (UTM, a national grid, another datum) is reached through GDAL's OGR coordinate
/// transformation (PROJ) from WGS 84 longitude and latitude; those calls hold a lock.
///
/// **Heights.** ``elevation(at:)`` returns orthometric heights in metres above the EGM96 geoid (height
/// "above sea level", as GPX elevations are), whatever the file's ``verticalDatum``:
/// - a compound CRS whose vertical part is EGM96 height (EPSG:5773): used as it is;
/// - no vertical CRS (most DEMs: SRTM, Copernicus, a plain GeoTIFF): used as it is, read as orthometric;
/// - a 3D geographic CRS (EPSG:4979, heights above the WGS 84 ellipsoid): converted on each sample by
///   PROJ, through OGR, to EPSG:4326+5773 with the EGM96 grid `egm96_15.gtx` from Debian's `proj-data`
///   (at 46.43 N 13.74 E, 2047.46 m above the ellipsoid is 2000.00 m above the geoid);
/// - any other vertical datum is refused (``TerrainError/Kind/unsupportedVerticalDatum(_:)``).
///
/// The band's scale and offset are applied, and heights in feet (the band's unit, or the vertical
/// CRS's) become metres.
///
/// **Missing data.** A cell equal to the band's nodata value, or not finite, is missing; see
/// ``elevation(at:)`` for how interpolation treats it.
public struct TerrainModel: Sendable {
    /// Margin around the covered coordinates, metres: 2000.
    public static let defaultMargin = 2000.0
    /// Largest window read, cells: 25 000 000 (100 MB of 32-bit floats).
    public static let defaultMaximumCellCount = 25_000_000

    /// The model file's path as the caller gave it.
    public let path: String
    /// The name of the raster's horizontal CRS, e.g. `WGS 84` or `WGS 84 / UTM zone 33N`.
    public let coordinateSystemName: String
    /// What the file declares its heights are measured from: ``VerticalDatum/orthometric`` for EGM96 height
    /// (EPSG:5773), ``VerticalDatum/ellipsoidal`` for a 3D geographic CRS (EPSG:4979), or `nil` when it
    /// declares none (most DEMs; read as orthometric). ``elevation(at:)`` always returns EGM96 heights.
    public let verticalDatum: VerticalDatum?
    /// The whole raster's extent in WGS 84 degrees (`west > east` across the antimeridian).
    public let extent: BoundingBox
    /// The number of columns and rows of cells held in memory (the window read).
    public var loadedSize: (columns: Int, rows: Int) { (grid.columns, grid.rows) }

    let grid: ElevationGrid
    let placement: RasterPlacement
    /// Window's offset in the raster, cells.
    let windowColumn: Int, windowRow: Int
    /// Ellipsoidal heights to EGM96 (``VerticalDatum/ellipsoidal`` only).
    let geoid: CoordinateTransformer?

    /// Opens the model and reads the part of it that covers `coordinates` plus `margin` metres.
    ///
    /// - Parameters:
    ///   - path: A raster file GDAL opens.
    ///   - coordinates: WGS 84 positions the model must cover (a route's points; a camera's eyes). The
    ///     first one outside the raster's extent is reported by its index in this collection. Empty:
    ///     the whole raster is read.
    ///   - margin: Metres around the coordinates' window to read as well (>= 0), for sampling off the
    ///     route (clearance, line of sight).
    ///   - maximumCellCount: The largest window read, cells.
    /// - Throws: ``TerrainError``: the file missing, unreadable, not a raster, without georeferencing or
    ///   CRS, in a vertical datum or unit not handled, not covering a coordinate (its index, position and
    ///   the model's extent), a window over the limit, a route across the antimeridian of a -180...180
    ///   model, or the geoid grid missing for ellipsoidal heights.
    /// - Complexity: O(n) coordinate transformations for n coordinates, plus reading the window's cells.
    public init<C: Collection>(path: String, covering coordinates: C, margin: Double = defaultMargin,
                               maximumCellCount: Int = defaultMaximumCellCount) throws(TerrainError)
    where C.Element == LocationCoordinate2D {
        try self.init(path: path, selection: .covering(Array(coordinates), margin: max(0, margin.isFinite ? margin : 0)),
                      maximumCellCount: maximumCellCount)
    }

    /// Opens the model and reads the whole of band 1.
    /// - Throws: as ``init(path:covering:margin:maximumCellCount:)-(_,C,_,_)``, but never `notCovering`.
    public init(path: String, maximumCellCount: Int = defaultMaximumCellCount) throws(TerrainError) {
        try self.init(path: path, selection: .whole, maximumCellCount: maximumCellCount)
    }

    /// The ground's orthometric height at `coordinate`: metres above the EGM96 geoid.
    ///
    /// Bilinear interpolation between the four nearest cell centres (a plane's heights are reproduced
    /// exactly); within half a cell of the raster's edge the edge cells are held. A point inside a
    /// missing cell (nodata) has no height; next to one, the bilinear weights are renormalised over the
    /// neighbours that have data (the hole is exactly the missing cells' area).
    ///
    /// - Returns: Metres, or `nil` outside the window read (or the raster), where the data is missing,
    ///   or where a coordinate transformation fails.
    /// - Complexity: O(1); for a projected model or ellipsoidal heights, one PROJ call each (under a lock).
    public func elevation(at coordinate: LocationCoordinate2D) -> Double? {
        guard let point = placement.rasterPoint(for: coordinate) else { return nil }
        let pixel = placement.pixel(for: point)
        guard let height = grid.bilinear(column: pixel.column - Double(windowColumn),
                                         row: pixel.row - Double(windowRow)) else { return nil }
        guard let geoid else { return height }
        return geoid.transform(x: point.x, y: point.y, z: height)?.z
    }

    /// ``elevation(at:)`` for many coordinates: the same values, with the coordinate transformations of
    /// a projected model (and the geoid conversion of ellipsoidal heights) done in one PROJ call each
    /// instead of one a coordinate. Use it for long lists (a line of sight, every frame's eye).
    /// - Returns: One height (metres above the EGM96 geoid) or `nil` per coordinate, in order.
    /// - Complexity: O(n).
    public func elevations(at coordinates: [LocationCoordinate2D]) -> [Double?] {
        let points: [(x: Double, y: Double)?]
        if let toRaster = placement.toRaster {
            points = toRaster.transform(coordinates.map { (x: $0.longitude, y: $0.latitude, z: 0.0) }).map { $0.map { ($0.x, $0.y) } }
        } else {
            points = coordinates.map { placement.rasterPoint(for: $0) }
        }
        let heights: [Double?] = points.map { point in
            guard let point else { return nil }
            let pixel = placement.pixel(for: point)
            return grid.bilinear(column: pixel.column - Double(windowColumn), row: pixel.row - Double(windowRow))
        }
        guard let geoid else { return heights }
        var converted = [Double?](repeating: nil, count: heights.count)
        var known: [Int] = [], inputs: [(x: Double, y: Double, z: Double)] = []
        for (i, h) in heights.enumerated() {
            if let h, let p = points[i] { known.append(i); inputs.append((p.x, p.y, h)) }
        }
        for (i, result) in zip(known, geoid.transform(inputs)) { converted[i] = result?.z }
        return converted
    }
}

extension TerrainModel {
    /// Whether `coordinate` lies in the window of cells read (so that a `nil` from ``elevation(at:)``
    /// there means missing data).
    /// - Complexity: O(1); one PROJ call for a projected model.
    public func covers(_ coordinate: LocationCoordinate2D) -> Bool {
        guard let point = placement.rasterPoint(for: coordinate) else { return false }
        let pixel = placement.pixel(for: point)
        let column = pixel.column - Double(windowColumn), row = pixel.row - Double(windowRow)
        return column >= 0 && column <= Double(grid.columns) && row >= 0 && row <= Double(grid.rows)
    }
}
extension TerrainModel: ElevationModel {}
