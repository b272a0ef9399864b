import Foundation

/// What a CSV read tells the user besides the route (``RouteFile/Result/notes``): the columns used, what
/// the header leaves unread, how times and units were read, and the rows skipped.
///
/// The notes come in this order: columns, header, relative times, units, rows without a fix, times
/// without a zone, short rows, rows without a position (and, from ``CSVDateOrder``, the order of day/month dates).
struct CSVNotes {
    /// The columns note (``CSVColumns/note(delimiter:)``).
    var columns: String
    /// Notes about the header (``CSVColumns/headerNotes``).
    var header: [String]
    /// How a time column of plain numbers was read, from its first value.
    var relativeTimes: String?
    /// The units written in cells, as `'column' in unit`.
    var unitsSeen = Set<String>()
    /// Whether some time had no zone of its own.
    var sawTimesWithoutZone = false
    /// Rows skipped because their validity column says there is no fix: the count, the first's line and value.
    private(set) var noFix = (count: 0, line: 0, value: "")
    /// Rows skipped for lack of a latitude or longitude: the count and the first's line.
    private(set) var withoutPosition = (count: 0, line: 0)

    /// Rows with fewer fields than the header: the count, the first's line and field count, and the header's.
    private(set) var short = (count: 0, line: 0, fields: 0, width: 0)

    /// Counts a row of fewer fields than the header's `width` (its missing cells are read as empty).
    mutating func countShort(_ row: [CSVReader.Cell], width: Int) {
        if short.count == 0 { short = (0, row.first?.line ?? 0, row.count, width) }
        short.count += 1
    }

    /// Counts a row whose validity `cell` says there is no fix.
    mutating func skipNoFix(_ cell: CSVReader.Cell) {
        if noFix.count == 0 { noFix = (0, cell.line, cell.text) }
        noFix.count += 1
    }

    /// Counts a row without a latitude or longitude.
    mutating func skipWithoutPosition(_ row: [CSVReader.Cell]) {
        if withoutPosition.count == 0 { withoutPosition.line = row.first?.line ?? 0 }
        withoutPosition.count += 1
    }

    /// The notes, in order.
    ///
    /// - Parameters:
    ///   - validityColumn: How the validity column is named (``CSVColumns/name(_:)``).
    ///   - hasOffsetColumn: Whether a UTC offset column gives the times' zone.
    func lines(validityColumn: String, hasOffsetColumn: Bool) -> [String] {
        var notes = [columns] + header
        if let relativeTimes { notes.append(relativeTimes) }
        if !unitsSeen.isEmpty {
            notes.append("converted units written in the cells: " + unitsSeen.sorted().joined(separator: ", ")
                         + " (elevations to metres, speeds to metres per second)")
        }
        if noFix.count > 0 {
            notes.append("skipped \(Self.rows(noFix.count)) whose '\(validityColumn)' column says there is no fix "
                         + "(the first on line \(noFix.line): '\(noFix.value)')")
        }
        if sawTimesWithoutZone, !hasOffsetColumn {
            notes.append("times without a zone are read as UTC (no UTC offset column)")
        }
        if short.count > 0 {
            notes.append("\(Self.rows(short.count)) \(short.count == 1 ? "has" : "have") fewer fields than the header's \(short.width) "
                         + "(the first on line \(short.line), with \(short.fields)): the missing cells are read as empty")
        }
        if withoutPosition.count > 0 {
            notes.append("skipped \(Self.rows(withoutPosition.count)) without a latitude or longitude "
                         + "(the first on line \(withoutPosition.line))")
        }
        return notes
    }

    /// `1 row`, `2 rows`.
    static func rows(_ count: Int) -> String { "\(count) row\(count == 1 ? "" : "s")" }
}
