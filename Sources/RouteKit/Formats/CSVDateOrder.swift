import Foundation

/// The day/month order of a CSV date (or time) column, decided once for the whole column by the rule of
/// ``CSVDayMonth``, and the rows read before it was decided.
///
/// Rows are read day first until some date shows the order; an ambiguous date read before then also
/// keeps its month-first time, so that a column that turns out month first is corrected at the end
/// (``finish(_:path:)``) without reading the file twice.
struct CSVDateOrder {
    /// `true` day first, `false` month first, `nil` while undecided.
    private(set) var dayFirst: Bool?
    /// The date that decided the order: its line and text.
    private var decidedBy = (line: 0, text: "")
    /// The first date that could be read either way, and how messages name its column.
    private var firstAmbiguous: (cell: CSVReader.Cell, field: String)?
    /// The month-first times of ambiguous dates read before the order was decided, by point index.
    private var monthFirstTimes: [(index: Int, seconds: Double)] = []

    /// The ISO 8601 text of `text` in the column's order, and (for an ambiguous date while the order
    /// is undecided) its month-first reading; `text` unchanged when it is not a day/month date.
    ///
    /// - Parameters:
    ///   - cell: The date's cell (the date column's, or the time column's when there is no date column).
    ///   - field: How messages name that column.
    /// - Throws: ``RouteParseError`` `unexpectedValue` at a date whose order contradicts the column's.
    mutating func isoText(_ text: String, cell: CSVReader.Cell, field: String,
                          path: String?) throws(RouteParseError) -> (iso: String, monthFirst: String?) {
        guard let dayMonth = CSVDayMonth(Substring(text)) else { return (text, nil) }
        var monthFirst: String?
        if let shown = dayMonth.showsDayFirst {
            if let decided = dayFirst, decided != shown {
                throw CSVReader.error(.unexpectedValue(field: field, found: "\"\(cell.text)\"",
                    expected: "the order of the column's dates, \(decided ? "day" : "month") first from line \(decidedBy.line) on; \(CSVDayMonth.acceptedForms)"),
                    at: cell, path: path)
            }
            if dayFirst == nil { dayFirst = shown; decidedBy = (cell.line, cell.text) }
        } else if dayMonth.isAmbiguous, dayFirst == nil {
            monthFirst = dayMonth.iso(dayFirst: false)
            if firstAmbiguous == nil { firstAmbiguous = (cell, field) }
        }
        return (dayMonth.iso(dayFirst: dayFirst ?? true), monthFirst)
    }

    /// Keeps the month-first time of the point at `index`, read day first while the order was undecided.
    mutating func remember(monthFirst seconds: Double, ofPoint index: Int) {
        monthFirstTimes.append((index, seconds))
    }

    /// Corrects the points read day first when the column turned out month first.
    ///
    /// - Returns: The note saying which order was read and why; `nil` when no date was day/month.
    /// - Throws: ``RouteParseError`` `unexpectedValue` at the first ambiguous date when no date in the
    ///   column decided the order.
    func finish(_ points: inout [RoutePoint], path: String?) throws(RouteParseError) -> String? {
        if let dayFirst {
            if !dayFirst {
                for (index, seconds) in monthFirstTimes { points[index].time = Date(timeIntervalSinceReferenceDate: seconds) }
            }
            return "dates are read \(dayFirst ? "day/month/year" : "month/day/year"), as '\(decidedBy.text)' on line "
                + "\(decidedBy.line) shows (decided once for the column)"
        }
        if let ambiguous = firstAmbiguous {
            throw CSVReader.error(.unexpectedValue(field: ambiguous.field, found: "\"\(ambiguous.cell.text)\"",
                expected: "a date whose order is known: no date in the column has a day over 12, so day/month and month/day cannot be told apart; "
                    + "write the dates as ISO 8601 (YYYY-MM-DD); accepted: \(CSVDayMonth.acceptedForms)"),
                at: ambiguous.cell, path: path)
        }
        return nil
    }
}
