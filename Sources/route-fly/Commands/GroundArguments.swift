import RouteKit

/// The options that give a route's points without elevation a ground height: `--terrain FILE` (a
/// digital elevation model read through GDAL) or `--ground-elevation M` (flat country). Shared by
/// `sample`, `plan`, `check` and `profile`.
struct GroundArguments: Equatable {
    var terrainPath: String? = nil

    /// The files these options read, for ``OutputGuard`` (an output must not replace the terrain model).
    var inputs: [OutputGuard.Input] { terrainPath.map { [.init(path: $0, role: "terrain model")] } ?? [] }
    /// Metres above sea level.
    var groundElevation: Double? = nil
    /// Metres the eye keeps above the ground (`--clearance`).
    var clearance = FlightOptions().clearance

    /// The GROUND OPTIONS section, for the parser and the help.
    static var section: OptionSection<GroundArguments> {
        OptionSection(title: "GROUND OPTIONS", note: "for route points without elevation; without either, a warning", options: [
            .value("--terrain", valueName: "file", help: "A digital elevation model that covers the route: any raster GDAL reads (GeoTIFF, SRTM .hgt, DTED, a .vrt mosaic), in any CRS. Points without elevation take the ground's height there: metres above the EGM96 geoid (sea level), interpolated bilinearly.", default: "none") { a, v throws(UsageError) in
                a.terrainPath = try v.fileName("terrain model file")
                try a.refuseTwoGrounds(v) },
            .value("--ground-elevation", valueName: "metres", help: "Points without elevation take this height, metres above sea level, for flat country.", default: "none") { a, v throws(UsageError) in
                a.groundElevation = try v.number(in: -11_000...9_000, "metres above sea level, from -11000 to 9000")
                try a.refuseTwoGrounds(v) },
            .value("--clearance", valueName: "metres", help: "The eye stays this high above the ground (the terrain model, else the route's own heights), and the ground never hides the centre: the camera looks more steeply down, eased, where it would.", default: "\(FixedDecimal.string(FlightOptions().clearance, places: 0))") { a, v throws(UsageError) in
                a.clearance = try v.number(in: 0...10_000, "metres above the ground, from 0 to 10000") },
        ])
    }

    private func refuseTwoGrounds(_ value: OptionValue) throws(UsageError) {
        if terrainPath != nil, groundElevation != nil {
            throw value.error("'--terrain' and '--ground-elevation' both give the ground's height; give one of them.")
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
                // A wide margin: a follow camera's eye stands kilometres off the route.
                let terrain = try TerrainModel(path: terrainPath, covering: route, margin: TerrainModel.flightMargin)
                if let offset = TerrainModel.medianOffset(of: route, from: terrain), abs(offset) > TerrainModel.suspiciousOffset {
                    printDiagnostic("\(shownPath(routePath)): warning: the route's own elevations lie \(FixedDecimal.string(abs(offset), places: 0)) m \(offset < 0 ? "below" : "above") the terrain model '\(terrainPath)' (median over the points): check that both are above sea level ('--input-heights') and that the model is the right one")
                }
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
            printDiagnostic("\(shownPath(routePath)): warning: \(String(missing.description.dropLast())): '--terrain <file>' or '--ground-elevation <metres>'.")
        }
        return (route, nil)
    }
}

/// A subcommand that plans flights over the ground.
protocol PlansFlightsOverGround {
    var flight: FlightArguments { get }
    var ground: GroundArguments { get }
}

extension PlansFlightsOverGround {
    /// The planner for the flight options, keeping `--clearance` over the terrain model (or, without
    /// one, the route's own heights).
    func planner(terrain: TerrainModel?) -> FlightPlanner {
        var options = flight.options
        options.clearance = ground.clearance
        var planner = FlightPlanner(options: options)
        planner.ground = terrain
        return planner
    }

    /// The group planner for the flight options and `preset`, keeping `--clearance` over the riders'
    /// own heights.
    func groupPlanner(preset: GroupPreset) -> GroupFlightPlanner {
        var options = flight.options
        options.clearance = ground.clearance
        return GroupFlightPlanner(preset: preset, options: options)
    }

    /// The flight `sample` and `preview` fly over one route: the route read (the ground's heights
    /// filled in), then the camera script given or the planner's (its notes printed), resolved for the
    /// route; where a script takes the eye below the ground, a warning. With it, the terrain model
    /// (`--terrain`), or `nil`.
    ///
    /// `beforePlanning` sees the route before the (possibly long) planning starts, and may refuse it.
    func flight(routePath: String, scriptPath: String?, input: InputArguments, framesPerSecond: Double,
                beforePlanning: (Route) throws -> Void = { _ in }) throws -> (route: Route, scripted: ScriptedFlight, terrain: TerrainModel?) {
        let (route, terrain) = try ground.apply(to: try input.read(routePath).route, routePath: routePath, warnIfMissing: scriptPath == nil)
        try beforePlanning(route)
        let script: CameraScript
        var tracking = RouteTracking.centre(span: nil)
        if let scriptPath {
            script = try loadCameraScript(scriptPath)
        } else {
            let plan: FlightPlan
            Progress.shared.set("planning the flight")
            do {
                plan = try planner(terrain: terrain).plan(for: route)
            } catch {
                throw CommandFailure(description: "\(shownPath(routePath)): error: \(ErrorPresentation.describePlanning(error))")
            }
            for note in plan.notes { printDiagnostic("\(shownPath(routePath)): note: \(note)") }
            script = plan.script
            tracking = plan.routeTracking
        }
        var scripted = try flight.resolve(script, for: route, terrain: terrain, scriptPath: scriptPath)
        scripted.routeTracking = tracking
        if scriptPath != nil {
            warnAboutTheGround(scripted, route: route, terrain: terrain, clearance: ground.clearance,
                               framesPerSecond: framesPerSecond, routePath: routePath)
        }
        return (route, scripted, terrain)
    }
}

extension SampleOptions: PlansFlightsOverGround {}
extension PlanOptions: PlansFlightsOverGround {}
extension CheckOptions: PlansFlightsOverGround {}
