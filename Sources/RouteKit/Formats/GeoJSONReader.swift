import Foundation

/// Reads GeoJSON (RFC 7946, https://www.rfc-editor.org/rfc/rfc7946) into a ``Route``.
///
/// What is read:
/// - the top-level value may be a `FeatureCollection` (§3.3), a `Feature` (§3.2) or a bare geometry
///   (§3.1), including a `GeometryCollection` (§3.1.8, recursively);
/// - each `LineString` (§3.1.4) becomes one segment, and each line of a `MultiLineString` (§3.1.5)
///   one segment, in file order;
/// - `Point`, `MultiPoint`, `Polygon` and `MultiPolygon` are **skipped and reported** in
///   ``RouteFile/Result/notes`` (not errors); Points and MultiPoint positions are counted as
///   ``Route/Source/waypointCount``; a Feature with a `null` geometry (allowed by §3.2) is noted;
/// - positions (§3.1.1) are `[longitude, latitude]` or `[longitude, latitude, elevation]` in
///   degrees and metres (the elevation is above the WGS 84 ellipsoid, §4; it is kept as
///   ``RoutePoint/elevation``). More than three elements are tolerated and the extra ones ignored
///   (some producers put a measure or a time there);
/// - longitudes outside -180...180 (e.g. -183.13 in Turf's Fiji fixture) are normalised into that
///   range (counted in a note); latitudes must be in -90...90, and a latitude beyond ±90 whose
///   longitude would be a valid latitude is reported as probably swapped (`swappedCoordinates`);
/// - ``Route/name``: the `name` property (a string) of the first Feature flown, else the top-level
///   object's `name` member (an ogr2ogr habit);
/// - `crs` (GeoJSON 2008, removed by RFC 7946 Appendix B), `bbox`, `id`, foreign members and every
///   other property are ignored.
///
/// Errors carry both a JSON path (``RouteParseError/codingPath``, e.g.
/// `features[3].geometry.coordinates[12][1]`) and the line:column where that value starts; syntax
/// errors (``JSONParser``) have the line:column of the offending character only.
///
/// The document is parsed whole into a tree that remembers positions (GeoJSON's `type` may come
/// after `coordinates`, so a one-pass reader would have to buffer anyway): memory is a few times the
/// file size.
public enum GeoJSONReader {
    /// Reads the GeoJSON file at `url`; see ``GeoJSONReader``.
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws(RouteParseError) -> RouteFile.Result {
        try read(.file(url), displayPath: displayPath ?? url.path)
    }

    /// Reads a GeoJSON document held in memory; see ``GeoJSONReader``.
    ///
    /// - Returns: The route (segments in file order) and notes about what was skipped.
    /// - Throws: ``RouteParseError`` (format `"GeoJSON"`): `empty`, `malformedJSON` (syntax, with
    ///   line:column), `unexpectedValue` (a member of the wrong type, an unknown `type`, a position with
    ///   fewer than two numbers), `latitudeOutOfRange`, `swappedCoordinates`, and `noLine` when there is
    ///   no LineString or MultiLineString with a position.
    /// - Complexity: O(n) in the size of the document.
    public static func read(data: Data, displayPath: String? = nil) throws(RouteParseError) -> RouteFile.Result {
        try read(.data(data), displayPath: displayPath)
    }

    static func read(_ input: RouteInput, displayPath: String?) throws(RouteParseError) -> RouteFile.Result {
        let data = try input.bytes(format: "GeoJSON", path: displayPath)
        var parser = JSONParser(bytes: [UInt8](data), path: displayPath)
        let root = try parser.parseDocument()
        var walker = Walker(parser: parser)
        try walker.visit(root, path: "")
        let counts = walker.skipped.sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key)" }
        guard let route = Route(segments: walker.segments, name: walker.name ?? root.value["name"].flatMap(\.value.stringValue),
                                source: Route.Source(kind: .tracks, trackCount: walker.lineFeatures,
                                                     trackSegmentCount: walker.lineCount,
                                                     waypointCount: walker.waypoints)) else {
            let found = counts.isEmpty ? "the file holds no geometry" : "the file holds only " + counts.joined(separator: ", ")
            throw RouteParseError(format: "GeoJSON", location: parser.location(of: root.offset),
                                  reason: .noLine(found: found + " (expected a LineString or MultiLineString with positions)"))
        }
        var notes: [String] = []
        for (type, skipped) in walker.skipped.sorted(by: { $0.key < $1.key }) {
            notes.append("skipped \(skipped.count) \(type) geometr\(skipped.count == 1 ? "y" : "ies") (not a line), "
                         + "the first at \(skipped.first)")
        }
        notes.append(contentsOf: walker.notes)
        if walker.normalisedLongitudes > 0 {
            notes.append("normalised \(walker.normalisedLongitudes) longitude\(walker.normalisedLongitudes == 1 ? "" : "s") "
                         + "outside -180...180 into that range, the first at \(walker.firstNormalised)")
        }
        return RouteFile.Result(route: route, format: .geojson, notes: notes)
    }

    /// The recursive walk over the GeoJSON objects.
    private struct Walker {
        let parser: JSONParser
        var segments: [[RoutePoint]] = []
        var name: String?
        var lineFeatures = 0
        var lineCount = 0
        var waypoints = 0
        var skipped: [String: (count: Int, first: String)] = [:]
        var notes: [String] = []
        var normalisedLongitudes = 0
        var firstNormalised = ""
        var depth = 0

        static let geometryTypes = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                                    "GeometryCollection"]

        func fail(_ node: JSONNode, _ path: String, _ reason: RouteParseError.Reason) -> RouteParseError {
            RouteParseError(format: "GeoJSON", location: parser.location(of: node.offset),
                            codingPath: path.isEmpty ? "(top level)" : path, reason: reason)
        }

        func member(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }

        /// The object's `type`, checked to be a string.
        func type(of node: JSONNode, _ path: String) throws(RouteParseError) -> String {
            guard case .object = node.value else {
                throw fail(node, path, .unexpectedValue(field: path.isEmpty ? "(top level)" : path, found: node.value.kindDescription,
                                                        expected: "a GeoJSON object"))
            }
            guard let t = node.value["type"] else {
                throw fail(node, path, .missingField(element: path.isEmpty ? "the top-level object" : path, field: "type"))
            }
            guard case .string(let s) = t.value else {
                throw fail(t, member(path, "type"), .unexpectedValue(field: "type", found: t.value.kindDescription,
                                                                     expected: "a string such as \"Feature\""))
            }
            return s
        }

        mutating func visit(_ node: JSONNode, path: String) throws(RouteParseError) {
            let t = try type(of: node, path)
            switch t {
            case "FeatureCollection":
                guard let features = node.value["features"] else {
                    throw fail(node, path, .missingField(element: "FeatureCollection", field: "features"))
                }
                guard case .array(let list) = features.value else {
                    throw fail(features, member(path, "features"),
                               .unexpectedValue(field: "features", found: features.value.kindDescription, expected: "an array of Features"))
                }
                for (k, f) in list.enumerated() {
                    let p = member(path, "features") + "[\(k)]"
                    let ft = try type(of: f, p)
                    guard ft == "Feature" else {
                        throw fail(f, member(p, "type"), .unexpectedValue(field: "type", found: "\"\(ft)\"",
                                                                          expected: "\"Feature\" in a FeatureCollection (RFC 7946 §3.3)"))
                    }
                    try visitFeature(f, path: p)
                }
            case "Feature":
                try visitFeature(node, path: path)
            default:
                try visitGeometry(node, type: t, path: path)
            }
        }

        mutating func visitFeature(_ node: JSONNode, path: String) throws(RouteParseError) {
            guard let geometry = node.value["geometry"] else {
                throw fail(node, path, .missingField(element: "Feature", field: "geometry"))
            }
            if case .null = geometry.value {
                notes.append("\(member(path, "geometry")) is null (a Feature without a location): skipped")
                return
            }
            let before = segments.count
            let beforeLines = lineCount
            try visitGeometry(geometry, type: try type(of: geometry, member(path, "geometry")), path: member(path, "geometry"))
            if lineCount > beforeLines { lineFeatures += 1 }
            if name == nil, segments.count > before,
               case .string(let n)? = node.value["properties"]?.value["name"]?.value, !n.isEmpty {
                name = n
            }
        }

        mutating func visitGeometry(_ node: JSONNode, type t: String, path: String) throws(RouteParseError) {
            switch t {
            case "LineString":
                let coordinates = try array(node, "coordinates", path)
                lineCount += 1
                segments.append(try line(coordinates, path: member(path, "coordinates")))
                if case .array(let a) = coordinates.value, a.count == 1 {
                    notes.append("\(member(path, "coordinates")) has 1 position (RFC 7946 §3.1.4 asks for 2 or more): read as a 1-point segment")
                }
            case "MultiLineString":
                let coordinates = try array(node, "coordinates", path)
                guard case .array(let lines) = coordinates.value else { return }
                for (k, l) in lines.enumerated() {
                    lineCount += 1
                    segments.append(try line(l, path: member(path, "coordinates") + "[\(k)]"))
                }
            case "GeometryCollection":
                let geometries = try array(node, "geometries", path)
                guard case .array(let list) = geometries.value else { return }
                depth += 1
                defer { depth -= 1 }
                for (k, g) in list.enumerated() {
                    let p = member(path, "geometries") + "[\(k)]"
                    try visitGeometry(g, type: try type(of: g, p), path: p)
                }
            case "Point", "MultiPoint", "Polygon", "MultiPolygon":
                if t == "Point" { waypoints += 1 }
                if t == "MultiPoint", case .array(let a)? = node.value["coordinates"]?.value { waypoints += a.count }
                let old = skipped[t]
                skipped[t] = ((old?.count ?? 0) + 1, old?.first ?? (path.isEmpty ? "(top level)" : path))
            default:
                throw fail(node, member(path, "type"),
                           .unexpectedValue(field: "type", found: "\"\(t)\"",
                                            expected: "a GeoJSON type: FeatureCollection, Feature, or one of "
                                                + Self.geometryTypes.joined(separator: ", ")))
            }
        }

        /// The member `name` of `node`, checked to be an array.
        func array(_ node: JSONNode, _ name: String, _ path: String) throws(RouteParseError) -> JSONNode {
            guard let m = node.value[name] else {
                throw fail(node, path, .missingField(element: path.isEmpty ? "the geometry" : path, field: name))
            }
            guard case .array = m.value else {
                throw fail(m, member(path, name), .unexpectedValue(field: name, found: m.value.kindDescription, expected: "an array"))
            }
            return m
        }

        /// The positions of one line.
        mutating func line(_ node: JSONNode, path: String) throws(RouteParseError) -> [RoutePoint] {
            guard case .array(let positions) = node.value else {
                throw fail(node, path, .unexpectedValue(field: path, found: node.value.kindDescription,
                                                        expected: "an array of positions"))
            }
            var points: [RoutePoint] = []
            points.reserveCapacity(positions.count)
            for (k, p) in positions.enumerated() {
                let pp = path + "[\(k)]"
                guard case .array(let numbers) = p.value, numbers.count >= 2 else {
                    throw fail(p, pp, .unexpectedValue(field: "position", found: p.value.kindDescription,
                                                       expected: "a position [longitude, latitude(, elevation)]"))
                }
                var values: [Double] = []
                for (n, v) in numbers.prefix(3).enumerated() {
                    guard case .number(let x) = v.value else {
                        throw fail(v, pp + "[\(n)]", .unexpectedValue(field: ["longitude", "latitude", "elevation"][n], found: v.value.kindDescription,
                                                                      expected: n == 2 ? "an elevation in metres" : "a number of degrees"))
                    }
                    values.append(x)
                }
                var lon = values[0]
                let lat = values[1]
                if !(-90...90).contains(lat) {
                    if (-90...90).contains(lon) {
                        throw fail(numbers[1], pp + "[1]", .swappedCoordinates(latitude: lat, longitude: lon))
                    }
                    throw fail(numbers[1], pp + "[1]", .latitudeOutOfRange(element: "position", value: lat))
                }
                if !(-180...180).contains(lon) {
                    if normalisedLongitudes == 0 { firstNormalised = pp + "[0]" }
                    normalisedLongitudes += 1
                    lon = remainder(lon, 360)
                }
                points.append(RoutePoint(latitude: lat, longitude: lon, elevation: values.count > 2 ? values[2] : nil))
            }
            return points
        }
    }
}

extension JSONValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
