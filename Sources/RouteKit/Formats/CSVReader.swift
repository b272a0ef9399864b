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
    ///
    /// The steps: the columns (``CSVColumns``: the caller's list or the header), each data row
    /// (``CSVRowReader``), then the route and its notes (``CSVNotes``).
    static func read(text bytes: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?, displayPath: String?,
                     options: Options) throws(RouteParseError) -> RouteFile.Result {
        var records = CSVRecords(bytes: bytes, path: displayPath, delimiter: options.delimiter?.asciiValue)
        let columns = try CSVColumns(list: options.columns, records: &records, path: displayPath)
        var rows = CSVRowReader(columns: columns, delimiter: records.delimiter, path: displayPath)
        var lastLine = 1
        var nextRelease = 1 << 22
        while let row = try records.next() {
            lastLine = row.first?.line ?? lastLine
            if let release, records.offset >= nextRelease {
                release(records.offset)
                nextRelease = records.offset + (1 << 22)
            }
            try rows.read(row)
        }
        return try rows.finish(lastLine: lastLine)
    }

    /// A CSV error at `cell` (its line and column; 1:1 without one).
    static func error(_ reason: RouteParseError.Reason, at cell: Cell?, path: String?) -> RouteParseError {
        RouteParseError(format: .csv, location: SourceLocation(path: path, line: cell?.line ?? 1, column: cell?.column ?? 1),
                        reason: reason)
    }
}
