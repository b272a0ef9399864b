import Foundation
import Testing

/// Earth Studio files played in their real consumers: Blender, as PyPI's `bpy`
/// (Blender as a Python module; `.ci/run` installs it in /opt/bpy-venv), importing with our own script
/// (docs/blender-import-earth-studio.py) and with the add-on most people use, imagiscope's
/// EarthStudioTools (never copied here: `$ROUTEKIT_EARTHSTUDIOTOOLS` names the folder holding its
/// `GES_Panel_1_2.py`; without it that test is skipped). Blender's cameras are compared with the CSV
/// poses of the same flight, made Earth-centred by PROJ's `cs2cs` (EPSG:4979 to EPSG:4978) and turned
/// into east-north-up axes here: an independent path from the one the Earth Studio writer takes.
@Suite(.serialized) struct BlenderImportTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
    static let script = Fixtures.packageRoot.appendingPathComponent("docs/blender-import-earth-studio.py").path
    static let cs2cs = ExternalTools.find("cs2cs", needs: "the Blender camera checks against PROJ's cs2cs")

    /// A Python that imports `bpy`: `$ROUTEKIT_BPY_PYTHON`, else /opt/bpy-venv/bin/python (as `.ci/run`
    /// installs it), else `nil` with a printed reason.
    static let python: URL? = {
        let candidates = [ProcessInfo.processInfo.environment["ROUTEKIT_BPY_PYTHON"], "/opt/bpy-venv/bin/python"].compactMap { $0 }
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            if let r = try? ExternalTools.run(URL(fileURLWithPath: path), ["-c", "import bpy"]), r.status == 0 {
                return URL(fileURLWithPath: path)
            }
        }
        print("note: no Python with Blender's 'bpy' module (/opt/bpy-venv/bin/python or $ROUTEKIT_BPY_PYTHON); the Blender import checks are skipped (CI installs it: see .ci/run)")
        return nil
    }()

    /// The EarthStudioTools add-on's folder, `$ROUTEKIT_EARTHSTUDIOTOOLS`, or `nil` with a printed reason.
    static let earthStudioTools: URL? = {
        if let path = ProcessInfo.processInfo.environment["ROUTEKIT_EARTHSTUDIOTOOLS"],
           FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("GES_Panel_1_2.py").path) {
            return URL(fileURLWithPath: path)
        }
        print("note: $ROUTEKIT_EARTHSTUDIOTOOLS does not name a folder with imagiscope's EarthStudioTools add-on (GES_Panel_1_2.py, from github.com/imagiscope/EarthStudioTools: third-party code under its own licence, never copied here; CI has no GitHub); the add-on import check is skipped")
        return nil
    }()

    static var canImport: Bool { python != nil && cs2cs != nil }

    // MARK: Helpers

    /// Runs one of the bpy harnesses in Fixtures/blender and returns the JSON it prints after "RESULT ".
    static func harness(_ name: String, _ arguments: [String]) throws -> [String: Any] {
        let r = try ExternalTools.run(try #require(python), [Fixtures.url("blender/\(name)").path] + arguments)
        #expect(r.status == 0, "\(name): \(r.stderr.suffix(3000))")
        let line = try #require(r.stdout.split(separator: "\n").last { $0.hasPrefix("RESULT ") }, "\(r.stdout.suffix(2000))\n\(r.stderr.suffix(2000))")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.dropFirst(7).utf8)) as? [String: Any])
    }

    /// Earth-centred, Earth-fixed metres of geodetic places (degrees, metres above the ellipsoid), by cs2cs.
    static func earthCentred(_ places: [(latitude: Double, longitude: Double, height: Double)]) throws -> [SIMD3<Double>] {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.txt")
        try places.map { "\($0.latitude) \($0.longitude) \($0.height)" }.joined(separator: "\n").appending("\n")
            .write(to: input, atomically: true, encoding: .utf8)
        let r = try ExternalTools.run(try #require(cs2cs), ["-f", "%.5f", "EPSG:4979", "EPSG:4978", input.path])
        let points = r.stdout.split(separator: "\n").map { line in
            let v = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0)! }
            return SIMD3(v[0], v[1], v[2])
        }
        #expect(points.count == places.count)
        return points
    }

    /// Rows of the rotation from ECEF axes to east, north, up at a place (degrees).
    static func eastNorthUp(latitude: Double, longitude: Double) -> [SIMD3<Double>] {
        let p = latitude * .pi / 180, l = longitude * .pi / 180
        return [SIMD3(-sin(l), cos(l), 0), SIMD3(-sin(p) * cos(l), -sin(p) * sin(l), cos(p)), SIMD3(cos(p) * cos(l), cos(p) * sin(l), sin(p))]
    }

    static func turn(_ rows: [SIMD3<Double>], _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum())
    }

    static func vector(_ any: Any?) -> SIMD3<Double> {
        let a = any as! [Double]
        return SIMD3(a[0], a[1], a[2])
    }

    static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

    static func degrees(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        acos(min(1, max(-1, (a * b).sum() / (length(a) * length(b))))) * 180 / .pi
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// The CSV flight: per frame the centre and the eye (degrees, metres above the ellipsoid) and the
    /// vertical field of view.
    struct Pose { var centre: (Double, Double, Double); var eye: (Double, Double, Double); var fov: Double }

    static func poses(_ csv: String) throws -> [Pose] {
        let lines = csv.split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name), "no \(name) in \(header)") }
        let c = try ["latitude", "longitude", "center_elevation", "eye_latitude", "eye_longitude", "eye_altitude", "vertical_fov"].map(column)
        return lines.dropFirst().map { line in
            let v = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) ?? .nan }
            return Pose(centre: (v[c[0]], v[c[1]], v[c[2]]), eye: (v[c[3]], v[c[4]], v[c[5]]), fov: v[c[6]])
        }
    }

    /// The flight as Earth Studio JSON and as CSV (heights above the ellipsoid, with the field of view).
    static func flight(in dir: URL, extra: [String] = []) throws -> (json: URL, poses: [Pose], doc: [String: Any]) {
        let json = dir.appendingPathComponent("flight.json"), csv = dir.appendingPathComponent("flight.csv")
        let a = try runRouteFly(["sample", route, "--format", "earth-studio", "-o", json.path] + extra)
        #expect(a.status == 0, "\(a.stderr)")
        let b = try runRouteFly(["sample", route, "--fov-columns", "-o", csv.path] + extra)
        #expect(b.status == 0, "\(b.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        return (json, try poses(String(contentsOf: csv, encoding: .utf8)), doc)
    }

    /// A synthetic terrain model around the bundled hike (EGM96 heights, geographic): a flat floor at
    /// 450 m within 3.5 km of (45.768 N, 14.3357 E) and hills rising beyond it.
    static func bowl(in dir: URL) throws -> URL {
        try TerrainFixtures.geoTIFF(in: dir, name: "bowl", crs: "EPSG:4326", columns: 380, rows: 260, west: 14.15, south: 45.64,
                                    cellSize: 0.001) { x, y in
            let dx = (x - 14.3357) * 111_320 * cos(45.77 * .pi / 180), dy = (y - 45.768) * 111_320
            let rim = max(0, (dx * dx + dy * dy).squareRoot() - 3500) / 2500
            return 450 + 500 * (1 - exp(-rim * rim))
        }
    }

    // MARK: Our import script

    @Test(.enabled(if: canImport && TerrainFixtures.hasGDALTools, "needs bpy (/opt/bpy-venv), PROJ's cs2cs and GDAL's tools"))
    func ourScriptBuildsALevelLocalSceneWhoseCameraIsTheCSVs() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try Self.bowl(in: dir)
        let (json, poses, doc) = try Self.flight(in: dir, extra: ["--terrain", model.path])
        let result = try Self.harness("import_ours.py", [Self.script, json.path])
        let objects = try #require(result["objects"] as? [String])
        #expect(Set(["UserObject", "RouteKit Camera", "RouteKit Route", "RouteKit Terrain", "RouteKit Sun"]).isSubset(of: objects), "\(objects)")  // the user's object kept
        #expect(result["clip_start"] as? Double == 1)
        let frames = try #require(result["frames"] as? [[String: Any]])
        #expect(frames.count == poses.count && poses.count == 1261)
        // The local frame: the origin on the ellipsoid, inside the flight's box.
        let origin = try #require(result["origin"] as? [Double])
        #expect(origin.count == 3 && origin[2] == 0 && abs(origin[0] - 45.77) < 0.05 && abs(origin[1] - 14.34) < 0.05, "\(origin)")
        let rows = Self.eastNorthUp(latitude: origin[0], longitude: origin[1])
        let places = poses.flatMap { [$0.eye, $0.centre] }.map { (latitude: $0.0, longitude: $0.1, height: $0.2) }
        let earth = try Self.earthCentred(places + [(origin[0], origin[1], 0)])
        let centreOfFrame = earth.last!
        func local(_ p: SIMD3<Double>) -> SIMD3<Double> { Self.turn(rows, p - centreOfFrame) }
        var eyeError = 0.0, lookError = 0.0, roll = 0.0, fovError = 0.0
        for (i, frame) in frames.enumerated() {
            let eye = local(earth[2 * i]), centre = local(earth[2 * i + 1])
            eyeError = max(eyeError, Self.length(Self.vector(frame["location"]) - eye))
            let forward = Self.vector(frame["forward"]), up = Self.vector(frame["up"])
            lookError = max(lookError, Self.degrees(forward, centre - eye))
            // No roll: the picture's x axis is level at the eye (perpendicular to the ellipsoid's normal there).
            let pose = poses[i].eye
            let p = pose.0 * .pi / 180, l = pose.1 * .pi / 180
            let vertical = Self.turn(rows, SIMD3(cos(p) * cos(l), cos(p) * sin(l), sin(p)))
            roll = max(roll, abs((Self.cross(forward, up) * vertical).sum()))
            #expect((up * vertical).sum() > -1e-6, "frame \(i) upside down")  // 0 looking straight down
            fovError = max(fovError, abs((frame["fov"] as! Double) - poses[i].fov))
        }
        print("Blender (our script, ENU): eye within \(eyeError) m of the CSV's (cs2cs), line of sight within \(lookError) degrees, roll \(roll), field of view within \(fovError) degrees; largest Euler step \(result["largest_euler_step"]!) degrees a frame")
        #expect(eyeError < 0.01)
        #expect(lookError < 0.001)
        #expect(roll < 1e-5)
        #expect(fovError < 1e-4)
        // In ENU a camera without roll is far from the XYZ Euler angles' gimbal lock: no channel jumps.
        #expect(try #require(result["largest_euler_step"] as? Double) < 5)
        // The route: every point where PROJ puts it, at about its height (level: the ground drops only by
        // the Earth's curvature, d² / 2R, away from the origin).
        let lines = try #require((doc["route"] as? [String: Any])?["coordinates"] as? [[[Double]]])
        let routePoints = lines.flatMap { $0 }
        let gpx = try String(contentsOfFile: Self.route, encoding: .utf8)
        #expect(routePoints.count == gpx.components(separatedBy: "<trkpt ").count - 1)
        let drawn = try #require(result["route"] as? [[Double]])
        #expect(drawn.count == routePoints.count)
        let routeEarth = try Self.earthCentred(routePoints.map { (latitude: $0[1], longitude: $0[0], height: $0[2]) })
        var routeError = 0.0, levelError = 0.0
        for (k, point) in routePoints.enumerated() {
            let expected = local(routeEarth[k])
            routeError = max(routeError, Self.length(SIMD3(drawn[k][0], drawn[k][1], drawn[k][2]) - expected))
            let d2 = drawn[k][0] * drawn[k][0] + drawn[k][1] * drawn[k][1]
            levelError = max(levelError, abs(drawn[k][2] - (point[2] - d2 / (2 * 6_371_000))))
        }
        print("Blender route: \(drawn.count) points within \(routeError) m of PROJ's; Z = height - d²/2R within \(levelError) m")
        #expect(routeError < 0.01)
        #expect(levelError < 0.05)
        // The ground: a mesh whose face at the origin (the flat floor) faces straight up.
        let terrain = try #require(result["terrain"] as? [String: Any])
        #expect(try #require(terrain["faces"] as? Int) > 10_000)
        let normal = Self.vector(terrain["normal_at_origin"])
        let tilt = Self.degrees(normal, SIMD3(0, 0, 1))
        let floor = Self.vector(terrain["centre"])
        print("Blender terrain: \(terrain["faces"]!) faces; at the origin the ground is \(tilt) degrees from level, at Z \(floor.z) m")
        #expect(tilt < 0.1)
        // The floor is 450 m above sea level: about 496 m above the ellipsoid here (EGM96 N is +46.6 m).
        #expect(abs(floor.z - 496.6) < 1, "\(floor)")
    }

    @Test(.enabled(if: canImport, "needs bpy (/opt/bpy-venv) and PROJ's cs2cs"))
    func ourScriptKeepsTheEarthCentredFrameOnRequest() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (json, poses, doc) = try Self.flight(in: dir, extra: ["--fps", "5"])
        // A zoom, as an Earth Studio export may have: each frame's own `fovVertical` becomes the lens there.
        var zoomed = doc
        var cameraFrames = try #require(doc["cameraFrames"] as? [[String: Any]])
        let zoom = { (i: Int) in 30 + 20 * Double(i) / Double(cameraFrames.count) }
        for i in cameraFrames.indices { cameraFrames[i]["fovVertical"] = zoom(i) }
        zoomed["cameraFrames"] = cameraFrames
        try JSONSerialization.data(withJSONObject: zoomed).write(to: json)
        let result = try Self.harness("import_ours.py", [Self.script, json.path, "--", "--frame", "ecef", "--no-route"])
        let frames = try #require(result["frames"] as? [[String: Any]])
        let fovError = frames.enumerated().map { abs(($1["fov"] as! Double) - zoom($0)) }.max() ?? .infinity
        print("Blender (our script): the lens keyed per frame is each frame's fovVertical within \(fovError) degrees")
        #expect(fovError < 1e-4)
        #expect(!(try #require(result["objects"] as? [String])).contains("RouteKit Route"))
        #expect(frames.count == poses.count)
        let start = try #require((doc["trackPoints"] as? [[String: Any]])?.first?["position"] as? [String: Double])
        let origin = SIMD3(start["x"]!, start["y"]!, start["z"]!)
        let earth = try Self.earthCentred(poses.map { (latitude: $0.eye.0, longitude: $0.eye.1, height: $0.eye.2) })
        let error = zip(frames, earth).map { Self.length(Self.vector($0["location"]) - ($1 - origin)) }.max() ?? .infinity
        print("Blender (our script, ECEF): eye within \(error) m of the CSV's (cs2cs)")
        #expect(error < 0.01)
    }

    /// Bad input and usage are refused before anything is built: one line on standard error naming the
    /// file and JSON path (exit 1) or the usage (exit 64), no traceback, no .blend written; the flight
    /// file is never overwritten. (Before: the JSON became a .blend with exit 0, and Python tracebacks.)
    @Test(.enabled(if: python != nil, "needs bpy (/opt/bpy-venv)"))
    func ourScriptRefusesBadInputInOneLine() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("flight.json")
        let made = try runRouteFly(["sample", Self.route, "--format", "earth-studio", "--fps", "2", "-o", json.path])
        #expect(made.status == 0, "\(made.stderr)")
        let original = try Data(contentsOf: json)
        let doc = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        func variant(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var d = doc
            change(&d)
            let url = dir.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: d).write(to: url)
            return url.path
        }
        func text(_ name: String, _ content: String) throws -> String {
            let url = dir.appendingPathComponent(name)
            try content.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        var nanFrames = try #require(doc["cameraFrames"] as? [[String: Any]])
        var position = try #require(nanFrames[2]["position"] as? [String: Any])
        position["x"] = "NaN"  // replaced by a bare NaN below: Python's json reads it
        nanFrames[2]["position"] = position
        let nan = try variant("nan.json") { $0["cameraFrames"] = nanFrames }
        try String(contentsOfFile: nan, encoding: .utf8).replacingOccurrences(of: "\"NaN\"", with: "NaN")
            .write(toFile: nan, atomically: true, encoding: .utf8)
        let blend = dir.appendingPathComponent("out.blend").path
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            ([json.path, json.path], 64, "is an input"),
            ([json.path, dir.appendingPathComponent("out.json").path], 64, "does not end in .blend"),
            ([json.path], 64, "no output file"),
            ([json.path, blend, "--frame", "bogus"], 64, "'bogus' is invalid for '--frame': expected enu or ecef"),
            ([dir.appendingPathComponent("missing.json").path, blend], 1, "missing.json: error: cannot read the file: No such file"),
            ([try text("route.csv", "latitude,longitude\n1,2\n"), blend], 1, "route.csv:1:1: error: not JSON"),
            ([try text("empty.json", ""), blend], 1, "empty.json:1:1: error: not JSON"),
            ([try text("flight.czml", "[{\"id\":\"document\",\"version\":\"1.0\"}]"), blend], 1, "flight.czml: error: $: found an array, expected an object"),
            ([try variant("noframes.json") { $0["cameraFrames"] = [Any]() }, blend], 1, "$.cameraFrames: found an empty array, expected a non-empty array"),
            ([nan, blend], 1, "$.cameraFrames[2].position.x: found nan, expected a finite number"),
            ([try variant("rate.json") { $0["frameRate"] = 0 }, blend], 1, "$.frameRate: found 0, expected a finite number above 0"),
            ([json.path, dir.appendingPathComponent("no/such/dir/out.blend").path], 1, "error: cannot write: the directory"),
        ]
        for c in cases {
            let r = try ExternalTools.run(try #require(Self.python), [Self.script, "--"] + c.arguments)
            let errorLines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("usage: ") }
            #expect(r.status == c.status && r.stderr.contains(c.message) && errorLines.count == 1 && !r.stderr.contains("Traceback"),
                    "\(c.arguments.map { URL(fileURLWithPath: $0).lastPathComponent }): exit \(r.status)\n\(r.stderr.suffix(1500))")
            #expect(!FileManager.default.fileExists(atPath: blend), "a .blend was written for \(c.arguments)")
        }
        #expect(try Data(contentsOf: json) == original, "the flight file was changed")
        // --frame=ecef is the same as --frame ecef.
        let r = try ExternalTools.run(try #require(Self.python), [Self.script, "--", json.path, blend, "--frame=ecef"])
        #expect(r.status == 0 && r.stdout.contains("in the ECEF frame") && FileManager.default.fileExists(atPath: blend), "\(r.stdout.suffix(500))\n\(r.stderr.suffix(1500))")
    }

    // MARK: imagiscope's EarthStudioTools

    @Test(.enabled(if: canImport && earthStudioTools != nil, "needs bpy, cs2cs and $ROUTEKIT_EARTHSTUDIOTOOLS"))
    func earthStudioToolsImportsOurFileWithinACentimetre() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (json, poses, _) = try Self.flight(in: dir)
        let result = try Self.harness("import_earthstudiotools.py", [try #require(Self.earthStudioTools).path, json.path])
        print("EarthStudioTools: import \(result["ended"]!); track points \(result["trackPoints"]!)")
        #expect(result["trackPoints"] as? [String] == ["1. Start", "2. End"])
        let frames = try #require(result["frames"] as? [[String: Any]])
        #expect(frames.count == poses.count)
        let earth = try Self.earthCentred(poses.flatMap { [$0.eye, $0.centre] }.map { (latitude: $0.0, longitude: $0.1, height: $0.2) })
        var eyeError = 0.0, lookError = 0.0, roll = 0.0
        for (i, frame) in frames.enumerated() {
            let eye = earth[2 * i], centre = earth[2 * i + 1]
            eyeError = max(eyeError, Self.length(Self.vector(frame["eye"]) - eye))
            let forward = Self.vector(frame["forward"]), up = Self.vector(frame["up"])
            lookError = max(lookError, Self.degrees(forward, centre - eye))
            let p = poses[i].eye.0 * .pi / 180, l = poses[i].eye.1 * .pi / 180
            let vertical = SIMD3(cos(p) * cos(l), cos(p) * sin(l), sin(p))
            roll = max(roll, abs((Self.cross(forward, up) * vertical).sum()))
            #expect((up * vertical).sum() > -1e-6, "frame \(i) upside down")  // 0 looking straight down
        }
        print("EarthStudioTools camera: eye within \(eyeError) m of the CSV's (cs2cs), line of sight within \(lookError) degrees, roll \(roll)")
        #expect(eyeError < 0.01)
        #expect(lookError < 0.001)
        #expect(roll < 1e-5)
    }
}
