import Foundation
import Testing
@testable import RouteKit

/// `orbit` (and `overview`) keep every route point, at its height, inside the frame
/// at every frame, relief and the Earth's curvature included. Checked outside RouteKit's geometry: the
/// eye and centre from the CSV, the route points from the file (a regular expression), all converted to
/// Earth-centred coordinates by PROJ's `cs2cs` (route heights above sea level through the EGM96 geoid,
/// `EPSG:4326+5773`; the CSV's heights above the ellipsoid, `EPSG:4979`), then a pinhole camera built
/// here: forward from the eye to the centre, right level at the eye (perpendicular to the ellipsoid
/// normal there), the vertical field of view and the aspect.
@Suite struct OrbitFramingTests {
    static let cs2cs = ExternalTools.find("cs2cs", needs: "the independent projection of orbit frames")

    /// A route across two continents, Lisbon to Krasnoyarsk (about 7,300 km), 240 points, heights
    /// 0-2000 m: the long route across two continents.
    static func writeLongRoute(to url: URL) throws {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Lisbon to Krasnoyarsk</name><trkseg>\n"
        for i in 0..<240 {
            let f = Double(i) / 239
            let lat = 38.72 + (56.01 - 38.72) * f + 4 * sin(f * .pi)
            let lon = -9.14 + (92.87 + 9.14) * f
            let ele = 1000 + 1000 * sin(f * 7 * .pi)
            text += "<trkpt lat=\"\(String(format: "%.6f", lat))\" lon=\"\(String(format: "%.6f", lon))\"><ele>\(String(format: "%.1f", ele))</ele></trkpt>\n"
        }
        try Data((text + "</trkseg></trk></gpx>\n").utf8).write(to: url)
    }

    /// Earth-centred coordinates of `lines` ("lat lon h"), through cs2cs from `source`.
    static func ecef(_ lines: [String], from source: String, cs2cs: URL) throws -> [SIMD3<Double>] {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let r = try ExternalTools.run(cs2cs, ["-f", "%.4f", source, "EPSG:4978", input.path])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { line in
            let v = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3).map { Double($0)! }
            return SIMD3(v[0], v[1], v[2])
        }
    }

    /// The largest projected coordinate of any route point over all frames, as a share of the half
    /// width or half height (1 = the frame's edge), and the number of frames.
    static func worstShare(route: URL, arguments: [String], cs2cs: URL) throws -> (Double, Int) {
        let text = try String(contentsOf: route, encoding: .utf8)
        let point = try Regex(#"<trkpt[^>]*lat="([-0-9.]+)"[^>]*lon="([-0-9.]+)"[^>]*>\s*<ele>([-0-9.]+)</ele>"#)
        let points = text.matches(of: point).map { "\($0.output[1].substring!) \($0.output[2].substring!) \($0.output[3].substring!)" }
        try #require(points.count > 10)
        let routeECEF = try ecef(points, from: "EPSG:4326+5773", cs2cs: cs2cs)
        let r = try runRouteFly(["sample", route.path, "--fps", "5", "--eye", "--format", "csv"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        // frame,time,latitude,longitude,heading,pitch,distance,center_elevation,eye_latitude,eye_longitude,eye_altitude
        let centres = try ecef(rows.map { "\($0[2]) \($0[3]) \($0[7])" }, from: "EPSG:4979", cs2cs: cs2cs)
        let eyes = try ecef(rows.map { "\($0[8]) \($0[9]) \($0[10])" }, from: "EPSG:4979", cs2cs: cs2cs)
        let tanY = tan(36.8699 / 2 * .pi / 180), tanX = tanY * 1920 / 1080
        var worst = 0.0
        for (i, row) in rows.enumerated() {
            let phi = Double(row[8])! * .pi / 180, lambda = Double(row[9])! * .pi / 180
            let normal = SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
            let forward = normalize(centres[i] - eyes[i])
            let right = normalize(cross(forward, normal))
            let up = cross(right, forward)
            for p in routeECEF {
                let v = p - eyes[i]
                let depth = dot(v, forward)
                #expect(depth > 0)
                worst = max(worst, abs(dot(v, right)) / depth / tanX, abs(dot(v, up)) / depth / tanY)
            }
        }
        return (worst, rows.count)
    }

    static func normalize(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }
    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
    static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    /// Within the 10 % margin: at most 1 / 1.1 of the half-size (plus the rounding of the CSV's
    /// decimals and of 1-degree heading samples between frames).
    static let limit = 1 / 1.1 * 1.002

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real"), arguments: ["orbit", "overview"])
    func mountainRouteStaysInViewWithItsRelief(preset: String) throws {
        guard let cs2cs = Self.cs2cs, let route = sharedRealFile("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let (worst, frames) = try Self.worstShare(route: route, arguments: ["--preset", preset], cs2cs: cs2cs)
        print("\(preset) on Mojstrovka: \(frames) frames, the farthest route point at \(worst) of the half-size")
        #expect(frames > 50 && worst <= Self.limit, "\(worst)")
        #expect(worst > 0.8, "the framing should be tight, not far out: \(worst)")
    }

    @Test(arguments: ["orbit", "overview"])
    func longRouteStaysInViewOnTheCurvedEarth(preset: String) throws {
        guard let cs2cs = Self.cs2cs else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = dir.appendingPathComponent("long.gpx")
        try Self.writeLongRoute(to: route)
        let (worst, frames) = try Self.worstShare(route: route, arguments: ["--preset", preset], cs2cs: cs2cs)
        print("\(preset) on a 7,300 km route: \(frames) frames, the farthest route point at \(worst) of the half-size")
        #expect(frames > 50 && worst <= Self.limit, "\(worst)")
        #expect(worst > 0.8, "\(worst)")
    }
}
