import Foundation
import Testing
@testable import RouteKit

/// `ogrinfo -so` output as (layer name, feature count) pairs, in order ("Layer name:" then
/// "Feature Count: N").
private func featureCounts(_ summary: String) -> [(layer: String, count: Int)] {
    var result: [(String, Int)] = []
    var layer = ""
    for line in summary.split(separator: "\n") {
        if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst("Layer name: ".count)) }
        if line.hasPrefix("Feature Count: "), let n = Int(line.dropFirst("Feature Count: ".count)) { result.append((layer, n)) }
    }
    return result
}

/// The number of positions in the WKT geometries `ogrinfo` prints (lines starting with a geometry type):
/// every `x y[ z]` tuple, counted by its separators.
private func wktPositionCount(_ listing: String) -> Int {
    var count = 0
    for line in listing.split(separator: "\n") {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("LINESTRING") || text.hasPrefix("MULTILINESTRING") || text.hasPrefix("POINT") else { continue }
        // Tuples are separated by ',' inside a part and by '),(' between parts.
        let body = text.drop { $0 != "(" }
        count += body.split(whereSeparator: { $0 == "," }).count
    }
    return count
}

/// The real consumers of the pose files: GDAL's `ogrinfo` opens our GeoJSON, KML, CSV and GPX with the expected
/// feature and point counts, `xmllint` accepts our KML and GPX, and every CZML packet is valid JSON with
/// the members CesiumJS requires. The files are what `route-fly sample` writes for the bundled route.
@Suite(.serialized) struct PoseConsumerTests {
    static let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    /// Writes the flight in `format` (5 fps) and returns the file and the number of frames (from CSV).
    static func write(_ format: String, into directory: URL) throws -> (path: String, frames: Int) {
        let path = directory.appendingPathComponent("flight.\(format == "earth-studio" ? "es.json" : format)").path
        let r = try runRouteFly(["sample", route, "--fps", "5", "--format", format, "-o", path])
        #expect(r.status == 0, "\(format): \(r.stderr)")
        let csv = try runRouteFly(["sample", route, "--fps", "5"])
        return (path, csv.stdout.split(separator: "\n").count - 1)
    }

    static let routePointCount: Int = (try? RouteFile.load(path: route).points.count) ?? -1

    @Test(.enabled(if: ExternalTools.find("ogrinfo") != nil, "needs ogrinfo")) func ogrinfoOpensGeoJSONWithOnePointPerFrameAndTheRoute() throws {
        guard let ogrinfo = ExternalTools.find("ogrinfo") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.write("geojson", into: dir)
        let summary = try ExternalTools.run(ogrinfo, ["-ro", "-al", "-so", path])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(featureCounts(summary.stdout).map(\.count) == [frames + 1])
        let listing = try ExternalTools.run(ogrinfo, ["-ro", "-al", path])
        #expect(wktPositionCount(listing.stdout) == frames + Self.routePointCount)
    }

    @Test(.enabled(if: ExternalTools.find("ogrinfo") != nil, "needs ogrinfo")) func ogrinfoOpensKMLWithTheRoutePlacemarkAndItsPoints() throws {
        guard let ogrinfo = ExternalTools.find("ogrinfo") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _) = try Self.write("kml", into: dir)
        let summary = try ExternalTools.run(ogrinfo, ["-ro", "-al", "-so", path])
        #expect(summary.status == 0, "\(summary.stderr)")
        // The tour is not a feature for GDAL; the route Placemark is.
        #expect(featureCounts(summary.stdout).map(\.count) == [1])
        let listing = try ExternalTools.run(ogrinfo, ["-ro", "-al", path])
        #expect(wktPositionCount(listing.stdout) == Self.routePointCount)
    }

    @Test(.enabled(if: ExternalTools.find("ogrinfo") != nil, "needs ogrinfo")) func ogrinfoOpensCSVWithOnePointPerFrame() throws {
        guard let ogrinfo = ExternalTools.find("ogrinfo") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.write("csv", into: dir)
        let summary = try ExternalTools.run(ogrinfo, ["-ro", "-al", "-so", "-oo", "X_POSSIBLE_NAMES=longitude", "-oo", "Y_POSSIBLE_NAMES=latitude", path])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(featureCounts(summary.stdout).map(\.count) == [frames])
        #expect(summary.stdout.contains("Geometry: Point"))
    }

    @Test(.enabled(if: ExternalTools.find("ogrinfo") != nil, "needs ogrinfo")) func ogrinfoOpensGPXWithOneTrackOfOnePointPerFrame() throws {
        guard let ogrinfo = ExternalTools.find("ogrinfo") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.write("gpx", into: dir)
        let summary = try ExternalTools.run(ogrinfo, ["-ro", "-al", "-so", path])
        #expect(summary.status == 0, "\(summary.stderr)")
        let counts = Dictionary(uniqueKeysWithValues: featureCounts(summary.stdout).map { ($0.layer, $0.count) })
        #expect(counts == ["waypoints": 0, "routes": 0, "tracks": 1, "route_points": 0, "track_points": frames])
    }

    @Test(.enabled(if: ExternalTools.find("xmllint") != nil, "needs xmllint")) func xmllintAcceptsKMLAndGPX() throws {
        guard let xmllint = ExternalTools.find("xmllint") else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for format in ["kml", "gpx"] {
            let (path, _) = try Self.write(format, into: dir)
            let r = try ExternalTools.run(xmllint, ["--noout", path])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(format): \(r.stderr)")
        }
    }

    /// KML `absolute` altitudes are above sea level whether the eye is written to the poses or placed by
    /// the KML writer (`--no-eye`, and `wwdc`, which writes no eye by default). The README route lies
    /// where EGM96's undulation is +46.6 m (cs2cs EPSG:4326+5773 to EPSG:4979 at 45.77 N 14.33 E): an
    /// eye placed without it was 46.6 m too high.
    @Test func kmlCameraAltitudesAreAboveSeaLevelWithOrWithoutTheEye() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        func altitudes(_ extra: [String]) throws -> [Double] {
            let r = try runRouteFly(["sample", route, "--format", "kml", "--fps", "2"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.components(separatedBy: "<Camera>").dropFirst().compactMap { camera in
                camera.components(separatedBy: "<altitude>").dropFirst().first?.components(separatedBy: "</altitude>").first.flatMap(Double.init)
            }
        }
        let withEye = try altitudes(["--eye"]), without = try altitudes(["--no-eye"])
        #expect(withEye.count == 85 && without.count == 85)  // 42 s at 2 fps
        #expect(zip(withEye, without).allSatisfy { abs($0 - $1) < 0.01 }, "\(zip(withEye, without).map { $1 - $0 }.max() ?? 0) m apart")
        // The same with the CSV's eye: its ellipsoidal altitude less the undulation (46.6 m there).
        let csv = try runRouteFly(["sample", route, "--fps", "2", "--eye"]).stdout.split(separator: "\n").dropFirst()
        let ellipsoidal = csv.compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
        #expect(ellipsoidal.count == 85)
        #expect(zip(ellipsoidal, without).allSatisfy { abs($0 - $1 - 46.6) < 0.3 })
        let wwdc = try altitudes(["--preset", "wwdc"]), wwdcEye = try altitudes(["--preset", "wwdc", "--eye"])
        #expect(!wwdc.isEmpty && zip(wwdc, wwdcEye).allSatisfy { abs($0 - $1) < 0.01 })
    }

    @Test func everyCZMLPacketIsJSONWithTheMembersCesiumRequires() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, frames) = try Self.write("czml", into: dir)
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        // CZML-Structure: an array of packets, the first the document packet with a version.
        #expect(packets.first?["id"] as? String == "document")
        #expect(packets.first?["version"] as? String == "1.0")
        #expect(packets.dropFirst().allSatisfy { ($0["id"] as? String).map { !$0.isEmpty && $0 != "document" } ?? false })
        var times: [Double] = []
        for packet in packets where packet["position"] != nil {
            let position = try #require(packet["position"] as? [String: Any])
            let values = try #require(position["cartographicDegrees"] as? [Double])
            #expect(values.count % 4 == 0)
            times += stride(from: 0, to: values.count, by: 4).map { values[$0] }
            let orientation = try #require(packet["orientation"] as? [String: Any])
            #expect(((orientation["unitQuaternion"] as? [Double])?.count ?? 0) == values.count / 4 * 5)
        }
        // A sample at every frame (i / 5 s), in time order, and some between frames where CesiumJS's
        // interpolation would stray (CZMLInterpolation; 263 samples for these 211 frames at 5 fps).
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let frameTimes = Set((0..<frames).map { (Double($0) / 5 * 1e6).rounded() })
        #expect(frameTimes.isSubset(of: Set(times.map { ($0 * 1e6).rounded() })), "a frame without a sample")
        #expect(times.count >= frames && times.count < 2 * frames, "\(times.count) samples for \(frames) frames")
        // Each packet is also a JSON value on its own line (one packet per line).
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().dropLast()
        for line in lines {
            let packet = line.hasSuffix(",") ? line.dropLast() : line
            #expect((try? JSONSerialization.jsonObject(with: Data(packet.utf8))) is [String: Any])
        }
    }

    @Test func formatFromTheOutputExtensionAndHelp() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (ext, prefix) in [("kml", "<?xml"), ("gpx", "<?xml"), ("czml", "[\n{\"id\":\"document\"")] {
            let path = dir.appendingPathComponent("f.\(ext)").path
            let r = try runRouteFly(["sample", Self.route, "--fps", "2", "-o", path])
            #expect(r.status == 0)
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(prefix), "\(ext)")
        }
        let es = try runRouteFly(["sample", Self.route, "--fps", "2", "--format", "earth-studio"])
        #expect(es.status == 0 && es.stdout.hasPrefix("{\"name\":\"ACTIVE LOG #2\",\"width\":1920"))
        let help = try runRouteFly(["sample", "--help"])
        #expect(help.stdout.contains("csv, geojson, kml, kmz, czml, earth-studio, maplibre (also: mapbox,"))
    }
}
