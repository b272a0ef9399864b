import Foundation
import RouteKit
import RouteKitRender

/// `route-fly preview`: an HTML page that plays the flight (its usage line and help are derived from
/// this declaration: ``Subcommand``).
struct PreviewOptions: Equatable, PlansFlightsOverGround, Subcommand {
    static let name = "preview"
    static let abstract = "Write one self-contained HTML page that plays a flight in MapLibre GL JS."
    static let discussion = """
        The page shows the route and plays the flight at its real speed, with play/pause, a time slider,
        the frame number and the pose values. Open it in a browser; '#frame=N' at the end of the address
        shows frame N paused.
        """
    static var arguments: ArgumentDeclaration<PreviewOptions> { .routes(\.routePaths, help: "A route file, or '-' for standard input; several are riders on one clock (see GROUP OPTIONS).") }

    /// The route files: one, or several riders flown on one clock (``GroupArguments``).
    var routePaths: [String] = []
    /// The first (for one route, the only) route file.
    var routePath: String { routePaths[0] }
    /// `--group-preset` and `--offset`, for several routes.
    var group = GroupArguments()
    var input = InputArguments()
    var flight = FlightArguments()
    var ground = GroundArguments()
    var fps = 30.0
    var outputPath: String? = nil
    var scriptPath: String? = nil
    /// What the page draws: MapLibre, style, reveal, overlays, imagery (`nil` `--maplibre-js`: the pinned
    /// CDN URL).
    var page = PageArguments()

    /// The most frames per second a page (and a rendered video) plays.
    static let maximumFramesPerSecond = 240.0

    /// Every option of `preview`, section by section, for the parser and the help.
    static var sections: [OptionSection<PreviewOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            CommonOptions.script(\.scriptPath, help: "Fly this camera script instead of a preset (as for 'sample')."),
            CommonOptions.framesPerSecond(\.fps, limit: maximumFramesPerSecond, help: "Frames per second in the page."),
            CommonOptions.output(\.outputPath, help: "Write the page to <file> (.html; atomically) instead of standard output."),
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        PageArguments.section(mapLibreDefault: "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js").lifted(\.page),
        FlightArguments.section.lifted(\.flight),
        GroupArguments.section.lifted(\.group),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    func validate() throws(UsageError) {
        try group.validate(routePaths: routePaths, flight: flight, scriptPath: scriptPath, subcommand: Self.name)
        try page.validate(ground: ground, subcommand: Self.name)
        if let outputPath, outputPath != "-" {
            let ext = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
            guard ext == "html" || ext == "htm" else {
                throw UsageError(message: "The output file '\(outputPath)' should end in .html: 'preview' writes an HTML page.", subcommand: Self.name)
            }
        }
    }

    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file://")
    }

    /// The MapLibre script: a URL (with the `.css` beside a `.js` URL), or a local file's text inlined
    /// (with the `.css` beside it, when there is one).
    func script() throws -> FlightPageOptions.Script {
        try PreviewOptions.script(page.mapLibreJS)
    }

    /// The MapLibre script `source` names (a URL or a local file), or the pinned CDN URL for `nil`.
    static func script(_ source: String?) throws -> FlightPageOptions.Script {
        guard let source else { return .unpkg }
        if PreviewOptions.isURL(source) {
            let css = source.hasSuffix(".js") ? String(source.dropLast(3)) + ".css" : nil
            return .url(source, stylesheet: css)
        }
        guard let data = FileManager.default.contents(atPath: source), !data.isEmpty else {
            throw CommandFailure(description: "\(source): error: cannot read the MapLibre GL JS file (expected maplibre-gl.js, or an http(s) URL of it)")
        }
        let js = String(decoding: data, as: UTF8.self)
        guard js.contains("maplibregl") else {
            throw CommandFailure(description: "\(source): error: this is not MapLibre GL JS (no 'maplibregl' in it); expected maplibre-gl.js")
        }
        var css: String? = nil
        let cssPath = source.hasSuffix(".js") ? String(source.dropLast(3)) + ".css" : source + ".css"
        if let c = FileManager.default.contents(atPath: cssPath) {
            css = String(decoding: c, as: UTF8.self)
        } else {
            printDiagnostic("\(source): note: no \(URL(fileURLWithPath: cssPath).lastPathComponent) beside it: the page inlines no MapLibre stylesheet (the map still draws; its controls and canvas sizing may look off)")
        }
        return .inline(javaScript: js, css: css)
    }

    func run() throws {
        if routePaths.count > 1 { return try runGroup() }
        try OutputGuard.refuse(output: outputPath, inputs: [.init(path: routePath, role: "input route")]
            + (scriptPath.map { [.init(path: $0, role: "camera script")] } ?? []) + ground.inputs + page.inputs, subcommand: Self.name)
        let script = try script()
        let flown = try routeFlight(routePath: routePath, scriptPath: scriptPath, input: input, framesPerSecond: fps)
        let scripted = flown.flight
        let sampler = PoseSampler(framesPerSecond: fps)
        _ = try pageContext(for: scripted, sampler: sampler, shown: shownPath(routePath))
        let options = try pageOptions(script: script, around: flown.route.boundingBox, routes: [flown.route])
        let (bytes, summary) = try flown.sampledPage(options, framesPerSecond: fps)
        if let path = outputPath, path != "-" { try AtomicFile.write(bytes, to: path) } else {
            let standardOutput = AtomicFile.standardOutput()
            try standardOutput.write(bytes)
            try standardOutput.commit()
        }
        printSamplingWarnings(summary, sampler: sampler, routePath: routePath,
                              preset: scriptPath == nil ? flight.options.preset : nil, initialDistance: scripted.initialCamera.distance)
    }
}

extension PreviewOptions {
    /// The page's context for a flight, refusing one too long for a page or beyond what the web map shows.
    func pageContext(for flight: ScriptedFlight, sampler: PoseSampler, shown: String) throws -> PoseWriterContext {
        try PreviewOptions.pageContext(for: flight, sampler: sampler, framing: self.flight.options.framing, shown: shown)
    }

    /// The page's context for a flight at `sampler`'s rate framed by `framing`, refusing one too long for
    /// a page or beyond what the web map shows.
    static func pageContext(for flight: ScriptedFlight, sampler: PoseSampler, framing: CameraFraming, shown: String) throws -> PoseWriterContext {
        let fps = sampler.framesPerSecond
        if let tooLong = SampleOptions.tooManyFrames(duration: flight.duration, fps: fps) {
            throw CommandFailure(description: "\(shown): error: \(tooLong)")
        }
        // A page holds every frame (about 100 bytes each) and a browser loads it whole: the budget is
        // sample's default, 500 000 frames (about 50 MB).
        let frames = sampler.frameCount(forDuration: flight.duration)
        if frames > SampleOptions.defaultMaxFrames {
            throw CommandFailure(description: "\(shown): error: the flight has \(frames) frames at \(FixedDecimal.string(fps, places: 3)) fps (\(describeSeconds(flight.duration))), more than a preview page holds (\(SampleOptions.defaultMaxFrames)): lower '--fps', or shorten the flight ('--duration', '--speedup', '--skip-idle', '--intro', '--outro')")
        }
        let maximumPitch = MapLibrePoseWriter.highestMaximumPitch
        if let (pose, limit) = MapLibrePoseWriter.firstPose(beyondLimitsOf: maximumPitch, in: flight, sampler: sampler,
                                                               framing: framing) {
            throw CommandFailure(description: "\(shown): error: " + webMapLimitMessage(pose, limit, maximumPitch: maximumPitch, preview: true))
        }
        var context = PoseWriterContext(framesPerSecond: sampler.framesPerSecond, frameCount: frames, framing: framing)
        context.maximumPitch = maximumPitch
        return context
    }

    /// The player page's options, holding the terrain model's tiles around `area` (degrees) when there is one.
    func pageOptions(script: FlightPageOptions.Script, around area: BoundingBox, routes: [Route]) throws -> FlightPageOptions {
        let tiles = try page.tileSource(ground: ground)
        var options = page.pageOptions(mode: .player, tiles: tiles)
        try page.checkImagery(of: options, covers: routes)
        options.script = script
        options.styleURL = page.styleURL
        options.loadFailureHint = " (offline? use --maplibre-js PATH)"
        if let tiles {
            Progress.shared.set("making the terrain tiles the page holds")
            let margin = 0.02 + 0.25 * max(area.north - area.south, area.longitudeSpan)
            let around = BoundingBox(west: Angles.normalizedLongitude(area.west - margin), south: max(area.south - margin, -85),
                                     east: Angles.normalizedLongitude(area.east + margin), north: min(area.north + margin, 85))
            do {
                let embedded = try PageTiles.embedded(from: tiles, over: around)
                options.embeddedTiles = embedded.tiles
                // The page holds tiles over `around` only, at one zoom: its layers ask for no others.
                for layer in [\FlightPageOptions.terrain, \.hillshade, \.imagery] {
                    options[keyPath: layer]?.maximumZoom = embedded.zooms.upperBound
                    options[keyPath: layer]?.minimumZoom = embedded.zooms.lowerBound
                    options[keyPath: layer]?.bounds = [around.west, around.south, around.east, around.north]
                }
            } catch {
                throw CommandFailure(description: "\(error)")
            }
        }
        return options
    }

    /// `preview A B C …`: the group flight (as `sample` flies it) with every rider drawn moving.
    func runGroup() throws {
        try OutputGuard.refuse(output: outputPath, inputs: routePaths.map { .init(path: $0, role: "input route") } + ground.inputs + page.inputs,
                               subcommand: Self.name)
        let script = try self.script()
        let riders = try group.group(routePaths: routePaths, input: input, ground: ground, warnIfMissing: true)
        let planned = try GroupArguments.plan(riders, planner: groupPlanner(preset: group.groupPreset), routePaths: routePaths)
        let shown = routePaths.map(shownPath).joined(separator: ", ")
        for note in planned.notes { printDiagnostic("\(shown): note: \(note)") }
        let sampler = PoseSampler(framesPerSecond: fps)
        var context = try pageContext(for: planned.flight, sampler: sampler, shown: shown)
        context.group = riders
        let area = BoundingBox(path: riders.riders.flatMap { $0.route.points.map(\.coordinate) }) ?? BoundingBox(west: 0, south: 0, east: 0, north: 0)
        let summary = try PoseOutput.write(planned, sampler: sampler, eye: nil,
                                           writer: FlightPageWriter(context: context, options: try pageOptions(script: script, around: area, routes: riders.riders.map(\.route))),
                                           to: outputPath.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput)
        printSamplingWarnings(summary, sampler: sampler, routePath: routePaths[0], preset: nil,
                              initialDistance: planned.flight.initialCamera.distance)
    }
}
