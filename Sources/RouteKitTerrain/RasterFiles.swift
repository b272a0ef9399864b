import CGDAL
import Foundation

/// The files a raster is read from, by GDAL's own account.
package enum RasterFiles {
    /// The files GDAL reads for the raster at `path` (`GDALGetFileList`): the file itself, a `.vrt`
    /// mosaic's tiles, and side files such as a world file, a `.prj` or an `.aux.xml`; so that a program
    /// can refuse to write over any of them. When GDAL cannot open the raster (or cannot be loaded),
    /// `[path]`: opening it later names the problem.
    ///
    /// - Parameter path: A raster file (a terrain model, imagery).
    /// - Returns: Paths as GDAL gives them (a `.vrt`'s tiles relative to the working directory when the
    ///   `.vrt` names them relative to itself), `path` first.
    /// - Complexity: GDAL's open of the raster's header (and of a `.vrt`'s tiles' headers), no cells.
    package static func files(of path: String) -> [String] {
        guard (try? TerrainError.checkReadable(path)) != nil, (try? GDALLibrary.load(for: path)) != nil else { return [path] }
        return GDALLibrary.quietly {
            guard let dataset = gdal.GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else { return [path] }
            defer { gdal.GDALClose(dataset) }
            guard let list = gdal.GDALGetFileList(dataset) else { return [path] }
            defer { gdal.CSLDestroy(list) }
            var files = [path]
            var k = 0
            while let name = list[k] {
                let file = String(cString: name)
                if file != path { files.append(file) }
                k += 1
            }
            return files
        }
    }
}
