import Foundation
import RouteKit

/// The options that shape a flight, shared by `sample` and `plan`.
struct FlightArguments: Equatable {
    var options = FlightOptions()
    /// Options the user gave, canonical names (to reject repeats and conflicting combinations).
    var given: Set<String> = []

    static let names: Set<String> = [
        "--preset", "--timing", "--duration", "--speedup", "--skip-idle", "--simplify", "--heading", "--look-ahead",
        "--max-turn-rate", "--viewport", "--fov", "--pitch", "--distance", "--intro", "--outro", "--return", "--gaps", "--rho",
    ]

    /// Parses one flight option whose name is `name`; the value comes from `scanner`.
    mutating func parse(_ name: String, inline: String?, scanner: inout ArgumentScanner) throws(UsageError) {
        let sub = scanner.subcommand
        func value(_ valueName: String) throws(UsageError) -> String {
            try scanner.value(for: name, inline: inline, valueName: valueName)
        }
        func number(_ valueName: String, _ range: ClosedRange<Double>, _ expectation: String) throws(UsageError) -> Double {
            try scanner.number(try value(valueName), option: name, valueName: valueName, range: range, expectation: expectation)
        }
        func positive(_ valueName: String, _ what: String) throws(UsageError) -> Double {
            let v = try number(valueName, 0...1e9, "\(what), more than 0 and at most 1000000000")
            guard v > 0 else {
                throw UsageError(message: "The value '\(FixedDecimal.string(v, places: 0))' is invalid for '\(name) <\(valueName)>': expected \(what), more than 0 and at most 1000000000.", subcommand: sub)
            }
            return v
        }
        func choice<T: RawRepresentable & CaseIterable>(_ valueName: String, _ type: T.Type) throws(UsageError) -> T where T.RawValue == String {
            try scanner.choice(try value(valueName), option: name, valueName: valueName, T.self)
        }
        given.insert(name)
        switch name {
        case "--preset": options.preset = try choice("preset", FlightOptions.Preset.self)
        case "--timing": options.timing = try choice("timing", FlightOptions.Timing.self)
        case "--gaps": options.gaps = try choice("mode", FlightOptions.Gaps.self)
        case "--duration": options.duration = try number("seconds", 1e-3...1e7, "seconds, at least 0.001 and at most 10000000")
        case "--speedup": options.speedup = try positive("factor", "recorded seconds per flight second")
        case "--skip-idle": options.skipIdle = try positive("seconds", "recorded seconds")
        case "--simplify": options.simplify = try number("metres", 0...1e7, "a tolerance in metres, 0 or more and at most 10000000")
        case "--look-ahead": options.lookAhead = try positive("metres", "metres along the route")
        case "--max-turn-rate": options.maxTurnRate = try positive("degrees-per-second", "degrees per second")
        case "--fov":
            let v = try number("degrees", CameraFraming.fieldOfViewRange, "a vertical field of view in degrees, at least 0.01 and at most 179")
            options.framing.verticalFieldOfView = v
        case "--pitch":
            let v = try number("degrees", 0...89.9, "degrees from straight down, 0 or more and less than 90")
            options.pitch = v
        case "--distance":
            // Up to 100 000 km: a whole hemisphere fits in view from about 25 000 km.
            let d = try number("metres", 0...1e8, "metres from the eye to the centre, more than 0 and at most 100000000")
            guard d > 0 else {
                throw UsageError(message: "The value '0' is invalid for '--distance <metres>': expected metres from the eye to the centre, more than 0 and at most 100000000.", subcommand: sub)
            }
            options.distance = d
        case "--intro": options.intro = try number("seconds", 0...1e6, "seconds, 0 to 1000000")
        case "--outro": options.outro = try number("seconds", 0...1e6, "seconds, 0 to 1000000")
        case "--return": options.returnDuration = try number("seconds", 0...1e6, "seconds back to the initial camera, 0 or more (at most 1000000)")
        case "--rho":
            options.rho = try number("rho", 0.01...10, "van Wijk's rho, from 0.01 (pan) to 10 (zoom); 1.42 by default")
        case "--viewport":
            let v = try value("WxH")
            let parts = v.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...100_000).contains(w), (1...100_000).contains(h),
                  (0.05...20).contains(Double(w) / Double(h)) else {
                throw UsageError(message: "The value '\(v)' is invalid for '--viewport <WxH>': expected width x height in pixels, e.g. 1920x1080 (each 1 to 100000, the width 1/20 to 20 times the height).", subcommand: sub)
            }
            options.framing.viewportWidth = Double(w)
            options.framing.viewportHeight = Double(h)
        case "--heading":
            let v = try value("mode")
            switch v {
            case "endpoints": options.heading = .endpoints
            case "along": options.heading = .along
            default:
                guard v.hasPrefix("fixed:"), let d = ArgumentScanner.decimal(v.dropFirst(6)), d.isFinite, abs(d) <= 3600 else {
                    throw UsageError(message: "The value '\(v)' is invalid for '--heading <mode>': expected endpoints, along or fixed:DEGREES (e.g. fixed:90, degrees in -3600...3600).", subcommand: sub)
                }
                options.heading = .fixed(normalizedHeading(d))
            }
        default:
            preconditionFailure("not a flight option: \(name)")
        }
    }

    /// Checks combinations once everything is parsed.
    func validate(subcommand: String) throws(UsageError) {
        if given.contains("--speedup") || given.contains("--skip-idle") {
            guard options.timing == .recorded else {
                let o = given.contains("--speedup") ? "--speedup" : "--skip-idle"
                throw UsageError(message: "'\(o)' needs '--timing recorded'.", subcommand: subcommand)
            }
        }
        if given.contains("--speedup") && given.contains("--duration") {
            throw UsageError(message: "'--speedup' and '--duration' both set the length of a recorded flight; give one of them.", subcommand: subcommand)
        }
        // Options a preset does not use are refused rather than silently ignored.
        let everywhere: Set<String> = ["--preset", "--viewport", "--fov", "--duration"]
        let uses: Set<String>
        switch options.preset {
        case .wwdc: uses = everywhere.union(["--timing", "--return"])
        case .follow: uses = FlightArguments.names.subtracting(["--return"])
        case .overview, .orbit: uses = everywhere.union(["--pitch", "--distance", "--heading"])
        }
        if let unused = given.subtracting(uses).sorted().first {
            throw UsageError(message: "'\(unused)' does not apply to the \(options.preset.rawValue) preset (see 'route-fly help \(subcommand)').", subcommand: subcommand)
        }
        if given.contains("--look-ahead"), options.heading != .along {
            throw UsageError(message: "'--look-ahead' only shapes '--heading along'.", subcommand: subcommand)
        }
        if options.preset == .overview || options.preset == .orbit, given.contains("--heading"), options.heading.fixedValue == nil {
            throw UsageError(message: "The \(options.preset.rawValue) preset takes only '--heading fixed:DEGREES' (its starting heading).", subcommand: subcommand)
        }
        if options.preset == .wwdc && options.timing == .recorded {
            throw UsageError(message: "The wwdc preset times the route with '--timing equal' (the WWDC23 split) or '--timing distance'; recorded timing needs '--preset follow'.", subcommand: subcommand)
        }
    }

    /// With `--script`, the script decides the flight: only the framing options still apply (they
    /// resolve `framed` and `route.center`).
    func validate(withScript: Bool, subcommand: String) throws(UsageError) {
        guard withScript else { return }
        if let first = given.subtracting(["--viewport", "--fov"]).sorted().first {
            throw UsageError(message: "'\(first)' shapes a planned flight; with '--script' the script decides the flight (only '--viewport' and '--fov' still apply).", subcommand: subcommand)
        }
    }

    /// With `--timing recorded` (follow), the instant of flight time 0 and the recorded seconds per flight
    /// second, so that pose time `t` is the recorded instant `epoch + t * scale`: the route's first time
    /// less the intro (scaled), and the speedup (or the recorded span over `--duration`). `nil` for other
    /// timings or a route without times.
    ///
    /// When only some points have times, flight time 0 is at point 0, whose time the timing made up
    /// (extrapolated back from the first timed point): the epoch is that made-up time, so that the
    /// first timed point is reached at its recorded instant.
    func recordedClock(for route: Route) -> (epoch: Date, scale: Double)? {
        guard options.timing == .recorded, options.preset == .follow,
              let first = route.points.firstIndex(where: { $0.time != nil }), let start = route.points[first].time else { return nil }
        var scale = options.speedup ?? 1
        if let d = options.duration, let span = route.recordedDuration, span > 0, options.skipIdle == nil { scale = span / d }
        guard scale > 0, scale.isFinite else { return nil }
        var before = 0.0  // flight seconds from point 0 to the first timed point
        if first > 0, let timing = try? FlightTiming.recorded(for: route, speedup: scale) { before = timing.times[first] }
        return (start.addingTimeInterval(-(options.intro + before) * scale), scale)
    }

    /// Resolves a script against the route with these options' framing; errors name the script file.
    func resolve(_ script: CameraScript, for route: Route, scriptPath: String?) throws(CameraScriptError) -> ScriptedFlight {
        do {
            return try script.resolved(for: route, framing: options.framing)
        } catch {
            var located = error
            // Found while resolving, after parsing: the script's text gives the value's line and column.
            if let scriptPath, scriptPath != "-", let text = FileManager.default.contents(atPath: scriptPath) {
                located = located.located(in: text)
            }
            located.path = located.path ?? scriptPath
            throw located
        }
    }
}
