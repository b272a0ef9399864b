import Foundation
import Testing
@testable import RouteKit

/// Every pose format for a group flight (several riders on one clock), from a hand-made group
/// of three riders and four hand-made poses, so that every expected value is known: CSV columns parsed
/// back by splitting, GeoJSON counted by GDAL's `ogrinfo`, CZML and KML against the renderers' schemas in
/// ../shared/schemas, the MapLibre cameras parsed back, the SVG picture and the preview page in MapLibre
/// GL JS in headless Chromium. Tools and ../shared missing: skipped with a printed reason.
@Suite struct GroupOutputTests {
    /// Three riders; the first two have names that sanitise to the same CSV prefix (`Ann_Lee`).
    static let group = RiderGroup(riders: [
        .init(name: "Ann Lee", route: Route(segments: [[
            RoutePoint(latitude: 46.000, longitude: 14.500, elevation: 300),
            RoutePoint(latitude: 46.001, longitude: 14.501, elevation: 310),
            RoutePoint(latitude: 46.002, longitude: 14.502, elevation: 320),
        ]], source: .init(kind: .tracks))!),
        .init(name: "Ann-Lee", route: Route(segments: [[
            RoutePoint(latitude: 46.000, longitude: 14.503, elevation: 400),
            RoutePoint(latitude: 46.002, longitude: 14.503, elevation: 410),
        ]], source: .init(kind: .tracks))!),
        .init(name: "Bo <3", route: Route(segments: [[
            RoutePoint(latitude: 46.0015, longitude: 14.5002, elevation: 350),
            RoutePoint(latitude: 46.0015, longitude: 14.5004, elevation: 350),
        ]], source: .init(kind: .tracks))!, clockOffset: 0.5),
    ])

    static let frames = 4
    static let fps = 2.0
    /// The geoid undulation each pose carries at its centre, metres.
    static let undulation = 47.0

    /// Rider `r` at frame `k`: Ann Lee moves 0.0005 degrees north and east a frame, 5 m up; Ann-Lee north,
    /// 2.5 m up; Bo records only in frames 1 and 2 and is held at its start and end outside them.
    static func rider(_ r: Int, frame k: Int) -> RiderPosition {
        let d = Double(k)
        switch r {
        case 0: return RiderPosition(rider: 0, coordinate: .init(latitude: 46.000 + 0.0005 * d, longitude: 14.500 + 0.0005 * d),
                                     elevation: 300 + 5 * d, isActive: true)
        case 1: return RiderPosition(rider: 1, coordinate: .init(latitude: 46.000 + 0.0005 * d, longitude: 14.503),
                                     elevation: 400 + 2.5 * d, isActive: true)
        default:
            let held = Double(min(max(k, 1), 2))
            return RiderPosition(rider: 2, coordinate: .init(latitude: 46.0015, longitude: 14.5000 + 0.0002 * held),
                                 elevation: 350, isActive: k == 1 || k == 2)
        }
    }

    static let poses: [CameraPose] = (0..<frames).map { k in
        CameraPose(frame: k, time: Double(k) / fps,
                   camera: MapCamera(centerCoordinate: .init(latitude: 46.001, longitude: 14.5015), distance: 3000,
                                     heading: 10, pitch: 0),
                   centerElevation: 310, geoidUndulation: undulation,
                   riders: (0..<3).map { rider($0, frame: k) })
    }

    static func context(timeScale: Double = 1) -> PoseWriterContext {
        var context = PoseWriterContext(framesPerSecond: fps, frameCount: frames)
        context.group = group
        context.timeScale = timeScale
        return context
    }

    static func encode(_ format: PoseFormat, context: PoseWriterContext = GroupOutputTests.context(),
                       includesEye: Bool = false) -> String {
        var writer = format.makeWriter(includesEye: includesEye, context: context)
        return String(decoding: writer.encode(poses), as: UTF8.self)
    }

    static func write(_ text: String, named name: String) throws -> (dir: URL, file: URL) {
        let dir = try makeTemporaryDirectory()
        let file = dir.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (dir, file)
    }

    // MARK: CSV

    @Test func csvHasFourColumnsPerRiderNamedAfterIt() throws {
        let lines = Self.encode(.csv).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == Self.frames + 2)  // header, 4 rows, the empty string after the last line end
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header == ["frame", "time", "latitude", "longitude", "heading", "pitch", "distance", "center_elevation",
                           "Ann_Lee_latitude", "Ann_Lee_longitude", "Ann_Lee_elevation", "Ann_Lee_active",
                           "Ann_Lee_2_latitude", "Ann_Lee_2_longitude", "Ann_Lee_2_elevation", "Ann_Lee_2_active",
                           "Bo__3_latitude", "Bo__3_longitude", "Bo__3_elevation", "Bo__3_active"])
        // Frame 2: Ann Lee at 46.001 N 14.501 E, 310 m above sea level + 47 m undulation (no geoid: the
        // pose's) = 357 m above the ellipsoid.
        let row = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(row.count == header.count)
        func cell(_ name: String) -> String { row[header.firstIndex(of: name)!] }
        #expect(cell("frame") == "2")
        #expect(cell("Ann_Lee_latitude") == "46.00100000" && cell("Ann_Lee_longitude") == "14.50100000")
        #expect(cell("Ann_Lee_elevation") == "357.000" && cell("Ann_Lee_active") == "1")
        #expect(cell("Ann_Lee_2_elevation") == "452.000")
        #expect(cell("Bo__3_longitude") == "14.50040000" && cell("Bo__3_active") == "1")
        // Bo has stopped by frame 3 and not started at frame 0.
        let last = lines[4].split(separator: ",").map(String.init)
        #expect(last[header.firstIndex(of: "Bo__3_active")!] == "0")
        #expect(lines[1].split(separator: ",").map(String.init)[header.firstIndex(of: "Bo__3_active")!] == "0")
        // Above sea level with --heights msl.
        var context = Self.context()
        context.heights = .orthometric
        let msl = Self.encode(.csv, context: context).split(separator: "\n")[3].split(separator: ",").map(String.init)
        #expect(msl[header.firstIndex(of: "Ann_Lee_elevation")!] == "310.000")
    }

    @Test func csvRiderColumnsNeverRepeatAColumn() {
        var context = Self.context()
        context.group = RiderGroup(riders: ["eye", "a b", "a-b", "a_b", "ÄÖ", "frame"].map {
            RiderGroup.Rider(name: $0, route: Self.group.riders[0].route)
        })
        let writer = CSVPoseWriter(includesEye: true, group: context.group)
        let columns = writer.columns
        #expect(Set(columns).count == columns.count)
        #expect(columns.contains("eye_latitude") && columns.contains("eye_2_latitude"))
        #expect(columns.contains("a_b_latitude") && columns.contains("a_b_2_latitude") && columns.contains("a_b_3_latitude"))
        #expect(columns.contains("___latitude"))  // "ÄÖ": two scalars, two underscores, then "_latitude"
        #expect(columns.contains("frame_latitude"))
        #expect(columns.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") } })
    }

    /// With a geoid, a rider's ellipsoidal height uses the undulation under the rider: 2000 m above sea
    /// level at 46.43 N 13.74 E is 2047.461 m above the ellipsoid (cs2cs EPSG:4326+5773 EPSG:4979, as in
    /// GeoidTests), not the pose's 0 at its centre.
    @Test func csvRiderHeightUsesTheUndulationUnderTheRider() throws {
        let geoid: Geoid
        do { geoid = try Geoid.egm96() } catch {
            print("note: the EGM96 grid is missing (\(error)); the rider undulation check is skipped")
            return
        }
        let c = LocationCoordinate2D(latitude: 46.43, longitude: 13.74)
        let group = RiderGroup(riders: [.init(name: "alp", route: Route(segments: [[RoutePoint(coordinate: c, elevation: 2000)]],
                                                                         source: .init(kind: .tracks))!)])
        let pose = CameraPose(frame: 0, time: 0, camera: MapCamera(centerCoordinate: c, distance: 1000),
                              riders: [RiderPosition(rider: 0, coordinate: c, elevation: 2000, isActive: true)])
        var writer = CSVPoseWriter(group: group, geoid: geoid)
        let row = String(decoding: writer.encode([pose]), as: UTF8.self).split(separator: "\n")[1].split(separator: ",")
        let height = try #require(Double(row[row.count - 2]))
        #expect(abs(height - 2047.461) < 0.002, "\(height)")
    }

    // MARK: GeoJSON

    @Test func geoJSONHasAPointPerRiderAndFrameAndEachRidersRoute() throws {
        let text = Self.encode(.geojson)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(json["features"] as? [[String: Any]])
        let properties = features.map { $0["properties"] as? [String: Any] ?? [:] }
        // 4 camera Points, 4 × 3 rider Points, 3 rider routes (no route in the context).
        #expect(features.count == Self.frames + Self.frames * 3 + 3)
        let riderPoints = properties.filter { $0["role"] as? String == "rider" }
        #expect(riderPoints.count == Self.frames * 3)
        let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
        #expect(lines.compactMap { ($0["properties"] as? [String: Any])?["rider"] as? String } == ["Ann Lee", "Ann-Lee", "Bo <3"])
        // Bo at frame 3: held, inactive, 350 + 47 m.
        let bo3 = try #require(riderPoints.first { $0["rider_index"] as? Int == 2 && $0["frame"] as? Int == 3 })
        #expect(bo3["rider"] as? String == "Bo <3" && bo3["active"] as? Bool == false)
        #expect(bo3["time"] as? Double == 1.5 && bo3["elevation"] as? Double == 397)
        let ann1 = try #require(features.first {
            let p = $0["properties"] as? [String: Any]
            return p?["rider_index"] as? Int == 0 && p?["frame"] as? Int == 1
        })
        #expect((ann1["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [14.5005, 46.0005])
        // The bbox covers the riders' routes: Ann-Lee's is the easternmost.
        #expect((json["bbox"] as? [Double])?[2] == 14.503)

        // GDAL reads every feature back.
        guard let ogrinfo = ExternalTools.find("ogrinfo", needs: "the GeoJSON check with GDAL") else { return }
        let (dir, file) = try Self.write(text, named: "group.geojson")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ExternalTools.run(ogrinfo, ["-ro", "-so", "-al", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Feature Count: \(Self.frames * 4 + 3)"), "\(r.stdout)")
    }

    // MARK: CZML

    @Test func czmlHasAnEntityPerRiderAndValidates() throws {
        let text = Self.encode(.czml)
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        for r in 0..<3 {
            let mine = packets.filter { $0["id"] as? String == "rider/\(r)" }
            #expect(mine.first?["name"] as? String == Self.group.riders[r].name)
            #expect(mine.first?["path"] != nil && mine.first?["point"] != nil)
            let samples = mine.compactMap { ($0["position"] as? [String: Any])?["cartographicDegrees"] as? [Double] }.flatMap { $0 }
            #expect(samples.count == Self.frames * 4, "rider \(r)")
            // Frame 1 of Ann Lee: 305 m above sea level + 47 m = 352 m above the ellipsoid.
            if r == 0 { #expect(Array(samples[4..<8]) == [0.5, 14.5005, 46.0005, 352]) }
        }
        // Every rider over the whole clock, recording over its active frames.
        let clock = (packets.first?["clock"] as? [String: Any])?["interval"] as? String
        func recording(_ r: Int) -> String? {
            ((packets.last { $0["id"] as? String == "rider/\(r)" }?["properties"] as? [String: Any])?["recording"] as? [[String: Any]])?.first?["interval"] as? String
        }
        for r in 0..<3 { #expect(clock != nil && packets.first { $0["id"] as? String == "rider/\(r)" }?["availability"] as? String == clock) }
        #expect(recording(2) == "2000-01-01T00:00:00.5Z/2000-01-01T00:00:01Z")
        #expect(recording(0) == "2000-01-01T00:00:00Z/2000-01-01T00:00:01.5Z")
        // Each rider's course, in its colour at half opacity.
        for r in 0..<3 {
            let course = packets.first { $0["id"] as? String == "course/\(r)" }?["polyline"] as? [String: Any]
            let positions = (course?["positions"] as? [String: Any])?["cartographicDegrees"] as? [Double]
            #expect(positions?.count == Self.group.riders[r].route.points.count * 3, "rider \(r)")
            let rgba = (((course?["material"] as? [String: Any])?["solidColor"] as? [String: Any])?["color"] as? [String: Any])?["rgba"] as? [Int]
            #expect(rgba == Array(RiderPalette.rgba(r).prefix(3)) + [128], "rider \(r)")
        }
        #expect(packets.contains { $0["id"] as? String == "camera" && $0["orientation"] != nil })

        guard let schemas = SchemaValidationTests.schemas, let python = SchemaValidationTests.python else { return }
        let (dir, file) = try Self.write(text, named: "group.czml")
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try ExternalTools.run(python, [Fixtures.url("tools/validate_czml.py").path,
                                                  schemas.appendingPathComponent("czml/Schema").path, file.path])
        #expect(check.status == 0 && check.stdout.contains("errors 0"), "\(check.stdout.suffix(600)) \(check.stderr.suffix(600))")
    }

    @Test func czmlRiderSamplesSpreadOverPackets() throws {
        var writer = CZMLPoseWriter(context: Self.context(), samplesPerPacket: 3)
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(writer.encode(Self.poses))) as? [[String: Any]])
        let positions = packets.filter { $0["id"] as? String == "rider/1" && $0["position"] != nil }
        #expect(positions.count == 2)  // 3 + 1 samples
        let samples = positions.compactMap { ($0["position"] as? [String: Any])?["cartographicDegrees"] as? [Double] }.flatMap { $0 }
        #expect(stride(from: 0, to: samples.count, by: 4).map { samples[$0] } == [0, 0.5, 1, 1.5])
    }

    // MARK: KML

    /// The text between each `<open>` and its `</close>`.
    static func elements(_ text: String, _ open: String, _ close: String) -> [Substring] {
        text.components(separatedBy: open).dropFirst().map { $0.components(separatedBy: close)[0][...] }
    }

    @Test func kmlHasAGxTrackPerRiderOnTheToursClock() throws {
        let text = Self.encode(.kml, context: Self.context(timeScale: 10))
        let tracks = Self.elements(text, "<gx:Track>", "</gx:Track>")
        #expect(tracks.count == 3)
        let stamps = Self.elements(text, "<gx:TimeStamp><when>", "</when>")
        #expect(stamps == ["2000-01-01T00:00:00Z", "2000-01-01T00:00:05Z", "2000-01-01T00:00:10Z", "2000-01-01T00:00:15Z"])
        for track in tracks {
            #expect(Self.elements(String(track), "<when>", "</when>") == stamps)
            #expect(Self.elements(String(track), "<gx:coord>", "</gx:coord>").count == Self.frames)
        }
        // Ann-Lee at frame 3: 46.0015 N 14.503 E, 407.5 m above sea level (absolute).
        #expect(Self.elements(String(tracks[1]), "<gx:coord>", "</gx:coord>")[3] == "14.50300000 46.00150000 407.500")
        let names = Self.elements(text, "<Placemark>\n<name>", "</name>")
        #expect(names == ["Ann Lee", "Ann-Lee", "Bo &lt;3"])

        guard let schemas = SchemaValidationTests.schemas, let xmllint = SchemaValidationTests.xmllint else { return }
        var lookAt = Self.context()
        lookAt.kmlView = .lookAt
        for (name, document) in [("camera", text), ("lookat", Self.encode(.kml, context: lookAt))] {
            let (dir, file) = try Self.write(document, named: "group.kml")
            defer { try? FileManager.default.removeItem(at: dir) }
            let check = try ExternalTools.run(xmllint, ["--noout", "--schema", schemas.appendingPathComponent("kml/kml-all.xsd").path, file.path])
            #expect(check.status == 0 && check.stderr.contains("validates"), "\(name): \(check.stderr.prefix(600))")
        }
    }

    /// The rider tracks come after the last pose; with a flush they come in pieces of about 1 MiB, and
    /// the bytes are the same as in one piece.
    @Test func kmlRiderTracksStreamInPieces() {
        let frames = 20_000
        var context = PoseWriterContext(framesPerSecond: 30, frameCount: frames)
        context.group = Self.group
        let poses = (0..<frames).map { k in
            CameraPose(frame: k, time: Double(k) / 30, camera: Self.poses[0].camera, riders: (0..<3).map { Self.rider($0, frame: k % 4) })
        }
        var whole = KMLPoseWriter(context: context)
        let expected = whole.encode(poses)
        var writer = KMLPoseWriter(context: context)
        var out: [UInt8] = []
        writer.begin(into: &out)
        for pose in poses { writer.write(pose, into: &out) }
        var pieces: [[UInt8]] = [out]
        out.removeAll()
        writer.end(into: &out) { piece in
            pieces.append(piece)
            piece.removeAll()
        }
        pieces.append(out)
        #expect(pieces.count >= 4)
        #expect(pieces.dropFirst().allSatisfy { $0.count < (1 << 20) + 4096 })
        #expect(pieces.flatMap { $0 } == expected)
    }

    // MARK: MapLibre, preview, SVG

    @Test func mapLibreCamerasCarryEveryRiderPerFrame() throws {
        let text = Self.encode(.maplibre)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["riders"] as? [String] == ["Ann Lee", "Ann-Lee", "Bo <3"])
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == Self.frames)
        for (k, frame) in frames.enumerated() {
            let riders = try #require(frame["riders"] as? [[Double]])
            #expect(riders.count == 3)
            #expect(riders[1] == [14.503, 46.000 + 0.0005 * Double(k)])
            #expect(frame["active"] as? [Bool] == [true, true, k == 1 || k == 2])
        }
    }

    @Test func svgDrawsEveryRiderInItsColourWithALegend() throws {
        let text = Self.encode(.svg)
        #expect(text.components(separatedBy: "<g class=\"rider\">").count - 1 == 3)
        for (i, name) in ["Ann Lee", "Ann-Lee", "Bo &lt;3"].enumerated() {
            #expect(text.contains(">\(name)</text>"))
            #expect(text.contains("stroke=\"\(RiderPalette.hex(i))\""))
        }
        #expect(text.contains("id=\"camera-center\""))
        guard let xmllint = ExternalTools.find("xmllint", needs: "the SVG well-formedness check") else { return }
        let (dir, file) = try Self.write(text, named: "group.svg")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ExternalTools.run(xmllint, ["--noout", file.path]).status == 0)
    }

    /// Without a group, no format mentions riders (the single-route bytes are held by the golden samples).
    @Test func singleRouteOutputHasNoRiders() {
        let context = PoseWriterContext(framesPerSecond: Self.fps, frameCount: Self.frames)
        for format in PoseFormat.allCases where format != .kmz {
            var writer = format.makeWriter(context: context)
            let text = String(decoding: writer.encode(Self.poses), as: UTF8.self)
            #expect(!text.contains("rider") && !text.contains("gx:Track") && !text.contains("Ann"), "\(format)")
        }
    }

    /// The preview page in MapLibre GL JS: at frame 2 every rider's circle is drawn and labelled.
    @Test(.enabled(if: ExternalTools.browser, "needs chromium and maplibre-gl.js"))
    func previewPageDrawsTheRiders() throws {
        guard let js = ExternalTools.mapLibreJS else { return }
        var options = FlightPageOptions()
        options.script = .inline(javaScript: try String(contentsOf: js, encoding: .utf8), css: nil)
        var page = FlightPageWriter(context: Self.context(), options: options)
        let (dir, file) = try Self.write(String(decoding: page.encode(Self.poses), as: UTF8.self), named: "group.html")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = URL(string: file.absoluteString + "#frame=2")!
        let (dom, log) = try MapLibreBrowserTests.dumpDOM(url) { $0.contains("<body data-state=\"ready\"") }
        #expect(dom.contains("data-state=\"ready\""), "status: \(MapLibreBrowserTests.status(dom))")
        #expect(dom.contains("data-riders=\"3\""), "\(dom.prefix(300))")
        for name in ["Ann Lee", "Ann-Lee", "Bo &lt;3"] { #expect(dom.contains(">\(name)</div>"), "\(name)") }
        #expect(MapLibreBrowserTests.consoleLines(log).isEmpty, "\(MapLibreBrowserTests.consoleLines(log))")
    }
}
