import Foundation
import Testing
@testable import RouteKit

/// CZML draws a route with heights at them, on the ellipsoid as the camera: each point's height
/// is the GPX elevation converted by PROJ's `cs2cs` from EGM96 sea level to the WGS 84 ellipsoid; a route
/// without heights is clamped to the ground.
@Suite struct CZMLRouteHeightTests {
    static let cs2cs = ExternalTools.find("cs2cs", needs: "the CZML route height checks against PROJ's cs2cs")

    /// The route packet's `[lon, lat, h, …]` and whether it is clamped to the ground.
    static func routePositions(_ czml: String) throws -> (positions: [Double], clamped: Bool) {
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(czml.utf8)) as? [[String: Any]])
        let route = try #require(packets.first { $0["id"] as? String == "route" })
        let polyline = try #require(route["polyline"] as? [String: Any])
        let positions = try #require((polyline["positions"] as? [String: Any])?["cartographicDegrees"] as? [Double])
        return (positions, polyline["clampToGround"] as? Bool ?? false)
    }

    @Test(.enabled(if: cs2cs != nil, "needs PROJ's cs2cs (proj-bin)"))
    func aRouteWithHeightsIsDrawnAtThemOnTheEllipsoid() throws {
        let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")
        let r = try runRouteFly(["sample", hike.path, "--fps", "1", "--format", "czml"])
        #expect(r.status == 0, "\(r.stderr)")
        let (positions, clamped) = try Self.routePositions(r.stdout)
        #expect(!clamped)
        // The first track's points as the file writes them.
        let text = try String(contentsOf: hike, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>"#)
        let ns = text as NSString
        let points = pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).prefix(10).map { m in
            (Double(ns.substring(with: m.range(at: 1)))!, Double(ns.substring(with: m.range(at: 2)))!, Double(ns.substring(with: m.range(at: 3)))!)
        }
        let input = points.map { "\($0.0) \($0.1) \($0.2)" }.joined(separator: "\n") + "\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("czml-heights-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try input.write(to: file, atomically: true, encoding: .utf8)
        let converted = try ExternalTools.run(Self.cs2cs!, ["-f", "%.6f", "EPSG:4326+5773", "EPSG:4979", file.path])
        let heights = converted.stdout.split(separator: "\n").map { Double($0.split(whereSeparator: { $0 == " " || $0 == "\t" })[2])! }
        #expect(heights.count == points.count && points.count == 10)
        for (k, point) in points.enumerated() {
            #expect(abs(positions[3 * k] - point.1) < 1e-8 && abs(positions[3 * k + 1] - point.0) < 1e-8, "point \(k)")
            #expect(abs(positions[3 * k + 2] - heights[k]) < 0.002, "point \(k): \(positions[3 * k + 2]) m vs cs2cs \(heights[k]) m")
        }
    }

    @Test func aRouteWithoutHeightsIsClampedToTheGround() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("flat.csv")
        try "lat,lon\n46.0,14.0\n46.001,14.001\n46.002,14.003\n".write(to: csv, atomically: true, encoding: .utf8)
        let r = try runRouteFly(["sample", csv.path, "--fps", "1", "--format", "czml", "--ground-elevation", "300", "--preset", "overview"])
        #expect(r.status == 0, "\(r.stderr)")
        // --ground-elevation gives every point a height: drawn at it.
        #expect(try !Self.routePositions(r.stdout).clamped)
        let bare = try runRouteFly(["sample", csv.path, "--fps", "1", "--format", "czml", "--preset", "overview"])
        let (positions, clamped) = try Self.routePositions(bare.stdout)
        #expect(clamped && positions[2] == 0)
    }
}
