import RouteKit

/// The options that give a route's points without elevation a ground height: `--terrain FILE` (a
/// digital elevation model read through GDAL) or `--ground-elevation M` (flat country). Shared by
/// `sample`, `plan`, `check` and `profile`.
struct GroundArguments: Equatable {
    var terrainPath: String? = nil
    /// Metres above sea level.
    var groundElevation: Double? = nil

    static let names: Set<String> = ["--terrain", "--ground-elevation"]

    mutating func parse(_ name: String, inline: String?, scanner: inout ArgumentScanner) throws(UsageError) {
        switch name {
        case "--terrain":
            terrainPath = try scanner.fileName(for: name, inline: inline, what: "terrain model file")
        case "--ground-elevation":
            let v = try scanner.value(for: name, inline: inline, valueName: "metres")
            groundElevation = try scanner.number(v, option: name, valueName: "metres", range: -11_000...9_000,
                expectation: "metres above sea level, from -11000 to 9000")
        default:
            preconditionFailure("not a ground option: \(name)")
        }
        if terrainPath != nil, groundElevation != nil {
            throw UsageError(message: "'--terrain' and '--ground-elevation' both give the ground's height; give one of them.", subcommand: scanner.subcommand)
        }
    }

    /// The route with its points without elevation filled from the terrain model or the ground
    /// elevation, and the terrain model when one is given (opened even when no point lacks an
    /// elevation, so a bad or misplaced model is always reported). With neither option, and points
    /// missing elevations, a warning on standard error when `warnIfMissing` (`check` reports the
    /// finding `elevation-missing` instead).
    ///
    /// - Throws: ``CommandFailure`` with the terrain model's error (``TerrainError``: the file, and for a
    ///   point it does not cover, the point's index, position and the model's extent).
    func apply(to route: Route, routePath: String, warnIfMissing: Bool) throws -> (route: Route, terrain: TerrainModel?) {
        if let terrainPath {
            do {
                // The model must cover the whole route; a point outside is reported by its index.
                let terrain = try TerrainModel(path: terrainPath, covering: route)
                return (try route.fillingMissingElevations(from: terrain), terrain)
            } catch {
                throw CommandFailure(description: error.description + " (route: \(shownPath(routePath)))")
            }
        }
        guard let missing = route.missingElevations else { return (route, nil) }
        if let groundElevation {
            return (route.fillingMissingElevations(with: groundElevation), nil)
        }
        if warnIfMissing {
            printError("\(shownPath(routePath)): warning: \(String(missing.description.dropLast())): '--terrain <file>' or '--ground-elevation <metres>'.")
        }
        return (route, nil)
    }
}
