import Foundation
import Testing
@testable import RouteKit

/// ``CSVRowReader``: one data row at a time into a point (signs from hemisphere columns, units written
/// in cells converted by their definitions, times), skipped rows counted, and the route with its notes.
@Suite struct CSVRowReaderTests {
    /// A reader for `header` (comma-separated) and the rows `lines`, read; the result or the error.
    static func read(_ header: String, _ lines: [String]) throws(RouteParseError) -> RouteFile.Result {
        let text = ([header] + lines).joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(RouteParseError) in
            var records = CSVRecords(bytes: buffer, path: "r.csv", delimiter: nil)
            let columns = try CSVColumns(list: nil, records: &records, path: "r.csv")
            var rows = CSVRowReader(columns: columns, delimiter: records.delimiter, path: "r.csv")
            var lastLine = 1
            while let row = try records.next() {
                lastLine = row.first?.line ?? lastLine
                try rows.read(row)
            }
            return try rows.finish(lastLine: lastLine)
        }
    }

    @Test func hemispheresAndUnitsMakeTheValues() throws {
        let result = try Self.read("lat,n/s,lon,e/w,ele,speed,hr,time", ["46.5,S,7.25,W,1200 ft,36 km/h,120 bpm,1.5"])
        let p = try #require(result.route.points.first)
        #expect(p.coordinate.latitude == -46.5 && p.coordinate.longitude == -7.25)
        #expect(p.elevation == 365.76)  // 1200 ft × 0.3048 m (international foot, 1959)
        #expect(p.speed == 10)  // 36 km/h = 36000 m / 3600 s
        #expect(p.heartRate == 120)
        #expect(p.time == Date(timeIntervalSince1970: 1.5))
        #expect(result.notes.contains("converted units written in the cells: 'ele' in ft, 'hr' in bpm, 'speed' in km/h "
                                      + "(elevations to metres, speeds to metres per second)"))
        #expect(result.notes.contains("the 'time' column holds plain numbers: read as seconds from the start (relative times, dated from 1970-01-01 UTC)"))
    }

    @Test func rowsWithoutAFixOrAPositionAreCounted() throws {
        let result = try Self.read("lat,lon,fix", ["46,7,3D", ",7,3D", "46.1,7.1,No fix", "46.2,7.2,DGPS"])
        #expect(result.route.points.map(\.coordinate.latitude) == [46, 46.2])
        #expect(result.notes.contains("skipped 1 row whose 'fix' column says there is no fix (the first on line 4: 'No fix')"))
        #expect(result.notes.contains("skipped 1 row without a latitude or longitude (the first on line 3)"))
    }

    @Test func unixMillisecondsAreNoted() throws {
        let result = try Self.read("time,lat,lon", ["1700000000000,46,7", "1700000001000,46.1,7"])
        // 1.7e12 ms is 1.7e9 s since 1970.
        #expect(result.route.points.map { $0.time?.timeIntervalSince1970 } == [1_700_000_000, 1_700_000_001])
        #expect(result.notes.contains { $0.contains("read as milliseconds since 1970-01-01 UTC (Unix time)") })
    }

    @Test func badCellsAreLocated() {
        #expect(throws: RouteParseError(format: .csv, location: SourceLocation(path: "r.csv", line: 2, column: 6),
                                        reason: .unexpectedValue(field: "n/s", found: "\"X\"", expected: "N or S"))) {
            try Self.read("lat,n/s,lon", ["46.5,X,7"])
        }
        #expect(throws: RouteParseError(format: .csv, location: SourceLocation(path: "r.csv", line: 2, column: 1),
                                        reason: .latitudeOutOfRange(element: "row", value: 91))) {
            try Self.read("lat,lon", ["91,7"])
        }
        #expect(throws: RouteParseError(format: .csv, location: SourceLocation(path: "r.csv", line: 3, column: 1),
                                        reason: .noLine(found: "none of its 2 rows has a latitude and a longitude"))) {
            try Self.read("lat,lon", [",7", ",8"])
        }
    }
}
