import Foundation
import Testing
@testable import RouteKit

/// `RouteProfile` and its hike-json, checked against independent numbers.
@Suite struct RouteProfileTests {
    /// The Landmarks tutorial's `Hike`, as its `hikeData.json` decodes (ranges are `[low, high]` arrays,
    /// which is how `Range<Double>` is Codable).
    struct Hike: Codable {
        var name: String
        var id: Int
        var distance: Double
        var difficulty: Int
        var observations: [Observation]

        struct Observation: Codable {
            var distanceFromStart: Double
            var elevation: Range<Double>
            var pace: Range<Double>
            var heartRate: Range<Double>
        }
    }

    /// Reference values for togeojson-run_gpxtpx.gpx (1118 points with heart rate), computed outside
    /// RouteKit by this script (Python 3.11, xml.etree, leg lengths from PROJ's `geod`):
    ///
    ///     import subprocess, xml.etree.ElementTree as ET, datetime, math
    ///     ns = {'g': 'http://www.topografix.com/GPX/1/1', 't': 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1'}
    ///     root = ET.parse('togeojson-run_gpxtpx.gpx').getroot()
    ///     pts = []
    ///     for p in root.iter('{http://www.topografix.com/GPX/1/1}trkpt'):
    ///         t = datetime.datetime.fromisoformat(p.find('g:time', ns).text.replace('Z', '+00:00')).timestamp()
    ///         hr = p.find('.//t:hr', ns)
    ///         pts.append((float(p.get('lat')), float(p.get('lon')), float(p.find('g:ele', ns).text), t, float(hr.text) if hr is not None else None))
    ///     legs = '\n'.join(f'{a[0]} {a[1]} {b[0]} {b[1]}' for a, b in zip(pts, pts[1:])) + '\n'
    ///     out = subprocess.run(['geod', '+ellps=WGS84', '-I', '-f', '%.9f', '-F', '%.6f'], input=legs, capture_output=True, text=True).stdout
    ///     D = [0.0]
    ///     for line in out.splitlines(): D.append(D[-1] + float(line.split()[2]))
    ///     # Legs no one travelled: over max(50, 5 x the median speed of the timed legs) m/s (one here, leg 334).
    ///     steps = [max(b[3] - a[3], 0) for a, b in zip(pts, pts[1:])]
    ///     def speed(i): return (D[i + 1] - D[i]) / steps[i] if D[i + 1] > D[i] else 0 if steps[i] else 0
    ///     timed = sorted(speed(i) for i in range(len(steps)) if steps[i] > 0)
    ///     limit = max(50, 5 * timed[len(timed) // 2])
    ///     gone = [(D[i + 1] - D[i] > 0 and (steps[i] == 0 or speed(i) > limit)) for i in range(len(steps))]
    ///     W = 375.0; n = max(1, math.ceil(D[-1] / W))
    ///     def b(i): return min(int(D[i] // W), n - 1)
    ///     ele = [None] * n; hr = [None] * n; pace = [None] * n
    ///     def widen(r, v): return (v, v) if r is None else (min(r[0], v), max(r[1], v))
    ///     for i, p in enumerate(pts):
    ///         k = b(i); ele[k] = widen(ele[k], p[2])
    ///         if p[4] is not None: hr[k] = widen(hr[k], p[4])
    ///         j0, j1 = max(0, i - 2), min(len(pts) - 1, i + 2)
    ///         dt, dd = pts[j1][3] - pts[j0][3], D[j1] - D[j0]
    ///         dt -= sum(steps[m] for m in range(j0, j1) if gone[m]); dd -= sum(D[m + 1] - D[m] for m in range(j0, j1) if gone[m])
    ///         if dt > 0 and dd > 0 and dd / dt >= 0.5: pace[k] = widen(pace[k], 1000 * dt / dd)
    ///
    /// It printed: points 1118, length 3568.0 m, 10 bins, and per bin (elevation, pace, heart rate):
    static let reference: [(elevation: [Double], pace: [Double], heartRate: [Double])] = [
        ([11.2, 17.2], [212.95, 861.26], [111.0, 163.0]),
        ([17.3, 33.5], [164.31, 1783.64], [151.0, 177.0]),
        ([34.0, 87.1], [69.36, 1928.48], [129.0, 184.0]),  // 40.17 with leg 334 (25 m/s for a runner) counted
        ([86.6, 103.1], [277.77, 569.8], [144.0, 185.0]),
        ([74.4, 103.6], [231.71, 1679.57], [147.0, 185.0]),
        ([50.4, 74.1], [231.81, 1878.2], [134.0, 174.0]),
        ([35.4, 50.1], [192.02, 767.8], [150.0, 179.0]),
        ([15.9, 35.1], [151.65, 662.95], [176.0, 181.0]),
        ([14.1, 15.9], [194.16, 1865.26], [168.0, 187.0]),
        ([10.9, 14.0], [246.04, 1053.67], [163.0, 174.0]),
    ]

    @Test(.enabled(if: Fixtures.sharedReal != nil, "needs ../shared/real")) func hikeJSONOfARealRunMatchesIndependentRanges() throws {
        guard let url = Fixtures.real("gpx/togeojson-run_gpxtpx.gpx") else { return }
        let route = try RouteFile.load(path: url.path)
        #expect(route.points.count == 1118)
        let profile = try RouteProfile(route)
        let json = profile.hikeJSON()
        let hikes = try JSONDecoder().decode([Hike].self, from: Data(json.utf8))
        let hike = try #require(hikes.first)
        #expect(hikes.count == 1)
        #expect(hike.name == "Greeting SF with a dumb, dumb route")
        #expect(hike.id == RouteProfile.hikeID(name: hike.name))
        #expect(hike.distance == 3.568)
        #expect((1...5).contains(hike.difficulty))
        #expect(hike.observations.count == Self.reference.count)
        for (k, (o, r)) in zip(hike.observations, Self.reference).enumerated() {
            #expect(isClose(o.distanceFromStart, Double(k) * 0.375, absolute: 1e-9), "bin \(k)")
            // Two decimals in both: equal to within rounding.
            for (got, want, what) in [(o.elevation, r.elevation, "elevation"), (o.pace, r.pace, "pace"), (o.heartRate, r.heartRate, "heart rate")] {
                #expect(isClose(got.lowerBound, want[0], absolute: 0.0051) && isClose(got.upperBound, want[1], absolute: 0.0051),
                        "bin \(k) \(what): \(got) vs \(want)")
            }
        }
        #expect(profile.hikeFillNotes.isEmpty)
    }

    @Test func movingStoppedAscentDescentOnAWrittenRoute() throws {
        // 0-10-20 m north each 10 s (moving), then 30 s standing (stopped), elevations 100, 102, 106, 104, 99.
        let t0 = Date(timeIntervalSince1970: 1_600_000_000)
        func p(_ step: Double, _ s: Double, _ e: Double) -> RoutePoint {
            RoutePoint(latitude: 46 + step * 0.0001, longitude: 14, elevation: e, time: t0.addingTimeInterval(s))
        }
        let route = Route(segments: [[p(0, 0, 100), p(1, 10, 102), p(2, 20, 106), p(2, 50, 104), p(2, 60, 99)]], source: .init(kind: .tracks))!
        let profile = try RouteProfile(route, options: .init(binWidth: 1000))
        #expect(profile.bins.count == 1)
        #expect(profile.movingTime == 20 && profile.stoppedTime == 40)
        // Hysteresis 3 m: 100 -> 102 (under 3, ignored) -> 106 (+6) -> 104 (ignored) -> 99 (-7).
        #expect(profile.ascent == 6 && profile.descent == 7)
        #expect(profile.bins[0].elevation == 99...106)
        #expect(profile.bins[0].heartRate == nil)
        #expect(profile.hikeFillNotes == ["the route has no heart rate; hike-json writes null for it in every bin"])
        #expect(profile.csv.hasPrefix(RouteProfile.csvHeader + "\n0,0.000,22.230,5,99.00,106.00,"))
    }

    /// A bin without data is `null` in hike-json, and the note names that bin. Five points
    /// 0.002 degrees of latitude apart (about 222 m each, 889 m in all) in 300 m bins: points 0 and 1 fall in
    /// bin 0, 2 in bin 1, 3 in bin 2 (with point 4, the last); heart rate only on points 0 and 3, so bin 1
    /// has none.
    @Test func hikeJSONWritesNullForABinWithoutData() throws {
        var points = (0..<5).map { RoutePoint(latitude: 46 + Double($0) * 0.002, longitude: 14, elevation: 300) }
        points[0].heartRate = 100
        points[3].heartRate = 140
        let profile = try RouteProfile(Route(segments: [points], source: .init(kind: .tracks))!, options: .init(binWidth: 300))
        #expect(profile.bins.map(\.pointCount) == [2, 1, 2])
        let json = profile.hikeJSON(name: "gaps")
        let lines = json.split(separator: "\n").filter { $0.contains("distanceFromStart") }
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("\"pace\": null, \"heartRate\": [100.00, 100.00] },"))
        #expect(lines[1].hasSuffix("\"pace\": null, \"heartRate\": null },"))
        #expect(lines[2].hasSuffix("\"pace\": null, \"heartRate\": [140.00, 140.00] }"))
        #expect(profile.hikeFillNotes == ["the route has no pace; hike-json writes null for it in every bin",
                                          "1 of 3 bins has no heart rate (bin 1); hike-json writes null for it"])
    }

    @Test func hikeIDIsStableAndDifficultyFollowsNaismith() {
        #expect(RouteProfile.hikeID(name: "Lonesome Ridge Trail") == RouteProfile.hikeID(name: "Lonesome Ridge Trail"))
        #expect((1000..<10000).contains(RouteProfile.hikeID(name: "")))
    }
}
