import Foundation

/// Builds synthetic terrain models for the tests with GDAL's own command-line tools (Debian `gdal-bin`,
/// installed by `.ci/run`): an ESRI ASCII grid written here, turned into a GeoTIFF by `gdal_translate`,
/// mosaicked by `gdalbuildvrt`, and read back independently by `gdallocationinfo`.
public enum TerrainFixtures {
    /// A GDAL tool on the PATH, or `nil` with a printed reason (tests that need it are skipped).
    public static func tool(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        print("note: '\(name)' is not installed; the terrain tests that build models with it are skipped (CI installs gdal-bin: see .ci/run)")
        return nil
    }

    public static let hasGDALTools = tool("gdal_translate") != nil && tool("gdalbuildvrt") != nil && tool("gdallocationinfo") != nil

    public struct ToolFailure: Error, CustomStringConvertible { public var description: String }

    /// Runs a GDAL tool, with `input` on its standard input (e.g. `gdallocationinfo`'s list of
    /// positions); throws with its standard error when it fails.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String], input: String? = nil) throws -> String {
        guard let executable = tool(name) else { throw ToolFailure(description: "\(name) is not installed") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let scratch = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let input {
            let inURL = scratch.appendingPathComponent("in")
            try input.write(to: inURL, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let stdout = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(name) \(arguments.joined(separator: " ")) failed: " + String(decoding: try Data(contentsOf: err), as: UTF8.self))
        }
        return stdout
    }

    /// Writes an ESRI ASCII grid (`.asc`): `columns` x `rows` square cells of `cellSize` CRS units
    /// from the lower-left corner (`west`, `south`); `height(x, y)` gives each cell's value from its
    /// centre's CRS coordinates (`nil` writes the nodata value -9999).
    public static func writeASCIIGrid(to url: URL, columns: Int, rows: Int, west: Double, south: Double, cellSize: Double,
                               height: (_ x: Double, _ y: Double) -> Double?) throws {
        var text = "ncols \(columns)\nnrows \(rows)\nxllcorner \(west)\nyllcorner \(south)\ncellsize \(cellSize)\nNODATA_value -9999\n"
        for row in 0..<rows {
            let y = south + (Double(rows - row) - 0.5) * cellSize
            text += (0..<columns).map { column in
                let x = west + (Double(column) + 0.5) * cellSize
                return height(x, y).map { String(format: "%.6f", $0) } ?? "-9999"
            }.joined(separator: " ") + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// An ASCII grid turned into a GeoTIFF (`gdal_translate -a_srs CRS`, 64-bit floats unless `type`).
    public static func geoTIFF(in directory: URL, name: String, crs: String, type: String = "Float64", columns: Int, rows: Int,
                        west: Double, south: Double, cellSize: Double,
                        height: (_ x: Double, _ y: Double) -> Double?) throws -> URL {
        let asc = directory.appendingPathComponent(name + ".asc")
        try writeASCIIGrid(to: asc, columns: columns, rows: rows, west: west, south: south, cellSize: cellSize, height: height)
        let tif = directory.appendingPathComponent(name + ".tif")
        try run("gdal_translate", ["-q", "-ot", type, "-a_srs", crs, asc.path, tif.path])
        return tif
    }

    /// The values of `bands` (1-based) at many positions, read by one `gdallocationinfo -valonly` run:
    /// positions are pixel and line (the pixel holding that point) or, with `wgs84`, longitude and
    /// latitude (the cell under it). One array of `bands.count` values (`nil` where GDAL gives none, as
    /// outside the raster) per position, in order.
    public static func locationInfo(_ url: URL, positions: [(Double, Double)], bands: [Int] = [1], wgs84: Bool = false) throws -> [[Double?]] {
        let arguments = ["-valonly"] + (wgs84 ? ["-wgs84"] : []) + bands.flatMap { ["-b", String($0)] } + [url.path]
        let input = positions.map { String(format: "%.12f %.12f", $0.0, $0.1) }.joined(separator: "\n") + "\n"
        let lines = try run("gdallocationinfo", arguments, input: input).split(separator: "\n", omittingEmptySubsequences: false)
        return positions.indices.map { i in
            bands.indices.map { b in
                let k = i * bands.count + b
                return k < lines.count ? Double(lines[k].trimmingCharacters(in: .whitespaces)) : nil
            }
        }
    }

    /// The value of the cell under (`longitude`, `latitude`) as `gdallocationinfo -valonly -wgs84` reads it.
    public static func locationInfo(_ url: URL, longitude: Double, latitude: Double) throws -> Double? {
        let text = try run("gdallocationinfo", ["-valonly", "-wgs84", url.path, String(longitude), String(latitude)])
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The synthetic plane model the terrain tests share.
extension TerrainFixtures {
    /// A plane over Višnjan (Istria): 100 m at 13.70 E 45.26 N, rising 1000 m per degree east and 2000 m
    /// per degree north. Bilinear interpolation reproduces a plane exactly.
    public static func plane(_ longitude: Double, _ latitude: Double) -> Double {
        100 + 1000 * (longitude - 13.70) + 2000 * (latitude - 45.26)
    }

    /// 30 x 30 cells of 0.001 degrees from 13.70 E 45.26 N.
    public static func planeModel(in dir: URL, name: String = "plane", hole: (column: Int, row: Int)? = nil) throws -> URL {
        try TerrainFixtures.geoTIFF(in: dir, name: name, crs: "EPSG:4326", columns: 30, rows: 30,
                                    west: 13.70, south: 45.26, cellSize: 0.001) { x, y in
            if let hole {
                let column = Int(((x - 13.70) / 0.001).rounded(.down)), row = Int(((45.29 - y) / 0.001).rounded(.down))
                if column == hole.column && row == hole.row { return nil }
            }
            return plane(x, y)
        }
    }
}
