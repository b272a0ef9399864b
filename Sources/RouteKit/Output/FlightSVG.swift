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
        // Unwrapped map points.
        func project(_ coordinates: [LocationCoordinate2D]) -> [MapPoint] {
            var previous: Double? = nil
            return coordinates.map { c in
                let lon = previous.map { Angles.unwrappedAngle(c.longitude, near: $0) } ?? c.longitude
                previous = lon
                return MapPoint(LocationCoordinate2D(latitude: c.latitude, longitude: lon))
            }
        }
        let routePoints = project(route?.points.map(\.coordinate) ?? [])
        let riders = group?.riders ?? []
        var centers = project(poses.map(\.camera.centerCoordinate))
        var tracks = riders.map { project($0.route.points.map(\.coordinate)) }
        var lastPositions: [MapPoint?] = riders.indices.map { index in
            poses.last?.position(ofRider: index).map { MapPoint($0.coordinate) }
        }
        // Put the centre path and the riders' tracks in the same world copy as the route (else the first track).
        func inWorldCopy(near reference: MapPoint?, _ points: [MapPoint]) -> [MapPoint] {
            guard let r = reference, let c = points.first else { return points }
            let whole = ((r.x - c.x) / MapSize.world.width).rounded()
            return whole == 0 ? points : points.map { MapPoint(x: $0.x + whole * MapSize.world.width, y: $0.y) }
        }
        let reference = routePoints.first ?? tracks.first?.first
        centers = inWorldCopy(near: reference, centers)
        tracks = tracks.map { inWorldCopy(near: reference, $0) }
        lastPositions = lastPositions.enumerated().map { index, p in
            p.map { inWorldCopy(near: tracks[index].first ?? reference, [$0])[0] }
        }
        let all = routePoints + centers + tracks.flatMap { $0 } + lastPositions.compactMap { $0 }
        let minX = all.map(\.x).min()!, maxX = all.map(\.x).max()!
        let minY = all.map(\.y).min()!, maxY = all.map(\.y).max()!
        let w = Double(width), h = Double(height)
        let top = 40.0, bottom = 30.0, side = 20.0
        let spanX = max(maxX - minX, 1e-9), spanY = max(maxY - minY, 1e-9)
        let scale = min((w - 2 * side) / spanX, (h - top - bottom) / spanY)
        let offsetX = side + ((w - 2 * side) - spanX * scale) / 2
        let offsetY = top + ((h - top - bottom) - spanY * scale) / 2
        func screen(_ p: MapPoint) -> (Double, Double) { (offsetX + (p.x - minX) * scale, offsetY + (p.y - minY) * scale) }
        let n = SVGText.n
        func polyline(_ points: ArraySlice<MapPoint>) -> String {
            points.map { let (x, y) = screen($0); return "\(n(x)),\(n(y))" }.joined(separator: " ")
        }

        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        s += "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#fbfaf7\"/>\n"
        let name = title ?? route?.name ?? (route == nil && group != nil ? "Group flight" : "Route")
        s += "  <text x=\"\(n(side))\" y=\"26\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#000000\">\(XMLText.escaped(name))</text>\n"
        s += "  <g id=\"route\" fill=\"none\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
        for (k, segment) in (route?.segments ?? []).enumerated() {
            if k > 0 {
                let a = screen(routePoints[segment.lowerBound - 1]), b = screen(routePoints[segment.lowerBound])
                s += "    <line x1=\"\(n(a.0))\" y1=\"\(n(a.1))\" x2=\"\(n(b.0))\" y2=\"\(n(b.1))\" stroke=\"#9a9a9a\" stroke-width=\"1\" stroke-dasharray=\"4 4\"/>\n"
            }
            if segment.count == 1 {
                let a = screen(routePoints[segment.lowerBound])
                s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"2\" fill=\"#7a7a7a\"/>\n"
            } else {
                s += "    <polyline points=\"\(polyline(routePoints[segment]))\" stroke=\"#7a7a7a\" stroke-width=\"4\"/>\n"
            }
        }
        s += "  </g>\n"
        if let group {
            s += "  <g id=\"rider-tracks\" fill=\"none\" stroke-width=\"2.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
            for (index, rider) in group.riders.enumerated() {
                let color = RiderPalette.hex(index)
                for segment in rider.route.segments {
                    if segment.count == 1 {
                        let a = screen(tracks[index][segment.lowerBound])
                        s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"2\" fill=\"\(color)\"/>\n"
                    } else {
                        s += "    <polyline points=\"\(polyline(tracks[index][segment]))\" stroke=\"\(color)\"/>\n"
                    }
                }
                if let p = lastPositions[index] {
                    let a = screen(p)
                    s += "    <circle cx=\"\(n(a.0))\" cy=\"\(n(a.1))\" r=\"5\" fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
                }
            }
            s += "  </g>\n"
        }
        if !centers.isEmpty {
            s += "  <polyline id=\"camera-center\" points=\"\(polyline(centers[...]))\" fill=\"none\" stroke=\"#1e6fd9\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
            s += "  <g id=\"heading-ticks\" stroke=\"#e07b00\" stroke-width=\"1.5\" stroke-linecap=\"round\">\n"
            var nextSecond = 0.0
            for (i, pose) in poses.enumerated() where pose.time >= nextSecond - 1e-9 {
                let (x, y) = screen(centers[i])
                let radians = pose.camera.heading * .pi / 180
                let x2 = x + tickLength * sin(radians), y2 = y - tickLength * cos(radians)
                s += "    <line x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\"/>\n"
                nextSecond = (pose.time + 1e-9).rounded(.down) + 1
            }
            s += "  </g>\n"
            let start = screen(centers[0]), end = screen(centers[centers.count - 1])
            s += "  <g id=\"start\"><circle cx=\"\(n(start.0))\" cy=\"\(n(start.1))\" r=\"9\" fill=\"none\" stroke=\"#2e9e44\" stroke-width=\"3\"/>"
            s += "<text x=\"\(n(start.0 + 9))\" y=\"\(n(start.1 - 8))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#2e9e44\">start</text></g>\n"
            s += "  <g id=\"end\"><circle cx=\"\(n(end.0))\" cy=\"\(n(end.1))\" r=\"5\" fill=\"#d0342c\"/>"
            s += "<text x=\"\(n(end.0 + 9))\" y=\"\(n(end.1 + 16))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#d0342c\">end</text></g>\n"
            let duration = poses[poses.count - 1].time - poses[0].time
            let riderNote = group == nil ? "" : "coloured: riders' tracks (dot: at the end); "
            s += "  <text x=\"\(n(side))\" y=\"\(n(h - 10))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#444444\">\(route == nil ? "" : "grey: route; ")blue: camera centre; \(riderNote)orange: heading each second; \(poses.count) frames, \(FixedDecimal.string(duration, places: 3)) s</text>\n"
        }
        if let group {
            s += "  <g id=\"riders\" font-family=\"sans-serif\" font-size=\"12\">\n"
            let x = w - side - 150
            s += "    <rect x=\"\(n(x - 6))\" y=\"\(n(top - 12))\" width=\"156\" height=\"\(n(Double(group.riders.count) * 18 + 8))\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>\n"
            for (index, rider) in group.riders.enumerated() {
                let y = top + 4 + Double(index) * 18
                let color = RiderPalette.hex(index)
                s += "    <g class=\"rider\"><rect x=\"\(n(x))\" y=\"\(n(y - 9))\" width=\"18\" height=\"10\" fill=\"\(color)\"/>"
                s += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\" fill=\"#000000\">\(XMLText.escaped(rider.name))</text></g>\n"
            }
            s += "  </g>\n"
        }
        s += "</svg>\n"
        return Array(s.utf8)
    }
}
