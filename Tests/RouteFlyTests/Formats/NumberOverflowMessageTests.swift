import Foundation
import Testing
import TestSupport

/// A number past the largest `Double` (`1e400`; IEEE 754 binary64 holds up to about 1.8e308) in a GPX
/// or CSV file is reported as too large, with its line and column, not as "not a number".
extension Formats {
    @Suite struct NumberOverflowMessageTests {
        static func run(_ name: String, _ text: String) throws -> RouteFlyResult {
            let folder = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return try runRouteFly(["info", url.path])
        }

        @Test func aGPXElevationPastADoubleIsTooLarge() throws {
            let gpx = """
                <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="47" lon="8"><ele>1e400</ele></trkpt><trkpt lat="47.001" lon="8"/>
                </trkseg></trk></gpx>
                """
            let result = try Self.run("huge.gpx", gpx)
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr.contains("huge.gpx:2:29: error: <trkpt> 'ele' is too large: \"1e400\" overflows"), "\(result.stderr)")
        }

        @Test func aCSVLatitudePastADoubleIsTooLarge() throws {
            let result = try Self.run("huge.csv", "lat,lon\n47,8\n-1e400,8\n")
            #expect(result.status == 1 && result.stdout.isEmpty)
            #expect(result.stderr.contains("huge.csv:3:1: error:") && result.stderr.contains("'lat' is too large: \"-1e400\""), "\(result.stderr)")
        }

        @Test func aMalformedNumberIsStillNotANumber() throws {
            let result = try Self.run("bad.csv", "lat,lon\n47,8\n4x7,8\n")
            #expect(result.status == 1 && result.stderr.contains("is not a number: \"4x7\""), "\(result.stderr)")
        }
    }
}
