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
    /// Each cell's points (a range of the arrays below) and the lowest and highest latitude among them.
    private let cells: [Cell: CellContent]
    /// The points with an elevation, grouped by cell, each cell's in route order.
    private let latitudes: [Double]
    private let longitudes: [Double]
    private let elevations: [Double]
    private let metresPerDegreeLatitude = 111_320.0

    private struct Cell: Hashable { var x: Int, y: Int }
    private struct CellContent {
        var start = 0, end = 0
        var south = Double.infinity, north = -Double.infinity
    }

    /// - Parameters:
    ///   - route: The route; points without an elevation are skipped.
    ///   - radius: Metres (> 0). Default 2000 m.
    /// - Complexity: O(n) time and memory for n points.
    public init(route: Route, radius: Double = 2000) {
        self.radius = max(radius, 1)
        // Cells numbered in order of first appearance; a counting sort by that number keeps route order
        // within each cell.
        var ordinals: [Cell: Int] = [:]
        var contents: [CellContent] = []
        var pointOrdinals: [Int] = [], pointIndices: [Int] = []
        for (i, p) in route.points.enumerated() {
            guard let e = p.elevation, e.isFinite else { continue }
            let key = Self.cell(p.coordinate, self.radius)
            let ordinal: Int
            if let known = ordinals[key] {
                ordinal = known
            } else {
                ordinal = contents.count
                ordinals[key] = ordinal
                contents.append(CellContent())
            }
            contents[ordinal].end += 1  // a count until the starts are set
            contents[ordinal].south = min(contents[ordinal].south, p.coordinate.latitude)
            contents[ordinal].north = max(contents[ordinal].north, p.coordinate.latitude)
            pointOrdinals.append(ordinal)
            pointIndices.append(i)
        }
        var next = 0
        for k in contents.indices {
            let count = contents[k].end
            contents[k].start = next
            contents[k].end = next  // the next free slot while filling; the cell's end afterwards
            next += count
        }
        var latitudes = [Double](repeating: 0, count: next)
        var longitudes = latitudes, elevations = latitudes
        for (ordinal, i) in zip(pointOrdinals, pointIndices) {
            let slot = contents[ordinal].end
            contents[ordinal].end += 1
            let p = route.points[i]
            latitudes[slot] = p.coordinate.latitude
            longitudes[slot] = p.coordinate.longitude
            elevations[slot] = p.elevation!
        }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.elevations = elevations
        self.cells = ordinals.mapValues { contents[$0] }
    }

    private static func cell(_ c: LocationCoordinate2D, _ size: Double) -> Cell {
        let degrees = size / 111_320.0
        return Cell(x: Int((normalizedLongitude(c.longitude) / degrees).rounded(.down)),
                    y: Int((c.latitude / degrees).rounded(.down)))
    }

    /// The elevation of the nearest point with one, in metres, or `nil` when none is within ``radius``.
    ///
    /// Distances are local: north and east metres at 111 320 m per degree (east scaled by the cosine of
    /// the query's latitude). Of points at the same distance, the first found wins (cells row by row
    /// from the south-west, route order within a cell).
    ///
    /// - Complexity: O(points in the 3 x (2 span + 1) neighbouring cells), where span is
    ///   `ceil(1 / cos(latitude))`; cells and points that cannot be nearer than the best so far are
    ///   skipped on their latitude alone.
    public func elevation(at coordinate: LocationCoordinate2D) -> Double? {
        let center = Self.cell(coordinate, radius)
        let limit = radius * radius
        var bestDistance = Double.infinity  // squared metres, of `best`
        var best: Double? = nil
        let cosLat = max(cos(coordinate.latitude * .pi / 180), 0.01)
        let scale = metresPerDegreeLatitude
        // Longitude cells shrink with latitude: look far enough east and west.
        let span = Int((1 / cosLat).rounded(.up))
        latitudes.withUnsafeBufferPointer { latitudes in
            longitudes.withUnsafeBufferPointer { longitudes in
                for dy in -1...1 {
                    for dx in -span...span {
                        guard let content = cells[Cell(x: center.x + dx, y: center.y + dy)] else { continue }
                        // The nearest a point of the cell can be in latitude (north metres are monotonic in
                        // latitude, and a squared distance is never below its north part squared).
                        let nearestLatitude = min(max(coordinate.latitude, content.south), content.north)
                        let nearestNorth = (nearestLatitude - coordinate.latitude) * scale
                        let nearestSquared = nearestNorth * nearestNorth
                        if nearestSquared > limit || (best != nil && nearestSquared >= bestDistance) { continue }
                        for i in content.start..<content.end {
                            let north = (latitudes[i] - coordinate.latitude) * scale
                            let northSquared = north * north
                            // d2 = northSquared + eastSquared >= northSquared: such a point can neither be
                            // within the radius nor nearer than the best.
                            if northSquared > limit || (best != nil && northSquared >= bestDistance) { continue }
                            let east = remainderOfTurn(longitudes[i] - coordinate.longitude) * scale * cosLat
                            let d2 = northSquared + east * east
                            if d2 <= limit, best == nil || d2 < bestDistance {
                                bestDistance = d2
                                best = elevations[i]
                            }
                        }
                    }
                }
            }
        }
        return best
    }
}
