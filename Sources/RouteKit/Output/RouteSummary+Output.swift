import Foundation

extension RouteSummary {
    /// The summary as a JSON object, keys in this order: `points, tracks, segments, routes, waypoints,
    /// length_m, start_time, end_time, duration_s, start, end, bbox, map_rect`, then `flown`,
    /// `timed_points` and `heading_start_to_end`.
    ///
    /// Units and forms: `length_m` metres (3 decimals); times ISO 8601 UTC or `null`; `duration_s`
    /// seconds (6 decimals), the span from the earliest to the latest recorded time (>= 0, ``duration``), or `null`; `start`/`end` as `{"latitude":..,"longitude":..}` (degrees, 8
    /// decimals); `bbox` `[west,south,east,north]` (RFC 7946); `map_rect` `{"x","y","width","height"}` in
    /// MapKit map points (3 decimals); `flown` is `"tracks"` or `"routes"`; `format` the format read
    /// (when known); `notes` the reader's notes, as strings. For waypoints alone (``isWaypointsOnly``):
    /// `points` 0, `start`, `end` and `flown` `null`, `bbox` and `map_rect` of the waypoints.
    package var json: String { jsonObject(file: nil) + "\n" }

    /// Several summaries as one JSON array (one object a line), each object as ``json`` with a leading
    /// `"file"` member naming the file it summarises.
    package static func json(_ summaries: [(file: String, summary: RouteSummary)]) -> String {
        "[\n" + summaries.map { $0.summary.jsonObject(file: $0.file) }.joined(separator: ",\n") + "\n]\n"
    }

    /// Several summaries as text, each under a `==> file <==` line (as `head` and `tail` head files),
    /// a blank line between them.
    package static func text(_ summaries: [(file: String, summary: RouteSummary)]) -> String {
        summaries.map { "==> \($0.file) <==\n" + $0.summary.text }.joined(separator: "\n")
    }

    /// The JSON object of ``json``, without the newline, with a leading `"file"` member when `file` is given.
    func jsonObject(file: String?) -> String {
        func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
        func coord(_ c: LocationCoordinate2D) -> String {
            "{\"latitude\":\(num(c.latitude, 8)),\"longitude\":\(num(c.longitude, 8))}"
        }
        func time(_ d: Date?) -> String { d.map { "\"\(ISO8601.string(from: $0))\"" } ?? "null" }
        let b = boundingBox
        var fields: [String] = file.map { ["\"file\":" + JSONText.quoted($0)] } ?? []
        fields.append("\"points\":\(points)")
        fields.append("\"tracks\":\(tracks)")
        fields.append("\"segments\":\(segments)")
        fields.append("\"routes\":\(routes)")
        fields.append("\"waypoints\":\(waypoints)")
        fields.append("\"length_m\":\(num(length, 3))")
        fields.append("\"start_time\":\(time(startTime))")
        fields.append("\"end_time\":\(time(endTime))")
        fields.append("\"duration_s\":\(duration.map { num($0, 6) } ?? "null")")
        fields.append("\"start\":\(isWaypointsOnly ? "null" : coord(start))")
        fields.append("\"end\":\(isWaypointsOnly ? "null" : coord(end))")
        fields.append("\"bbox\":[\(num(b.west, 8)),\(num(b.south, 8)),\(num(b.east, 8)),\(num(b.north, 8))]")
        fields.append("\"map_rect\":{\"x\":\(num(rect.minX, 3)),\"y\":\(num(rect.minY, 3)),\"width\":\(num(rect.width, 3)),\"height\":\(num(rect.height, 3))}")
        fields.append("\"flown\":" + (isWaypointsOnly ? "null" : "\"\(kind.rawValue)\""))
        fields.append("\"timed_points\":\(timedPoints)")
        fields.append("\"heading_start_to_end\":\(startToEndHeading.map { num($0, 4) } ?? "null")")
        if let format { fields.append("\"format\":\"\(format.rawValue)\"") }
        fields.append("\"notes\":[" + notes.map(JSONText.quoted).joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The file's segments, and how many are flown when fewer: a TCX file's laps recorded without a
    /// pause are one line, and an empty GPX `trkseg` flies nothing.
    private var segmentsText: String {
        guard flownSegments < segments, !isWaypointsOnly else { return "\(segments)" }
        if format == .tcx { return "\(segments) (\(flownSegments) flown: Tracks with no pause between them are joined)" }
        let empty = segments - flownSegments
        return "\(segments) (\(flownSegments) flown: \(empty) \(empty == 1 ? "is" : "are") empty)"
    }

    /// The summary as aligned text lines for people.
    package var text: String {
        func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
        func coord(_ c: LocationCoordinate2D) -> String { "\(num(c.latitude, 8)), \(num(c.longitude, 8))" }
        var lines: [(String, String)] = []
        lines.append(("points", isWaypointsOnly ? "0 (nothing to fly: no track, route or line)"
                                                : "\(points) (\(kind == .tracks ? "track points" : "route points"))"))
        lines.append(("tracks", "\(tracks)"))
        lines.append(("segments", segmentsText))
        lines.append(("routes", "\(routes)"))
        lines.append(("waypoints", "\(waypoints) (not flown)"))
        if isWaypointsOnly {
            let b = boundingBox
            lines.append(("bbox", "[\(num(b.west, 8)), \(num(b.south, 8)), \(num(b.east, 8)), \(num(b.north, 8))] (west, south, east, north; of the waypoints)"))
            lines.append(("map rect", "x \(num(rect.minX, 3)), y \(num(rect.minY, 3)), width \(num(rect.width, 3)), height \(num(rect.height, 3)) (map points)"))
            if let format { lines.append(("format", format.description)) }
            let width = lines.map(\.0.count).max() ?? 0
            return lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
                .joined(separator: "\n") + "\n"
        }
        lines.append(("length", "\(num(length, 3)) m (along the segments; gaps between them not counted)"))
        if let s = startTime, let e = endTime, let d = duration {
            lines.append(("start time", ISO8601.string(from: s)))
            lines.append(("end time", ISO8601.string(from: e)))
            let order = earliestTime == s && latestTime == e ? ""
                : "; the times are not in file order: from the earliest, \(earliestTime.map { ISO8601.string(from: $0) } ?? "?"), to the latest, \(latestTime.map { ISO8601.string(from: $0) } ?? "?")"
            lines.append(("duration", "\(num(d, 3)) s\(DurationText.daysSuffix(d)) (\(timedPoints) of \(points) points timed\(order))"))
        } else {
            lines.append(("time", "none recorded"))
        }
        lines.append(("start", coord(start)))
        lines.append(("end", coord(end)))
        let b = boundingBox
        lines.append(("bbox", "[\(num(b.west, 8)), \(num(b.south, 8)), \(num(b.east, 8)), \(num(b.north, 8))] (west, south, east, north)\(b.crossesAntimeridian ? ", crosses the antimeridian" : "")"))
        lines.append(("map rect", "x \(num(rect.minX, 3)), y \(num(rect.minY, 3)), width \(num(rect.width, 3)), height \(num(rect.height, 3)) (map points)"))
        if let format { lines.append(("format", format.description)) }
        lines.append(("heading", startToEndHeading.map { "\(num($0, 4)) degrees from start to end" } ?? "none (start and end coincide)"))
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            .joined(separator: "\n") + "\n"
    }
}
