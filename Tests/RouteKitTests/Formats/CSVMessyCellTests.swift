import Foundation
import Testing
@testable import RouteKit

// CSV files as loggers and Excel write them. Expected lengths are sums of
// GeodSolve 2.1.2 `-i -p 9` leg lengths:
//   46.00010 14.00020 -> 46.00046 14.00020: 40.014476630 m; 46.00046 14.00020 -> 46.00082 14.00020: 40.014479163 m
//   (80.028955793 m in all, the "80 m route" of the issue);
//   46.0001 14.0002 -> 46.0003 14.0004: 27.096225524 m; -> 46.0005 14.0006: 27.096194250 m; -> 46.0007 14.0008: 27.096162976 m.
// Unit factors: 1 ft = 0.3048 m, 1 mi = 1609.344 m (1959 international yard), 1 kn = 1852 m/h (1929 nautical mile).

extension Formats {
    @Suite("CSV: units in cells, validity columns, decimal commas, epoch milliseconds, Excel")
    struct CSVMessyCellTests {
        static let eighty = 40.014476630 + 40.014479163

        /// A time no calendar year holds (1e300 s, or 1e18 s: year 31 million) is an error at its cell,
        /// not a trap when a time is written, nor an output route-fly cannot read back.
        @Test func timesBeyondTheYear9999AreErrorsAtTheirCell() throws {
            for (text, column) in [("1e300", 11), ("1e18", 11), ("-1e15", 11)] {
                let csv = "lat,lon,time\n46,14,0\n46.1,14.1,\(text)\n"
                do {
                    _ = try CSVReader.read(data: Data(csv.utf8))
                    Issue.record("\(text): read")
                } catch {
                    #expect(error.location?.line == 3 && error.location?.column == column, "\(text): \(error)")
                    #expect(error.description.contains("within the years 1 to 9999"), "\(error)")
                }
            }
            // The edges themselves are read (0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, from Python's datetime).
            let edges = try CSVReader.read(data: Data("lat,lon,time\n46,14,-62135596800\n46.1,14.1,253402300799\n".utf8))
            #expect(edges.route.points.compactMap(\.time).map { ISO8601.string(from: $0) } == ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])
        }

        @Test func unitsInCellsAndNoFixRowsOfAnMTKLog() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/mtk-units.csv"))
            let route = result.route
            // 6 rows, 2 of them "No fix" (2 km north and south of the line): 4 points.
            #expect(route.points.count == 4)
            #expect(isClose(route.length, 27.096225524 + 27.096194250 + 27.096162976, absolute: 1e-6))
            let ele = route.points.map { $0.elevation ?? .nan }
            #expect(isClose(ele[0], 98.470, absolute: 1e-9))
            #expect(isClose(ele[1], 1200 * 0.3048, absolute: 1e-9))   // 365.76 m
            #expect(isClose(ele[2], 100, absolute: 1e-9))             // 0.1 km
            #expect(isClose(ele[3], 99, absolute: 1e-9))
            let speed = route.points.map { $0.speed ?? .nan }
            #expect(isClose(speed[0], 12.5 / 3.6, absolute: 1e-12))
            #expect(isClose(speed[1], 10 * 1852 / 3600, absolute: 1e-12))
            #expect(isClose(speed[2], 5 * 1609.344 / 3600, absolute: 1e-12))
            #expect(speed[3] == 2)
            #expect(result.notes.contains("skipped 2 rows whose 'VALID' column says there is no fix (the first on line 3: 'No fix')"))
            #expect(result.notes.contains { $0.hasPrefix("converted units written in the cells: 'HEIGHT' in ft, 'HEIGHT' in km, 'HEIGHT' in m, 'SPEED' in km/h") })
        }

        @Test func fixQualityZeroIsSkipped() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/fix-quality.csv"))
            #expect(result.route.points.count == 2)
            #expect(isClose(result.route.length, 27.096225524, absolute: 1e-6))
            #expect(result.notes.contains("skipped 1 row whose 'fix quality' column says there is no fix (the first on line 3: '0')"))
        }

        @Test func validityValues() {
            for v in ["No fix", "NOFIX", "invalid", "0", "V", "void", "false", "none", "not valid"] { #expect(CSVCellValue.saysNoFix(v), "\(v)") }
            for v in ["SPS", "DGPS", "3D", "A", "1", "Unknown", "", "Estimated (dead reckoning)"] { #expect(!CSVCellValue.saysNoFix(v), "\(v)") }
        }

        @Test func unitParsing() {
            #expect(CSVCellValue.parse("98.470 m", as: .length) == .value(98.470, unit: "m"))
            #expect(CSVCellValue.parse("1200ft", as: .length) == .value(1200 * 0.3048, unit: "ft"))
            #expect(CSVCellValue.parse("2 mi", as: .length) == .value(3218.688, unit: "mi"))
            #expect(CSVCellValue.parse("98,5 m", as: .length) == .value(98.5, unit: "m"))
            #expect(CSVCellValue.parse("1e3", as: .length) == .value(1000, unit: nil))
            #expect(CSVCellValue.parse("12 km/h", as: .length) == .unknownUnit("km/h"))
            #expect(CSVCellValue.parse("46.5°", as: .angle) == .value(46.5, unit: "°"))
            #expect(CSVCellValue.parse("m", as: .length) == .notNumber)
            #expect(CSVCellValue.parse("4x.5", as: .length) == .notNumber)
        }

        @Test func semicolonDecimalCommasRead() throws {
            let route = try CSVReader.read(contentsOf: Fixtures.url("csv/decimal-comma-semicolon.csv")).route
            #expect(route.points.count == 3)
            #expect(route.points[0].coordinate.latitude == 46.0001)
            #expect(route.points[1].coordinate.latitude == 46.00046)
            #expect(route.points.map(\.elevation) == [300.5, 301, -1.25])
            #expect(isClose(route.length, Self.eighty, absolute: 1e-6))
        }

        @Test func commaSeparatedDecimalCommasRefusedAtTheRow() throws {
            // The issue's case: read as integers it was a 4,163 km route; now it is an error at line 2
            // (the first extra field), with the decimal-comma hint (exact text in MalformedFixtureTests).
            let error = try #require(readRoute(Fixtures.url("csv/bad/decimal-comma-comma.csv")).failure)
            #expect(error.location?.line == 2)
            #expect(error.message.contains("decimal commas"))
            // A quoted decimal comma in a comma-separated file is read.
            let quoted = try CSVReader.read(data: Data("lat,lon\n\"46,00010\",\"14,00020\"\n\"46,00082\",\"14,00020\"\n".utf8)).route
            #expect(isClose(quoted.length, Self.eighty, absolute: 1e-6))
        }

        @Test func epochMillisecondsDetected() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/epoch-ms.csv"))
            let route = result.route
            // 1715410800000 ms = 2024-05-11T07:00:00Z (`date -u -d @1715410800`).
            #expect(route.startTime == Date(timeIntervalSince1970: 1_715_410_800))
            #expect(route.recordedDuration == 3)
            #expect(route.points[1].time == Date(timeIntervalSince1970: 1_715_410_801.5))
            #expect(result.notes.contains("the 'time' column holds numbers like 1715410800000: read as milliseconds since 1970-01-01 UTC (Unix time)"))
            // Seconds stay seconds.
            let seconds = try CSVReader.read(data: Data("time,lat,lon\n0,46,14\n10,46.001,14\n".utf8)).route
            #expect(seconds.recordedDuration == 10)
        }

        @Test func excelSepLine() throws {
            let result = try RouteFile.read(path: Fixtures.url("csv/excel-sep.csv").path)
            #expect(result.format == .csv)
            #expect(result.route.points.count == 3)
            #expect(result.route.points.map(\.elevation) == [300, 301, 302])
            #expect(isClose(result.route.length, Self.eighty, absolute: 1e-6))
            #expect(result.notes.first?.hasSuffix("delimiter ';'") == true)
        }

        @Test func excelUnicodeText() throws {
            // UTF-16LE with a BOM and a .txt name: detected as CSV by content, tab-separated.
            let result = try RouteFile.read(path: Fixtures.url("csv/unicode-text.txt").path)
            #expect(result.format == .csv)
            #expect(result.route.points.count == 3)
            #expect(result.route.points.map(\.elevation) == [300, 301, 302])
            #expect(isClose(result.route.length, Self.eighty, absolute: 1e-6))
            #expect(result.notes.first?.hasSuffix("delimiter tab") == true)
        }
    }
}
