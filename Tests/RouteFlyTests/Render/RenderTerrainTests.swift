import Foundation
import Testing
@testable import RouteKitRender

/// `render` and `preview` with `--terrain`: a synthetic ridge built with GDAL's own tools across the
/// bundled hike, drawn in 3D by MapLibre with GDAL's hillshade. Checked by decoded pixels, by MapLibre's
/// own terrain query against `gdallocationinfo`, and by the rider being seen in every follow frame.
@Suite(.serialized) struct RenderTerrainTests {
    static let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static var ready: Bool { RenderCLITests.ready && TerrainFixtures.hasGDALTools }

    /// A ridge 700 m high running north-south across the hike at 14.37 E (with a ripple), or a plane at
    /// 560 m, as a GeoTIFF in EPSG:4326 covering the route with margin.
    static func model(in dir: URL, ridge: Bool) throws -> URL {
        try TerrainFixtures.geoTIFF(in: dir, name: ridge ? "ridge" : "flat", crs: "EPSG:4326", type: "Float32", columns: 440, rows: 260,
                                    west: 14.20, south: 45.66, cellSize: 0.0008) { x, y in
            ridge ? 560 + 700 * exp(-pow((x - 14.37) / 0.012, 2)) + 60 * sin(x * 300) * cos(y * 250) : 560
        }
    }

    /// Frames of a render (1 fps, 320x180, no overlays) as decoded RGB pictures.
    static func frames(_ dir: URL, model: URL) throws -> [[UInt8]] {
        let folder = dir.appendingPathComponent(model.deletingPathExtension().lastPathComponent + "-frames")
        let r = try runRouteFly(["render", hike, "--maplibre-js", RenderCLITests.js, "--terrain", model.path, "--viewport", "320x180",
                                 "--fps", "1", "--overlays", "none", "-o", folder.path + "/"])
        #expect(r.status == 0, "\(r.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try RenderTools.rgb(ofImage: [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    /// Pixels of the shaded ground: grey, clearly darker than the blank map's background (#f4f1ea).
    static func shaded(_ rgb: [UInt8]) -> Int {
        stride(from: 0, to: rgb.count, by: 3).filter { i in
            let (r, g, b) = (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
            return r < 200 && abs(r - g) < 25 && abs(g - b) < 25
        }.count
    }

    @Test(.enabled(if: ready, "needs chromium, ffmpeg, maplibre-gl.js and GDAL's tools"))
    func theRidgeIsShadedAndNeverHidesTheRider() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ridge = try Self.frames(dir, model: try Self.model(in: dir, ridge: true))
        let flat = try Self.frames(dir, model: try Self.model(in: dir, ridge: false))
        #expect(ridge.count == flat.count && ridge.count > 40)
        // The hillshade: the ridge's slopes are shaded, flat ground is not.
        let ridgeShade = ridge.map(Self.shaded).max() ?? 0, flatShade = flat.map(Self.shaded).max() ?? 0
        print("shaded pixels: ridge up to \(ridgeShade) a frame, flat up to \(flatShade)")
        #expect(ridgeShade > 320 * 180 / 20 && flatShade < 320 * 180 / 1000)
        // The rider is seen in every follow frame (after the 6 s fly-in, before the 6 s pull-out), near
        // the image centre (the centre rounds corners by up to a fifth of a screen height while the rider
        // walks them): the planner keeps the ridge from hiding the route, and the picture shows that camera.
        // Following: the rider moving along the route (not waiting at the end of a piece while the camera
        // flies a gap between segments), as `sample --route-columns` says.
        let model = dir.appendingPathComponent("ridge.tif")
        let rows = try runRouteFly(["sample", Self.hike, "--terrain", model.path, "--viewport", "320x180", "--fps", "1", "--route-columns"])
            .stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == ridge.count)
        let along = rows.map { Double($0[11])! }
        let following = Set(rows.indices.filter { $0 > 0 && along[$0] > along[$0 - 1] })
        #expect(following.count > 10, "\(following.count) follow frames")
        var hidden: [Int] = []
        for (i, rgb) in ridge.enumerated() where following.contains(i) {
            let seen = (54..<126).contains { y in (124..<196).contains { x in
                // The marker's blue (#0a6cff), or its paler self while the rider crosses a gap between
                // segments, over whatever shading: blue well above red and green.
                let k = (y * 320 + x) * 3
                let (r, g, b) = (Int(rgb[k]), Int(rgb[k + 1]), Int(rgb[k + 2]))
                return b > 200 && b > r + 60 && b > g + 25
            } }
            if !seen { hidden.append(i) }
        }
        #expect(hidden.isEmpty, "the rider marker is not at the image centre in frames \(hidden)")
    }

    /// The preview holds the model's tiles: MapLibre's own terrain height under the centre is the model's
    /// there (`gdallocationinfo`), to the resolution of the tiles the page holds (within the model's
    /// heights one tile pixel around).
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, maplibre-gl.js and GDAL's tools"))
    func thePreviewsTerrainIsTheModels() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.model(in: dir, ridge: true)
        let page = dir.appendingPathComponent("p.html")
        let r = try runRouteFly(["preview", Self.hike, "--maplibre-js", RenderCLITests.js, "--terrain", model.path, "-o", page.path])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try runRouteFly(["sample", Self.hike, "--terrain", model.path, "--format", "csv"]).stdout.split(separator: "\n")
        for frame in [300, 1080] {
            let row = csv[frame + 1].split(separator: ",")
            let (latitude, longitude) = (Double(row[2])!, Double(row[3])!)
            let (dom, _) = try MapLibreBrowserTests.dumpDOM(URL(string: page.absoluteString + "#frame=\(frame)")!) { $0.contains("data-terrain-elevation") }
            let shown = try #require(dom.components(separatedBy: "data-terrain-elevation=\"").dropFirst().first.flatMap { Double($0.prefix { $0 != "\"" }) },
                                     "no terrain height in \(dom.components(separatedBy: "<body").dropFirst().first?.prefix(300) ?? "")")
            // The page holds tiles of about 26 m pixels (zoom 12 here): on the ridge's slopes MapLibre's
            // height lies within the model's heights one pixel around the point.
            let offsets = [-0.0004, 0, 0.0004]
            let around = try offsets.flatMap { dy in try offsets.map { dx in
                try #require(try TerrainFixtures.locationInfo(model, longitude: longitude + dx, latitude: latitude + dy))
            } }
            let (low, high) = (around.min()!, around.max()!)
            print("frame \(frame): MapLibre's terrain \(shown) m, the model \(around[4]) m (\(low)...\(high) m one pixel around)")
            #expect(shown >= low - 2 && shown <= high + 2, "frame \(frame): MapLibre's terrain \(shown) m vs the model's \(low)...\(high) m")
        }
    }

    /// Imagery cut short (a copy that did not finish): the tile GDAL cannot read fails the render with
    /// the file and GDAL's reason, not the page's account of a failed `routekit://` request, and leaves no
    /// video.
    @Test(.enabled(if: ready, "needs chromium, ffmpeg, maplibre-gl.js and GDAL's tools"))
    func truncatedImageryNamesTheFileAndGDALsReason() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.model(in: dir, ridge: false)
        let whole = try TerrainFixtures.geoTIFF(in: dir, name: "imagery", crs: "EPSG:4326", type: "Byte", columns: 440, rows: 260,
                                                west: 14.20, south: 45.66, cellSize: 0.0008) { x, y in (x * 1000 + y * 700).truncatingRemainder(dividingBy: 255) }
        let bytes = try Data(contentsOf: whole)
        let truncated = dir.appendingPathComponent("truncated.tif")
        try bytes.prefix(bytes.count * 2 / 5).write(to: truncated)
        let video = dir.appendingPathComponent("v.mp4")
        let r = try runRouteFly(["render", Self.hike, "--maplibre-js", RenderCLITests.js, "--terrain", model.path, "--imagery", truncated.path,
                                 "--viewport", "320x180", "--fps", "1", "--frames", "0:3", "--overlays", "none", "-o", video.path])
        #expect(r.status == 1 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(r.stderr.contains("\(truncated.path): error: reading the imagery failed: warping tile "), "\(r.stderr)")
        #expect(r.stderr.contains("IReadBlock failed") && !r.stderr.contains("routekit://"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video.path))
    }
}
