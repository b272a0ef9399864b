import Foundation

/// The ground of a synthetic EPSG:4326 model (``TerrainFixtures/geoTIFF``) read back by GDAL's own
/// `gdallocationinfo`: the four cells around each position, interpolated bilinearly between their
/// centres (the formula a bilinear model uses; the values are GDAL's, not RouteKit's).
public struct TerrainGridReading {
    public var url: URL
    /// Degrees: the grid's west and north edges and its cell size.
    public var west: Double, north: Double, cellSize: Double

    public init(url: URL, west: Double, north: Double, cellSize: Double) {
        self.url = url
        self.west = west
        self.north = north
        self.cellSize = cellSize
    }

    /// Metres at each (longitude, latitude), or `nil` where a cell is missing.
    public func ground(at positions: [(longitude: Double, latitude: Double)]) throws -> [Double?] {
        var corners: [(Double, Double)] = []
        var weights: [(Double, Double)] = []
        for p in positions {
            let fx = (p.longitude - west) / cellSize - 0.5, fy = (north - p.latitude) / cellSize - 0.5
            let i = fx.rounded(.down), j = fy.rounded(.down)
            weights.append((fx - i, fy - j))
            // Pixel and line of each cell's centre, as gdallocationinfo takes them.
            corners += [(i + 0.5, j + 0.5), (i + 1.5, j + 0.5), (i + 0.5, j + 1.5), (i + 1.5, j + 1.5)]
        }
        let values = try TerrainFixtures.locationInfo(url, positions: corners).map { $0[0] }
        return weights.indices.map { k in
            guard let a = values[4 * k], let b = values[4 * k + 1], let c = values[4 * k + 2], let d = values[4 * k + 3] else { return nil }
            let (tx, ty) = weights[k]
            return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
        }
    }
}

/// The rows of a `route-fly sample --format csv` output as numbers by column name.
public func poseRows(_ csv: String) -> [[String: Double]] {
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { row in
        Dictionary(uniqueKeysWithValues: zip(header, row).compactMap { name, cell in Double(cell).map { (name, $0) } })
    }
}
