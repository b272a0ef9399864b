import Foundation
import RouteKit
import RouteKitRender

/// `route-fly render`: the flight drawn and encoded to a video (its usage line and help are derived
/// from this declaration: ``Subcommand``).
struct RenderOptions: Equatable, PlansFlightsOverGround, Subcommand {
    static let name = "render"
    static let abstract = "Render a flight to a video (MP4, WebM or PNG frames), offline."
    static let discussion = """
        MapLibre GL JS draws each pose in headless Chromium, ffmpeg encodes the frames. Frame i of the video
        is pose i of 'sample' with the same options. Drawn: the route, revealed as it is flown; the rider on
        it (every rider, for a group); the overlays; with --terrain, the ground in 3D and shaded, from the
        model. Nothing is fetched unless --style or a --maplibre-js URL asks. Needs chromium and ffmpeg
        (Debian packages) and MapLibre GL JS 5 (PyPI's maplibre package, or --maplibre-js).
        """
    static var arguments: ArgumentDeclaration<RenderOptions> { .routes(\.routePaths, help: "A route file; several are riders on one clock (see GROUP OPTIONS).") }

    /// The route files: one, or several riders flown on one clock (``GroupArguments``).
    var routePaths: [String] = []
    var routePath: String { routePaths[0] }
    var group = GroupArguments()
    var input = InputArguments()
    var flight = FlightArguments()
    var ground = GroundArguments()
    var page = PageArguments()
    var fps = 30.0
    var outputPath: String? = nil
    var scriptPath: String? = nil
    /// `--frames A:B`: the frames to render, `nil` for all.
    var frames: Range<Int>? = nil
    /// `--crf`: the encoder's constant rate factor; `nil` for the format's default.
    var crf: Int? = nil
    /// `--encoder-preset`: libx264's speed/size trade-off.
    var encoderPreset = "medium"
    /// `--frame-timeout`: seconds a frame may take to draw.
    var frameTimeout = 60.0

    /// The x264 presets, fastest first.
    static let encoderPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]

    static var sections: [OptionSection<RenderOptions>] { [
        OptionSection(title: "OPTIONS", options: [
            CommonOptions.output(\.outputPath, help: "The video: .mp4 (H.264, yuv420p, +faststart) or .webm (VP9); a folder of PNG frames (frames/%05d.png or frames/: 00000.png, 00001.png …); or one picture, .png, of a range of one frame (--frames 300:301). Written atomically: nothing is left on failure or interruption.").required(),
            CommonOptions.script(\.scriptPath, help: "Fly this camera script instead of a preset (as for 'sample')."),
            CommonOptions.framesPerSecond(\.fps, limit: PreviewOptions.maximumFramesPerSecond, help: "Frames per second of the video, a number or a ratio (30000/1001 is NTSC's 29.97, kept exact)."),
            .value("--frames", valueName: "A:B", help: "Render frames A to B-1 only (frame numbers as 'sample' gives them), to split one flight over several jobs; join the videos with ffmpeg's concat demuxer (docs/route-fly.md#render-make-a-video).", default: "all") { a, v throws(UsageError) in
                let parts = v.text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]), from >= 0, to > from else {
                    throw v.invalid("A:B, frame numbers with 0 <= A < B (B is not rendered), e.g. 0:300")
                }
                a.frames = from..<to },
            .value("--crf", valueName: "quality", help: "Constant rate factor, lower is better and larger: 0 to 51 for MP4 (x264), 0 to 63 for WebM (VP9).", default: "18 for MP4, 31 for WebM") { a, v throws(UsageError) in
                a.crf = try v.integer(in: 0...63, "a whole number", note: " (MP4, x264: at most 51)") },
            .value("--encoder-preset", valueName: "preset", help: "MP4 (x264) speed against size: \(encoderPresets.joined(separator: ", ")).", default: "medium") { a, v throws(UsageError) in
                guard RenderOptions.encoderPresets.contains(v.text.lowercased()) else { throw v.invalid(RenderOptions.encoderPresets.joined(separator: ", ")) }
                a.encoderPreset = v.text.lowercased() },
            .value("--frame-timeout", valueName: "seconds", help: "A frame whose map is not drawn (every tile and style loaded) within this time fails the render, naming what it waits for.", default: "60") { a, v throws(UsageError) in
                a.frameTimeout = try v.number(in: 1...3600, "seconds") },
            CommonOptions.quiet(),
            CommonOptions.help(),
        ]),
        PageArguments.section(mapLibreDefault: "an installed copy: $MAPLIBRE_GL_JS, else PyPI's maplibre package").lifted(\.page),
        FlightArguments.section.lifted(\.flight),
        GroupArguments.section.lifted(\.group),
        GroundArguments.section.lifted(\.ground),
        InputArguments.section.lifted(\.input),
    ] }

    func validate() throws(UsageError) {
        try group.validate(routePaths: routePaths, flight: flight, scriptPath: scriptPath, subcommand: Self.name)
        try page.validate(ground: ground, subcommand: Self.name)
        if case .video(_, let format) = try output(), format != .pngSequence {
            let framing = flight.options.framing
            if Int(framing.viewportWidth) % 2 != 0 || Int(framing.viewportHeight) % 2 != 0 {
                throw UsageError(message: "'--viewport \(Int(framing.viewportWidth))x\(Int(framing.viewportHeight))' is odd: MP4 and WebM video (4:2:0 colour) need an even width and height.", subcommand: Self.name)
            }
        }
        if routePaths.contains("-") {
            throw UsageError(message: "'render' reads its routes from files, not standard input ('-').", subcommand: Self.name)
        }
    }

    /// What `-o` asks for: a video, a PNG folder or one PNG picture.
    func output() throws(UsageError) -> RenderOutput {
        guard let path = outputPath, path != "-" else {
            throw UsageError(message: "'render' needs '-o <file>': a video (.mp4, .webm), a folder of frames (frames/%05d.png) or a picture (.png).", subcommand: Self.name)
        }
        if path.hasSuffix("/") { return .video(path: String(path.dropLast()), format: .pngSequence) }
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "mp4":
            if let crf, crf > 51 { throw UsageError(message: "'--crf \(crf)' is beyond x264's 0 to 51 (MP4).", subcommand: Self.name) }
            return .video(path: path, format: .mp4(crf: crf ?? 18, preset: encoderPreset))
        case "webm":
            return .video(path: path, format: .webm(crf: crf ?? 31))
        case "png":
            if url.lastPathComponent.contains("%") {
                guard url.lastPathComponent.lowercased() == "%05d.png" else {
                    throw UsageError(message: "The frames are written as 00000.png, 00001.png … (five digits): give '\(url.deletingLastPathComponent().relativePath)/%05d.png' or a folder ending in '/'.", subcommand: Self.name)
                }
                return .video(path: url.deletingLastPathComponent().path, format: .pngSequence)
            }
            if let frames, frames.count != 1 {
                throw UsageError(message: "A picture (.png) holds one frame, but '--frames \(frames.lowerBound):\(frames.upperBound)' asks for \(frames.count): give a range of one frame (\(frames.lowerBound):\(frames.lowerBound + 1)), or a folder (frames/%05d.png) or a video.", subcommand: Self.name)
            }
            return .image(path: path)
        default:
            throw UsageError(message: "The output '\(path)' should be a video (.mp4, .webm), a folder of frames (frames/%05d.png) or a picture (.png).", subcommand: Self.name)
        }
    }

    func run() throws {
        let output = try output()
        // What is written: the video or picture, or for frames the folder the renderer makes (whose own
        // folder must exist).
        let written: String, isFolder: Bool
        switch output {
        case .video(let path, let format): (written, isFolder) = (path, format == .pngSequence)
        case .image(let path): (written, isFolder) = (path, false)
        }
        try OutputGuard.refuse(output: written, inputs: routePaths.map { .init(path: $0, role: "input route") }
            + (scriptPath.map { [.init(path: $0, role: "camera script")] } ?? []) + ground.inputs + page.inputs,
                               subcommand: Self.name, isFolder: isFolder)
        let script = try mapLibreScript()
        let sampler = PoseSampler(framesPerSecond: fps)
        let tiles = try page.tileSource(ground: ground)
        let framing = flight.options.framing
        var options = page.pageOptions(mode: .render, tiles: tiles)
        options.showsRider = true
        let (bytes, frameCount, range, shown) = try routePaths.count > 1
            ? groupPage(sampler: sampler, script: script, options: options)
            : singlePage(sampler: sampler, script: script, options: options)
        var renderer = FlightRenderer(page: bytes, width: Int(framing.viewportWidth), height: Int(framing.viewportHeight),
                                      frameRate: FrameRate(framesPerSecond: fps), tiles: tiles)
        renderer.frameTimeout = frameTimeout
        Progress.shared.set("rendering frames", total: range.count, showsRate: true)
        let timings: RenderTimings
        do {
            timings = try renderer.render(frames: range, frameCount: frameCount, to: output) { done, _ in
                Progress.shared.update(done)
            }
        } catch {
            // Errors about the output name it themselves (`PATH: error: …`).
            let text = "\(error)"
            throw CommandFailure(description: text.contains(": error: ") ? text : "\(shown): error: \(text)")
        }
        Progress.shared.clearLine()
        printDiagnostic("\(shown): note: rendered \(timings.frames) frame\(timings.frames == 1 ? "" : "s") of \(Int(framing.viewportWidth))x\(Int(framing.viewportHeight)) at \(FrameRate(framesPerSecond: fps)) fps to \(outputPath!) in \(describeSeconds(timings.setup + timings.draw + timings.capture + timings.encode)) (\(FixedDecimal.string(timings.framesPerSecond, places: 2)) frames/s)")
    }

    /// MapLibre GL JS: `--maplibre-js`, else the copy installed on this machine.
    func mapLibreScript() throws -> FlightPageOptions.Script {
        if let source = page.mapLibreJS { return try PreviewOptions.script(source) }
        if let named = ProcessInfo.processInfo.environment[MapLibreScript.environmentVariable], !named.isEmpty,
           !FileManager.default.isReadableFile(atPath: named) {
            throw CommandFailure(description: "\(named): error: cannot read the MapLibre GL JS file that \(MapLibreScript.environmentVariable) names (expected a maplibre-gl.js)")
        }
        guard let path = MapLibreScript.locate() else {
            throw CommandFailure(description: "route-fly: error: MapLibre GL JS was not found: \(MapLibreScript.installHint), or give '--maplibre-js <url-or-path>'")
        }
        return try PreviewOptions.script(path)
    }

    /// The most frames one render's page holds: 100 000 (about 25 MB; 55 min at 30 fps). A longer flight is
    /// rendered in slices (`--frames`), one page each.
    static let maximumSliceFrames = 100_000

    /// The frames to render of a flight of `frameCount`: `--frames` (within the flight), else all; at most
    /// ``maximumSliceFrames``.
    func slice(of frameCount: Int, shown: String) throws -> Range<Int> {
        let range = frames ?? 0..<frameCount
        guard range.upperBound <= frameCount else {
            throw CommandFailure(description: "\(shown): error: '--frames \(range.lowerBound):\(range.upperBound)' is beyond the flight's \(frameCount) frames (0:\(frameCount))")
        }
        guard range.count <= Self.maximumSliceFrames else {
            throw CommandFailure(description: "\(shown): error: \(range.count) frames are more than one render holds (\(Self.maximumSliceFrames)): render slices with '--frames A:B' (e.g. '--frames 0:\(Self.maximumSliceFrames)') and join them with ffmpeg's concat demuxer (docs/route-fly.md#render-make-a-video), or lower '--fps'")
        }
        return range
    }

    /// The poses of `range` only, from a pass over every pose.
    static func poses(in range: Range<Int>, of pass: @escaping ((CameraPose) -> Bool) -> PoseSampler.Summary)
        -> ((CameraPose) -> Bool) -> PoseSampler.Summary {
        { body in pass { pose in range.contains(pose.frame) ? body(pose) : pose.frame < range.lowerBound } }
    }

    /// The page of a single route's flight (the poses of the frames to render), the flight's frame count,
    /// those frames, and the route as messages name it.
    func singlePage(sampler: PoseSampler, script: FlightPageOptions.Script, options: FlightPageOptions) throws -> ([UInt8], Int, Range<Int>, String) {
        let flown = try routeFlight(routePath: routePath, scriptPath: scriptPath, input: input, framesPerSecond: fps)
        try page.checkImagery(of: options, covers: [flown.route])
        let scripted = flown.flight
        let shown = shownPath(routePath)
        let context = try PreviewOptions.pageContext(for: scripted, sampler: sampler, framing: flight.options.framing, shown: shown)
        let range = try slice(of: context.frameCount, shown: shown)
        var options = options
        options.script = script
        options.styleURL = page.styleURL
        options.loadFailureHint = " (give --maplibre-js PATH)"
        let (bytes, summary) = try flown.sampledPage(options, framesPerSecond: fps, frames: range)
        printSamplingWarnings(summary, sampler: sampler, routePath: routePath, preset: scriptPath == nil ? flight.options.preset : nil,
                              initialDistance: scripted.initialCamera.distance)
        return (bytes, context.frameCount, range, shown)
    }

    /// The page of a group flight (the poses of the frames to render), its frame count, those frames, and
    /// the routes as messages name them.
    func groupPage(sampler: PoseSampler, script: FlightPageOptions.Script, options: FlightPageOptions) throws -> ([UInt8], Int, Range<Int>, String) {
        let riders = try group.group(routePaths: routePaths, input: input, ground: ground, warnIfMissing: true)
        try page.checkImagery(of: options, covers: riders.riders.map(\.route))
        let planned = try GroupArguments.plan(riders, planner: groupPlanner(preset: group.groupPreset), routePaths: routePaths)
        let shown = routePaths.map(shownPath).joined(separator: ", ")
        for note in planned.notes { printDiagnostic("\(shown): note: \(note)") }
        var context = try PreviewOptions.pageContext(for: planned.flight, sampler: sampler, framing: flight.options.framing, shown: shown)
        context.group = riders
        let range = try slice(of: context.frameCount, shown: shown)
        var options = options
        options.script = script
        options.styleURL = page.styleURL
        let writer = FlightPageWriter(context: context, options: options)
        let (bytes, summary) = PoseOutput.bytes(writer: writer, poses: Self.poses(in: range) { sampler.forEachPose(of: planned, eye: nil, $0) })
        printSamplingWarnings(summary, sampler: sampler, routePath: routePaths[0], preset: nil,
                              initialDistance: planned.flight.initialCamera.distance)
        return (bytes, context.frameCount, range, shown)
    }
}
