import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// `route-fly check ROUTE [flight options] [--script FILE] [--fps N] [--json] [--strict] [--all] [--plot FILE] [limits]`
///
/// Exit status: 0 when no finding is an error (with `--strict`: no warning either), 2 when one is, 1
/// when the check could not run (unreadable or unparsable route or script), 64 on usage errors.
struct CheckOptions: Equatable {
    var routePath: String
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

    /// The motion limit options: the limit each sets, its value's name and what it is.
    static var motionLimits: [String: (WritableKeyPath<MotionLimits, Double?>, String, String)] { [
        "--max-screen-speed": (\.screenSpeed, "screens-per-second", "screen heights per second"),
        "--max-zoom-rate": (\.zoomRate, "per-second", "a rate per second"),
        "--max-heading-rate": (\.turnRate, "degrees-per-second", "degrees per second"),
        "--max-pitch-rate": (\.tiltRate, "degrees-per-second", "degrees per second"),
        "--max-screen-acceleration": (\.screenAcceleration, "screens-per-second-squared", "screen heights per second squared"),
        "--max-zoom-acceleration": (\.zoomAcceleration, "per-second-squared", "a rate per second squared"),
        "--max-heading-acceleration": (\.turnAcceleration, "degrees-per-second-squared", "degrees per second squared"),
        "--max-pitch-acceleration": (\.tiltAcceleration, "degrees-per-second-squared", "degrees per second squared"),
        "--max-eye-acceleration": (\.eyeAcceleration, "per-second-squared", "a rate per second squared"),
        "--max-screen-jump": (\.screenJump, "screens", "screen heights"),
        "--rest-fraction": (\.restFraction, "fraction", "a fraction of the rate limits"),
    ] }

    /// Findings listed per code unless `--all`.
    static let listLimit = 20

    static func parse(_ arguments: [String]) throws(UsageError) -> CheckOptions {
        var options = CheckOptions(routePath: "")
        options.routePath = try ArgumentScanner.routeAndOptions(arguments, subcommand: "check") { name, inline, scanner throws(UsageError) in
            if FlightArguments.names.contains(name) {
                try options.flight.parse(name, inline: inline, scanner: &scanner)
                return
            }
            if InputArguments.names.contains(name) {
                try options.input.parse(name, inline: inline, scanner: &scanner)
                return
            }
            if GroundArguments.names.contains(name) {
                try options.ground.parse(name, inline: inline, scanner: &scanner)
                return
            }
            func positive(_ valueName: String, _ what: String) throws(UsageError) -> Double {
                let text = try scanner.value(for: name, inline: inline, valueName: valueName)
                let v = try scanner.number(text, option: name, valueName: valueName, range: 0...1e12, expectation: "\(what), more than 0")
                guard v > 0 else {
                    throw UsageError(message: "The value '\(text)' is invalid for '\(name) <\(valueName)>': expected \(what), more than 0.", subcommand: "check")
                }
                return v
            }
            switch name {
            case "--json", "--strict", "--all":
                try scanner.flag(name, inline: inline)
                if name == "--json" { options.json = true } else if name == "--strict" { options.strict = true } else { options.all = true }
            case "--script":
                options.scriptPath = try scanner.fileName(for: name, inline: inline, what: "script file")
            case "--fps":
                let v = try scanner.value(for: name, inline: inline, valueName: "fps")
                options.flightCheck.framesPerSecond = try scanner.framesPerSecond(v, option: name)
            case "--gap": options.route.gap = try positive("seconds", "seconds")
            case "--max-speed": options.route.maxSpeed = try positive("metres-per-second", "metres per second")
            case "--max-jump": options.route.maxJump = try positive("metres", "metres")
            case "--max-camera-speed": options.flightCheck.maxCenterSpeed = try positive("metres-per-second", "metres per second")
            case "--max-eye-speed": options.flightCheck.maxEyeSpeed = try positive("metres-per-second", "metres per second")
            case "--max-distance-rate": options.flightCheck.maxDistanceRate = try positive("metres-per-second", "metres per second")
            case let motion where CheckOptions.motionLimits[motion] != nil:
                let (key, valueName, what) = CheckOptions.motionLimits[motion]!
                let text = try scanner.value(for: name, inline: inline, valueName: valueName)
                if text == "none" {
                    options.flightCheck.motion[keyPath: key] = nil
                } else {
                    let v = try scanner.number(text, option: name, valueName: valueName, range: 0...1e12, expectation: "\(what), more than 0, or none")
                    guard v > 0 else {
                        throw UsageError(message: "The value '\(text)' is invalid for '\(name) <\(valueName)>': expected \(what), more than 0, or none.", subcommand: "check")
                    }
                    options.flightCheck.motion[keyPath: key] = v
                }
            case "--plot":
                let path = try scanner.fileName(for: name, inline: inline, what: "plot file")
                guard path != "-" else {
                    throw UsageError(message: "'--plot' needs a file name: the report goes to standard output.", subcommand: "check")
                }
                options.plotPath = path
            case "--duration-tolerance":
                let v = try scanner.value(for: name, inline: inline, valueName: "seconds")
                options.flightCheck.durationTolerance = try scanner.number(v, option: name, valueName: "seconds",
                    range: 0...1e7, expectation: "seconds, 0 or more")
            default:
                throw scanner.unknown(name)
            }
        }
        try options.flight.validate(subcommand: "check")
        try options.flight.validate(withScript: options.scriptPath != nil, subcommand: "check")
        // A flight planned to turn faster than check's turn limit (--max-turn-rate over 30) is checked
        // against what was asked for, unless --max-heading-rate says otherwise.
        if !arguments.contains(where: { $0 == "--max-heading-rate" || $0.hasPrefix("--max-heading-rate=") }),
           let asked = options.flight.options.maxTurnRate, let limit = options.flightCheck.motion.turnRate, asked > limit {
            options.flightCheck.motion.turnRate = asked
        }
        return options
    }

    /// Runs the checks and prints the report; throws ``ExitStatus`` 2 when the check fails (see the type).
    func run() throws {
        if let plotPath {
            var inputs: [OutputGuard.Input] = [.init(path: routePath, role: "input route")] + ground.inputs
            if let scriptPath { inputs.append(.init(path: scriptPath, role: "camera script")) }
            try OutputGuard.refuse(output: plotPath, inputs: inputs, subcommand: "check")
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
    /// reads the bytes again), gives its points without elevation the ground's, and checks it and its
    /// flight (``CheckRun``).
    func report() throws -> CheckReport {
        let routeInput = try RouteFile.input(path: routePath)
        let displayPath = routePath == "-" ? "<stdin>" : routePath
        var result = try RouteFile.read(routeInput, displayPath: displayPath, format: input.format,
                                        options: .init(csv: .init(columns: input.columns), polyline: .init(precision: input.polylinePrecision)))
        let terrain: TerrainModel?
        (result.route, terrain) = try ground.apply(to: result.route, routePath: routePath, warnIfMissing: false)
        let checked: CheckRun.Flight
        if let scriptPath {
            let script = try CameraScript.load(path: scriptPath)
            checked = .scripted(try flight.resolve(script, for: result.route, scriptPath: scriptPath), framing: flight.options.framing)
        } else {
            checked = .planned(flight.options)
        }
        var flightOptions = flightCheck
        if plotPath != nil { flightOptions.traceBuckets = MotionPlotSVG.traceBuckets }
        let run = CheckRun(flight: checked, routeOptions: route, flightOptions: flightOptions, terrain: terrain, clearance: ground.clearance)
        return try run.report(for: result, input: routeInput, wording: ErrorPresentation.describe)
    }
}
