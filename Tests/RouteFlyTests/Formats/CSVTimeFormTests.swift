import Foundation
import Testing
@testable import RouteKit

/// CSV times without seconds (ISO 8601 reduced precision) and dates written day and
/// month first, read by one rule per column (``CSVDayMonth``), or refused with the forms accepted.
/// The expected instants come from Python's `datetime.strptime` (the independent reader), run on the
/// same files.
@Suite struct CSVTimeFormTests {
    static func fixture(_ name: String) -> URL { Fixtures.url("csv/\(name)") }

    /// Python's reading of `file`: each data row's cells joined (`date T time` when there is a date
    /// column), parsed with the first of `formats` that fits, as seconds since 1970 UTC (naive times as UTC).
    static func pythonTimes(_ file: URL, formats: [String], delimiter: String = ",", dateColumn: Bool = false) throws -> [Double]? {
        guard let python = ExternalTools.find("python3", needs: "the CSV time checks against Python's datetime") else { return nil }
        let script = """
        import csv, sys, datetime
        rows = list(csv.reader(open(sys.argv[1]), delimiter=sys.argv[2]))[1:]
        for row in rows:
            text = row[0] + 'T' + row[1] if sys.argv[3] == '1' else row[0]
            for f in sys.argv[4:]:
                try:
                    t = datetime.datetime.strptime(text, f)
                    break
                except ValueError:
                    pass
            if t.tzinfo is None: t = t.replace(tzinfo=datetime.timezone.utc)
            print(t.timestamp())
        """
        let r = try ExternalTools.run(python, ["-c", script, file.path, delimiter, dateColumn ? "1" : "0"] + formats)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { Double($0)! }
    }

    static func times(_ file: URL) throws -> [Double] {
        try RouteFile.read(path: file.path).route.points.map { $0.time!.timeIntervalSince1970 }
    }

    @Test func timesWithoutSecondsAreOnTheMinute() throws {
        let url = Self.fixture("minutes.csv")
        let ours = try Self.times(url)
        #expect(ours.count == 4)
        guard let python = try Self.pythonTimes(url, formats: ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%MZ", "%Y-%m-%dT%H:%M%z"]) else { return }
        #expect(ours == python, "\(ours) vs \(python)")
    }

    /// Day first: the first rows (12/01) could be either; 13/01 on line 4 decides, for them too.
    /// Month first: the same, the rows before line 4 corrected to 12 January once the column is decided.
    @Test(arguments: [("day-month-day-first.csv", "%d/%m/%Y %H:%M:%S", "day/month/year"),
                      ("day-month-month-first.csv", "%m/%d/%Y %H:%M:%S", "month/day/year")])
    func dayMonthOrderIsDecidedForTheColumn(_ file: String, _ format: String, _ order: String) throws {
        let url = Self.fixture(file)
        let result = try RouteFile.read(path: url.path)
        let ours = result.route.points.map { $0.time!.timeIntervalSince1970 }
        #expect(result.notes.contains { $0.contains("dates are read \(order)") && $0.contains("line 4") }, "\(result.notes)")
        guard let python = try Self.pythonTimes(url, formats: [format]) else { return }
        #expect(ours == python, "\(ours) vs \(python)")
        #expect(ours.first == 1_578_873_540)  // 2020-01-12T23:59:00Z
    }

    /// A date column with dots (German Excel), a time column without seconds on some rows, `;` and decimal commas.
    @Test func dottedDateColumnIsDayFirst() throws {
        let url = Self.fixture("day-month-date-column.csv")
        let ours = try Self.times(url)
        guard let python = try Self.pythonTimes(url, formats: ["%d.%m.%YT%H:%M", "%d.%m.%YT%H:%M:%S"], delimiter: ";", dateColumn: true) else { return }
        #expect(ours == python, "\(ours) vs \(python)")
    }

    /// Every date could be day or month first: refused at the first such date, naming the forms accepted;
    /// a column with both orders: refused at the date that contradicts the first.
    @Test(arguments: [("day-month-ambiguous.csv", 2, "day/month and month/day cannot be told apart"),
                      ("day-month-mixed.csv", 3, "day first from line 2 on")])
    func undecidableColumnsAreRefused(_ file: String, _ line: Int, _ reason: String) throws {
        let url = Self.fixture(file)
        let cli = try runRouteFly(["info", url.path])
        #expect(cli.status == 1 && cli.stdout.isEmpty)
        #expect(cli.stderr.contains("\(file):\(line):1: error:"), "\(cli.stderr)")
        #expect(cli.stderr.contains(reason) && cli.stderr.contains("31/12/2020 10:00:00 or 12/31/2020 10:00:00"), "\(cli.stderr)")
    }

    /// A time that is neither form is refused with the forms accepted.
    @Test func anUnknownFormNamesTheFormsAccepted() throws {
        let data = Data("time,lat,lon\nJan 1 2020 10:00,46,7\n".utf8)
        #expect(throws: RouteParseError.self) { try RouteFile.read(data: data, displayPath: "x.csv") }
        do { _ = try RouteFile.read(data: data, displayPath: "x.csv") } catch {
            #expect(error.location?.line == 2 && "\(error)".contains("seconds optional"), "\(error)")
        }
    }
}
