import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// `route-fly sample`: one camera pose per frame, in the format asked for (its usage line and help are
/// derived from this declaration: ``Subcommand``).
struct SampleOptions: Equatable, Subcommand {
    static let name = "sample"
    static let abstract = "Plan a camera flight along a route and write one pose per frame."
    static var arguments: ArgumentDeclaration<SampleOptions> { .routes(\.routePaths, help: "A route file (see INPUT OPTIONS), or '-' for standard input; several are riders flown on one clock (see GROUP OPTIONS).") }

    /// The route files: one, or several riders flown on one clock (``GroupArguments``).
    var routePaths: [String] = []
    /// The first (for one route, the only) route file.
    var routePath: String { routePaths[0] }
    /// `--group-preset` and `--offset`, for several routes.
    var group = GroupArguments()
    var input = InputArguments()
    var ground = GroundArguments()
    var flight = FlightArguments()
    var fps = 30.0
    var format: PoseFormat? = nil
    var outputPath: String? = nil
    /// `nil`: the default (the eye for every preset but wwdc).
    var eye: Bool? = nil
    /// A camera script to fly instead of a preset (`--script FILE`).
    var scriptPath: String? = nil
    /// The output-shaping options (`--angles`, `--kml-view`, `--max-pitch`, `--fov-columns`).
    var output = OutputArguments()
    /// The frame budget (`--max-frames N`): a longer flight is refused before anything is written.
    var maxFrames = SampleOptions.defaultMaxFrames

    /// The default frame budget: 500 000 frames (4 h 37 min at 30 fps; about 50 MB of CSV).
    static let defaultMaxFrames = 500_000
    /// The datum of CSV and GeoJSON heights (`--heights ellipsoid|msl`).
    var heights = VerticalDatum.ellipsoidal
    /// `--heights` was given (it is refused for formats whose datum is fixed).
    var heightsGiven = false

    /// Why a flight is too long to sample (``PoseSampler/tooManyFrames(duration:)``), with what to do.
    static func tooManyFrames(duration: Double, fps: Double) -> String? {
        PoseSampler(framesPerSecond: fps).tooManyFrames(duration: duration).map {
            $0 + " (lower '--fps', or shorten the flight with '--duration', '--speedup', '--skip-idle', '--intro' or '--outro'; a script's own durations)"
        }
    }

    /// Every option of `sample`, section by section, for the parser and the help.
    static var sections: [OptionSection<SampleOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            CommonOptions.script(\.scriptPath, help: "Fly this camera script (JSON, as 'route-fly plan' prints it; see docs/camera-script.md) instead of a preset."),
            CommonOptions.framesPerSecond(\.fps, help: "Frames per second, a number or a ratio such as 30000/1001 (ffmpeg's form of 29.97). Frame i is at i / fps seconds, from 0 to the end inclusive: 20 s at 30 fps is 601 frames."),
            .value("--max-frames", valueName: "frames", help: "The frame budget. A longer flight is refused before anything is written, naming the recorded time gap that makes it long.", default: "\(defaultMaxFrames), \(describeSeconds(Double(defaultMaxFrames) / 30)) at 30 fps") { a, v throws(UsageError) in
                a.maxFrames = try v.integer(in: 1...PoseSampler.maximumFrameCount, "a whole number of frames") },
            .value("--format", valueName: "format", help: "csv, geojson, kml, kmz, czml, earth-studio, maplibre (also: mapbox, deckgl), gpx or svg, any case.", default: "from the -o extension, any case: .csv, .geojson/.json, .kml, .kmz, .czml, .gpx, .svg; no extension: csv; any other extension is refused") { a, v throws(UsageError) in
                guard let f = PoseFormat(name: v.text) else {
                    throw v.error("The value '\(v.text)' is invalid for '--format <format>': expected one of \(PoseFormat.names.joined(separator: ", "))." + Suggestion.didYouMean(v.text, among: PoseFormat.names))
                }
                a.format = f
                a.formatName = v.text.lowercased() },
            .flag("--eye", "--no-eye", help: "Add (or leave out) the eye's position (default: added for every preset but wwdc, whose output keeps the eight columns below).") { a, v in
                a.eye = v.name == "--eye" },
            .value("--heights", valueName: "datum", help: "Datum of CSV and GeoJSON heights (center_elevation, eye_altitude): ellipsoid (above WGS 84, as RFC 7946 says) or msl (EGM96). KML is always above sea level; CZML and Earth Studio above the ellipsoid.", default: "ellipsoid") { a, v throws(UsageError) in
                guard let datum = VerticalDatum(optionValue: v.text) else {
                    throw v.invalid("ellipsoid (above the WGS 84 ellipsoid, the default) or msl (above mean sea level, EGM96)")
                }
                a.heights = datum
                a.heightsGiven = true },
            CommonOptions.output(\.outputPath, help: "Write to <file> (streamed, atomically: nothing is left on failure or interruption) instead of standard output."),
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        OutputArguments.section.lifted(\.output),
        FlightArguments.section.lifted(\.flight),
        GroupArguments.section.lifted(\.group),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    func validate() throws(UsageError) {
        try group.validate(routePaths: routePaths, flight: flight, scriptPath: scriptPath, subcommand: Self.name)
        try refuseUnknownExtension()
        try output.validate(format: resolvedFormat, formatName: formatName, subcommand: Self.name)
        if output.given.contains("--rider-trail"), routePaths.count < 2 {
            throw UsageError(message: "'--rider-trail' applies to group flights (several routes), whose riders CZML draws; a single route's CZML has no rider to trail.", subcommand: Self.name)
        }
        if heightsGiven, ![.csv, .geojson].contains(resolvedFormat) {
            throw UsageError(message: "'--heights' applies to csv and geojson output, not \(resolvedFormat.rawValue): KML is always above sea level, CZML and Earth Studio above the ellipsoid, and the others have no heights to choose.", subcommand: Self.name)
        }
    }

    /// Refuses an output file whose extension names no format, unless `--format` names one, and one whose
    /// extension names another format than `--format` (`--format csv -o y.kml` would put a table in a file
    /// every program opens as KML). `.json` goes with any JSON format (GeoJSON, Earth Studio, MapLibre).
    private func refuseUnknownExtension() throws(UsageError) {
        guard let outputPath, outputPath != "-" else { return }
        let ext = URL(fileURLWithPath: outputPath).pathExtension
        if let format, ext.lowercased() != "json", let named = PoseFormat(pathExtension: ext), named != format {
            throw UsageError(message: "The output file '\(outputPath)' has the extension '.\(ext)', which is \(named.rawValue), but '--format \(formatName ?? format.rawValue)' was given: name the file for the format, or leave '--format' out.", subcommand: Self.name)
        }
        guard format == nil else { return }
        if !ext.isEmpty, PoseFormat(pathExtension: ext) == nil {
            throw UsageError(message: "The output file '\(outputPath)' has the extension '.\(ext)', which is no format route-fly writes: expected \(PoseFormat.pathExtensions.map { "." + $0 }.joined(separator: ", ")), or name the format with '--format' (\(PoseFormat.names.joined(separator: ", "))).", subcommand: Self.name)
        }
    }

    /// The library's output settings these options give (``RouteFlight/Output``).
    var routeFlightOutput: RouteFlight.Output {
        var output = RouteFlight.Output(format: resolvedFormat, framesPerSecond: fps)
        output.heights = heights
        output.eye = eye
        output.angles = self.output.angles
        output.routeValueColumns = self.output.routeColumns
        output.framingColumns = self.output.fovColumns
        output.kmlView = self.output.kmlView
        output.maximumPitch = self.output.maximumPitch(formatName: formatName)
        return output
    }

    /// The `--format` value as typed (lower case), to tell `mapbox` from `maplibre`.
    var formatName: String? = nil

    /// The output format: `--format`, else the `-o` file's extension (case-insensitive), else CSV. An
    /// unknown extension was refused by ``parse(_:)``.
    var resolvedFormat: PoseFormat {
        if let format { return format }
        if let outputPath, let f = PoseFormat(pathExtension: URL(fileURLWithPath: outputPath).pathExtension) { return f }
        return .csv
    }

    /// Refuses a flight with more frames than can be sampled or than the frame budget (or, for a picture,
    /// than it draws), and warns about one over an hour; `shown` names the input in the messages.
    func checkFrames(duration: Double, sampler: PoseSampler, shown: String, longestStep: RecordedStep?) throws {
        try refuseTooManyFrames(duration: duration, sampler: sampler, shown: shown, longestStep: longestStep)
        let frames = sampler.frameCount(forDuration: duration)
        if let long = FlightNotice.length(of: duration, sampler: sampler, longestStep: longestStep) {
            printDiagnostic("\(shown): warning: \(FlightNoticePresentation.describe(long))")
        }
        if resolvedFormat == .svg, frames > SVGPoseWriter.maximumFrames {
            throw UsageError(message: "A picture (--format svg) is drawn from at most \(SVGPoseWriter.maximumFrames) frames; this flight has \(frames) at \(fps) fps. Lower '--fps'.", subcommand: Self.name)
        }
    }

    /// Refuses a flight of `duration` seconds with more frames than can be sampled or than the budget;
    /// `atLeast` when `duration` is only a lower bound of the flight's (checked before planning).
    func refuseTooManyFrames(duration: Double, sampler: PoseSampler, shown: String, longestStep: RecordedStep?,
                             atLeast: Bool = false) throws {
        let recordedHint = FlightNoticePresentation.recordedHint(longestStep)
        if let tooLong = SampleOptions.tooManyFrames(duration: duration, fps: fps) {
            throw CommandFailure(description: "\(shown): error: \(tooLong)\(recordedHint)")
        }
        let frames = sampler.frameCount(forDuration: duration)
        if frames > maxFrames {
            throw CommandFailure(description: "\(shown): error: the flight has \(atLeast ? "at least " : "")\(frames) frames at \(FixedDecimal.string(fps, places: 3)) fps (\(describeSeconds(duration))), more than the frame budget of \(maxFrames) ('--max-frames N' raises the budget, '--fps' lowers the count)\(recordedHint)")
        }
    }

    /// The frame budget checked before planning, from a lower bound of the planned flight's length,
    /// so that a flight refused here would be refused after planning too, without the time and memory
    /// planning a long one takes (a followed route part's script grows with its length, and so does the
    /// planning of a long fly-in or pull-out: `--intro 1000000` took two minutes and 7 GB to refuse):
    /// - `follow` flies in and pulls out besides its route part, `--intro` and `--outro` seconds
    ///   (``FlightCheck/expectedDuration(options:route:)``);
    /// - with `--duration`, the route part itself (every preset flies it whole, and more);
    /// - with recorded timing at a speed-up, the recorded route part alone
    ///   (``FlightTiming/recorded(for:speedup:idle:)``: the file's steps, idle ones shortened, over
    ///   the speed-up; planning may only add time, to gaps).
    func refuseTooManyFramesBeforePlanning(_ route: Route, sampler: PoseSampler) throws {
        let options = flight.options
        guard scriptPath == nil else { return }
        let transitions = options.preset == .follow ? options.intro + options.outro : 0
        var part = options.duration ?? 0
        var longestStep: RecordedStep? = nil
        if options.duration == nil, options.preset == .follow, options.timing == .recorded, route.recordedClockFault == nil,
           let timing = try? FlightTiming.recorded(for: route, speedup: options.speedup ?? 1,
                                                   idle: options.skipIdle.map { FlightTiming.IdleCompression(threshold: $0) }) {
            part = timing.duration
            longestStep = RecordedStep(lengthening: route, options: options)
        }
        guard transitions + part > 0 else { return }
        try refuseTooManyFrames(duration: transitions + part, sampler: sampler, shown: shownPath(routePath), longestStep: longestStep,
                                atLeast: true)
    }

    func run() throws {
        if routePaths.count > 1 { return try runGroup() }
        try OutputGuard.refuse(output: outputPath, inputs: [.init(path: routePath, role: "input route")]
            + (scriptPath.map { [.init(path: $0, role: "camera script")] } ?? []) + ground.inputs,
                               subcommand: Self.name)
        let flown = try routeFlight(routePath: routePath, scriptPath: scriptPath, input: input, framesPerSecond: fps) { route in
            try refuseTooManyFramesBeforePlanning(route, sampler: PoseSampler(framesPerSecond: fps))
        }
        let (route, scripted) = (flown.route, flown.flight)
        // With recorded timing, the recorded step that makes a flight long, named (a stop, a gap, or a
        // wrong time), for the errors and the warning below.
        let longestStep = scriptPath == nil ? RecordedStep(lengthening: route, options: flight.options) : nil
        // Before the library's own sampler refuses too many frames, without naming the file or the way out.
        try checkFrames(duration: scripted.duration, sampler: PoseSampler(framesPerSecond: fps), shown: shownPath(routePath),
                        longestStep: longestStep)
        let sampler = try flown.sampler(framesPerSecond: fps)
        let destination: PoseOutput.Destination = outputPath.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput
        let poseOutput = routeFlightOutput
        if poseOutput.format == .maplibre, let (pose, limit) = MapLibrePoseWriter.firstPose(beyondLimitsOf: poseOutput.maximumPitch, in: scripted, sampler: sampler,
                                                                                                framing: flight.options.framing) {
            throw CommandFailure(description: "\(shownPath(routePath)): error: " + webMapLimitMessage(pose, limit, maximumPitch: poseOutput.maximumPitch, preview: false))
        }
        Progress.shared.set("writing frames", total: sampler.frameCount(forDuration: scripted.duration))
        let summary = try flown.write(poseOutput, to: destination, progress: { Progress.shared.update($0) })
        Progress.shared.stop()
        printSamplingWarnings(summary, sampler: sampler, routePath: routePath,
                              preset: scriptPath == nil ? flight.options.preset : nil, initialDistance: scripted.initialCamera.distance)
    }
}

/// Seconds as people read them: `12.500 s`, or with hours or days added when long (`90061.000 s (25.0 h)`),
/// or in scientific notation when absurdly long (`1.00e+300 s`).
func describeSeconds(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e9 else { return String(format: "%.2e s", seconds) }
    let text = FixedDecimal.string(seconds, places: 3) + " s"
    if seconds >= 2 * 86400 { return text + " (\(FixedDecimal.string(seconds / 86400, places: 1)) days)" }
    if seconds >= 3600 { return text + " (\(FixedDecimal.string(seconds / 3600, places: 1)) h)" }
    return text
}
