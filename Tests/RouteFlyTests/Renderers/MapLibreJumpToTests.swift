import Foundation
import Testing
import RouteKit
import RouteKitRender

/// Our web-map frames given as they are to MapLibre GL JS 5.3's `map.jumpTo` (PyPI's `maplibre` package)
/// in Debian's headless Chromium, driven over its DevTools pipe: with MapLibre's 3D terrain on a long
/// climb, without terrain, and across the antimeridian. Each page is the recipe of docs/renderers.md; MapLibre's own
/// camera (`transform.getCameraLngLat`, `getCameraAltitude`, `bearing`, `pitch`), its projection of the
/// route onto its terrain (`map.project`) and the pixels it drew are compared with ours. Skipped, with a
/// printed reason, when Chromium, MapLibre, ffmpeg (to decode screenshots), GDAL's tools (to build the
/// terrain model) or ../shared/real are missing. `ROUTEKIT_KEEP_SCREENSHOTS=DIR` keeps the screenshots.
@Suite(.serialized) struct MapLibreJumpToTests {
    static var ready: Bool { ExternalTools.browser && RenderTools.chromium != nil && RenderTools.ffmpeg != nil }
    static let hike = "gpx/gpxpy-Mojstrovka.gpx"
    static let width = 800, height = 450

    // MARK: Terrain

    /// With terrain, `centerClampedToGround: false` and the frames as written (their `elevation`), MapLibre's
    /// line of sight goes through our centre at its height in every frame of a follow flight up Mala
    /// Mojstrovka (a 440 m climb); the same frames without `elevation` keep the first frame's height and
    /// look tens of degrees past the centre near the summit (the failure this guards against). At the
    /// summit, once MapLibre has drawn its terrain, the rider it projects onto that terrain is at the
    /// canvas centre, and the screenshot shows the rider's marker there.
    @Test(.enabled(if: ready && TerrainFixtures.hasGDALTools && Fixtures.sharedReal != nil,
                   "needs chromium, maplibre-gl.js, ffmpeg, GDAL's tools and ../shared/real"))
    func mapLibresCameraLooksAtTheCentreOnTerrainUpALongClimb() throws {
        guard let js = ExternalTools.mapLibreJS, let url = Fixtures.real(Self.hike) else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = try GPXReader.read(contentsOf: url).route
        let model = try Self.model(of: route, in: dir)
        let sampled = try runRouteFly(["sample", url.path, "--terrain", model.path, "--format", "maplibre",
                                       "--viewport", "\(Self.width)x\(Self.height)", "--fps", "5"])
        try #require(sampled.status == 0, "\(sampled.stderr)")
        let frames = try Self.frames(sampled.stdout)
        // The summit: the frame where the rider (the route's point) is highest.
        let summit = try #require(frames.indices.max { Self.routeElevation(frames[$0]) < Self.routeElevation(frames[$1]) })
        let tiles = try Self.writeTiles(of: model, in: dir)
        let page = dir.appendingPathComponent("terrain.html")
        try Self.page(js: js, cameras: sampled.stdout, route: route, tiles: tiles, terrain: true).write(to: page, atomically: true, encoding: .utf8)

        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.navigate(to: page)
        _ = try tab.evaluate("routeKit.loaded", timeout: 60)
        // Every frame, as written and without `elevation` (after the first), MapLibre's line of sight
        // against the direction from its eye to our centre at its height.
        let given = try #require(try tab.evaluate("routeKit.worstLineOfSight(true)", timeout: 60) as? [Double])
        let withheld = try #require(try tab.evaluate("routeKit.worstLineOfSight(false)", timeout: 60) as? [Double])
        let atSummit = try #require(try tab.evaluate("routeKit.lineOfSight(\(summit), true)") as? Double)
        let withheldAtSummit = try #require(try tab.evaluate("routeKit.lineOfSight(\(summit), false)") as? Double)
        print("MapLibre's line of sight vs our centre over \(frames.count) frames: worst \(given[0]) degrees (frame \(Int(given[1]))), "
              + "\(atSummit) at the summit (frame \(summit)); without elevation: worst \(withheld[0]) degrees (frame \(Int(withheld[1]))), "
              + "\(withheldAtSummit) at the summit")
        #expect(given[0] < 0.01, "frame \(Int(given[1])): \(given[0]) degrees off")
        #expect(atSummit < 0.01)
        #expect(withheld[0] > 20 && withheldAtSummit > 10, "without elevation the camera should miss the centre: \(withheld)")

        // The summit drawn: the route's point on MapLibre's terrain at the canvas centre.
        let shown = try #require(try tab.evaluate("routeKit.show(\(summit))", timeout: 90) as? [String: Any])
        let point = try #require(shown["point"] as? [Double]), center = try #require(shown["center"] as? [Double])
        let elevation = try #require(shown["elevation"] as? Double), ground = try #require(shown["ground"] as? Double)
        let frameElevation = try #require(frames[summit]["elevation"] as? Double)
        print("summit frame \(summit): MapLibre's centre elevation \(elevation) m (ours \(frameElevation) m, its terrain there \(ground) m); "
              + "the centre projected at \(center), the rider at \(point), canvas centre (\(Self.width / 2), \(Self.height / 2))")
        #expect(abs(elevation - frameElevation) < 0.001)
        // Our centre is on the model's ground (never under it) and MapLibre's terrain from the
        // tiles is lower there (12 m at this summit: coarser tiles round the peak off): the ground point
        // under our centre is seen that much lower, `dh sin(pitch)` metres on screen at the centre's scale
        // (`2 pi R cos(lat) / (512 2^zoom)` metres a pixel, MapLibre's), straight down the screen.
        let pitch = try #require(frames[summit]["pitch"] as? Double), zoom = try #require(frames[summit]["zoom"] as? Double)
        let metresPerPixel = 2 * Double.pi * 6_371_008.8 * cos(46.43 * .pi / 180) / (512 * pow(2, zoom))
        let drop = (elevation - ground) * sin(pitch * .pi / 180) / metresPerPixel
        #expect(abs(center[0] - Double(Self.width / 2)) < 1 && abs(center[1] - Double(Self.height / 2) - drop) < 0.005 * Double(Self.height),
                "\(center), expected \(drop) px below the canvas centre")
        // The rider walks the route while the follow camera's centre rounds its corners and spurs (README),
        // here the turn at the summit: within a fifth of the screen height (0.11 here).
        #expect(hypot(point[0] - Double(Self.width / 2), point[1] - Double(Self.height / 2)) < 0.2 * Double(Self.height), "\(point)")
        let png = try tab.captureScreenshot()
        try Self.keep(png, as: "maplibre-terrain-summit.png")
        let near = try Self.riderPixels(in: png, around: (Self.width / 2, Self.height / 2), radius: 90)
        #expect(near > 20, "the rider's marker is not near the canvas centre (\(near) marker pixels)")
        // The most pitched frame after the summit, on the way down, looking across the slope.
        let pitched = try #require(frames.indices.filter { $0 > summit }.max { (frames[$0]["pitch"] as! Double) < (frames[$1]["pitch"] as! Double) })
        let across = try #require(try tab.evaluate("routeKit.show(\(pitched))", timeout: 90) as? [String: Any])
        let slope = try tab.captureScreenshot()
        try Self.keep(slope, as: "maplibre-terrain-pitched.png")
        print("frame \(pitched), pitch \(frames[pitched]["pitch"]!): the centre projected at \(across["center"]!), the rider at \(across["point"]!)")
        #expect(try Self.riderPixels(in: slope, around: (Self.width / 2, Self.height / 2), radius: 90) > 20)
        // The same frame after frame 0, without elevation: the camera keeps the start's height.
        let missed = try #require(try tab.evaluate("routeKit.show(\(summit), {withoutElevation: true, fromStart: true})", timeout: 90) as? [String: Any])
        let wrong = try tab.captureScreenshot()
        try Self.keep(wrong, as: "maplibre-terrain-summit-without-elevation.png")
        print("summit frame \(summit) without elevation: MapLibre's centre elevation \(missed["elevation"] ?? "?") m, the rider at \(missed["point"] ?? "?")")
        #expect(try Self.riderPixels(in: wrong, around: (Self.width / 2, Self.height / 2), radius: 90) == 0)
    }

    /// A terrain model of the hike's mountainside: each cell the inverse-distance-weighted mean (power 2,
    /// distances in a plane scaled by cos(latitude)) of the route's recorded heights, so the ground along
    /// the route is the route's own and rises 440 m from the pass (1615 m) to the summit (2057 m). 240 x 150
    /// cells of 0.0002 degrees (15 x 22 m), a Float32 GeoTIFF made by GDAL.
    static func model(of route: Route, in dir: URL) throws -> URL {
        let samples = route.points.compactMap { p in p.elevation.map { (p.coordinate.longitude, p.coordinate.latitude, $0) } }
        let k = cos(46.43 * .pi / 180)
        return try TerrainFixtures.geoTIFF(in: dir, name: "mojstrovka", crs: "EPSG:4326", type: "Float32", columns: 240, rows: 150,
                                           west: 13.720, south: 46.420, cellSize: 0.0002) { x, y in
            var sum = 0.0, weights = 0.0
            for (lon, lat, h) in samples {
                let w = 1 / (pow((lon - x) * k, 2) + pow(lat - y, 2) + 1e-12)
                sum += w * h
                weights += w
            }
            return sum / weights
        }
    }

    /// The model's terrain tiles (Terrarium PNG, as `route-fly render` serves them: ``PageTiles``) written
    /// as `tiles/dem/Z/X/Y.png` files, and their zoom range and bounds for the page's raster-dem source.
    static func writeTiles(of model: URL, in dir: URL) throws -> (url: String, zooms: ClosedRange<Int>, bounds: [Double]) {
        let source = try MapTileSource(elevationPath: model.path)
        let area = BoundingBox(west: 13.720, south: 46.420, east: 13.768, north: 46.450)
        let (tiles, zooms) = try PageTiles.embedded(from: source, over: area)
        let root = dir.appendingPathComponent("tiles")
        for (path, bytes) in tiles where path.hasPrefix("dem/") {
            let file = root.appendingPathComponent(path + ".png")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        return (root.absoluteString, zooms, [area.west, area.south, area.east, area.north])
    }

    // MARK: Without terrain

    /// Without terrain and with MapLibre's default `centerClampedToGround: true`, the frames as written
    /// (with `elevation`) draw exactly the picture of the same frames without it: MapLibre puts the centre
    /// back on its flat map. With `centerClampedToGround: false` the elevation would lift the centre that
    /// far above the flat map, and the rider leaves the canvas centre: the recipe says to leave the option
    /// alone (or drop `elevation`) without terrain.
    @Test(.enabled(if: ready && Fixtures.sharedReal != nil, "needs chromium, maplibre-gl.js, ffmpeg and ../shared/real"))
    func withoutTerrainTheDefaultClampDrawsTheFramesFlat() throws {
        guard let js = ExternalTools.mapLibreJS, let url = Fixtures.real(Self.hike) else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = try GPXReader.read(contentsOf: url).route
        let sampled = try runRouteFly(["sample", url.path, "--format", "maplibre", "--viewport", "\(Self.width)x\(Self.height)", "--fps", "5"])
        try #require(sampled.status == 0, "\(sampled.stderr)")
        let frames = try Self.frames(sampled.stdout)
        let summit = try #require(frames.indices.max { Self.routeElevation(frames[$0]) < Self.routeElevation(frames[$1]) })
        let page = dir.appendingPathComponent("flat.html")
        try Self.page(js: js, cameras: sampled.stdout, route: route, tiles: nil, terrain: false).write(to: page, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.navigate(to: page)
        _ = try tab.evaluate("routeKit.loaded", timeout: 60)
        var shots: [String: [UInt8]] = [:]
        for (name, call) in [("as written", "routeKit.show(\(summit))"), ("without elevation", "routeKit.show(\(summit), {withoutElevation: true})"),
                             ("unclamped", "routeKit.show(\(summit), {clamped: false})")] {
            let shown = try #require(try tab.evaluate(call, timeout: 60) as? [String: Any])
            print("flat map, summit frame \(summit), \(name): MapLibre's centre elevation \(shown["elevation"] ?? "?") m")
            if name != "unclamped" { #expect(shown["elevation"] as? Double == 0, "\(name)") }
            shots[name] = try tab.captureScreenshot()
        }
        try Self.keep(shots["unclamped"]!, as: "maplibre-flat-unclamped-summit.png")
        let written = try RenderTools.rgb(ofImage: shots["as written"]!), bare = try RenderTools.rgb(ofImage: shots["without elevation"]!)
        #expect(written == bare, "the frame with elevation drew another picture than without")
        let centre = (Self.width / 2, Self.height / 2)
        #expect(try Self.riderPixels(in: shots["as written"]!, around: centre, radius: 45) > 20)
        #expect(try Self.riderPixels(in: shots["unclamped"]!, around: centre, radius: 45) == 0)
    }

    // MARK: Antimeridian

    /// Across the antimeridian (Turf's Fiji line), `--angles continuous` centres go on past 180; MapLibre
    /// puts its eye and centre at the same places for them as for the wrapped frames (every frame), and
    /// draws the same pixels at a frame centred beyond 180 as at its wrapped twin.
    @Test(.enabled(if: ready, "needs chromium, maplibre-gl.js and ffmpeg"))
    func continuousLongitudesShowTheSamePlacesInMapLibre() throws {
        guard let js = ExternalTools.mapLibreJS else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fiji = Fixtures.url("geojson/turf-line-fiji.geojson").path
        let common = ["sample", fiji, "--format", "maplibre", "--viewport", "\(Self.width)x\(Self.height)", "--fps", "2"]
        let continuous = try runRouteFly(common + ["--angles", "continuous"]), wrapped = try runRouteFly(common)
        try #require(continuous.status == 0 && wrapped.status == 0, "\(continuous.stderr)")
        let c = try Self.frames(continuous.stdout), w = try Self.frames(wrapped.stdout)
        let beyond = try #require(c.indices.first { (c[$0]["center"] as! [Double])[0] > 180.2 }, "no centre beyond 180")
        let route = try GeoJSONReader.read(contentsOf: URL(fileURLWithPath: fiji)).route
        let page = dir.appendingPathComponent("fiji.html")
        try Self.page(js: js, cameras: continuous.stdout, route: route, tiles: nil, terrain: false, twin: wrapped.stdout)
            .write(to: page, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium(width: Self.width, height: Self.height)
        defer { browser.close() }
        let tab = try browser.openPage()
        try tab.navigate(to: page)
        _ = try tab.evaluate("routeKit.loaded", timeout: 60)
        let apart = try #require(try tab.evaluate("routeKit.twinsApart()", timeout: 60) as? [Double])
        print("Fiji, \(c.count) frames: MapLibre's eye and centre for continuous vs wrapped longitudes at most \(apart[0]) and \(apart[1]) "
              + "degrees apart; frame \(beyond) centred at \((c[beyond]["center"] as! [Double])[0]) (wrapped \((w[beyond]["center"] as! [Double])[0])), "
              + "MapLibre's getCenter().lng \(apart[2])")
        #expect(apart[0] < 1e-7 && apart[1] < 1e-7)
        _ = try tab.evaluate("routeKit.show(\(beyond))", timeout: 60)
        let east = try tab.captureScreenshot()
        _ = try tab.evaluate("routeKit.show(\(beyond), {twin: true})", timeout: 60)
        let west = try tab.captureScreenshot()
        try Self.keep(east, as: "maplibre-fiji-beyond-180.png")
        let a = try RenderTools.rgb(ofImage: east), b = try RenderTools.rgb(ofImage: west)
        let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 8 }.count
        print("Fiji frame \(beyond): \(differing) of \(a.count) colour values differ between the two pictures")
        #expect(a.count == b.count && differing < a.count / 1000)
        #expect(try Self.routePixels(in: east) > 100, "the route is not drawn beyond 180")
    }

    // MARK: Pages

    /// The recipe of docs/renderers.md as a page: a map sized to the viewport with the file's field of view and
    /// `maxPitch`, `maxZoom` 24, with terrain a raster-dem source and `map.setTerrain` (exaggeration 1) and
    /// `centerClampedToGround: false`; the route as a line and the rider (each frame's `route.point`) as a
    /// circle. `routeKit` holds the checks the tests call. `twin` is a second cameras file (the wrapped
    /// frames) for comparisons.
    static func page(js: URL, cameras: String, route: Route, tiles: (url: String, zooms: ClosedRange<Int>, bounds: [Double])?,
                     terrain: Bool, twin: String? = nil) -> String {
        // Longitudes unwrapped along each segment: MapLibre draws a line from 179 to 181 across the
        // antimeridian (from 179 to -179 it would go around the world).
        let line = route.segments.map { segment in
            var previous: Double? = nil
            return "[" + route.points[segment].map { p in
                let longitude = previous.map { Angles.unwrappedAngle(p.coordinate.longitude, near: $0) } ?? p.coordinate.longitude
                previous = longitude
                return "[\(longitude),\(p.coordinate.latitude)]"
            }.joined(separator: ",") + "]"
        }
        let dem = tiles.map { t in
            "{type: 'raster-dem', tiles: ['\(t.url)/dem/{z}/{x}/{y}.png'], encoding: 'terrarium', tileSize: 256, "
                + "minzoom: \(t.zooms.lowerBound), maxzoom: \(t.zooms.upperBound), bounds: [\(t.bounds.map { "\($0)" }.joined(separator: ","))]}"
        } ?? "null"
        return """
            <!DOCTYPE html><html><head><meta charset="utf-8"><script src="\(js.absoluteString)"></script></head>
            <body style="margin:0"><div id="map" style="width:\(width)px;height:\(height)px"></div>
            <script>
            const cameras = \(cameras);
            const twin = \(twin ?? "null");
            const dem = \(dem);
            const frames = cameras.frames;
            const options = { container: 'map', interactive: false, fadeDuration: 0, maxZoom: 24, maxPitch: Math.max(60, cameras.maxPitch),
              ...frames[0],
              style: { version: 8, sources: {
                route: { type: 'geojson', data: { type: 'MultiLineString', coordinates: [\(line.joined(separator: ","))] } },
                rider: { type: 'geojson', data: { type: 'Point', coordinates: frames[0].route.point } } },
                layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
                  { id: 'route', type: 'line', source: 'route', paint: { 'line-color': '#ff4000', 'line-width': 4 } },
                  { id: 'rider', type: 'circle', source: 'rider', paint: { 'circle-color': '#0a6cff', 'circle-radius': 8,
                    'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 } }] } };
            if (\(terrain)) { options.centerClampedToGround = false; }
            const map = new maplibregl.Map(options);
            map.setVerticalFieldOfView(cameras.fov);
            const rad = Math.PI / 180, R = 6371008.8;
            function idle() { return new Promise(function (resolve) { map.once('idle', resolve); map.triggerRepaint(); }); }
            window.routeKit = {
              loaded: new Promise(function (resolve) {
                map.on('load', function () {
                  if (dem) {
                    map.addSource('dem', dem);
                    map.addSource('hills', dem);
                    map.addLayer({ id: 'hills', type: 'hillshade', source: 'hills' }, 'route');
                    map.setTerrain({ source: 'dem', exaggeration: 1 });
                  }
                  idle().then(function () { resolve(true); });
                });
              }),
              // Degrees between MapLibre's line of sight (its bearing and pitch at its eye) and the
              // direction from its eye to frame i's centre at the frame's elevation (a local east-north-up
              // frame at the centre: the eye is within a few kilometres). `given` false: jumpTo without
              // `elevation`, after frame 0 with it, as a recipe without it would do.
              lineOfSight: function (i, given) {
                const f = frames[i];
                if (!given) { map.jumpTo(frames[0]); }
                const camera = { center: f.center, zoom: f.zoom, bearing: f.bearing, pitch: f.pitch };
                map.jumpTo(given ? f : camera);
                const t = map.transform, eye = t.getCameraLngLat(), altitude = t.getCameraAltitude();
                const e = [(eye.lng - f.center[0]) * rad * R * Math.cos(f.center[1] * rad), (eye.lat - f.center[1]) * rad * R, altitude - f.elevation];
                const b = t.bearing * rad, p = t.pitch * rad;
                const forward = [Math.sin(b) * Math.sin(p), Math.cos(b) * Math.sin(p), -Math.cos(p)];
                const cosine = -(e[0] * forward[0] + e[1] * forward[1] + e[2] * forward[2]) / Math.hypot(e[0], e[1], e[2]);
                return Math.acos(Math.max(-1, Math.min(1, cosine))) / rad;
              },
              worstLineOfSight: function (given) {
                let worst = [0, 0];
                for (let i = 0; i < frames.length; i++) {
                  const a = routeKit.lineOfSight(i, given);
                  if (a > worst[0]) { worst = [a, i]; }
                }
                return worst;
              },
              // Shows frame i (or its twin's) and waits until MapLibre has drawn it.
              show: async function (i, how) {
                how = how || {};
                const f = how.twin ? twin.frames[i] : frames[i];
                if (how.clamped !== undefined) { map.setCenterClampedToGround(how.clamped); }
                if (how.fromStart) { map.jumpTo(frames[0]); }
                map.getSource('rider').setData({ type: 'Point', coordinates: f.route.point });
                map.jumpTo(how.withoutElevation ? { center: f.center, zoom: f.zoom, bearing: f.bearing, pitch: f.pitch } : f);
                await idle();
                const point = map.project(f.route.point), center = map.project(f.center);
                const ground = map.getTerrain() ? map.queryTerrainElevation(f.center) : null;
                return { elevation: map.transform.elevation, ground: ground, point: [point.x, point.y], center: [center.x, center.y] };
              },
              // The largest differences, degrees, between MapLibre's eye and centre (wrapped) for each
              // frame and its twin, and MapLibre's centre longitude for the first frame beyond 180.
              twinsApart: function () {
                let eyes = 0, centres = 0, beyond = null;
                for (let i = 0; i < frames.length; i++) {
                  map.jumpTo(frames[i]);
                  const e1 = map.transform.getCameraLngLat().wrap(), c1 = map.getCenter();
                  if (beyond === null && frames[i].center[0] > 180.2) { beyond = c1.lng; }
                  map.jumpTo(twin.frames[i]);
                  const e2 = map.transform.getCameraLngLat().wrap(), c2 = map.getCenter();
                  eyes = Math.max(eyes, Math.abs(e1.lng - e2.lng), Math.abs(e1.lat - e2.lat));
                  const dl = ((c1.lng - c2.lng) % 360 + 540) % 360 - 180;
                  centres = Math.max(centres, Math.abs(dl), Math.abs(c1.lat - c2.lat));
                }
                return [eyes, centres, beyond];
              }
            };
            </script></body></html>
            """
    }

    // MARK: Helpers

    static func frames(_ text: String) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(doc["frames"] as? [[String: Any]])
    }

    static func routeElevation(_ frame: [String: Any]) -> Double {
        ((frame["route"] as? [String: Any])?["route_elevation"] as? Double) ?? -.infinity
    }

    /// Pixels of the rider's marker (#0a6cff: blue well above red and green) within `radius` pixels of
    /// `point` in a screenshot.
    static func riderPixels(in png: [UInt8], around point: (Int, Int), radius: Int) throws -> Int {
        let rgb = try RenderTools.rgb(ofImage: png)
        var count = 0
        for y in max(0, point.1 - radius)..<min(height, point.1 + radius) {
            for x in max(0, point.0 - radius)..<min(width, point.0 + radius) {
                let k = (y * width + x) * 3
                let (r, g, b) = (Int(rgb[k]), Int(rgb[k + 1]), Int(rgb[k + 2]))
                if b > 200 && b > r + 60 && b > g + 25 { count += 1 }
            }
        }
        return count
    }

    /// Pixels of the route's line (#ff4000) in a screenshot.
    static func routePixels(in png: [UInt8]) throws -> Int {
        let rgb = try RenderTools.rgb(ofImage: png)
        return stride(from: 0, to: rgb.count, by: 3).filter { rgb[$0] > 200 && rgb[$0 + 1] < 150 && rgb[$0 + 2] < 100 }.count
    }

    /// Writes a screenshot into `ROUTEKIT_KEEP_SCREENSHOTS` when that names a folder.
    static func keep(_ png: [UInt8], as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["ROUTEKIT_KEEP_SCREENSHOTS"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
}
