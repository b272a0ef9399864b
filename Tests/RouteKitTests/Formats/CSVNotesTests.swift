import Testing
@testable import RouteKit

/// ``CSVNotes``: the notes of a CSV read, in their fixed order, with counts and first lines.
@Suite struct CSVNotesTests {
    @Test func notesComeInOrderWithTheirCounts() {
        var notes = CSVNotes(columns: "columns: latitude = column 1", header: ["column 'AltMSL' is not read"])
        #expect(notes.lines(validityColumn: "fix", hasOffsetColumn: false) == ["columns: latitude = column 1", "column 'AltMSL' is not read"])
        notes.relativeTimes = "relative"
        notes.unitsSeen = ["'ele' in ft", "'speed' in km/h"]
        notes.sawTimesWithoutZone = true
        notes.skipNoFix(CSVReader.Cell(text: "No fix", line: 4, column: 9))
        notes.skipNoFix(CSVReader.Cell(text: "0", line: 7, column: 9))
        notes.skipWithoutPosition([CSVReader.Cell(text: "", line: 5, column: 1)])
        #expect(notes.lines(validityColumn: "Fix Quality", hasOffsetColumn: false) == [
            "columns: latitude = column 1", "column 'AltMSL' is not read", "relative",
            "converted units written in the cells: 'ele' in ft, 'speed' in km/h (elevations to metres, speeds to metres per second)",
            "skipped 2 rows whose 'Fix Quality' column says there is no fix (the first on line 4: 'No fix')",
            "times without a zone are read as UTC (no UTC offset column)",
            "skipped 1 row without a latitude or longitude (the first on line 5)",
        ])
        // With an offset column, zoneless times are local times at that offset: no UTC note.
        #expect(!notes.lines(validityColumn: "fix", hasOffsetColumn: true).contains { $0.hasPrefix("times without a zone") })
    }
}
