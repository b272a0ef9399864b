import Foundation
import RouteKit

/// The options that say how to read the route file, shared by every subcommand that reads one.
struct InputArguments: Equatable {
    var format: RouteFormat? = nil
    var columns: [String]? = nil
    var polylinePrecision = 5
    /// The datum of the file's heights (`--input-heights msl|ellipsoid`).
    var inputHeights = VerticalDatum.orthometric
    /// Whether the pieces are chained by nearest ends (`--join-pieces`).
    var joinPieces = false

    /// The INPUT OPTIONS section, for the parser and the help.
    static var section: OptionSection<InputArguments> {
        OptionSection(title: "INPUT OPTIONS", options: [
            .value("--input-format", valueName: "format", help: "gpx, kml, geojson, csv, polyline or tcx.", default: "detected from the content, then the file name's extension") { a, v throws(UsageError) in
                guard let f = RouteFormat(rawValue: v.text.lowercased()) else {
                    throw v.invalid("one of \(RouteFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                a.format = f },
            .value("--columns", valueName: "names", help: "CSV without a header: the role of each column, e.g. latitude,longitude or time,latitude,longitude,elevation ('-' skips a column).") { a, v throws(UsageError) in
                let names = v.text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
                guard names.contains("latitude") || names.contains("lat"), names.contains("longitude") || names.contains("lon") else {
                    throw v.invalid("comma-separated column roles including latitude and longitude, e.g. latitude,longitude or time,latitude,longitude,elevation ('-' skips a column)")
                }
                a.columns = names },
            .value("--polyline-precision", valueName: "digits", help: "5 (Google's encoded polyline) or 6 (OSRM/Valhalla polyline6).", default: "5") { a, v throws(UsageError) in
                guard let p = Int(v.text), p == 5 || p == 6 else {
                    throw v.invalid("5 (Google's default) or 6 (OSRM and Valhalla polyline6)")
                }
                a.polylinePrecision = p },
            .value("--input-heights", valueName: "datum", help: "msl (heights above mean sea level, EGM96, as GPS files hold) or ellipsoid (above the WGS 84 ellipsoid); converted through PROJ.", default: "msl") { a, v throws(UsageError) in
                guard let datum = VerticalDatum(optionValue: v.text) else {
                    throw v.invalid("msl (above mean sea level, EGM96: what GPS files normally hold) or ellipsoid (above the WGS 84 ellipsoid)")
                }
                a.inputHeights = datum },
            .flag("--join-pieces", help: "Fly the pieces (GPX segments, GeoJSON and KML lines, TCX tracks) chained, not in file order: when every piece has times, in the order of their earliest times, each reversed only when its own times run newest-first; otherwise by nearest ends: from each end of each piece a chain grows by the piece whose end is nearest (reversed when its last point is the nearer), and the chain with the shortest jumps (geodesics on WGS 84) is flown.") { a, _ in
                a.joinPieces = true },
        ])
    }

    /// The library's reading options these options give (format, reader settings, input datum).
    var routeFlightOptions: RouteFlight.Options {
        var options = RouteFlight.Options()
        options.format = format
        options.reading = readerOptions
        options.inputHeights = inputHeights
        options.joinPieces = joinPieces
        return options
    }

    /// The reader's settings these options give.
    var readerOptions: RouteFile.Options {
        .init(csv: .init(columns: columns), polyline: .init(precision: polylinePrecision))
    }

    /// Reads the route at `path` (`-`: standard input), printing the reader's notes and warnings on
    /// standard error as `path: note: …` and `path: warning: …`; heights above sea level
    /// (``aboveSeaLevel(_:)``); with `screeningOutliers` (the default), its outliers dealt with
    /// (wrapped heights, height spikes, wild positions: ``RouteFile/Result/withoutOutliers(input:displayPath:)``),
    /// as every command that flies, profiles or grounds the route needs it.
    func read(_ path: String, screeningOutliers: Bool = true) throws -> RouteFile.Result {
        let shown = shownPath(path)
        Progress.shared.set("reading \(shown)")
        let read = path == "-" ? try RouteFile.readStandardInput(format: format, options: readerOptions)
                               : try RouteFile.read(path: path, format: format, options: readerOptions)
        // Heights above sea level before the warnings: they judge elevations on that datum.
        var result = screeningOutliers
            ? try RouteFlight.screened(read, input: path == "-" ? nil : .file(URL(fileURLWithPath: path)), displayPath: shown, options: routeFlightOptions)
            : try aboveSeaLevel(read)
        // Pieces after the outliers (RouteFlight.screened joins them): those are located by their index in the file.
        if joinPieces, !screeningOutliers {
            result = result.joiningPieces()
        } else if !joinPieces {
            result.warnings += result.pieceWarnings.map { Self.namingTheOption($0).message }
        }
        // Out of a KMZ or gzip file, lines count in the entry read: messages name it (`ride.kmz/doc.kml`).
        let located = result.entryPath ?? shown
        for note in result.notes { printDiagnostic("\(located): note: \(note)") }
        for warning in result.warnings { printDiagnostic("\(located): warning: \(warning)") }
        if columns != nil, result.format != .csv {
            printDiagnostic("\(shown): warning: '--columns' applies to CSV files only; this file was read as \(result.format)")
        }
        if polylinePrecision != 5, result.format != .polyline {
            printDiagnostic("\(shown): warning: '--polyline-precision' applies to encoded polylines only; this file was read as \(result.format)")
        }
        return result
    }

    /// Reads the route at `path` (`-`: standard input) for a command that reads its bytes again
    /// (`check`): the input (a regular file left where it lies, standard input or a pipe in memory) and
    /// the route read from it, heights above sea level (``aboveSeaLevel(_:)``). Prints nothing: the
    /// caller reports the notes and warnings its own way.
    /// Under `--join-pieces`, when the pieces were reordered, the input is `nil`: the points no longer
    /// follow the file, so findings name them by index, not by line.
    func readKeepingInput(_ path: String) throws -> (input: RouteInput?, result: RouteFile.Result) {
        let input = path == "-" ? try RouteInput.standardInput() : try RouteFile.input(path: path)
        let result = try RouteFile.read(input, displayPath: shownPath(path), format: format, options: readerOptions)
        let joined = joinPieces ? result.joiningPieces() : result
        return (joined.notes.count == result.notes.count ? input : nil, try aboveSeaLevel(joined))
    }

    /// `finding` with the option that deals with it named: `pieces-out-of-order` and
    /// `time-piece-newest-first` name `--join-pieces`.
    static func namingTheOption(_ finding: Finding) -> Finding {
        var named = finding
        switch finding.code {
        case .piecesOutOfOrder: named.message += " '--join-pieces' flies them in that order."
        case .timePieceNewestFirst: named.message += " '--join-pieces' flies it so."
        default: break
        }
        return named
    }

    /// `result` with its heights above sea level: converted from the ellipsoid through EGM96 under
    /// `--input-heights ellipsoid`, as they are otherwise.
    ///
    /// - Throws: ``GeoidError`` when the EGM96 grid cannot be opened.
    func aboveSeaLevel(_ result: RouteFile.Result) throws -> RouteFile.Result {
        guard inputHeights == .ellipsoidal else { return result }
        return result.convertingElevations(from: .ellipsoidal, geoid: try Geoid.egm96())
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
