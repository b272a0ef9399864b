import Foundation

/// A picture of a camera flight over a plain map of its route, as SVG: a quick look before rendering.
///
/// The map is Web Mercator (``MapPoint``, north up, y growing southward), scaled uniformly to fit the
/// route and the camera's centre path inside the picture with a margin, and centred. Drawn, back to front:
/// - the route, one grey polyline per segment; breaks between segments as thin dashed grey lines;
/// - the camera centre's path, one blue polyline through every pose's ``MapCamera/centerCoordinate``;
/// - heading ticks every second of flight time (at the first pose at or after each whole second), orange
///   lines from the centre pointing along the camera's heading (degrees clockwise from north, so 90
///   points right), ``tickLength`` pixels long;
/// - the flight's start (a green ring at the first pose's centre) and end (a red dot at the last pose's
///   centre, inside the ring when the flight returns to where it began), labelled, and a one-line legend with the duration and frame count.
///
/// With a ``RiderGroup`` (a group flight), each rider's recorded track (its route, every segment) is
/// drawn too, over the route and under the camera centre's path, as a 2.5-pixel polyline in the rider's
/// colour (`RiderPalette`, the colours of the MapLibre preview), with the rider's position at the last
/// frame as a dot; a legend at the top right names each rider beside a swatch of its colour (`<g
/// id="riders">`, one `<g class="rider">` per rider with its `<text>` name). The picture is fitted to the
/// riders' tracks as well.
///
/// Longitudes are unwrapped along the route and along the centre path (each near the previous one), so
/// a route across the antimeridian is drawn in one piece.
///
/// Deterministic: coordinates with 2 decimals, no dates or random ids. Well-formed XML (SVG 1.1).
package enum FlightSVG {
    /// Length of a heading tick, pixels.
    package static let tickLength = 14.0

    /// Renders a flight's poses over its route.
    ///
    /// - Parameters:
    ///   - poses: One pose per frame in time order, as ``PoseSampler`` produces them (at least one).
    ///   - route: The route the flight follows.
    ///   - width: Picture width in pixels (> 0). Default 960.
    ///   - height: Picture height in pixels (> 0). Default 640.
    ///   - title: A title line, e.g. the route's file name; `nil` for the route's ``Route/name``.
    /// - Returns: The SVG document's UTF-8 bytes, ending in a newline.
    /// - Complexity: O(n + f) for n route points and f poses.
    package static func render(poses: [CameraPose], route: Route, width: Int = 960, height: Int = 640,
                              title: String? = nil) -> [UInt8] {
        render(poses: poses, route: route, group: nil, width: width, height: height, title: title)
    }

    /// Renders a flight's poses over its route and, for a group flight, the riders' tracks.
    ///
    /// - Parameters:
    ///   - poses: One pose per frame in time order, as ``PoseSampler`` produces them (at least one).
    ///   - route: The route the flight follows, drawn in grey, or `nil` for none (a group flight may have
    ///     only its riders' tracks).
    ///   - group: The riders, drawn in their colours with a legend, or `nil`.
    ///   - width: Picture width in pixels (> 0). Default 960.
    ///   - height: Picture height in pixels (> 0). Default 640.
    ///   - title: A title line; `nil` for the route's ``Route/name`` (else "Route", or "Group flight" with a
    ///     group and no route).
    /// - Returns: The SVG document's UTF-8 bytes, ending in a newline.
    /// - Complexity: O(n + f·(1 + r)) for n route and track points, f poses and r riders.
    package static func render(poses: [CameraPose], route: Route?, group: RiderGroup?, width: Int = 960, height: Int = 640,
                              title: String? = nil) -> [UInt8] {
        precondition(width > 0 && height > 0, "the picture needs a positive size")
        let points = FlightMapPoints(poses: poses, route: route, group: group)
        let frame = FlightFrame(fitting: points.all, width: width, height: height)
        let name = title ?? route?.name ?? (route == nil && group != nil ? "Group flight" : "Route")
        var s = header(frame, name: name)
        s += routeLayer(route, points.route, frame)
        if let group { s += riderTracksLayer(group, points, frame) }
        if !points.centers.isEmpty {
            s += cameraLayers(poses, centers: points.centers, frame)
            s += legend(poses, hasRoute: route != nil, hasGroup: group != nil, frame)
        }
        if let group { s += riderNames(group, frame) }
        s += "</svg>\n"
        return Array(s.utf8)
    }

    private static func n(_ v: Double) -> String { SVGText.n(v) }

    /// The XML declaration, the `<svg>` element, the background and the title line.
    private static func header(_ frame: FlightFrame, name: String) -> String {
        let width = frame.width, height = frame.height
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        s += "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#fbfaf7\"/>\n"
        s += "  <text x=\"\(n(FlightFrame.side))\" y=\"26\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#000000\">\(XMLText.escaped(name))</text>\n"
        return s
    }

    /// `<g id="route">`: one grey polyline per segment (a dot for a one-point segment), dashed breaks.
    private static func routeLayer(_ route: Route?, _ routePoints: [MapPoint], _ frame: FlightFrame) -> String {
        var s = "  <g id=\"route\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
        for (k, segment) in (route?.segments ?? []).enumerated() {
            if k > 0 {
                let a = frame.screen(routePoints[segment.lowerBound - 1]), b = frame.screen(routePoints[segment.lowerBound])
                s += "    <line x1=\"\(n(a.0))\" y1=\"\(n(a.1))\" x2=\"\(n(b.0))\" y2=\"\(n(b.1))\" stroke=\"#9a9a9a\" stroke-width=\"1\" stroke-dasharray=\"4 4\"/>\n"
            }
            if segment.count == 1 {
                let a = frame.screen(routePoints[segment.lowerBound])
                s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"2\" fill=\"#7a7a7a\"/>\n"
            } else {
                s += "    <polyline points=\"\(frame.polyline(routePoints[segment]))\" stroke=\"#7a7a7a\" stroke-width=\"4\"/>\n"
            }
        }
        s += "  </g>\n"
        return s
    }

    /// `<g id="rider-tracks">`: each rider's track in its colour and its position at the last frame.
    private static func riderTracksLayer(_ group: RiderGroup, _ points: FlightMapPoints, _ frame: FlightFrame) -> String {
        var s = "  <g id=\"rider-tracks\" fill=\"none\" stroke-width=\"2.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
        for (index, rider) in group.riders.enumerated() {
            let color = RiderPalette.hex(index)
            for segment in rider.route.segments {
                if segment.count == 1 {
                    let a = frame.screen(points.tracks[index][segment.lowerBound])
                    s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"2\" fill=\"\(color)\"/>\n"
                } else {
                    s += "    <polyline points=\"\(frame.polyline(points.tracks[index][segment]))\" stroke=\"\(color)\"/>\n"
                }
            }
            if let p = points.lastPositions[index] {
                let a = frame.screen(p)
                s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"5\" fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
            }
        }
        s += "  </g>\n"
        return s
    }

    /// The camera centre's path, the heading ticks each second, and the start and end marks.
    private static func cameraLayers(_ poses: [CameraPose], centers: [MapPoint], _ frame: FlightFrame) -> String {
        var s = "  <polyline id=\"camera-center\" points=\"\(frame.polyline(centers[...]))\" fill=\"none\" stroke=\"#1e6fd9\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        s += "  <g id=\"heading-ticks\" stroke=\"#e07b00\" stroke-width=\"1.5\" stroke-linecap=\"round\">\n"
        var nextSecond = 0.0
        for (i, pose) in poses.enumerated() where pose.time >= nextSecond - 1e-9 {
            let (x, y) = frame.screen(centers[i])
            let radians = pose.camera.heading * .pi / 180
            let x2 = x + tickLength * sin(radians), y2 = y - tickLength * cos(radians)
            s += "    <line x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\"/>\n"
            nextSecond = (pose.time + 1e-9).rounded(.down) + 1
        }
        s += "  </g>\n"
        let start = frame.screen(centers[0]), end = frame.screen(centers[centers.count - 1])
        s += "  <g id=\"start\"><circle cx=\"\(n(start.0))\" cy=\"\(n(start.1))\" r=\"9\" fill=\"none\" stroke=\"#2e9e44\" stroke-width=\"3\"/>"
        s += "<text x=\"\(n(start.0 + 9))\" y=\"\(n(start.1 - 8))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#2e9e44\">start</text></g>\n"
        s += "  <g id=\"end\"><circle cx=\"\(n(end.0))\" cy=\"\(n(end.1))\" r=\"5\" fill=\"#d0342c\"/>"
        s += "<text x=\"\(n(end.0 + 9))\" y=\"\(n(end.1 + 16))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#d0342c\">end</text></g>\n"
        return s
    }

    /// The one-line legend at the bottom, with the frame count and the duration.
    private static func legend(_ poses: [CameraPose], hasRoute: Bool, hasGroup: Bool, _ frame: FlightFrame) -> String {
        let duration = poses[poses.count - 1].time - poses[0].time
        let riderNote = hasGroup ? "coloured: riders' tracks (dot: at the end); " : ""
        return "  <text x=\"\(n(FlightFrame.side))\" y=\"\(n(Double(frame.height) - 10))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#444444\">\(hasRoute ? "grey: route; " : "")blue: camera centre; \(riderNote)orange: heading each second; \(poses.count) frames, \(FixedDecimal.string(duration, places: 3)) s</text>\n"
    }

    /// `<g id="riders">`: the riders' names beside swatches of their colours, at the top right.
    private static func riderNames(_ group: RiderGroup, _ frame: FlightFrame) -> String {
        var s = "  <g id=\"riders\" font-family=\"sans-serif\" font-size=\"12\">\n"
        let top = FlightFrame.top
        let x = Double(frame.width) - FlightFrame.side - 150
        s += "    <rect x=\"\(n(x - 6))\" y=\"\(n(top - 12))\" width=\"156\" height=\"\(n(Double(group.riders.count) * 18 + 8))\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>\n"
        for (index, rider) in group.riders.enumerated() {
            let y = top + 4 + Double(index) * 18
            let color = RiderPalette.hex(index)
            s += "    <g class=\"rider\"><rect x=\"\(n(x))\" y=\"\(n(y - 9))\" width=\"18\" height=\"10\" fill=\"\(color)\"/>"
            s += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\" fill=\"#000000\">\(XMLText.escaped(rider.name))</text></g>\n"
        }
        s += "  </g>\n"
        return s
    }
}

/// The flight's map points (Web Mercator, ``MapPoint``), longitudes unwrapped along each path, and the
/// camera centres and riders' tracks moved into the route's world copy (else the first track's).
private struct FlightMapPoints {
    let route: [MapPoint]
    let centers: [MapPoint]
    let tracks: [[MapPoint]]
    /// Each rider's position at the last frame.
    let lastPositions: [MapPoint?]

    init(poses: [CameraPose], route: Route?, group: RiderGroup?) {
        let routePoints = Self.project(route?.points.map(\.coordinate) ?? [])
        let riders = group?.riders ?? []
        let projectedTracks = riders.map { Self.project($0.route.points.map(\.coordinate)) }
        let reference = routePoints.first ?? projectedTracks.first?.first
        self.route = routePoints
        centers = Self.inWorldCopy(near: reference, Self.project(poses.map(\.camera.centerCoordinate)))
        let tracks = projectedTracks.map { Self.inWorldCopy(near: reference, $0) }
        self.tracks = tracks
        lastPositions = riders.indices.map { index in
            poses.last?.position(ofRider: index).map { Self.inWorldCopy(near: tracks[index].first ?? reference, [MapPoint($0.coordinate)])[0] }
        }
    }

    /// Every point drawn, for the frame to fit.
    var all: [MapPoint] { route + centers + tracks.flatMap { $0 } + lastPositions.compactMap { $0 } }

    /// Unwrapped map points: each longitude near the previous one.
    private static func project(_ coordinates: [LocationCoordinate2D]) -> [MapPoint] {
        var previous: Double? = nil
        return coordinates.map { c in
            let lon = previous.map { Angles.unwrappedAngle(c.longitude, near: $0) } ?? c.longitude
            previous = lon
            return MapPoint(LocationCoordinate2D(latitude: c.latitude, longitude: lon))
        }
    }

    /// `points` moved by whole worlds so that their first is in `reference`'s world copy.
    private static func inWorldCopy(near reference: MapPoint?, _ points: [MapPoint]) -> [MapPoint] {
        guard let r = reference, let c = points.first else { return points }
        let whole = ((r.x - c.x) / MapSize.world.width).rounded()
        return whole == 0 ? points : points.map { MapPoint(x: $0.x + whole * MapSize.world.width, y: $0.y) }
    }
}

/// The picture's size and the uniform scale that fits the map points inside its margins, centred.
private struct FlightFrame {
    static let top = 40.0, bottom = 30.0, side = 20.0
    let width: Int, height: Int
    let minX: Double, minY: Double, scale: Double, offsetX: Double, offsetY: Double

    init(fitting all: [MapPoint], width: Int, height: Int) {
        let top = Self.top, bottom = Self.bottom, side = Self.side
        self.width = width
        self.height = height
        let minX = all.map(\.x).min()!, maxX = all.map(\.x).max()!
        let minY = all.map(\.y).min()!, maxY = all.map(\.y).max()!
        let w = Double(width), h = Double(height)
        let spanX = max(maxX - minX, 1e-9), spanY = max(maxY - minY, 1e-9)
        let scale = min((w - 2 * side) / spanX, (h - top - bottom) / spanY)
        self.minX = minX
        self.minY = minY
        self.scale = scale
        offsetX = side + ((w - 2 * side) - spanX * scale) / 2
        offsetY = top + ((h - top - bottom) - spanY * scale) / 2
    }

    /// Picture coordinates of a map point, pixels.
    func screen(_ p: MapPoint) -> (Double, Double) { (offsetX + (p.x - minX) * scale, offsetY + (p.y - minY) * scale) }

    /// The `points` attribute of a polyline through `points`.
    func polyline(_ points: ArraySlice<MapPoint>) -> String {
        points.map { let (x, y) = screen($0); return "\(SVGText.n(x)),\(SVGText.n(y))" }.joined(separator: " ")
    }
}
