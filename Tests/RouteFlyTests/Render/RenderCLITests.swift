import Foundation
import Testing
@testable import RouteKitRender

/// `route-fly render` as a user runs it, checked by a real decoder: `ffprobe` counts the frames, ffmpeg
/// decodes the pictures, and the pixels are looked at where the pose says the rider and the route are.
/// Skipped, with a printed reason, without Chromium, ffmpeg or MapLibre GL JS (`.ci/run` installs them).
@Suite(.serialized) struct RenderCLITests {
    static let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static var ready: Bool { RenderTools.chromium != nil && RenderTools.ffmpeg != nil && RenderTools.ffprobe != nil && ExternalTools.mapLibreJS != nil }
    static var js: String { ExternalTools.mapLibreJS!.path }

    /// `ffprobe`'s counted frames, rate, pixel format, size and duration of a video.
    static func probe(_ path: String) throws -> [String: String] {
        let r = try ExternalTools.run(RenderTools.ffprobe!, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                             "stream=nb_read_frames,r_frame_rate,pix_fmt,width,height,codec_name:format=duration",
                                                             "-of", "default=noprint_wrappers=1", path])
        var fields: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    /// The poses `sample` gives with the same options, as CSV rows (header dropped).
    static func poses(_ arguments: [String]) throws -> [[String]] {
        let r = try runRouteFly(["sample", hike, "--format", "csv", "--route-columns"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func theVideoHasOneFramePerPoseAtTheExactRate() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let flight = ["--viewport", "320x180", "--duration", "3", "--intro", "1", "--outro", "1", "--fps", "30000/1001"]
        let video = dir.appendingPathComponent("flight.mp4").path
        let r = try runRouteFly(["render", Self.hike, "--maplibre-js", Self.js, "-o", video] + flight)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let poses = try Self.poses(flight)
        let probe = try Self.probe(video)
        #expect(probe["nb_read_frames"] == String(poses.count), "\(probe) vs \(poses.count) poses")
        #expect(probe["r_frame_rate"] == "30000/1001" && probe["pix_fmt"] == "yuv420p" && probe["codec_name"] == "h264")
        #expect(probe["width"] == "320" && probe["height"] == "180")
        let duration = try #require(Double(probe["duration"] ?? ""))
        #expect(abs(duration - Double(poses.count) * 1001 / 30000) < 0.002, "duration \(duration)")
        // WebM too.
        let webm = dir.appendingPathComponent("flight.webm").path
        #expect(try runRouteFly(["render", Self.hike, "--maplibre-js", Self.js, "-o", webm, "--frames", "0:12"] + flight).status == 0)
        let webmProbe = try Self.probe(webm)
        #expect(webmProbe["nb_read_frames"] == "12" && webmProbe["codec_name"] == "vp9", "\(webmProbe)")
    }

    /// The render page of the bundled hike's follow flight, built with the library as route-fly builds it.
    static func renderPage(viewport: (Double, Double) = (640, 360), fps: Double = 30, overlays: Set<FlightPageOptions.Overlay> = []) throws -> String {
        let route = try RouteFile.load(path: hike)
        var options = FlightOptions()
        options.framing.viewportWidth = viewport.0
        options.framing.viewportHeight = viewport.1
        let plan = try FlightPlanner(options: options).plan(for: route)
        var flight = try plan.script.resolved(for: route, framing: options.framing)
        flight.routeTracking = plan.routeTracking
        let sampler = PoseSampler(framesPerSecond: fps)
        var context = PoseWriterContext(route: route, framesPerSecond: fps, frameCount: sampler.frameCount(forDuration: flight.duration),
                                        framing: options.framing)
        context.maximumPitch = 85
        var page = FlightPageOptions()
        page.mode = .render
        page.overlays = overlays
        page.script = .inline(javaScript: try String(contentsOfFile: js, encoding: .utf8), css: nil)
        var writer = FlightPageWriter(context: context, options: page)
        var bytes: [UInt8] = []
        writer.begin(into: &bytes)
        _ = sampler.forEachPose(of: flight, eye: nil) { writer.write($0, into: &bytes); return true }
        writer.end(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// JavaScript: shows frame `i`, then gives where MapLibre itself projects the rider's point, and the
    /// route's points `metres` behind and ahead of it (along the route, from the page's course).
    static func projections(frame i: Int, metres: Double) -> String {
        """
        routeFly.show(\(i)).then(() => {
          const map = routeFlyPreview.map, r = routeFlyPreview.frames[\(i)].route;
          const course = JSON.parse(document.getElementById('page').textContent).courses[0];
          function at(d) {
            const ds = course.distances, cs = course.coordinates;
            let k = 0;
            while (k < ds.length - 2 && ds[k + 1] < d) { k++; }
            const f = ds[k + 1] > ds[k] ? Math.min(Math.max((d - ds[k]) / (ds[k + 1] - ds[k]), 0), 1) : 0;
            return [cs[k][0] + (cs[k + 1][0] - cs[k][0]) * f, cs[k][1] + (cs[k + 1][1] - cs[k][1]) * f];
          }
          const p = (c) => { const q = map.project(c); return [q.x, q.y]; };
          return { rider: p(r.point), behind: p(at(r.route_distance - \(metres))), ahead: p(at(r.route_distance + \(metres))) };
        })
        """
    }

    /// Follow frames: the rider marker (#0a6cff) is at the image centre (where the pose's centre projects)
    /// and where MapLibre projects the rider's point; the route a little behind the rider, where MapLibre
    /// projects it, is solid #ff4000, and a little ahead only faint (#ff4000 at 35 % over the background).
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func theRiderIsAtTheCentreWithTheRouteRevealedBehindItOnly() throws {
        let browser = try HeadlessChromium(width: 640, height: 360, executable: RenderTools.chromium)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.setContent(try Self.renderPage(), timeout: 60)
        _ = try tab.evaluate("routeFly.ready", timeout: 60)
        let marker: ([Int]) -> Bool = { p in p[0] < 60 && (80...140).contains(p[1]) && p[2] > 220 }
        let solid: ([Int]) -> Bool = { p in p[0] > 230 && abs(p[1] - 64) < 30 && p[2] < 40 }
        let faint: ([Int]) -> Bool = { p in p[0] > 235 && (150...205).contains(p[1]) && (120...185).contains(p[2]) }
        // Frames of the first kilometre, where no part of the route already flown lies ahead (at 350 the
        // hike turns back along its own path).
        for frame in [250, 280, 300] {
            let points = try #require(try tab.evaluate(Self.projections(frame: frame, metres: 120), timeout: 60) as? [String: [Double]])
            let rgb = try RenderTools.rgb(ofImage: try tab.captureScreenshot())
            func near(_ point: [Double], radius: Int = 2, _ match: ([Int]) -> Bool) -> Bool {
                let (cx, cy) = (Int(point[0].rounded()), Int(point[1].rounded()))
                for y in (cy - radius)...(cy + radius) where (0..<360).contains(y) {
                    for x in (cx - radius)...(cx + radius) where (0..<640).contains(x) {
                        let i = (y * 640 + x) * 3
                        if match([Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2])]) { return true }
                    }
                }
                return false
            }
            let rider = points["rider"]!, behind = points["behind"]!, ahead = points["ahead"]!
            print("frame \(frame): rider at \(rider), behind at \(behind), ahead at \(ahead)")
            // The centre rounds corners by up to a tenth of a screen height while the rider walks them.
            #expect(near([320, 180], radius: 14, marker), "frame \(frame): no rider marker at the image centre")
            #expect(near(rider, marker), "frame \(frame): no rider marker where MapLibre projects the rider")
            #expect(near(behind, solid), "frame \(frame): the route behind the rider is not solid at \(behind)")
            #expect(near(ahead, faint) && !near(ahead, solid), "frame \(frame): the route ahead is not faint only at \(ahead)")
        }
    }

    /// Rendering the same frames twice gives the same pictures, byte for byte (SwiftShader draws
    /// deterministically on one machine; measured, not assumed).
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func theSameFramesTwiceAreTheSameBytes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runs: [[Data]] = []
        for run in 0..<2 {
            let folder = dir.appendingPathComponent("run\(run)/")
            let r = try runRouteFly(["render", Self.hike, "--maplibre-js", Self.js, "--viewport", "320x180", "--frames", "300:306", "-o", folder.path + "/"])
            #expect(r.status == 0, "\(r.stderr)")
            runs.append(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { try Data(contentsOf: folder.appendingPathComponent($0)) })
        }
        #expect(runs[0].count == 6 && runs[0] == runs[1])
    }

    /// The stats panel shows the pose output's values for the frame (`sample --route-columns`), in the
    /// page's units.
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func theOverlayShowsThePoseOutputsValues() throws {
        let flight = ["--viewport", "320x180", "--fps", "10"]
        let poses = try Self.poses(flight)
        let html = try Self.renderPage(viewport: (320, 180), fps: 10, overlays: [.stats])
        let browser = try HeadlessChromium(width: 320, height: 180, executable: RenderTools.chromium)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.setContent(html, timeout: 60)
        _ = try tab.evaluate("routeFly.ready", timeout: 60)
        for frame in [0, 150, 300, 420] {
            let text = try #require(try tab.evaluate("routeFly.show(\(frame)).then(() => document.getElementById('stats').innerText)", timeout: 60) as? String)
            let row = poses[frame]
            // route_distance is column 11 (after the eye's three), speed 15, route_elevation 14.
            let distance = Double(row[11])! / 1000, speed = Double(row[15])! * 3.6, elevation = Double(row[14])!
            #expect(text.contains(String(format: "%.2f km", distance)), "frame \(frame): \(text) vs \(distance) km")
            #expect(text.contains(String(format: "%.1f km/h", speed)), "frame \(frame): \(text) vs \(speed) km/h")
            // The CSV's elevation is on the ellipsoid; the panel shows sea level: EGM96 here is 45-47 m.
            let shown = text.components(separatedBy: "elevation").last.flatMap { Double($0.filter { $0.isNumber }) } ?? -1
            #expect((44...48).contains(elevation - shown), "frame \(frame): \(text) vs \(elevation) m on the ellipsoid")
        }
    }

    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func oneFrameAsAPicture() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("f.png").path
        let r = try runRouteFly(["render", Self.hike, "--maplibre-js", Self.js, "--viewport", "320x180", "--frames", "300:301", "-o", png])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try RenderTools.rgb(ofImage: [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))).count == 320 * 180 * 3)
        let two = try runRouteFly(["render", Self.hike, "--maplibre-js", Self.js, "--viewport", "320x180", "--frames", "300:302", "-o", png + "2.png"])
        // Known from the arguments alone: a usage error, before anything is read or drawn.
        #expect(two.status == 64 && two.stderr.contains("holds one frame") && !FileManager.default.fileExists(atPath: png + "2.png"), "\(two.stderr)")
    }

    /// Faults: a missing program names its package, a style that fails names its URL, a wrong output is a
    /// usage error; nothing is written and no browser or encoder is left running.
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func faultsAreNamedAndLeaveNothingBehind() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = dir.appendingPathComponent("v.mp4").path
        let base = ["render", Self.hike, "--viewport", "320x180", "--frames", "0:3", "-o", video]
        let scratch = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let noChromium = try runRouteFly(base + ["--maplibre-js", Self.js], environment: ["ROUTE_FLY_CHROMIUM": "/nonexistent/chromium"])
        #expect(noChromium.status == 1 && noChromium.stderr.contains("chromium") && noChromium.stdout.isEmpty, "\(noChromium.stderr)")
        let noFFmpeg = try runRouteFly(base + ["--maplibre-js", Self.js], environment: ["ROUTE_FLY_FFMPEG": "/nonexistent/ffmpeg"])
        #expect(noFFmpeg.status == 1 && noFFmpeg.stderr.contains("apt-get install ffmpeg"), "\(noFFmpeg.stderr)")
        let noMapLibre = try runRouteFly(base, environment: ["MAPLIBRE_GL_JS": "/nonexistent/maplibre-gl.js"])
        #expect(noMapLibre.status == 1 && noMapLibre.stderr.contains("/nonexistent/maplibre-gl.js: error: cannot read the MapLibre GL JS file that MAPLIBRE_GL_JS names"), "\(noMapLibre.stderr)")
        let style = "file:///nonexistent/style.json"
        let badStyle = try runRouteFly(base + ["--maplibre-js", Self.js, "--style", style, "--frame-timeout", "20"], environment: ["TMPDIR": scratch.path])
        #expect(badStyle.status == 1 && badStyle.stderr.contains("nonexistent/style.json"), "\(badStyle.stderr)")
        let odd = try runRouteFly(["render", Self.hike, "--viewport", "641x360", "-o", video])
        #expect(odd.status == 64 && odd.stderr.contains("--viewport 641x360"), "\(odd.stderr)")
        let tooMany = try runRouteFly(["render", Self.hike, "--fps", "240", "--duration", "600", "-o", video, "--maplibre-js", Self.js])
        #expect(tooMany.status == 1 && tooMany.stderr.contains("--frames A:B"), "\(tooMany.stderr)")
        let wrongOutput = try runRouteFly(["render", Self.hike, "-o", dir.appendingPathComponent("v.avi").path])
        #expect(wrongOutput.status == 64 && wrongOutput.stderr.contains(".mp4"))
        let noOutput = try runRouteFly(["render", Self.hike])
        #expect(noOutput.status == 64 && noOutput.stderr.contains("-o"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(Self.leftovers(of: scratch.path).isEmpty, "\(Self.leftovers(of: scratch.path))")
    }

    /// Interrupted (SIGTERM) while rendering: no video, no temporary file, no browser or ffmpeg left.
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func anInterruptedRenderLeavesNothing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = routeFlyExecutable()
        process.arguments = ["render", Self.hike, "--maplibre-js", Self.js, "--viewport", "320x180", "-o", dir.appendingPathComponent("v.mp4").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.path]) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Until frames are being encoded: the temporary video appears.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !(try FileManager.default.contentsOfDirectory(atPath: dir.path)).contains(where: { $0.hasPrefix(".v.mp4") }) {
            Thread.sleep(forTimeInterval: 0.2)
        }
        let seen = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(seen.contains { $0.hasPrefix(".v.mp4") }, "no temporary video while rendering: \(seen)")
        Thread.sleep(forTimeInterval: 2)
        // SIGTERM, as a job scheduler sends (the test runner may ignore SIGINT, and its children inherit that).
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        Thread.sleep(forTimeInterval: 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains { $0.contains("v.mp4") }, "\(left)")
        #expect(Self.leftovers(of: dir.path).isEmpty, "\(Self.leftovers(of: dir.path))")
    }

    /// Interrupted (SIGTERM) while writing a PNG sequence: no folder, no temporary folder with frames in
    /// it, no browser left.
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, ffprobe and maplibre-gl.js"))
    func anInterruptedPNGSequenceLeavesNothing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = routeFlyExecutable()
        process.arguments = ["render", Self.hike, "--maplibre-js", Self.js, "--viewport", "320x180", "--frames", "0:300",
                             "-o", dir.appendingPathComponent("fr/%05d.png").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.path]) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Until frames are being written: the temporary folder holds a PNG.
        let frames = { () -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.filter { $0.hasPrefix(".fr.") }.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent($0).path)) ?? [] }
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !frames().contains(where: { $0.hasSuffix(".png") }) { Thread.sleep(forTimeInterval: 0.2) }
        #expect(frames().contains { $0.hasSuffix(".png") }, "no frames in a temporary folder while rendering")
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        Thread.sleep(forTimeInterval: 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(!left.contains { $0 == "fr" || $0.hasPrefix(".fr.") }, "\(left)")
        #expect(Self.leftovers(of: dir.path).isEmpty, "\(Self.leftovers(of: dir.path))")
    }

    /// Running processes whose command line names `folder` (the `TMPDIR` a route-fly run was given: its
    /// Chromium profile and its video's temporary file are there), zombies excluded.
    static func leftovers(of folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].split(separator: " ").first != "Z",
                  let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let command = String(decoding: raw, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return command.contains(folder) ? command : nil
        }
    }
}
