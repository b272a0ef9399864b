import Foundation
import Testing
@testable import RouteKit

/// With recorded timing, each CZML sample sits at the recorded instant of the route
/// point the camera looks at, measured against the route file itself: its `<time>`s read here with a
/// regular expression and Foundation's `ISO8601DateFormatter`, the CZML with `JSONSerialization`, the
/// centres from the CSV of the same flight, distances on a sphere (none of RouteKit's readers, clocks or
/// geodesy).
@Suite struct RecordedInstantTests {
    static let routes = Fixtures.packageRoot.appendingPathComponent("routes")

    /// A track as recorded: segments of (latitude, longitude, POSIX seconds).
    struct Track {
        var segments: [[(lat: Double, lon: Double, t: Double)]]

        init(gpx url: URL) throws {
            let text = try String(contentsOf: url, encoding: .utf8)
            let formatter = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let point = try Regex(#"<trkpt[^>]*lat="([-0-9.]+)"[^>]*lon="([-0-9.]+)"[^>]*>(.*?)</trkpt>"#).dotMatchesNewlines()
            let time = try Regex(#"<time>([^<]+)</time>"#)
            segments = text.components(separatedBy: "<trkseg").dropFirst().map { segment in
                segment.matches(of: point).compactMap { m -> (Double, Double, Double)? in
                    guard let lat = Double(m.output[1].substring ?? ""), let lon = Double(m.output[2].substring ?? ""),
                          let stamp = (m.output[3].substring.map(String.init) ?? "").firstMatch(of: time)?.output[1].substring,
                          let date = formatter.date(from: String(stamp)) ?? fractional.date(from: String(stamp)) else { return nil }
                    return (lat, lon, date.timeIntervalSince1970)
                }
            }.filter { !$0.isEmpty }
        }

        /// Metres from `c` to the track recorded within `t0...t1` (legs interpolated in time and place).
        func distance(from c: (lat: Double, lon: Double), recordedWithin t0: Double, _ t1: Double) -> Double {
            var best = Double.infinity
            for s in segments {
                for (a, b) in zip(s, s.dropFirst()) where b.t >= t0 && a.t <= t1 {
                    let lo = b.t > a.t ? max(0, (t0 - a.t) / (b.t - a.t)) : 0
                    let hi = b.t > a.t ? min(1, (t1 - a.t) / (b.t - a.t)) : 1
                    guard lo <= hi else { continue }
                    best = min(best, Self.foot(c, a, b, lo, hi))
                }
            }
            return best
        }

        /// Metres from `c` to the leg `a`-`b` restricted to fractions `lo...hi`, on a local plane.
        static func foot(_ c: (lat: Double, lon: Double), _ a: (lat: Double, lon: Double, t: Double),
                         _ b: (lat: Double, lon: Double, t: Double), _ lo: Double, _ hi: Double) -> Double {
            let k = cos(c.lat * .pi / 180), r = 6_371_000.0 * .pi / 180
            let ax = (a.lon - c.lon) * k * r, ay = (a.lat - c.lat) * r
            let dx = (b.lon - a.lon) * k * r, dy = (b.lat - a.lat) * r
            let l = dx * dx + dy * dy
            let f = l == 0 ? lo : min(max(-(ax * dx + ay * dy) / l, lo), hi)
            return ((ax + f * dx) * (ax + f * dx) + (ay + f * dy) * (ay + f * dy)).squareRoot()
        }
    }

    /// The CZML camera's sample instants, POSIX seconds.
    static func sampleInstants(czml: String) throws -> [Double] {
        let packets = try #require(JSONSerialization.jsonObject(with: Data(czml.utf8)) as? [[String: Any]])
        var instants: [Double] = []
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for packet in packets where packet["id"] as? String == "camera" {
            guard let position = packet["position"] as? [String: Any], let epochText = position["epoch"] as? String,
                  let values = position["cartographicDegrees"] as? [Double] else { continue }
            let epoch = try #require(formatter.date(from: epochText) ?? ISO8601DateFormatter().date(from: epochText))
            instants += stride(from: 0, to: values.count, by: 4).map { epoch.timeIntervalSince1970 + values[$0] }
        }
        return instants
    }

    /// The indices of the CZML samples that are frames: CZMLPoseWriter adds samples between two frames where
    /// CesiumJS's interpolation would stray (``CZMLInterpolation``), so the frames are the subsequence of
    /// samples at the frames' own instants (`frameTimes`, in the samples' units), each matched in order
    /// within `tolerance`; `nil` when a frame has no sample.
    static func frameSampleIndices(sampleTimes: [Double], frameTimes: [Double], tolerance: Double) -> [Int]? {
        var indices: [Int] = [], next = 0
        for t in frameTimes {
            while next < sampleTimes.count, sampleTimes[next] < t - tolerance { next += 1 }
            guard next < sampleTimes.count, abs(sampleTimes[next] - t) <= tolerance else { return nil }
            indices.append(next)
            next += 1
        }
        return indices
    }

    /// The indices of the CZML camera samples that are the frames of a flight across 2016's leap second:
    /// each frame's offset is its GPX label's POSIX difference from the epoch, plus the leap second once
    /// the label is past it (what ``aLeapSecondIsCountedInCZMLOffsets`` checks).
    static func leapFrameIndices(czml: String, gpx: String) throws -> [Int]? {
        let packets = try #require(JSONSerialization.jsonObject(with: Data(czml.utf8)) as? [[String: Any]])
        let position = try #require(packets.first { $0["id"] as? String == "camera" && $0["position"] != nil }?["position"] as? [String: Any])
        let epochText = try #require(position["epoch"] as? String)
        let epoch = try #require(ISO8601DateFormatter().date(from: epochText))
        let values = try #require(position["cartographicDegrees"] as? [Double])
        let offsets = stride(from: 0, to: values.count, by: 4).map { values[$0] }
        let leap = Date(timeIntervalSince1970: 1_483_228_800)  // 2017-01-01T00:00:00Z
        let expected = try gpxStamps(gpx).map { posix -> Double in
            let utc = Date(timeIntervalSince1970: posix)
            return utc.timeIntervalSince(epoch) + (epoch < leap && utc >= leap ? 1 : 0)
        }
        return frameSampleIndices(sampleTimes: offsets, frameTimes: expected, tolerance: 0.0015)
    }

    /// The `<time>` of every `trkpt` of a GPX output, POSIX seconds.
    static func gpxStamps(_ text: String) throws -> [Double] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try text.matches(of: Regex(#"<trkpt[^>]*>\s*<ele>[^<]*</ele>\s*<time>([^<]+)</time>"#)).map { m in
            let s = String(m.output[1].substring!)
            return try #require(formatter.date(from: s) ?? ISO8601DateFormatter().date(from: s)).timeIntervalSince1970
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var arguments: [String]
        var speedup: Double
        var testDescription: String { "\(file) \(arguments.joined(separator: " "))" }
    }

    static let cases = [
        Case(file: "gpxpy-cerknicko-jezero.gpx", arguments: ["--intro", "0", "--outro", "0"], speedup: 60),
        Case(file: "gpxpy-cerknicko-jezero.gpx", arguments: [], speedup: 60),
        Case(file: "gpxpy-cerknicko-jezero.gpx", arguments: ["--skip-idle", "60"], speedup: 60),
        Case(file: "togeojson-run_gpxtpx.gpx", arguments: [], speedup: 10),
    ]

    /// Every frame whose centre is on the route (within a tenth of a screen height of it) and whose
    /// instant lies inside a recorded segment: the track recorded within one frame of the instant
    /// (`speedup / fps` seconds) passes within 4 pixels of the nearest the track recorded within a
    /// minute comes to the centre. The instants increase strictly.
    @Test(arguments: cases)
    func samplesSitAtTheInstantOfThePointLookedAt(_ c: Case) throws {
        let route = Self.routes.appendingPathComponent(c.file)
        let track = try Track(gpx: route)
        let common = ["sample", route.path, "--timing", "recorded", "--speedup", String(c.speedup), "--fps", "30"] + c.arguments
        let czml = try runRouteFly(common + ["--format", "czml"])
        let csv = try runRouteFly(common + ["--format", "csv"])
        let gpx = try runRouteFly(common + ["--format", "gpx"])
        #expect(czml.status == 0 && csv.status == 0 && gpx.status == 0, "\(czml.stderr)")
        let samples = try Self.sampleInstants(czml: czml.stdout)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 < $1 }, "sample times must increase strictly")
        // The frames' instants: GPX stamps each frame with its CZML sample's (gpxSharesTheCZMLClock).
        let frameTimes = try Self.gpxStamps(gpx.stdout)
        let frames = try #require(Self.frameSampleIndices(sampleTimes: samples, frameTimes: frameTimes, tolerance: 0.0005 + 1e-6))
        let instants = frames.map { samples[$0] }
        let rows = csv.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        try #require(instants.count == rows.count && rows.count > 100)
        let frame = c.speedup / 30
        let spans = track.segments.map { $0[0].t...$0[$0.count - 1].t }
        let screenPerDistance = 2 * tan(36.8699 / 2 * .pi / 180)
        var checked = 0, failures: [String] = []
        for (row, t) in zip(rows, instants) where spans.contains(where: { $0.contains(t) }) {
            let centre = (lat: Double(row[2])!, lon: Double(row[3])!), distance = Double(row[6])!
            let screen = distance * screenPerDistance  // metres of ground a screen height spans
            guard track.distance(from: centre, recordedWithin: -.infinity, .infinity) <= 0.1 * screen else { continue }
            checked += 1
            let nearest = track.distance(from: centre, recordedWithin: t - 60, t + 60)
            let withinAFrame = track.distance(from: centre, recordedWithin: t - frame, t + frame)
            if withinAFrame > nearest + 4 * screen / 1080 {
                failures.append("frame \(row[0]): \(withinAFrame) m vs \(nearest) m")
            }
        }
        #expect(checked > rows.count / 3, "\(checked) of \(rows.count) frames on the route")
        #expect(failures.isEmpty, "\(failures.count) of \(checked) frames: \(failures.prefix(5))")
    }

    /// GPX stamps each frame with the CZML sample's instant (to its milliseconds). (A single route's KML
    /// tour has no time stamps; a group flight's share the group clock.)
    @Test func gpxSharesTheCZMLClock() throws {
        let route = Self.routes.appendingPathComponent("gpxpy-cerknicko-jezero.gpx").path
        let common = ["sample", route, "--timing", "recorded", "--speedup", "60", "--fps", "10"]
        let czml = try runRouteFly(common + ["--format", "czml"])
        let gpx = try runRouteFly(common + ["--format", "gpx"])
        #expect(czml.status == 0 && gpx.status == 0)
        let samples = try Self.sampleInstants(czml: czml.stdout)
        let gpxTimes = try Self.gpxStamps(gpx.stdout)
        // One GPX point a frame; CZML has a sample at each frame (and some between): every GPX stamp is a
        // CZML sample's instant, in order.
        #expect(gpxTimes.count > 100 && samples.count >= gpxTimes.count)
        #expect(Self.frameSampleIndices(sampleTimes: samples, frameTimes: gpxTimes, tolerance: 0.0005 + 1e-6) != nil)
    }

    /// The leap-second table is IERS's, as Debian's tzdata ships it (`leap-seconds.list`: NTP seconds
    /// since 1900 and TAI − UTC).
    @Test func leapSecondsAreTheIERSOnes() throws {
        let path = "/usr/share/zoneinfo/leap-seconds.list"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            print("skipped: \(path) is absent (Debian package tzdata)")
            return
        }
        let entries = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> Int64? in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int64($0) }.map { $0 - 2_208_988_800 }
        }
        // The first entry (1972-01-01, TAI − UTC = 10 s) is the start of UTC's leap seconds, not one.
        #expect(Array(entries.dropFirst()) == LeapSeconds.instants)
    }

    /// A recording across the leap second at the end of 2016: every sample after it is one SI second
    /// further from the epoch than `Date` arithmetic says, so that CesiumJS (which adds offsets to the
    /// epoch in TAI) reaches each recorded UTC instant; the GPX stamps stay the UTC labels.
    @Test func aLeapSecondIsCountedInCZMLOffsets() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var points = ""
        let labels = (0..<50).map { i -> String in
            let second = 30 + i  // 23:59:30 … 23:59:59, then 23:59:60, then 00:00:00 …
            if second < 60 { return "2016-12-31T23:59:\(String(format: "%02d", second))Z" }
            if second == 60 { return "2016-12-31T23:59:60Z" }
            return "2017-01-01T00:00:\(String(format: "%02d", second - 61))Z"
        }
        for (i, label) in labels.enumerated() {
            points += "<trkpt lat=\"46.0\" lon=\"\(FixedDecimal.string(14.0 + Double(i) * 0.0001, places: 6))\"><ele>300</ele><time>\(label)</time></trkpt>\n"
        }
        let gpx = dir.appendingPathComponent("leap.gpx")
        try Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n\(points)</trkseg></trk></gpx>\n".utf8).write(to: gpx)
        let common = ["sample", gpx.path, "--timing", "recorded", "--speedup", "1", "--intro", "0", "--outro", "0", "--fps", "10"]
        let czml = try runRouteFly(common + ["--format", "czml"])
        let gpxOut = try runRouteFly(common + ["--format", "gpx"])
        #expect(czml.status == 0 && gpxOut.status == 0, "\(czml.stderr)")
        let packets = try #require(JSONSerialization.jsonObject(with: Data(czml.stdout.utf8)) as? [[String: Any]])
        let position = try #require(packets.first { $0["id"] as? String == "camera" && $0["position"] != nil }?["position"] as? [String: Any])
        let epoch = try #require(ISO8601DateFormatter().date(from: position["epoch"] as! String))
        let offsets = stride(from: 0, to: (position["cartographicDegrees"] as! [Double]).count, by: 4).map { (position["cartographicDegrees"] as! [Double])[$0] }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let labelsOut = try gpxOut.stdout.matches(of: Regex(#"<time>([^<]+)</time>"#)).map { String($0.output[1].substring!) }
        let leap = Date(timeIntervalSince1970: 1_483_228_800)  // 2017-01-01T00:00:00Z
        // The frames are those samples at the frames' instants (CZML adds some between).
        let frames = try #require(try Self.leapFrameIndices(czml: czml.stdout, gpx: gpxOut.stdout))
        try #require(frames.count == labelsOut.count && labelsOut.count == 481)
        var after = 0
        for (offset, label) in zip(frames.map { offsets[$0] }, labelsOut) {
            let utc = try #require(formatter.date(from: label))
            let extra = epoch < leap && utc >= leap ? 1.0 : 0.0
            after += Int(extra)
            #expect(abs(offset - (utc.timeIntervalSince(epoch) + extra)) < 0.0015, "\(label): \(offset)")
        }
        #expect(after > 100)
    }

    /// CesiumJS 1.144's `Cesium.js` from PyPI's `cesiumkit` (`vendor/cesium/Cesium.js`), or `$CESIUM_JS`,
    /// else `nil` with a printed reason.
    static let cesiumJS: URL? = {
        if let path = ProcessInfo.processInfo.environment["CESIUM_JS"], FileManager.default.fileExists(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        let script = "import importlib.util, os; s = importlib.util.find_spec('cesiumkit'); print(os.path.join(s.submodule_search_locations[0], 'vendor', 'cesium', 'Cesium.js') if s else '')"
        if let python = ExternalTools.find("python3", needs: "the CesiumJS checks"),
           let r = try? ExternalTools.run(python, ["-c", script]), r.status == 0 {
            let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty, FileManager.default.fileExists(atPath: path) { return URL(fileURLWithPath: path) }
        }
        print("note: Cesium.js was not found (PyPI package 'cesiumkit', or $CESIUM_JS); the CesiumJS clock checks are skipped (CI installs it: see .ci/run)")
        return nil
    }()

    /// In CesiumJS itself: the CZML of a recording across 2016's leap second loaded with
    /// `CzmlDataSource.load`, the camera's position evaluated at each frame's UTC label (the GPX output's
    /// `<time>`, through `JulianDate.fromIso8601`), is the frame's sample: within 1 cm for every frame but
    /// the two at the leap second itself, where the file's `23:59:60Z` and the next `00:00:00Z` are one
    /// POSIX instant (a 7.7 m leg flown in no recorded time): within that leg. Without the leap second in
    /// the offsets every frame after it was one second (7.7 m) ahead.
    @Test func cesiumPlacesEveryFrameAtItsUTCInstantAcrossALeapSecond() throws {
        guard let chromium = ExternalTools.chromium, let cesium = Self.cesiumJS else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels = (0..<50).map { i -> String in
            let second = 30 + i
            if second < 60 { return "2016-12-31T23:59:\(String(format: "%02d", second))Z" }
            if second == 60 { return "2016-12-31T23:59:60Z" }
            return "2017-01-01T00:00:\(String(format: "%02d", second - 61))Z"
        }
        let points = labels.enumerated().map { i, label in
            "<trkpt lat=\"46.0\" lon=\"\(FixedDecimal.string(14.0 + Double(i) * 0.0001, places: 6))\"><ele>300</ele><time>\(label)</time></trkpt>"
        }.joined(separator: "\n")
        let gpx = dir.appendingPathComponent("leap.gpx")
        try Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n\(points)\n</trkseg></trk></gpx>\n".utf8).write(to: gpx)
        let common = ["sample", gpx.path, "--timing", "recorded", "--speedup", "1", "--intro", "0", "--outro", "0", "--fps", "10"]
        let czml = try runRouteFly(common + ["--format", "czml"])
        let gpxOut = try runRouteFly(common + ["--format", "gpx"])
        #expect(czml.status == 0 && gpxOut.status == 0)
        let frameLabels = try gpxOut.stdout.matches(of: Regex(#"<time>([^<]+)</time>"#)).map { "\"\($0.output[1].substring!)\"" }
        // The CZML samples that are frames (it adds some between): matched on the frames' GPX instants.
        let frames = try #require(try Self.leapFrameIndices(czml: czml.stdout, gpx: gpxOut.stdout))
        let page = """
            <!doctype html><html><body><pre id="out">pending</pre>
            <script src="\(cesium.absoluteString)"></script>
            <script>
            (async () => { try {
              const doc = \(czml.stdout); const labels = [\(frameLabels.joined(separator: ","))]; const frames = \(frames);
              const cam = (await Cesium.CzmlDataSource.load(doc)).entities.getById('camera');
              const samples = [];
              for (const p of doc) if (p.id === 'camera' && p.position) {
                const a = p.position.cartographicDegrees;
                for (let i = 0; i < a.length; i += 4) samples.push(Cesium.Cartesian3.fromDegrees(a[i + 1], a[i + 2], a[i + 3]));
              }
              const errors = labels.map((l, i) => Cesium.Cartesian3.distance(cam.position.getValue(Cesium.JulianDate.fromIso8601(l)), samples[frames[i]]));
              document.getElementById('out').textContent = 'RESULT ' + JSON.stringify({n: samples.length, errors});
            } catch (e) { document.getElementById('out').textContent = 'RESULT ' + JSON.stringify({error: String(e)}); } })();
            </script></body></html>
            """
        let url = dir.appendingPathComponent("leap.html")
        try Data(page.utf8).write(to: url)
        let r = try ExternalTools.run(chromium, ExternalTools.chromiumArguments(profile: dir.appendingPathComponent("profile"))
            + ["--allow-file-access-from-files", "--dump-dom", url.absoluteString])
        let json = try #require(r.stdout.firstMatch(of: try Regex(#"RESULT (\{[^<]*\})"#))?.output[1].substring, "\(r.stderr.suffix(500))")
        let result = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let errors = try #require(result["errors"] as? [Double], "\(result)")
        #expect(errors.count == frameLabels.count && errors.count == 481)
        let off = errors.enumerated().filter { $0.element > 0.01 }
        print("CesiumJS across the leap second: \(errors.count - off.count) of \(errors.count) frames within 1 cm; the others \(off.map { "frame \($0.offset): \($0.element) m" })")
        #expect(off.count <= 2 && off.allSatisfy { $0.element < 7.8 }, "\(off)")
    }
}
