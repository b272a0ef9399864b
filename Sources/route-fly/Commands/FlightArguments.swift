import Foundation
import RouteKit

/// The options that shape a flight, shared by `sample` and `plan`.
struct FlightArguments: Equatable {
    var options = FlightOptions()
    /// The settings the user gave (to refuse options a flight would not use, and conflicting ones).
    var given: Set<FlightOptions.Setting> = []

    /// Every flight option, with the setting it gives. The help's FLIGHT OPTIONS section and the parser
    /// are both made from this list.
    static var declarations: [(setting: FlightOptions.Setting, option: OptionDeclaration<FlightArguments>)] { [
        (.preset, .value("--preset", valueName: "preset", help: "follow: fly in from an overview of the whole route, follow it looking ahead, pull out again; wwdc: the WWDC23 flyover recipe; overview: the whole route from above with a slow heading drift; orbit: one full circle around the route's centre.", default: "follow") { a, v throws(UsageError) in
            a.options.preset = try v.choice(FlightOptions.Preset.self) }),
        (.timing, .value("--timing", valueName: "timing", help: "distance (constant ground speed), equal (the same time per point) or recorded (the file's timestamps).", default: "distance for follow, equal for wwdc") { a, v throws(UsageError) in
            a.options.timing = try v.choice(FlightOptions.Timing.self) }),
        (.duration, .value("--duration", valueName: "seconds", help: "Seconds for the route part.", default: "30 for follow, 16 for wwdc, 20 for overview and orbit; with recorded timing, the recorded span / speedup") { a, v throws(UsageError) in
            a.options.duration = try v.number(in: 1e-3...1e7, "seconds, at least 0.001 and at most 10000000") }),
        (.speedup, .value("--speedup", valueName: "factor", help: "Recorded timing: recorded seconds per flight second.", default: "1") { a, v throws(UsageError) in
            a.options.speedup = try v.positive(atMost: 1e9, "recorded seconds per flight second, more than 0 and at most 1000000000") }),
        (.skipIdle, .value("--skip-idle", valueName: "seconds", help: "Recorded timing: stops and gaps longer than this are flown in 1 s (at most).", default: "none") { a, v throws(UsageError) in
            a.options.skipIdle = try v.positive(atMost: 1e9, "recorded seconds, more than 0 and at most 1000000000") }),
        (.simplify, .value("--simplify", valueName: "metres", help: "Douglas-Peucker tolerance, in 3D with the heights (0 only drops duplicate points).", default: "a thousandth of the route's extent; none with recorded timing") { a, v throws(UsageError) in
            a.options.simplify = try v.number(in: 0...1e7, "a tolerance in metres, 0 or more and at most 10000000") }),
        (.heading, .value("--heading", valueName: "mode", help: "along (look ahead along the route), endpoints (the start-to-end heading) or fixed:DEGREES.", default: "along") { a, v throws(UsageError) in
            switch v.text {
            case "endpoints": a.options.heading = .endpoints
            case "along": a.options.heading = .along
            default:
                guard v.text.hasPrefix("fixed:"), let d = OptionValue.decimal(v.text.dropFirst(6)), d.isFinite, abs(d) <= 3600 else {
                    throw v.invalid("endpoints, along or fixed:DEGREES (e.g. fixed:90, degrees in -3600...3600)")
                }
                a.options.heading = .fixed(normalizedHeading(d))
            } }),
        (.lookAhead, .value("--look-ahead", valueName: "metres", help: "How far ahead an along heading looks.", default: "a third of the distance") { a, v throws(UsageError) in
            a.options.lookAhead = try v.positive(atMost: 1e9, "metres along the route, more than 0 and at most 1000000000") }),
        (.maxTurnRate, .value("--max-turn-rate", valueName: "degrees-per-second", help: "Fastest turn the planner gives the camera (the limit check measures it against is --max-heading-rate, 30).", default: "\(FixedDecimal.string(FlightOptions.defaultMaxTurnRate, places: 0))") { a, v throws(UsageError) in
            a.options.maxTurnRate = try v.positive(atMost: 1e9, "degrees per second, more than 0 and at most 1000000000") }),
        (.viewport, .value("--viewport", valueName: "WxH", help: "Viewport in pixels.", default: "1920x1080") { a, v throws(UsageError) in
            let parts = v.text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...100_000).contains(w), (1...100_000).contains(h),
                  (0.05...20).contains(Double(w) / Double(h)) else {
                throw v.invalid("width x height in pixels, e.g. 1920x1080 (each 1 to 100000, the width 1/20 to 20 times the height)")
            }
            a.options.framing.viewportWidth = Double(w)
            a.options.framing.viewportHeight = Double(h) }),
        (.fieldOfView, .value("--fov", valueName: "degrees", help: "Vertical field of view, 0.01 to 179.", default: "36.87, that is 2 atan(1/3)") { a, v throws(UsageError) in
            a.options.framing.verticalFieldOfView = try v.number(in: CameraFraming.fieldOfViewRange, "a vertical field of view in degrees, at least 0.01 and at most 179") }),
        (.pitch, .value("--pitch", valueName: "degrees", help: "Tilt from straight down while following, 0 to under 90.", default: "45 for follow and orbit, 30 for overview, 0 for wwdc") { a, v throws(UsageError) in
            a.options.pitch = try v.number(in: 0...89.9, "degrees from straight down, 0 or more and less than 90") }),
        // Up to 100 000 km: a whole hemisphere fits in view from about 25 000 km.
        (.distance, .value("--distance", valueName: "metres", help: "Camera distance while following, at most 100000000.", default: "a fifth of the distance that frames the whole route, within 300 to 50000 m") { a, v throws(UsageError) in
            a.options.distance = try v.positive(atMost: 1e8, "metres from the eye to the centre, more than 0 and at most 100000000") }),
        (.intro, .value("--intro", valueName: "seconds", help: "Fly-in from the overview (follow), 0 to 1000000.", default: "\(FixedDecimal.string(FlightOptions().intro, places: 0))") { a, v throws(UsageError) in
            a.options.intro = try v.number(in: 0...1e6, "seconds, 0 to 1000000") }),
        (.outro, .value("--outro", valueName: "seconds", help: "Pull-out to the overview (follow), 0 to 1000000.", default: "\(FixedDecimal.string(FlightOptions().outro, places: 0))") { a, v throws(UsageError) in
            a.options.outro = try v.number(in: 0...1e6, "seconds, 0 to 1000000") }),
        (.returnDuration, .value("--return", valueName: "seconds", help: "Return to the initial camera (wwdc), 0 to 1000000.", default: "\(FixedDecimal.string(FlightOptions().returnDuration, places: 0))") { a, v throws(UsageError) in
            a.options.returnDuration = try v.number(in: 0...1e6, "seconds back to the initial camera, 0 or more (at most 1000000)") }),
        (.gaps, .value("--gaps", valueName: "mode", help: "Between segments: fly (long gaps on van Wijk and Nuij's zoom-out-and-in path), cut, or hold (wait, then cut).", default: "fly") { a, v throws(UsageError) in
            a.options.gaps = try v.choice(FlightOptions.Gaps.self) }),
        (.rho, .value("--rho", valueName: "rho", help: "van Wijk and Nuij's zoom/pan trade-off, from 0.01 (pan) to 10 (zoom).", default: "\(FixedDecimal.string(FlyToPath.defaultRho, places: 2))") { a, v throws(UsageError) in
            a.options.rho = try v.number(in: 0.01...10, "van Wijk's rho, from 0.01 (pan) to 10 (zoom)") }),
    ] }

    /// The FLIGHT OPTIONS section: every declaration, each also recording its setting as given.
    static var section: OptionSection<FlightArguments> {
        OptionSection(title: "FLIGHT OPTIONS", options: declarations.map { setting, option in
            var recording = option
            recording.apply = { arguments, value throws(UsageError) in
                try option.apply(&arguments, value)
                arguments.given.insert(setting)
            }
            return recording
        })
    }

    /// The option that gives `setting` (`--fov` for ``FlightOptions/Setting/fieldOfView``).
    static func optionName(_ setting: FlightOptions.Setting) -> String {
        declarations.first { $0.setting == setting }!.option.canonicalName
    }

    /// Checks the combination once everything is parsed (``FlightOptions/conflict(amongSettings:withScript:)``),
    /// wording a conflict with the options' names.
    func validate(withScript: Bool, subcommand: String) throws(UsageError) {
        guard let conflict = options.conflict(amongSettings: given, withScript: withScript) else { return }
        let name = Self.optionName
        let message: String
        switch conflict {
        case .needsRecordedTiming(let setting):
            message = "'\(name(setting))' needs '--timing recorded'."
        case .lengthGivenTwice:
            message = "'--speedup' and '--duration' both set the length of a recorded flight; give one of them."
        case .unusedByPreset(let setting, let preset):
            message = "'\(name(setting))' does not apply to the \(preset.rawValue) preset (see 'route-fly help \(subcommand)')."
        case .lookAheadWithoutAlongHeading:
            message = "'--look-ahead' only shapes '--heading along'."
        case .onlyFixedHeading(let preset):
            message = "The \(preset.rawValue) preset takes only '--heading fixed:DEGREES' (its starting heading)."
        case .recordedTimingForWWDC:
            message = "The wwdc preset times the route with '--timing equal' (the WWDC23 split) or '--timing distance'; recorded timing needs '--preset follow'."
        case .decidedByScript(let setting):
            message = "'\(name(setting))' shapes a planned flight; with '--script' the script decides the flight (only '--viewport' and '--fov' still apply)."
        }
        throw UsageError(message: message, subcommand: subcommand)
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
