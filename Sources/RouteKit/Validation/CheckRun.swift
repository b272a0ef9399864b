import Foundation

/// A whole check of a route and its flight in one call, as `route-fly check` runs it:
/// 1. the route's clock and geometry (``RouteCheck``), with the zones of its time texts read a second
///    time from the file's bytes when it is GPX, KML or TCX (`TimeZoneScan`), on its heights with the
///    outliers corrected (no `jump` or `speed-implausible` on the legs of a wild position: its
///    `position-outlier` names them), and a finding for each outlier (``Route/outliers``,
///    ``RouteCheck/findings(for:places:)``); the flight and the ground are the route without them;
///    over a terrain model, the route's heights against it (``TerrainCheck/routeFindings(_:ground:geoid:ellipsoidalFix:)``:
///    stretches under the ground, a geoid-sized offset);
/// 2. the flight: planned from ``FlightOptions`` (``FlightPlanner``, keeping ``clearance`` over
///    ``terrain``), or a camera script already resolved for the route;
/// 3. its length and motion (``FlightCheck``), and, where the ground is known (``terrain``, else the
///    route's own heights), its clearance and line of sight (``TerrainCheck``).
///
/// A flight the planner refuses, or one too long to sample at ``FlightCheck/Options/framesPerSecond``,
/// is not an error but the finding `flight-unplannable` (``FlightCheck/Unplannable``), after the route's
/// findings, so that a route that cannot be flown is still checked.
///
///     let bytes = try Data(contentsOf: url)
///     let run = CheckRun(flight: .planned(FlightOptions()))
///     let report = try run.report(for: try RouteFile.read(data: bytes, displayPath: url.path), data: bytes)
///     if report.fails(strict: false) { … }
///
/// Pure: it prints nothing and writes nothing; the caller words and prints ``CheckReport``.
package struct CheckRun: Sendable {
    /// The flight to check.
    package enum Flight: Sendable {
        /// The flight ``FlightPlanner`` plans for the route with these options (their
        /// ``FlightOptions/clearance`` is replaced by ``CheckRun/clearance``). Its length is compared
        /// with ``FlightCheck/expectedDuration(options:route:)``.
        case planned(FlightOptions)
        /// A camera script resolved for the route (``CameraScript/resolved(for:framing:terrain:)``) with
        /// `framing`, whose field of view the motion check uses.
        case scripted(ScriptedFlight, framing: CameraFraming)
        /// No flight: the route alone (a rider of a group, whose flight ``GroupCheck`` checks).
        case none
    }

    /// The flight to check.
    package var flight: Flight
    /// The route check's thresholds.
    package var routeOptions: RouteCheck.Options
    /// The flight check's limits and frame rate. Its ``FlightCheck/Options/verticalFieldOfView`` and
    /// ``FlightCheck/Options/expectedDuration`` are set from ``flight``.
    package var flightOptions: FlightCheck.Options
    /// The ground the flight must clear (a terrain model, heights in metres above mean sea level), or
    /// `nil` for the route's own heights (when any point has one; else the ground is not judged).
    package var terrain: (any ElevationModel)?
    /// Metres the eye keeps above the ground (>= 0): a planned flight is planned to keep it, and
    /// `terrain-clearance` reports where the flight does not. Default 50.
    package var clearance: Double
    /// The route file's path as the user typed it, for the `path:line:column` of the outlier findings
    /// (``RouteOutliers``); `nil` prints `<input>`.
    package var displayPath: String? = nil
    /// What the `elevation-ellipsoidal` finding offers as the fix (a command line names its option).
    package var ellipsoidalFix = GroundOffset.ellipsoidalFix

    package init(flight: Flight, routeOptions: RouteCheck.Options = .init(), flightOptions: FlightCheck.Options = .init(),
                terrain: (any ElevationModel)? = nil, clearance: Double = 50) {
        self.flight = flight
        self.routeOptions = routeOptions
        self.flightOptions = flightOptions
        self.terrain = terrain
        self.clearance = clearance
    }

    /// Checks the route `result` read from `data` (the same bytes: they are scanned again for the
    /// zones of GPX, KML and TCX times), and its flight.
    ///
    /// `result.route` may be the route as read with its missing elevations filled
    /// (``Route/fillingMissingElevations(from:)``): the points must be the file's, one for one.
    ///
    /// - Parameters:
    ///   - result: The route as ``RouteFile`` read it (with its format and notes).
    ///   - data: The bytes it was read from, whole.
    ///   - wording: How the `flight-unplannable` finding words its reason (a caller adds what would make
    ///     the flight plannable in its own terms); by default ``FlightCheck/Unplannable/description``.
    /// - Returns: The route's findings, then the flight's (or `flight-unplannable`), then the terrain's;
    ///   the summaries; the reader's notes; and why the flight could not be planned, if it could not.
    /// - Throws: ``CameraScriptError`` only if a planned script does not resolve (a planner bug).
    /// - Complexity: O(n log n) for n points, plus O(f) for f frames of flight.
    package func report(for result: RouteFile.Result, data: Data,
                       wording: (FlightCheck.Unplannable) -> String = { $0.description }) throws(CameraScriptError) -> CheckReport {
        try report(for: result, input: .data(data), wording: wording)
    }

    /// ``report(for:data:wording:)`` for bytes read where they lie (``RouteFile/input(path:)``), or
    /// `nil` when they cannot be read again (no zone findings then).
    package func report(for result: RouteFile.Result, input: RouteInput?,
                        wording: (FlightCheck.Unplannable) -> String = { $0.description }) throws(CameraScriptError) -> CheckReport {
        // The route's outliers: its heights corrected point for point for the route check (which
        // reports each outlier), the wild positions left out of the flight, as every command flies it.
        let outliers = result.route.outliers
        let route = outliers.correctedHeights
        let zones: [TimeZoneDesignator?]? = [.gpx, .kml, .tcx].contains(result.format)
            ? input.flatMap { TimeZoneScan.zones(for: route, input: $0) } : nil
        var (findings, routeSummary) = RouteCheck.check(route, options: routeOptions, zones: zones)
        findings = RouteCheck.withoutLegsOfWildPositions(findings, outliers: outliers)
        findings += RouteCheck.findings(for: outliers, places: outliers.places(count: route.points.count, format: result.format,
                                                                               input: input, displayPath: displayPath))

        if let terrain { findings += TerrainCheck.routeFindings(route, ground: terrain, geoid: try? Geoid.egm96(), ellipsoidalFix: ellipsoidalFix) }
        let flown = outliers.route
        var checkOptions = flightOptions
        var unplannable: FlightCheck.Unplannable? = nil
        var scripted: ScriptedFlight? = nil
        switch flight {
        case .none:
            break
        case .scripted(let resolved, let framing):
            checkOptions.verticalFieldOfView = framing.verticalFieldOfView
            scripted = resolved
        case .planned(var options):
            checkOptions.verticalFieldOfView = options.framing.verticalFieldOfView
            options.clearance = clearance
            var planner = FlightPlanner(options: options)
            planner.ground = terrain
            let plan: FlightPlan?
            do {
                plan = try planner.plan(for: flown)
            } catch {
                plan = nil
                unplannable = .plan(error)
            }
            if let plan {
                scripted = try plan.script.resolved(for: flown, framing: options.framing)
                checkOptions.expectedDuration = FlightCheck.expectedDuration(options: options, route: flown)
            }
        }
        if let flight = scripted, PoseSampler(framesPerSecond: checkOptions.framesPerSecond).tooManyFrames(duration: flight.duration) != nil {
            unplannable = .tooManyFrames(duration: flight.duration, framesPerSecond: checkOptions.framesPerSecond)
            scripted = nil
        }
        if let unplannable { findings.append(FlightCheck.unplannable(wording(unplannable))) }

        var flightSummary: FlightCheck.Summary? = nil
        if let scripted {
            let checked = FlightCheck.check(scripted, options: checkOptions)
            findings += checked.findings
            if let ground = RouteGround.ground(for: flown, terrain: terrain) {
                findings += TerrainCheck.check(scripted, ground: ground, clearance: clearance,
                                               framesPerSecond: checkOptions.framesPerSecond)
            }
            flightSummary = checked.summary
        }
        var report = CheckReport(findings: findings, route: routeSummary, flight: flightSummary, readerNotes: result.notes)
        report.unplannable = unplannable
        return report
    }
}
