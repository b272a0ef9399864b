extension Route {
    /// A copy whose points without elevation take the ground's height from `terrain`
    /// (``TerrainModel/elevation(at:)``: metres above the EGM96 geoid, bilinear); points that have an
    /// elevation keep it.
    ///
    /// Open the model with ``TerrainModel/init(path:covering:margin:maximumCellCount:)-(_,Route,_,_)`` for this route, so
    /// a point the model does not cover is reported while opening it, with its index and the extent.
    ///
    /// - Throws: ``TerrainError`` with ``TerrainError/Kind/notCovering(index:coordinate:extent:)`` for the
    ///   first point without elevation outside the model, or ``TerrainError/Kind/noData(index:coordinate:)``
    ///   for the first one on missing data.
    /// - Complexity: O(n) samples (one PROJ call each for a projected model) and O(n) geodesics.
    public func fillingMissingElevations(from terrain: TerrainModel) throws(TerrainError) -> Route {
        // Sampled together: one PROJ call for a projected model, not one a point.
        let missing = points.indices.filter { points[$0].elevation == nil }
        var ground = [Int: Double?](minimumCapacity: missing.count)
        for (i, h) in zip(missing, terrain.elevations(at: missing.map { points[$0].coordinate })) { ground[i] = h }
        return try fillingMissingElevations { (index, point) throws(TerrainError) -> Double in
            if let height = ground[index] ?? nil { return height }
            let kind: TerrainError.Kind = terrain.covers(point.coordinate)
                ? .noData(index: index, coordinate: point.coordinate)
                : .notCovering(index: index, coordinate: point.coordinate, extent: terrain.extent)
            throw TerrainError(path: terrain.path, kind: kind)
        }
    }
}

extension TerrainModel {
    /// Metres of model a flight over a route needs around it (a follow camera's eye stands kilometres
    /// off the route, and the clearance is kept under the eye): the margin to open the model with
    /// (``init(path:covering:margin:maximumCellCount:)-(_,Route,_,_)``).
    public static let flightMargin = 10_000.0

    /// Metres between a route's own elevations and the model's (``medianOffset(of:from:)``) beyond which
    /// they are not the same ground: the datums differ (ellipsoidal heights are 30 to 60 m off sea level
    /// in most places, up to about 100 m) or the model is not of this place.
    public static let suspiciousOffset = 100.0

    /// The median of (route elevation - model height) over the route's points that have both, metres,
    /// or `nil` when none has. A large offset means the route's heights and the model's are not on
    /// the same datum, or the model is not of this place.
    ///
    /// - Complexity: O(n log n) for n points.
    public static func medianOffset(of route: Route, from model: TerrainModel) -> Double? {
        var offsets: [Double] = []
        for p in route.points {
            if let e = p.elevation, let g = model.elevation(at: p.coordinate) { offsets.append(e - g) }
        }
        guard !offsets.isEmpty else { return nil }
        offsets.sort()
        let m = offsets.count
        return m % 2 == 1 ? offsets[m / 2] : (offsets[m / 2 - 1] + offsets[m / 2]) / 2
    }
}

extension TerrainModel {
    /// Opens the model and reads the part of it that covers `route`'s points plus `margin` metres; a
    /// point outside is reported by its index in ``Route/points``.
    /// - Throws: as ``TerrainModel/init(path:covering:margin:maximumCellCount:)-(_,C,_,_)``.
    public init(path: String, covering route: Route, margin: Double = defaultMargin,
                maximumCellCount: Int = defaultMaximumCellCount) throws(TerrainError) {
        try self.init(path: path, covering: route.points.map(\.coordinate), margin: margin,
                      maximumCellCount: maximumCellCount)
    }
}
