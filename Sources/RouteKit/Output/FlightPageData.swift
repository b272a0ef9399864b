import Foundation

/// The data a flight page draws from besides the camera frames: each route's line with its distances
/// (for the reveal), the elevation profile, the distance markers, the title, and the page's options, as
/// one JSON object (`<script type="application/json" id="page">`).
///
/// Shape: `{"mode", "reveal", "rider", "overlays": [...], "units", "clock", "speedDisplay", "title",
/// "date", "startTime", "courses": [{"coordinates": [[lon, lat], …], "distances": [m, …], "breaks":
/// [index, …]}], "profile": {"distances": [m, …], "elevations": [m, …]} | null, "markers": [{"point":
/// [lon, lat], "label": "1 km"}], "terrain" | "hillshade" | "imagery": {"maxzoom", "bounds"} | null,
/// "tiles": {"dem/z/x/y": "base64", …}, "servesTiles"}`. A course's `distances` are metres along the
/// route (gaps not counted, ``Route/cumulativeDistances``); `breaks` the indices where a segment starts.
enum FlightPageData {
    /// At most this many profile samples (evenly spaced by distance).
    static let profileSamples = 600
    /// At most about this many distance markers.
    static let maximumMarkers = 40

    static func json(options: FlightPageOptions, route: Route?, group: RiderGroup?) -> String {
        let routes = group?.riders.map(\.route) ?? route.map { [$0] } ?? []
        var members: [String] = [
            "\"mode\":\"\(options.mode.rawValue)\"",
            "\"reveal\":\(options.revealsRoute)",
            "\"rider\":\(options.showsRider)",
            "\"overlays\":[" + FlightPageOptions.Overlay.allCases.filter(options.overlays.contains).map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]",
            "\"units\":\"\(options.units.rawValue)\"",
            "\"clock\":\"\(options.clock.rawValue)\"",
            "\"speedDisplay\":\"\(options.speedDisplay.rawValue)\"",
            "\"title\":" + JSONText.quoted(route?.name ?? group.map { $0.riders.map(\.name).joined(separator: ", ") } ?? ""),
            "\"date\":" + (routes.first?.startTime.map { JSONText.quoted(String(ISO8601.string(from: $0).prefix(10))) } ?? "null"),
            "\"startTime\":" + (routes.first?.startTime.map { JSONText.quoted(ISO8601.string(from: $0, fractionDigits: 3)) } ?? "null"),
            "\"courses\":[" + routes.map(course).joined(separator: ",") + "]",
            "\"profile\":" + (group == nil ? route.flatMap(profile) ?? "null" : "null"),
            "\"markers\":[" + (group == nil ? route.map { markers($0, units: options.units) } ?? "" : "") + "]",
            "\"terrain\":" + layer(options.terrain),
            "\"hillshade\":" + layer(options.hillshade),
            "\"imagery\":" + layer(options.imagery),
            "\"servesTiles\":\(options.servesTiles)",
        ]
        let tiles = options.embeddedTiles.keys.sorted().map { JSONText.quoted($0) + ":\"" + Data(options.embeddedTiles[$0]!).base64EncodedString() + "\"" }
        members.append("\"tiles\":{" + tiles.joined(separator: ",") + "}")
        return "{" + members.joined(separator: ",\n") + "}"
    }

    static func layer(_ layer: FlightPageOptions.TileLayer?) -> String {
        guard let layer else { return "null" }
        return "{\"minzoom\":\(layer.minimumZoom),\"maxzoom\":\(layer.maximumZoom),\"bounds\":[" + layer.bounds.map { FixedDecimal.string($0, places: 8) }.joined(separator: ",") + "]}"
    }

    /// The route's line and distances, for the reveal.
    static func course(_ route: Route) -> String {
        var out: [UInt8] = []
        out.append(text: "{\"coordinates\":[")
        // Longitudes continuous from point to point (beyond ±180 after crossing the antimeridian), so a
        // line drawn through them takes the short way, as web maps draw longitudes outside -180...180.
        var longitude = 0.0
        for (i, p) in route.points.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            longitude = i == 0 ? Angles.normalizedLongitude(p.coordinate.longitude) : Angles.unwrappedAngle(p.coordinate.longitude, near: longitude)
            FixedDecimal.append(longitude, places: PosePrecision.coordinate, to: &out)
            out.append(UInt8(ascii: ","))
            FixedDecimal.append(p.coordinate.latitude, places: PosePrecision.coordinate, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(text: "],\"distances\":[")
        for (i, d) in route.cumulativeDistances.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            FixedDecimal.append(d, places: PosePrecision.distance, to: &out)
        }
        out.append(text: "],\"breaks\":[" + route.segments.map { String($0.lowerBound) }.joined(separator: ",") + "]}")
        return String(decoding: out, as: UTF8.self)
    }

    /// The elevation profile at ``profileSamples`` distances, or `nil` when the route has no heights.
    static func profile(_ route: Route) -> String? {
        let odometer = RouteOdometer(route: route)
        guard route.length > 0, route.points.contains(where: { $0.elevation != nil }) else { return nil }
        let samples = (0..<profileSamples).map { Double($0) * route.length / Double(profileSamples - 1) }
        let elevations = samples.map { odometer.reading(atDistance: $0).elevation ?? 0 }
        return "{\"distances\":[" + samples.map { FixedDecimal.string($0, places: 1) }.joined(separator: ",")
            + "],\"elevations\":[" + elevations.map { FixedDecimal.string($0, places: 1) }.joined(separator: ",") + "]}"
    }

    /// A marker every 1, 2, 5, 10, 20, 50 … kilometres (or miles) along the route, the smallest step that
    /// gives at most ``maximumMarkers``.
    static func markers(_ route: Route, units: FlightPageOptions.Units) -> String {
        let unit = units == .metric ? 1000.0 : 1609.344
        let name = units == .metric ? "km" : "mi"
        let steps = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]
        guard let step = steps.first(where: { route.length / ($0 * unit) <= Double(maximumMarkers) }) else { return "" }
        let odometer = RouteOdometer(route: route)
        var list: [String] = []
        var k = step
        while k * unit < route.length {
            let c = odometer.reading(atDistance: k * unit).coordinate
            list.append("{\"point\":[\(FixedDecimal.string(Angles.normalizedLongitude(c.longitude), places: 8)),\(FixedDecimal.string(c.latitude, places: 8))],\"label\":\"\(FixedDecimal.string(k, places: 0)) \(name)\"}")
            k += step
        }
        return list.joined(separator: ",")
    }
}
