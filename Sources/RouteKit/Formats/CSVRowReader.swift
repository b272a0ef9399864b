import Foundation

/// Reads the data rows of a CSV table into route points, one row at a time (``CSVReader``'s rules for
/// positions, numbers with units, validity columns and times), and collects the notes.
struct CSVRowReader {
    typealias Cell = CSVReader.Cell
    typealias Role = CSVColumns.Role

    let columns: CSVColumns
    /// The file's path as the user typed it, for errors.
    let path: String?
    /// Whether the delimiter is not a comma: then errors about numbers mention decimal commas (which
    /// are read in any cell holding one comma and no point; in a comma-separated file such a cell
    /// must have been quoted).
    let decimalCommaFile: Bool
    let delimiter: UInt8
    /// Collected in chunks, their legs measured on another core while the rows are read.
    let points = RoutePointCollector(measuresLegs: true)
    private(set) var notes: CSVNotes
    /// Seconds per unit of a numeric time column, decided on its first value.
    private var timeScale: Double?
    private var dateOrder = CSVDateOrder()

    init(columns: CSVColumns, delimiter: UInt8, path: String?) {
        self.columns = columns
        self.path = path
        self.delimiter = delimiter
        decimalCommaFile = delimiter != 0x2C
        notes = CSVNotes(columns: columns.note(delimiter: delimiter), header: columns.headerNotes)
    }

    /// Reads one record: a point, or a row skipped and counted (no fix, no position).
    mutating func read(_ row: [Cell]) throws(RouteParseError) {
        try columns.checkWidth(of: row, delimiter: delimiter, path: path)
        if let v = columns.cell(.validity, in: row), CSVCellValue.saysNoFix(v.text) {
            notes.skipNoFix(v)
            return
        }
        guard columns.latitude < row.count, columns.longitude < row.count,
              columns.cell(.latitude, in: row) != nil, columns.cell(.longitude, in: row) != nil else {
            notes.skipWithoutPosition(row)
            return
        }
        // A point from a short row (a skipped one is said as such).
        if !columns.namedByCaller, row.count < columns.namedWidth { notes.countShort(row, width: columns.namedWidth) }
        let (latitude, longitude) = try position(row)
        let elevation = try number(.elevation, in: row)
        if let elevation, let outside = PointValueLimits.violation(.elevation, value: elevation) {
            throw CSVReader.error(outside, at: columns.cell(.elevation, in: row), path: path)
        }
        var point = RoutePoint(latitude: latitude, longitude: longitude, elevation: elevation)
        point.time = try time(row)
        point.heartRate = try number(.heartRate, in: row)
        point.cadence = try number(.cadence, in: row)
        point.speed = try number(.speed, in: row)
        points.append(point)
    }

    /// The route of the rows read, and the notes.
    ///
    /// - Parameter lastLine: The line of the last record, where an error for a file without positions is.
    /// - Throws: ``RouteParseError``: an ambiguous day/month column (``CSVDateOrder/finish(_:path:)``),
    ///   `noLine` when no row had a position.
    func finish(lastLine: Int) throws(RouteParseError) -> RouteFile.Result {
        var notes = notes.lines(validityColumn: columns.name(.validity), hasOffsetColumn: columns.roles[.utcOffset] != nil)
        var (collected, legs) = points.finish()
        if let order = try dateOrder.finish(&collected, path: path) { notes.append(order) }
        guard !collected.isEmpty else {
            let skipped = self.notes.withoutPosition.count
            throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: lastLine, column: 1),
                                  reason: .noLine(found: skipped == 0 ? "the file has no data row"
                                                  : "none of its \(CSVNotes.rows(skipped)) has a latitude and a longitude"))
        }
        let route = Route(points: collected, segments: [0..<collected.count], name: nil,
                          source: Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 1), measuredLegs: legs)
        return RouteFile.Result(route: route, format: .csv, notes: notes)
    }

    // MARK: Values

    /// The cell of `role` as a number in RouteKit's unit (``CSVCellValue``), or `nil` when it is empty
    /// (or, for speed, has no unit); a unit written in the cell is remembered for the units note.
    mutating func number(_ role: Role, in row: [Cell]) throws(RouteParseError) -> Double? {
        guard let c = columns.cell(role, in: row) else { return nil }
        let name = columns.name(role)
        switch CSVCellValue.parse(c.text, as: role.quantity) {
        case .value(let v, let unit):
            if let unit, role != .latitude, role != .longitude { notes.unitsSeen.insert("'\(name)' in \(unit)") }
            return v
        case .unknownUnit(let unit):
            throw CSVReader.error(.unexpectedValue(field: name, found: "\"\(c.text)\", in an unknown unit '\(unit)'",
                                                   expected: "a number, optionally followed by \(role.quantity.accepted)"),
                                  at: c, path: path)
        case .notNumber:
            if role == .speed { return nil }  // speeds are read only where a cell gives their unit
            if decimalCommaFile {
                throw CSVReader.error(.unexpectedValue(field: name, found: "\"\(c.text)\"",
                                                       expected: "a decimal number: with a decimal point, or a decimal comma as in 46,5"),
                                      at: c, path: path)
            }
            throw CSVReader.error(.malformedNumber(element: "column", field: name, text: c.text), at: c, path: path)
        }
    }

    /// Latitude and longitude in degrees, signed by the hemisphere columns when there are any, and in range.
    mutating func position(_ row: [Cell]) throws(RouteParseError) -> (latitude: Double, longitude: Double) {
        var latitude = try number(.latitude, in: row) ?? 0  // both cells are there: checked by the caller
        var longitude = try number(.longitude, in: row) ?? 0
        latitude = try signed(latitude, by: .latitudeHemisphere, in: row, positive: "N", negative: "S")
        longitude = try signed(longitude, by: .longitudeHemisphere, in: row, positive: "E", negative: "W")
        guard (-90...90).contains(latitude) else {
            throw CSVReader.error(.latitudeOutOfRange(element: "row", value: latitude), at: columns.cell(.latitude, in: row), path: path)
        }
        guard (-180...180).contains(longitude) else {
            throw CSVReader.error(.longitudeOutOfRange(element: "row", value: longitude), at: columns.cell(.longitude, in: row), path: path)
        }
        return (latitude, longitude)
    }

    /// `value` with the sign its hemisphere cell gives (`N`/`E` positive, `S`/`W` negative); unchanged
    /// without one.
    func signed(_ value: Double, by role: Role, in row: [Cell], positive: String, negative: String) throws(RouteParseError) -> Double {
        guard let h = columns.cell(role, in: row) else { return value }
        switch h.text.uppercased() {
        case positive: return abs(value)
        case negative: return -abs(value)
        default:
            throw CSVReader.error(.unexpectedValue(field: columns.name(role), found: "\"\(h.text)\"", expected: "\(positive) or \(negative)"),
                                  at: h, path: path)
        }
    }

    // MARK: Times

    /// The row's time: plain numbers as relative (or Unix) times, else a date-time, or a date and a time.
    mutating func time(_ row: [Cell]) throws(RouteParseError) -> Date? {
        guard let t = columns.cell(.time, in: row) else { return nil }
        let date = columns.cell(.date, in: row), offset = columns.cell(.utcOffset, in: row)
        // A time column of plain numbers (RouteKit's own pose CSV, many loggers) holds seconds from the
        // start: read them as relative times, dated from 1970-01-01 UTC.
        if date == nil, offset == nil, let relative = DecimalParser.parse(t.text), relative.isFinite {
            return try relativeTime(relative, cell: t)
        }
        return try calendarTime(t, date: date, offset: offset)
    }

    /// A relative time: seconds from the start, or Unix milliseconds when the column's first value is
    /// 10^11 or more (JavaScript's `Date.now()`, many phone apps: 1e11 s is the year 5138).
    mutating func relativeTime(_ relative: Double, cell t: Cell) throws(RouteParseError) -> Date {
        let name = columns.name(.time)
        if timeScale == nil {
            timeScale = abs(relative) >= 1e11 ? 0.001 : 1
            notes.relativeTimes = timeScale == 0.001
                ? "the '\(name)' column holds numbers like \(t.text): read as milliseconds since 1970-01-01 UTC (Unix time)"
                : "the '\(name)' column holds plain numbers: read as seconds from the start (relative times, dated from 1970-01-01 UTC)"
        }
        let since1970 = relative * (timeScale ?? 1)
        guard PointValueLimits.time.contains(since1970) else {
            throw CSVReader.error(.valueOutOfRange(field: name, value: relative, expected: timeScale == 0.001
                ? "milliseconds since 1970-01-01 within the years 1 to 9999" : "seconds within the years 1 to 9999"),
                at: t, path: path)
        }
        return Date(timeIntervalSince1970: since1970)
    }

    /// A date-time, or a date and a time, at the UTC offset of the offset column (else in its own zone,
    /// else UTC); day/month dates in the column's order (``CSVDateOrder``).
    mutating func calendarTime(_ t: Cell, date: Cell?, offset: Cell?) throws(RouteParseError) -> Date {
        let text = date.map { $0.text + "T" + t.text } ?? t.text
        let dateCell = date ?? t
        let field = columns.name(date == nil ? .time : .date)
        let (isoText, monthFirst) = try dateOrder.isoText(text, cell: dateCell, field: field, path: path)
        guard let seconds = CSVTime.seconds(isoText, offset: offset?.text) else {
            if let offset, !offset.text.isEmpty, !CSVTime.isOffset(offset.text) {
                throw CSVReader.error(.unexpectedValue(field: columns.name(.utcOffset), found: "\"\(offset.text)\"",
                                                       expected: "a UTC offset such as +02:00, -0530, +5 or 2 (hours under 24, minutes under 60)"),
                                      at: offset, path: path)
            }
            if DateTimeParser.isMisplacedLeapSecond(isoText) {
                throw CSVReader.error(.malformedTime(element: "row", text: isoText), at: dateCell, path: path)
            }
            let shown = date.map { "\($0.text) \(t.text)" } ?? t.text
            if !CSVTime.startsWithISODate(text) {
                throw CSVReader.error(.unexpectedValue(field: field, found: "\"\(shown)\"", expected: CSVDayMonth.acceptedForms),
                                      at: dateCell, path: path)
            }
            throw CSVReader.error(.malformedTime(element: "row", text: shown + (offset.map { " \($0.text)" } ?? "")),
                                  at: dateCell, path: path)
        }
        if let outside = PointValueLimits.timeViolation(Date(timeIntervalSinceReferenceDate: seconds),
                                                        text: (date.map { "\($0.text) \(t.text)" } ?? t.text)
                                                            + (offset.map { $0.text.isEmpty ? "" : " \($0.text)" } ?? "")) {
            throw CSVReader.error(outside, at: dateCell, path: path)
        }
        if let monthFirst, let alternative = CSVTime.seconds(monthFirst, offset: offset?.text) {
            dateOrder.remember(monthFirst: alternative, ofPoint: points.count)
        }
        // A zone in the time itself: `Z`, or a sign after the date part.
        let clock = date == nil ? isoText.dropFirst(10) : Substring(t.text)
        let zoned = clock.hasSuffix("Z") || clock.hasSuffix("z") || clock.contains("+") || clock.contains("-")
        if !zoned { notes.sawTimesWithoutZone = true }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }
}
