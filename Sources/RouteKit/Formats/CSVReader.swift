import Foundation

/// Reads a table of positions (comma-, semicolon- or tab-separated values) into a one-segment
/// ``Route``.
///
/// The table (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180, read leniently):
/// - **Delimiter**: sniffed from the first line that is not blank or a comment: whichever of `,`
///   `;` and tab occurs most often outside quotes (ties go to `,`). ``Options/delimiter`` overrides.
/// - **Records**: one per line (LF, CRLF or CR); fields may be quoted with `"` (a `""` inside is a
///   quote, and a quoted field may span lines); blank lines and **comment lines** (first non-space
///   character `#`) are skipped anywhere; cells and header names are trimmed of spaces and tabs
///   (the G1000 log pads both); a **trailing delimiter** (an empty last cell) is harmless; a row
///   shorter than the header has empty cells at the end.
/// - **Header**: the first record, unless ``Options/columns`` names the columns (then every record
///   is data). Header names are matched case-insensitively, with runs of spaces and `_` read as one
///   space ("Lcl Date", "utc_d"):
///
///   | role | header names |
///   |---|---|
///   | latitude (degrees) | `latitude`, `lat` |
///   | longitude (degrees) | `longitude`, `lon`, `lng`, `long` |
///   | elevation (metres) | `elevation`, `ele`, `alt`, `altitude`, `height` |
///   | date-time, or time of day with a date column | `time`, `timestamp`, `datetime`, `date time`, `utc time`, `lcl time`, `utc t` |
///   | date (`2023-01-16`, `2023/01/16`) | `date`, `utc date`, `lcl date`, `utc d` |
///   | UTC offset of the date and time (`-07:00`, `-7`, `+0530`) | `utcofst`, `utc offset`, `utcoffset`, `utc ofst` |
///   | hemisphere of an unsigned latitude (`N`/`S`) | `n/s`, `ns` |
///   | hemisphere of an unsigned longitude (`E`/`W`) | `e/w`, `ew` |
///   | heart rate (beats per minute) | `heartrate`, `heart rate`, `hr` |
///   | cadence (per minute) | `cadence`, `cad` |
///   | speed (read only with a unit in the cell) | `speed`, `spd` |
///   | validity of the fix | `valid`, `fix`, `fix quality`, `status`, … (below) |
///
///   `AltMSL` (Garmin G1000) is **not** read as elevation: its unit is feet (the log's second comment
///   line says `ft msl`) and units are not written in the header; a note says so. Speed columns are
///   not read either (their units vary: km/h, knots).
/// - **Times**: a date column plus a time column are joined; a lone time column must hold a whole
///   date-time (`2023-01-16T18:02:26Z`, `2023-01-16 18:02:26`, `2023/01/16 18:02:26`). With a
///   UTC offset column, date and time are local times at that offset (the G1000 `UTCOfst`);
///   without one, a time with no zone is taken as UTC (noted).
/// - **Rows without a position** (empty latitude or longitude) are skipped and counted in the notes.
/// - **Validity columns** (`valid`, `validity`, `fix`, `fix type`, `fix quality`, `fix mode`, `gps fix`,
///   `status`, `gps status`, `quality`): a row whose value says there is no fix (`No fix`, `invalid`,
///   `0`, `V`, `void`, `false`, `no`, `none`; `CSVCellValue.saysNoFix(_:)`) is skipped and counted in
///   a note; other values (`SPS`, `DGPS`, `3D`, `Unknown`) keep the row.
/// - **Numbers**: a decimal point, or a decimal comma in a cell with one comma and no point (`46,5`:
///   in a `;`- or tab-separated file, or quoted in a comma-separated one). A **unit after the number**
///   (`98.470 m`, `1200 ft`, `12.5 km/h`) is converted (`CSVCellValue`): elevations to metres (m, km,
///   ft, mi), speeds to metres per second (m/s, km/h, mph, kn), coordinates may end in `°`; an unknown
///   unit is an error at the cell. A `speed`/`spd` column is read only from cells that give a unit.
/// - **A row with more fields than the header** is an error at its first extra field (decimal commas
///   in a comma-separated file are the usual cause, and the message says so); empty extra fields (a
///   trailing delimiter) are harmless.
/// - **Numeric times**: seconds from the start (or Unix seconds); a first value of 10^11 or more is
///   Unix time in **milliseconds** (noted).
/// - **Excel**: a first line `sep=X` names the delimiter; "Unicode Text" (UTF-16 with a byte order
///   mark, tab-separated) is converted to UTF-8 first.
///
/// A header-less file of numbers is read only when the caller names its columns
/// (`Options(columns: ["latitude", "longitude"])`, route-fly's column list);
/// otherwise the error, at 1:1, suggests it. Errors are located at the cell: `path:line:column`
/// (1-based, column in characters, at the cell's first non-space character).
///
/// The file is memory-mapped and read in one pass.
public enum CSVReader: RouteReader {
    /// Settings for CSV input.
    public struct Options: Hashable, Sendable {
        /// Names of the file's columns, in order, for a file **without a header** (every record is
        /// then data). Names are those of the header table on ``CSVReader``; `""` or `-` skips a
        /// column. `nil` (the default): the first record is the header.
        public var columns: [String]?
        /// The delimiter (`,` `;` or tab, or any other ASCII character), or `nil` to sniff it.
        public var delimiter: Character?

        public init(columns: [String]? = nil, delimiter: Character? = nil) {
            self.columns = columns
            self.delimiter = delimiter
        }
    }

    /// What a column holds.
    enum Role: String, CaseIterable {
        case latitude, longitude, elevation, time, date, utcOffset = "utc offset"
        case latitudeHemisphere = "n/s", longitudeHemisphere = "e/w", heartRate = "heart rate", cadence
        case speed, validity = "fix"

        static func named(_ raw: String) -> Role? {
            let name = normalised(raw)
            switch name {
            case "latitude", "lat": return .latitude
            case "longitude", "lon", "lng", "long": return .longitude
            case "elevation", "ele", "alt", "altitude", "height": return .elevation
            case "time", "timestamp", "datetime", "date time", "utc time", "lcl time", "utc t": return .time
            case "date", "utc date", "lcl date", "utc d": return .date
            case "utcofst", "utc offset", "utcoffset", "utc ofst": return .utcOffset
            case "n/s", "ns": return .latitudeHemisphere
            case "e/w", "ew": return .longitudeHemisphere
            case "heartrate", "heart rate", "hr": return .heartRate
            case "cadence", "cad": return .cadence
            case "speed", "spd": return .speed
            case "valid", "validity", "fix", "fix type", "fixtype", "fix quality", "fix mode", "gps fix", "status",
                 "gps status", "quality": return .validity
            default: return nil
            }
        }

        /// The quantity of a numeric column, for the units its cells may carry.
        var quantity: CSVCellValue.Quantity {
            switch self {
            case .latitude, .longitude: return .angle
            case .elevation: return .length
            case .speed: return .speed
            default: return .rate
            }
        }

        static func normalised(_ raw: String) -> String {
            raw.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" }).joined(separator: " ")
        }
    }

    /// A cell and where it starts.
    struct Cell {
        var text: String
        var line: Int
        var column: Int
    }

    package static var format: RouteFormat { .csv }

    package static var defaultOptions: Options { Options() }

    /// Reads CSV text; see ``CSVReader`` and ``RouteReader``.
    ///
    /// - Returns: One segment of the rows with a position, in file order, and notes (the columns
    ///   used, rows skipped, how times were read). ``Route/Source`` counts 1 track and 1 segment.
    /// - Throws: ``RouteParseError`` (format `"CSV"`): `unreadable`, `empty`, `unnamedColumns` (no latitude
    ///   or longitude column in the header; a header of numbers), `missingColumns` (an unknown name in
    ///   ``Options/columns``, or one without latitude and longitude),
    ///   `malformedCSV` (an unclosed quote, text after a closing quote), `malformedNumber`,
    ///   `latitudeOutOfRange`, `longitudeOutOfRange`, `unexpectedValue` (a hemisphere other than
    ///   N/S/E/W), `malformedTime`, and `noLine` when no row has a position.
    /// - Complexity: O(n) in the size of the file.
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: Options) throws(RouteParseError) -> RouteFile.Result {
        // A regular UTF-8 file is read where it lies (mapped, its pages let go behind the rows); UTF-16
        // text is converted first, and other input read from memory.
        try input.input.withText(format: .csv, path: displayPath, convertingUTF16: true) { text, release throws(RouteParseError) in
            try read(text: text, release: release, displayPath: displayPath, options: options)
        }
    }

    /// Reads UTF-8 CSV text; `release` lets go of a mapped file's pages behind the rows read.
    static func read(text bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?, displayPath: String?,
                     options: Options) throws(RouteParseError) -> RouteFile.Result {
        var records = CSVRecords(bytes: bytes, path: displayPath, delimiter: options.delimiter?.asciiValue)
        func fail(_ cell: Cell?, _ reason: RouteParseError.Reason) -> RouteParseError {
            RouteParseError(format: .csv, location: SourceLocation(path: displayPath, line: cell?.line ?? 1, column: cell?.column ?? 1),
                            reason: reason)
        }

        // Column roles.
        var roles: [Role: Int] = [:]
        var headerNames: [String] = []
        var notes: [String] = []
        if let columns = options.columns {
            for (k, name) in columns.enumerated() {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed == "-" { headerNames.append(""); continue }
                guard let role = Role.named(trimmed) else {
                    throw RouteParseError(format: .csv, location: nil, path: displayPath, reason: .missingColumns(
                        "unknown column name '\(trimmed)' in the column list (known: latitude, longitude, elevation, time, "
                            + "date, utc offset, n/s, e/w, heart rate, cadence; '-' skips a column)"))
                }
                if roles[role] == nil { roles[role] = k }
                headerNames.append(trimmed)
            }
        } else {
            guard let header = try records.next() else {
                throw RouteParseError(format: .csv, location: SourceLocation(path: displayPath, line: 1, column: 1), reason: .empty)
            }
            for (k, cell) in header.enumerated() {
                headerNames.append(cell.text)
                if let role = Role.named(cell.text), roles[role] == nil { roles[role] = k }
            }
            if roles[.latitude] == nil || roles[.longitude] == nil {
                let numeric = header.allSatisfy { $0.text.isEmpty || DecimalParser.parse($0.text) != nil }
                if numeric {
                    throw fail(header.first, .unnamedColumns(
                        "the first line holds numbers, not column names: to read a file without a header, name the columns"))
                }
                let missing = roles[.latitude] == nil ? "latitude (looked for: latitude, lat)" : "longitude (looked for: longitude, lon, lng, long)"
                // Show the header as text a terminal can print: control and non-text bytes escaped, long
                // headers cut (a binary file read as CSV must not spill its bytes into the message).
                func printable(_ text: String) -> String {
                    var out = ""
                    for scalar in text.unicodeScalars {
                        if out.count >= 40 { out += "…"; break }
                        if scalar == "\u{FFFD}" || scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                            out += "\\u{\(String(scalar.value, radix: 16))}"
                        } else {
                            out.unicodeScalars.append(scalar)
                        }
                    }
                    return out
                }
                var shown = header.prefix(12).map { "'\(printable($0.text))'" }.joined(separator: ", ")
                if header.count > 12 { shown += ", … (\(header.count) columns)" }
                throw fail(header.first, .unnamedColumns("no \(missing) column in the header \(shown) "
                                                         + "(or name the columns)"))
            }
            if roles[.elevation] == nil, let k = header.firstIndex(where: { Role.normalised($0.text) == "altmsl" }) {
                notes.append("column '\(header[k].text)' is not read as elevation (Garmin G1000 logs give it in feet)")
            }
        }
        guard let latColumn = roles[.latitude], let lonColumn = roles[.longitude] else {
            throw RouteParseError(format: .csv, location: nil, path: displayPath, reason: .missingColumns(
                "the column list names no latitude and longitude (e.g. latitude,longitude)"))
        }
        // Speed is read only from cells that carry a unit (then the units note names it), so it is not listed.
        let used = roles.filter { $0.key != .speed }.sorted { $0.value < $1.value }.map { "\($0.key.rawValue) = column \($0.value + 1)"
            + (headerNames[$0.value].isEmpty || options.columns != nil ? "" : " '\(headerNames[$0.value])'") }
        let delimiterName = records.delimiter == 9 ? "tab" : "'\(Character(Unicode.Scalar(records.delimiter)))'"
        notes.insert("columns: " + used.joined(separator: ", ") + "; delimiter \(delimiterName)", at: 0)

        // Collected in chunks, their legs measured on another core while the rows are read.
        let points = RoutePointCollector(measuresLegs: true)
        var skipped = 0
        var noFix = 0, firstNoFixLine = 0, firstNoFixValue = ""
        var unitsSeen = Set<String>()
        var timeScale: Double?  // seconds per unit of a numeric time column, decided on its first value
        // Decimal commas (46,5) are read in any cell holding one comma and no point: in a comma-separated
        // file such a cell must have been quoted. Errors mention them where the delimiter is not a comma.
        let decimalComma = true
        let decimalCommaFile = records.delimiter != 0x2C
        var sawRelativeTimes = false, sawAbsoluteTimes = false  // absolute: without a zone of their own
        // Day/month dates (``CSVDayMonth``): the column's order once decided, where, and the times of
        // the rows read day first before it was, as month first would read them.
        var dayFirst: Bool? = nil, dayFirstLine = 0, dayFirstText = ""
        var firstAmbiguousDate: (cell: Cell, field: String)? = nil
        var monthFirstTimes: [(index: Int, seconds: Double)] = []
        var firstSkippedLine = 0
        var lastLine = 1
        var nextRelease = 1 << 22
        while let row = try records.next() {
            lastLine = row.first?.line ?? lastLine
            if let release, records.offset >= nextRelease {
                release(records.offset)
                nextRelease = records.offset + (1 << 22)
            }
            func cell(_ role: Role) -> Cell? {
                guard let k = roles[role], k < row.count, !row[k].text.isEmpty else { return nil }
                return row[k]
            }
            func name(_ role: Role) -> String {
                guard let k = roles[role], k < headerNames.count, !headerNames[k].isEmpty else { return role.rawValue }
                return headerNames[k]
            }
            func number(_ role: Role) throws(RouteParseError) -> Double? {
                guard let c = cell(role) else { return nil }
                switch CSVCellValue.parse(c.text, as: role.quantity, decimalComma: decimalComma) {
                case .value(let v, let unit):
                    if let unit, role != .latitude, role != .longitude { unitsSeen.insert("'\(name(role))' in \(unit)") }
                    return v
                case .unknownUnit(let unit):
                    throw fail(c, .unexpectedValue(field: name(role), found: "\"\(c.text)\", in an unknown unit '\(unit)'",
                                                   expected: "a number, optionally followed by \(role.quantity.accepted)"))
                case .notNumber:
                    if role == .speed { return nil }  // speeds are read only where a cell gives their unit
                    if decimalCommaFile {
                        throw fail(c, .unexpectedValue(field: name(role), found: "\"\(c.text)\"",
                                                       expected: "a decimal number: with a decimal point, or a decimal comma as in 46,5"))
                    }
                    throw fail(c, .malformedNumber(element: "column", field: name(role), text: c.text))
                }
            }
            if options.columns == nil, row.count > headerNames.count, row[headerNames.count...].contains(where: { !$0.text.isEmpty }) {
                let extra = row[headerNames.count]
                let hint = records.delimiter == 0x2C && row.contains(where: { $0.text.allSatisfy(\.isNumber) && !$0.text.isEmpty })
                    ? "; if the numbers use decimal commas (46,5), the file must not be separated by commas: use ';' or tab, "
                        + "or quote the numbers (\"46,5\")" : ""
                throw fail(extra, .malformedCSV("this row has \(row.count) fields but the header has \(headerNames.count)\(hint)"))
            }
            if let v = cell(.validity), CSVCellValue.saysNoFix(v.text) {
                if noFix == 0 { firstNoFixLine = v.line; firstNoFixValue = v.text }
                noFix += 1
                continue
            }
            guard latColumn < row.count, lonColumn < row.count, cell(.latitude) != nil, cell(.longitude) != nil else {
                if skipped == 0 { firstSkippedLine = row.first?.line ?? 0 }
                skipped += 1
                continue
            }
            guard var lat = try number(.latitude), var lon = try number(.longitude) else { continue }
            if let h = cell(.latitudeHemisphere) {
                switch h.text.uppercased() {
                case "N": lat = abs(lat)
                case "S": lat = -abs(lat)
                default: throw fail(h, .unexpectedValue(field: name(.latitudeHemisphere), found: "\"\(h.text)\"", expected: "N or S"))
                }
            }
            if let h = cell(.longitudeHemisphere) {
                switch h.text.uppercased() {
                case "E": lon = abs(lon)
                case "W": lon = -abs(lon)
                default: throw fail(h, .unexpectedValue(field: name(.longitudeHemisphere), found: "\"\(h.text)\"", expected: "E or W"))
                }
            }
            guard (-90...90).contains(lat) else { throw fail(cell(.latitude), .latitudeOutOfRange(element: "row", value: lat)) }
            guard (-180...180).contains(lon) else { throw fail(cell(.longitude), .longitudeOutOfRange(element: "row", value: lon)) }
            let elevation = try number(.elevation)
            if let elevation, let outside = PointValueLimits.violation(.elevation, value: elevation) {
                throw fail(cell(.elevation), outside)
            }
            var point = RoutePoint(latitude: lat, longitude: lon, elevation: elevation)
            if let t = cell(.time) {
                let text = cell(.date).map { $0.text + "T" + t.text } ?? t.text
                // A time column of plain numbers (RouteKit's own pose CSV, many loggers) holds seconds
                // from the start: read them as relative times, dated from 1970-01-01 UTC.
                if cell(.date) == nil, cell(.utcOffset) == nil, let relative = DecimalParser.parse(t.text), relative.isFinite {
                    if timeScale == nil {
                        // Unix time in milliseconds (JavaScript's Date.now(), many phone apps): 1e11 s is
                        // the year 5138, so a first value that large is milliseconds.
                        timeScale = abs(relative) >= 1e11 ? 0.001 : 1
                    }
                    if !sawRelativeTimes {
                        sawRelativeTimes = true
                        if timeScale == 0.001 {
                            notes.append("the '\(name(.time))' column holds numbers like \(t.text): read as milliseconds since 1970-01-01 UTC (Unix time)")
                        } else {
                            notes.append("the '\(name(.time))' column holds plain numbers: read as seconds from the start (relative times, dated from 1970-01-01 UTC)")
                        }
                    }
                    let since1970 = relative * (timeScale ?? 1)
                    guard PointValueLimits.time.contains(since1970) else {
                        throw fail(t, .valueOutOfRange(field: name(.time), value: relative, expected: timeScale == 0.001
                            ? "milliseconds since 1970-01-01 within the years 1 to 9999" : "seconds within the years 1 to 9999"))
                    }
                    point.time = Date(timeIntervalSince1970: since1970)
                    point.speed = try number(.speed)
                    point.heartRate = try number(.heartRate)
                    point.cadence = try number(.cadence)
                    points.append(point)
                    continue
                }
                // A day/month date: read in the column's order, decided once (``CSVDayMonth``).
                var isoText = text
                var alternative: Double? = nil
                if let dayMonth = CSVDayMonth(Substring(text)) {
                    let dateCell = cell(.date) ?? t
                    if let shown = dayMonth.showsDayFirst {
                        if let decided = dayFirst, decided != shown {
                            throw fail(dateCell, .unexpectedValue(field: name(cell(.date) == nil ? .time : .date), found: "\"\(dateCell.text)\"",
                                expected: "the order of the column's dates, \(decided ? "day" : "month") first from line \(dayFirstLine) on; \(CSVDayMonth.acceptedForms)"))
                        }
                        if dayFirst == nil { dayFirst = shown; dayFirstLine = dateCell.line; dayFirstText = dateCell.text }
                    } else if dayMonth.isAmbiguous, dayFirst == nil {
                        alternative = CSVTime.seconds(dayMonth.iso(dayFirst: false), offset: cell(.utcOffset)?.text)
                        if firstAmbiguousDate == nil { firstAmbiguousDate = (dateCell, name(cell(.date) == nil ? .time : .date)) }
                    }
                    isoText = dayMonth.iso(dayFirst: dayFirst ?? true)
                }
                guard let seconds = CSVTime.seconds(isoText, offset: cell(.utcOffset)?.text) else {
                    let shown = cell(.date).map { "\($0.text) \(t.text)" } ?? t.text
                    if !CSVTime.startsWithISODate(text) {
                        throw fail(cell(.date) ?? t, .unexpectedValue(field: name(cell(.date) == nil ? .time : .date), found: "\"\(shown)\"",
                                                                      expected: CSVDayMonth.acceptedForms))
                    }
                    throw fail(cell(.date) ?? t, .malformedTime(element: "row", text: shown + (cell(.utcOffset).map { " \($0.text)" } ?? "")))
                }
                if let alternative { monthFirstTimes.append((points.count, alternative)) }
                point.time = Date(timeIntervalSinceReferenceDate: seconds)
                // A zone in the time itself: `Z`, or a sign after the date part.
                let clock = cell(.date) == nil ? isoText.dropFirst(10) : Substring(t.text)
                let zoned = clock.hasSuffix("Z") || clock.hasSuffix("z") || clock.contains("+") || clock.contains("-")
                if !zoned { sawAbsoluteTimes = true }
            }
            point.heartRate = try number(.heartRate)
            point.cadence = try number(.cadence)
            point.speed = try number(.speed)
            points.append(point)
        }
        if !unitsSeen.isEmpty {
            notes.append("converted units written in the cells: " + unitsSeen.sorted().joined(separator: ", ")
                         + " (elevations to metres, speeds to metres per second)")
        }
        if noFix > 0 {
            let column = roles[.validity].flatMap { $0 < headerNames.count && !headerNames[$0].isEmpty ? headerNames[$0] : nil } ?? "fix"
            notes.append("skipped \(noFix) row\(noFix == 1 ? "" : "s") whose '\(column)' column says there is no fix "
                         + "(the first on line \(firstNoFixLine): '\(firstNoFixValue)')")
        }
        if sawAbsoluteTimes, roles[.utcOffset] == nil {
            notes.append("times without a zone are read as UTC (no UTC offset column)")
        }
        if skipped > 0 {
            notes.append("skipped \(skipped) row\(skipped == 1 ? "" : "s") without a latitude or longitude (the first on line \(firstSkippedLine))")
        }
        var (collected, legs) = points.finish()
        if let dayFirst {
            notes.append("dates are read \(dayFirst ? "day/month/year" : "month/day/year"), as '\(dayFirstText)' on line \(dayFirstLine) shows (decided once for the column)")
            if !dayFirst {
                for (index, seconds) in monthFirstTimes { collected[index].time = Date(timeIntervalSinceReferenceDate: seconds) }
            }
        } else if let ambiguous = firstAmbiguousDate {
            throw fail(ambiguous.cell, .unexpectedValue(field: ambiguous.field, found: "\"\(ambiguous.cell.text)\"",
                expected: "a date whose order is known: no date in the column has a day over 12, so day/month and month/day cannot be told apart; "
                    + "write the dates as ISO 8601 (YYYY-MM-DD); accepted: \(CSVDayMonth.acceptedForms)"))
        }
        guard !collected.isEmpty else {
            throw RouteParseError(format: .csv, location: SourceLocation(path: displayPath, line: lastLine, column: 1),
                                  reason: .noLine(found: skipped == 0 ? "the file has no data row"
                                                  : "none of its \(skipped) row\(skipped == 1 ? "" : "s") has a latitude and a longitude"))
        }
        let route = Route(points: collected, segments: [0..<collected.count], name: nil,
                          source: Route.Source(kind: .tracks, trackCount: 1, trackSegmentCount: 1), measuredLegs: legs)
        return RouteFile.Result(route: route, format: .csv, notes: notes)
    }
}

/// Joins CSV date, time and offset cells into an xsd:dateTime for ``DateTimeParser``.
enum CSVTime {
    /// Seconds since 2001-01-01 UTC, or `nil` when the text is not a date-time.
    ///
    /// - Parameters:
    ///   - text: `YYYY-MM-DD[T| ]hh:mm[:ss[.f]][zone]`, the date also with `/`; without seconds
    ///     (ISO 8601's reduced precision, `2020-01-01T10:00`) it is on the minute.
    ///   - offset: A UTC offset cell: `±h`, `±hh`, `±hh:mm`, `±hhmm`; `nil` or empty for none.
    static func seconds(_ text: String, offset: String?) -> Double? {
        var t = Array(text.utf8)
        if t.count >= 10, t[4] == UInt8(ascii: "/"), t[7] == UInt8(ascii: "/") {
            t[4] = UInt8(ascii: "-"); t[7] = UInt8(ascii: "-")
        }
        // hh:mm right after the date and its separator, then the end or a zone: on the minute.
        if t.count >= 16, t[10] == UInt8(ascii: "T") || t[10] == UInt8(ascii: "t") || t[10] == UInt8(ascii: " "),
           t[13] == UInt8(ascii: ":"), t.count == 16 || [UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(t[16]) {
            t.insert(contentsOf: Array(":00".utf8), at: 16)
        }
        var s = String(decoding: t, as: UTF8.self)
        if let offset, !offset.isEmpty {
            guard let zone = zone(offset) else { return nil }
            s += zone
        }
        return DateTimeParser.secondsSinceReferenceDate(s)
    }

    /// Whether `text` starts like an ISO date: four digits, then `-` or `/`.
    static func startsWithISODate(_ text: String) -> Bool {
        let u = Array(text.utf8.prefix(5))
        return u.count == 5 && u.prefix(4).allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (u[4] == UInt8(ascii: "-") || u[4] == UInt8(ascii: "/"))
    }

    /// `-7` → `-07:00`, `+5:30` → `+05:30`, `+0530` → `+05:30`.
    static func zone(_ raw: String) -> String? {
        var u = Array(raw.utf8)
        guard let sign = u.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return u.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == UInt8(ascii: ":") }) && !u.isEmpty ? zone("+" + raw) : nil
        }
        u.removeFirst()
        let parts = String(decoding: u, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false)
        var hours = "", minutes = "00"
        if parts.count == 2 {
            hours = String(parts[0]); minutes = String(parts[1])
        } else if parts.count == 1, parts[0].count == 4 {
            hours = String(parts[0].prefix(2)); minutes = String(parts[0].suffix(2))
        } else if parts.count == 1 {
            hours = String(parts[0])
        } else {
            return nil
        }
        guard (1...2).contains(hours.count), minutes.count == 2,
              hours.allSatisfy(\.isASCII), hours.allSatisfy(\.isNumber), minutes.allSatisfy(\.isNumber) else { return nil }
        if hours.count == 1 { hours = "0" + hours }
        return "\(Character(Unicode.Scalar(sign)))\(hours):\(minutes)"
    }
}

/// Splits CSV bytes into records of trimmed cells, skipping blank and comment lines.
struct CSVRecords {
    /// The text, borrowed for the life of the records.
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String?
    private(set) var delimiter: UInt8
    private var i = 0
    private var line = 1
    private var lineStart = 0

    /// The offset of the next byte to read.
    var offset: Int { i }

    init(bytes: UnsafeBufferPointer<UInt8>, path: String?, delimiter: UInt8?) {
        self.bytes = bytes
        self.path = path
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3; counted = (3, 1) }
        // Excel's `sep=;` first line names the delimiter (and is not the header).
        if let (sep, next) = Self.excelSeparator(bytes, from: i) {
            self.delimiter = delimiter ?? sep
            i = next
            if i < bytes.count { newline() }
            return
        }
        self.delimiter = delimiter ?? Self.sniff(bytes, from: i)
    }

    /// The delimiter of an Excel `sep=X` first line (optionally quoted) and the index of its line end.
    static func excelSeparator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt8, Int)? {
        var k = start
        if k < bytes.count, bytes[k] == 0x22 { k += 1 }
        guard bytes.count >= k + 5, Array(bytes[k..<(k + 4)]).map({ $0 | 0x20 }) == Array("sep=".utf8) else { return nil }
        let sep = bytes[k + 4]
        guard sep < 0x80, sep != 0x0A, sep != 0x0D else { return nil }
        k += 5
        if k < bytes.count, bytes[k] == 0x22 { k += 1 }
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == sep { k += 1 }
        guard k == bytes.count || bytes[k] == 0x0A || bytes[k] == 0x0D else { return nil }
        return (sep, k)
    }

    /// The delimiter of the first line that is not blank or a comment.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var k = start
        while k < bytes.count {
            var j = k
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            let lineEnd = bytes[k...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            if j < lineEnd, bytes[j] != UInt8(ascii: "#") {
                var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
                var quoted = false
                for b in bytes[k..<lineEnd] {
                    if b == 0x22 { quoted.toggle() } else if !quoted, counts[b] != nil { counts[b, default: 0] += 1 }
                }
                let best = [UInt8(0x2C), 0x3B, 0x09].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? 0x2C
                return (counts[best] ?? 0) > (counts[0x2C] ?? 0) ? best : 0x2C
            }
            k = lineEnd + 1
        }
        return 0x2C
    }

    /// The 1-based column (in characters) at byte `index` of the current line, counted on from the last
    /// position asked for: each byte of a line is counted once, so locating every cell of a row is
    /// linear in the row's length (counting from the line's start each time was quadratic).
    private var counted = (index: 0, column: 1)

    private var column: Int {
        mutating get {
            if counted.index < lineStart || counted.index > i { counted = (lineStart, 1) }
            var (k, c) = counted
            while k < i { if bytes[k] & 0xC0 != 0x80 { c += 1 }; k += 1 }
            counted = (k, c)
            return c
        }
    }

    private mutating func newline() {
        // At a CR or LF: consume CRLF as one.
        if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        i += 1
        line += 1
        lineStart = i
    }

    /// The next record, or `nil` at the end.
    mutating func next() throws(RouteParseError) -> [CSVReader.Cell]? {
        while i < bytes.count {
            // Skip blank and comment lines.
            var j = i
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            if j == bytes.count { i = j; return nil }
            if bytes[j] == 0x0A || bytes[j] == 0x0D { i = j; newline(); continue }
            if bytes[j] == UInt8(ascii: "#") {
                i = j
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                if i < bytes.count { newline() }
                continue
            }
            return try record()
        }
        return nil
    }

    private mutating func record() throws(RouteParseError) -> [CSVReader.Cell] {
        var cells: [CSVReader.Cell] = []
        while true {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09, bytes[i] != delimiter { i += 1 }
            let cellLine = line, cellColumn = column
            var text: [UInt8] = []
            if i < bytes.count, bytes[i] == 0x22 {
                let quoteLine = line, quoteColumn = column
                i += 1
                var closed = false
                while i < bytes.count {
                    let b = bytes[i]
                    if b == 0x22 {
                        if i + 1 < bytes.count, bytes[i + 1] == 0x22 { text.append(0x22); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    if b == 0x0A || b == 0x0D {
                        text.append(0x0A)
                        newline()
                        continue
                    }
                    text.append(b)
                    i += 1
                }
                guard closed else {
                    throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: quoteLine, column: quoteColumn),
                                          reason: .malformedCSV("the quoted field is not closed (expected a '\"' before the end of the file)"))
                }
                while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09, bytes[i] != delimiter { i += 1 }
                if i < bytes.count, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: line, column: column),
                                          reason: .malformedCSV("text after the closing quote of a field (a quote inside a quoted field is written \"\")"))
                }
            } else {
                while i < bytes.count, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    text.append(bytes[i])
                    i += 1
                }
                while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
            }
            cells.append(CSVReader.Cell(text: String(decoding: text, as: UTF8.self), line: cellLine, column: cellColumn))
            if i < bytes.count, bytes[i] == delimiter {
                i += 1
                continue
            }
            if i < bytes.count { newline() }
            return cells
        }
    }
}
