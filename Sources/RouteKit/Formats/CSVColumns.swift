import Foundation

/// The columns of a CSV table and the role each plays (``CSVReader``'s header table): named by the
/// caller's column list (the file has no header, every record is data) or by the file's header record.
struct CSVColumns {
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

        /// Lowercased, with runs of spaces, tabs and `_` read as one space (`Lcl Date`, `utc_d`).
        static func normalised(_ raw: String) -> String {
            raw.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" }).joined(separator: " ")
        }
    }

    /// The 0-based column of each role: the first column with one of the role's names.
    private(set) var roles: [Role: Int] = [:]
    /// One name per column, as the header or the list gives it; `""` for a column the list skips.
    private(set) var names: [String] = []
    /// Whether the caller's list named the columns (then the file has no header).
    let namedByCaller: Bool
    /// The header's fields up to its last with a name (a trailing delimiter adds an empty one).
    var namedWidth: Int { (names.lastIndex { !$0.isEmpty } ?? -1) + 1 }
    /// What the header says that is worth a note (a column not read, and why).
    private(set) var headerNotes: [String] = []

    /// The columns named by `list` when there is one, else by the header: the first record of `records`.
    ///
    /// - Throws: ``RouteParseError``: `empty` (no header), `unnamedColumns` (a header without latitude
    ///   or longitude), `missingColumns` (a list with an unknown name or without latitude and longitude).
    init(list: [String]?, records: inout CSVRecords, path: String?) throws(RouteParseError) {
        namedByCaller = list != nil
        if let list {
            try name(byList: list, path: path)
        } else {
            guard let header = try records.next() else {
                throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: 1, column: 1), reason: .empty)
            }
            try name(byHeader: header, path: path)
        }
        guard roles[.latitude] != nil, roles[.longitude] != nil else {
            throw RouteParseError(format: .csv, location: nil, path: path, reason: .missingColumns(
                "the column list names no latitude and longitude (e.g. latitude,longitude)"))
        }
    }

    /// Roles from the caller's names; `""` or `-` skips a column.
    private mutating func name(byList list: [String], path: String?) throws(RouteParseError) {
        for (k, name) in list.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "-" { names.append(""); continue }
            guard let role = Role.named(trimmed) else {
                throw RouteParseError(format: .csv, location: nil, path: path, reason: .missingColumns(
                    "unknown column name '\(trimmed)' in the column list (known: latitude, longitude, elevation, time, "
                        + "date, utc offset, n/s, e/w, heart rate, cadence; '-' skips a column)"))
            }
            if roles[role] == nil { roles[role] = k }
            names.append(trimmed)
        }
    }

    /// Roles from the header's names, which must include latitude and longitude.
    private mutating func name(byHeader header: [CSVReader.Cell], path: String?) throws(RouteParseError) {
        for (k, cell) in header.enumerated() {
            names.append(cell.text)
            if let role = Role.named(cell.text), roles[role] == nil { roles[role] = k }
        }
        if roles[.latitude] == nil || roles[.longitude] == nil {
            throw Self.unnamedColumns(header, missingLatitude: roles[.latitude] == nil, path: path)
        }
        if roles[.elevation] == nil, let k = header.firstIndex(where: { Role.normalised($0.text) == "altmsl" }) {
            headerNotes.append("column '\(header[k].text)' is not read as elevation (Garmin G1000 logs give it in feet)")
        }
    }

    /// The error for a header without a latitude or longitude column: a header of numbers suggests
    /// naming the columns; any other names what was looked for and shows the header.
    static func unnamedColumns(_ header: [CSVReader.Cell], missingLatitude: Bool, path: String?) -> RouteParseError {
        if header.allSatisfy({ $0.text.isEmpty || DecimalParser.parse($0.text) != nil }) {
            return CSVReader.error(.unnamedColumns(
                "the first line holds numbers, not column names: to read a file without a header, name the columns"),
                at: header.first, path: path)
        }
        let missing = missingLatitude ? "latitude (looked for: latitude, lat)" : "longitude (looked for: longitude, lon, lng, long)"
        var shown = header.prefix(12).map { "'\(printable($0.text))'" }.joined(separator: ", ")
        if header.count > 12 { shown += ", … (\(header.count) columns)" }
        return CSVReader.error(.unnamedColumns("no \(missing) column in the header \(shown) (or name the columns)"),
                               at: header.first, path: path)
    }

    /// A header name as text a terminal can print: control and non-text characters escaped, cut after
    /// 40 characters (a binary file read as CSV must not spill its bytes into the message).
    static func printable(_ text: String) -> String {
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

    /// The latitude and longitude columns (both exist once the columns are made).
    var latitude: Int { roles[.latitude] ?? 0 }
    var longitude: Int { roles[.longitude] ?? 0 }

    /// The row's cell of `role`, or `nil` when the column is absent, past the row's end or empty.
    func cell(_ role: Role, in row: [CSVReader.Cell]) -> CSVReader.Cell? {
        guard let k = roles[role], k < row.count, !row[k].text.isEmpty else { return nil }
        return row[k]
    }

    /// How messages name the column of `role`: its header (or list) name, else the role's own name.
    func name(_ role: Role) -> String {
        guard let k = roles[role], k < names.count, !names[k].isEmpty else { return role.rawValue }
        return names[k]
    }

    /// The columns note: each role read (speed is not listed: it is read only from cells with a unit,
    /// which the units note names) with its 1-based column and header name, and the delimiter.
    func note(delimiter: UInt8) -> String {
        let used = roles.filter { $0.key != .speed }.sorted { $0.value < $1.value }.map {
            "\($0.key.rawValue) = column \($0.value + 1)" + (names[$0.value].isEmpty || namedByCaller ? "" : " '\(names[$0.value])'")
        }
        let delimiterName = delimiter == 9 ? "tab" : "'\(Character(Unicode.Scalar(delimiter)))'"
        return "columns: " + used.joined(separator: ", ") + "; delimiter \(delimiterName)"
    }

    /// Throws when a row of a file with a header has more non-empty fields than the header has names,
    /// at the first extra field; on a comma-separated row of numbers the message suggests decimal commas.
    func checkWidth(of row: [CSVReader.Cell], delimiter: UInt8, path: String?) throws(RouteParseError) {
        guard !namedByCaller, row.count > names.count, row[names.count...].contains(where: { !$0.text.isEmpty }) else { return }
        let hint = delimiter == 0x2C && row.contains(where: { $0.text.allSatisfy(\.isNumber) && !$0.text.isEmpty })
            ? "; if the numbers use decimal commas (46,5), the file must not be separated by commas: use ';' or tab, "
                + "or quote the numbers (\"46,5\")" : ""
        throw CSVReader.error(.malformedCSV("this row has \(row.count) fields but the header has \(names.count)\(hint)"),
                              at: row[names.count], path: path)
    }
}
