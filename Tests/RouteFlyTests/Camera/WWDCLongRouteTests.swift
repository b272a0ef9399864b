import Foundation
import Testing
@testable import RouteKit

/// `wwdc` on a route across two continents (Lisbon to Krasnoyarsk, about 7,300 km):
/// the distance never collapses, the picture's up is the pose's heading in every frame, the eye never
/// dips under the ground between two samples, and the flight comes back to where it started. Checked on
/// the CSV and CZML files with formulas written here (quaternion rotation, WGS 84 to Earth-centred
/// coordinates) and PROJ's `cs2cs` for the heights between samples.
@Suite struct WWDCLongRouteTests {
    /// The long route, with heights, or without (`--ground-elevation 0` gives them).
    static func route(in dir: URL, heights: Bool) throws -> URL {
        let url = dir.appendingPathComponent(heights ? "long.gpx" : "long-flat.gpx")
        try OrbitFramingTests.writeLongRoute(to: url)
        if !heights {
            let text = try String(contentsOf: url, encoding: .utf8).replacing(try Regex("<ele>[^<]*</ele>"), with: "")
            try Data(text.utf8).write(to: url)
        }
        return url
    }

    static func rows(_ csv: String) -> [[Double]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
    }

    /// WGS 84 geodetic to Earth-centred metres (Hofmann-Wellenhof et al. 2008, 5.6.1).
    static func ecef(lat: Double, lon: Double, h: Double) -> SIMD3<Double> {
        let a = 6_378_137.0, f = 1 / 298.257223563, e2 = f * (2 - f)
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        let n = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        return SIMD3((n + h) * cos(phi) * cos(lambda), (n + h) * cos(phi) * sin(lambda), (n * (1 - e2) + h) * sin(phi))
    }

    /// `v` rotated by the unit quaternion `(x, y, z, w)`.
    static func rotate(_ v: SIMD3<Double>, by q: [Double]) -> SIMD3<Double> {
        let u = SIMD3(q[0], q[1], q[2]), w = q[3]
        let t = 2 * OrbitFramingTests.cross(u, v)
        return v + w * t + OrbitFramingTests.cross(u, t)
    }

    /// The routes: the synthetic one with and without heights, and the issue's own 7,591 km route
    /// (../shared/real: GPSBabel's Narita to Seattle, 6 points without heights, across the antimeridian),
    /// with and without `--ground-elevation 0`; and the highest ground under each, metres above sea level.
    static let cases: [(route: String, ground: Bool, highest: Double)] = [
        ("synthetic", false, 2000), ("synthetic-flat", true, 0),
        ("gpx/gpsbabel-bendgc-expected.gpx", false, 0), ("gpx/gpsbabel-bendgc-expected.gpx", true, 0),
    ]

    @Test(arguments: 0..<cases.count)
    func flightOnALongRouteKeepsItsDistanceUpAndGround(index: Int) throws {
        let (name, ground, highest) = Self.cases[index]
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route: URL
        if name.hasPrefix("synthetic") {
            route = try Self.route(in: dir, heights: name == "synthetic")
        } else {
            guard let real = sharedRealFile(name) else { return }
            route = real
        }
        let common = ["sample", route.path, "--preset", "wwdc", "--fps", "30"] + (ground ? ["--ground-elevation", "0"] : [])
        let csv = try runRouteFly(common + ["--eye", "--format", "csv"])
        let czml = try runRouteFly(common + ["--format", "czml"])
        #expect(csv.status == 0 && czml.status == 0, "\(csv.stderr)")
        #expect(!csv.stderr.contains("1 m"), "\(csv.stderr)")
        let rows = Self.rows(csv.stdout)
        try #require(rows.count == 601)
        // frame,time,latitude,longitude,heading,pitch,distance,center_elevation,eye_latitude,eye_longitude,eye_altitude
        let nearest = rows.map { $0[6] }.min()!
        #expect(nearest > 100_000, "the distance fell to \(nearest) m")
        // Back to the start: centre, heading, pitch and distance of the last frame are the first's.
        let first = rows[0], last = rows[rows.count - 1]
        for column in [2, 3, 4, 5, 6, 7] {
            #expect(abs(first[column] - last[column]) <= 1e-6 * max(1, abs(first[column])), "column \(column): \(first[column]) then \(last[column])")
        }

        let packets = try #require(JSONSerialization.jsonObject(with: Data(czml.stdout.utf8)) as? [[String: Any]])
        var eyes: [Double] = [], quaternions: [Double] = []
        for p in packets where p["id"] as? String == "camera" {
            eyes += ((p["position"] as? [String: Any])?["cartographicDegrees"] as? [Double]) ?? []
            quaternions += ((p["orientation"] as? [String: Any])?["unitQuaternion"] as? [Double]) ?? []
        }
        // The frames' samples: CZML adds samples between two frames where CesiumJS's interpolation would
        // stray (CZMLInterpolation); the frames are the samples at the CSV's frame times (same decimals).
        let sampleTimes = stride(from: 0, to: eyes.count, by: 4).map { eyes[$0] }
        let frames = try #require(RecordedInstantTests.frameSampleIndices(sampleTimes: sampleTimes, frameTimes: rows.map { $0[1] }, tolerance: 1e-6))
        eyes = frames.flatMap { eyes[(4 * $0)..<(4 * $0 + 4)] }
        quaternions = frames.flatMap { quaternions[(5 * $0)..<(5 * $0 + 5)] }
        try #require(eyes.count == 4 * rows.count && quaternions.count == 5 * rows.count)
        // Up: the picture's top, projected on the horizontal plane at the eye, faces the pose's heading
        // (the camera looks straight down: pitch 0), in every frame.
        var worstUp = 0.0
        for (i, row) in rows.enumerated() {
            let q = Array(quaternions[(5 * i + 1)..<(5 * i + 5)])
            let up = Self.rotate(SIMD3(0, 0, 1), by: q)
            let lat = eyes[4 * i + 2] * .pi / 180, lon = eyes[4 * i + 1] * .pi / 180
            let east = SIMD3(-sin(lon), cos(lon), 0), north = SIMD3(-sin(lat) * cos(lon), -sin(lat) * sin(lon), cos(lat))
            let azimuth = atan2(OrbitFramingTests.dot(up, east), OrbitFramingTests.dot(up, north)) * 180 / .pi
            worstUp = max(worstUp, abs(remainder(azimuth - row[4], 360)))
        }
        #expect(worstUp < 0.01, "the picture's up is \(worstUp) degrees off the heading")
        // The ground between samples: Cesium interpolates the eye linearly in Earth-centred axes; the
        // chord's midpoint must stay above the route's highest point (plus the geoid's 85 m at most).
        guard let cs2cs = OrbitFramingTests.cs2cs else { return }
        var midpoints: [String] = []
        for i in 0..<(rows.count - 1) {
            let a = Self.ecef(lat: eyes[4 * i + 2], lon: eyes[4 * i + 1], h: eyes[4 * i + 3])
            let b = Self.ecef(lat: eyes[4 * i + 6], lon: eyes[4 * i + 5], h: eyes[4 * i + 7])
            let m = (a + b) / 2
            midpoints.append("\(m.x) \(m.y) \(m.z)")
        }
        let input = dir.appendingPathComponent("mid.txt")
        try Data(midpoints.joined(separator: "\n").utf8).write(to: input)
        let r = try ExternalTools.run(cs2cs, ["-f", "%.4f", "EPSG:4978", "EPSG:4979", input.path])
        let heights = r.stdout.split(separator: "\n").map { Double($0.split(whereSeparator: { $0 == " " || $0 == "\t" })[2])! }
        try #require(heights.count == midpoints.count)
        #expect(heights.min()! > highest + 85, "the eye dips to \(heights.min()!) m between samples")
    }

    /// Straight down (pitch 0) at 1 m, the attitude's up is the pose's heading whatever rounding leaves
    /// of the line of sight's horizontal part; it turns continuously as the pitch grows from 0.
    @Test func upIsThePoseHeadingLookingStraightDown() {
        for (lat, lon) in [(48.085, 41.865), (-33.9, 151.2), (89.9, 10.0), (0.0, -179.99)] {
            for heading in stride(from: 0.0, to: 360, by: 17) {
                let camera = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: lat, longitude: lon), distance: 1, heading: heading, pitch: 0)
                let pose = CameraPose(frame: 0, time: 0, camera: camera, centerElevation: 1097.589, geoidUndulation: 20)
                let attitude = CameraAttitude(pose: pose, eye: camera.eye(centerElevation: pose.centerEllipsoidalHeight))
                #expect(abs(remainder(attitude.heading - heading, 360)) < 1e-5, "\(lat) \(lon) \(heading): \(attitude.heading)")
            }
        }
        var previous: Double? = nil
        for pitch in [0, 1e-9, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1] {
            let camera = MapCamera(centerCoordinate: LocationCoordinate2D(latitude: 48, longitude: 42), distance: 1000, heading: 123, pitch: pitch)
            let pose = CameraPose(frame: 0, time: 0, camera: camera, centerElevation: 0, geoidUndulation: 0)
            let h = CameraAttitude(pose: pose, eye: camera.eye()).heading
            if let previous { #expect(abs(remainder(h - previous, 360)) < 0.01, "pitch \(pitch): \(h) after \(previous)") }
            previous = h
        }
    }
}
