import RouteKit

/// The options that give a route's points without elevation a ground height: `--terrain FILE` (a
/// digital elevation model read through GDAL) or `--ground-elevation M` (flat country). Shared by
/// `sample`, `plan`, `check` and `profile`.
struct GroundArguments: Equatable {
    var terrainPath: String? = nil

    /// The files these options read, for ``OutputGuard`` (an output must not replace the terrain model).
    /// The terrain model and every file GDAL reads for it (a `.vrt` mosaic's tiles, side files).
    var inputs: [OutputGuard.Input] { terrainPath.map { OutputGuard.Input.raster($0, role: "terrain model") } ?? [] }
    /// Metres above sea level.
    var groundElevation: Double? = nil
    /// Metres the eye keeps above the ground (`--clearance`).
    var clearance = FlightOptions().clearance

    /// The GROUND OPTIONS section, for the parser and the help.
    static var section: OptionSection<GroundArguments> {
        OptionSection(title: "GROUND OPTIONS", note: "for route points without elevation; without either, a warning", options: [
            .value("--terrain", valueName: "file", help: "A digital elevation model that covers the route: any raster GDAL reads (GeoTIFF, SRTM .hgt, DTED, a .vrt mosaic), in any CRS. Points without elevation take the ground's height there: metres above the EGM96 geoid (sea level), interpolated bilinearly.", default: "none") { a, v throws(UsageError) in
                a.terrainPath = try v.inputFileName("terrain model file")
                try a.refuseTwoGrounds(v) },
            .value("--ground-elevation", valueName: "metres", help: "Points without elevation take this height, metres above sea level, for flat country.", default: "none") { a, v throws(UsageError) in
                a.groundElevation = try v.number(in: -11_000...9_000, "metres above sea level")
                try a.refuseTwoGrounds(v) },
            .value("--clearance", valueName: "metres", help: "The eye stays this high above the ground (the terrain model, else the route's own heights), and the ground never hides the centre: the camera looks more steeply down, eased, where it would.", default: "\(FixedDecimal.string(FlightOptions().clearance, places: 0))") { a, v throws(UsageError) in
                a.clearance = try v.number(in: 0...10_000, "metres above the ground") },
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
    /// finding `elevation-missing` instead). Over a terrain model, a warning when the route's heights sit
    /// a geoid-sized constant offset off it (``GroundOffset``), when `warnAboutDatum` (`check` reports the
    /// finding `elevation-ellipsoidal` instead), or more than 100 m off it.
    ///
    /// - Throws: ``CommandFailure`` with the terrain model's error (``TerrainError``: the file, and for a
    ///   point it does not cover, the point's index, position and the model's extent).
    func apply(to route: Route, routePath: String, warnIfMissing: Bool,
               warnAboutDatum: Bool = true) throws -> (route: Route, terrain: TerrainModel?) {
        var notices: [RouteFlight.Notice] = []
        let grounded: (Route, TerrainModel?)
        do {
            grounded = try RouteFlight.ground(route, options: routeFlightOptions, notices: &notices)
        } catch let error as TerrainError {
            throw CommandFailure(description: error.description + " (route: \(shownPath(routePath)))")
        }
        for notice in notices {
            switch notice.topic {
            case .missingElevations where !warnIfMissing: continue
            case .geoidSizedOffset where !warnAboutDatum: continue  // `check` reports `elevation-ellipsoidal`
            default: printNotice(notice, routePath: routePath)
            }
        }
        return grounded
    }

    /// The library's ground choice these options give, with the clearance.
    var routeFlightOptions: RouteFlight.Options {
        var options = RouteFlight.Options()
        options.ground = terrainPath.map { .terrain(path: $0) } ?? groundElevation.map { .elevation(metres: $0) } ?? .routeHeights
        options.flight.clearance = clearance
        return options
    }
}

extension GroundArguments {
    /// The fix a geoid-sized offset names: the option that reads the heights as ellipsoidal.
    static let ellipsoidalFix = "read them with '--input-heights ellipsoid'"

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

    /// The flight `sample`, `preview` and `render` fly over one route (``RouteFlight``, as the library
    /// makes it): the route read (its notes printed) and grounded, then the camera script given or the
    /// planner's (its notes printed), resolved for the route; where a script takes the eye below the
    /// ground, a warning at `framesPerSecond`.
    ///
    /// `beforePlanning` sees the route before the (possibly long) planning starts, and may refuse it.
    func routeFlight(routePath: String, scriptPath: String?, input: InputArguments, framesPerSecond: Double,
                     beforePlanning: (Route) throws -> Void = { _ in }) throws -> RouteFlight {
        let read = try input.read(routePath)
        let (route, terrain) = try ground.apply(to: read.route, routePath: routePath, warnIfMissing: scriptPath == nil)
        try beforePlanning(route)
        // The input options, the ground, then the flight options with the ground's clearance.
        var options = input.routeFlightOptions
        options.ground = ground.routeFlightOptions.ground
        options.flight = flight.options
        options.flight.clearance = ground.clearance
        options.script = try scriptPath.map(loadCameraScript)
        if options.script == nil { Progress.shared.set("planning the flight") }
        let flown: RouteFlight
        do {
            flown = try RouteFlight(prepared: PreparedRoute(route: route, format: read.format, terrain: terrain, notices: []),
                                    options: options)
        } catch let error as CameraScriptError {
            throw FlightArguments.located(error, scriptPath: scriptPath)
        } catch let error as FlightPlanError {
            throw CommandFailure(description: "\(shownPath(routePath)): error: \(ErrorPresentation.describePlanning(error))")
        }
        for notice in flown.notices + flown.scriptGroundNotices(framesPerSecond: framesPerSecond) {
            printNotice(notice, routePath: routePath)
        }
        return flown
    }
}

extension SampleOptions: PlansFlightsOverGround {}
extension PlanOptions: PlansFlightsOverGround {}
extension CheckOptions: PlansFlightsOverGround {}
