import Foundation
import Testing
@testable import RouteKit

/// Issue 24 (gaps): a gap wider than the view is flown on a van Wijk path that zooms out far enough to
/// show both of its ends at its widest. Checked outside RouteKit's geometry, as ``OrbitFramingTests``
/// does: the gap's ends read from the GPX file with a regular expression (segment by segment), the eye
/// and centre from the CSV, all converted to Earth-centred coordinates by PROJ's `cs2cs`, and a pinhole
/// camera built here (forward from the eye to the centre, right level at the eye).
@Suite struct GapFlightFramingTests {
    static let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")

    /// The segments of a GPX file, each as "lat lon ele" lines.
    static func segments(_ url: URL) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let point = try Regex(#"<trkpt[^>]*lat="([-0-9.]+)"[^>]*lon="([-0-9.]+)"[^>]*>\s*<ele>([-0-9.]+)</ele>"#)
        return text.components(separatedBy: "<trkseg>").dropFirst().map { segment in
            segment.matches(of: point).map { "\($0.output[1].substring!) \($0.output[2].substring!) \($0.output[3].substring!)" }
        }.filter { !$0.isEmpty }
    }

    /// The README's follow flight over the hike's 5.3 km gap (between its fourth and fifth non-empty
    /// segments): the flight takes off at the gap's near end (where the rider waits), flies over the
    /// last, short piece (tracks 6-8, 408 m) and lands at the route's end.
    @Test func wideGapShowsBothEndsAtItsWidest() throws {
        guard let cs2cs = OrbitFramingTests.cs2cs else { return }
        let segments = try Self.segments(Self.hike)
        try #require(segments.count == 7)
        let ends = try OrbitFramingTests.ecef([segments[3].last!, segments[4].first!, segments[6].last!],
                                              from: "EPSG:4326+5773", cs2cs: cs2cs)
        let (nearEnd, farEnd, routeEnd) = (ends[0], ends[1], ends[2])
        let r = try runRouteFly(["sample", Self.hike.path, "--eye", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let centres = try OrbitFramingTests.ecef(rows.map { "\($0[2]) \($0[3]) \($0[7])" }, from: "EPSG:4979", cs2cs: cs2cs)
        let eyes = try OrbitFramingTests.ecef(rows.map { "\($0[8]) \($0[9]) \($0[10])" }, from: "EPSG:4979", cs2cs: cs2cs)
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        // The gap flight: from the last frame centred on the near end to the first centred on the route's end.
        let takeoff = try #require(centres.lastIndex { length($0 - nearEnd) < 60 && length($0 - farEnd) > 1000 })
        let landing = try #require(centres.indices.first { $0 > takeoff && length(centres[$0] - routeEnd) < 60 })
        #expect(landing - takeoff > 100, "\(takeoff)...\(landing)")
        let tanY = tan(36.8699 / 2 * .pi / 180), tanX = tanY * 1920 / 1080
        /// The larger of a point's horizontal and vertical screen coordinates as a share of the half-size
        /// (1 = the frame's edge; infinity behind the eye).
        func share(_ p: SIMD3<Double>, frame i: Int) -> Double {
            let phi = Double(rows[i][8])! * .pi / 180, lambda = Double(rows[i][9])! * .pi / 180
            let normal = SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
            let forward = OrbitFramingTests.normalize(centres[i] - eyes[i])
            let right = OrbitFramingTests.normalize(OrbitFramingTests.cross(forward, normal))
            let up = OrbitFramingTests.cross(right, forward)
            let v = p - eyes[i], depth = OrbitFramingTests.dot(v, forward)
            guard depth > 0 else { return .infinity }
            return max(abs(OrbitFramingTests.dot(v, right)) / depth / tanX, abs(OrbitFramingTests.dot(v, up)) / depth / tanY)
        }
        let flight = Array(takeoff...landing)
        let widest = flight.max { Double(rows[$0][6])! < Double(rows[$1][6])! }!
        let atWidest = [nearEnd, farEnd, routeEnd].map { share($0, frame: widest) }
        let together = flight.filter { share(nearEnd, frame: $0) <= 1 && share(routeEnd, frame: $0) <= 1 }
        print("gap flight frames \(takeoff)...\(landing): widest at \(widest) (\(rows[widest][6]) m), ends at \(atWidest) of the half-size; both ends in view in \(together.count) frames, the near end (the rider) in view up to frame \(flight.last { share(nearEnd, frame: $0) <= 1 }!)")
        // Within the 10 % margin at the widest frame, to 2 % (the planner takes the ground as level; the
        // ends lie up to 40 m above or below the centre).
        for s in atWidest { #expect(s <= 1 / 1.1 * 1.02, "\(atWidest)") }
        // The screen is never empty: one end or the other is always in view, and the rider is in view
        // from the takeoff to the widest frame.
        for i in flight {
            #expect(min(share(nearEnd, frame: i), share(routeEnd, frame: i)) <= 1, "frame \(i)")
            if i <= widest { #expect(share(nearEnd, frame: i) <= 1, "frame \(i): the rider leaves the view") }
        }
        #expect(together.count >= 30, "both ends in view together only in \(together.count) frames")
    }
}
