import Foundation
import Testing
@testable import RouteKit

/// ``CSVColumns``: the roles a CSV header (or the caller's column list) gives its columns, the notes
/// about them, and the errors for a header or list that names no position.
@Suite struct CSVColumnsTests {
    /// The columns of `text`'s first record (or of `list`), and the records left to read.
    static func columns(_ text: String, list: [String]? = nil) throws(RouteParseError) -> (CSVColumns, first: [String]?) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(RouteParseError) in
            var records = CSVRecords(bytes: buffer, path: "t.csv", delimiter: nil)
            let columns = try CSVColumns(list: list, records: &records, path: "t.csv")
            return (columns, try records.next()?.map(\.text))
        }
    }

    static func error(_ text: String, list: [String]? = nil) -> RouteParseError? {
        do { _ = try columns(text, list: list); return nil } catch { return error }
    }

    @Test func theG1000HeaderGivesItsRoles() throws {
        let text = try String(contentsOf: Fixtures.url("csv/tab-offset.tsv"), encoding: .utf8)
        // The header's names as the file spells them, split at its tabs.
        let names = text.split(separator: "\n")[0].split(separator: "\t").map(String.init)
        let (columns, _) = try Self.columns(text)
        #expect(columns.names == names)
        #expect(columns.roles[.date] == names.firstIndex(of: "Lcl Date"))
        #expect(columns.roles[.time] == names.firstIndex(of: "Lcl Time"))
        #expect(columns.roles[.utcOffset] == names.firstIndex(of: "UTCOfst"))
        #expect(columns.roles[.latitude] == names.firstIndex(of: "Latitude"))
        #expect(columns.roles[.longitude] == names.firstIndex(of: "Longitude"))
        #expect(columns.roles[.heartRate] == names.firstIndex(of: "HR"))
        #expect(columns.roles[.elevation] == nil)  // AltMSL is in feet
        #expect(columns.headerNotes == ["column 'AltMSL' is not read as elevation (Garmin G1000 logs give it in feet)"])
        #expect(columns.note(delimiter: 9) == "columns: date = column 1 'Lcl Date', time = column 2 'Lcl Time', "
                + "utc offset = column 3 'UTCOfst', latitude = column 4 'Latitude', longitude = column 5 'Longitude', "
                + "heart rate = column 7 'HR'; delimiter tab")
    }

    @Test func namesAreMatchedWithoutCaseSpacesOrUnderscores() {
        #expect(CSVColumns.Role.named("Lcl_Date") == .date)
        #expect(CSVColumns.Role.named("UTC  Ofst") == .utcOffset)
        #expect(CSVColumns.Role.named("Fix Quality") == .validity)
        #expect(CSVColumns.Role.named("LNG") == .longitude)
        #expect(CSVColumns.Role.named("AltMSL") == nil)
        #expect(CSVColumns.Role.named("speed")?.quantity == .speed)
    }

    @Test func theFirstColumnOfARoleIsRead() throws {
        let (columns, _) = try Self.columns("lat,lon,latitude,ele\n1,2,3,4\n")
        #expect(columns.roles[.latitude] == 0)
        #expect(columns.name(.latitude) == "lat")
        #expect(columns.name(.cadence) == "cadence")  // no such column: the role's own name
        #expect(columns.note(delimiter: 0x2C) == "columns: latitude = column 1 'lat', longitude = column 2 'lon', elevation = column 4 'ele'; delimiter ','")
    }

    @Test func aColumnListNamesAFileWithoutHeader() throws {
        let (columns, first) = try Self.columns("46.5,x,7.25\n", list: [" lat ", "-", "longitude", ""])
        #expect(first == ["46.5", "x", "7.25"])  // the first record is data
        #expect(columns.namedByCaller)
        #expect(columns.names == ["lat", "", "longitude", ""])
        #expect(columns.roles == [.latitude: 0, .longitude: 2])
        #expect(columns.note(delimiter: 0x3B) == "columns: latitude = column 1, longitude = column 3; delimiter ';'")
    }

    @Test func aListWithAnUnknownNameOrNoPositionIsRefused() {
        let unknown = Self.error("1,2\n", list: ["lat", "lon", "zoom"])
        #expect(unknown?.reason == .missingColumns("unknown column name 'zoom' in the column list (known: latitude, longitude, "
            + "elevation, time, date, utc offset, n/s, e/w, heart rate, cadence; '-' skips a column)"))
        #expect(unknown?.location == nil)
        let noPosition = Self.error("1,2\n", list: ["lat", "time"])
        #expect(noPosition?.reason == .missingColumns("the column list names no latitude and longitude (e.g. latitude,longitude)"))
    }

    @Test func aHeaderOfNumbersSuggestsNamingTheColumns() {
        let error = Self.error("46.5,7.25\n46.6,7.26\n")
        #expect(error?.location == SourceLocation(path: "t.csv", line: 1, column: 1))
        #expect(error?.reason == .unnamedColumns(
            "the first line holds numbers, not column names: to read a file without a header, name the columns"))
    }

    @Test func aHeaderWithoutLongitudeIsShown() {
        let error = Self.error("# comment\n  lat;height\n1;2\n")
        #expect(error?.location == SourceLocation(path: "t.csv", line: 2, column: 3))
        #expect(error?.reason == .unnamedColumns(
            "no longitude (looked for: longitude, lon, lng, long) column in the header 'lat', 'height' (or name the columns)"))
        #expect(Self.error("")?.reason == .empty)
    }

    @Test func headerTextIsPrintable() {
        #expect(CSVColumns.printable("a\u{1}b\u{7F}") == "a\\u{1}b\\u{7f}")
        let long = String(repeating: "x", count: 45)
        #expect(CSVColumns.printable(long) == String(repeating: "x", count: 40) + "…")
    }

    @Test func extraFieldsAreRefusedAtTheFirst() throws {
        let text = "lat,lon\n46,5,7,25\n"
        let (columns, _) = try Self.columns(text)
        let row = [CSVReader.Cell(text: "46", line: 2, column: 1), CSVReader.Cell(text: "5", line: 2, column: 4),
                   CSVReader.Cell(text: "7", line: 2, column: 6), CSVReader.Cell(text: "25", line: 2, column: 8)]
        do {
            try columns.checkWidth(of: row, delimiter: 0x2C, path: "t.csv")
            Issue.record("no error")
        } catch {
            #expect(error.location == SourceLocation(path: "t.csv", line: 2, column: 6))
            #expect(error.reason == .malformedCSV("this row has 4 fields but the header has 2; if the numbers use decimal commas (46,5), "
                + "the file must not be separated by commas: use ';' or tab, or quote the numbers (\"46,5\")"))
        }
        // A trailing delimiter (an empty extra field) is harmless.
        try columns.checkWidth(of: Array(row.prefix(2)) + [CSVReader.Cell(text: "", line: 2, column: 6)], delimiter: 0x2C, path: "t.csv")
    }
}
