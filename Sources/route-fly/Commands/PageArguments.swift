import Foundation
import RouteKit
import RouteKitRender

/// The options that shape what a flight page draws, for `preview` and `render`: the MapLibre script and
/// style, the route's reveal, the overlays and their units, local imagery.
struct PageArguments: Equatable {
    /// `--maplibre-js`: an http(s) URL, or a local file to inline; `nil`: the subcommand's default.
    var mapLibreJS: String? = nil
    /// `--style`: a MapLibre style URL; `nil`: the blank offline style.
    var styleURL: String? = nil
    var revealsRoute = true
    var overlays = Set(FlightPageOptions.Overlay.allCases)
    var units = FlightPageOptions.Units.metric
    var clock = FlightPageOptions.Clock.elapsed
    var speedDisplay = FlightPageOptions.SpeedDisplay.speed
    /// `--imagery FILE`: a raster drawn as the basemap.
    var imageryPath: String? = nil

    /// The PAGE OPTIONS section, for the parser and the help.
    static func section(mapLibreDefault: String) -> OptionSection<PageArguments> {
        OptionSection(title: "PAGE OPTIONS", note: "what is drawn", options: [
            .value("--maplibre-js", valueName: "url-or-path", help: "MapLibre GL JS: an http(s) URL, or a local maplibre-gl.js, inlined (with maplibre-gl.css beside it, if any) for offline use.", default: mapLibreDefault) { a, v throws(UsageError) in
                guard !v.text.isEmpty else { throw v.error("The value for '--maplibre-js <url-or-path>' is empty.") }
                a.mapLibreJS = v.text },
            .value("--style", valueName: "url", help: "A MapLibre style URL for the basemap (needs a network; its attribution is shown); the route is drawn over it.", default: "a blank offline style") { a, v throws(UsageError) in
                guard PreviewOptions.isURL(v.text) else { throw v.invalid("an http, https or file URL of a MapLibre style JSON") }
                a.styleURL = v.text },
            .value("--imagery", valueName: "file", help: "A raster GDAL reads (an orthophoto, a scanned map; 1, 3 or 4 bands of 8 bits, any CRS) drawn as the basemap, under the hillshade. Needs --terrain.", default: "none") { a, v throws(UsageError) in
                a.imageryPath = try v.inputFileName("imagery file") },
            .value("--route", valueName: "drawing", help: "revealed (the part flown solid, the rest faint) or full (all solid).", default: "revealed") { a, v throws(UsageError) in
                guard let drawing = ["revealed": true, "full": false][v.text.lowercased()] else { throw v.invalid("revealed or full") }
                a.revealsRoute = drawing },
            .value("--overlays", valueName: "list", help: "Comma-separated overlays to draw: stats (time, distance, speed or pace, elevation, heart rate), markers (every kilometre or mile), profile (the elevation profile with the frame's cursor), title (name and date); or none.", default: "stats,markers,profile,title") { a, v throws(UsageError) in
                a.overlays = try PageArguments.overlays(v) },
            .value("--units", valueName: "units", help: "metric (km, m, km/h) or imperial (mi, ft, mph) for the overlays.", default: "metric") { a, v throws(UsageError) in
                a.units = try v.choice(FlightPageOptions.Units.self) },
            .value("--clock", valueName: "clock", help: "The stats panel's time: elapsed (since the route's first recorded time) or utc (the recorded time of day, UTC).", default: "elapsed") { a, v throws(UsageError) in
                a.clock = try v.choice(FlightPageOptions.Clock.self) },
            .flag("--pace", help: "Show pace (minutes per km or mile) instead of speed.") { a, _ in
                a.speedDisplay = .pace },
        ])
    }

    static func overlays(_ v: OptionValue) throws(UsageError) -> Set<FlightPageOptions.Overlay> {
        if v.text.lowercased() == "none" { return [] }
        var set = Set<FlightPageOptions.Overlay>()
        for name in v.text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard let overlay = FlightPageOptions.Overlay(rawValue: String(name).trimmingCharacters(in: .whitespaces)) else {
                let names = FlightPageOptions.Overlay.allCases.map(\.rawValue)
                var error = v.invalid("a comma-separated list of \(names.joined(separator: ", ")), or none ('\(name)' is no overlay)")
                error.message += Suggestion.didYouMean(String(name), among: names)
                throw error
            }
            set.insert(overlay)
        }
        return set
    }

    /// Refuses `--imagery` without `--terrain` (the tiles are served from the terrain model's source).
    func validate(ground: GroundArguments, subcommand: String) throws(UsageError) {
        if imageryPath != nil, ground.terrainPath == nil {
            throw UsageError(message: "'--imagery' needs '--terrain <file>': the imagery is drawn over the terrain model's ground.", subcommand: subcommand)
        }
    }

    /// The page options for `mode`, with the terrain, hillshade and imagery of `tiles`.
    func pageOptions(mode: FlightPageOptions.Mode, tiles: MapTileSource?) -> FlightPageOptions {
        var options = FlightPageOptions()
        options.mode = mode
        options.revealsRoute = revealsRoute
        options.overlays = overlays
        options.units = units
        options.clock = clock
        options.speedDisplay = speedDisplay
        if let tiles {
            let layers = PageTiles.layers(of: tiles)
            options.terrain = layers.terrain
            options.hillshade = layers.hillshade
            options.imagery = layers.imagery
        }
        return options
    }

    /// The terrain model (and imagery) as tiles, or `nil` without `--terrain`.
    func tileSource(ground: GroundArguments) throws -> MapTileSource? {
        guard let terrainPath = ground.terrainPath else { return nil }
        do {
            return try MapTileSource(elevationPath: terrainPath, imageryPath: imageryPath)
        } catch {
            throw CommandFailure(description: "\(error)")
        }
    }

    /// Refuses imagery that covers none of the routes' points (the wrong file, or one in another CRS than
    /// its tags say), and warns when it covers only some: there the map is drawn without it, over the
    /// hillshade alone. Its extent is the box around its outline in WGS 84, as the page's tile source
    /// gives it, so a point just outside a tilted raster's corner still counts as covered.
    func checkImagery(of options: FlightPageOptions, covers routes: [Route]) throws {
        guard let path = imageryPath, let bounds = options.imagery?.bounds, bounds.count == 4 else { return }
        let extent = BoundingBox(west: bounds[0], south: bounds[1], east: bounds[2], north: bounds[3])
        let total = routes.reduce(0) { $0 + $1.points.count }
        let covered = routes.reduce(0) { sum, route in sum + route.points.count { extent.contains($0.coordinate) } }
        guard total > 0, covered < total else { return }
        let spans = "the imagery spans longitudes \(Self.degrees(extent.west)) to \(Self.degrees(extent.east)), "
            + "latitudes \(Self.degrees(extent.south)) to \(Self.degrees(extent.north))"
        guard covered > 0 else {
            let routeBox = BoundingBox(routes.flatMap { $0.points.map(\.coordinate) })
            let lies = routeBox.map { "; the route lies within longitudes \(Self.degrees($0.west)) to \(Self.degrees($0.east)), latitudes \(Self.degrees($0.south)) to \(Self.degrees($0.north))" } ?? ""
            throw CommandFailure(description: "\(path): error: the imagery covers none of the route: \(spans)\(lies). Give imagery of the route's area, or leave out --imagery.")
        }
        let percent = String(format: "%.1f", 100 * Double(covered) / Double(total))
        printDiagnostic("\(path): warning: the imagery covers \(covered) of the route's \(total) points (\(percent) %); elsewhere the map is drawn without it (\(spans)).")
    }

    private static func degrees(_ value: Double) -> String { String(format: "%.6f", value) }

    /// The files these options read, for ``OutputGuard``.
    /// The imagery and every file GDAL reads for it.
    var inputs: [OutputGuard.Input] { imageryPath.map { OutputGuard.Input.raster($0, role: "imagery") } ?? [] }
}
