import Foundation
import Testing
@testable import RouteKit

/// ``CSVDateOrder``: a day/month date column's order, decided once by the first date with a number
/// over 12, the rows read before it corrected, and the errors for contradicting or undecidable columns.
/// The ISO dates expected are worked out by hand from the texts.
@Suite struct CSVDateOrderTests {
    static func cell(_ text: String, line: Int) -> CSVReader.Cell { CSVReader.Cell(text: text, line: line, column: 1) }

    @Test func isoDatesPassUnchanged() throws {
        var order = CSVDateOrder()
        let read = try order.isoText("2020-12-31T10:00:00Z", cell: Self.cell("2020-12-31T10:00:00Z", line: 2), field: "time", path: nil)
        #expect(read.iso == "2020-12-31T10:00:00Z" && read.monthFirst == nil)
        var points: [RoutePoint] = []
        #expect(try order.finish(&points, path: nil) == nil)
    }

    @Test func aMonthFirstColumnCorrectsTheRowsReadBefore() throws {
        var order = CSVDateOrder()
        // 01/12/2020 is 1 December day first, 12 January month first: undecided yet.
        let first = try order.isoText("01/12/2020 23:59:00", cell: Self.cell("01/12/2020 23:59:00", line: 2), field: "time", path: nil)
        #expect(first.iso == "2020-12-01 23:59:00" && first.monthFirst == "2020-01-12 23:59:00")
        order.remember(monthFirst: 42, ofPoint: 0)
        // 01/13/2020: 13 cannot be a month, so the column is month first.
        let second = try order.isoText("01/13/2020 00:00:00", cell: Self.cell("01/13/2020 00:00:00", line: 3), field: "time", path: nil)
        #expect(second.iso == "2020-01-13 00:00:00" && second.monthFirst == nil)
        #expect(order.dayFirst == false)
        var points = [RoutePoint(latitude: 0, longitude: 0, elevation: nil, time: Date(timeIntervalSinceReferenceDate: 0)),
                      RoutePoint(latitude: 0, longitude: 0, elevation: nil, time: Date(timeIntervalSinceReferenceDate: 1))]
        let note = try order.finish(&points, path: nil)
        #expect(note == "dates are read month/day/year, as '01/13/2020 00:00:00' on line 3 shows (decided once for the column)")
        #expect(points.map { $0.time?.timeIntervalSinceReferenceDate } == [42, 1])
    }

    @Test func aContradictingDateIsRefused() throws {
        var order = CSVDateOrder()
        _ = try order.isoText("31/12/2020", cell: Self.cell("31/12/2020", line: 2), field: "date", path: "d.csv")
        #expect(order.dayFirst == true)
        do {
            _ = try order.isoText("12/31/2020", cell: Self.cell("12/31/2020", line: 5), field: "date", path: "d.csv")
            Issue.record("no error")
        } catch {
            #expect(error.location == SourceLocation(path: "d.csv", line: 5, column: 1))
            #expect(error.reason == .unexpectedValue(field: "date", found: "\"12/31/2020\"",
                expected: "the order of the column's dates, day first from line 2 on; \(CSVDayMonth.acceptedForms)"))
        }
    }

    @Test func aColumnOfAmbiguousDatesIsRefusedAtItsFirst() throws {
        var order = CSVDateOrder()
        _ = try order.isoText("05/05/2020", cell: Self.cell("05/05/2020", line: 2), field: "Date", path: nil)  // the same either way
        _ = try order.isoText("03/04/2020", cell: Self.cell("03/04/2020", line: 3), field: "Date", path: nil)
        _ = try order.isoText("04/03/2020", cell: Self.cell("04/03/2020", line: 4), field: "Date", path: nil)
        var points: [RoutePoint] = []
        do {
            _ = try order.finish(&points, path: nil)
            Issue.record("no error")
        } catch {
            #expect(error.location?.line == 3)
            guard case .unexpectedValue(let field, let found, _) = error.reason else { Issue.record("\(error)"); return }
            #expect(field == "Date" && found == "\"03/04/2020\"")
        }
    }
}
