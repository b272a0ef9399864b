import Foundation
import RouteKitRender

/// `route-fly render`'s pipeline on the README route: a follow flight at 1280x720, 30 fps, drawn by
/// MapLibre GL JS in headless Chromium and encoded by ffmpeg (MP4), for `frames` frames from the start
/// of the route part. Prints frames per second end to end and the split: MapLibre drawing (`jumpTo` until
/// idle and painted), capture (`Page.captureScreenshot`) and encode (the pipe to ffmpeg), the pipeline's
/// overhead over drawing alone (the goal: at most 30 %), and route-bench's own peak memory after a short
/// and a long run (the goal: under 300 MB, flat with the flight's length). Needs Chromium, ffmpeg and
/// MapLibre GL JS.
func benchmarkRender(path: String?, frames: Int) {
    do {
        guard let js = MapLibreScript.locate() else { print("render: skipped: MapLibre GL JS not found (\(MapLibreScript.installHint))"); return }
        let route = try RouteFile.load(path: path ?? "routes/gpxpy-cerknicko-jezero.gpx")
        var options = FlightOptions()
        options.framing.viewportWidth = 1280
        options.framing.viewportHeight = 720
        let plan = try FlightPlanner(options: options).plan(for: route)
        var flight = try plan.script.resolved(for: route, framing: options.framing)
        flight.routeTracking = plan.routeTracking
        let sampler = PoseSampler(framesPerSecond: 30)
        let count = sampler.frameCount(forDuration: flight.duration)
        var context = PoseWriterContext(route: route, framesPerSecond: 30, frameCount: count, framing: options.framing)
        context.maximumPitch = 85
        var page = FlightPageOptions()
        page.mode = .render
        page.script = .inline(javaScript: try String(contentsOfFile: js, encoding: .utf8), css: nil)
        let writer = FlightPageWriter(context: context, options: page)
        let bytes = PoseOutput.bytes(writer: writer) { sampler.forEachPose(of: flight, eye: nil, $0) }.bytes
        let renderer = FlightRenderer(page: bytes, width: 1280, height: 720, frameRate: FrameRate(numerator: 30, denominator: 1))
        let start = min(180, count - 1)
        for length in [max(frames / 4, 1), frames] {
            let output = NSTemporaryDirectory() + "/route-bench-render.mp4"
            let range = start..<min(start + length, count)
            let t = try renderer.render(frames: range, frameCount: count, to: .video(path: output, format: .mp4()))
            unlink(output)
            func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000 / Double(t.frames)) }
            print("render 1280x720, \(t.frames) frames: \(String(format: "%.2f", t.framesPerSecond)) frames/s end to end; a frame: draw \(ms(t.draw)), capture \(ms(t.capture)), encode \(ms(t.encode)); overhead over drawing \(String(format: "%.0f", t.overhead * 100)) % (goal <= 30 %); setup \(String(format: "%.1f", t.setup)) s; peak memory \(peakMemoryMegabytes()) MB (goal < 300)")
        }
    } catch {
        print("render: skipped: \(error)")
    }
}

/// This process's peak resident memory, megabytes (`getrusage`'s `ru_maxrss`, kilobytes on Linux).
func peakMemoryMegabytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss / 1024
}
