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
/// - **times**: togeojson's per-position times, `properties.coordTimes` (or
///   `properties.coordinateProperties.times`): one array of ISO 8601 strings per line (noted);
/// - lines are straight in longitude and latitude (RFC 7946 §3.1.1), so ``Route/Source/lineInterpolation``
///   is `.longitudeLatitude`: long legs are not densified along geodesics (they are still measured on them);
/// - ``Route/name``: the `name` property (a string) of the first Feature flown, else the top-level
///   object's `name` member (an ogr2ogr habit);
/// - `crs` (GeoJSON 2008, removed by RFC 7946 Appendix B), `bbox`, `id`, foreign members and every
///   other property are ignored.
///
/// Errors carry both a JSON path (``RouteParseError/codingPath``, e.g.
/// `features[3].geometry.coordinates[12][1]`) and the line:column where that value starts; syntax
/// errors (`JSONParser`: strict RFC 8259, so strings must also be UTF-8 without lone surrogate escapes)
/// have the line:column of the offending character only.
///
/// The document is parsed whole (GeoJSON's `type` may come after `coordinates`, so a one-pass reader
/// would have to buffer anyway), every byte checked, into a tree that remembers positions, except that
/// the `coordinates` and per-position time arrays stay byte ranges of the text, read one position at a
/// time by the walk: memory is the points plus the structure around them, not a multiple of the file.
package enum GeoJSONReader: RouteReader {
    package static var format: RouteFormat { .geojson }

    /// Reads a GeoJSON document; see ``GeoJSONReader`` and ``RouteReader``.
    ///
    /// - Returns: The route (segments in file order) and notes about what was skipped.
    /// - Throws: ``RouteParseError`` (format `"GeoJSON"`): `unreadable`, `empty`, `malformedJSON` (syntax,
    ///   with line:column), `unexpectedValue` (a member of the wrong type, an unknown `type`, a position
    ///   with fewer than two numbers), `latitudeOutOfRange`, `swappedCoordinates`, and `noLine` when there
    ///   is no LineString or MultiLineString with a position.
    /// - Complexity: O(n) in the size of the document; memory O(positions) for the points, plus the
    ///   tree outside positions and times (a regular file is mapped, not copied).
    package static func read(_ input: RouteReaderInput, displayPath: String?,
                            options: RouteReaderNoOptions) throws(RouteParseError) -> RouteFile.Result {
        // A regular file is read where it lies (mapped, its pages let go behind the parse), other input
        // from memory.
        try input.input.withText(format: .geojson, path: displayPath) { text, release throws(RouteParseError) in
            try read(text: text, release: release, displayPath: displayPath)
        }
    }

    /// The member names whose arrays are deferred: positions and per-position times, which is where a
    /// file's size is. They are read one element at a time by the walk, so the tree holds only the
    /// structure around them.
    static let deferredMembers: Set<String> = ["coordinates", "coordTimes", "times"]

    /// Reads the text: one checking parse that builds all but the deferred arrays, then the walk.
    ///
    /// - Complexity: O(n) time for n bytes; memory O(positions) for the points, plus O(members) for
    ///   the tree outside positions and times.
    /// `deferring` is for tests, which compare the walk over deferred arrays with the walk over a
    /// tree built whole (`[]`).
    static func read(text: UnsafeBufferPointer<UInt8>, release: ((Int) -> Void)?, displayPath: String?,
                     deferring: Set<String> = deferredMembers) throws(RouteParseError) -> RouteFile.Result {
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: text, maximumDepth: 512, numbersOutOfRange: .rejected,
                                        deferring: deferring, release: release)
        } catch {
            throw error.geoJSONError(in: text, path: displayPath)
        }
        let root = JSONCursor(root: document)
        var walker = Walker(document: document, displayPath: displayPath, release: release)
        if TakeoutLocations.isRecords(root.node) {
            return try TakeoutLocations.read(root, displayPath: displayPath)
        }
        try walker.visit(root)
        let counts = walker.skipped.sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key)" }
        var source = Route.Source(kind: .tracks, trackCount: walker.lineFeatures, trackSegmentCount: walker.lineCount,
                                  waypointCount: walker.waypoints)
        source.lineInterpolation = .longitudeLatitude  // RFC 7946 §3.1.1: straight lines in longitude and latitude
        guard let route = Route(segments: walker.segments, name: walker.name ?? root.member("name")?.value.stringValue,
                                source: source) else {
            let found = counts.isEmpty ? "the file holds no geometry" : "the file holds only " + counts.joined(separator: ", ")
            var error = RouteParseError(format: .geojson, location: walker.location(of: root.node),
                                        reason: .noLine(found: found + " (expected a LineString or MultiLineString with positions)"))
            error.waypoints = walker.waypointCoordinates
            throw error
        }
        var notes: [String] = []
        for (type, skipped) in walker.skipped.sorted(by: { $0.key < $1.key }) {
            notes.append("skipped \(skipped.count) \(type) geometr\(skipped.count == 1 ? "y" : "ies") (not a line), "
                         + "the first at \(skipped.first)")
        }
        notes.append(contentsOf: walker.notes)
        if walker.timesRead > 0 {
            notes.append("read \(walker.timesRead) per-position time\(walker.timesRead == 1 ? "" : "s") from togeojson's "
                         + "coordTimes, the first at \(walker.firstTimes)")
        }
        if walker.normalisedLongitudes > 0 {
            notes.append("normalised \(walker.normalisedLongitudes) longitude\(walker.normalisedLongitudes == 1 ? "" : "s") "
                         + "outside -180...180 into that range, the first at \(walker.firstNormalised)")
        }
        return RouteFile.Result(route: route, format: .geojson, notes: notes)
    }

    /// The recursive walk over the GeoJSON objects.
    private struct Walker {
        let document: JSONDocument
        /// The file's path as the user typed it, for locations.
        let displayPath: String?
        /// Lets go of a mapped file's pages before an offset (see ``RouteInput/withBytes(_:)``).
        let release: ((Int) -> Void)?
        var segments: [[RoutePoint]] = []
        var name: String?
        var lineFeatures = 0
        var lineCount = 0
        var waypoints = 0
        var skipped: [String: (count: Int, first: String)] = [:]
        var notes: [String] = []
        var normalisedLongitudes = 0
        var firstNormalised = ""
        var timesRead = 0
        /// Positions of Points and MultiPoints (not flown; for `info` on a file with nothing else).
        var waypointCoordinates: [LocationCoordinate2D] = []

        /// A `[longitude, latitude, ...]` position in range, or `nil` (Points are not flown, so a bad one
        /// is not an error).
        func position(_ at: JSONCursor) throws(RouteParseError) -> LocationCoordinate2D? {
            let node = try built(at).node
            guard case .array(let n) = node.value, n.count >= 2, case .number(let lon) = n[0].value,
                  case .number(let lat) = n[1].value, (-90...90).contains(lat), lon.isFinite else { return nil }
            return LocationCoordinate2D(latitude: lat, longitude: remainder(lon, 360))
        }

        /// The elements of an array, one at a time: those of a built array from the tree, those of a
        /// deferred one built as they are reached (then dropped), the mapped pages behind them let go.
        struct Elements {
            let document: JSONDocument
            let release: ((Int) -> Void)?
            /// The array's path, built once for all its elements.
            let path: JSONPath
            var built: IndexingIterator<[JSONNode]>?
            var deferred: JSONDocument.DeferredElements?
            var nextRelease = 0
            var index = 0

            /// The next element: built whole when `whole` (a position, a time), else with any array in
            /// it deferred (a line of a MultiLineString).
            mutating func next(whole: Bool) throws(JSONSyntaxError) -> JSONCursor? {
                guard let node = try nextNode(whole: whole) else { return nil }
                defer { index += 1 }
                return JSONCursor(document: document, node: node, elementOf: path, index: index)
            }

            private mutating func nextNode(whole: Bool) throws(JSONSyntaxError) -> JSONNode? {
                if built != nil { return built!.next() }
                guard let offset = deferred?.next() else { return nil }
                if let release, offset >= nextRelease {
                    release(offset)
                    nextRelease = offset + (1 << 22)
                }
                return try document.node(at: offset, deferringArrays: !whole)
            }
        }

        /// The elements of `at`, or `nil` when it is not an array.
        func elements(of at: JSONCursor) -> Elements? {
            switch at.value {
            case .array(let a):
                return Elements(document: document, release: release, path: at.path, built: a.makeIterator(), deferred: nil)
            case .deferredArray:
                return Elements(document: document, release: release, path: at.path, built: nil, deferred: document.deferredElements(of: at.node))
            default: return nil
            }
        }

        /// The next element of `elements` (see ``Elements/next(whole:)``).
        func next(_ elements: inout Elements, whole: Bool) throws(RouteParseError) -> JSONCursor? {
            do {
                return try elements.next(whole: whole)
            } catch {
                throw error.geoJSONError(in: document.bytes, path: displayPath)  // the text was checked: not reached
            }
        }

        /// A deferred array built whole (a position, or a small list).
        func built(_ at: JSONCursor) throws(RouteParseError) -> JSONCursor {
            guard case .deferredArray = at.value else { return at }
            do {
                return JSONCursor(document: document, node: try document.node(at: at.node.offset, deferringArrays: false), path: at.path)
            } catch {
                throw error.geoJSONError(in: document.bytes, path: displayPath)  // the text was checked: not reached
            }
        }

        /// Whether the node is an array, built or deferred.
        func isArray(_ at: JSONCursor) -> Bool {
            switch at.value {
            case .array, .deferredArray: true
            default: false
            }
        }

        /// The number of elements of an array (built or deferred), else `nil`.
        func count(_ at: JSONCursor) -> Int? {
            switch at.value {
            case .array(let a): return a.count
            case .deferredArray: return document.deferredElements(of: at.node).map { $0.reduce(0) { n, _ in n + 1 } }
            default: return nil
            }
        }

        /// What the value is, for messages (``JSONValue/kindDescription``, with a deferred array's count).
        func kind(_ at: JSONCursor) -> String {
            if case .deferredArray = at.value { return "an array of \(count(at) ?? 0)" }
            return at.value.kindDescription
        }
        var firstTimes = ""
        var depth = 0

        static let geometryTypes = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                                    "GeometryCollection"]

        func location(of node: JSONNode) -> SourceLocation {
            let (line, column) = document.location(of: node.offset)
            return SourceLocation(path: displayPath, line: line, column: column)
        }

        /// An error at `at`, with its JSON path (``GeoJSONReader/codingPath(_:)``).
        func fail(_ at: JSONCursor, _ reason: RouteParseError.Reason) -> RouteParseError {
            RouteParseError(format: .geojson, location: location(of: at.node), codingPath: GeoJSONReader.codingPath(at.path), reason: reason)
        }

        /// An error about the member `key` of the object `at`: located at the object, with the member's path.
        func fail(_ at: JSONCursor, member key: String, _ reason: RouteParseError.Reason) -> RouteParseError {
            RouteParseError(format: .geojson, location: location(of: at.node),
                            codingPath: GeoJSONReader.codingPath(at.path.appending(key: key)), reason: reason)
        }

        /// The object's `type`, checked to be a string.
        func type(of at: JSONCursor) throws(RouteParseError) -> String {
            let field = at.path.isRoot ? "(top level)" : at.path.description
            guard case .object = at.value else {
                throw fail(at, .unexpectedValue(field: field, found: kind(at), expected: "a GeoJSON object"))
            }
            guard let t = at.member("type") else {
                throw fail(at, .missingField(element: at.path.isRoot ? "the top-level object" : field, field: "type"))
            }
            guard case .string(let s) = t.value else {
                throw fail(t, .unexpectedValue(field: "type", found: kind(t), expected: "a string such as \"Feature\""))
            }
            return s
        }

        mutating func visit(_ at: JSONCursor) throws(RouteParseError) {
            let t = try type(of: at)
            switch t {
            case "FeatureCollection":
                guard let features = at.member("features") else {
                    throw fail(at, .missingField(element: "FeatureCollection", field: "features"))
                }
                guard let list = features.elements() else {
                    throw fail(features, .unexpectedValue(field: "features", found: kind(features), expected: "an array of Features"))
                }
                for f in list {
                    let ft = try type(of: f)
                    guard ft == "Feature" else {
                        throw fail(f, member: "type", .unexpectedValue(field: "type", found: "\"\(ft)\"",
                                                                    expected: "\"Feature\" in a FeatureCollection (RFC 7946 §3.3)"))
                    }
                    try visitFeature(f)
                }
            case "Feature":
                try visitFeature(at)
            default:
                try visitGeometry(at, type: t)
            }
        }

        mutating func visitFeature(_ at: JSONCursor) throws(RouteParseError) {
            guard let geometry = at.member("geometry") else {
                throw fail(at, .missingField(element: "Feature", field: "geometry"))
            }
            if case .null = geometry.value {
                notes.append("\(geometry.path) is null (a Feature without a location): skipped")
                return
            }
            let before = segments.count
            let beforeLines = lineCount
            try visitGeometry(geometry, type: try type(of: geometry))
            if lineCount > beforeLines { lineFeatures += 1 }
            if segments.count > before { try readCoordTimes(at, segments: before..<segments.count) }
            if name == nil, segments.count > before,
               case .string(let n)? = at.member("properties")?.member("name")?.value, !n.isEmpty {
                name = n
            }
        }

        mutating func visitGeometry(_ at: JSONCursor, type t: String) throws(RouteParseError) {
            switch t {
            case "LineString":
                let coordinates = try array(at, "coordinates")
                lineCount += 1
                segments.append(try line(coordinates))
                if segments[segments.count - 1].count == 1 {
                    notes.append("\(coordinates.path) has 1 position (RFC 7946 §3.1.4 asks for 2 or more): read as a 1-point segment")
                }
            case "MultiLineString":
                guard var lines = elements(of: try array(at, "coordinates")) else { return }
                while let l = try next(&lines, whole: false) {
                    lineCount += 1
                    segments.append(try line(l))
                }
            case "GeometryCollection":
                guard let list = try array(at, "geometries").elements() else { return }
                depth += 1
                defer { depth -= 1 }
                for g in list { try visitGeometry(g, type: try type(of: g)) }
            case "Point", "MultiPoint", "Polygon", "MultiPolygon":
                try countSkipped(at, type: t)
            default:
                throw fail(at, member: "type", .unexpectedValue(field: "type", found: "\"\(t)\"",
                                                                      expected: "a GeoJSON type: FeatureCollection, Feature, or one of "
                                                                          + Self.geometryTypes.joined(separator: ", ")))
            }
        }

        /// Counts a geometry that is not a line; Points and MultiPoint positions are waypoints.
        mutating func countSkipped(_ at: JSONCursor, type t: String) throws(RouteParseError) {
            if t == "Point" {
                waypoints += 1
                if let c = at.member("coordinates"), let p = try position(c) { waypointCoordinates.append(p) }
            }
            if t == "MultiPoint", let c = at.member("coordinates"), var points = elements(of: c) {
                while let p = try next(&points, whole: true) {
                    waypoints += 1
                    if let p = try position(p) { waypointCoordinates.append(p) }
                }
            }
            let old = skipped[t]
            skipped[t] = ((old?.count ?? 0) + 1, old?.first ?? (at.path.isRoot ? "(top level)" : at.path.description))
        }

        /// Per-position times of a Feature's lines, as togeojson writes them when it converts GPX or KML
        /// (https://github.com/mapbox/togeojson, README "GPX Feature"): `properties.coordTimes`, one array of
        /// ISO 8601 strings for a LineString or one array per line of a MultiLineString, or in newer versions
        /// `properties.coordinateProperties.times` (same shapes). Times whose count does not match the
        /// positions are ignored with a note; a string that is not a date-time is an error at it.
        mutating func readCoordTimes(_ feature: JSONCursor, segments range: Range<Int>) throws(RouteParseError) {
            guard let properties = feature.member("properties"),
                  let times = properties.member("coordTimes") ?? properties.member("coordinateProperties")?.member("times") else { return }
            guard let lists = try timeLists(times, lineCount: range.count) else { return }
            var read = 0
            for (segment, list) in zip(range, lists) {
                read += try readTimes(list, into: segment)
            }
            if read > 0, timesRead == 0 { firstTimes = times.path.description }
            timesRead += read
        }

        /// The lists of times of a Feature with `lineCount` lines, one per line: the array itself for a
        /// LineString's list of strings, else its arrays; `nil` (noted) when they do not match the lines.
        mutating func timeLists(_ times: JSONCursor, lineCount: Int) throws(RouteParseError) -> [JSONCursor]? {
            guard var outer = elements(of: times) else { return nil }
            var lists: [JSONCursor] = []
            let first = try next(&outer, whole: false)
            if case .string? = first?.value, lineCount == 1 {
                lists = [times]
            } else if var first {
                while isArray(first) {
                    lists.append(first)
                    guard let n = try next(&outer, whole: false) else { break }
                    first = n
                }
                if !isArray(first) { lists = [] }
            }
            guard lists.count == lineCount else {
                notes.append("ignored \(times.path): it holds \(lists.isEmpty ? "no list of times" : "\(lists.count) lists of times") "
                             + "for \(lineCount) line\(lineCount == 1 ? "" : "s")")
                return nil
            }
            return lists
        }

        /// The times of `list` given to the points of `segment` (nulls skipped); the number read, 0 (noted)
        /// when the counts differ.
        mutating func readTimes(_ list: JSONCursor, into segment: Int) throws(RouteParseError) -> Int {
            guard let itemCount = count(list), var items = elements(of: list) else { return 0 }
            let positions = segments[segment].count
            guard itemCount == positions else {
                notes.append("ignored \(list.path): \(itemCount) time\(itemCount == 1 ? "" : "s") for "
                             + "\(positions) position\(positions == 1 ? "" : "s")")
                return 0
            }
            var read = 0, k = 0
            while let item = try next(&items, whole: true) {
                defer { k += 1 }
                if case .null = item.value { continue }
                guard case .string(let text) = item.value, let seconds = DateTimeParser.secondsSinceReferenceDate(text) else {
                    if case .string(let text) = item.value, DateTimeParser.isMisplacedLeapSecond(text) {
                        throw fail(item, .malformedTime(element: "position", text: text))
                    }
                    throw fail(item, .unexpectedValue(field: "time", found: kind(item),
                                                      expected: "an ISO 8601 date-time string such as \"2024-05-11T07:00:00Z\""))
                }
                segments[segment][k].time = Date(timeIntervalSinceReferenceDate: seconds)
                read += 1
            }
            return read
        }

        /// The member `name` of `at`, checked to be an array.
        func array(_ at: JSONCursor, _ name: String) throws(RouteParseError) -> JSONCursor {
            guard let m = at.member(name) else {
                throw fail(at, .missingField(element: at.path.isRoot ? "the geometry" : at.path.description, field: name))
            }
            guard isArray(m) else {
                throw fail(m, .unexpectedValue(field: name, found: kind(m), expected: "an array"))
            }
            return m
        }

        /// The positions of one line.
        mutating func line(_ at: JSONCursor) throws(RouteParseError) -> [RoutePoint] {
            guard isArray(at), var positions = elements(of: at) else {
                throw fail(at, .unexpectedValue(field: at.path.description, found: kind(at), expected: "an array of positions"))
            }
            var points: [RoutePoint] = []
            points.reserveCapacity(count(at) ?? 0)
            while let p = try next(&positions, whole: true) {
                points.append(try point(p))
            }
            return points
        }

        /// Degrees a longitude may lie beyond ±180 and still be normalised: three turns, 1080.
        static let maximumWrappedLongitude = 1080.0

        /// One position `[longitude, latitude(, elevation)]`, its longitude normalised into -180...180.
        mutating func point(_ p: JSONCursor) throws(RouteParseError) -> RoutePoint {
            guard case .array(let numbers) = p.value, numbers.count >= 2 else {
                throw fail(p, .unexpectedValue(field: "position", found: kind(p), expected: "a position [longitude, latitude(, elevation)]"))
            }
            func coordinate(_ n: Int) throws(RouteParseError) -> Double {
                guard case .number(let x) = numbers[n].value else {
                    let v = p.child(numbers[n], index: n)
                    throw fail(v, .unexpectedValue(field: ["longitude", "latitude", "elevation"][n], found: kind(v),
                                                   expected: n == 2 ? "an elevation in metres" : "a number of degrees"))
                }
                return x
            }
            var lon = try coordinate(0)
            let lat = try coordinate(1)
            let elevation = numbers.count > 2 ? try coordinate(2) : nil
            if let elevation, let outside = PointValueLimits.violation(.elevation, value: elevation) {
                throw fail(p.child(numbers[2], index: 2), outside)
            }
            if !(-90...90).contains(lat) {
                if (-90...90).contains(lon) {
                    throw fail(p.child(numbers[1], index: 1), .swappedCoordinates(latitude: lat, longitude: lon))
                }
                throw fail(p.child(numbers[1], index: 1), .latitudeOutOfRange(element: "position", value: lat))
            }
            if !(-180...180).contains(lon) {
                // Web maps write a line past the antimeridian with longitudes a turn or two beyond it
                // (190, -540); 1e15 is no longitude at all, whatever it comes to modulo 360.
                guard abs(lon) <= Self.maximumWrappedLongitude else {
                    throw fail(p.child(numbers[0], index: 0),
                               .unexpectedValue(field: "longitude", found: "\(lon)",
                                                expected: "degrees in -180...180, or wrapped past the antimeridian by at most three turns (±1080)"))
                }
                if normalisedLongitudes == 0 { firstNormalised = p.path.appending(index: 0).description }
                normalisedLongitudes += 1
                lon = remainder(lon, 360)
            }
            return RoutePoint(latitude: lat, longitude: lon, elevation: elevation)
        }
    }

    /// How GeoJSON errors spell a path: `JSONPath`'s spelling, `(top level)` for the top-level value.
    static func codingPath(_ path: JSONPath) -> String {
        path.isRoot ? "(top level)" : path.description
    }
}

extension JSONValue {
    /// What the value is, for GeoJSON messages: `an object`, `an array of 2`, `a string ("LineString")`,
    /// `a number (95.25)`, `true`, `null`.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array(let a): "an array of \(a.count)"
        case .string(let s): "a string (\"\(s.count > 40 ? s.prefix(40) + "…" : Substring(s))\")"
        case .number(let n): "a number (\(n))"
        case .bool(let b): "\(b)"
        case .null: "null"
        case .deferredArray: "an array"
        }
    }
}

extension JSONSyntaxError {
    /// The error as GeoJSON reports it: ``RouteParseError/Reason/empty`` at 1:1 for an empty file,
    /// otherwise ``RouteParseError/Reason/malformedJSON(_:)`` saying what was expected and found,
    /// located at the offending byte (a string that is not closed: at its opening quote; a leading
    /// zero or a number out of range: at the number's first character, the latter with its JSON path
    /// (`JSONPathAtOffset`); an invalid escape or surrogate: at its backslash).
    func geoJSONError(in bytes: UnsafeBufferPointer<UInt8>, path: String?) -> RouteParseError {
        func located(_ offset: Int) -> SourceLocation {
            let (line, column) = JSONDocument.location(of: offset, in: bytes)
            return SourceLocation(path: path, line: line, column: column)
        }
        switch kind {
        case .empty:
            return RouteParseError(format: .geojson, location: located(0), reason: .empty)
        case .numberOutOfRange:
            // Valid JSON (RFC 8259 section 9 lets readers limit the range), but no coordinate.
            var end = offset
            while end < bytes.count, end - offset < 40, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            let path = JSONPathAtOffset.path(to: offset, in: bytes)
            return RouteParseError(format: .geojson, location: located(offset), codingPath: path.isEmpty ? "(top level)" : path, reason: .unexpectedValue(
                field: "number", found: text, expected: "a number a 64-bit float can hold, magnitude below about 1.8e308"))
        default:
            // The JSON vocabulary every reader shares (RouteKitSupport).
            let (at, message) = explained(in: bytes)
            return RouteParseError(format: .geojson, location: located(at), reason: .malformedJSON(message))
        }
    }
}
