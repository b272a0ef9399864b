import Foundation
import RouteKitGeodesy
import RouteKitSupport
import RouteKitTerrain

/// A route read and prepared for flying (``RouteFlight``'s first three steps), before planning.
package struct PreparedRoute: Sendable {
    /// The route: heights above sea level, outliers out, the ground filled in.
    package var route: Route
    /// The format the file was read as.
    package var format: RouteFormat
    /// The terrain model, when the ground is one.
    package var terrain: TerrainModel?
    /// The notices of reading and preparing, in order.
    package var notices: [RouteFlight.Notice]

    package init(route: Route, format: RouteFormat, terrain: TerrainModel?, notices: [RouteFlight.Notice]) {
        self.route = route
        self.format = format
        self.terrain = terrain
        self.notices = notices
    }
}

extension RouteFlight {
    /// Reads and prepares the route file at `path` (steps 1 to 3).
    package static func prepare(path: String, options: Options) throws -> PreparedRoute {
        try check(options.ground)
        let result = try RouteFile.read(path: path, format: options.format, options: options.reading)
        return try prepare(result, input: .file(URL(fileURLWithPath: path)), displayPath: path, options: options)
    }

    /// Prepares a route read from `input` (steps 1 to 3 after the reading): heights above sea level,
    /// outliers dealt with (located in `input` when given), then the ground.
    package static func prepare(_ read: RouteFile.Result, input: RouteInput?, displayPath: String?,
                                options: Options) throws -> PreparedRoute {
        try check(options.ground)
        let result = try screened(read, input: input, displayPath: displayPath, options: options)
        var notices = result.notes.map { Notice(severity: .note, message: $0) }
            + result.warnings.map { Notice(severity: .warning, message: $0) }
        if !options.joinPieces {
            notices += result.pieceWarnings.map {
                Notice(severity: .warning, message: $0.message, topic: $0.code == .piecesOutOfOrder ? .piecesOutOfOrder : .general)
            }
        }
        let (route, terrain) = try ground(result.route, options: options, notices: &notices)
        return PreparedRoute(route: route, format: result.format, terrain: terrain, notices: notices)
    }

    /// The file's route with its heights above sea level (converted from ``Options/inputHeights``
    /// through EGM96) and its outliers dealt with (steps 1 and 2): wrapped heights corrected, height
    /// spikes replaced, wild positions left out, each named in the result's notes and warnings and
    /// located in `input` when given; then, under ``Options/joinPieces``, the pieces chained.
    ///
    /// - Throws: ``GeoidError`` when ellipsoidal heights need the EGM96 grid and it cannot be opened.
    package static func screened(_ read: RouteFile.Result, input: RouteInput?, displayPath: String?,
                                 options: Options) throws -> RouteFile.Result {
        var result = read
        if options.inputHeights == .ellipsoidal {
            result = result.convertingElevations(from: .ellipsoidal, geoid: try Geoid.egm96())
        }
        result = result.withoutOutliers(input: input, displayPath: displayPath)
        // Pieces after the outliers: those are located by their index in the file.
        return options.joinPieces ? result.joiningPieces() : result
    }

    /// The route with its ground (step 3): points without elevation filled from the terrain model or the
    /// one elevation; with neither and some missing, a warning (not for a camera script, which names
    /// its own heights).
    ///
    /// - Throws: ``TerrainError`` when the model cannot be read or does not cover the route.
    package static func ground(_ route: Route, options: Options, notices: inout [Notice]) throws -> (Route, TerrainModel?) {
        switch options.ground {
        case .terrain(let path):
            // A wide margin: a follow camera's eye stands kilometres off the route.
            let terrain = try TerrainModel(path: path, covering: route, margin: TerrainModel.flightMargin)
            if let notice = datumNotice(route, terrain: terrain, path: path) { notices.append(notice) }
            return (try route.fillingMissingElevations(from: terrain), terrain)
        case .elevation(let metres):
            return (route.fillingMissingElevations(with: metres), nil)
        case .routeHeights:
            if let missing = route.missingElevations, options.script == nil {
                notices.append(Notice(severity: .warning, message: missing.description, topic: .missingElevations))
            }
            return (route, nil)
        }
    }

    /// A warning when the route's heights sit far off the terrain model: a geoid-sized constant offset
    /// (``GroundOffset``: likely heights above the ellipsoid read as above sea level), or a median
    /// offset over ``TerrainModel/suspiciousOffset``; `nil` when they agree.
    static func datumNotice(_ route: Route, terrain: TerrainModel, path: String) -> Notice? {
        if let offset = GroundOffset(route: route, ground: terrain),
           let undulation = (try? Geoid.egm96())?.undulation(at: route.points[route.points.count / 2].coordinate),
           offset.isGeoidSized(undulation: undulation) {
            return Notice(severity: .warning, message: offset.geoidSizedDescription(undulation: undulation),
                          topic: .geoidSizedOffset(offset, undulation: undulation))
        }
        guard let offset = TerrainModel.medianOffset(of: route, from: terrain), abs(offset) > TerrainModel.suspiciousOffset else { return nil }
        return Notice(severity: .warning, message: Notice.terrainOffsetSentence(metres: offset, modelPath: path),
                      topic: .terrainOffset(metres: offset, modelPath: path))
    }

    /// Plans (or takes the script) and resolves the flight for the prepared route (steps 4 and 5).
    package static func fly(_ prepared: PreparedRoute, options: Options, notices: inout [Notice]) throws -> ScriptedFlight {
        guard let script = options.script else {
            var planner = FlightPlanner(options: options.flight)
            planner.ground = prepared.terrain
            // The route's odometer (O(n) reading tables) is built on the other core while the flight is
            // planned, which is mostly serial work once the route is prepared.
            let (planned, odometer) = Parallel.both({ Result { () throws(FlightPlanError) in try planner.plan(for: prepared.route) } },
                                                    { RouteOdometer(route: prepared.route) })
            let plan = try planned.get()
            notices += plan.notes.map { Notice(severity: .note, message: $0) }
            var flight = try plan.script.timelines(for: prepared.route, framing: options.flight.framing)
            flight.route = odometer
            flight.routeTracking = plan.routeTracking
            return flight
        }
        return try script.resolved(for: prepared.route, framing: options.flight.framing, terrain: prepared.terrain)
    }
}

extension RouteFlight {
    /// Where a camera script's eye goes below the ground (the terrain model, else the route's own
    /// heights) or the ground hides the centre, frame by frame at `framesPerSecond`: a warning each, as
    /// `route-fly check` finds them. A script is flown as written; a planned flight keeps its clearance
    /// itself, so this is empty for one.
    ///
    /// - Complexity: O(f) ground lookups for f frames.
    package func scriptGroundNotices(framesPerSecond: Double) -> [Notice] {
        guard options.script != nil, let ground = RouteGround.ground(for: route, terrain: terrain) else { return [] }
        return TerrainCheck.check(flight, ground: ground, clearance: options.flight.clearance, framesPerSecond: framesPerSecond)
            .map { Notice(severity: .warning, message: "\($0.message) [\($0.code.rawValue)]") }
    }
}
