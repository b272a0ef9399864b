import Foundation
import RouteKitSupport

/// The ground as far as a route knows it: the elevation of the nearest route point with one, within
/// ``radius`` metres (ground elsewhere is unknown: `nil`).
///
/// Used for terrain clearance when no terrain model is given: the route's heights are the only ground
/// RouteKit has, and near the route (where a follow camera's eye is) the nearest recorded height is a
/// fair stand-in. Lookups go through a grid of cells ``radius`` metres wide, so each is O(1) on average.
package struct RouteGround: ElevationModel {
    /// How far from the route the ground is taken to be known, metres.
    public let radius: Double
    /// Each cell's points, as a range of the arrays below.
    private let cells: GridCellTable<Range<Int>>
    /// For each cell a query can fall in, the highest elevation of the points in every cell that a
    /// query there visits (``maximumElevation(near:)``).
    private let neighbourhoodMaxima: GridCellTable<Double>
    /// The points with an elevation, grouped by cell, each cell's sorted by latitude.
    private let latitudes: [Double]
    private let longitudes: [Double]
    private let elevations: [Double]
    /// Each point's position in route order among its cell's points (the tie-break between points at
    /// the same distance).
    private let ranks: [Int32]
    private let metresPerDegreeLatitude = 111_320.0

    private struct Cell { var x: Int, y: Int }

    /// - Parameters:
    ///   - route: The route; points without an elevation are skipped.
    ///   - radius: Metres (> 0). Default 2000 m.
    /// - Complexity: O(n log n) time and O(n) memory for n points.
    public init(route: Route, radius: Double = 2000) {
        self.radius = max(radius, 1)
        // Indices are 32-bit (a route of 2^31 points would need far more memory than any machine has).
        precondition(route.points.count <= Int(Int32.max), "RouteGround holds at most 2^31 - 1 points")
        var grouping = Self.groupedByCell(route.points, radius: self.radius)
        let ranks = Self.sortCellsByLatitude(&grouping.order, starts: grouping.starts, points: route.points)
        let order = grouping.order, starts = grouping.starts
        latitudes = order.map { route.points[Int($0)].coordinate.latitude }
        longitudes = order.map { route.points[Int($0)].coordinate.longitude }
        elevations = order.map { route.points[Int($0)].elevation! }
        self.ranks = ranks
        var cells = GridCellTable<Range<Int>>(capacity: grouping.ordinals.count)
        grouping.ordinals.forEach { x, y, ordinal in cells.update(x: x, y: y) { _ in starts[ordinal]..<starts[ordinal + 1] } }
        self.cells = cells
        neighbourhoodMaxima = Self.neighbourhoodMaxima(cells: cells, elevations: elevations, radius: self.radius)
    }

    /// The points with an elevation grouped by cell: each cell's ordinal (in order of first appearance),
    /// where each ordinal's points start in `order` (`starts`, one more than the cells), and `order`, the
    /// points' indices. A counting sort by ordinal: stable, so each cell's points are in route order.
    private static func groupedByCell(_ points: [RoutePoint], radius: Double)
        -> (ordinals: GridCellTable<Int>, starts: [Int], order: [Int32]) {
        func hasElevation(_ p: RoutePoint) -> Bool { p.elevation?.isFinite == true }
        var ordinals = GridCellTable<Int>()
        var counts: [Int] = []
        var pointOrdinals: [Int32] = []
        pointOrdinals.reserveCapacity(points.count)
        // Consecutive points are mostly in one cell: the last cell's ordinal spares the lookup.
        var last: (x: Int, y: Int, ordinal: Int)? = nil
        for p in points where hasElevation(p) {
            let key = cell(p.coordinate, radius)
            var ordinal = counts.count
            if let last, last.x == key.x, last.y == key.y {
                ordinal = last.ordinal
            } else {
                ordinals.update(x: key.x, y: key.y) { known in
                    if let known { ordinal = known }
                    return ordinal
                }
                last = (key.x, key.y, ordinal)
            }
            if ordinal == counts.count { counts.append(0) }
            counts[ordinal] += 1
            pointOrdinals.append(Int32(ordinal))
        }
        var starts = [Int](repeating: 0, count: counts.count + 1)
        for k in counts.indices { starts[k + 1] = starts[k] + counts[k] }
        var order = [Int32](repeating: 0, count: pointOrdinals.count)
        var next = starts
        var n = 0
        for (i, p) in points.enumerated() where hasElevation(p) {
            let ordinal = Int(pointOrdinals[n])
            order[next[ordinal]] = Int32(i)
            next[ordinal] += 1
            n += 1
        }
        return (ordinals, starts, order)
    }

    /// Sorts each cell's points in `order` by latitude and returns each point's rank: its position in
    /// route order among its cell's points. Ties of latitude keep route order (the ranks differ, so the
    /// order is the one order the comparison allows). Each cell is sorted on its own, so the cells are
    /// split in two runs of about equal points, sorted on two cores.
    private static func sortCellsByLatitude(_ order: inout [Int32], starts: [Int], points: [RoutePoint]) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: order.count)
        let cellCount = starts.count - 1
        // The first cell whose points start in the second half of `order`.
        let middle = starts.firstIndex { $0 >= order.count / 2 } ?? cellCount
        order.withUnsafeMutableBufferPointer { orderBuffer in
            ranks.withUnsafeMutableBufferPointer { rankBuffer in
                // Each cell writes its own range of both buffers only.
                nonisolated(unsafe) let order = orderBuffer, ranks = rankBuffer
                func sort(_ cells: Range<Int>) {
                    for k in cells { sortCell(starts[k]..<starts[k + 1], order: order, ranks: ranks, points: points) }
                }
                _ = Parallel.both({ sort(0..<middle) }, { sort(middle..<cellCount) })
            }
        }
        return ranks
    }

    /// Sorts the points of one cell, `range` of `order`, by latitude (ties in route order) and writes
    /// their ranks in route order into `ranks`.
    private static func sortCell(_ range: Range<Int>, order: UnsafeMutableBufferPointer<Int32>,
                                 ranks: UnsafeMutableBufferPointer<Int32>, points: [RoutePoint]) {
        var pairs = range.map { (latitude: points[Int(order[$0])].coordinate.latitude, rank: Int32($0 - range.lowerBound), index: order[$0]) }
        pairs.sort { a, b in a.latitude < b.latitude || (a.latitude == b.latitude && a.rank < b.rank) }
        for (offset, pair) in pairs.enumerated() {
            ranks[range.lowerBound + offset] = pair.rank
            order[range.lowerBound + offset] = pair.index
        }
    }

    /// The reverse of the neighbourhood ``elevation(at:)`` visits: each cell's highest elevation is
    /// entered into every cell from which a query visits it (rows `y - 1 ... y + 1`, columns within the
    /// widest span a query in that row can have, taken at the row's pole-ward edge plus one more row of
    /// latitude so that rounding in the cell of a query cannot put it outside).
    private static func neighbourhoodMaxima(cells: GridCellTable<Range<Int>>, elevations: [Double],
                                            radius: Double) -> GridCellTable<Double> {
        let degrees = radius / 111_320.0
        func widestSpan(row y: Int) -> Int {
            let poleward = min(max(abs(Double(y)), abs(Double(y + 1))) * degrees + degrees, 90)
            return Int((1 / max(cos(poleward * .pi / 180), 0.01)).rounded(.up))
        }
        var maxima = GridCellTable<Double>(capacity: cells.count * 15)
        cells.forEach { x, y, range in
            let highest = elevations[range].max() ?? -.infinity
            for dy in -1...1 {
                let row = y - dy
                let span = widestSpan(row: row)
                for dx in -span...span {
                    maxima.update(x: x - dx, y: row) { max($0 ?? -.infinity, highest) }
                }
            }
        }
        return maxima
    }

    /// The highest elevation ``elevation(at:)`` can return at `coordinate`, metres, or `nil` when it
    /// returns `nil` there: one table lookup (the highest point of all the cells a lookup there visits,
    /// within ``radius`` or not).
    ///
    /// - Complexity: O(1).
    public func maximumElevation(near coordinate: LocationCoordinate2D) -> Double? {
        let center = Self.cell(coordinate, radius)
        return neighbourhoodMaxima[center.x, center.y]
    }

    /// ``maximumElevation(near:)`` over every latitude in `latitudes` at `longitude`: the highest of the
    /// cells' bounds in the rows those latitudes fall in (at most three rows; `infinity` beyond).
    ///
    /// - Complexity: O(1).
    public func maximumElevation(longitude: Double, latitudes: ClosedRange<Double>) -> Double? {
        guard longitude.isFinite, latitudes.lowerBound.isFinite, latitudes.upperBound.isFinite else { return .infinity }
        let degrees = radius / 111_320.0
        let x = Int((Angles.normalizedLongitude(longitude) / degrees).rounded(.down))
        // Rows are monotonic in latitude (a rounded quotient by a positive number is).
        let low = Int((latitudes.lowerBound / degrees).rounded(.down)), high = Int((latitudes.upperBound / degrees).rounded(.down))
        guard high - low <= 2 else { return .infinity }
        var highest: Double? = nil
        for y in low...high {
            if let bound = neighbourhoodMaxima[x, y] { highest = max(highest ?? -.infinity, bound) }
        }
        return highest
    }

    private static func cell(_ c: LocationCoordinate2D, _ size: Double) -> Cell {
        let degrees = size / 111_320.0
        return Cell(x: Int((Angles.normalizedLongitude(c.longitude) / degrees).rounded(.down)),
                    y: Int((c.latitude / degrees).rounded(.down)))
    }

    /// The elevation of the nearest point with one, in metres, or `nil` when none is within ``radius``.
    ///
    /// Distances are local: north and east metres at 111 320 m per degree (east scaled by the cosine of
    /// the query's latitude), squared and summed. Of points at the same distance, the first found in
    /// this order wins: cells row by row from the south-west, route order within a cell.
    ///
    /// - Complexity: O(log m + k) per neighbouring cell (3 x (2 span + 1) of them, span =
    ///   `ceil(1 / cos(latitude))`), for m points in the cell of which k lie in the band of latitudes
    ///   that can still hold the nearest point.
    public func elevation(at coordinate: LocationCoordinate2D) -> Double? {
        let center = Self.cell(coordinate, radius)
        let cosLat = max(cos(coordinate.latitude * .pi / 180), 0.01)
        // Longitude cells shrink with latitude: look far enough east and west.
        let span = Int((1 / cosLat).rounded(.up))
        return latitudes.withUnsafeBufferPointer { latitudes in
            longitudes.withUnsafeBufferPointer { longitudes in
                var search = NearestPointSearch(latitudes: latitudes, longitudes: longitudes, ranks: ranks,
                                                coordinate: coordinate, cosLat: cosLat,
                                                scale: metresPerDegreeLatitude, limit: radius * radius)
                // First an upper bound on the answer's distance from the query's own cell: no point
                // farther than it can be the answer, so the ordered search below skips them.
                if let range = cells[center.x, center.y] { search.bound = search.nearestDistance(in: range) }
                var visit = 0
                for dy in -1...1 {
                    for dx in -span...span {
                        visit += 1
                        guard let range = cells[center.x + dx, center.y + dy] else { continue }
                        search.visit(range, visit)
                    }
                }
                return search.bestIndex.map { elevations[$0] }
            }
        }
    }
}

/// The search of ``RouteGround/elevation(at:)`` for the nearest point: local distances (north and east
/// metres, east scaled by the cosine of the query's latitude, squared and summed) and the best point so far.
private struct NearestPointSearch {
    let latitudes: UnsafeBufferPointer<Double>
    let longitudes: UnsafeBufferPointer<Double>
    let ranks: [Int32]
    let coordinate: LocationCoordinate2D
    let cosLat: Double
    /// Metres per degree of latitude.
    let scale: Double
    /// The squared radius, square metres.
    let limit: Double
    /// The pruning bound, square metres: an upper bound on the answer's distance until a point is
    /// taken, then the best's distance.
    var bound: Double
    /// The best point so far (an index of the arrays), its squared distance, and the visit and rank that
    /// break ties.
    private(set) var bestIndex: Int? = nil
    private var bestDistance: Double
    private var bestVisit = -1, bestRank: Int32 = 0

    init(latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>, ranks: [Int32],
         coordinate: LocationCoordinate2D, cosLat: Double, scale: Double, limit: Double) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.ranks = ranks
        self.coordinate = coordinate
        self.cosLat = cosLat
        self.scale = scale
        self.limit = limit
        bound = limit
        bestDistance = limit
    }

    /// Squared north metres; monotonic in the point's latitude on each side of the query's.
    @inline(__always)
    private func northSquared(_ i: Int) -> Double {
        let north = (latitudes[i] - coordinate.latitude) * scale
        return north * north
    }

    @inline(__always)
    private func distanceSquared(_ i: Int, _ northSquared: Double) -> Double {
        let east = Angles.remainderOfTurn(longitudes[i] - coordinate.longitude) * scale * cosLat
        return northSquared + east * east
    }

    /// The squared distance of the nearest point of `range` within the radius (else the squared radius),
    /// searched outwards from the query's latitude (a cell is sorted by latitude).
    func nearestDistance(in range: Range<Int>) -> Double {
        let latitude = coordinate.latitude
        var nearest = limit
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if latitudes[mid] >= latitude { high = mid } else { low = mid + 1 }
        }
        var i = low
        while i < range.upperBound {
            let n2 = northSquared(i)
            if n2 > nearest { break }
            nearest = min(nearest, distanceSquared(i, n2))
            i += 1
        }
        i = low - 1
        while i >= range.lowerBound {
            let n2 = northSquared(i)
            if n2 > nearest { break }
            nearest = min(nearest, distanceSquared(i, n2))
            i -= 1
        }
        return nearest
    }

    /// Takes the nearest point of `range` (the `visit`th cell visited) when it beats the best. Only
    /// points strictly farther than the bound are skipped, so ties are decided by order here.
    @inline(__always)
    mutating func visit(_ range: Range<Int>, _ visit: Int) {
        let latitude = coordinate.latitude
        // A point whose north part alone exceeds the bound can be neither within the radius nor nearer
        // than the best (a sum of squares is never below one of them). Skip those south of the query by
        // bisection, stop at the first north of it.
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if latitudes[mid] >= latitude || northSquared(mid) <= bound { high = mid } else { low = mid + 1 }
        }
        var i = low
        while i < range.upperBound {
            let n2 = northSquared(i)
            if n2 > bound {
                if latitudes[i] > latitude { break }
                i += 1
                continue
            }
            let d2 = distanceSquared(i, n2)
            if d2 <= limit, bestIndex == nil || d2 < bestDistance
                || (d2 == bestDistance && visit == bestVisit && ranks[i] < bestRank) {
                bestDistance = d2
                bound = min(bound, d2)
                bestIndex = i
                bestVisit = visit
                bestRank = ranks[i]
            }
            i += 1
        }
    }
}

extension RouteGround {
    /// The ground a flight over `route` must clear: `terrain` when given, else the route's own heights
    /// (a ``RouteGround``), else `nil` when no point has an elevation.
    package static func ground(for route: Route, terrain: (any ElevationModel)?) -> (any ElevationModel)? {
        if let terrain { return terrain }
        return route.points.contains { $0.elevation != nil } ? RouteGround(route: route) : nil
    }
}
