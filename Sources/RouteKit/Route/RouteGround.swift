import Foundation

/// The ground as far as a route knows it: the elevation of the nearest route point with one, within
/// ``radius`` metres (ground elsewhere is unknown: `nil`).
///
/// Used for terrain clearance when no terrain model is given: the route's heights are the only ground
/// RouteKit has, and near the route (where a follow camera's eye is) the nearest recorded height is a
/// fair stand-in. Lookups go through a grid of cells ``radius`` metres wide, so each is O(1) on average.
public struct RouteGround: ElevationModel {
    /// How far from the route the ground is taken to be known, metres.
    public let radius: Double
    private let cells: [Cell: [Int]]
    private let coordinates: [LocationCoordinate2D]
    private let elevations: [Double]
    private let metresPerDegreeLatitude = 111_320.0

    private struct Cell: Hashable { var x: Int, y: Int }

    /// - Parameters:
    ///   - route: The route; points without an elevation are skipped.
    ///   - radius: Metres (> 0). Default 2000 m.
    public init(route: Route, radius: Double = 2000) {
        self.radius = max(radius, 1)
        var coordinates: [LocationCoordinate2D] = [], elevations: [Double] = []
        for p in route.points { if let e = p.elevation, e.isFinite { coordinates.append(p.coordinate); elevations.append(e) } }
        self.coordinates = coordinates
        self.elevations = elevations
        var cells: [Cell: [Int]] = [:]
        for (i, c) in coordinates.enumerated() { cells[Self.cell(c, self.radius), default: []].append(i) }
        self.cells = cells
    }

    private static func cell(_ c: LocationCoordinate2D, _ size: Double) -> Cell {
        let degrees = size / 111_320.0
        return Cell(x: Int((normalizedLongitude(c.longitude) / degrees).rounded(.down)),
                    y: Int((c.latitude / degrees).rounded(.down)))
    }

    public func elevation(at coordinate: LocationCoordinate2D) -> Double? {
        let center = Self.cell(coordinate, radius)
        var best: (Double, Double)? = nil
        let cosLat = max(cos(coordinate.latitude * .pi / 180), 0.01)
        // Longitude cells shrink with latitude: look far enough east and west.
        let span = Int((1 / cosLat).rounded(.up))
        for dy in -1...1 {
            for dx in -span...span {
                for i in cells[Cell(x: center.x + dx, y: center.y + dy)] ?? [] {
                    let c = coordinates[i]
                    let north = (c.latitude - coordinate.latitude) * metresPerDegreeLatitude
                    let east = remainder(c.longitude - coordinate.longitude, 360) * metresPerDegreeLatitude * cosLat
                    let d2 = north * north + east * east
                    if d2 <= radius * radius, best.map({ d2 < $0.0 }) ?? true { best = (d2, elevations[i]) }
                }
            }
        }
        return best?.1
    }
}
