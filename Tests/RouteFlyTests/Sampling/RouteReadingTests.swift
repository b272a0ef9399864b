import Foundation
import Testing
@testable import RouteKit

/// The route's values at each frame (``RouteReading``), against the route file's own numbers (read here
/// with a plain pattern match, not with RouteKit's reader) and PROJ's `geod` command for distances.
@Suite struct RouteReadingTests {
    static let run = Fixtures.packageRoot.appendingPathComponent("routes/togeojson-run_gpxtpx.gpx")
    static let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx")

    /// One `trkpt` as the file writes it.
    struct FilePoint { var latitude: Double; var longitude: Double; var elevation: Double; var time: Date; var heartRate: Double? }

    /// The track points of a GPX file, by a regular expression over its text.
    static func filePoints(_ url: URL) throws -> [FilePoint] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>\s*<time>([^<]+)</time>(?:(?:(?!</trkpt>).)*?<gpxtpx:hr>([0-9.]+)</gpxtpx:hr>)?(?:(?!</trkpt>).)*</trkpt>"#,
                                              options: [.dotMatchesLineSeparators])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let ns = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            func group(_ i: Int) -> String? { m.range(at: i).location == NSNotFound ? nil : ns.substring(with: m.range(at: i)) }
            let time = group(4)!
            return FilePoint(latitude: Double(group(1)!)!, longitude: Double(group(2)!)!, elevation: Double(group(3)!)!,
                             time: formatter.date(from: time) ?? plain.date(from: time)!, heartRate: group(5).flatMap(Double.init))
        }
    }

    /// Geodesic lengths of the legs between consecutive points, metres, from PROJ's `geod -I`.
    static func geodLegs(_ points: [FilePoint], geod: URL) throws -> [Double] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("legs-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: input) }
        let lines = zip(points, points.dropFirst()).map { "\($0.latitude) \($0.longitude) \($1.latitude) \($1.longitude)" }
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let r = try ExternalTools.run(geod, ["+ellps=WGS84", "-I", "-f", "%.9f", "-F", "%.6f", "+units=m", input.path])
        return r.stdout.split(separator: "\n").map { Double($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).last!)! }
    }

    static let geod = ExternalTools.find("geod", needs: "the distance-along-the-route checks against PROJ's geod")

    @Test(.enabled(if: geod != nil, "needs PROJ's geod (proj-bin)"))
    func theOdometerReadsTheFileAtEveryPoint() throws {
        let file = try Self.filePoints(Self.run)
        let route = try RouteFile.load(path: Self.run.path)
        #expect(file.count == route.points.count && file.count == 1118)
        let legs = try Self.geodLegs(file, geod: Self.geod!)
        let odometer = RouteOdometer(route: route)
        #expect(abs(odometer.length - legs.reduce(0, +)) < 0.001, "length \(odometer.length) vs geod \(legs.reduce(0, +))")
        var along = 0.0
        var checked = 0
        for k in file.indices {
            if k > 0 { along += legs[k - 1] }
            // A run of points at one place reads as its last point (where the rider leaves it).
            if k + 1 < file.count && legs[k] == 0 { continue }
            let reading = odometer.reading(atDistance: route.cumulativeDistances[k])
            #expect(abs(reading.distance - along) < 0.001, "point \(k): \(reading.distance) m along, geod \(along) m")
            #expect(abs(reading.coordinate.latitude - file[k].latitude) < 1e-9 && abs(reading.coordinate.longitude - file[k].longitude) < 1e-9, "point \(k)")
            #expect(abs(reading.time!.timeIntervalSince(file[k].time)) < 0.0005, "point \(k): \(reading.time!) vs \(file[k].time)")
            #expect(abs(reading.elevation! - file[k].elevation) < 1e-9, "point \(k)")
            #expect(reading.heartRate == file[k].heartRate, "point \(k)")
            #expect(abs(reading.progress - along / legs.reduce(0, +)) < 1e-8)
            checked += 1
        }
        #expect(checked > 1000)
    }

    /// Speed is the distance covered in the 10 s of recorded time around the point, over 10 s: checked where
    /// the file has points exactly 5 s before and after one (Strava records every second). 
    @Test(.enabled(if: geod != nil, "needs PROJ's geod (proj-bin)"))
    func speedIsTheDistanceCoveredInTenSecondsAroundThePoint() throws {
        let file = try Self.filePoints(Self.run)
        let legs = try Self.geodLegs(file, geod: Self.geod!)
        let odometer = RouteOdometer(route: try RouteFile.load(path: Self.run.path))
        var cumulative = [0.0]
        for leg in legs { cumulative.append(cumulative.last! + leg) }
        let index = Dictionary(file.indices.map { (file[$0].time, $0) }, uniquingKeysWith: { a, _ in a })
        var checked = 0
        for k in stride(from: 50, to: file.count - 50, by: 7) {
            guard let before = index[file[k].time.addingTimeInterval(-5)], let after = index[file[k].time.addingTimeInterval(5)],
                  k + 1 < file.count, legs[k] > 0 else { continue }
            let expected = (cumulative[after] - cumulative[before]) / 10
            let reading = odometer.reading(atDistance: cumulative[k])
            #expect(abs(reading.speed! - expected) < 1e-4, "point \(k): \(reading.speed!) vs \(expected)")
            checked += 1
        }
        #expect(checked > 50, "\(checked) points checked")
    }

    /// On a follow flight of a real hike: the fly-in holds the route's start (its first recorded time), the
    /// pull-out its end, the distance never goes back, and while following (not flying a gap) the reading's
    /// point, the planner's rider, is near the centre (within a fifth of the screen height the camera
    /// shows: the centre rounds corners and spurs the rider walks).
    @Test func aFollowFlightReadsTheRouteUnderItsCentre() throws {
        let route = try RouteFile.load(path: Self.hike.path)
        let file = try Self.filePoints(Self.hike)
        var options = FlightOptions()
        options.preset = .follow
        let plan = try FlightPlanner(options: options).plan(for: route)
        var flight = try plan.script.resolved(for: route)
        flight.routeTracking = plan.routeTracking
        let sampler = PoseSampler(framesPerSecond: 30)
        let followDistance = sampler.sample(flight.camera).poses.map(\.camera.distance).min()!
        var last = -1.0
        var worst = 0.0
        var frames = 0
        var steps: [Double] = []  // metres along the route a frame, while following
        _ = sampler.forEachPose(of: flight, eye: nil) { pose in
            let reading = pose.routeReading!
            #expect(reading.distance >= last, "frame \(pose.frame) goes back")
            let previous = last
            last = reading.distance
            if pose.time < options.intro {
                #expect(reading.distance == 0 && reading.time == file.first!.time, "frame \(pose.frame)")
            } else if pose.time > flight.duration - options.outro {
                #expect(abs(reading.distance - route.length) < 1e-6 && reading.time == file.last!.time, "frame \(pose.frame)")
            } else if pose.camera.distance <= followDistance * 1.001 && reading.distance > previous {
                // Following: the rider moving and the camera at its follow distance (not flying a gap
                // between segments, zoomed out, while the rider waits at the end of the last piece).
                let visibleHeight = 2 * pose.camera.distance * tan(CameraFraming().verticalFieldOfView * .pi / 360)
                let off = Geodesic.wgs84.inverse(from: pose.camera.centerCoordinate, to: reading.coordinate).distance
                worst = max(worst, off / visibleHeight)
                frames += 1
                if previous >= 0 { steps.append(reading.distance - previous) }
            }
            return true
        }
        print("follow flight: the reading's point is at most \(worst) screen heights from the centre over \(frames) frames")
        // The centre rounds the hike's spurs (out and back on one path) while the rider walks to their tips.
        #expect(worst < 0.2 && frames > 250)
        // The route part is timed by distance: the rider's metres a frame never pass twice their median
        // (fewer in the eases; a little more or less where the prepared route was simplified). Point by
        // point between the kept points, the rider crawled over 12 m legs at 3.8 m a frame and crossed the
        // 310 m leg to 15:40:00 at 91.6, 86 pixels off the centre (the replay review).
        let median = steps.sorted()[steps.count / 2]
        #expect(steps.max()! < 2 * median, "metres a frame: median \(median), at most \(steps.max()!)")
        #expect(abs(last - route.length) < 1e-6)
    }

    /// `overview` and `orbit` ride the route once on its recorded clock over the whole flight.
    @Test func anOrbitRidesTheRouteOnItsClock() throws {
        let route = try RouteFile.load(path: Self.hike.path)
        let file = try Self.filePoints(Self.hike)
        var options = FlightOptions()
        options.preset = .orbit
        let plan = try FlightPlanner(options: options).plan(for: route)
        var flight = try plan.script.resolved(for: route)
        flight.routeTracking = plan.routeTracking
        let poses = PoseSampler(framesPerSecond: 10).sample(flight.camera).poses.count
        var readings: [RouteReading] = []
        _ = PoseSampler(framesPerSecond: 10).forEachPose(of: flight, eye: nil) { readings.append($0.routeReading!); return true }
        #expect(readings.count == poses)
        #expect(readings.first!.time == file.first!.time && readings.last!.time == file.last!.time)
        let span = file.last!.time.timeIntervalSince(file.first!.time)
        let middle = readings[readings.count / 2]
        #expect(abs(middle.time!.timeIntervalSince(file.first!.time) - span / 2) < span / Double(readings.count))
    }

    /// A group rider's values are those of its own file at the instant the rider is shown: its position,
    /// interpolated in the file at its `route_time`, is the rider's position in the same CSV row.
    @Test func groupRidersCarryTheirOwnFilesValues() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let race = Fixtures.packageRoot.appendingPathComponent("routes/race")
        let names = ["ana", "ben", "cai"]
        let csv = dir.appendingPathComponent("race.csv").path
        let r = try runRouteFly(["sample"] + names.map { race.appendingPathComponent($0 + ".gpx").path }
                                + ["--fps", "2", "--route-columns", "--format", "csv", "-o", csv])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var checked = 0
        for name in names {
            let file = try Self.filePoints(race.appendingPathComponent(name + ".gpx"))
            for row in rows.dropFirst() where row[column(name + "_active")] == "1" {
                let time = formatter.date(from: row[column(name + "_route_time")])!
                // The file's position at that instant, interpolated linearly between its points.
                guard let k = file.indices.dropLast().first(where: { file[$0].time <= time && time <= file[$0 + 1].time }) else { continue }
                let span = file[k + 1].time.timeIntervalSince(file[k].time)
                let f = span > 0 ? time.timeIntervalSince(file[k].time) / span : 0
                let latitude = file[k].latitude + (file[k + 1].latitude - file[k].latitude) * f
                let longitude = file[k].longitude + (file[k + 1].longitude - file[k].longitude) * f
                // route_time is written to the millisecond: a rider moving a few metres a second moves millimetres.
                #expect(abs(Double(row[column(name + "_latitude")])! - latitude) < 1e-6, "\(name) at \(time)")
                #expect(abs(Double(row[column(name + "_longitude")])! - longitude) < 1e-6, "\(name) at \(time)")
                let progress = Double(row[column(name + "_route_progress")])!
                #expect((0...1).contains(progress))
                checked += 1
            }
        }
        #expect(checked > 100, "\(checked) rider rows checked")
    }

    /// The CLI's CSV has the seven columns only when asked, and GeoJSON carries the values of the file.
    @Test func csvAndGeoJSONCarryTheValues() throws {
        let plain = try runRouteFly(["sample", Self.run.path, "--fps", "2", "--format", "csv"])
        #expect(plain.status == 0 && !plain.stdout.contains("route_distance"))
        let csv = try runRouteFly(["sample", Self.run.path, "--fps", "2", "--format", "csv", "--route-columns"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let header = csv.stdout.split(separator: "\n")[0]
        #expect(header.hasSuffix("route_distance,route_progress,route_time,route_elevation,speed,heart_rate,cadence"))
        let refused = try runRouteFly(["sample", Self.run.path, "--format", "kml", "--route-columns"])
        #expect(refused.status == 64 && refused.stderr.contains("--route-columns"))
        let geojson = try runRouteFly(["sample", Self.run.path, "--fps", "2", "--format", "geojson"])
        let document = try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as! [String: Any]
        let features = (document["features"] as! [[String: Any]]).compactMap { $0["properties"] as? [String: Any] }.filter { $0["frame"] != nil }
        let file = try Self.filePoints(Self.run)
        let heartRates = Set(file.compactMap(\.heartRate))
        let range = heartRates.min()!...heartRates.max()!
        for p in features {
            #expect(range.contains(p["heart_rate"] as! Double))
            #expect(p["route_time"] is String && p["route_distance"] is Double && p["speed"] is Double)
        }
        // The fly-in holds the route's start: its first recorded instant, to the millisecond.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(features.first!["route_time"] as? String == formatter.string(from: file.first!.time))
        #expect(features.last!["route_time"] as? String == formatter.string(from: file.last!.time))
    }
}
