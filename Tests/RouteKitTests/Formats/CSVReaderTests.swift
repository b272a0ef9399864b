import Foundation
import Testing
@testable import RouteKit

/// ``CSVReader`` on project fixtures. Expected values are read off the project's own fixture text (no ../shared/real needed).
extension Formats {
    @Suite("CSVReader on project fixtures")
    struct CSVReaderTests {
        @Test func csvSemicolonQuotedWithComments() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/semicolon-quoted.csv"))
            let route = result.route
            #expect(route.points.count == 3)
            #expect(route.points[0].elevation == 100.5)
            #expect(route.points[1].elevation == nil)
            #expect(route.points[2].coordinate.latitude == 45.502)
            #expect(route.points[0].time?.timeIntervalSince1970 == 1_714_557_600)  // 2024-05-01T10:00:00Z
            #expect(result.notes.first == "columns: time = column 1 'Time', latitude = column 2 'Lat', longitude = column 3 'Lng', elevation = column 4 'Ele'; delimiter ';'")
            #expect(result.notes.contains("skipped 1 row without a latitude or longitude (the first on line 6)"))
        }

        @Test func csvTabsLocalTimeWithOffset() throws {
            let result = try CSVReader.read(contentsOf: Fixtures.url("csv/tab-offset.tsv"))
            let route = result.route
            #expect(route.points.count == 2)
            // 2014-03-29 15:50:22 at -7 = 22:50:22Z = 1396133422 (python3)
            #expect(route.points[0].time?.timeIntervalSince1970 == 1_396_133_422)
            #expect(route.points[1].time?.timeIntervalSince1970 == 1_396_133_423)
            #expect(route.points[0].elevation == nil)  // AltMSL is feet: not read
            #expect(route.points[0].heartRate == 80)
            #expect(result.notes.contains("column 'AltMSL' is not read as elevation (Garmin G1000 logs give it in feet)"))
        }

        @Test func csvHemispheresAndTrailingDelimiter() throws {
            let route = try CSVReader.read(contentsOf: Fixtures.url("csv/hemispheres.csv")).route
            #expect(route.points.count == 2)
            #expect(route.points[0].coordinate.latitude == -33.5)
            #expect(route.points[0].coordinate.longitude == -70.25)
            #expect(route.points[0].elevation == 146)
        }

        @Test func csvOffsetForms() {
            #expect(CSVTime.zone("-7") == "-07:00")
            #expect(CSVTime.zone("+00:00") == "+00:00")
            #expect(CSVTime.zone("+0530") == "+05:30")
            #expect(CSVTime.zone("5") == "+05:00")
            #expect(CSVTime.zone("-7.5") == nil)
        }
    }
}
