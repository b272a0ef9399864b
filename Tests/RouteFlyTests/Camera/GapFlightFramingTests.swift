import Foundation
import Testing
@testable import RouteKit

/// A gap wider than the view is flown on a van Wijk path that zooms out far enough to
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
        let r = try runRouteFly(["sample", Self.hike.path, "--eye", "--route-columns", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let centres = try OrbitFramingTests.ecef(rows.map { "\($0[2]) \($0[3]) \($0[7])" }, from: "EPSG:4979", cs2cs: cs2cs)
        let eyes = try OrbitFramingTests.ecef(rows.map { "\($0[8]) \($0[9]) \($0[10])" }, from: "EPSG:4979", cs2cs: cs2cs)
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        // The gap flight: from the last frame centred on the near end to the first centred on the route's end.
        let takeoff = try #require(centres.lastIndex { length($0 - nearEnd) < 5 && length($0 - farEnd) > 1000 })
        let landing = try #require(centres.indices.first { $0 > takeoff && length(centres[$0] - routeEnd) < 5 })
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
        // The short last piece flown over is named, in the route_distance column's metres (which jumps
        // from the gap's near end to the route's end as the flight lands).
        let before = Double(rows[takeoff][11])!, after = Double(rows[rows.count - 1][11])!
        #expect(after - before > 400 && after - before < 420, "\(before) to \(after)")
        let named = "\(Int((after - before).rounded())) m from \(Int(before.rounded())) m to \(Int(after.rounded())) m along the route"
        #expect(r.stderr.contains("flown over, not followed: " + named), "\(named) in \(r.stderr)")
    }
}

/// `--heading endpoints` on a loop (start equals end, so `info` reports no start-to-end
/// heading) faces from the start towards the point farthest from it, with a note, instead of north.
/// Checked against PROJ's `geod -I` (Karney's inverse on WGS 84) from the file's coordinates.
@Suite struct LoopEndpointsHeadingTests {
    static let geod = ExternalTools.find("geod", needs: "the independent azimuth of a loop's farthest point")

    /// `closure`: degrees of latitude and longitude the last point lies off the start: 0 (a closed loop)
    /// or 0.00002 (2.7 m off, by geod, across the 6.9 km loop: a near loop).
    @Test(arguments: [0.0, 0.00002])
    func loopFacesItsFarthestPointWithANote(closure: Double) throws {
        guard let geod = Self.geod else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 2.2 km by 1.1 km rectangle walked anticlockwise from its south-west corner and back to it.
        let corners = [(46.0, 14.0), (46.0, 14.03), (46.01, 14.03), (46.01, 14.0), (46.0, 14.0)]
        var points: [(Double, Double)] = []
        for (a, b) in zip(corners, corners.dropFirst()) {
            for i in 0..<10 { let f = Double(i) / 10; points.append((a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)) }
        }
        points.append((corners[0].0 + closure, corners[0].1 + closure))
        let route = dir.appendingPathComponent("loop.gpx")
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
            + points.map { "<trkpt lat=\"\($0.0)\" lon=\"\($0.1)\"><ele>500</ele></trkpt>" }.joined(separator: "\n")
            + "\n</trkseg></trk></gpx>\n"
        try Data(text.utf8).write(to: route)
        let info = try runRouteFly(["info", route.path, "--json"])
        #expect(info.stdout.contains("\"heading_start_to_end\":null") == (closure == 0), "\(info.stdout)")

        // The azimuth from the start to the farthest corner (north-east), by geod.
        let input = dir.appendingPathComponent("line.txt")
        try Data("46 14 46.01 14.03\n".utf8).write(to: input)
        let g = try ExternalTools.run(geod, ["+ellps=WGS84", "-I", "-f", "%.6f", input.path])
        let azimuth = try #require(Double(g.stdout.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""))

        let r = try runRouteFly(["sample", route.path, "--heading", "endpoints", "--intro", "0", "--outro", "0", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("no start-to-end heading"), "\(r.stderr)")
        if closure > 0 {
            // The closure by geod, as the note words it (one decimal).
            try Data("46 14 \(46 + closure) \(14 + closure)\n".utf8).write(to: input)
            let gap = try ExternalTools.run(geod, ["+ellps=WGS84", "-I", "-f", "%.6f", input.path]).stdout
            let metres = try #require(Double(gap.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).last.map(String.init) ?? ""))
            #expect(r.stderr.contains("the route ends \(FixedDecimal.string(metres, places: 1)) m from its start (a loop: within 5 %"), "\(r.stderr)")
        }
        let headings = r.stdout.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[4])! }
        try #require(headings.count > 10)
        for h in headings { #expect(abs(remainder(h - azimuth, 360)) < 0.01, "\(h) vs geod \(azimuth)") }
    }
}
