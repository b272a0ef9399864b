import Foundation
import Testing
@testable import RouteKit

/// A route saved in pieces out of order, one reversed. The fixture (Fixtures/pieces,
/// make_pieces.py) is a 40-point line of 3910.2 m (GeographicLib's `geod -I` on WGS 84, summed over
/// its 39 legs) split into 4 pieces of 10 points saved in the order 2, 0, 3 reversed, 1.
@Suite struct RoutePiecesTests {
    static func fixture(_ name: String) -> URL { Fixtures.url("pieces/\(name)") }
    /// The original line's length, metres: `geod +ellps=WGS84 -I` over its legs (make_pieces.py's README entry).
    static let originalLength = 3910.191

    /// The original line's coordinates, read from the file with JSONSerialization (not RouteKit's reader).
    static func originalCoordinates() throws -> [(latitude: Double, longitude: Double)] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture("original.geojson"))) as! [String: Any]
        let coordinates = (json["geometry"] as! [String: Any])["coordinates"] as! [[Double]]
        return coordinates.map { ($0[1], $0[0]) }
    }

    /// Without the option: one finding, with every jump's length as `geod -I` measures it between the
    /// pieces' ends in the file (2782.596, 2955.822 and 1988.315 m), the chain, and the option's name.
    @Test func shuffledPiecesGiveOneFinding() throws {
        let route = try RouteFile.read(path: Self.fixture("shuffled.geojson").path).route
        #expect(route.segments.count == 4)
        let findings = RouteCheck.check(route).findings.filter { $0.code == .piecesOutOfOrder || $0.code == .pieceGap }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.code == .piecesOutOfOrder && finding.severity == .warning && finding.index == 10)
        for jump in ["2782.6 m", "2955.8 m", "1988.3 m"] { #expect(finding.message.contains(jump), "\(finding.message)") }
        #expect(finding.message.contains("pieces 1, 3, 0, 2 reversed"), "\(finding.message)")
        #expect(finding.message.contains("each piece is flown once"))
    }

    /// With the option the points are the original line's, in its order (GeoJSON lines and GPX
    /// segments alike); a route in one piece is left as it is.
    @Test(arguments: ["shuffled.geojson", "shuffled.gpx"]) func joinedPiecesAreInRouteOrder(_ file: String) throws {
        let read = try RouteFile.read(path: Self.fixture(file).path)
        let joined = read.joiningPieces()
        let original = try Self.originalCoordinates()
        #expect(original.count == 40)
        #expect(joined.route.points.count == original.count)
        for (point, expected) in zip(joined.route.points, original) {
            #expect(point.coordinate.latitude == expected.latitude && point.coordinate.longitude == expected.longitude)
        }
        #expect(joined.notes.last?.contains("as pieces 1, 3, 0, 2 reversed") == true, "\(joined.notes)")
        #expect(RouteCheck.pieceFindings(joined.route, threshold: 200).isEmpty)
        let single = try RouteFile.read(path: Self.fixture("original.geojson").path)
        #expect(single.joiningPieces().notes == single.notes)
    }

    /// The look-at point's path over the frames (haversine on a 6371.0088 km sphere, independent of
    /// RouteKit's geodesy), metres.
    static func centrePath(_ csv: String) -> (length: Double, coordinates: [(Double, Double)]) {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let coordinates = rows.map { (Double($0[2])!, Double($0[3])!) }
        var length = 0.0
        for (a, b) in zip(coordinates, coordinates.dropFirst()) {
            let p1 = a.0 * .pi / 180, p2 = b.0 * .pi / 180, dl = (b.1 - a.1) * .pi / 180
            let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
            length += 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        }
        return (length, coordinates)
    }

    /// Through the command line: file order flies back and forth (a centre path over twice the
    /// route), with the warning on standard error; `--join-pieces` flies a centre path within 1 % of the
    /// original line's length, and the frames move along the original line without turning back.
    @Test func joinPiecesFliesTheRouteOnce() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("flight.csv").path
        let shuffled = Self.fixture("shuffled.geojson").path
        let plain = try runRouteFly(["sample", shuffled, "--intro", "0", "--outro", "0", "-o", out])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("warning: The 4 pieces seem out of order"), "\(plain.stderr)")
        #expect(plain.stderr.contains("'--join-pieces' flies them in that order."))
        let backAndForth = Self.centrePath(try String(contentsOfFile: out, encoding: .utf8))
        #expect(backAndForth.length > 2 * Self.originalLength, "\(backAndForth.length)")

        let joined = try runRouteFly(["sample", shuffled, "--join-pieces", "--intro", "0", "--outro", "0", "-o", out])
        #expect(joined.status == 0 && !joined.stderr.contains("out of order"), "\(joined.stderr)")
        #expect(joined.stderr.contains("note: the 4 pieces are flown chained by nearest ends"))
        let path = Self.centrePath(try String(contentsOfFile: out, encoding: .utf8))
        #expect(abs(path.length - Self.originalLength) < 0.01 * Self.originalLength, "\(path.length)")
        // The nearest original point to each frame's centre never goes back by more than one point.
        let original = try Self.originalCoordinates()
        let nearest = path.coordinates.map { c in
            original.indices.min { hypot(original[$0].latitude - c.0, (original[$0].longitude - c.1) * 0.69)
                                   < hypot(original[$1].latitude - c.0, (original[$1].longitude - c.1) * 0.69) }!
        }
        #expect(zip(nearest, nearest.dropFirst()).allSatisfy { $1 >= $0 - 1 })
        #expect(nearest.first == 0 && nearest.last == 39, "\(nearest.first!)...\(nearest.last!)")
    }

    /// `--join-pieces` is an input option: `check` and `info` take it too.
    @Test func checkTakesJoinPieces() throws {
        let shuffled = Self.fixture("shuffled.geojson").path
        let plain = try runRouteFly(["check", shuffled, "--json"])
        #expect(plain.stdout.contains("\"pieces-out-of-order\"") && plain.stdout.contains("'--join-pieces' flies them"), "\(plain.stdout)")
        let joined = try runRouteFly(["check", shuffled, "--json", "--join-pieces"])
        #expect(!joined.stdout.contains("pieces-out-of-order") && !joined.stdout.contains("piece-gap"), "\(joined.stdout)")
        let info = try runRouteFly(["info", shuffled])
        #expect(info.status == 0 && info.stderr.contains("seem out of order"), "\(info.stderr)")
    }

    /// A real multi-track hike (8 `trk`, GPSBabel): its pieces are in recorded order, so each long
    /// jump is its own `piece-gap`, with the lengths `geod -I` gives between the tracks' ends
    /// (2319.036, 1376.175 and 5350.639 m; the other jumps are 8.6 to 24.9 m), and no out-of-order finding.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func cerknickoGapsAreReported() throws {
        guard let url = Fixtures.real("gpx/gpxpy-cerknicko-jezero.gpx") else { return }
        let route = try RouteFile.read(path: url.path).route
        let findings = RouteCheck.check(route).findings.filter { $0.code == .piecesOutOfOrder || $0.code == .pieceGap }
        #expect(findings.map(\.code) == [.pieceGap, .pieceGap, .pieceGap])
        for (finding, length) in zip(findings, ["2319.0 m", "1376.2 m", "5350.6 m"]) {
            #expect(finding.message.contains(length), "\(finding.message)")
        }
    }
}

extension RoutePiecesTests {
    /// A recording's pieces in time order (cerknicko): `sample` and `info` stay quiet about its gaps
    /// (flown as gaps on purpose), `check` reports them; untimed pieces out of order warn everywhere.
    @Test func recordedPiecesWarnOnlyInCheck() throws {
        let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        let result = try RouteFile.read(path: bundled)
        #expect(result.pieceWarnings.isEmpty)
        #expect(RouteCheck.check(result.route).findings.filter { $0.code == .pieceGap }.count == 3)
        #expect(try RouteFile.read(path: Self.fixture("shuffled.gpx").path).pieceWarnings.map(\.code) == [.piecesOutOfOrder])
    }
}

extension RoutePiecesTests {
    /// When the pieces carry times, the chain respects them. Fixtures/clock's
    /// `pieces-timed-nearest-ends-disagree.gpx`: piece 1 ends 39 m from piece 0's end, but its times run
    /// forward from 5 s after piece 0 began; nearest ends would reverse it (its clock then running back),
    /// so no join is offered and the 1.6 km jump is a `piece-gap`.
    @Test func timedPiecesAreChainedByTheirTimes() throws {
        let route = try RouteFile.read(path: Fixtures.url("clock/pieces-timed-nearest-ends-disagree.gpx").path).route
        let pieces = RoutePieces(route)
        #expect(pieces.chain.map(\.description) == ["0", "1"])
        #expect(!pieces.chainDiffersFromFileOrder)
        let findings = RouteCheck.check(route).findings
        #expect(!findings.contains { $0.code == .piecesOutOfOrder })
        let gap = try #require(findings.first { $0.code == .pieceGap })
        // 14.009 to 14.030 E along 46 N: `geod -I +ellps=WGS84` gives 1626.729 m.
        #expect(gap.message.hasPrefix("Piece 1 starts 1626.7 m from the end of piece 0"), "\(gap.message)")
        #expect(route.joiningPieces().points.map(\.time) == route.points.map(\.time))
        #expect(route.joiningPieces().recordedClockFault == nil)
    }

    /// Timed pieces saved out of order, one reversed (the review's `pieces-shuffled.gpx` kind, on the
    /// piece-reversed fixture's pieces moved): chained in the order of their times, the reversed one reversed.
    @Test func timedPiecesShuffledAreOrderedByTime() throws {
        let route = try RouteFile.read(path: Fixtures.url("clock/piece-reversed.gpx").path).route
        let segments = route.segments.map { Array(route.points[$0]) }
        let shuffled = try #require(Route(segments: [segments[2], segments[1], segments[0]], name: nil, source: route.source))
        #expect(RoutePieces(shuffled).chain.map(\.description) == ["2", "1 reversed", "0"])
        let times = shuffled.joiningPieces().points.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // The check says the piece reversed once; the shuffle's steps back across the breaks are its
        // jumps' (pieces of 45 m, jumps under 200 m: no pieces-out-of-order here, so they stay).
        let codes = RouteCheck.check(shuffled).findings.map(\.code)
        #expect(codes.filter { $0 == .timePieceNewestFirst }.count == 1, "\(codes)")
    }

    /// Timed pieces saved as 2, 0, 3 reversed, 1 with jumps of 700 m and more (Fixtures/clock's
    /// `pieces-shuffled-timed.gpx`): one `time-piece-newest-first` and one `pieces-out-of-order` chained
    /// by their times; the shuffle's steps back and gaps across the breaks are not findings of their own.
    @Test func timedShuffledPiecesAreTwoFindingsNotTwelve() throws {
        let route = try RouteFile.read(path: Fixtures.url("clock/pieces-shuffled-timed.gpx").path).route
        let findings = RouteCheck.check(route).findings
        let codes = findings.map(\.code)
        #expect(codes.filter { $0 == .timePieceNewestFirst }.count == 1)
        #expect(!codes.contains(.timeBackwards) && !codes.contains(.timeGap), "\(findings.map(\.message))")
        let order = try #require(findings.first { $0.code == .piecesOutOfOrder })
        #expect(order.message.contains("chained by their times (pieces 1, 3, 0, 2 reversed)"), "\(order.message)")
        let times = route.joiningPieces().points.compactMap(\.time)
        #expect(times.count == 40 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// One cause, one finding: 60 pieces, each starting 1.1 km from the end of the one before (59
    /// jumps), give 20 warnings and one counting the other 39, not 59 lines, in `info` and `sample`.
    @Test func manyPieceJumpsAreCountedNotListed() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let segments = (0..<60).map { k in
            "<trkseg><trkpt lat=\"\(46 + 0.01 * Double(k))\" lon=\"14\"/><trkpt lat=\"\(46 + 0.01 * Double(k) + 0.0001)\" lon=\"14\"/></trkseg>"
        }
        let gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>\n"
            + segments.joined(separator: "\n") + "\n</trk></gpx>\n"
        let file = dir.appendingPathComponent("pieces.gpx")
        try Data(gpx.utf8).write(to: file)
        for command in [["info"], ["sample", "-o", dir.appendingPathComponent("p.csv").path]] {
            let r = try runRouteFly([command[0], file.path] + command.dropFirst())
            #expect(r.status == 0, "\(r.stderr)")
            let warnings = r.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
            #expect(warnings.filter { $0.contains("from the end of piece") }.count == 20, "\(command[0]): \(r.stderr)")
            #expect(warnings.contains { $0.hasSuffix("warning: 39 more pieces start far from the end of the piece before (not listed)") },
                    "\(command[0]): \(r.stderr)")
        }
    }
}
