import Foundation
import Testing
@testable import RouteKit

/// A small flight for the writers' tests: `count` poses at 10 fps along a line, with eyes, optionally
/// across the antimeridian.
func writerTestPoses(count: Int = 41, acrossAntimeridian: Bool = false, eyes: Bool = true) -> [CameraPose] {
    (0..<count).map { i in
        let t = Double(i) / 10
        let longitude = acrossAntimeridian ? Angles.normalizedLongitude(179.95 + 0.0025 * Double(i)) : 14.3 + 0.001 * Double(i)
        let camera = MapCamera(centerCoordinate: .init(latitude: 45.77 + 0.0005 * Double(i), longitude: longitude),
                               distance: 2000 + 10 * Double(i), heading: Angles.normalizedHeading(350 + 2.5 * Double(i)), pitch: 40 + 0.25 * Double(i))
        let elevation = 550 + Double(i)
        return CameraPose(frame: i, time: t, camera: camera, centerElevation: elevation,
                          eye: eyes ? camera.eye(centerElevation: elevation) : nil)
    }
}

/// A two-segment route for the writers' tests (one segment across the antimeridian when asked).
func writerTestRoute(acrossAntimeridian: Bool = false) -> Route {
    let base = acrossAntimeridian ? 179.99 : 14.3
    let first = (0..<6).map { RoutePoint(latitude: 45.77 + 0.001 * Double($0), longitude: Angles.normalizedLongitude(base + 0.004 * Double($0)), elevation: 500) }
    let second = (0..<4).map { RoutePoint(latitude: 45.8 + 0.001 * Double($0), longitude: 14.4 + 0.002 * Double($0)) }
    return Route(segments: [first, second], name: "Lake & <loop>", source: .init(kind: .tracks, trackCount: 1, trackSegmentCount: 2))!
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

private func occurrences(of needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

/// The numbers inside every `<tag>…</tag>` of an XML text, in order.
private func values(of tag: String, in xml: String) -> [Double] {
    xml.components(separatedBy: "<\(tag)>").dropFirst().compactMap { Double($0.components(separatedBy: "</\(tag)>")[0]) }
}

@Suite struct PoseWriterFormatsTests {
    @Test func formatNamesAndExtensions() {
        #expect(PoseFormat.allCases.map(\.rawValue) == ["csv", "geojson", "kml", "kmz", "czml", "earth-studio", "maplibre", "gpx", "svg"])
        #expect(PoseFormat(pathExtension: "KMZ") == .kmz)
        #expect(PoseFormat(pathExtension: "mp4") == nil)
        #expect(PoseFormat(name: "DeckGL") == .maplibre && PoseFormat(name: "mapbox") == .maplibre && PoseFormat(name: "Earth-Studio") == .earthStudio)
        #expect(PoseFormat(name: "mp4") == nil)
        #expect(PoseFormat(pathExtension: "KML") == .kml)
        #expect(PoseFormat(pathExtension: "czml") == .czml)
        #expect(PoseFormat(pathExtension: "gpx") == .gpx)
        #expect(PoseFormat(pathExtension: "json") == .geojson)  // Earth Studio only by --format
        #expect(PoseFormat(pathExtension: "svg") == .svg)
    }

    @Test func svgIsAPictureOfTheFlightOverTheRoute() throws {
        let poses = writerTestPoses()
        let svg = text(PoseFormat.svg.encode(poses, route: writerTestRoute()))
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(svg.contains("<polyline") && svg.hasSuffix("</svg>\n"))
        #expect(svg == text(PoseFormat.svg.encode(poses, route: writerTestRoute())))  // deterministic
    }

    @Test func kmlIsATourOfSmoothFlyTosToTheEyeAndTheRoute() throws {
        let poses = writerTestPoses(acrossAntimeridian: true)
        let kml = text(PoseFormat.kml.encode(poses, route: writerTestRoute()))
        #expect(kml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\" xmlns:gx=\"http://www.google.com/kml/ext/2.2\">"))
        #expect(kml.contains("<name>Lake &amp; &lt;loop&gt;</name>"))
        #expect(occurrences(of: "<gx:Tour>", in: kml) == 1 && occurrences(of: "<gx:Playlist>", in: kml) == 1)
        #expect(occurrences(of: "<gx:FlyTo>", in: kml) == poses.count)
        #expect(occurrences(of: "<gx:flyToMode>smooth</gx:flyToMode>", in: kml) == poses.count)
        #expect(occurrences(of: "<altitudeMode>absolute</altitudeMode>", in: kml) == poses.count)
        #expect(occurrences(of: "<LineString>", in: kml) == 2 && kml.contains("<MultiGeometry>"))
        #expect(values(of: "gx:duration", in: kml) == [0] + Array(repeating: 0.1, count: poses.count - 1))
        let longitudes = values(of: "longitude", in: kml), latitudes = values(of: "latitude", in: kml)
        let altitudes = values(of: "altitude", in: kml), headings = values(of: "heading", in: kml), tilts = values(of: "tilt", in: kml)
        #expect(longitudes.count == poses.count && headings.count == poses.count && tilts.count == poses.count)
        #expect(longitudes.allSatisfy { (-180...180).contains($0) })
        #expect(headings.allSatisfy { (0..<360).contains($0) })
        for (i, pose) in poses.enumerated() {
            let eye = try #require(pose.eye)
            #expect(abs(longitudes[i] - eye.coordinate.longitude) < 1e-8)
            #expect(abs(latitudes[i] - eye.coordinate.latitude) < 1e-8)
            #expect(abs(altitudes[i] - eye.altitude) < 1e-3)
            // The eye's heading and tilt are the pose's up to the Earth's curvature over the ground
            // offset h (h / R radians, 0.012 degrees here) and meridian convergence (less than that).
            let curvature = pose.camera.distance * sin(pose.camera.pitch * .pi / 180) / 6_371_000 * 180 / .pi
            #expect(angularDistance(headings[i], pose.camera.heading) < 2 * curvature)
            #expect(abs(tilts[i] - pose.camera.pitch) < 1.1 * curvature + 1e-4)
            #expect(abs(tilts[i] - pose.camera.pitch) > 0.9 * curvature - 1e-4)
        }
        #expect(kml.hasSuffix("</gx:Playlist>\n</gx:Tour>\n</Document>\n</kml>\n"))
    }

    @Test func kmlComputesMissingEyes() {
        let withEyes = PoseFormat.kml.encode(writerTestPoses())
        let without = PoseFormat.kml.encode(writerTestPoses(eyes: false))
        #expect(withEyes == without)
    }

    @Test func czmlPacketsAreValidJSONWithWhatCesiumNeeds() throws {
        let poses = writerTestPoses(acrossAntimeridian: true)
        var writer = CZMLPoseWriter(context: PoseWriterContext(poses: poses, route: writerTestRoute()), samplesPerPacket: 7)
        let bytes = writer.encode(poses)
        let packets = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        let document = packets[0]
        #expect(document["id"] as? String == "document" && document["version"] as? String == "1.0")
        let clock = try #require(document["clock"] as? [String: Any])
        #expect(clock["interval"] as? String == "2000-01-01T00:00:00Z/2000-01-01T00:00:04Z")  // 41 frames at 10 fps
        #expect(clock["currentTime"] as? String == "2000-01-01T00:00:00Z")
        #expect(clock["multiplier"] as? Int == 1 && clock["range"] as? String == "CLAMPED")
        #expect(clock["step"] as? String == "SYSTEM_CLOCK_MULTIPLIER")
        #expect(packets.allSatisfy { ($0["id"] as? String)?.isEmpty == false })
        #expect(packets.filter { ($0["id"] as? String)?.hasPrefix("route") == true }.count == 2)
        let samples = packets.filter { $0["id"] as? String == "camera" && $0["position"] != nil }
        #expect(samples.count == 6)  // ceil(41 / 7)
        var positions: [Double] = [], quaternions: [Double] = []
        for packet in samples {
            let position = try #require(packet["position"] as? [String: Any])
            let orientation = try #require(packet["orientation"] as? [String: Any])
            for property in [position, orientation] {
                #expect(property["epoch"] as? String == "2000-01-01T00:00:00Z")
                #expect(property["interpolationAlgorithm"] as? String == "LINEAR")
                #expect(property["interpolationDegree"] as? Int == 1)
            }
            positions += try #require(position["cartographicDegrees"] as? [Double])
            quaternions += try #require(orientation["unitQuaternion"] as? [Double])
        }
        #expect(positions.count == 4 * poses.count && quaternions.count == 5 * poses.count)
        var previous: SIMD4<Double>? = nil
        for (i, pose) in poses.enumerated() {
            let eye = try #require(pose.eye)
            #expect(positions[4 * i] == (pose.time * 1e6).rounded() / 1e6)
            #expect(abs(positions[4 * i + 1] - eye.coordinate.longitude) < 1e-8)
            #expect(abs(positions[4 * i + 2] - eye.coordinate.latitude) < 1e-8)
            #expect(abs(positions[4 * i + 3] - eye.altitude) < 1e-3)
            #expect(quaternions[5 * i] == positions[4 * i])
            let q = SIMD4(quaternions[5 * i + 1], quaternions[5 * i + 2], quaternions[5 * i + 3], quaternions[5 * i + 4])
            #expect(abs((q * q).sum() - 1) < 1e-8)
            if let previous { #expect((q * previous).sum() > 0) }  // same hemisphere: short interpolation
            previous = q
        }
    }

    @Test func earthStudioJSONHasOneFrameObjectPerPose() throws {
        let poses = writerTestPoses()
        let framing = CameraFraming(viewportWidth: 1280, viewportHeight: 720, verticalFieldOfView: 40)
        let bytes = PoseFormat.earthStudio.encode(poses, framing: framing)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        // Real exports count frame intervals: one less than the camera frames.
        #expect(object["numFrames"] as? Int == poses.count - 1)
        #expect(object["width"] as? Int == 1280 && object["height"] as? Int == 720)
        #expect(object["fovVertical"] as? Double == 40)
        #expect(abs((object["frameRate"] as? Double ?? 0) - 10) < 1e-9)
        // 2 atan(tan(20 deg) * 16 / 9) = 65.81042 degrees (python3 math).
        #expect(abs((object["fovHorizontal"] as? Double ?? 0) - 65.8104) < 1e-4)
        let frames = try #require(object["cameraFrames"] as? [[String: Any]])
        #expect(frames.count == poses.count)
        for (i, frame) in frames.enumerated() {
            let eye = try #require(poses[i].eye)
            let coordinate = try #require(frame["coordinate"] as? [String: Double])
            #expect(abs(coordinate["latitude"]! - eye.coordinate.latitude) < 1e-8)
            #expect(abs(coordinate["altitude"]! - eye.altitude) < 1e-3)
            let position = try #require(frame["position"] as? [String: Double])
            let expected = EarthCenteredFrame.position(of: eye.coordinate, height: eye.altitude)
            #expect(abs(position["x"]! - expected.x) < 1e-3 && abs(position["z"]! - expected.z) < 1e-3)
            let rotation = try #require(frame["rotation"] as? [String: Double])
            #expect(rotation.keys.sorted() == ["x", "y", "z"])
        }
    }

    @Test func gpxTrackOfTheCentresWithTimesFromTheEpoch() throws {
        let poses = writerTestPoses(acrossAntimeridian: true)
        var context = PoseWriterContext(poses: poses, route: writerTestRoute())
        context.epoch = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
        var writer = GPXPoseWriter(context: context)
        let gpx = text(writer.encode(poses))
        #expect(gpx.contains("<gpx version=\"1.1\" creator=\"RouteKit route-fly\" xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(gpx.contains("<metadata><name>Lake &amp; &lt;loop&gt; camera centre</name></metadata>"))
        #expect(occurrences(of: "<trkpt ", in: gpx) == poses.count)
        #expect(gpx.contains("<time>2023-11-14T22:13:20.000Z</time>"))
        #expect(gpx.contains("<time>2023-11-14T22:13:24.000Z</time>"))
        #expect(gpx.contains("<time>2023-11-14T22:13:20.100Z</time>"))
        #expect(!gpx.contains("lon=\"180.00000000\""))
    }

    @Test func gpxLongitudesStayBelow180() {
        #expect(GPXPoseWriter.printableLongitude(180) == -180)
        #expect(GPXPoseWriter.printableLongitude(179.999999996) < -179.9)
        #expect(GPXPoseWriter.printableLongitude(179.99999999) == 179.99999999)
        #expect(GPXPoseWriter.printableLongitude(-180) == -180)
    }

    @Test func geoJSONAppendsTheRouteAfterUnchangedPoints() throws {
        let poses = writerTestPoses()
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(PoseFormat.geojson.encode(poses))) as? [String: Any])
        let withRoute = try #require(try JSONSerialization.jsonObject(with: Data(PoseFormat.geojson.encode(poses, route: writerTestRoute()))) as? [String: Any])
        let a = try #require(plain["features"] as? [[String: Any]]), b = try #require(withRoute["features"] as? [[String: Any]])
        #expect(b.count == a.count + 1)
        #expect(NSArray(array: Array(b.prefix(a.count))).isEqual(to: a))
        let route = try #require(b.last)
        let geometry = try #require(route["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        #expect((geometry["coordinates"] as? [[[Double]]])?.map(\.count) == [6, 4])
        #expect((route["properties"] as? [String: String]) == ["role": "route", "name": "Lake & <loop>"])
        // The bbox covers the route too (its second segment reaches 14.406 E, 45.803 N).
        let bbox = try #require(withRoute["bbox"] as? [Double])
        #expect(bbox[2] >= 14.406 && bbox[3] >= 45.803)
    }

    @Test func everyFormatIsDeterministicAndStreamsInChunks() {
        let poses = writerTestPoses()
        for format in PoseFormat.allCases {
            let whole = format.encode(poses, route: writerTestRoute())
            #expect(whole == format.encode(poses, route: writerTestRoute()), "\(format)")
            // Driving the writer pose by pose into separate buffers gives the same bytes.
            var writer = format.makeWriter(context: PoseWriterContext(poses: poses, route: writerTestRoute()))
            var pieces: [UInt8] = []
            var buffer: [UInt8] = []
            writer.begin(into: &buffer); pieces += buffer; buffer.removeAll()
            for pose in poses { writer.write(pose, into: &buffer); pieces += buffer; buffer.removeAll() }
            writer.end(into: &buffer); pieces += buffer
            #expect(pieces == whole, "\(format)")
        }
    }
}
