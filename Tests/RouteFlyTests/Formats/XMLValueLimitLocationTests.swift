import Foundation
import Testing
import TestSupport

/// A value a point cannot carry (``PointValueLimits``: a heart rate of 500, an altitude of 200 km, a
/// negative cadence, a time in year 0) in a GPX or TCX file is reported where it is written: file, line
/// and column of its text, exit 1, nothing on standard output, whichever point it is in (the first point
/// is read event by event, the later ones whole from the bytes when they have the common shape).
extension Formats {
    @Suite struct XMLValueLimitLocationTests {
        static func info(_ name: String, _ text: String) throws -> RouteFlyResult {
            let folder = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return try runRouteFly(["info", url.path])
        }

        /// A TCX course of three Trackpoints, the `point`-th (0-based) with `child` added.
        static func tcx(_ child: String, inPoint point: Int) -> String {
            let points = (0..<3).map { k in
                "<Trackpoint><Time>2024-05-01T06:00:0\(k)Z</Time><Position><LatitudeDegrees>47.\(k)</LatitudeDegrees>"
                    + "<LongitudeDegrees>8.\(k)</LongitudeDegrees></Position>\(k == point ? child : "")</Trackpoint>"
            }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
                xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
                <Courses><Course><Name>c</Name><Track>
                \(points.joined(separator: "\n"))
                </Track></Course></Courses></TrainingCenterDatabase>

                """
        }

        @Test(arguments: [
            ("<HeartRateBpm><Value>500</Value></HeartRateBpm>", "heart rate 500.0 is out of range"),
            ("<AltitudeMeters>200000</AltitudeMeters>", "elevation 200000.0 is out of range"),
            ("<Extensions><ns3:TPX><ns3:RunCadence>-88</ns3:RunCadence></ns3:TPX></Extensions>", "cadence -88.0 is out of range"),
            ("<Extensions><ns3:TPX><ns3:Speed>1e6</ns3:Speed></ns3:TPX></Extensions>", "speed 1000000.0 is out of range"),
        ])
        func aTCXValueOutOfRangeNamesItsLineAndColumn(child: String, message: String) throws {
            for point in [0, 2] {
                let text = Self.tcx(child, inPoint: point)
                let line = 4 + point
                let result = try Self.info("c.tcx", text)
                #expect(result.status == 1 && result.stdout.isEmpty, "point \(point): \(result.stderr)")
                #expect(result.stderr.contains("c.tcx:\(line):") && result.stderr.contains(message), "point \(point): \(result.stderr)")
                #expect(!result.stderr.contains("at point"), "point \(point): \(result.stderr)")
            }
        }

        @Test func aTimeInYearZeroNamesItsLineAndColumn() throws {
            let gpx = """
                <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="47" lon="8"><time>2024-05-01T06:00:00Z</time></trkpt>
                <trkpt lat="47.001" lon="8"><time>0000-01-01T00:00:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """
            let result = try Self.info("y0.gpx", gpx)
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr.contains("y0.gpx:3:") && result.stderr.contains("'time' is \"0000-01-01T00:00:00Z\" (expected a date-time within the years 1 to 9999 UTC)"), "\(result.stderr)")
            let tcx = try Self.info("y0.tcx", Self.tcx("", inPoint: 9).replacingOccurrences(of: "2024-05-01T06:00:01Z", with: "0000-01-01T00:00:00Z"))
            #expect(tcx.status == 1 && tcx.stderr.contains("y0.tcx:5:") && tcx.stderr.contains("'time' is \"0000-01-01T00:00:00Z\" (expected a date-time within the years 1 to 9999 UTC)"), "\(tcx.stderr)")
        }
    }
}
