import Foundation
import Testing
@testable import RouteKit

/// A time with second 60 is a leap second only where UTC had one (IERS Bulletin C); elsewhere the
/// readers refuse it and say why, in GPX (scanner and libxml2 alike) and in CSV.
@Suite struct LeapSecondTimeTests {
    private func gpx(_ secondTime: String) -> Data {
        Data("""
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="47.1" lon="8.1"><time>2016-12-31T23:59:59Z</time></trkpt>
        <trkpt lat="47.2" lon="8.2"><time>\(secondTime)</time></trkpt>
        </trkseg></trk></gpx>
        """.utf8)
    }

    @Test func theLastLeapSecondIsTheNextDaysFirstSecond() throws {
        let route = try RouteFile.read(data: gpx("2016-12-31T23:59:60Z"), format: .gpx).route
        // 1483228800 is 2017-01-01T00:00:00Z (`date -u -d 2017-01-01 +%s`).
        #expect(route.points[1].time?.timeIntervalSince1970 == 1_483_228_800)
    }

    @Test func secondSixtyElsewhereIsRefusedAndSaysWhy() {
        for (data, format, line, column) in [(gpx("2020-01-01T10:00:60Z"), RouteFormat.gpx, 4, 34),
                                             (Data("lat,lon,time\n47.1,8.1,2020-01-01T10:00:59Z\n47.2,8.2,2020-01-01T10:00:60Z\n".utf8), .csv, 3, 10)] {
            #expect {
                try RouteFile.read(data: data, displayPath: "t", format: format)
            } throws: { error in
                guard let error = error as? RouteParseError, case .malformedTime(_, let text) = error.reason else { return false }
                return text == "2020-01-01T10:00:60Z" && error.location?.line == line && error.location?.column == column
                    && error.description.contains("has second 60, which only a leap second has, and UTC had none there")
            }
        }
    }
}
