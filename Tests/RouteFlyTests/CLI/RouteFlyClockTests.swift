import Foundation
import Testing
@testable import RouteKit

/// Clocks through the command line: broken clocks refused under recorded
/// timing, whole seconds spread, riders' clock offsets named, the frame budget checked before planning.
@Suite struct RouteFlyClockTests {
    static func fixture(_ name: String) -> String { Fixtures.url("clock/\(name)").path }

    /// `sample --timing recorded` on a clock that cannot be a recording: exit 1, nothing on standard
    /// output, no output file, the reason and '--timing distance' on standard error; distance timing flies it.
    @Test(arguments: [("newest-first.gpx", "the points run newest-first: 11 of 11 recorded steps go back in time (the first at point 1)"),
                      ("placeholder-clock.gpx", "all 10 recorded times are the same instant, 2000-01-01T00:00:00Z")])
    func aBrokenClockIsRefused(_ file: String, _ reason: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("flight.csv").path
        let r = try runRouteFly(["sample", Self.fixture(file), "--timing", "recorded", "-o", out])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(r.stderr.contains("error: recorded timing cannot fly this route: \(reason)"), "\(r.stderr)")
        #expect(r.stderr.contains("('--timing distance')"))
        let stdoutRun = try runRouteFly(["sample", Self.fixture(file), "--timing", "recorded"])
        #expect(stdoutRun.status == 1 && stdoutRun.stdout.isEmpty)
        #expect(try runRouteFly(["sample", Self.fixture(file), "--timing", "distance", "-o", out]).status == 0)
    }

    /// A group flight is recorded timing too: a rider whose clock cannot be a recording is refused, named.
    @Test func aRiderWithABrokenClockIsRefused() throws {
        let r = try runRouteFly(["sample", Self.fixture("rider-utc.gpx"), Self.fixture("placeholder-clock.gpx")])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("rider 'placeholder-clock' cannot be played on the group's clock: all 10 recorded times are the same instant"), "\(r.stderr)")
    }

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func mojstrovkaIsRefusedUnderRecordedTiming() throws {
        guard let url = Fixtures.real("gpx/gpxpy-Mojstrovka.gpx") else { return }
        let r = try runRouteFly(["sample", url.path, "--timing", "recorded"])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("all 184 recorded times are the same instant, 1901-12-13T20:45:52"), "\(r.stderr)")
    }

    /// The centre's ground speed, frame to frame (m/s, equirectangular at the frame: steps of a few
    /// centimetres), over the middle of a `--intro 0 --outro 0` recorded flight, away from the easing.
    static func middleSpeeds(_ csv: String) -> [Double] {
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        let duration = rows.last![1]
        var speeds: [Double] = []
        for (a, b) in zip(rows, rows.dropFirst()) where b[1] > 5 && b[1] < duration - 5 {
            let north = (b[2] - a[2]) * 111_132, east = (b[3] - a[3]) * 111_320 * cos(b[2] * .pi / 180)
            speeds.append((north * north + east * east).squareRoot() / (b[1] - a[1]))
        }
        return speeds
    }

    /// Whole-second times at 10 Hz: the camera does not pulse once a second. The fixture rides at 5 m/s;
    /// the centre's speed over the middle stays within 2 % of it. The control, the same file with one
    /// time 0.1 ms off a whole second (so the times are no longer all whole seconds and nothing is
    /// spread), pulses between about half and one and a half times that speed: the measure sees a pulse.
    @Test func wholeSecondsDoNotPulse() throws {
        let spread = try runRouteFly(["sample", Self.fixture("whole-seconds-10hz.gpx"), "--timing", "recorded", "--intro", "0", "--outro", "0"])
        #expect(spread.status == 0, "\(spread.stderr)")
        let speeds = Self.middleSpeeds(spread.stdout)
        #expect(speeds.count > 250)
        let mean = speeds.reduce(0, +) / Double(speeds.count)
        #expect(abs(mean - 5) < 0.1, "mean \(mean)")
        #expect(speeds.min()! > 0.98 * mean && speeds.max()! < 1.02 * mean, "\(speeds.min()!)...\(speeds.max()!)")

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let control = dir.appendingPathComponent("control.gpx")
        let text = try String(contentsOfFile: Self.fixture("whole-seconds-10hz.gpx"), encoding: .utf8)
        let range = try #require(text.range(of: "12:26:40Z"))
        try text.replacingCharacters(in: range, with: "12:26:40.0001Z").write(to: control, atomically: true, encoding: .utf8)
        let pulsing = try runRouteFly(["sample", control.path, "--timing", "recorded", "--intro", "0", "--outro", "0"])
        let controlSpeeds = Self.middleSpeeds(pulsing.stdout)
        #expect(controlSpeeds.max()! > 1.3 * mean && controlSpeeds.min()! < 0.7 * mean, "\(controlSpeeds.min()!)...\(controlSpeeds.max()!)")
    }

    /// Riders 2 h apart (local time with a Z) and 631065600 s apart (the FIT epoch dropped): one
    /// finding each naming the cause and the '--offset' that fixes it; with those offsets, none.
    @Test func ridersClocksApartNameTheOffset() throws {
        let utc = Self.fixture("rider-utc.gpx"), local = Self.fixture("rider-local-time.gpx"), fit = Self.fixture("rider-fit-epoch-dropped.gpx")
        let r = try runRouteFly(["check", utc, local, fit])
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("[group-clock-offset]") }
        #expect(lines.count == 2, "\(r.stdout)")
        #expect(lines.contains { $0.contains("Rider 'rider-local-time'") && $0.contains("2 h ahead of that of 'rider-utc'") && $0.contains("local time with a Z") && $0.contains("'--offset rider-local-time=-7200'") })
        #expect(lines.contains { $0.contains("Rider 'rider-fit-epoch-dropped'") && $0.contains("dropped the FIT epoch") && $0.contains("'--offset rider-fit-epoch-dropped=631065600'") })
        #expect(!r.stdout.contains("group-clocks-disjoint"))
        // sample warns the same, before planning (here the flight is then too long to plan: 20 years).
        let sample = try runRouteFly(["sample", utc, fit])
        #expect(sample.status == 1 && sample.stdout.isEmpty)
        #expect(sample.stderr.contains("warning: Rider 'rider-fit-epoch-dropped' never rides with the others") && sample.stderr.contains("'--offset rider-fit-epoch-dropped=631065600' puts it right. [group-clock-offset]"), "\(sample.stderr)")
        let fixed = try runRouteFly(["check", utc, local, fit, "--offset", "rider-local-time=-7200", "--offset", "rider-fit-epoch-dropped=631065600"])
        #expect(!fixed.stdout.contains("group-clock-offset") && !fixed.stdout.contains("group-clocks-disjoint"), "\(fixed.stdout)")
    }

    /// A rider whose device clock was never set (its times start on the FIT epoch, 1989-12-31, as the
    /// fit-epoch.gpx) beside one on the right clock: a `group-clock-offset` naming the
    /// cause and the '--offset' that starts it with the other (the difference of the two files' first
    /// times, by Foundation's ISO 8601 parser), even though the flight cannot be planned; with it, none.
    @Test func aRiderOnTheFitEpochNamesTheOffset() throws {
        let utc = Self.fixture("rider-utc.gpx")
        let text = try String(contentsOfFile: utc, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<time>([^<]+)</time>")
        let ns = text as NSString
        let parser = ISO8601DateFormatter()
        let matches = pattern.matches(in: text, range: NSRange(location: 0, length: ns.length))
        let first = try #require(parser.date(from: ns.substring(with: matches[0].range(at: 1))))
        let fitEpoch = Date(timeIntervalSince1970: 631_065_600)
        let shift = first.timeIntervalSince(fitEpoch)
        let shifted = NSMutableString(string: text)
        for m in matches.reversed() {
            let date = try #require(parser.date(from: ns.substring(with: m.range(at: 1))))
            shifted.replaceCharacters(in: m.range(at: 1), with: parser.string(from: date.addingTimeInterval(-shift)))
        }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fit = dir.appendingPathComponent("rider-fit-clock.gpx")
        try (shifted as String).write(to: fit, atomically: true, encoding: .utf8)
        #expect((shifted as String).contains("<time>1989-12-31T00:00:00Z</time>"))

        let r = try runRouteFly(["check", utc, fit.path])
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("[group-clock-offset]") }
        #expect(lines.count == 1, "\(r.stdout)")
        #expect(lines.first?.contains("Rider 'rider-fit-clock'") == true && lines.first?.contains("FIT epoch's day (1989-12-31)") == true
                && lines.first?.contains("'--offset rider-fit-clock=\(Int(shift))'") == true, "\(lines)")
        let sample = try runRouteFly(["sample", utc, fit.path])
        #expect(sample.status == 1 && sample.stderr.contains("'--offset rider-fit-clock=\(Int(shift))' puts it right. [group-clock-offset]"), "\(sample.stderr)")
        let fixed = try runRouteFly(["check", utc, fit.path, "--offset", "rider-fit-clock=\(Int(shift))"])
        #expect(!fixed.stdout.contains("group-clock-offset") && !fixed.stdout.contains("group-clocks-disjoint") && !fixed.stdout.contains("flight-unplannable"), "\(fixed.stdout)")
    }

    /// blue_hills lists three walks June, October, May: `info` gives the span from the earliest time to
    /// the latest (140 d 06:10:33, from the file's sorted <time> texts), not last minus first (-28 d).
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func infoDurationIsTheRecordedSpan() throws {
        guard let url = Fixtures.real("gpx/togeojson-blue_hills.gpx") else { return }
        let r = try runRouteFly(["info", "--json", url.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["duration_s"] as? Double == 12_118_233)
        let text = try runRouteFly(["info", url.path]).stdout
        #expect(text.contains("12118233.000 s (140 d 06:10:33)"), "\(text)")
        #expect(text.contains("from the earliest, 2001-05-26T15:15:07Z, to the latest, 2001-10-13T21:25:40Z"))
    }

    /// `--timing recorded --speedup N` over the frame budget is refused before planning: no planning
    /// note is printed (planning blue_hills' 111 days took 12 s before), and it is quick.
    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func theFrameBudgetIsCheckedBeforePlanning() throws {
        guard let url = Fixtures.real("gpx/togeojson-blue_hills.gpx") else { return }
        let start = Date()
        let r = try runRouteFly(["sample", url.path, "--timing", "recorded", "--speedup", "10", "-o", "/dev/null"])
        let seconds = Date().timeIntervalSince(start)
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("more than 20000000 frames"), "\(r.stderr)")
        #expect(!r.stderr.contains("note: prepared the route"), "planned first: \(r.stderr)")
        #expect(seconds < 5, "\(seconds) s")
        // A small budget, same thing.
        let small = try runRouteFly(["sample", Self.fixture("whole-seconds-10hz.gpx"), "--timing", "recorded", "--max-frames", "100"])
        #expect(small.status == 1 && small.stderr.contains("more than the frame budget of 100"), "\(small.stderr)")
        #expect(!small.stderr.contains("note:"), "\(small.stderr)")
    }

    /// A route part shortened by `--duration` is the user's choice, not the file's clock: the note says the
    /// duration was asked for and does not blame the recording (whose rider-utc clock is sound).
    @Test(arguments: ["recorded", "distance"]) func aTinyDurationIsNotBlamedOnTheClock(_ timing: String) throws {
        let r = try runRouteFly(["sample", Self.fixture("rider-utc.gpx"), "--timing", timing, "--duration", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("the route part lasts only 0.5 s, as asked"), "\(r.stderr)")
        #expect(!r.stderr.contains("clock looks broken"), "\(r.stderr)")
    }

    /// A clock reset mid-recording (an hour back at one point): recorded timing flies that step in no time
    /// and the rest at its own pace, and its note names the largest step back with its points and times,
    /// read from the file: the flight is the span before the reset plus the span after it.
    @Test func aClockResetIsNamedWithItsPointsAndTimes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let start = Date(timeIntervalSince1970: 1_714_547_200)
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for k in 0..<200 {
            let time = start.addingTimeInterval(Double(2 * k) - (k >= 120 ? 3600 : 0))
            text += String(format: #"<trkpt lat="%.6f" lon="%.6f">"#, 46 + Double(k) * 1e-4, 14 + Double(k) * 5e-5)
                + "<time>\(ISO8601.string(from: time))</time></trkpt>"
        }
        let gpx = dir.appendingPathComponent("reset.gpx")
        try (text + "</trkseg></trk></gpx>").write(to: gpx, atomically: true, encoding: .utf8)
        let r = try runRouteFly(["sample", gpx.path, "--timing", "recorded", "--fps", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let before = ISO8601.string(from: start.addingTimeInterval(238)), after = ISO8601.string(from: start.addingTimeInterval(240 - 3600))
        #expect(r.stderr.contains("note: 1 step where the recorded time stands still or goes backwards was flown in no time (the largest goes 3598.000 s back, from point 119 at \(before) to point 120 at \(after)"), "\(r.stderr)")
        // 119 steps of 2 s before the reset and 79 after it: 396 s, plus the default intro and outro.
        let rows = r.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count > 396 && rows.count < 396 + 60, "\(rows.count) frames")
    }
}
