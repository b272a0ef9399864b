import RouteKit

/// The options that shape how `sample` writes poses, beyond the format: `--angles`, `--kml-view`,
/// `--max-pitch`, `--fov-columns`, `--route-columns`, `--rider-trail`.
struct OutputArguments: Equatable {
    var angles = AngleContinuity.wrapped
    var kmlView = KMLView.camera
    /// `--max-pitch`, degrees, when given.
    var maxPitch: Double? = nil
    var fovColumns = false
    /// `--route-columns`: CSV appends the route's values at each frame.
    var routeColumns = false
    /// `--rider-trail`: seconds of each rider's track CZML draws behind it, or `nil` for the whole flight.
    var riderTrail: Double? = PoseWriterContext.defaultRiderTrail
    /// The options given (canonical names), to refuse those the format does not use.
    var given: Set<String> = []

    /// The OUTPUT OPTIONS section, for the parser and the help.
    static var section: OptionSection<OutputArguments> {
        OptionSection(title: "OUTPUT OPTIONS", options: [
            .value("--angles", valueName: "mode", help: "csv, geojson, maplibre: wrapped (headings in 0 to under 360, longitudes in -180..180) or continuous (headings unwrapped from frame to frame, starting in 0..<360: no jump of 360 between frames; csv and maplibre longitudes too: past 180 across the antimeridian, others of a frame within 180 of its centre's; geojson longitudes stay in -180..180, as RFC 7946 has them).", default: "wrapped") { a, v throws(UsageError) in
                a.angles = try v.choice(AngleContinuity.self)
                a.given.insert("--angles") },
            .flag("--fov-columns", help: "csv: add vertical_fov (degrees), viewport_width and viewport_height (pixels) columns. GeoJSON always has them in its 'camera' member.") { a, _ in
                a.fovColumns = true
                a.given.insert("--fov-columns") },
.flag("--route-columns", help: "csv: add the route's values at each frame: route_distance (m along the route, gaps not counted), route_progress (0-1), route_time (recorded, ISO 8601 UTC), route_elevation (m, on --heights), speed (m/s over 10 s), heart_rate (bpm), cadence (per minute); empty where the route does not record them. GeoJSON, CZML and maplibre always carry them.") { a, _ in
                a.routeColumns = true
                a.given.insert("--route-columns") },
            .value("--kml-view", valueName: "view", help: "kml, kmz: camera (a Camera at the eye, absolute altitude) or lookat (a LookAt at the centre, relativeToGround: Google Earth puts it on its own terrain; for routes without heights).", default: "camera") { a, v throws(UsageError) in
                a.kmlView = try v.choice(KMLView.self)
                a.given.insert("--kml-view") },
            .value("--rider-trail", valueName: "seconds|whole", help: "czml, group flights: how much of each rider's track CesiumJS draws behind the rider: its last SECONDS of clock time (recorded time), or whole (all of it so far; on a long race that costs CesiumJS 100 ms and more a frame).", default: "\(CheckOptions.shown(PoseWriterContext.defaultRiderTrail))") { a, v throws(UsageError) in
                a.riderTrail = v.text.lowercased() == "whole" ? nil
                    : try v.positive(atMost: 1e9, "seconds of clock time", or: "whole")
                a.given.insert("--rider-trail") },
            .value("--max-pitch", valueName: "degrees", help: "maplibre: the web map's maxPitch, at most \(OptionValue.number(MapLibrePoseWriter.highestMaximumPitch)); a flight that pitches more is refused.", default: "\(CheckOptions.shown(MapLibrePoseWriter.defaultMaximumPitch)) for maplibre and deckgl, \(CheckOptions.shown(MapLibrePoseWriter.highestMaximumPitch)) for mapbox") { a, v throws(UsageError) in
                a.maxPitch = try v.number(in: 0...MapLibrePoseWriter.highestMaximumPitch, "degrees from straight down (the web map's maxPitch)")
                a.given.insert("--max-pitch") },
        ])
    }

    /// Refuses options the chosen format does not use.
    func validate(format: PoseFormat, formatName: String?, subcommand: String) throws(UsageError) {
        let uses: [String: Set<PoseFormat>] = [
            "--angles": [.csv, .geojson, .maplibre], "--kml-view": [.kml, .kmz],
            "--max-pitch": [.maplibre], "--fov-columns": [.csv], "--route-columns": [.csv], "--rider-trail": [.czml],
        ]
        for name in given.sorted() where !(uses[name]?.contains(format) ?? true) {
            let list = uses[name]!.map(\.rawValue).sorted().joined(separator: ", ")
            throw UsageError(message: "'\(name)' applies to \(list) output, not \(format.rawValue).", subcommand: subcommand)
        }
    }

    /// `--max-pitch`, else the renderer's default: 85 for Mapbox GL JS, 60 for MapLibre GL JS and deck.gl.
    func maximumPitch(formatName: String?) -> Double {
        maxPitch ?? (formatName == "mapbox" ? MapLibrePoseWriter.highestMaximumPitch : MapLibrePoseWriter.defaultMaximumPitch)
    }
}
