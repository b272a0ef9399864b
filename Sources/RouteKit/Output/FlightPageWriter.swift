import Foundation

/// Writes one self-contained HTML page that plays a flight in MapLibre GL JS over its route: play/pause,
/// a time slider, the frame number and the pose values, at the flight's real speed.
///
/// The page holds, in order: the MapLibre script (a `<script src>` to a URL, or the library's text
/// inlined, with its stylesheet when given), the route as GeoJSON and the camera frames exactly as
/// `MapLibrePoseWriter` writes them (each in a `<script type="application/json">`), and a small
/// player. The player:
/// - sizes the map to the largest box of the planned viewport's aspect that fits the window above the
///   controls, centred there (so nothing the camera frames is under them), and adds
///   `log2(shown height / planned height)` to every zoom, since the eye-to-centre distance in pixels is
///   proportional to the height (`MapLibrePoseWriter`), so the framing is the planned one at any size;
///   it sets the map's vertical field of view to the planned one (`setVerticalFieldOfView`, MapLibre 5);
/// - shows frame `i` with `map.jumpTo({center, zoom, bearing, pitch})`, and with terrain `elevation` too
///   (the map's `centerClampedToGround` is off, so MapLibre keeps it: the planned camera); with terrain,
///   each height tile that arrives fires the map's `terrain` event, so MapLibre 5.3 redraws the depth
///   picture of its terrain by which it hides circles behind the ground (it otherwise redraws it only when
///   the camera moves, and a frame shown before its tiles arrived hid the riders); while playing,
///   `i` is the frame at the wall-clock seconds since play was pressed (the flight's real speed), so a
///   slow browser skips frames rather than slowing down;
/// - starts playing once the style has loaded, unless the address ends in `#frame=N`, which shows frame
///   `N` paused;
/// - sets `data-state` on `<body>` to `ready` once the first frame is drawn (the map's `idle` event) and to
///   `error` (with the message on the page) when the script, the style or the page fails.
///
/// The basemap is ``FlightPageOptions/styleURL``'s style with the route drawn over it, or, by default, a blank offline
/// style (a plain background and the route): nothing is fetched but the MapLibre script when it is a
/// URL. The route line is `#ff4000`, 4 pixels wide.
///
/// Group flights (``PoseWriterContext/group``; the camera frames then carry `riders` and `active`, as
/// `MapLibrePoseWriter` writes them): the route script also holds each rider's route (as
/// `GeoJSONPoseWriter` writes them, `role` `rider-route`), drawn as a 3-pixel line in the rider's colour
/// (`RiderPalette`, the colours of the SVG picture); every shown frame sets a GeoJSON source `riders` of
/// one Point per rider (properties `name`, `color`, `active`), drawn as circles in the riders' colours
/// (paler while a rider is not recording), each with its name beside it (an HTML marker, so no glyphs
/// need to be fetched). Once the first frame is drawn, `<body>` gets `data-riders` = the number of rider
/// circles MapLibre finds in view (a `queryRenderedFeatures` at each rider's projected point: one over the
/// whole view finds none on terrain in MapLibre 5.3).
///
/// Strings that end up inside `<script>` have `</` written `<\/` (HTML's script data state ends at
/// `</script`); in JSON and JavaScript strings both mean the same. Streaming: constant memory besides
/// the inlined script, about 110 bytes per pose.
package struct FlightPageWriter: PoseWriter {
    /// What the page draws (reveal, rider, overlays, terrain) and who drives it.
    package var options: FlightPageOptions

    private var cameras: MapLibrePoseWriter
    private var context: PoseWriterContext

    /// A page for a flight described by `context` (its route is drawn; its framing sizes the map).
    package init(context: PoseWriterContext, options: FlightPageOptions = FlightPageOptions()) {
        self.context = context
        self.options = options
        self.cameras = MapLibrePoseWriter(context: context)
    }

    /// The colour of a single route's rider marker, `#0a6cff` (with a white ring).
    package static let markerColor = "#0a6cff"

    /// `text` made safe inside a `<script>` element.
    static func scriptSafe(_ text: String) -> String { text.replacingOccurrences(of: "</", with: "<\\/") }

    /// JSON text safe inside any `<script>`: every `<` (which JSON has only inside strings) written
    /// `\u003c`, so neither `</script` nor `<!--` (which HTML's script data treats specially, and which
    /// a route's name may hold) can occur.
    static func jsonScriptSafe(_ text: String) -> String { text.replacingOccurrences(of: "<", with: "\\u003c") }

    package func begin(into out: inout [UInt8]) {
        let title = XMLText.escaped((context.route?.name ?? "Camera flight") + " - route-fly preview")
        out.append(text: "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.append(text: "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>\(title)</title>\n")
        switch options.script {
        case .url(let url, let stylesheet):
            if let stylesheet { out.append(text: "<link rel=\"stylesheet\" href=\"\(XMLText.escaped(stylesheet))\">\n") }
            out.append(text: "<script src=\"\(XMLText.escaped(url))\"></script>\n")
        case .inline(let js, let css):
            if let css { out.append(text: "<style>\n" + css.replacingOccurrences(of: "</", with: "<\\/") + "\n</style>\n") }
            out.append(text: "<script>\n" + Self.scriptSafe(js) + "\n</script>\n")
        }
        out.append(text: Self.pageStyle)
        out.append(text: "</head>\n<body data-state=\"loading\">\n<div id=\"stage\"><div id=\"map\"></div>")
        out.append(text: "<div id=\"profile\" class=\"overlay\"></div><div id=\"stats\" class=\"overlay\"></div>")
        out.append(text: "<div id=\"title\" class=\"overlay\"><div class=\"name\"></div><div class=\"date\"></div></div></div>\n")
        out.append(text: Self.controls)
        out.append(text: "<script type=\"application/json\" id=\"route\">")
        var route: [UInt8] = []
        if context.route != nil || context.group != nil {
            var writer = GeoJSONPoseWriter(route: context.route, group: context.group)
            writer.begin(into: &route)
            writer.end(into: &route)
        } else {
            route.append(text: "{\"type\":\"FeatureCollection\",\"features\":[]}")
        }
        out.append(text: Self.jsonScriptSafe(String(decoding: route, as: UTF8.self)))
        out.append(text: "</script>\n<script type=\"application/json\" id=\"page\">")
        out.append(text: Self.jsonScriptSafe(FlightPageData.json(options: options, route: context.route, group: context.group)))
        out.append(text: "</script>\n<script type=\"application/json\" id=\"camera\">")
        cameras.begin(into: &out)
    }

    package mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        cameras.write(pose, into: &out)
    }

    package func end(into out: inout [UInt8]) {
        cameras.end(into: &out)
        out.append(text: "</script>\n<script>\nconst routeFlyStyleURL = ")
        out.append(text: Self.jsonScriptSafe(options.styleURL.map(JSONText.quoted) ?? "null"))
        out.append(text: ";\nconst routeFlyLoadFailureHint = ")
        out.append(text: Self.jsonScriptSafe(JSONText.quoted(options.loadFailureHint)))
        out.append(text: ";\nconst routeFlyRiderColors = [")
        out.append(text: RiderPalette.colors.indices.map { "\"" + RiderPalette.hex($0) + "\"" }.joined(separator: ","))
        out.append(text: "];\nconst routeFlyMarkerColor = \"\(Self.markerColor)\";\nconst routeFlyTileScheme = \"\(FlightPageOptions.tileScheme)\";")
        out.append(text: "\nconst routeFlyScriptSource = ")
        switch options.script {
        case .url(let url, _): out.append(text: Self.jsonScriptSafe(JSONText.quoted(url)))
        case .inline: out.append(text: "\"the inlined script\"")
        }
        out.append(text: ";\n")
        out.append(text: Self.player)
        out.append(text: "</script>\n</body>\n</html>\n")
    }
}
