import Foundation
import Testing
@testable import RouteKit

/// The shapes renderers need, checked against facts from outside RouteKit: published Earth
/// Studio exports, the ZIP reader of Python's standard library, numbers counted in the files themselves.
@Suite(.serialized) struct RendererOutputTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The largest change of each rotation channel between consecutive frames, over frames whose `y`
    /// is within `yLimit` degrees of 0 (both frames), and over all frames.
    static func rotationSteps(_ frames: [[String: Any]], yLimit: Double = 90) -> (x: Double, y: Double, z: Double) {
        var m = (x: 0.0, y: 0.0, z: 0.0)
        for (a, b) in zip(frames, frames.dropFirst()) {
            let ra = a["rotation"] as! [String: Double], rb = b["rotation"] as! [String: Double]
            guard abs(ra["y"]!) <= yLimit, abs(rb["y"]!) <= yLimit else { continue }
            m.x = max(m.x, abs(ra["x"]! - rb["x"]!))
            m.y = max(m.y, abs(ra["y"]! - rb["y"]!))
            m.z = max(m.z, abs(ra["z"]! - rb["z"]!))
        }
        return m
    }

    /// `Rx(x) Ry(y) Rz(z)` for angles in degrees, row-major.
    static func matrix(_ r: [String: Double]) -> [[Double]] {
        let (x, y, z) = (r["x"]! * .pi / 180, r["y"]! * .pi / 180, r["z"]! * .pi / 180)
        let rx = [[1, 0, 0], [0, cos(x), -sin(x)], [0, sin(x), cos(x)]]
        let ry = [[cos(y), 0, sin(y)], [0, 1, 0], [-sin(y), 0, cos(y)]]
        let rz = [[cos(z), -sin(z), 0], [sin(z), cos(z), 0], [0, 0, 1]]
        func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
        }
        return product(product(rx, ry), rz)
    }

    /// The angle of the rotation between two rotation matrices, degrees: `acos((trace(AᵀB) - 1) / 2)`.
    static func angle(_ a: [[Double]], _ b: [[Double]]) -> Double {
        let trace = (0..<3).reduce(0.0) { t, i in t + (0..<3).reduce(0.0) { $0 + a[$1][i] * b[$1][i] } }
        return acos(min(1, max(-1, (trace - 1) / 2))) * 180 / .pi
    }

    // MARK: Earth Studio

    @Test func earthStudioHasTheEnvelopeOfRealExports() throws {
        // The README's example flight (the default follow preset over the bundled route), 30 fps.
        let r = try runRouteFly(["sample", Self.route, "--format", "earth-studio"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try Self.json(r.stdout)
        for key in ["name", "width", "height", "frameRate", "numFrames", "durationSeconds", "cameraFrames", "trackPoints"] {
            #expect(doc[key] != nil, "missing \(key)")
        }
        #expect(doc["name"] as? String == "ACTIVE LOG #2")  // the GPX track's <name>
        let frames = try #require(doc["cameraFrames"] as? [[String: Any]])
        // 6 s intro + 30 s + 6 s outro at 30 fps: 1261 frames, 1260 intervals.
        #expect(frames.count == 1261)
        #expect(doc["numFrames"] as? Int == 1260)
        #expect(doc["durationSeconds"] as? Double == 42)
        #expect(doc["frameRate"] as? Double == 30)
        #expect(doc["width"] as? Int == 1920 && doc["height"] as? Int == 1080)
        let tracks = try #require(doc["trackPoints"] as? [[String: Any]])
        #expect(tracks.count == 2)
        for t in tracks {
            #expect(t["name"] is String)
            let p = try #require(t["position"] as? [String: Double])
            let c = try #require(t["coordinate"] as? [String: Any])
            #expect(p["x"] != nil && p["y"] != nil && p["z"] != nil)
            #expect(c["latitude"] is Double && c["longitude"] is Double && c["altitude"] is Double)
        }
        // The first track point is the GPX file's first trkpt (lat 45.772175035, lon 14.357659249).
        let start = try #require(tracks.first?["coordinate"] as? [String: Any])
        #expect(abs((start["latitude"] as! Double) - 45.772175035) < 1e-8 && abs((start["longitude"] as! Double) - 14.357659249) < 1e-8)
        // As real exports: `visible`, and Earth Studio's normalised form, decoded with the formulas of the
        // add-ons that read it (imagiscope's EarthStudioTools GES_Panel_1_2.py; GES-utils ges2nerf.py):
        // longitude 360 r - 180, latitude 179.9998 r - 89.9999, altitude 65117481 r + 1 (its value range).
        for t in tracks {
            #expect(t["visible"] as? Bool == true)
            let c = try #require(t["coordinate"] as? [String: Any])
            let attributes = try #require((c["position"] as? [String: Any])?["attributes"] as? [[String: Any]])
            #expect(attributes.map { $0["type"] as? String } == ["longitude", "latitude", "altitude"])
            let values = attributes.map { $0["value"] as! [String: Double] }
            #expect(abs(360 * values[0]["relative"]! - 180 - (c["longitude"] as! Double)) < 1e-8)
            #expect(abs(179.9998 * values[1]["relative"]! - 89.9999 - (c["latitude"] as! Double)) < 1e-8)
            #expect(abs(65_117_481 * values[2]["relative"]! + 1 - (c["altitude"] as! Double)) < 1e-3)
            let a = values[2]
            #expect(abs((a["maxValueRange"]! - a["minValueRange"]!) * a["relative"]! + a["minValueRange"]! - (c["altitude"] as! Double)) < 1e-3)
        }
        // RouteKit's route: every trkpt, one line per track, starting at the first track point.
        let route = try #require(doc["route"] as? [String: Any])
        #expect(route["type"] as? String == "MultiLineString")
        let lines = try #require(route["coordinates"] as? [[[Double]]])
        let gpx = try String(contentsOfFile: Self.route, encoding: .utf8)
        #expect(lines.reduce(0) { $0 + $1.count } == gpx.components(separatedBy: "<trkpt ").count - 1)
        #expect(lines.count == 7)  // 8 tracks, one of them empty
        #expect(lines[0][0][0] == start["longitude"] as? Double && lines[0][0][1] == start["latitude"] as? Double
                && lines[0][0][2] == start["altitude"] as? Double)
        #expect(doc["terrain"] == nil)  // only with --terrain
        for f in frames {
            #expect(f["position"] is [String: Double] && f["rotation"] is [String: Double] && f["coordinate"] is [String: Double])
        }
        let first = try #require(frames.first?["rotation"] as? [String: Double])
        #expect((0..<360).contains(first["x"]!))
    }

    @Test func earthStudioRotationsAreContinuous() throws {
        for preset in ["follow", "wwdc", "overview", "orbit"] {
            let r = try runRouteFly(["sample", Self.route, "--preset", preset, "--format", "earth-studio"])
            #expect(r.status == 0, "\(preset): \(r.stderr)")
            let frames = try #require(try Self.json(r.stdout)["cameraFrames"] as? [[String: Any]])
            // Never a wrap: no channel moves by anything near 360 (or 180) between frames.
            let all = Self.rotationSteps(frames)
            #expect(max(all.x, all.y, all.z) < 30, "\(preset): \(all)")
            // Away from the Euler angles' gimbal lock (y = -90: the line of sight along the ECEF X axis,
            // where x and z turn fast together and only x - z is defined), every channel moves less
            // than 10 degrees a frame.
            let regular = Self.rotationSteps(frames, yLimit: 80)
            #expect(max(regular.x, regular.y, regular.z) < 10, "\(preset): \(regular)")
            // Near the lock the camera itself still turns slowly, and what Blender draws between two
            // frames (each channel interpolated halfway) stays within the turn of that frame: no swing.
            var turn = 0.0, between = 0.0
            for (a, b) in zip(frames, frames.dropFirst()) {
                let ra = a["rotation"] as! [String: Double], rb = b["rotation"] as! [String: Double]
                let ma = Self.matrix(ra), mb = Self.matrix(rb)
                let mid = Self.matrix(["x": (ra["x"]! + rb["x"]!) / 2, "y": (ra["y"]! + rb["y"]!) / 2, "z": (ra["z"]! + rb["z"]!) / 2])
                turn = max(turn, Self.angle(ma, mb))
                between = max(between, Self.angle(mid, ma), Self.angle(mid, mb))
            }
            #expect(turn < 4 && between < 2, "\(preset): \(turn) degrees a frame, \(between) halfway")
            // Every x stays near the published range: the first in 0..<360, no drift by whole turns.
            let xs = frames.map { ($0["rotation"] as! [String: Double])["x"]! }
            #expect(xs.allSatisfy { (-180...540).contains($0) }, "\(preset)")
        }
        // A flight looking down the whole time (the wwdc recipe) has every channel within 10 degrees.
        let wwdc = try runRouteFly(["sample", Self.route, "--preset", "wwdc", "--format", "earth-studio"])
        let steps = Self.rotationSteps(try #require(try Self.json(wwdc.stdout)["cameraFrames"] as? [[String: Any]]))
        #expect(max(steps.x, steps.y, steps.z) < 10)
    }

    @Test func earthStudioRotationMatchesThePublishedSample() throws {
        // A published export (docs/renderers.md#earth-studio-exports; Stack Overflow question 68705448): a camera
        // looking straight down at 0 E 33.9165 N has rotation (180, -56.0835, -90).
        let camera = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: 33.9165, longitude: 0), distance: 5000, heading: 0, pitch: 0)
        let pose = CameraPose(frame: 0, time: 0, camera: camera, eye: camera.eye())
        var writer = EarthStudioPoseWriter(context: PoseWriterContext(framesPerSecond: 30, frameCount: 1))
        let doc = try Self.json(String(decoding: writer.encode([pose]), as: UTF8.self))
        let rotation = try #require((doc["cameraFrames"] as? [[String: Any]])?.first?["rotation"] as? [String: Double])
        #expect(abs(rotation["x"]! - 180) < 0.01)
        #expect(abs(rotation["y"]! - -56.0835) < 0.01)
        #expect(abs(rotation["z"]! - -90) < 0.01)
        #expect(doc["numFrames"] as? Int == 0)
        #expect((doc["trackPoints"] as? [Any])?.count == 2)
    }

    // MARK: Continuous angles

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func continuousHeadingsNeverJumpOnRealRoutes() throws {
        guard let root = Fixtures.sharedReal else { return }
        var flown = 0
        for folder in ["gpx", "kml", "tcx", "geojson", "csv", "polyline"] {
            for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("\(folder)").path).sorted() {
                let path = root.appendingPathComponent("\(folder)/\(file)").path
                var arguments = ["sample", path, "--angles", "continuous"]
                if file.hasSuffix(".p6.txt") { arguments += ["--polyline-precision", "6"] }
                let r = try runRouteFly(arguments)
                guard r.status == 0 else { continue }  // waypoint-only files cannot be flown
                flown += 1
                let headings = r.stdout.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[4])! }
                #expect((0..<360).contains(headings[0]), "\(file)")
                let jump = zip(headings, headings.dropFirst()).map { abs($1 - $0) }.max() ?? 0
                #expect(jump <= 10, "\(file): a heading jump of \(jump) degrees")
            }
        }
        #expect(flown >= 20)
    }

    @Test func wrappedHeadingsStayInRangeAndContinuousOnesUnwrap() throws {
        // An orbit turns once around: wrapped headings pass 360 -> 0, continuous ones end near 360.
        let wrapped = try runRouteFly(["sample", Self.route, "--preset", "orbit", "--fps", "5"])
        let continuous = try runRouteFly(["sample", Self.route, "--preset", "orbit", "--fps", "5", "--angles", "continuous"])
        let w = wrapped.stdout.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[4])! }
        let c = continuous.stdout.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[4])! }
        #expect(w.allSatisfy { (0..<360).contains($0) })
        #expect(zip(w, w.dropFirst()).contains { abs($1 - $0) > 180 })
        #expect(zip(c, c.dropFirst()).allSatisfy { abs($1 - $0) < 10 })
        #expect(abs((c.last! - c.first!)) > 300)
        // The same directions.
        #expect(zip(w, c).allSatisfy { abs(Angles.normalizedHeading($1) - $0).truncatingRemainder(dividingBy: 360) < 1e-3 || abs(abs(Angles.normalizedHeading($1) - $0) - 360) < 1e-3 })
        // Other formats refuse the option.
        let kml = try runRouteFly(["sample", Self.route, "--format", "kml", "--angles", "continuous"])
        #expect(kml.status == 64 && kml.stderr.contains("'--angles' applies to csv, geojson, maplibre output"))
    }

    /// `LongitudeSequence`: wrapped longitudes in -180...180; continuous ones unwrapped from centre to
    /// centre, the frame's other points beside its centre.
    @Test func longitudeSequencesWrapOrUnwrap() {
        var wrapped = LongitudeSequence(.wrapped), continuous = LongitudeSequence(.continuous)
        #expect([179.9, 180.1, -179.5].map { wrapped.nextCenter($0) } == [179.9, Angles.normalizedLongitude(180.1), -179.5])
        #expect(wrapped.beside(181) == -179)
        let unwrapped = [179.9, -179.9, -179.5, 179.0].map { continuous.nextCenter($0) }
        #expect(zip(unwrapped, [179.9, 180.1, 180.5, 179.0]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(unwrapped)")
        #expect(abs(continuous.beside(-179) - 181) < 1e-9 && continuous.beside(178.5) == 178.5)
    }

    /// Turf's Fiji line crosses the antimeridian back and forth. Wrapped, the centre's longitude jumps by
    /// about 360 degrees between frames; with `--angles continuous` CSV and MapLibre longitudes step by
    /// less than a degree (the same places: equal modulo 360), the eye's and the route point's lie within
    /// 180 degrees of the centre's, and GeoJSON keeps every longitude in -180...180, as wrapped.
    @Test func continuousLongitudesCrossTheAntimeridianWithoutAJump() throws {
        let fiji = Fixtures.url("geojson/turf-line-fiji.geojson").path
        func run(_ format: String, _ extra: [String]) throws -> String {
            let r = try runRouteFly(["sample", fiji, "--fps", "2", "--format", format, "--eye"] + extra)
            try #require(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        func steps(_ values: [Double]) -> Double { zip(values, values.dropFirst()).map { abs($1 - $0) }.max() ?? 0 }
        func samePlaces(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs(remainder($0 - $1, 360)) < 1e-7 } }
        // CSV: centre (column 3) and eye (column 9) longitudes.
        func csv(_ text: String) -> [[Double]] {
            text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        }
        let wrappedRows = csv(try run("csv", [])), continuousRows = csv(try run("csv", ["--angles", "continuous"]))
        let w = wrappedRows.map { $0[3] }, c = continuousRows.map { $0[3] }
        #expect(w.allSatisfy { (-180...180).contains($0) } && steps(w) > 300, "wrapped: largest step \(steps(w))")
        #expect(steps(c) < 1 && c.contains { $0 > 180 } && (-180...180).contains(c[0]), "continuous: largest step \(steps(c))")
        #expect(samePlaces(w, c))
        #expect(samePlaces(wrappedRows.map { $0[9] }, continuousRows.map { $0[9] }))
        #expect(continuousRows.allSatisfy { abs($0[9] - $0[3]) <= 180 })
        // MapLibre: the centre, and the route point beside it.
        let wrappedFrames = try #require(try Self.json(try run("maplibre", []))["frames"] as? [[String: Any]])
        let continuousFrames = try #require(try Self.json(try run("maplibre", ["--angles", "continuous"]))["frames"] as? [[String: Any]])
        let mw = wrappedFrames.map { ($0["center"] as! [Double])[0] }, mc = continuousFrames.map { ($0["center"] as! [Double])[0] }
        #expect(steps(mw) > 300 && steps(mc) < 1 && samePlaces(mw, mc))
        for f in continuousFrames {
            let point = ((f["route"] as! [String: Any])["point"] as! [Double])[0], center = (f["center"] as! [Double])[0]
            #expect(abs(point - center) <= 180)
            #expect(f["elevation"] as? Double == 0 && f["center_elevation"] == nil)
        }
        // GeoJSON: positions and eye longitudes as wrapped, in range.
        func geo(_ text: String) throws -> [[Double]] {
            let features = try #require(try Self.json(text)["features"] as? [[String: Any]])
            return features.compactMap { f in
                guard let g = f["geometry"] as? [String: Any], g["type"] as? String == "Point",
                      let p = f["properties"] as? [String: Any], let eye = p["eye_longitude"] as? Double else { return nil }
                return [(g["coordinates"] as! [Double])[0], eye]
            }
        }
        let gw = try geo(try run("geojson", [])), gc = try geo(try run("geojson", ["--angles", "continuous"]))
        #expect(gc.count == w.count && gc == gw)
        #expect(gc.allSatisfy { $0.allSatisfy { (-180...180).contains($0) } })
    }

    // MARK: Field of view and viewport

    @Test func geoJSONAndCSVCarryTheFieldOfViewAndViewport() throws {
        let g = try runRouteFly(["sample", Self.route, "--fps", "2", "--format", "geojson", "--viewport", "1280x720", "--fov", "50"])
        let camera = try #require(try Self.json(g.stdout)["camera"] as? [String: Any])
        #expect(camera["verticalFieldOfView"] as? Double == 50)
        #expect(camera["viewport"] as? [Int] == [1280, 720])
        // 2 atan(tan(25 degrees) * 16 / 9) = 79.3169 degrees (Python math).
        #expect(abs((camera["horizontalFieldOfView"] as? Double ?? 0) - 79.3169) < 1e-4)
        let c = try runRouteFly(["sample", Self.route, "--fps", "2", "--viewport", "1280x720", "--fov", "50", "--fov-columns"])
        let lines = c.stdout.split(separator: "\n")
        #expect(lines.first == "frame,time,latitude,longitude,heading,pitch,distance,center_elevation,eye_latitude,eye_longitude,eye_altitude,vertical_fov,viewport_width,viewport_height")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",50.0000,1280,720") })
    }

    // MARK: KML and KMZ

    @Test func kmlDurationsAddUpToTheFlight() throws {
        // 7 fps: every interval is 1/7 s = 0.142857142... s, which rounds to 0.142857 alone; 36 s of it
        // rounded frame by frame would lose 294 * 0.000000142857 s = 42 microseconds.
        let r = try runRouteFly(["sample", Self.route, "--fps", "7", "--format", "kml"])
        let durations = r.stdout.components(separatedBy: "<gx:duration>").dropFirst().map {
            $0.prefix { $0 != "<" }
        }
        #expect(durations.count == 295)
        let micro = durations.map { d -> Int in
            let parts = d.split(separator: ".")
            return Int(parts[0])! * 1_000_000 + Int(parts[1])!
        }
        #expect(micro.reduce(0, +) == 42_000_000)
        #expect(Set(micro.dropFirst()).isSubset(of: [142_857, 142_858]))
    }

    @Test func kmlLookAtIsOnTheGround() throws {
        let r = try runRouteFly(["sample", Self.route, "--fps", "2", "--format", "kml", "--kml-view", "lookat"])
        #expect(r.status == 0)
        let csv = try runRouteFly(["sample", Self.route, "--fps", "2"])
        let frames = csv.stdout.split(separator: "\n").count - 1
        #expect(r.stdout.components(separatedBy: "<LookAt>").count - 1 == frames)
        #expect(!r.stdout.contains("<Camera>"))
        #expect(r.stdout.components(separatedBy: "<altitudeMode>relativeToGround</altitudeMode>").count - 1 == frames)
        // The range is the camera distance of the same frame (the CSV's distance column).
        let firstDistance = csv.stdout.split(separator: "\n")[1].split(separator: ",")[6]
        #expect(r.stdout.contains("<range>\(firstDistance)</range>"))
        let csvOut = try runRouteFly(["sample", Self.route, "--kml-view", "lookat"])
        #expect(csvOut.status == 64)
    }

    @Test(.enabled(if: ExternalTools.python(with: "zipfile", needs: "the KMZ check") != nil, "needs python3"))
    func kmzIsAZipOfTheKMLTour() throws {
        guard let python = ExternalTools.python(with: "zipfile", needs: "the KMZ check") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let kmz = dir.appendingPathComponent("tour.KMZ").path
        let r = try runRouteFly(["sample", Self.route, "--fps", "5", "-o", kmz])
        #expect(r.status == 0, "\(r.stderr)")
        let kml = try runRouteFly(["sample", Self.route, "--fps", "5", "--format", "KML"])
        let script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(z.namelist()[0])\nsys.stdout.write(z.read(z.namelist()[0]).decode('utf-8'))"
        let unzipped = try ExternalTools.run(python, ["-c", script, kmz])
        #expect(unzipped.status == 0, "\(unzipped.stderr)")
        #expect(unzipped.stdout == "doc.kml\n" + kml.stdout)
    }

    @Test func unknownOutputExtensionsAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["flight.mp4", "flight.txt", "tour.kmz2"] {
            let path = dir.appendingPathComponent(name).path
            let r = try runRouteFly(["sample", Self.route, "-o", path])
            #expect(r.status == 64 && r.stdout.isEmpty, "\(name)")
            #expect(r.stderr.contains("expected .csv, .geojson, .json, .kml, .kmz, .czml, .gpx, .svg"), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        // With --format, any name will do; extensions and format names are case-insensitive.
        let txt = dir.appendingPathComponent("flight.txt").path
        #expect(try runRouteFly(["sample", Self.route, "--fps", "1", "--format", "CSV", "-o", txt]).status == 0)
        let upper = dir.appendingPathComponent("FLIGHT.GEOJSON").path
        #expect(try runRouteFly(["sample", Self.route, "--fps", "1", "-o", upper]).status == 0)
        #expect(try String(contentsOfFile: upper, encoding: .utf8).hasPrefix("{\"type\":\"FeatureCollection\""))
        let bad = try runRouteFly(["sample", Self.route, "--format", "mp4"])
        #expect(bad.status == 64 && bad.stderr.contains("maplibre, gpx, svg, mapbox, deckgl"))
    }

    // MARK: CZML clock

    @Test func czmlUsesTheRecordedTimesWithRecordedTiming() throws {
        // The GPX file's first trkpt time is 2010-08-05T14:23:59Z; the follow preset flies in for 6 s first.
        let r = try runRouteFly(["sample", Self.route, "--timing", "recorded", "--fps", "0.2", "--format", "czml"])
        #expect(r.status == 0)
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let clock = try #require(packets.first?["clock"] as? [String: Any])
        #expect(clock["currentTime"] as? String == "2010-08-05T14:23:53Z")
        // Sped up 60 times: the clock runs 60 recorded seconds per second, the intro spans 360 of them.
        let fast = try runRouteFly(["sample", Self.route, "--timing", "recorded", "--speedup", "60", "--fps", "2", "--format", "czml"])
        let fastClock = try #require((try JSONSerialization.jsonObject(with: Data(fast.stdout.utf8)) as? [[String: Any]])?.first?["clock"] as? [String: Any])
        #expect(fastClock["currentTime"] as? String == "2010-08-05T14:17:59Z")
        #expect(fastClock["multiplier"] as? Int == 60)
        // Other timings keep the documented fixed epoch.
        let distance = try runRouteFly(["sample", Self.route, "--format", "czml"])
        #expect(distance.stdout.contains("\"currentTime\":\"2000-01-01T00:00:00Z\""))
    }

    // MARK: Web-map cameras

    @Test func mapLibreZoomFollowsThePublishedFormula() throws {
        // ctc = 0.5 * 1080 / tan(atan(1/3)) = 1620 px; zoom = log2(1620 * 2 pi 6371008.8 cos 45 / (512 * 2000))
        // = 15.450580342 (computed with Python's math module).
        let zoom = MapLibrePoseWriter.zoom(distance: 2000, latitude: 45, viewportHeight: 1080,
                                             verticalFieldOfView: CameraFraming.defaultVerticalFieldOfView)
        #expect(abs(zoom - 15.450580342084393) < 1e-9)
        let r = try runRouteFly(["sample", Self.route, "--fps", "2", "--format", "deckgl"])
        let doc = try Self.json(r.stdout)
        #expect(doc["maxPitch"] as? Double == 60)
        let frames = try #require(doc["frames"] as? [[String: Any]])
        let csv = try runRouteFly(["sample", Self.route, "--fps", "2"])
        #expect(frames.count == csv.stdout.split(separator: "\n").count - 1)
        #expect(frames.allSatisfy { ($0["center"] as? [Double])?.count == 2 && $0["zoom"] is Double && $0["bearing"] is Double && $0["pitch"] is Double })
    }

    @Test func pitchesAboveTheWebMapsMaximumAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("cam.json").path
        let steep = try runRouteFly(["sample", Self.route, "--pitch", "70", "--format", "maplibre", "-o", out])
        #expect(steep.status == 1 && steep.stderr.contains("above the web map's maximum of 60") && steep.stderr.contains("'--max-pitch'"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try runRouteFly(["sample", Self.route, "--pitch", "70", "--format", "maplibre", "--max-pitch", "85", "-o", out]).status == 0)
        #expect(try runRouteFly(["sample", Self.route, "--pitch", "70", "--format", "mapbox", "-o", out]).status == 0)
        #expect(try runRouteFly(["sample", Self.route, "--format", "maplibre", "--max-pitch", "86"]).status == 64)
    }

    /// Beyond Web Mercator's 85.0511 degrees a web map clamps the centre (MapLibre 5.3's `jumpTo` put a
    /// centre at 89.95 N at 84.37 N, about 600 km off), and above zoom 24 it clamps the zoom: refused,
    /// with the frame named, for `--format maplibre` and `preview`.
    @Test func framesAWebMapCannotShowAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pole = dir.appendingPathComponent("pole.gpx")
        try Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="89.99" lon="0"/><trkpt lat="89.9" lon="10"/></trkseg></trk></gpx>"#.utf8).write(to: pole)
        let out = dir.appendingPathComponent("cam.json").path
        let polar = try runRouteFly(["sample", pole.path, "--format", "maplibre", "-o", out])
        #expect(polar.status == 1 && polar.stderr.contains("beyond Web Mercator's 85.0511 degrees"), "\(polar.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let page = try runRouteFly(["preview", pole.path, "-o", dir.appendingPathComponent("p.html").path])
        #expect(page.status == 1 && page.stderr.contains("beyond Web Mercator"))
        #expect(try runRouteFly(["sample", pole.path, "--format", "kml", "-o", dir.appendingPathComponent("t.kml").path]).status == 0)
        // 1 m from a 1080-pixel-high view at 46 N: zoom log2(1620 * 2 pi * 6371008.8 * cos 46 / 512) = 26.4.
        let tiny = dir.appendingPathComponent("tiny.csv")
        try Data("latitude,longitude\n46,14\n46.00001,14\n".utf8).write(to: tiny)
        let close = try runRouteFly(["sample", tiny.path, "--format", "maplibre", "--distance", "1", "-o", out])
        #expect(close.status == 1 && close.stderr.contains("above the highest a web map allows (24"), "\(close.stderr)")
        #expect(try runRouteFly(["sample", tiny.path, "--format", "maplibre", "--distance", "50", "-o", out]).status == 0)
    }

    /// With only some points timed (the last 5 of 296 here), the route's clock starts at point 0's
    /// made-up time (extrapolated back from the first timed point), so that the first timed point is
    /// reached at its recorded instant; it was anchored at point 0 with the first recorded time, 4 h off.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"))
    func partlyTimedRoutesKeepTheirRecordedInstants() throws {
        guard let url = sharedRealFile("gpx/gpxpy-cerknicko-without-times.gpx") else { return }
        let route = try #require(readRoute(url).value).route
        let first = try #require(route.points.firstIndex { $0.time != nil })
        #expect(first == 291)  // 5 <time> elements in the file, on its last 5 points
        let timing = try FlightTiming.recorded(for: route)
        let start = try #require(route.points[first].time)
        let epoch = ISO8601.string(from: start.addingTimeInterval(-timing.times[first]))
        let r = try runRouteFly(["sample", url.path, "--timing", "recorded", "--intro", "0", "--fps", "0.01", "--format", "czml"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"epoch\":\"\(epoch)\""), "expected epoch \(epoch)")
        #expect(timing.times[first] > 3600)  // the made-up part is long: anchoring at point 0 was hours off
    }

    // MARK: Preview page

    /// A route's name is data inside the page's `<script>` elements: `<!--` or `</script` in it must not
    /// change how HTML reads the script (a name `<!--<script>` kept MapLibre's page from starting).
    @Test func routeNamesCannotBreakThePreviewScript() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("named.gpx")
        try Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>&lt;!--&lt;script&gt;&lt;/script&gt;</name><trkseg><trkpt lat="46" lon="14"><ele>300</ele></trkpt><trkpt lat="46.01" lon="14.01"><ele>300</ele></trkpt></trkseg></trk></gpx>"#.utf8).write(to: gpx)
        let r = try runRouteFly(["preview", gpx.path, "--fps", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let scripts = r.stdout.components(separatedBy: "<script").dropFirst().map { $0.components(separatedBy: "</script>").first ?? "" }
        #expect(scripts.allSatisfy { !$0.dropFirst().contains("<!--") && !$0.contains("<script") }, "a script element holds <!-- or <script")
        #expect(r.stdout.contains(#"\u003c!--\u003cscript>"#))
    }

    @Test func previewPageOptions() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Default: the pinned CDN script and stylesheet, the blank style, the route and every frame.
        let page = try runRouteFly(["preview", Self.route, "--fps", "2"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(page.stdout.contains("<script src=\"https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js\"></script>"))
        #expect(page.stdout.contains("<link rel=\"stylesheet\" href=\"https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.css\">"))
        #expect(page.stdout.contains("const routeFlyStyleURL = null;"))
        let frames = try runRouteFly(["sample", Self.route, "--fps", "2"]).stdout.split(separator: "\n").count - 1
        #expect(page.stdout.components(separatedBy: "{\"frame\":").count - 1 == frames)
        // A style URL; a local script is inlined with the stylesheet beside it.
        let js = dir.appendingPathComponent("maplibre-gl.js"), css = dir.appendingPathComponent("maplibre-gl.css")
        try "var maplibregl = {}; // </script> inside".write(to: js, atomically: true, encoding: .utf8)
        try ".maplibregl-map { overflow: hidden; }".write(to: css, atomically: true, encoding: .utf8)
        let styled = try runRouteFly(["preview", Self.route, "--fps", "2", "--maplibre-js", js.path, "--style", "https://demotiles.maplibre.org/style.json"])
        #expect(styled.status == 0)
        #expect(!styled.stdout.contains("<script src="))
        #expect(styled.stdout.contains("var maplibregl = {}; // <\\/script> inside"))
        #expect(styled.stdout.contains(".maplibregl-map { overflow: hidden; }"))
        #expect(styled.stdout.contains("const routeFlyStyleURL = \"https://demotiles.maplibre.org/style.json\";"))
        // Errors: a page written under another extension, a style that is no URL, a missing or wrong script.
        #expect(try runRouteFly(["preview", Self.route, "-o", dir.appendingPathComponent("f.png").path]).status == 64)
        #expect(try runRouteFly(["preview", Self.route, "--style", "style.json"]).status == 64)
        let missing = try runRouteFly(["preview", Self.route, "--maplibre-js", dir.appendingPathComponent("nope.js").path])
        #expect(missing.status == 1 && missing.stdout.isEmpty && missing.stderr.contains("cannot read the MapLibre GL JS file"))
        let wrong = try runRouteFly(["preview", Self.route, "--maplibre-js", Self.route])
        #expect(wrong.status == 1 && wrong.stderr.contains("this is not MapLibre GL JS"))
        let steep = try runRouteFly(["preview", Self.route, "--pitch", "86"])
        #expect(steep.status == 1 && steep.stderr.contains("above MapLibre's highest maxPitch, 85"))
        let help = try runRouteFly(["help", "preview"])
        #expect(help.status == 0 && help.stdout.contains("--maplibre-js <url-or-path>"))
    }
}
