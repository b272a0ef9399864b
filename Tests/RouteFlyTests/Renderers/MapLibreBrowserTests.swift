import Foundation
import Testing
@testable import RouteKit

/// Our web-map cameras and preview page in the real consumer: MapLibre GL JS 5 (PyPI's `maplibre`
/// package ships `maplibre-gl.js`) in Debian's headless Chromium. Skipped, with a printed reason, when
/// either is missing; `.ci/run` installs both.
@Suite(.serialized) struct MapLibreBrowserTests {
    static let bundledRoute = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    /// Three real routes of different kinds: a mountain hike (Slovenia), a walk in the Blue Hills
    /// (Massachusetts), a bike ride (TCX).
    static let realRoutes = ["gpx/gpxpy-Mojstrovka.gpx", "gpx/togeojson-blue_hills.gpx", "tcx/gpsbabel-history.tcx"]

    /// Runs Chromium on `url` and returns the DOM after the scripts ran, and Chromium's standard error.
    static func dumpDOM(_ url: URL, window: String = "1280,760", budget: Int = 5000) throws -> (dom: String, log: String) {
        let chromium = try #require(ExternalTools.chromium)
        let profile = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: profile) }
        let r = try ExternalTools.run(chromium, ExternalTools.chromiumArguments(window: window, budget: budget, profile: profile)
                                      + ["--dump-dom", url.absoluteString])
        return (r.stdout, r.stderr)
    }

    /// Lines of page console output Chromium logged (`INFO:CONSOLE`): the page and MapLibre log nothing
    /// when all is well. SwiftShader's "GL Driver Message" performance notes are the software renderer's,
    /// not the page's, and are left out.
    static func consoleLines(_ log: String) -> [Substring] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") && !$0.contains("GL Driver Message") }
    }

    /// `dumpDOM` until `done(dom)` holds, at most five times with growing budgets: MapLibre draws in a
    /// worker and on the software GPU, which Chromium's virtual time does not wait for, so on a busy
    /// machine the first dump can come before the first frame was drawn (CI on two cores shared with
    /// other Chromium runs once needed more than 40 s).
    static func dumpDOM(_ url: URL, until done: (String) -> Bool) throws -> (dom: String, log: String) {
        var last = (dom: "", log: "")
        for budget in [5000, 10000, 20000, 40000, 80000] {
            last = try dumpDOM(url, budget: budget)
            if done(last.dom) { break }
        }
        return last
    }

    /// The text of `<span id="status">`, for messages.
    static func status(_ dom: String) -> String {
        String(dom.components(separatedBy: "<span id=\"status\">").dropFirst().first?.prefix { $0 != "<" } ?? "no status element")
    }

    @Test(.enabled(if: ExternalTools.browser && Fixtures.sharedReal != nil, "needs chromium, maplibre-gl.js and ../shared/real"))
    func mapLibresOwnEyeMatchesOursForEveryPresetOnRealRoutes() throws {
        guard let js = ExternalTools.mapLibreJS, Fixtures.sharedReal != nil else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        struct Expected { var label: String; var distance: Double; var eyeLatitude: Double; var eyeLongitude: Double; var eyeHeight: Double }
        var expected: [Expected] = []
        var cases: [String] = []
        for route in Self.realRoutes {
            let path = try #require(Fixtures.real(route)).path
            for preset in ["follow", "wwdc", "overview", "orbit"] {
                let common = ["sample", path, "--preset", preset, "--viewport", "800x600", "--fps", "2"]
                let web = try runRouteFly(common + ["--format", "maplibre"])
                let csv = try runRouteFly(common + ["--eye"])
                #expect(web.status == 0 && csv.status == 0, "\(route) \(preset): \(web.stderr)")
                let doc = try #require(try JSONSerialization.jsonObject(with: Data(web.stdout.utf8)) as? [String: Any])
                let frames = try #require(doc["frames"] as? [[String: Any]])
                let lines = csv.stdout.split(separator: "\n")
                #expect(lines.first == "frame,time,latitude,longitude,heading,pitch,distance,center_elevation,eye_latitude,eye_longitude,eye_altitude")
                let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
                #expect(frames.count == rows.count)
                // Eight frames spread over the flight, first and last included.
                let picks = Set((0..<8).map { $0 * (frames.count - 1) / 7 }).sorted()
                var camera: [String] = []
                for i in picks {
                    let f = frames[i]
                    let center = f["center"] as! [Double]
                    camera.append("{\"center\":[\(center[0]),\(center[1])],\"zoom\":\(f["zoom"]!),\"bearing\":\(f["bearing"]!),\"pitch\":\(f["pitch"]!)}")
                    let row = rows[i]
                    // MapLibre's centre is at height 0: compare the eye's height above the centre (both
                    // columns on the same datum, the ellipsoid by default).
                    expected.append(Expected(label: "\(route) \(preset) frame \(i)", distance: Double(row[6])!,
                                             eyeLatitude: Double(row[8])!, eyeLongitude: Double(row[9])!,
                                             eyeHeight: Double(row[10])! - Double(row[7])!))
                }
                cases.append("{\"fov\":\(doc["fov"]!),\"frames\":[\(camera.joined(separator: ","))]}")
            }
        }
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><script src="\(js.absoluteString)"></script></head>
            <body style="margin:0"><div id="map" style="width:800px;height:600px"></div><pre id="out">pending</pre>
            <script>
            const cases = [\(cases.joined(separator: ",\n"))];
            try {
              const map = new maplibregl.Map({ container: 'map', interactive: false, maxPitch: 85, center: [0, 0], zoom: 1,
                style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#fff' } }] } });
              const results = [];
              for (const c of cases) {
                map.setVerticalFieldOfView(c.fov);
                for (const f of c.frames) {
                  map.jumpTo(f);
                  const eye = map.transform.getCameraLngLat();
                  results.push([eye.lng, eye.lat, map.transform.getCameraAltitude()]);
                }
              }
              document.getElementById('out').textContent = 'RESULT ' + JSON.stringify(results) + ' END';
            } catch (e) {
              document.getElementById('out').textContent = 'ERROR ' + e;
            }
            </script></body></html>
            """
        let url = dir.appendingPathComponent("eyes.html")
        try page.write(to: url, atomically: true, encoding: .utf8)
        let (dom, _) = try Self.dumpDOM(url)
        let body = try #require(dom.components(separatedBy: "RESULT ").dropFirst().first?.components(separatedBy: " END").first,
                                "\(dom.components(separatedBy: "<pre id=\"out\">").dropFirst().first?.prefix(300) ?? "no output")")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[Double]])
        #expect(results.count == expected.count)
        var worst = 0.0
        for (e, m) in zip(expected, results) {
            // Horizontal offset on MapLibre's sphere (haversine, R = 6371008.8 m) and the height difference.
            let rad = Double.pi / 180, R = 6371008.8
            let dLat = (m[1] - e.eyeLatitude) * rad, dLon = (m[0] - e.eyeLongitude) * rad
            let a = pow(sin(dLat / 2), 2) + cos(m[1] * rad) * cos(e.eyeLatitude * rad) * pow(sin(dLon / 2), 2)
            let horizontal = 2 * R * asin(min(1, a.squareRoot()))
            let vertical = m[2] - e.eyeHeight
            let error = (horizontal * horizontal + vertical * vertical).squareRoot() / e.distance
            worst = max(worst, error)
            #expect(error < 0.005, "\(e.label): MapLibre's eye is \(horizontal) m across and \(vertical) m up from ours at \(e.distance) m")
        }
        print("MapLibre eye vs route-fly eye: worst \(worst * 100) % of the camera distance over \(results.count) frames")
    }

    @Test(.enabled(if: ExternalTools.browser, "needs chromium and maplibre-gl.js"))
    func previewPagePlaysWithoutErrors() throws {
        guard let js = ExternalTools.mapLibreJS else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("flight.html")
        let r = try runRouteFly(["preview", Self.bundledRoute, "--maplibre-js", js.path, "-o", page.path])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("<script src="))  // self-contained: the library is inlined
        let (dom, log) = try Self.dumpDOM(page) { $0.contains("<body data-state=\"ready\">") && !$0.contains("<span id=\"frame\">frame 0 ") }
        let ready = dom.contains("<body data-state=\"ready\">"), quiet = dom.contains("<span id=\"status\"></span>")
        #expect(ready, "status: \(Self.status(dom))")
        #expect(quiet, "status: \(Self.status(dom))")
        // It played: the frame shown is past the first.
        let label = try #require(dom.components(separatedBy: "<span id=\"frame\">frame ").dropFirst().first)
        let shown = Int(label.prefix { $0.isNumber }) ?? 0
        #expect(shown > 0, "frame \(shown)")
        #expect(Self.consoleLines(log).isEmpty, "\(Self.consoleLines(log))")
    }

    @Test(.enabled(if: ExternalTools.chromium != nil, "needs chromium"))
    func previewPageSaysWhenMapLibreDoesNotLoad() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("flight.html")
        let missing = dir.appendingPathComponent("missing/maplibre-gl.js").absoluteString
        #expect(try runRouteFly(["preview", Self.bundledRoute, "--fps", "5", "--maplibre-js", missing, "-o", page.path]).status == 0)
        let (dom, _) = try Self.dumpDOM(page) { $0.contains("data-state=\"error\"") }
        let failed = dom.contains("<body data-state=\"error\""), said = dom.contains("MapLibre GL JS did not load from \(missing)")
        #expect(failed && said, "status: \(Self.status(dom))")
    }

    @Test(.enabled(if: ExternalTools.browser && ExternalTools.python(with: "zlib", needs: "the screenshot check") != nil,
                   "needs chromium, maplibre-gl.js and python3"))
    func previewScreenshotHasTheRouteAtTheCentre() throws {
        guard let js = ExternalTools.mapLibreJS, let chromium = ExternalTools.chromium,
              let python = ExternalTools.python(with: "zlib", needs: "the screenshot check") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("flight.html")
        #expect(try runRouteFly(["preview", Self.bundledRoute, "--maplibre-js", js.path, "-o", page.path]).status == 0)
        // Frame 700 (23.3 s) is in the follow phase (6 s intro, then along the route), on a straight
        // stretch where the planned centre is within 2 m (1 px) of the route line from frame 670 to 710
        // (the camera rounds the route's sharp corners, by up to 80 m, and crosses gaps between tracks).
        let png = dir.appendingPathComponent("frame700.png")
        var counts: (center: Int, corner: Int)? = nil
        // The line is drawn by MapLibre's worker; a screenshot taken before it finished shows the background
        // only, so a blank centre is retried (up to three shots) before it counts as a failure.
        for _ in 0..<3 {
            let shot = try ExternalTools.run(chromium, ExternalTools.chromiumArguments(window: "1280,760", budget: 8000, profile: dir.appendingPathComponent("profile"))
                                             + ["--screenshot=\(png.path)", page.absoluteString + "#frame=700"], in: dir)
            #expect(shot.status == 0, "\(shot.stderr.suffix(300))")
            let r = try ExternalTools.run(python, ["-c", Self.routePixels, png.path])
            #expect(r.status == 0, "\(r.stderr)")
            let numbers = r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            counts = (numbers[2], numbers[3])
            #expect(numbers[0] == 1280 && numbers[1] == 760)
            if numbers[2] > 0 { break }
        }
        let found = try #require(counts)
        #expect(found.center > 0, "no route-coloured pixel within 4 px of the screenshot's centre")
        #expect(found.corner == 0, "route colour in the top-left corner, where the route is not")
    }

    /// Python: decodes an 8-bit RGB(A) PNG (zlib, filters 0-4 of the PNG specification, section 9) and
    /// prints its width, height, the route-coloured pixels (#ff4000, tolerant) within 4 px of the centre
    /// and within 4 px of (40, 60).
    static let routePixels = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            n = struct.unpack('>I', data[pos:pos + 4])[0]
            kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
            pos += 12 + n
            if kind == b'IHDR':
                w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            elif kind == b'IDAT':
                idat += body
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 3 if ctype == 2 else 4
        raw, stride = zlib.decompress(idat), w * bpp
        rows, prev, i = [], bytearray(stride), 0
        for y in range(h // 2 + 5):
            f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
            rows.append(line)
            prev = line
        def count(cx, cy):
            n = 0
            for y in range(cy - 4, cy + 5):
                for x in range(cx - 4, cx + 5):
                    r, g, b = rows[y][x * bpp:x * bpp + 3]
                    if r > 200 and g < 150 and b < 100: n += 1
            return n
        print(w, h, count(w // 2, h // 2), count(40, 60))
        """
}
