import Foundation

/// How ``CSVReader`` reads one cell's text: numbers with a decimal point or a decimal comma (quoted,
/// in a comma-separated file), units written after the number, and the values of validity columns.
///
/// Logger exports (MTK/iBlue, Holux, many phone apps) write units inside cells: `98.470 m`,
/// `12.5 km/h`, `1200 ft`. A known unit is converted to the unit RouteKit uses for the column (metres,
/// metres per second); an unknown one, or one of the wrong kind (a speed in an elevation column), is
/// an error at the cell.
enum CSVCellValue {
    /// What kind of quantity a column holds, which fixes the units it accepts.
    enum Quantity {
        /// Latitude or longitude, degrees; accepts a trailing `°`.
        case angle
        /// Elevation, metres; accepts `m`, `km`, `ft`, `mi`.
        case length
        /// Speed, metres per second; accepts `m/s`, `km/h` (`kph`, `kmh`), `mph`, `kn` (`kt`, `kts`, `knots`).
        case speed
        /// Heart rate or cadence, per minute; accepts `bpm`, `rpm`, `spm`, `/min`.
        case rate

        /// The units accepted, for error messages.
        var accepted: String {
            switch self {
            case .angle: return "° or deg"
            case .length: return "m, km, ft or mi"
            case .speed: return "m/s, km/h, mph or kn"
            case .rate: return "bpm, rpm or spm"
            }
        }
    }

    /// A parsed cell.
    enum Parsed: Equatable {
        /// The value in RouteKit's unit, and the unit written in the cell (`nil` when none was).
        case value(Double, unit: String?)
        /// A number followed by a unit this column does not accept.
        case unknownUnit(String)
        /// Not a number at all.
        case notNumber
    }

    /// Metres per unit of length. Sources: the international yard and pound agreement (1959): 1 ft =
    /// 0.3048 m exactly, 1 mi = 5280 ft = 1609.344 m.
    static let metresPer: [String: Double] = ["m": 1, "km": 1000, "ft": 0.3048, "mi": 1609.344]

    /// Metres per second per unit of speed. 1 km/h = 1000/3600 m/s; 1 mph = 1609.344/3600 m/s; 1 knot =
    /// 1852 m per hour (the international nautical mile, 1929), 1852/3600 m/s.
    static let metresPerSecondPer: [String: Double] = [
        "m/s": 1, "mps": 1,
        "km/h": 1000.0 / 3600, "kmh": 1000.0 / 3600, "kph": 1000.0 / 3600, "km/hr": 1000.0 / 3600,
        "mph": 1609.344 / 3600, "mi/h": 1609.344 / 3600,
        "kn": 1852.0 / 3600, "kt": 1852.0 / 3600, "kts": 1852.0 / 3600, "knots": 1852.0 / 3600, "knot": 1852.0 / 3600,
    ]

    /// Parses `text` as a number of `quantity`, converting a unit written after it.
    ///
    /// - Parameter text: the trimmed cell; a decimal comma is read in any file (`46,5` is 46.5: one
    ///   comma, no point; in a comma-separated file such a cell must have been quoted).
    /// - Complexity: O(n) in the length of the cell.
    static func parse(_ text: String, as quantity: Quantity) -> Parsed {
        if let v = number(text) { return .value(v, unit: nil) }
        // Split "<number><spaces><unit>": the number ends at the last digit or separator before a letter,
        // a degree sign or a slash.
        let scalars = Array(text.unicodeScalars)
        var end = 0
        while end < scalars.count, "0123456789+-.,eE".unicodeScalars.contains(scalars[end]) {
            // An `e` starts a unit unless a digit or sign follows (an exponent): "1e3" vs "12 ew".
            if scalars[end] == "e" || scalars[end] == "E" {
                let next = end + 1 < scalars.count ? scalars[end + 1] : " "
                if !("0123456789+-".unicodeScalars.contains(next)) { break }
            }
            end += 1
        }
        guard end > 0, end < scalars.count else { return .notNumber }
        var numberText = String(String.UnicodeScalarView(scalars[..<end]))
        numberText = numberText.trimmingCharacters(in: .whitespaces)
        guard let v = number(numberText) else { return .notNumber }
        let unit = String(String.UnicodeScalarView(scalars[end...])).trimmingCharacters(in: .whitespaces)
        // A unit is letters, `/` and `°` only ("km/h", "ft", "°"); anything else is a malformed number ("4x.5").
        guard !unit.isEmpty, unit.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "/" || $0 == "°" }) else {
            return .notNumber
        }
        let key = unit.lowercased()
        switch quantity {
        case .angle:
            return unit == "°" || key == "deg" ? .value(v, unit: unit) : .unknownUnit(unit)
        case .length:
            guard let f = metresPer[key] else { return .unknownUnit(unit) }
            return .value(v * f, unit: unit)
        case .speed:
            guard let f = metresPerSecondPer[key] else { return .unknownUnit(unit) }
            return .value(v * f, unit: unit)
        case .rate:
            return ["bpm", "rpm", "spm", "/min"].contains(key) ? .value(v, unit: unit) : .unknownUnit(unit)
        }
    }

    /// A bare number: ``DecimalParser``'s form, or the same with one `,` in place of the `.`
    /// (`46,00010`, `-0,5`).
    static func number(_ text: String) -> Double? {
        if let v = DecimalParser.parse(text) { return v }
        guard !text.contains("."), text.utf8.reduce(0, { $0 + ($1 == 0x2C ? 1 : 0) }) == 1 else { return nil }
        return DecimalParser.parse(text.replacingOccurrences(of: ",", with: "."))
    }

    /// `true` when a validity column's value says the row has no fix.
    ///
    /// No fix: `no fix`, `nofix`, `invalid`, `not valid`, `void`, `V` (NMEA RMC status "void"), `0` (NMEA
    /// GGA fix quality 0, "fix not available"; a `valid` flag of 0), `false`, `no`, `none` (GPSBabel's
    /// unicsv `fix` column). Anything else (`SPS`, `DGPS`, `3D`, `A`, `1`, `Unknown`, empty) keeps the
    /// row: an unrecognised value is no evidence against a position. NMEA 0183 sentence meanings as
    /// published in gpsd's "NMEA 0183 revealed" (https://gpsd.gitlab.io/gpsd/NMEA.html).
    static func saysNoFix(_ text: String) -> Bool {
        let v = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" }).joined(separator: " ")
        return ["no fix", "nofix", "invalid", "not valid", "void", "v", "0", "false", "no", "none"].contains(v)
    }
}
