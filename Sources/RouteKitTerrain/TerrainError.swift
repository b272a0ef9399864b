import Foundation
import RouteKitGeodesy

/// Why a terrain model cannot be opened, or cannot serve a route. Every case names the model's file.
///
/// `description` reads `PATH: error: SENTENCE`, like ``RouteParseError``.
public struct TerrainError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No file at the path.
        case fileNotFound
        /// The file exists but cannot be read (permissions, a directory GDAL does not read, GDAL's
        /// library missing), with the system's or GDAL's reason.
        case unreadable(String)
        /// GDAL reads no raster from the file (a text file, a vector file, a truncated GeoTIFF), with
        /// GDAL's reason when it gives one.
        case notARaster(String?)
        /// The raster has no affine georeferencing (no geotransform: an ordinary picture, or ground
        /// control points only).
        case noGeoreferencing
        /// The raster has no coordinate reference system (e.g. an ASCII grid without its `.prj`).
        case noCoordinateSystem
        /// The raster's CRS cannot be used, with its name and the reason.
        case unsupportedCoordinateSystem(String)
        /// The raster's heights are in a vertical datum RouteKit does not convert (anything but
        /// EGM96, unspecified orthometric, or ellipsoidal), with its name.
        case unsupportedVerticalDatum(String)
        /// The band's unit is not a length RouteKit knows (metres, feet, US survey feet), with the unit.
        case unsupportedUnit(String)
        /// Converting ellipsoidal heights needs PROJ's EGM96 grid `egm96_15.gtx` (Debian `proj-data`),
        /// and PROJ could not use it.
        case geoidGridMissing
        /// The window of cells that covers the route (plus the margin) is larger than the limit.
        case tooLarge(cells: Int, limit: Int)
        /// The route crosses the antimeridian and the raster (geographic, in -180...180) does not hold
        /// both sides in one piece.
        case crossesAntimeridian
        /// Route point `index` (0-based, in ``Route/points`` order) at `coordinate` is outside the
        /// model, whose extent (WGS 84 degrees) is `extent`.
        case notCovering(index: Int, coordinate: LocationCoordinate2D, extent: BoundingBox)
        /// The model has no data (nodata cells all round) at route point `index`.
        case noData(index: Int, coordinate: LocationCoordinate2D)
        /// GDAL failed while reading cells (or warping, shading or encoding a map tile), with its reason.
        case readFailed(String)
        /// A map tile index outside the XYZ grid: `zoom` must be in `0...24` (`MapTile/maximumZoom`) and
        /// `x`, `y` in `0..<2^zoom`.
        case invalidTile(zoom: Int, x: Int, y: Int)
        /// An imagery raster with a number of bands ``MapTileSource`` does not draw (it draws 1: grey,
        /// 2: grey and alpha, 3: RGB, 4: RGBA).
        case unsupportedBandCount(Int)
    }

    /// What a file is given as, for the words of ``description``.
    public enum Subject: Sendable, Equatable {
        /// A digital elevation model (``TerrainModel``, a ``MapTileSource``'s elevation).
        case terrainModel
        /// Imagery drawn as a map's basemap (a ``MapTileSource``'s imagery).
        case imagery
    }

    /// The model's path as the caller gave it.
    public var path: String
    public var kind: Kind
    /// What the file was given as: a terrain model unless it is a map tile source's imagery.
    public var subject: Subject

    public init(path: String, kind: Kind, subject: Subject = .terrainModel) {
        self.path = path
        self.kind = kind
        self.subject = subject
    }

    public var description: String {
        func sixDecimals(_ v: Double) -> String { String(format: "%.6f", v) }
        func degrees(_ c: LocationCoordinate2D) -> String {
            "latitude \(sixDecimals(c.latitude)), longitude \(sixDecimals(c.longitude))"
        }
        // A reason from GDAL or the system, without its own final period (one is added).
        func reason(_ text: String) -> String {
            var text = Substring(text)
            while let last = text.last, last == "." || last == " " { text = text.dropLast() }
            return String(text)
        }
        let noun = subject == .imagery ? "imagery" : "terrain model"
        let expected = subject == .imagery ? "imagery (an orthophoto or a scanned map: GeoTIFF, JPEG or PNG with a world file, ...)"
            : "a digital elevation model (GeoTIFF, SRTM .hgt, DTED, a .vrt mosaic, ...)"
        let sentence: String
        switch kind {
        case .fileNotFound:
            sentence = "no such \(noun) file."
        case .unreadable(let why):
            sentence = "cannot read the \(noun): \(reason(why))."
        case .notARaster(let why):
            sentence = "not a raster GDAL can read (expected \(expected))" + (why.map { ": \(reason($0))" } ?? "") + "."
        case .noGeoreferencing:
            sentence = "the raster has no georeferencing (no geotransform): expected \(subject == .imagery ? "imagery" : "a digital elevation model") placed on the Earth."
        case .noCoordinateSystem:
            sentence = "the raster has no coordinate reference system (an ASCII grid needs its .prj; or assign one with 'gdal_translate -a_srs EPSG:4326')."
        case .unsupportedCoordinateSystem(let why):
            sentence = "unsupported coordinate reference system: \(reason(why))."
        case .unsupportedVerticalDatum(let name):
            sentence = "unsupported vertical datum '\(name)': expected heights above the EGM96 geoid (EPSG:5773), heights above the WGS 84 ellipsoid (EPSG:4979), or no vertical datum (read as orthometric); convert the model with gdalwarp."
        case .unsupportedUnit(let unit):
            sentence = "unsupported height unit '\(unit)': expected metres or feet."
        case .geoidGridMissing:
            sentence = "the model's heights are above the ellipsoid, and converting them to EGM96 needs PROJ's grid egm96_15.gtx, which PROJ cannot find (install Debian's proj-data)."
        case .tooLarge(let cells, let limit):
            sentence = "the part of the model that covers the route has \(cells) cells, more than the limit of \(limit); use a coarser model (e.g. 'gdalwarp -tr' or 'gdal_translate -outsize') or a smaller margin."
        case .crossesAntimeridian:
            sentence = "the route crosses the antimeridian, and this geographic model has its longitudes in -180...180; give a model whose longitudes run across 180 (e.g. 'gdalwarp --config CENTER_LONG 180')."
        case .notCovering(let index, let coordinate, let extent):
            sentence = "the model does not cover route point \(index) at \(degrees(coordinate)); the model covers longitudes \(sixDecimals(extent.west)) to \(sixDecimals(extent.east)), latitudes \(sixDecimals(extent.south)) to \(sixDecimals(extent.north))."
        case .noData(let index, let coordinate):
            sentence = "the model has no data (nodata cells) at route point \(index), \(degrees(coordinate))."
        case .readFailed(let why):
            sentence = "reading the \(noun) failed: \(reason(why))."
        case .invalidTile(let zoom, let x, let y):
            let side = (0...MapTile.maximumZoom).contains(zoom) ? "0...\((1 << zoom) - 1)" : "0..<2^zoom"
            sentence = "no map tile \(zoom)/\(x)/\(y) (zoom/x/y): expected a zoom in 0...\(MapTile.maximumZoom) and x and y in \(side)."
        case .unsupportedBandCount(let count):
            sentence = "the raster has \(count) bands: expected imagery with 1 (grey), 2 (grey and alpha), 3 (RGB) or 4 (RGBA)."
        }
        return "\(path): error: \(sentence)"
    }
}
