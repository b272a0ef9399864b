import Foundation
import Testing
@testable import RouteKit
import RouteKitRender

/// The flight page (`route-fly preview`, the page `render` draws) with `--terrain` on a mountain, in
/// MapLibre GL JS 5.3 in headless Chromium: each frame opened on its own, as `render --frames N:N+1`
/// draws it (MapLibre's first view, drawn before its height tiles arrive), shows the rider's marker where
/// MapLibre projects the rider onto its terrain (`map.project`) and the route behind it, and for a group
/// every rider's circle where MapLibre projects that rider, and counts them (`data-riders`). The terrain
/// is the Mojstrovka hike's own heights (``MapLibreJumpToTests/model(of:in:)``); the pixels are decoded
/// by ffmpeg. Skipped, with a printed reason, without Chromium, MapLibre, ffmpeg, GDAL's tools or
/// ../shared/real. `ROUTEKIT_KEEP_SCREENSHOTS=DIR` keeps the screenshots.
@Suite(.serialized) struct TerrainRiderTests {
    static var ready: Bool { MapLibreJumpToTests.ready && TerrainFixtures.hasGDALTools && Fixtures.sharedReal != nil }
    /// The browser window; the page fits the planned 800x450 map above its controls.
    static let width = 800, height = 500
    static let flight = ["--viewport", "800x450", "--fps", "5"]

    /// Frames 131 and 148 of the follow flight down Mala Mojstrovka (pitch 39° and 45°, the centre 1859 m
    /// and 1743 m high): with MapLibre's depth picture of its terrain drawn before the heights arrived
    /// (and never again, MapLibre 5.3 redrawing it only when the camera moves) the rider's circle was
    /// hidden there, none of its pixels drawn.
    @Test(.enabled(if: ready, "needs chromium, maplibre-gl.js, ffmpeg, GDAL's tools and ../shared/real"))
    func theRiderIsDrawnOnTheTerrainWhereMapLibreProjectsIt() throws {
        guard let js = ExternalTools.mapLibreJS, let url = Fixtures.real(MapLibreJumpToTests.hike) else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try MapLibreJumpToTests.model(of: try GPXReader.read(contentsOf: url).route, in: dir)
        let page = dir.appendingPathComponent("hike.html")
        let made = try runRouteFly(["preview", url.path, "--terrain", model.path, "--maplibre-js", js.path, "-o", page.path] + Self.flight)
        try #require(made.status == 0, "\(made.stderr)")
        let frames = try MapLibreJumpToTests.frames(try runRouteFly(["sample", url.path, "--terrain", model.path, "--format", "maplibre"] + Self.flight).stdout)

        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        for frame in [131, 148] {
            let pitch = try #require(frames[frame]["pitch"] as? Double)
            let shown = try Self.open(page, frame: frame, in: tab)
            let rider = try #require(shown.riders.first)
            let rgb = try RenderTools.rgb(ofImage: shown.png)
            try #require(rgb.count == Self.width * Self.height * 3)
            try MapLibreJumpToTests.keep(shown.png, as: "terrain-rider-frame\(frame).png")
            let blue: (Int, Int, Int) -> Bool = { r, g, b in b > 200 && b > r + 60 && b > g + 25 }
            let marker = Self.count(in: rgb, around: rider, radius: 12, blue)
            let centre = Self.centroid(in: rgb, around: rider, radius: 12, blue)
            // The route walked, solid #ff4000, at most 3 px from where MapLibre projects it onto its terrain. A
            // draped line is as thin on the screen as the slope under it is steep seen from the camera (1 px
            // on some of this model's slopes): more than half of the points have a fully solid pixel (7 of 9 here).
            let solid = shown.behind.filter { Self.count(in: rgb, around: $0, radius: 3) { r, g, b in r > 230 && abs(g - 64) < 30 && b < 40 } > 0 }
            print("frame \(frame) (pitch \(pitch)°): the rider projected at \(rider), \(marker) marker pixels within 12 px centred at \(centre), "
                  + "\(shown.counted) rider circle(s) found there; the route solid within 3 px of \(solid.count) of its \(shown.behind.count) points "
                  + "40-200 m behind the rider")
            // The marker is a disc of radius 8 px in #0a6cff (about 200 pixels) in a 3 px white ring.
            #expect(marker > 120, "frame \(frame): the rider's marker is not drawn where MapLibre projects the rider (\(marker) pixels)")
            #expect(hypot(centre[0] - rider[0], centre[1] - rider[1]) < 1.5, "frame \(frame): the marker is centred at \(centre), the rider at \(rider)")
            #expect(shown.counted == 1, "frame \(frame): MapLibre finds \(shown.counted) rider circles")
            #expect(solid.count * 2 > shown.behind.count, "frame \(frame): the route behind the rider is not drawn where MapLibre projects it")
        }
    }

    /// A group on the mountain (three walkers on the hike's path, 150 s apart, at 30 times their speed):
    /// at frame 120, all walking on the slope under a 45° camera, each rider's circle in its colour where
    /// MapLibre projects it, and the page counts the three. Without the depth redraw, a third of each
    /// circle's pixels at most were its colour (the riders' own lines) and the page counted none.
    @Test(.enabled(if: ready, "needs chromium, maplibre-gl.js, ffmpeg, GDAL's tools and ../shared/real"))
    func everyRiderOfAGroupIsDrawnOnTheTerrain() throws {
        guard let js = ExternalTools.mapLibreJS, let url = Fixtures.real(MapLibreJumpToTests.hike) else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = try GPXReader.read(contentsOf: url).route
        let model = try MapLibreJumpToTests.model(of: route, in: dir)
        let walkers = try ["ana", "ben", "cai"].enumerated().map { k, name in try Self.walker(route, startingAfter: 150 * Double(k), named: name, in: dir) }
        let page = dir.appendingPathComponent("group.html")
        let common = walkers.map(\.path) + ["--terrain", model.path, "--speedup", "30"] + Self.flight
        let made = try runRouteFly(["preview"] + common + ["--maplibre-js", js.path, "-o", page.path])
        try #require(made.status == 0, "\(made.stderr)")
        let frames = try MapLibreJumpToTests.frames(try runRouteFly(["sample"] + common + ["--format", "maplibre"]).stdout)
        let frame = 120
        #expect(frames[frame]["active"] as? [Bool] == [true, true, true], "\(frames[frame])")

        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        let shown = try Self.open(page, frame: frame, in: tab)
        let rgb = try RenderTools.rgb(ofImage: shown.png)
        try #require(rgb.count == Self.width * Self.height * 3)
        try MapLibreJumpToTests.keep(shown.png, as: "terrain-group-frame\(frame).png")
        let counted = try tab.evaluate("document.body.dataset.riders") as? String
        print("group frame \(frame): data-riders \(counted ?? "none"), \(shown.counted) rider circles found where the riders project")
        #expect(counted == "3" && shown.counted == 3)
        #expect(shown.riders.count == 3)
        for (k, point) in shown.riders.enumerated() {
            let c = RiderPalette.colors[k]
            // The circle has a radius of 7 px: the 5 px around its centre are all its colour (the rider's own
            // line, 3.5 px wide, covers at most a third of them).
            let own = Self.count(in: rgb, around: point, radius: 5) { r, g, b in abs(r - c.red) + abs(g - c.green) + abs(b - c.blue) < 45 }
            let disc = Self.count(in: rgb, around: point, radius: 5) { _, _, _ in true }
            print("rider \(k) projected at \(point): \(own) of \(disc) pixels within 5 px are its colour \(RiderPalette.hex(k))")
            #expect(own * 4 > disc * 3, "rider \(k): its circle is not drawn where MapLibre projects it (\(own) of \(disc) pixels)")
        }
    }

    /// The distance labels (`--overlay markers`, on by default) of the hike's default flight with terrain, at
    /// frames 200, 300 and 600, each frame opened on its own as the preview's `#frame=N` does: every label
    /// the page shows (not hidden, even when faded by MapLibre's terrain occlusion to opacity 0.2) stands with its
    /// bottom centre within 3 px of where MapLibre projects its route point onto its terrain, 6 px above it
    /// (the label's offset), no label of a point MapLibre projects off the canvas is drawn on it, and the
    /// labels shown are those `render` shows at that frame. Without the page's terrain redraw the labels
    /// stood where the points were before the heights arrived (frame 200: both on the canvas, 970 and
    /// 2,190 px from where their points project, off it; frame 600: 83 and 168 px off).
    @Test(.enabled(if: ready, "needs chromium, maplibre-gl.js, ffmpeg, GDAL's tools and ../shared/real"))
    func distanceLabelsStandWhereMapLibreProjectsTheirPoints() throws {
        guard let js = ExternalTools.mapLibreJS, let url = Fixtures.real(MapLibreJumpToTests.hike) else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try MapLibreJumpToTests.model(of: try GPXReader.read(contentsOf: url).route, in: dir)
        let page = dir.appendingPathComponent("hike.html")
        let made = try runRouteFly(["preview", url.path, "--terrain", model.path, "--maplibre-js", js.path, "-o", page.path, "--viewport", "800x450"])
        try #require(made.status == 0, "\(made.stderr)")
        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        for frame in [200, 300, 600] {
            // As a person opens the preview at a frame: the page shows it once on load, then nothing moves
            // while the height tiles arrive. Probed once the map is idle with every tile loaded.
            try tab.navigate(to: try #require(URL(string: page.absoluteString + "?\(frame)#frame=\(frame)")), timeout: 60)
            _ = try tab.evaluate("routeFly.ready", timeout: 120)
            _ = try tab.evaluate(Self.settled, timeout: 120)
            try MapLibreJumpToTests.keep(try tab.captureScreenshot(), as: "terrain-labels-frame\(frame).png")
            let labels = try #require(try tab.evaluate(Self.labelPlaces) as? [[String: Any]])
            var drawn = 0, worst = 0.0
            for label in labels {
                let text = label["text"] as! String, inside = label["inside"] as! Bool, showing = label["showing"] as! Bool
                let off = label["off"] as! Double
                if showing { drawn += 1; worst = max(worst, inside ? off : 0) }
                #expect(!showing || inside, "frame \(frame): label \(text) drawn at \(label["at"]!) on the canvas, its point projects off it at \(label["projected"]!)")
                #expect(!showing || off < 3, "frame \(frame): label \(text) drawn \(off) px from where its point projects (\(label["at"]!) vs \(label["projected"]!))")
            }
            // The same labels show as when `render` draws the frame (routeFly.show moves the camera there again).
            _ = try tab.evaluate("routeFly.show(\(frame))", timeout: 120)
            let rendered = try #require(try tab.evaluate(Self.labelPlaces) as? [[String: Any]])
            let showing = labels.map { $0["showing"] as! Bool }, renderShows = rendered.map { $0["showing"] as! Bool }
            #expect(showing == renderShows, "frame \(frame): labels showing \(showing) in the preview, \(renderShows) as render draws it")
            print("terrain labels frame \(frame): showing \(showing) (as render draws it: \(renderShows));  \(drawn) of \(labels.count) labels drawn, the worst \(String(format: "%.2f", worst)) px from where MapLibre projects its point; "
                  + labels.map { "\($0["text"]!) at \($0["at"]!) projected \($0["projected"]!) opacity \($0["opacity"]!) visibility \($0["visibility"]!)" }.joined(separator: "; "))
        }
    }

    /// JavaScript: a promise kept once the preview's map is idle with its tiles loaded (at most 20 s), and a
    /// painted frame later.
    static let settled = """
        new Promise((resolve) => {
          const map = routeFlyPreview.map, start = performance.now();
          function check() {
            if ((map.loaded() && map.areTilesLoaded()) || performance.now() - start > 20000) {
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
            } else { setTimeout(check, 100); }
          }
          check();
        })
        """

    /// JavaScript: each distance label's text, whether it shows (on the canvas, visible, not transparent), where its
    /// bottom centre is drawn and where MapLibre projects its point (container pixels, 6 px up), how far
    /// apart they are, and whether that projection is on the canvas.
    static let labelPlaces = """
        (() => {
          const map = routeFlyPreview.map, box = map.getContainer().getBoundingClientRect(), canvas = map.getCanvas();
          const points = JSON.parse(document.getElementById('page').textContent).markers;
          return Array.from(document.querySelectorAll('.km-marker')).map((el, k) => {
            const r = el.getBoundingClientRect(), at = [(r.left + r.right) / 2 - box.left, r.bottom - box.top];
            const q = map.project(points[k].point), projected = [q.x, q.y - 6];
            const style = getComputedStyle(el), opacity = parseFloat(style.opacity);
            const onCanvas = at[0] >= 0 && at[1] >= 0 && at[0] <= canvas.clientWidth && at[1] <= canvas.clientHeight;
            const inside = q.x >= 0 && q.y >= 0 && q.x <= canvas.clientWidth && q.y <= canvas.clientHeight;
            return { text: el.textContent, showing: onCanvas && style.visibility !== 'hidden' && opacity > 0 && el.isConnected, visibility: style.visibility,
                     at: at, projected: projected, off: Math.hypot(at[0] - projected[0], at[1] - projected[1]), inside: inside, opacity: opacity };
          });
        })()
        """

    // MARK: Helpers

    /// What a page shows at one frame: a screenshot, where MapLibre projects each rider (window pixels) and
    /// the route's points 40, 60 … 200 m behind the rider of a single route, and how many rider circles
    /// MapLibre finds there.
    struct Shown {
        var png: [UInt8]
        var riders: [[Double]]
        var behind: [[Double]]
        var counted: Int
    }

    /// Opens `page` at `frame` (a new load: a query string makes the address new), shows the frame as
    /// `render` does (`routeFly.show`, which waits for the map to be idle and painted) and takes a screenshot.
    static func open(_ page: URL, frame: Int, in tab: BrowserPage) throws -> Shown {
        try tab.navigate(to: try #require(URL(string: page.absoluteString + "?\(frame)#frame=\(frame)")), timeout: 60)
        _ = try tab.evaluate("routeFly.ready", timeout: 120)
        let counted = try #require(try tab.evaluate("routeFly.show(\(frame))", timeout: 120) as? Int)
        let places = try #require(try tab.evaluate(projections(frame: frame, behind: Array(stride(from: 40.0, through: 200, by: 20)))) as? [String: Any])
        let png = try tab.captureScreenshot()
        return Shown(png: png, riders: try #require(places["riders"] as? [[Double]]), behind: places["behind"] as? [[Double]] ?? [], counted: counted)
    }

    /// JavaScript: the window pixels where MapLibre projects frame `i`'s riders (the group's, or the single
    /// route's rider) and, for a single route, its points `metres` behind the rider along the route.
    static func projections(frame i: Int, behind metres: [Double]) -> String {
        """
        (() => {
          const map = routeFlyPreview.map, f = routeFlyPreview.frames[\(i)], box = map.getContainer().getBoundingClientRect();
          const p = (c) => { const q = map.project(c); return [q.x + box.left, q.y + box.top]; };
          if (f.riders) { return { riders: f.riders.map(p) }; }
          const course = JSON.parse(document.getElementById('page').textContent).courses[0], ds = course.distances, cs = course.coordinates;
          function at(d) {
            let k = 0;
            while (k < ds.length - 2 && ds[k + 1] < d) { k++; }
            const t = ds[k + 1] > ds[k] ? Math.min(Math.max((d - ds[k]) / (ds[k + 1] - ds[k]), 0), 1) : 0;
            return [cs[k][0] + (cs[k + 1][0] - cs[k][0]) * t, cs[k][1] + (cs[k + 1][1] - cs[k][1]) * t];
          }
          return { riders: [p(f.route.point)], behind: \(metres).map(function (m) { return p(at(f.route.route_distance - m)); }) };
        })()
        """
    }

    /// The pixels (x, y in the window) within `radius` of `point` in a decoded screenshot whose colour
    /// `match`es (red, green, blue, 0...255).
    static func pixels(in rgb: [UInt8], around point: [Double], radius: Int, _ match: (Int, Int, Int) -> Bool) -> [(x: Int, y: Int)] {
        let (cx, cy) = (Int(point[0].rounded()), Int(point[1].rounded()))
        var found: [(x: Int, y: Int)] = []
        for y in (cy - radius)...(cy + radius) where (0..<height).contains(y) {
            for x in (cx - radius)...(cx + radius) where (0..<width).contains(x) && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius {
                let k = (y * width + x) * 3
                if match(Int(rgb[k]), Int(rgb[k + 1]), Int(rgb[k + 2])) { found.append((x, y)) }
            }
        }
        return found
    }

    /// How many pixels within `radius` of `point` match.
    static func count(in rgb: [UInt8], around point: [Double], radius: Int, _ match: (Int, Int, Int) -> Bool) -> Int {
        pixels(in: rgb, around: point, radius: radius, match).count
    }

    /// The mean position (window pixels, a pixel's centre at +0.5) of the pixels within `radius` of `point`
    /// that match: NaN for none.
    static func centroid(in rgb: [UInt8], around point: [Double], radius: Int, _ match: (Int, Int, Int) -> Bool) -> [Double] {
        let found = pixels(in: rgb, around: point, radius: radius, match), n = Double(found.count)
        return [found.reduce(0) { $0 + Double($1.x) + 0.5 } / n, found.reduce(0) { $0 + Double($1.y) + 0.5 } / n]
    }

    /// The route as a GPX walk named `name`: its points 6 s apart from 06:00:00 UTC plus `delay` seconds on
    /// 2010-12-14 (the recording's own times are broken), at their recorded heights.
    static func walker(_ route: Route, startingAfter delay: Double, named name: String, in dir: URL) throws -> URL {
        let start = try #require(ISO8601DateFormatter().date(from: "2010-12-14T06:00:00Z")).addingTimeInterval(delay)
        let format = ISO8601DateFormatter()
        let points = route.points.enumerated().map { i, p in
            "<trkpt lat=\"\(p.coordinate.latitude)\" lon=\"\(p.coordinate.longitude)\"><ele>\(p.elevation ?? 0)</ele>"
                + "<time>\(format.string(from: start.addingTimeInterval(6 * Double(i))))</time></trkpt>"
        }
        let file = dir.appendingPathComponent(name + ".gpx")
        try ("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"RouteKit tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
             + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
