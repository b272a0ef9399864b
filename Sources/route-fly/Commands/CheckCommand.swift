import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// `route-fly check`: a route's clock and geometry, and its flight's timing and motion, as findings (its
/// usage line and help are derived from this declaration: ``Subcommand``).
///
/// Exit status: 0 when no finding is an error (with `--strict`: no warning either), 2 when one is, 1
/// when the check could not run (unreadable or unparsable route or script), 64 on usage errors.
struct CheckOptions: Equatable, Subcommand {
    static let name = "check"
    static let abstract = "Check a route's recorded timing and a camera plan's timing and motion."
    static var arguments: ArgumentDeclaration<CheckOptions> { .routes(\.routePaths, help: "A route file, or '-' for standard input; several are riders on one clock (see GROUP OPTIONS).") }
    static let epilogue = """
        Exit status: 0 no error, 2 an error finding (or a warning with --strict), 1 the check could not
        run, 64 usage error.
        """

    /// The route files: one, or several riders whose group flight is checked too.
    var routePaths: [String] = []
    /// The first (for one route, the only) route file.
    var routePath: String { routePaths[0] }
    /// `--group-preset` and `--offset`, for several routes.
    var group = GroupArguments()
    var input = InputArguments()
    var ground = GroundArguments()
    var flight = FlightArguments()
    var scriptPath: String? = nil
    var json = false
    var strict = false
    var all = false
    var route = RouteCheck.Options()
    var flightCheck = FlightCheck.Options()
    /// `--plot`: where to write the SVG plot of the flight's motion.
    var plotPath: String? = nil

    /// `--max-heading-rate` was given (else a planned turn rate above its default raises it).
    var turnLimitGiven = false

    /// Findings listed per code unless `--all`.
    static let listLimit = 20

    /// A limit's default in the help: up to three decimals, trailing zeros dropped (`0.5`, `0.693`, `60`).
    static func shown(_ value: Double?) -> String {
        guard let value else { return "none" }
        var text = FixedDecimal.string(value, places: 3)
        while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A motion limit option: more than 0, or `none` to switch the limit off.
    static func motionLimit(_ name: String, _ valueName: String, _ what: String, _ key: WritableKeyPath<MotionLimits, Double?>,
                            help: String, default defaultValue: String? = nil, atMost limit: Double = .infinity) -> OptionDeclaration<CheckOptions> {
        .value(name, valueName: valueName, help: help, default: defaultValue ?? shown(MotionLimits()[keyPath: key])) { a, v throws(UsageError) in
            a.flightCheck.motion[keyPath: key] = v.text == "none" ? nil : try v.positive(atMost: limit, what, or: "none")
            if key == \MotionLimits.turnRate { a.turnLimitGiven = true }
        }
    }

    /// A limit in metres or seconds, more than 0 (no upper bound), into `path`.
    static func limit(_ name: String, _ valueName: String, _ what: String, _ path: WritableKeyPath<CheckOptions, Double?>,
                      help: String, default defaultValue: String) -> OptionDeclaration<CheckOptions> {
        .value(name, valueName: valueName, help: help, default: defaultValue) { a, v throws(UsageError) in
            a[keyPath: path] = try v.positive(atMost: .infinity, what)
        }
    }

    /// Every option of `check`, section by section, for the parser and the help.
    static var sections: [OptionSection<CheckOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            .flag("--json", help: #"Print {"findings":[{"severity","code","index","time","message"}], "summary":{...}}: index is a 0-based point index or null; time is the point's ISO 8601 UTC time, or seconds on the flight, or null."#) { a, _ in
                a.json = true },
            .flag("--strict", help: "Warnings fail too (exit 2).") { a, _ in a.strict = true },
            .flag("--all", help: "List every finding (default: at most \(listLimit) per code; the summary counts all).") { a, _ in a.all = true },
            CommonOptions.script(\.scriptPath, help: "Check this camera script's flight instead of a planned one."),
            CommonOptions.framesPerSecond(\.flightCheck.framesPerSecond, help: "Frames per second of the flight check (a ratio such as 30000/1001 works too)."),
            .value("--plot", valueName: "file", help: "Also write an SVG plot of the flight's motion over time: screen speed, zoom, turn and tilt rates with their limits and every run over them (written atomically, before the report).") { a, v throws(UsageError) in
                let path = try v.fileName("plot file")
                guard path != "-" else { throw v.error("'--plot' needs a file name: the report goes to standard output.") }
                let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
                guard ext == "svg" || ext.isEmpty else { throw v.error("'--plot' writes an SVG picture: name it .svg, not .\(ext).") }
                a.plotPath = path },
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        OptionSection(title: "LIMITS", options: [
            .value("--gap", valueName: "seconds", help: "Report time gaps longer than this.", default: shown(RouteCheck.Options().gap)) { a, v throws(UsageError) in
                a.route.gap = try v.positive(atMost: .infinity, "seconds") },
            limit("--max-speed", "metres-per-second", "metres per second", \.route.maxSpeed, help: "Implausible speed.", default: "by the activity the typical moving speed suggests: foot 12, cycle 30, road 70, air 300"),
            limit("--max-jump", "metres", "metres", \.route.maxJump, help: "A leg longer than this is a jump.", default: "1000 for tracks; routes of planned waypoints are not checked"),
            .value("--piece-gap", valueName: "metres", help: "A jump between pieces (segments) longer than this is a piece-gap; pieces-out-of-order needs the chain to save this much.", default: shown(RouteCheck.Options().pieceGap)) { a, v throws(UsageError) in
                a.route.pieceGap = try v.positive(atMost: 1e8, "metres") },
            motionLimit("--max-screen-speed", "screens-per-second", "screen heights per second", \.screenSpeed, help: "Fastest motion of the centre on screen, in screen heights per second."),
            motionLimit("--max-zoom-rate", "per-second", "a rate per second", \.zoomRate, help: "Fastest zoom, |d ln(distance)/dt|.", default: "\(shown(MotionLimits().zoomRate)), a doubling per second"),
            motionLimit("--max-heading-rate", "degrees-per-second", "degrees per second", \.turnRate, help: "Fastest camera turn check accepts (motion-turn-rate).", default: "\(shown(MotionLimits().turnRate)), or the flight option --max-turn-rate when that is higher"),
            motionLimit("--max-pitch-rate", "degrees-per-second", "degrees per second", \.tiltRate, help: "Fastest tilt."),
            motionLimit("--max-screen-acceleration", "screens-per-second-squared", "screen heights per second squared", \.screenAcceleration, help: "Largest acceleration of the centre on screen."),
            motionLimit("--max-zoom-acceleration", "per-second-squared", "a rate per second squared", \.zoomAcceleration, help: "Largest zoom acceleration."),
            motionLimit("--max-heading-acceleration", "degrees-per-second-squared", "degrees per second squared", \.turnAcceleration, help: "Largest turn acceleration."),
            motionLimit("--max-pitch-acceleration", "degrees-per-second-squared", "degrees per second squared", \.tiltAcceleration, help: "Largest tilt acceleration."),
            motionLimit("--max-eye-acceleration", "per-second-squared", "a rate per second squared", \.eyeAcceleration, help: "The eye's vertical acceleration over the distance."),
            motionLimit("--max-screen-jump", "screens", "screen heights", \.screenJump, help: "More than this many screen heights within one frame is an error."),
            motionLimit("--rest-fraction", "fraction", "a fraction of the rate limits", \.restFraction, help: "The first and last frame steps must move at less than this fraction of each rate limit.", atMost: 1),
            limit("--max-camera-speed", "metres-per-second", "metres per second", \.flightCheck.maxCenterSpeed, help: "Fastest ground speed of the camera centre.", default: "none"),
            limit("--max-eye-speed", "metres-per-second", "metres per second", \.flightCheck.maxEyeSpeed, help: "Fastest ground speed of the eye.", default: "none"),
            limit("--max-distance-rate", "metres-per-second", "metres per second", \.flightCheck.maxDistanceRate, help: "Fastest change of the eye-to-centre distance, m/s.", default: "none"),
            .value("--duration-tolerance", valueName: "seconds", help: "How far the flight's length may be from the one asked for.", default: shown(FlightCheck.Options().durationTolerance)) { a, v throws(UsageError) in
                a.flightCheck.durationTolerance = try v.number(in: 0...1e7, "seconds") },
        ], footer: "Every motion limit from --max-screen-speed to --rest-fraction takes 'none' to switch it off."),
        FlightArguments.section.lifted(\.flight),
        GroupArguments.section.lifted(\.group),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    mutating func validate() throws(UsageError) {
        if routePaths.count > 1, plotPath != nil {
            throw UsageError(message: "'--plot' takes one route; several routes are checked as a group.", subcommand: Self.name)
        }
        try group.validate(routePaths: routePaths, flight: flight, scriptPath: scriptPath, subcommand: Self.name)
        // A flight planned to turn faster than check's turn limit (--max-turn-rate over 30) is checked
        // against what was asked for, unless --max-heading-rate says otherwise.
        if !turnLimitGiven {
            flightCheck.motion = flightCheck.motion.accepting(plannedTurnRate: flight.options.maxTurnRate)
        }
    }

    /// Runs the checks and prints the report; throws ``ExitStatus`` 2 when the check fails (see the type).
    func run() throws {
        if routePaths.count > 1 { return try runGroup() }
        if let plotPath {
            var inputs: [OutputGuard.Input] = [.init(path: routePath, role: "input route")] + ground.inputs
            if let scriptPath { inputs.append(.init(path: scriptPath, role: "camera script")) }
            try OutputGuard.refuse(output: plotPath, inputs: inputs, subcommand: Self.name)
        }
        let report = try self.report()
        if let plotPath {
            // Written before the report, so that a failure to write it prints no report (exit 1).
            guard let flight = report.flight, let _ = flight.motion.trace else {
                let reason = report.unplannable.map { "the flight could not be planned: \(ErrorPresentation.describe($0))." }
                throw CommandFailure(description: "\(plotPath): error: no plot written: \(reason ?? "the flight could not be planned (see 'route-fly check' without '--plot')")")
            }
            let source = scriptPath.map { "script \(URL(fileURLWithPath: $0).lastPathComponent)" } ?? "preset \(self.flight.options.preset.rawValue)"
            let name = routePath == "-" ? "<stdin>" : URL(fileURLWithPath: routePath).lastPathComponent
            try AtomicFile.write(MotionPlotSVG.render(flight.motion, duration: flight.duration, framesPerSecond: flight.framesPerSecond,
                                                      title: "Motion on screen: \(name), \(source)"), to: plotPath)
        }
        let limit = all ? nil : CheckOptions.listLimit
        let displayPath = routePath == "-" ? "<stdin>" : routePath
        try writeStandardOutput(Array((json ? report.json(limit: limit) : report.text(path: displayPath, limit: limit, listAllHint: " ('--all' lists every one)")).utf8))
        if report.fails(strict: strict) { throw ExitStatus(code: 2) }
    }

    /// Reads the route (a regular file where it lies, standard input once into memory: the zone scan
    /// reads the bytes again; heights above sea level, as every subcommand reads them), gives its
    /// points without elevation the ground's, and checks it and its flight (``CheckRun``).
    func report(of routePath: String? = nil, flightless: Bool = false) throws -> CheckReport {
        try checked(routePath, flightless: flightless).report
    }

    /// ``report(of:flightless:)`` and the route it checked (its heights above sea level, the ground's
    /// filled in), for a group's flight.
    func checked(_ routePath: String? = nil, flightless: Bool = false) throws -> (report: CheckReport, route: Route) {
        let routePath = routePath ?? self.routePath
        let read = try input.readKeepingInput(routePath)
        let routeInput = read.input
        var result = read.result
        let terrain: TerrainModel?
        (result.route, terrain) = try ground.apply(to: result.route, routePath: routePath, warnIfMissing: false, warnAboutDatum: false)
        let checked: CheckRun.Flight
        if flightless {
            checked = .none
        } else if let scriptPath {
            let script = try loadCameraScript(scriptPath)
            checked = .scripted(try flight.resolve(script, for: result.route, terrain: terrain, scriptPath: scriptPath), framing: flight.options.framing)
        } else {
            checked = .planned(flight.options)
        }
        var flightOptions = flightCheck
        if plotPath != nil { flightOptions.traceBuckets = MotionPlotSVG.traceBuckets }
        var run = CheckRun(flight: checked, routeOptions: route, flightOptions: flightOptions, terrain: terrain, clearance: ground.clearance)
        run.displayPath = routePath == "-" ? RouteFile.standardInputName : routePath
        run.ellipsoidalFix = GroundArguments.ellipsoidalFix
        var report = try run.report(for: result, input: routeInput, wording: ErrorPresentation.describe)
        report.findings = report.findings.map(InputArguments.namingTheOption)
        return (report, result.route)
    }
}
