import Foundation
import Testing
@testable import RouteKit

/// ``CheckRun``: the whole check of a route and its flight through the library, as `route-fly check`
/// runs it (the CLI only reads, fills the ground, calls it and prints).
@Suite struct CheckRunTests {
    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: Fixtures.url("check/\(name)")) }

    static func report(_ name: String, _ run: CheckRun) throws -> CheckReport {
        let data = try bytes(name)
        return try run.report(for: try RouteFile.read(data: data, displayPath: name), data: data)
    }

    /// The `<time>` texts of a GPX file's `<trkpt>`s, read with a plain regular expression (not RouteKit).
    static func trackPointTimes(_ data: Data) -> [Date] {
        let text = String(decoding: data, as: UTF8.self)
        let formatter = ISO8601DateFormatter()
        return text.matches(of: /<trkpt[^>]*>(?:<ele>[^<]*<\/ele>)?<time>([^<]+)<\/time>/).compactMap { formatter.date(from: String($0.output.1)) }
    }

    @Test func zonesAreReadFromTheBytesAgainAndThePlannedFlightIsChecked() throws {
        // zones.gpx writes its 4 times in three notations (Z, +01:00, Z, none) and has no <ele>: the
        // route's findings RouteCheckTests expects, in its order, then the flight's that `route-fly
        // check` prints for it.
        let data = try Self.bytes("zones.gpx")
        let report = try Self.report("zones.gpx", CheckRun(flight: .planned(FlightOptions())))
        #expect(report.findings.map(\.code.rawValue)
                == ["time-zone-mixed", "time-zone-missing", "elevation-missing", "flight-duration", "motion-peaks"])
        let points = String(decoding: data, as: UTF8.self).components(separatedBy: "<trkpt ").count - 1
        #expect(points == 4 && report.route.points == points && report.route.timedPoints == points)
        #expect(report.unplannable == nil)
        // Intro 6 s + 30 s + outro 6 s (the follow preset's defaults, README), at 30 fps both ends.
        let flight = try #require(report.flight)
        #expect(abs(flight.duration - 42) < 1e-9 && flight.frameCount == 42 * 30 + 1)
        // Without the bytes to read again (bytes that are not the file's), there is nothing to scan.
        let elsewhere = try CheckRun(flight: .planned(FlightOptions()))
            .report(for: try RouteFile.read(data: data, displayPath: "zones.gpx"), input: nil)
        #expect(!elsewhere.findings.contains { $0.code.rawValue.hasPrefix("time-zone") })
    }

    @Test func theCommandPrintsWhatTheLibraryReports() throws {
        // The CLI is a shell around CheckRun: its JSON report is the library's, byte for byte.
        for (name, arguments, options) in [("backwards.gpx", ["--duration", "10"], { var o = FlightOptions(); o.duration = 10; return o }()),
                                           ("zones.gpx", [], FlightOptions())] {
            let report = try Self.report(name, CheckRun(flight: .planned(options)))
            let cli = try runRouteFly(["check", Fixtures.url("check/\(name)").path, "--json"] + arguments)
            #expect(cli.status == (report.fails(strict: false) ? 2 : 0))
            #expect(cli.stdout == report.json(limit: 20), "\(name)")
        }
    }

    @Test func aFlightThatCannotBePlannedIsAFindingWithItsTypedReason() throws {
        // One point (counted in the text): the planner refuses it, the route is still checked.
        let gpx = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="46" lon="14"><time>2020-09-13T12:26:40Z</time></trkpt></trkseg></trk></gpx>"#
        let data = Data(gpx.utf8)
        let points = gpx.components(separatedBy: "<trkpt ").count - 1
        let run = CheckRun(flight: .planned(FlightOptions()))
        let report = try run.report(for: try RouteFile.read(data: data, displayPath: "one.gpx"), data: data)
        #expect(report.unplannable == .plan(.tooFewPoints(points)))
        #expect(report.flight == nil)
        let finding = try #require(report.findings.last)
        #expect(finding.code == .flightUnplannable && finding.severity == .error)
        #expect(finding.message == "The flight cannot be planned: the route has 1 point; a flight needs at least 2.")
        #expect(report.fails(strict: false))
        // The caller words the reason in its own terms.
        let worded = try run.report(for: try RouteFile.read(data: data), data: data) { "reason \($0 == .plan(.tooFewPoints(1)))" }
        #expect(worded.findings.last?.message == "The flight cannot be planned: reason true.")
        #expect(!report.json(limit: nil).contains("--"))
    }

    @Test func aFlightTooLongToSampleIsAFinding() throws {
        // gap.gpx (180 s) flown in recorded time slowed to 2,500 s, at 10,000 fps: more than 20,000,000
        // frames (a route part short enough to plan: one over 100,000 s is refused as too long first).
        let data = try Self.bytes("gap.gpx")
        let times = Self.trackPointTimes(data)
        #expect(times.count == 8)
        let span = try #require(times.last).timeIntervalSince(try #require(times.first))  // 180 s in the file
        var options = FlightOptions()
        options.timing = .recorded
        options.speedup = 180.0 / 2500
        var limits = FlightCheck.Options()
        limits.framesPerSecond = 10_000
        let report = try Self.report("gap.gpx", CheckRun(flight: .planned(options), flightOptions: limits))
        guard case .tooManyFrames(let duration, let fps)? = report.unplannable else {
            Issue.record("expected tooManyFrames, got \(String(describing: report.unplannable))")
            return
        }
        #expect(fps == 10_000)
        #expect(abs(duration - (span / options.speedup! + options.intro + options.outro)) < 1e-3)
        #expect(duration * fps > Double(PoseSampler.maximumFrameCount))
        #expect(report.flight == nil)
        #expect(report.findings.filter { $0.code == .flightUnplannable }.count == 1)
        // The route's own finding is still there: the 120 s gap before point 4.
        #expect(report.findings.contains { $0.code.rawValue == "time-gap" && $0.index == 4 })
    }

    /// Flat ground at a fixed height (metres above sea level).
    struct FlatGround: ElevationModel {
        var height: Double
        func elevation(at coordinate: LocationCoordinate2D) -> Double? { height }
    }

    @Test func aScriptedFlightIsCheckedOverTheTerrainGiven() throws {
        // clean.gpx lies at 300-307 m (its <ele>); a script flown as planned there is under ground that
        // stands 100 km high, and clear of the sea-level ground.
        let data = try Self.bytes("clean.gpx")
        let read = try RouteFile.read(data: data, displayPath: "clean.gpx")
        let script = try FlightPlanner().plan(for: read.route).script.resolved(for: read.route)
        let high = try CheckRun(flight: .scripted(script, framing: CameraFraming()), terrain: FlatGround(height: 100_000))
            .report(for: read, data: data)
        let clearance = high.findings.filter { $0.code.rawValue == "terrain-clearance" }
        #expect(!clearance.isEmpty && clearance.allSatisfy { $0.severity == .error })
        #expect(high.findings.contains { $0.code.rawValue == "flight-duration" })
        // No expected length for a script: no duration mismatch however long it is.
        #expect(!high.findings.contains { $0.code.rawValue == "flight-duration-mismatch" })
        let low = try CheckRun(flight: .scripted(script, framing: CameraFraming()), terrain: FlatGround(height: 0))
            .report(for: read, data: data)
        #expect(!low.findings.contains { $0.code.rawValue == "terrain-clearance" })
    }
}
