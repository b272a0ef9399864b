import RouteKit

/// The options that shape how `sample` writes poses, beyond the format: `--angles`, `--kml-view`,
/// `--max-pitch`, `--fov-columns`.
struct OutputArguments: Equatable {
    var angles = AngleContinuity.wrapped
    var kmlView = KMLView.camera
    /// `--max-pitch`, degrees, when given.
    var maxPitch: Double? = nil
    var fovColumns = false
    var given: Set<String> = []

    static let names: Set<String> = ["--angles", "--kml-view", "--max-pitch", "--fov-columns"]

    mutating func parse(_ name: String, inline: String?, scanner: inout ArgumentScanner) throws(UsageError) {
        given.insert(name)
        switch name {
        case "--angles":
            let v = try scanner.value(for: name, inline: inline, valueName: "mode")
            guard let a = AngleContinuity(rawValue: v.lowercased()) else {
                throw UsageError(message: "The value '\(v)' is invalid for '--angles <mode>': expected wrapped or continuous.", subcommand: scanner.subcommand)
            }
            angles = a
        case "--kml-view":
            let v = try scanner.value(for: name, inline: inline, valueName: "view")
            guard let k = KMLView(rawValue: v.lowercased()) else {
                throw UsageError(message: "The value '\(v)' is invalid for '--kml-view <view>': expected camera or lookat.", subcommand: scanner.subcommand)
            }
            kmlView = k
        case "--max-pitch":
            let v = try scanner.value(for: name, inline: inline, valueName: "degrees")
            maxPitch = try scanner.number(v, option: name, valueName: "degrees", range: 0...MapLibreCameraWriter.highestMaximumPitch,
                                          expectation: "degrees from straight down, 0 to 85 (the web map's maxPitch)")
        case "--fov-columns":
            try scanner.flag(name, inline: inline)
            fovColumns = true
        default:
            preconditionFailure("not an output option: \(name)")
        }
    }

    /// Refuses options the chosen format does not use.
    func validate(format: PoseFormat, formatName: String?, subcommand: String) throws(UsageError) {
        let uses: [String: Set<PoseFormat>] = [
            "--angles": [.csv, .geojson, .maplibre], "--kml-view": [.kml, .kmz],
            "--max-pitch": [.maplibre], "--fov-columns": [.csv],
        ]
        for name in given.sorted() where !(uses[name]?.contains(format) ?? true) {
            let list = uses[name]!.map(\.rawValue).sorted().joined(separator: ", ")
            throw UsageError(message: "'\(name)' applies to \(list) output, not \(format.rawValue).", subcommand: subcommand)
        }
    }

    /// `--max-pitch`, else the renderer's default: 85 for Mapbox GL JS, 60 for MapLibre GL JS and deck.gl.
    func maximumPitch(formatName: String?) -> Double {
        maxPitch ?? (formatName == "mapbox" ? MapLibreCameraWriter.highestMaximumPitch : MapLibreCameraWriter.defaultMaximumPitch)
    }
}
