import Foundation

extension CheckReport {
    /// The report as one JSON object (deterministic: fixed key order, fixed decimals), then a newline:
    ///
    ///     {"findings":[{"severity":"error","code":"time-backwards","index":12,"time":"2021-05-01T10:00:00Z","message":"..."}],
    ///      "summary":{...}}
    ///
    /// Each finding has `severity` (`error`, `warning`, `note`), `code`, `index` (0-based point index or
    /// `null`), `time` and `message`. `time` is an ISO 8601 UTC string (the point's recorded time) for
    /// route findings, a number (seconds on the flight's timeline, 6 decimals) for flight findings, or
    /// `null`.
    ///
    /// `summary`: `status` (`"ok"`, `"warnings"` or `"errors"`: the worst severity, notes are ok), `errors`,
    /// `warnings`, `notes` (counts), `counts` (`{code: n}` over every finding, sorted by code), `omitted`
    /// (`{code: n}` findings not listed because of `limit`), `route` (`points`, `segments`, `timed_points`,
    /// `activity` or null, `typical_moving_speed_mps`, `speed_limit_mps`, `jump_limit_m`, `zones_checked`,
    /// `zones`), `flight` (`duration_s`, `fps`, `frames`, `clamped_frames`, and for `heading_rate_dps`,
    /// `center_speed_mps`, `eye_speed_mps`, `distance_rate_mps` a `{"max","time_s","frames_over_limit"}`, and
    /// `motion`: for each of `screen_speed` (screen heights/s), `zoom_rate` (1/s), `turn_rate`, `tilt_rate`
    /// (deg/s), `screen_acceleration` (screen heights/s^2), `zoom_acceleration` (1/s^2), `turn_acceleration`,
    /// `tilt_acceleration` (deg/s^2), `eye_acceleration` (1/s^2) and `screen_step` (screen heights in one
    /// frame) a `{"max","time_s","over_limit","limit"}`, `max` being the largest magnitude, `over_limit` the
    /// steps or frames over the limit and `limit` null when none) or `null`, and `reader_notes`.
    ///
    /// - Parameter limit: Findings listed per code at most (`nil`: all).
    public func json(limit: Int?) -> String {
        func num(_ v: Double, _ places: Int) -> String { FixedDecimal.string(v, places: places) }
        func opt(_ v: Double?, _ places: Int) -> String { v.map { num($0, places) } ?? "null" }
        let (listed, omitted) = self.listed(limit: limit)
        var out = "{\"findings\":["
        out += listed.map { f in
            let time: String
            switch f.time {
            case .recorded(let d)?: time = JSONText.quoted(ISO8601.string(from: d))
            case .flight(let t)?: time = num(t, 6)
            case nil: time = "null"
            }
            return "{\"severity\":\"\(f.severity.rawValue)\",\"code\":\(JSONText.quoted(f.code.rawValue)),\"index\":\(f.index.map(String.init) ?? "null"),\"time\":\(time),\"message\":\(JSONText.quoted(f.message))}"
        }.joined(separator: ",")
        out += "],\"summary\":{"
        let status = worstSeverity == .error ? "errors" : worstSeverity == .warning ? "warnings" : "ok"
        var s: [String] = []
        s.append("\"status\":\"\(status)\"")
        s.append("\"errors\":\(count(.error)),\"warnings\":\(count(.warning)),\"notes\":\(count(.note))")
        s.append("\"counts\":{" + counts.map { "\(JSONText.quoted($0.code.rawValue)):\($0.count)" }.joined(separator: ",") + "}")
        s.append("\"omitted\":{" + omitted.map { "\(JSONText.quoted($0.code.rawValue)):\($0.count)" }.joined(separator: ",") + "}")
        let r = route
        s.append("\"route\":{\"points\":\(r.points),\"segments\":\(r.segments),\"timed_points\":\(r.timedPoints),"
                 + "\"activity\":\(r.activity.map { "\"\($0.rawValue)\"" } ?? "null"),"
                 + "\"typical_moving_speed_mps\":\(opt(r.typicalMovingSpeed, 3)),\"speed_limit_mps\":\(opt(r.speedLimit, 3)),"
                 + "\"jump_limit_m\":\(opt(r.jumpLimit, 3)),\"zones_checked\":\(r.zonesChecked),"
                 + "\"zones\":[\(r.zones.map(JSONText.quoted).joined(separator: ","))]}")
        if let f = flight {
            func peak(_ p: FlightCheck.Peak) -> String {
                "{\"max\":\(num(p.value, 3)),\"time_s\":\(num(p.time, 6)),\"frames_over_limit\":\(p.framesOverLimit)}"
            }
            s.append("\"flight\":{\"duration_s\":\(num(f.duration, 6)),\"fps\":\(num(f.framesPerSecond, 6)),\"frames\":\(f.frameCount),"
                     + "\"clamped_frames\":\(f.clampedFrameCount),\"heading_rate_dps\":\(peak(f.headingRate)),"
                     + "\"center_speed_mps\":\(peak(f.centerSpeed)),\"eye_speed_mps\":\(peak(f.eyeSpeed)),"
                     + "\"distance_rate_mps\":\(peak(f.distanceRate)),\"motion\":{"
                     + MotionCheck.Measure.allCases.map { m in
                         let p = f.motion.peaks[m] ?? MotionCheck.Peak()
                         return "\(JSONText.quoted(Self.snakeCase(m.rawValue))):{\"max\":\(num(abs(p.value), 6)),\"time_s\":\(num(p.time, 6)),\"over_limit\":\(p.countOverLimit),\"limit\":\(opt(m.limit(in: f.motion.limits), 6))}"
                     }.joined(separator: ",") + "}}")
        } else {
            s.append("\"flight\":null")
        }
        s.append("\"reader_notes\":[" + readerNotes.map(JSONText.quoted).joined(separator: ",") + "]")
        out += s.joined(separator: ",") + "}}\n"
        return out
    }

    /// `screenSpeed` as `screen_speed`.
    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
    }

    /// The report as lines for people, compiler style: `PATH: SEVERITY: [code] message` (with
    /// `point N` or `t=S s` when the finding has a place), errors first, then warnings, then notes (each
    /// severity in the report's order), then a summary line.
    ///
    /// - Parameters:
    ///   - path: The route's path as the user typed it.
    ///   - limit: Findings listed per code at most (`nil`: all).
    ///   - listAllHint: Appended to the note on findings not listed (how the caller lists them all).
    public func text(path: String, limit: Int?, listAllHint: String = "") -> String {
        let (found, omitted) = self.listed(limit: limit)
        let rank: [Finding.Severity: Int] = [.error: 0, .warning: 1, .note: 2]
        let listed = found.enumerated().sorted { (rank[$0.element.severity] ?? 3, $0.offset) < (rank[$1.element.severity] ?? 3, $1.offset) }.map(\.element)
        var lines: [String] = []
        for f in listed {
            var place = ""
            if let i = f.index { place = "point \(i): " } else if case .flight(let t)? = f.time {
                place = "t=\(FixedDecimal.string(t, places: 3)) s: "
            }
            lines.append("\(path): \(f.severity.rawValue): \(place)\(f.message) [\(f.code)]")
        }
        for (code, n) in omitted {
            lines.append("\(path): note: \(n) more [\(code)] finding\(n == 1 ? "" : "s") not listed\(listAllHint)")
        }
        let e = count(.error), w = count(.warning), n = count(.note)
        lines.append("\(e) error\(e == 1 ? "" : "s"), \(w) warning\(w == 1 ? "" : "s"), \(n) note\(n == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}
