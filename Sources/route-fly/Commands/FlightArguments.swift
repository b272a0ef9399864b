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
        (.duration, .value("--duration", valueName: "seconds", help: "Seconds for the route part.", default: perPreset(\.defaultDuration) + "; with recorded timing, the recorded span / speedup") { a, v throws(UsageError) in
            a.options.duration = try v.number(in: 1e-3...1e7, "seconds") }),
        (.speedup, .value("--speedup", valueName: "factor", help: "Recorded timing: recorded seconds per flight second.", default: "1") { a, v throws(UsageError) in
            a.options.speedup = try v.positive(atMost: 1e9, "recorded seconds per flight second") }),
        (.skipIdle, .value("--skip-idle", valueName: "seconds", help: "Recorded timing: stops and gaps longer than this are flown in 1 s (at most).", default: "none") { a, v throws(UsageError) in
            a.options.skipIdle = try v.positive(atMost: 1e9, "recorded seconds") }),
        (.simplify, .value("--simplify", valueName: "metres", help: "Douglas-Peucker tolerance, in 3D with the heights (0 only drops duplicate points).", default: "a thousandth of the route's extent; none with recorded timing") { a, v throws(UsageError) in
            a.options.simplify = try v.number(in: 0...1e7, "a tolerance in metres") }),
        (.heading, .value("--heading", valueName: "mode", help: "along (look ahead along the route), endpoints (the start-to-end heading) or fixed:DEGREES.", default: "along") { a, v throws(UsageError) in
            switch v.text.lowercased() {
            case "endpoints": a.options.heading = .endpoints
            case "along": a.options.heading = .along
            default:
                guard v.text.lowercased().hasPrefix("fixed:"), let d = OptionValue.decimal(v.text.dropFirst(6)), d.isFinite,
                      FlightArguments.fixedHeadingRange.contains(d) else {
                    throw v.invalid("endpoints, along or fixed:DEGREES (e.g. fixed:90, degrees \(OptionValue.bounds(FlightArguments.fixedHeadingRange)))")
                }
                a.options.heading = .fixed(Angles.normalizedHeading(d))
            } }),
        (.lookAhead, .value("--look-ahead", valueName: "metres", help: "How far ahead an along heading looks.", default: "a third of the distance") { a, v throws(UsageError) in
            a.options.lookAhead = try v.positive(atMost: 1e9, "metres along the route") }),
        (.maxTurnRate, .value("--max-turn-rate", valueName: "degrees-per-second", help: "Fastest turn the planner gives the camera (the limit check measures it against is --max-heading-rate, \(CheckOptions.shown(MotionLimits().turnRate))).", default: "\(FixedDecimal.string(FlightOptions.defaultMaxTurnRate, places: 0))") { a, v throws(UsageError) in
            a.options.maxTurnRate = try v.number(in: FlightOptions.turnRateRange, "degrees per second") }),
        (.viewport, .value("--viewport", valueName: "WxH", help: "Viewport in pixels, or a video shape: 720p (1280x720), 1080p (1920x1080), 4k (3840x2160), vertical (1080x1920, 9:16), square (1080x1080).", default: "1920x1080") { a, v throws(UsageError) in
            let text = FlightArguments.viewportPresets[v.text.lowercased()] ?? v.text
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            let sides = FlightArguments.viewportSideRange
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w), sides.contains(h),
                  (0.05...20).contains(Double(w) / Double(h)) else {
                throw v.invalid("width x height in pixels, e.g. 1920x1080 (each \(sides.lowerBound) to \(sides.upperBound), the width 1/20 to 20 times the height), or 720p, 1080p, 4k, vertical, square")
            }
            a.options.framing.viewportWidth = Double(w)
            a.options.framing.viewportHeight = Double(h) }),
        (.fieldOfView, .value("--fov", valueName: "degrees", help: "Vertical field of view, \(OptionValue.span(CameraFraming.fieldOfViewRange)).", default: "36.87, that is 2 atan(1/3)") { a, v throws(UsageError) in
            a.options.framing.verticalFieldOfView = try v.number(in: CameraFraming.fieldOfViewRange, "a vertical field of view in degrees") }),
        (.pitch, .value("--pitch", valueName: "degrees", help: "Tilt from straight down while following, \(OptionValue.span(FlightOptions.pitchRange)).", default: perPreset(\.defaultPitch)) { a, v throws(UsageError) in
            a.options.pitch = try v.number(in: FlightOptions.pitchRange, "degrees from straight down") }),
        (.distance, .value("--distance", valueName: "metres", help: "Camera distance while following, \(OptionValue.span(FlightOptions.distanceRange)).", default: "a fifth of the distance that frames the whole route, within 300 to 50000 m") { a, v throws(UsageError) in
            a.options.distance = try v.number(in: FlightOptions.distanceRange, "metres from the eye to the centre") }),
        (.intro, .value("--intro", valueName: "seconds", help: "Fly-in from the overview (follow), \(OptionValue.span(flightPartRange)).", default: "\(FixedDecimal.string(FlightOptions().intro, places: 0))") { a, v throws(UsageError) in
            a.options.intro = try v.number(in: flightPartRange, "seconds") }),
        (.outro, .value("--outro", valueName: "seconds", help: "Pull-out to the overview (follow), \(OptionValue.span(flightPartRange)).", default: "\(FixedDecimal.string(FlightOptions().outro, places: 0))") { a, v throws(UsageError) in
            a.options.outro = try v.number(in: flightPartRange, "seconds") }),
        (.returnDuration, .value("--return", valueName: "seconds", help: "Return to the initial camera (wwdc), \(OptionValue.span(flightPartRange)).", default: "\(FixedDecimal.string(FlightOptions().returnDuration, places: 0))") { a, v throws(UsageError) in
            a.options.returnDuration = try v.number(in: flightPartRange, "seconds back to the initial camera") }),
        (.gaps, .value("--gaps", valueName: "mode", help: "Between segments: fly (long gaps on van Wijk and Nuij's zoom-out-and-in path), cut, or hold (wait, then cut).", default: "fly") { a, v throws(UsageError) in
            a.options.gaps = try v.choice(FlightOptions.Gaps.self) }),
        (.rho, .value("--rho", valueName: "rho", help: "van Wijk and Nuij's zoom/pan trade-off, from \(OptionValue.number(rhoRange.lowerBound)) (pan) to \(OptionValue.number(rhoRange.upperBound)) (zoom).", default: "\(FixedDecimal.string(FlyToPath.defaultRho, places: 2))") { a, v throws(UsageError) in
            a.options.rho = try v.number(in: rhoRange, "van Wijk's rho") }),
    ] }

    /// The seconds `--intro`, `--outro` and `--return` take.
    static let flightPartRange = 0.0...1e6
    /// The `--rho` values: 0.01 pans most, 10 zooms most.
    static let rhoRange = 0.01...10.0
    /// The degrees `--heading fixed:DEGREES` takes (normalised to 0 to under 360).
    static let fixedHeadingRange = -3600.0...3600
    /// The pixels each side of `--viewport` may have.
    static let viewportSideRange = 1...100_000
    /// The video shapes `--viewport` also takes by name.
    static let viewportPresets = ["720p": "1280x720", "1080p": "1920x1080", "4k": "3840x2160", "2160p": "3840x2160",
                                  "vertical": "1080x1920", "square": "1080x1080"]

    /// A default that depends on the preset, in words: `16 for wwdc, 30 for follow, 20 for overview and orbit`.
    static func perPreset(_ value: (FlightOptions.Preset) -> Double) -> String {
        var groups: [(value: Double, presets: [String])] = []
        for preset in FlightOptions.Preset.allCases {
            if let k = groups.firstIndex(where: { $0.value == value(preset) }) {
                groups[k].presets.append(preset.rawValue)
            } else {
                groups.append((value(preset), [preset.rawValue]))
            }
        }
        return groups.map { group in
            let names = group.presets.count == 1 ? group.presets[0]
                : group.presets.dropLast().joined(separator: ", ") + " and " + group.presets.last!
            return "\(CheckOptions.shown(group.value)) for \(names)"
        }.joined(separator: ", ")
    }

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
        throw UsageError(message: Self.message(conflict, subcommand: subcommand), subcommand: subcommand)
    }

    /// Checks the options given for a group flight (``FlightOptions/groupConflict(amongSettings:)``).
    func validateForGroup(preset: GroupPreset, subcommand: String) throws(UsageError) {
        guard let conflict = options.groupConflict(amongSettings: given, preset: preset) else { return }
        throw UsageError(message: Self.message(conflict, subcommand: subcommand), subcommand: subcommand)
    }

    /// A conflict in words, with the options' names.
    static func message(_ conflict: FlightOptions.SettingConflict, subcommand: String) -> String {
        let name = Self.optionName
        switch conflict {
        case .needsRecordedTiming(let setting):
            return "'\(name(setting))' needs '--timing recorded'."
        case .lengthGivenTwice:
            return "'--speedup' and '--duration' both set the length of a recorded flight; give one of them."
        case .unusedByPreset(let setting, let preset):
            return "'\(name(setting))' does not apply to the \(preset.rawValue) preset (see 'route-fly help \(subcommand)')."
        case .lookAheadWithoutAlongHeading:
            return "'--look-ahead' only shapes '--heading along'."
        case .onlyFixedHeading(let preset):
            return "The \(preset.rawValue) preset takes only '--heading fixed:DEGREES' (its starting heading)."
        case .recordedTimingForWWDC:
            return "The wwdc preset times the route with '--timing equal' (the WWDC23 split) or '--timing distance'; recorded timing needs '--preset follow'."
        case .decidedByScript(let setting):
            return "'\(name(setting))' shapes a planned flight; with '--script' the script decides the flight (only '--viewport' and '--fov' still apply)."
        case .unusedByGroup(.timing):
            return "Several routes are flown on their recorded clock: '--timing' can only be 'recorded'."
        case .unusedByFrameAll(.heading):
            return "'--group-preset frame-all' keeps one heading: '--heading' can only be fixed:DEGREES."
        case .unusedByFrameAll(let setting):
            return "'\(name(setting))' does not apply to '--group-preset frame-all', which keeps one heading."
        case .unusedByGroup(let setting):
            return "'\(name(setting))' does not apply to a flight of several routes (see 'route-fly help \(subcommand)', GROUP OPTIONS)."
        }
    }

    /// Resolves a script against the route with these options' framing, its `"ground"` on `terrain`
    /// (else the route's heights); errors name the script file.
    func resolve(_ script: CameraScript, for route: Route, terrain: TerrainModel?, scriptPath: String?) throws(CameraScriptError) -> ScriptedFlight {
        do {
            return try script.resolved(for: route, framing: options.framing, terrain: terrain)
        } catch {
            throw Self.located(error, scriptPath: scriptPath)
        }
    }

    /// A script error found while resolving, after parsing, located in the script's text (line and
    /// column of the value) and named by its file.
    static func located(_ error: CameraScriptError, scriptPath: String?) -> CameraScriptError {
        var located = error
        if let scriptPath, scriptPath != "-", let text = FileManager.default.contents(atPath: scriptPath) {
            located = located.located(in: text)
        }
        located.path = located.path ?? scriptPath
        return located
    }
}
