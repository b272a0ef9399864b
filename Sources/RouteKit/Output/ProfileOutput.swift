import Foundation

extension RouteProfile {
    /// The Landmarks tutorial's `Hike`: what ``hikeJSON(name:)`` writes, one per route.
    ///
    /// Fields, as the tutorial's `hikeData.json` has them: `name`; `id`, a stable number from the name
    /// (``hikeID(name:)``); `distance`, kilometres; `difficulty`, 1...5 (``hikeDifficulty``); and
    /// `observations`, one per bin, each with `distanceFromStart` (km, the bin's start), `elevation`
    /// (metres), `pace` (seconds per km) and `heartRate` (beats per minute) as `[low, high]`.
    ///
    /// A bin without a value (no elevation, no timed movement, no heart rate in it) has `null` for that
    /// range, never another bin's range; ``hikeFillNotes`` names those bins. (The tutorial's `Observation`
    /// declares the ranges non-optional: declare them `Range<Double>?` to decode such a hike.)
    public static let hikeShapeDescription = "name, id, distance, difficulty, observations[distanceFromStart, elevation, pace, heartRate]"

    /// A stable `id` for a hike named `name`: 1000 + (32-bit FNV-1a of the name's UTF-8 mod 9000), so
    /// four digits like the tutorial's 1001. The same name always gives the same id.
    ///
    /// FNV-1a: offset basis 2166136261, prime 16777619 (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/).
    public static func hikeID(name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return 1000 + Int(hash % 9000)
    }

    /// The hike's difficulty, 1 (easy) ... 5 (hard), from Naismith's rule: an hour per 5 km plus an
    /// hour per 600 m of ascent, so 120 m of climbing counts as 1 km. Effort = km + ascent / 120;
    /// difficulty = 1 below 5 km of effort, 2 below 10, 3 below 15, 4 below 20, else 5.
    ///
    /// Naismith (1892), as restated in e.g. https://en.wikipedia.org/wiki/Naismith%27s_rule.
    public var hikeDifficulty: Int {
        let effort = length / 1000 + ascent / 120
        // Compared as a Double first: Int(_:) traps on a non-finite or huge value.
        guard effort.isFinite, effort < 20 else { return 5 }
        return min(5, 1 + Int(max(0, effort) / 5))
    }

    /// Indices of the bins without a value of `key`.
    private func binsWithout(_ key: KeyPath<Bin, ClosedRange<Double>?>) -> [Int] {
        bins.indices.filter { bins[$0][keyPath: key] == nil }
    }

    /// Sentences about the bins that ``hikeJSON(name:)`` writes `null` for, in the order elevation, pace,
    /// heart rate, naming the bins (0-based, as `index` in ``json``; at most 10 listed); empty when every
    /// bin has every value.
    public var hikeFillNotes: [String] {
        var notes: [String] = []
        for (name, key) in [("elevation", \Bin.elevation), ("pace", \Bin.pace), ("heart rate", \Bin.heartRate)] {
            let missing = binsWithout(key)
            if missing.isEmpty { continue }
            if missing.count == bins.count {
                notes.append("the route has no \(name); hike-json writes null for it in every bin")
            } else {
                let shown = missing.prefix(10).map(String.init).joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
                notes.append("\(missing.count) of \(bins.count) bins \(missing.count == 1 ? "has" : "have") no \(name) (bin\(missing.count == 1 ? "" : "s") \(shown)); "
                             + "hike-json writes null for \(missing.count == 1 ? "it" : "them")")
            }
        }
        return notes
    }

    /// The profile as the tutorial's `hikeData.json`: a JSON array holding one `Hike` (see
    /// ``hikeShapeDescription``), two-space indented, one observation per line, numbers with fixed
    /// decimals (km 3, ranges 2). Deterministic.
    ///
    /// - Parameter name: The hike's name (the route's ``name`` if `nil`, else `"Route"`).
    public func hikeJSON(name: String? = nil) -> String {
        Self.hikeJSON([(self, name)])
    }

    /// Several profiles as one `hikeData.json` array of `Hike`s, in order, each as ``hikeJSON(name:)``
    /// writes it.
    public static func hikeJSON(_ hikes: [(profile: RouteProfile, name: String?)]) -> String {
        "[\n" + hikes.map { $0.profile.hikeObject(name: $0.name) }.joined(separator: ",\n") + "\n]\n"
    }

    /// One `Hike` object, indented as an element of the array, without a trailing newline.
    private func hikeObject(name: String?) -> String {
        let hikeName = name ?? self.name ?? "Route"
        func num(_ v: Double, _ p: Int) -> String { FixedDecimal.string(v, places: p) }
        func range(_ r: ClosedRange<Double>?) -> String { r.map { "[\(num($0.lowerBound, 2)), \(num($0.upperBound, 2))]" } ?? "null" }
        var lines: [String] = []
        lines.append("  {")
        lines.append("    \"name\": \(JSONText.quoted(hikeName)),")
        lines.append("    \"id\": \(RouteProfile.hikeID(name: hikeName)),")
        lines.append("    \"distance\": \(num(length / 1000, 3)),")
        lines.append("    \"difficulty\": \(hikeDifficulty),")
        lines.append("    \"observations\": [")
        for (k, b) in bins.enumerated() {
            lines.append("      { \"distanceFromStart\": \(num(b.start / 1000, 3)), \"elevation\": \(range(b.elevation)), \"pace\": \(range(b.pace)), \"heartRate\": \(range(b.heartRate)) }\(k + 1 < bins.count ? "," : "")")
        }
        lines.append("    ]")
        lines.append("  }")
        return lines.joined(separator: "\n")
    }

    /// The profile as RouteKit's own JSON (missing values `null`, units in the key names):
    ///
    ///     {"name":..,"bin_m":375.000,"length_m":..,"moving_s":..,"stopped_s":..,"ascent_m":..,"descent_m":..,
    ///      "method":{"stop_speed_mps":0.5,"hysteresis_m":3,"pace_window_points":2},
    ///      "bins":[{"index":0,"start_m":0.000,"end_m":375.000,"points":..,"elevation_m":[lo,hi]|null,
    ///               "pace_s_per_km":[lo,hi]|null,"heart_rate_bpm":[lo,hi]|null,"moving_s":..,"stopped_s":..,
    ///               "ascent_m":..,"descent_m":..}]}
    ///
    /// Distances and elevations 3 decimals, times 3, ranges 2. Deterministic.
    public var json: String { jsonObject(file: nil) + "\n" }

    /// Several profiles as one JSON array (one object a line), each as ``json`` with a leading `"file"`
    /// member naming the file it profiles.
    public static func json(_ profiles: [(file: String, profile: RouteProfile)]) -> String {
        "[\n" + profiles.map { $0.profile.jsonObject(file: $0.file) }.joined(separator: ",\n") + "\n]\n"
    }

    /// The JSON object of ``json``, without the newline, with a leading `"file"` member when `file` is given.
    func jsonObject(file: String?) -> String {
        func num(_ v: Double, _ p: Int) -> String { FixedDecimal.string(v, places: p) }
        func range(_ r: ClosedRange<Double>?) -> String { r.map { "[\(num($0.lowerBound, 2)),\(num($0.upperBound, 2))]" } ?? "null" }
        var out = "{" + (file.map { "\"file\":" + JSONText.quoted($0) + "," } ?? "") + "\"name\":\(name.map(JSONText.quoted) ?? "null"),\"bin_m\":\(num(options.binWidth, 3)),\"length_m\":\(num(length, 3)),"
        out += "\"moving_s\":\(num(movingTime, 3)),\"stopped_s\":\(num(stoppedTime, 3)),\"ascent_m\":\(num(ascent, 3)),\"descent_m\":\(num(descent, 3)),"
        out += "\"method\":{\"stop_speed_mps\":\(num(options.stopSpeed, 3)),\"hysteresis_m\":\(num(options.hysteresis, 3)),\"pace_window_points\":\(options.paceWindow)},"
        out += "\"bins\":[" + bins.map { b in
            "{\"index\":\(b.index),\"start_m\":\(num(b.start, 3)),\"end_m\":\(num(b.end, 3)),\"points\":\(b.pointCount),"
            + "\"elevation_m\":\(range(b.elevation)),\"pace_s_per_km\":\(range(b.pace)),\"heart_rate_bpm\":\(range(b.heartRate)),"
            + "\"moving_s\":\(num(b.movingTime, 3)),\"stopped_s\":\(num(b.stoppedTime, 3)),\"ascent_m\":\(num(b.ascent, 3)),\"descent_m\":\(num(b.descent, 3))}"
        }.joined(separator: ",") + "]}"
        return out
    }

    /// The CSV header of ``csv``.
    public static let csvHeader = "bin,start_m,end_m,points,elevation_min,elevation_max,pace_min,pace_max,heart_rate_min,heart_rate_max,moving_s,stopped_s,ascent_m,descent_m"

    /// The profile as CSV: ``csvHeader`` then one row per bin; a missing range leaves its two fields
    /// empty. Units as ``json``.
    public var csv: String { ([RouteProfile.csvHeader] + csvRows(prefix: "")).joined(separator: "\n") + "\n" }

    /// Several profiles as one CSV table: a leading `file` column (RFC 4180-quoted when it must be)
    /// naming the file each row profiles, then ``csvHeader``'s columns.
    public static func csv(_ profiles: [(file: String, profile: RouteProfile)]) -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let rows = profiles.flatMap { $0.profile.csvRows(prefix: field($0.file) + ",") }
        return (["file," + csvHeader] + rows).joined(separator: "\n") + "\n"
    }

    /// One CSV row per bin, each after `prefix`.
    private func csvRows(prefix: String) -> [String] {
        func num(_ v: Double, _ p: Int) -> String { FixedDecimal.string(v, places: p) }
        func range(_ r: ClosedRange<Double>?) -> String { r.map { "\(num($0.lowerBound, 2)),\(num($0.upperBound, 2))" } ?? "," }
        var lines: [String] = []
        for b in bins {
            lines.append(prefix + "\(b.index),\(num(b.start, 3)),\(num(b.end, 3)),\(b.pointCount),\(range(b.elevation)),\(range(b.pace)),\(range(b.heartRate)),\(num(b.movingTime, 3)),\(num(b.stoppedTime, 3)),\(num(b.ascent, 3)),\(num(b.descent, 3))")
        }
        return lines
    }
}
