import RouteKit

/// The options that say how to read the route file, shared by every subcommand that reads one.
struct InputArguments: Equatable {
    var format: RouteFormat? = nil
    var columns: [String]? = nil
    var polylinePrecision = 5
    /// The datum of the file's heights (`--input-heights msl|ellipsoid`).
    var inputHeights = VerticalDatum.orthometric

    static let names: Set<String> = ["--input-format", "--columns", "--polyline-precision", "--input-heights"]

    mutating func parse(_ name: String, inline: String?, scanner: inout ArgumentScanner) throws(UsageError) {
        let sub = scanner.subcommand
        switch name {
        case "--input-format":
            let v = try scanner.value(for: name, inline: inline, valueName: "format")
            guard let f = RouteFormat(rawValue: v.lowercased()) else {
                throw UsageError(message: "The value '\(v)' is invalid for '--input-format <format>': expected one of \(RouteFormat.allCases.map(\.rawValue).joined(separator: ", ")).", subcommand: sub)
            }
            format = f
        case "--columns":
            let v = try scanner.value(for: name, inline: inline, valueName: "names")
            let names = v.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard names.contains("latitude") || names.contains("lat"), names.contains("longitude") || names.contains("lon") else {
                throw UsageError(message: "The value '\(v)' is invalid for '--columns <names>': expected comma-separated column roles including latitude and longitude, e.g. latitude,longitude or time,latitude,longitude,elevation ('-' skips a column).", subcommand: sub)
            }
            columns = names
        case "--polyline-precision":
            let v = try scanner.value(for: name, inline: inline, valueName: "digits")
            guard let p = Int(v), p == 5 || p == 6 else {
                throw UsageError(message: "The value '\(v)' is invalid for '--polyline-precision <digits>': expected 5 (Google's default) or 6 (OSRM and Valhalla polyline6).", subcommand: sub)
            }
            polylinePrecision = p
        case "--input-heights":
            let v = try scanner.value(for: name, inline: inline, valueName: "datum")
            guard let datum = VerticalDatum(optionValue: v) else {
                throw UsageError(message: "The value '\(v)' is invalid for '--input-heights <datum>': expected msl (above mean sea level, EGM96: what GPS files normally hold) or ellipsoid (above the WGS 84 ellipsoid).", subcommand: sub)
            }
            inputHeights = datum
        default:
            preconditionFailure("not an input option: \(name)")
        }
    }

    /// Reads the route, printing the reader's notes and warnings on standard error as `path: note: …`
    /// and `path: warning: …`.
    func read(_ path: String) throws -> RouteFile.Result {
        Progress.shared.set("reading \(path == "-" ? "<stdin>" : path)")
        var result = try RouteFile.read(
            path: path, format: format,
            options: .init(csv: .init(columns: columns), polyline: .init(precision: polylinePrecision)))
        let shown = path == "-" ? "<stdin>" : path
        for note in result.notes { printDiagnostic("\(shown): note: \(note)") }
        for warning in result.warnings { printDiagnostic("\(shown): warning: \(warning)") }
        if columns != nil, result.format != .csv {
            printDiagnostic("\(shown): warning: '--columns' applies to CSV files only; this file was read as \(result.format)")
        }
        if polylinePrecision != 5, result.format != .polyline {
            printDiagnostic("\(shown): warning: '--polyline-precision' applies to encoded polylines only; this file was read as \(result.format)")
        }
        if inputHeights == .ellipsoidal {
            result.route = result.route.convertingElevations(from: .ellipsoidal, geoid: try Geoid.egm96())
        }
        return result
    }
}

extension VerticalDatum {
    /// The datum named on the command line: `msl` (or `orthometric`) and `ellipsoid` (or `ellipsoidal`),
    /// in any case.
    init?(optionValue: String) {
        switch optionValue.lowercased() {
        case "msl", "orthometric", "sea-level", "egm96": self = .orthometric
        case "ellipsoid", "ellipsoidal", "wgs84": self = .ellipsoidal
        default: return nil
        }
    }

    /// The name the command line uses.
    var optionName: String { self == .orthometric ? "msl" : "ellipsoid" }
}

import Foundation
