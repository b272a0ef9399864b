import Foundation
import Testing
@testable import RouteKitRender

/// Our CZML in the real consumer: CesiumJS 1.144 (PyPI's `cesiumkit` vendors `Cesium.js` with its Workers
/// and Assets) in Debian's headless Chromium, driven over the DevTools pipe (``HeadlessChromium``), with no
/// network: a grid for imagery and the bare ellipsoid for terrain. The camera is flown by docs/renderers.md's
/// recipe itself (`docs/cesium-recipe.js`, loaded into the page), and what CesiumJS's own camera then
/// holds (`positionWC`, `directionWC`, `frustum.fovy`) is compared with route-fly's poses sampled at
/// four times the frame rate (the frames, the half-frames between them and the quarter-frames). One
/// page, many checks. Skipped, with a printed reason, without Chromium, `cesiumkit` or ../shared/real;
/// `.ci/run` installs them.
@Suite(.serialized) struct CesiumBrowserTests {
    /// `Cesium.js`'s folder: `$CESIUM_DIR`, else `cesiumkit/vendor/cesium` from PyPI's `cesiumkit`, else
    /// `nil` with a printed reason.
    static let cesium: URL? = {
        if let path = ProcessInfo.processInfo.environment["CESIUM_DIR"],
           FileManager.default.fileExists(atPath: path + "/Cesium.js") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let script = "import importlib.util, os; s = importlib.util.find_spec('cesiumkit'); print(os.path.join(s.submodule_search_locations[0], 'vendor', 'cesium') if s else '')"
        if let python = ExternalTools.find("python3", needs: "the CesiumJS-in-Chromium checks"),
           let r = try? ExternalTools.run(python, ["-c", script]), r.status == 0 {
            let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty, FileManager.default.fileExists(atPath: path + "/Cesium.js") {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
        }
        print("note: CesiumJS was not found (PyPI package 'cesiumkit', or $CESIUM_DIR); the CesiumJS-in-Chromium checks are skipped (CI installs it: see .ci/run)")
        return nil
    }()

    static var available: Bool { RenderTools.chromium != nil && cesium != nil && Fixtures.sharedReal != nil }

    /// The recipe of docs/renderers.md, run as it is written.
    static let recipe = Fixtures.packageRoot.appendingPathComponent("docs/cesium-recipe.js")

    /// The presets `route-fly sample --preset` offers.
    static let presets = ["follow", "wwdc", "overview", "orbit"]

    /// How far the flights may stray in CesiumJS: the eye at the samples (metres), the look-at point at
    /// samples, half-frames and quarter-frames (a fraction of the camera distance).
    static let eyeTolerance = 1.0, centreTolerance = 0.002

    /// Where the follow screenshot is kept: `$ROUTEKIT_ARTIFACTS/cesium`, else a temporary folder.
    static func artifacts() throws -> URL {
        let base = ProcessInfo.processInfo.environment["ROUTEKIT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("routekit-artifacts")
        let dir = base.appendingPathComponent("cesium")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theReadmeShowsTheRecipeTheTestsRun() throws {
        let recipe = try String(contentsOf: Self.recipe, encoding: .utf8)
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/renderers.md"), encoding: .utf8)
        // Compare without leading spaces, in case the block is indented under a list item.
        func unindented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line -> String in String(line.drop { $0 == " " }) }.joined(separator: "\n")
        }
        let found = unindented(readme).contains(unindented(recipe.trimmingCharacters(in: .newlines)))
        #expect(found, "docs/renderers.md does not show docs/cesium-recipe.js as it is")
        #expect(recipe.contains("shouldAnimate = true") && recipe.contains("frustum.fov") && recipe.contains("if (!position || !rotation) return"))
    }

    /// One flight as route-fly writes it: the CZML and its poses at four times the frame rate.
    struct Flight {
        var label: String
        var czml: URL
        /// `[t, latitude, longitude, distance, centre height, eye latitude, eye longitude, eye height]`
        /// per pose at 120 fps (every fourth a 30 fps frame), heights above the ellipsoid.
        var rows: [[Double]]
        var frames: Int
        var samples: Int
    }

    /// A flight route-fly could not write.
    struct FlightFailure: Error, CustomStringConvertible { var description: String }

    /// Writes the CZML at 30 fps and the reference CSV at 120 fps (its every fourth row is a frame, as
    /// both sample the same timeline at `i / fps`). Throws ``FlightFailure`` (it may run off the test's
    /// thread, where no expectation can be recorded).
    static func flight(route: String, preset: String, in dir: URL) throws -> Flight {
        guard let path = Fixtures.real(route)?.path else { throw FlightFailure(description: "no ../shared/real") }
        let name = URL(fileURLWithPath: route).deletingPathExtension().lastPathComponent + "-" + preset
        let czml = dir.appendingPathComponent(name + ".czml")
        let made = try runRouteFly(["sample", path, "--preset", preset, "-q", "-o", czml.path])
        let csv = try runRouteFly(["sample", path, "--preset", preset, "-q", "--fps", "120", "--eye"])
        guard made.status == 0, csv.status == 0 else { throw FlightFailure(description: "\(name): \(made.stderr)\(csv.stderr)") }
        let lines = csv.stdout.split(separator: "\n")
        guard lines.first == "frame,time,latitude,longitude,heading,pitch,distance,center_elevation,eye_latitude,eye_longitude,eye_altitude" else {
            throw FlightFailure(description: "\(name): CSV header \(lines.first ?? "")")
        }
        let rows = lines.dropFirst().map { line -> [Double] in
            let f = line.split(separator: ",").map { Double($0)! }
            return [f[1], f[2], f[3], f[6], f[7], f[8], f[9], f[10]]
        }
        let packets = try JSONSerialization.jsonObject(with: Data(contentsOf: czml)) as? [[String: Any]] ?? []
        let samples = packets.filter { $0["id"] as? String == "camera" }
            .compactMap { (($0["position"] as? [String: Any])?["cartographicDegrees"] as? [Any])?.count }.reduce(0, +) / 4
        return Flight(label: name, czml: czml, rows: rows, frames: (rows.count - 1) / 4 + 1, samples: samples)
    }

    @Test(.enabled(if: available, "needs chromium, cesiumkit and ../shared/real"))
    func czmlPlaysInCesiumAsRouteFlyFliesIt() throws {
        guard let cesium = Self.cesium else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("cesium.html")
        try Self.page(cesium: cesium).write(to: page, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium(width: 960, height: 540)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.navigate(to: page, timeout: 60)
        let version = try tab.evaluate("Cesium.VERSION") as? String
        try #require(version == "1.144.0", "CesiumJS \(version ?? "did not load")")

        var clock = Date()
        func lap(_ what: String) { print("CesiumJS timing: \(what) \(String(format: "%.1f", Date().timeIntervalSince(clock))) s"); clock = Date() }
        let flights = try checkEveryPreset(in: tab, dir: dir)
        lap("every preset")
        try checkFollowScreenshot(in: tab, flight: try #require(flights.first { $0.label == "gpxpy-Mojstrovka-follow" }))
        lap("follow screenshot")
        try checkRiderTrails(in: tab, dir: dir)
        lap("rider trails")
    }

    /// Every preset on three real routes: CesiumJS's camera, flown by the recipe, against route-fly's
    /// poses at the samples, half-frames and quarter-frames.
    /// - Returns: The flights, for the other checks.
    func checkEveryPreset(in tab: BrowserPage, dir: URL) throws -> [Flight] {
        let cases = MapLibreBrowserTests.realRoutes.flatMap { route in Self.presets.map { (route, $0) } }
        let started = Date()
        let flights = try Self.flights(cases, in: dir)
        print("CesiumJS timing: route-fly wrote the flights in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        for flight in flights {
            let rows = String(decoding: try JSONSerialization.data(withJSONObject: flight.rows), as: UTF8.self)
            let answer = try tab.evaluate("checkFlight(\(TileServer.quoted(flight.czml.absoluteString)), \(rows))", timeout: 120)
            let r = try #require(answer as? [String: Any], "\(flight.label): \(String(describing: answer))")
            let eye = r["eye"] as! [Double], centre = r["centre"] as! [Double], at = r["at"] as! [Double]
            let fov = r["fov"] as! [Double], moved = r["moved"] as! Double, missing = r["missing"] as! Double
            print(String(format: "CesiumJS %@: eye %.2e m at samples; look-at point off by %.4f %% at samples, %.4f %% at half-frames (t %.4f s), %.4f %% at quarter-frames; %d samples for %d frames",
                         flight.label, eye[0], centre[0] * 100, centre[2] * 100, at[2], centre[1] * 100, flight.samples, flight.frames))
            #expect(missing == 0, "\(flight.label): the recipe left the camera unset at \(missing) instants")
            #expect(r["untouched"] as? Bool == true, "\(flight.label): the recipe moved the camera before the flight")
            #expect(r["playing"] as? Bool == true, "\(flight.label): the recipe did not start the clock")
            #expect(eye[0] < Self.eyeTolerance, "\(flight.label): CesiumJS's eye is \(eye[0]) m from ours at a sample (t \(at[0]) s)")
            for (k, name) in [(0, "samples"), (2, "half-frames"), (1, "quarter-frames")] {
                #expect(centre[k] < Self.centreTolerance,
                        "\(flight.label): CesiumJS looks \(centre[k] * 100) % of the distance off our centre at \(name) (t \(at[k]) s)")
            }
            #expect(moved < 1e-6, "\(flight.label): rendering moved CesiumJS's camera by \(moved) m")
            // Cesium's vertical field of view is the flight's, 16:9 and portrait.
            #expect(abs(fov[0] - 36.8699) < 1e-3 && abs(fov[1] - 36.8699) < 1e-3 && abs(fov[2] - 36.8699) < 1e-3,
                    "\(flight.label): fov_vertical \(fov[0]), CesiumJS's fovy \(fov[1]) degrees (16:9), \(fov[2]) (portrait)")
        }
        return flights
    }

    /// The flights of `cases` (route, preset), made two at a time (route-fly plans each on one core).
    static func flights(_ cases: [(String, String)], in dir: URL) throws -> [Flight] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            var flights: [Int: Result<Flight, any Error>] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let i: Int = results.lock.withLock { defer { results.next += 1 }; return results.next }
                guard i < cases.count else { return }
                let made = Result { try flight(route: cases[i].0, preset: cases[i].1, in: dir) }
                results.lock.withLock { results.flights[i] = made }
            }
        }
        return try cases.indices.map { try results.flights[$0]!.get() }
    }

    /// A follow frame (Mojstrovka) where the flight's centre is on the route: CesiumJS draws the route
    /// through the middle of its picture (the route-coloured pixels near the canvas centre).
    func checkFollowScreenshot(in tab: BrowserPage, flight: Flight) throws {
        let frames = stride(from: 0, to: flight.rows.count, by: 4).map { flight.rows[$0] }
        let rows = String(decoding: try JSONSerialization.data(withJSONObject: frames), as: UTF8.self)
        let answer = try tab.evaluate("followShot(\(TileServer.quoted(flight.czml.absoluteString)), \(rows))", timeout: 120)
        let r = try #require(answer as? [String: Any], "\(String(describing: answer))")
        let png = try #require(Data(base64Encoded: (r["png"] as! String).replacingOccurrences(of: "data:image/png;base64,", with: "")))
        let file = try Self.artifacts().appendingPathComponent("follow-mojstrovka-frame-\(r["frame"] as! Int).png")
        try png.write(to: file)
        let centre = r["centre"] as! Int, corner = r["corner"] as! Int, offRoute = r["offRoute"] as! Double
        print("CesiumJS follow frame \(r["frame"] as! Int) (centre \(String(format: "%.2f", offRoute)) m from the route, loaded \(r["ready"] as! Bool)): \(centre) route-coloured pixels within 6 px of the canvas centre, \(corner) in the top-left corner; \(file.path)")
        #expect(r["ready"] as? Bool == true, "CesiumJS did not finish loading the route and the globe")
        #expect(centre > 0, "no route-coloured pixel within 6 px of the canvas centre: \(file.path)")
        #expect(corner == 0, "route colour in the top-left corner, where the route is not: \(file.path)")
    }

    /// A group flight's riders draw a bounded trail: the last 120 s by default, the whole race with
    /// `--rider-trail whole`, as CesiumJS reads the paths (at 30 fps and a speed-up of 8, one path
    /// point every 0.27 s of clock time: about 5,000 points a rider for the whole race near its end).
    func checkRiderTrails(in tab: BrowserPage, dir: URL) throws {
        let race = ["ana", "ben", "cai"].map { Fixtures.packageRoot.appendingPathComponent("routes/race/\($0).gpx").path }
        for (option, expected) in [([String](), 120.0), (["--rider-trail", "whole"], -1)] {
            let file = dir.appendingPathComponent("race\(option.count).czml")
            let r = try runRouteFly(["sample"] + race + ["--speedup", "8", "--fps", "30", "-q", "-o", file.path] + option)
            #expect(r.status == 0, "\(r.stderr)")
            let answer = try tab.evaluate("riderTrails(\(TileServer.quoted(file.absoluteString)))", timeout: 120)
            let trails = try #require(answer as? [String: Any], "\(String(describing: answer))")
            let span = trails["span"] as! Double, paths = trails["paths"] as! [[Double]]
            #expect(paths.count == 3)
            for (i, p) in paths.enumerated() {
                let want = expected < 0 ? span : expected
                #expect(abs(p[0] - want) < 1e-3 && p[1] == 0, "\(option) rider \(i): CesiumJS's path trails \(p[0]) s and leads \(p[1]) s; expected \(want) s and 0")
            }
            print("CesiumJS rider paths \(option.isEmpty ? "(default)" : option.joined(separator: " ")): trailTime \(paths.map { $0[0] }) s of a \(span) s clock; CesiumJS's entity update (the paths' JavaScript) \(String(format: "%.1f", trails["msPerUpdate"] as! Double)) ms a frame near the end of the race (median of 10)")
        }
    }

    /// A group flight in CesiumJS (the three-runner race, `leader`, `--speedup 20`): every rider's course is
    /// drawn with as many points as its GPX file has `<trkpt>`s, and every rider is there over the whole
    /// clock, at its file's first point at the clock's start (the fly-in) and its last at the clock's end
    /// (the pull-out), as CesiumJS evaluates the entity; a fly-in frame is kept as a screenshot
    /// (`$ROUTEKIT_ARTIFACTS/cesium/race-fly-in.png`).
    @Test(.enabled(if: RenderTools.chromium != nil && cesium != nil, "needs chromium and cesiumkit"))
    func groupCoursesAndRidersShowOverTheWholeClock() throws {
        guard let cesium = Self.cesium else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = ["ana", "ben", "cai"]
        let files = names.map { Fixtures.packageRoot.appendingPathComponent("routes/race/\($0).gpx").path }
        let czml = dir.appendingPathComponent("race.czml")
        let made = try runRouteFly(["sample"] + files + ["--group-preset", "leader", "--speedup", "20", "-q", "-o", czml.path])
        try #require(made.status == 0, "\(made.stderr)")
        // Each file's points, read without RouteKit: [count, first lat, first lon, last lat, last lon].
        let expected = try files.map { file -> [Double] in
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#)
            let points = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
                [Double(text[Range(m.range(at: 1), in: text)!])!, Double(text[Range(m.range(at: 2), in: text)!])!]
            }
            return [Double(points.count), points.first![0], points.first![1], points.last![0], points.last![1]]
        }
        let page = dir.appendingPathComponent("cesium.html")
        try Self.page(cesium: cesium).write(to: page, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium(width: 960, height: 540)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.navigate(to: page, timeout: 60)
        let answer = try tab.evaluate("groupRace(\(TileServer.quoted(czml.absoluteString)), \(names.count))", timeout: 180)
        let r = try #require(answer as? [String: Any], "\(String(describing: answer))")
        let riders = try #require(r["riders"] as? [[String: Any]])
        try #require(riders.count == names.count)
        for (i, rider) in riders.enumerated() {
            let want = expected[i]
            let start = rider["start"] as! [Double], end = rider["end"] as! [Double], before = rider["before"] as! [Double]
            let course = rider["course"] as! Int, recording = rider["recording"] as! [Bool]
            // Metres between two nearby points given in degrees (an equirectangular approximation is ample here).
            func metres(_ lat: Double, _ lon: Double, _ lat2: Double, _ lon2: Double) -> Double {
                let k = 6_371_000 * Double.pi / 180
                return hypot((lat2 - lat) * k, (lon2 - lon) * k * cos(lat * .pi / 180))
            }
            let off = [metres(start[0], start[1], want[1], want[2]), metres(end[0], end[1], want[3], want[4]),
                       metres(before[0], before[1], want[1], want[2])]
            print("CesiumJS race rider \(names[i]): course \(course) points (GPX \(Int(want[0]))), colour \(rider["colour"] as! [Double]); at the clock's start \(String(format: "%.3f", off[0])) m from the GPX's first point, at its end \(String(format: "%.3f", off[1])) m from its last, 5 s before the start \(String(format: "%.3f", off[2])) m; available at start/end \(rider["available"] as! [Bool]), recording at start/middle/end \(recording)")
            #expect(course == Int(want[0]), "rider \(names[i]): the course has \(course) points, the GPX \(Int(want[0]))")
            #expect(off.allSatisfy { $0 < 0.05 }, "rider \(names[i]): \(off) m from its first / last / first point")
            #expect(rider["available"] as! [Bool] == [true, true], "rider \(names[i]) not available at the clock's ends")
            #expect(recording == [false, true, false], "rider \(names[i]): recording \(recording)")
            #expect(rider["colour"] as! [Double] == rider["pointColour"] as! [Double], "rider \(names[i]): course colour")
        }
        let png = try #require(Data(base64Encoded: (r["png"] as! String).replacingOccurrences(of: "data:image/png;base64,", with: "")))
        let file = try Self.artifacts().appendingPathComponent("race-fly-in.png")
        try png.write(to: file)
        let onScreen = r["onScreen"] as! [Int]
        print("CesiumJS race fly-in frame at \(r["at"] as! Double) s (loaded \(r["ready"] as! Bool)): riders on the canvas \(onScreen); \(file.path)")
        #expect(onScreen == [1, 1, 1], "riders not on the fly-in frame: \(onScreen); \(file.path)")
    }

    /// The page: CesiumJS, the recipe, and the checks' JavaScript.
    static func page(cesium: URL) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8">
        <script>window.CESIUM_BASE_URL = \(TileServer.quoted(cesium.absoluteString));</script>
        <script src="\(cesium.appendingPathComponent("Cesium.js").absoluteString)"></script>
        <link rel="stylesheet" href="\(cesium.appendingPathComponent("Widgets/widgets.css").absoluteString)">
        <script src="\(recipe.absoluteString)"></script>
        <style>html, body { margin: 0; overflow: hidden } #view { width: 960px; height: 540px }</style>
        </head><body><div id="view"></div><script>\(checks)</script></body></html>
        """
    }

    /// The checks, in the page. Each makes a fresh Viewer, flies the CZML with the recipe (`flyCZML`),
    /// stops the clock and sets its time itself, letting the recipe's tick handler aim the camera.
    static let checks = """
        const C = Cesium;
        function makeViewer(grid) {
          if (window.viewer) window.viewer.destroy();
          window.viewer = new C.Viewer('view', {
            baseLayer: grid ? new C.ImageryLayer(new C.GridImageryProvider({})) : false,
            terrainProvider: new C.EllipsoidTerrainProvider(), animation: false, timeline: false,
            baseLayerPicker: false, geocoder: false, homeButton: false, sceneModePicker: false,
            navigationHelpButton: false, fullscreenButton: false, infoBox: false, selectionIndicator: false,
            useDefaultRenderLoop: false, contextOptions: { webgl: { preserveDrawingBuffer: true } } });
          return window.viewer;
        }
        function setView(width, height) {
          const el = document.getElementById('view');
          el.style.width = width + 'px'; el.style.height = height + 'px';
          if (window.viewer) window.viewer.resize();
        }
        // Aims the camera at `seconds` after the clock's start through the recipe's tick handler.
        function at(seconds) {
          viewer.clock.currentTime = C.JulianDate.addSeconds(viewer.clock.startTime, seconds, new C.JulianDate());
          viewer.clock.tick();
        }
        async function fly(url, grid) {
          setView(960, 540);
          makeViewer(grid);
          const ds = await flyCZML(viewer, url);
          window.playing = viewer.clock.shouldAnimate;
          viewer.clock.shouldAnimate = false;
          return ds;
        }
        // rows: [t, lat, lon, distance, centre h, eye lat, eye lon, eye h] at 120 fps. Returns the worst
        // eye offset (m) and look-at offset (fraction of the distance) at samples [0], quarter-frames [1]
        // and half-frames [2], and where.
        async function checkFlight(url, rows) {
          const ds = await fly(url, false);
          const cam = ds.entities.getById('camera');
          const eye = [0, 0, 0], centre = [0, 0, 0], where = [0, 0, 0];
          let missing = 0, moved = 0;
          const before = new C.Cartesian3(), ahead = new C.Cartesian3();
          for (let i = 0; i < rows.length; i++) {
            const [t, lat, lon, distance, h, elat, elon, eh] = rows[i];
            const kind = i % 4 === 0 ? 0 : (i % 2 === 0 ? 2 : 1);
            viewer.camera.position = new C.Cartesian3(0, 0, 0);
            at(t);
            const p = viewer.camera.positionWC, d = viewer.camera.directionWC;
            if (C.Cartesian3.magnitude(p) < 1) { missing++; continue; }
            const ours = C.Cartesian3.fromDegrees(lon, lat, h), ourEye = C.Cartesian3.fromDegrees(elon, elat, eh);
            const e = C.Cartesian3.distance(p, ourEye);
            C.Cartesian3.add(p, C.Cartesian3.multiplyByScalar(d, distance, ahead), ahead);
            const c = C.Cartesian3.distance(ahead, ours) / distance;
            if (e > eye[kind]) eye[kind] = e;
            if (c > centre[kind]) { centre[kind] = c; where[kind] = t; }
            // Now and then, a real frame: rendering leaves the recipe's camera where it was.
            if (i % 400 === 0) {
              C.Cartesian3.clone(p, before);
              viewer.render();
              moved = Math.max(moved, C.Cartesian3.distance(before, viewer.camera.positionWC));
            }
          }
          // Before the flight the entity has no value: the recipe leaves the camera alone.
          viewer.camera.position = new C.Cartesian3(0, 0, 0);
          at(-5);
          const untouched = C.Cartesian3.magnitude(viewer.camera.positionWC) === 0;
          at(rows[0][0]);
          const fovy = C.Math.toDegrees(viewer.camera.frustum.fovy);
          setView(540, 960);
          at(rows[0][0]);
          const portrait = C.Math.toDegrees(viewer.camera.frustum.fovy);
          setView(960, 540);
          return { eye, centre, at: where, missing, moved, untouched, playing: window.playing,
                   fov: [cam.properties.fov_vertical.getValue(viewer.clock.startTime), fovy, portrait] };
        }
        // The distance (m) from point p to the segment ab (Cartesian3).
        function toSegment(p, a, b) {
          const ab = C.Cartesian3.subtract(b, a, new C.Cartesian3()), ap = C.Cartesian3.subtract(p, a, new C.Cartesian3());
          const s = Math.min(1, Math.max(0, C.Cartesian3.dot(ap, ab) / Math.max(C.Cartesian3.dot(ab, ab), 1e-12)));
          return C.Cartesian3.distance(p, C.Cartesian3.add(a, C.Cartesian3.multiplyByScalar(ab, s, ab), ab));
        }
        // rows: the frames. Picks the follow frame (middle half of the flight) whose centre is nearest the
        // route, renders it once everything has loaded, and counts route-coloured pixels.
        async function followShot(url, rows) {
          const ds = await fly(url, true);
          const route = ds.entities.getById('route').polyline.positions.getValue(viewer.clock.startTime);
          let best = [Infinity, 0];
          for (let i = Math.floor(rows.length / 4); i < Math.floor(3 * rows.length / 4); i++) {
            const [t, lat, lon, distance, h] = rows[i];
            const c = C.Cartesian3.fromDegrees(lon, lat, h);
            for (let k = 1; k < route.length; k++) {
              const d = toSegment(c, route[k - 1], route[k]);
              if (d < best[0]) best = [d, i];
            }
          }
          at(rows[best[1]][0]);
          let ready = false;
          for (let n = 0; n < 600 && !ready; n++) {
            viewer.render();
            ready = viewer.dataSourceDisplay.ready && viewer.scene.globe.tilesLoaded;
            await new Promise(r => setTimeout(r, 50));
          }
          viewer.render();
          const canvas = viewer.canvas, png = canvas.toDataURL('image/png');
          const copy = document.createElement('canvas');
          copy.width = canvas.width; copy.height = canvas.height;
          const g = copy.getContext('2d');
          g.drawImage(canvas, 0, 0);
          function count(cx, cy) {
            const data = g.getImageData(cx - 6, cy - 6, 13, 13).data;
            let n = 0;
            for (let k = 0; k < data.length; k += 4) if (data[k] > 200 && data[k + 1] < 150 && data[k + 2] < 100) n++;
            return n;
          }
          return { frame: best[1], offRoute: best[0], ready, png,
                   centre: count(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2)), corner: count(40, 60) };
        }
        // A group flight: per rider, its course's point count (over its segments' polylines) and colour, its
        // position (degrees) at the clock's start, its end and 5 s before the start, whether it is
        // available at the ends, its `recording` property at the start, the middle of its span and the end;
        // then a fly-in frame (2 s in) rendered over a grid, and whether each rider is on the canvas.
        async function groupRace(url, count) {
          const ds = await fly(url, true);
          const clock = viewer.clock, start = clock.startTime, stop = clock.stopTime;
          function degrees(p) { const c = C.Cartographic.fromCartesian(p); return [C.Math.toDegrees(c.latitude), C.Math.toDegrees(c.longitude), c.height]; }
          const riders = [];
          for (let i = 0; i < count; i++) {
            const e = ds.entities.getById('rider/' + i);
            let course = 0, colour = null;
            for (const c of ds.entities.values.filter(c => c.id === 'course/' + i || c.id.startsWith('course/' + i + '-'))) {
              course += c.polyline.positions.getValue(start).length;
              const k = c.polyline.material.color.getValue(start);
              colour = [k.red, k.green, k.blue].map(x => Math.round(x * 255));
            }
            const p = e.point.color.getValue(start);
            const earlier = C.JulianDate.addSeconds(start, -5, new C.JulianDate());
            // The middle of the recorded interval, found by scanning the clock (1 s steps).
            const total = C.JulianDate.secondsDifference(stop, start);
            let first = null, last = null;
            for (let s = 0; s <= total; s += 1) {
              const t = C.JulianDate.addSeconds(start, s, new C.JulianDate());
              if (e.properties.recording.getValue(t) === true) { if (first === null) first = s; last = s; }
            }
            const mid = first === null ? start : C.JulianDate.addSeconds(start, (first + last) / 2, new C.JulianDate());
            riders.push({ course, colour, pointColour: [p.red, p.green, p.blue].map(x => Math.round(x * 255)),
                          start: degrees(e.position.getValue(start)), end: degrees(e.position.getValue(stop)),
                          before: degrees(e.position.getValue(earlier)),
                          available: [e.isAvailable(start), e.isAvailable(stop)],
                          recording: [e.properties.recording.getValue(start) === true, e.properties.recording.getValue(mid) === true,
                                      e.properties.recording.getValue(stop) === true] });
          }
          const at2 = 2;
          at(at2);
          let ready = false;
          for (let n = 0; n < 600 && !ready; n++) {
            viewer.render();
            ready = viewer.dataSourceDisplay.ready && viewer.scene.globe.tilesLoaded;
            await new Promise(r => setTimeout(r, 50));
          }
          viewer.render();
          const now = viewer.clock.currentTime, canvas = viewer.canvas;
          const onScreen = [];
          for (let i = 0; i < count; i++) {
            const e = ds.entities.getById('rider/' + i);
            const w = viewer.scene.cartesianToCanvasCoordinates(e.position.getValue(now));
            onScreen.push(e.isShowing && e.isAvailable(now) && w && w.x >= 0 && w.y >= 0 && w.x < canvas.clientWidth && w.y < canvas.clientHeight ? 1 : 0);
          }
          return { riders, at: at2, ready, onScreen, png: canvas.toDataURL('image/png') };
        }
        // Each rider's path as CesiumJS reads it: [trailTime, leadTime], the clock's span (s), and the
        // time CesiumJS's entity update takes near the end of the race (ms, median of 10; for the record).
        async function riderTrails(url) {
          const ds = await fly(url, false);
          const clock = viewer.clock, span = C.JulianDate.secondsDifference(clock.stopTime, clock.startTime);
          const paths = ds.entities.values.filter(e => e.id.startsWith('rider/')).map(e =>
            [e.path.trailTime.getValue(clock.startTime), e.path.leadTime.getValue(clock.startTime)]);
          const times = [];
          for (let n = 0; n < 10; n++) {
            at(0.9 * span + n);
            const start = performance.now();
            viewer.dataSourceDisplay.update(viewer.clock.currentTime);
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          return { span, paths, msPerUpdate: (times[4] + times[5]) / 2 };
        }
        """
}
