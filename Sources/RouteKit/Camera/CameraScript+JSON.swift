import Foundation

// The JSON form of a camera script: what `route-fly plan` prints and route-fly reads back as a script.
// The schema is documented for users in docs/camera-script.md; decoding is in
// CameraScript+JSONDecoding.swift, the JSON parser (shared with GeoJSON) in Formats/JSON.

extension CameraScript {
    /// The schema version this RouteKit reads and writes (`"routekitCameraScript": 1`).
    public static let jsonSchemaVersion = 1

    /// Reads a camera script from its JSON form (docs/camera-script.md).
    ///
    /// The document must be a JSON object with `"routekitCameraScript": 1`; `initialCamera` (its
    /// missing keys default to `route.center`, `framed`, 0, 0, `ground`, as in ``InitialCamera``), and
    /// `tracks` (missing tracks are empty) may be omitted. Unknown keys are errors, with a
    /// "did you mean" suggestion when a known key is close.
    ///
    /// Checked here, from the document alone: JSON syntax; JSON types; keyframe types, curve and spring
    /// names and forms; which references each property accepts; `timing` only on a `"route.points"`
    /// value; durations finite and `>= 0`; every number finite; latitudes of literal coordinates in
    /// `-90...90`. Checked later, by ``resolved(for:framing:terrain:)`` (which reports the same JSON paths):
    /// distances `> 0` and pitches in `0..<90` degrees.
    ///
    /// Numbers are read from their exact text with correct rounding, so a script written by ``json``
    /// reads back bit for bit.
    ///
    /// - Parameters:
    ///   - json: UTF-8 JSON text; a leading byte-order mark is skipped.
    ///   - path: The file's path as the user typed it, copied into errors (`nil`: `<script>`).
    /// - Throws: ``CameraScriptError`` with `path`, the 1-based `line` and `column` (counted in Unicode
    ///   scalars) of the offending value, key or character, and, for all but syntax errors, the
    ///   `jsonPath` of the offending value (e.g. `tracks.heading[2].duration`); the message says what was
    ///   found and what was expected.
    /// - Complexity: O(n) for n bytes.
    public init(json: Data, path: String? = nil) throws(CameraScriptError) {
        let bytes = [UInt8](json)
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes, maximumDepth: 256, numbersOutOfRange: .infinity)
        } catch {
            throw error.cameraScriptError(in: bytes, path: path)
        }
        self = try ScriptJSONDecoder(file: path).script(JSONCursor(root: document))
    }

    /// The script's JSON form: deterministic (fixed key order, 2-space indentation, one keyframe per
    /// line, a final newline) and exact (numbers in Swift's shortest round-trip form, so
    /// `CameraScript(json: Data(script.json.utf8)) == script` for every valid script).
    ///
    /// Integral numbers are written without a fraction (`16`, not `16.0`); others as Swift prints them
    /// (`0.1`, `1e-05`, `1e+16`), all valid JSON.
    ///
    /// What is not written, because it has no effect on the flight: the `duration` of a `move`
    /// keyframe, a `timing` on a keyframe whose value is not `route.points`, and a `linear`
    /// keyframe's `timingCurve` when it is `linear` (the default). A script holding them reads back
    /// without them.
    ///
    /// - Precondition: Every number in the script is finite (a script read from JSON always is).
    ///   Use ``encodedJSON()`` to get an error instead.
    public var json: String {
        do {
            return try encodedJSON()
        } catch {
            preconditionFailure("CameraScript.json: \(error.message) at \(error.jsonPath ?? "?")")
        }
    }

    /// The same text as ``json``, or an error instead of a trap when the script holds a number JSON
    /// cannot represent.
    ///
    /// - Throws: ``CameraScriptError`` with the `jsonPath` of the first non-finite number (NaN or
    ///   infinite: a literal value, a duration, a velocity, a curve's control point or a spring's
    ///   parameter).
    public func encodedJSON() throws(CameraScriptError) -> String {
        var w = ScriptJSONWriter()
        w.line("{")
        w.line("  \"routekitCameraScript\": \(Self.jsonSchemaVersion),")
        w.line("  \"initialCamera\": {")
        let i = initialCamera
        w.line("    \"centerCoordinate\": \(try ScriptJSONWriter.coordinateValue(i.centerCoordinate, "initialCamera.centerCoordinate")),")
        w.line("    \"distance\": \(try ScriptJSONWriter.numberValue(i.distance, "initialCamera.distance")),")
        w.line("    \"heading\": \(try ScriptJSONWriter.numberValue(i.heading, "initialCamera.heading")),")
        w.line("    \"pitch\": \(try ScriptJSONWriter.numberValue(i.pitch, "initialCamera.pitch")),")
        w.line("    \"centerElevation\": \(try ScriptJSONWriter.numberValue(i.centerElevation, "initialCamera.centerElevation"))")
        w.line("  },")
        w.line("  \"tracks\": {")
        try w.track("centerCoordinate", centerCoordinate, last: false, value: ScriptJSONWriter.coordinateValue,
                    velocity: ScriptJSONWriter.coordinate)
        for (name, track, last) in [("heading", heading, false), ("distance", distance, false),
                                    ("pitch", pitch, false), ("centerElevation", centerElevation, true)] {
            try w.track(name, track, last: last, value: ScriptJSONWriter.numberValue,
                        velocity: ScriptJSONWriter.number)
        }
        w.line("  }")
        w.line("}")
        return w.text
    }
}

/// Writes the pieces of a script's JSON form. Every method that takes a `path` throws for a
/// non-finite number, naming that path.
struct ScriptJSONWriter {
    private(set) var text = ""

    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }

    /// A JSON string literal (``JSONText/quoted(_:)``).
    static func quoted(_ s: String) -> String { JSONText.quoted(s) }

    /// A finite number in Swift's shortest round-trip form, without a `.0` on integral values.
    static func number(_ v: Double) -> String {
        let s = "\(v)"
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }

    static func number(_ v: Double, _ path: String) throws(CameraScriptError) -> String {
        guard v.isFinite else {
            throw CameraScriptError(jsonPath: path, message: "\(v) cannot be written in JSON (expected a finite number)")
        }
        return Self.number(v)
    }

    static func coordinate(_ c: LocationCoordinate2D, _ path: String) throws(CameraScriptError) -> String {
        "{\"latitude\": \(try number(c.latitude, path + ".latitude")), \"longitude\": \(try number(c.longitude, path + ".longitude"))}"
    }

    static func coordinateValue(_ v: CameraScript.CoordinateValue, _ path: String) throws(CameraScriptError) -> String {
        switch v {
        case .coordinate(let c): return try coordinate(c, path)
        default: return Self.quoted(ScriptJSONNames.coordinateReferences.first { $0.value == v }!.name)
        }
    }

    static func numberValue(_ v: CameraScript.NumberValue, _ path: String) throws(CameraScriptError) -> String {
        switch v {
        case .number(let n): return try number(n, path)
        default: return Self.quoted(ScriptJSONNames.numberReferences.first { $0.value == v }!.name)
        }
    }

    /// `"linear"`, `{"bezier": [x1, y1, x2, y2]}` or `{"inverse": "easeInQuad"}`.
    static func curve(_ c: UnitCurve, _ path: String) throws(CameraScriptError) -> String {
        if let name = ScriptJSONNames.curves.first(where: { $0.curve == c })?.name { return Self.quoted(name) }
        switch c.function {
        case let .bezier(start, end):
            var numbers: [String] = []
            for (i, v) in [start.x, start.y, end.x, end.y].enumerated() {
                numbers.append(try number(v, path + ".bezier[\(i)]"))
            }
            return "{\"bezier\": [\(numbers.joined(separator: ", "))]}"
        default:
            // Inverses of named curves (the only other UnitCurves there are).
            let name = ScriptJSONNames.curves.first(where: { $0.curve == c.inverse })!.name
            return "{\"inverse\": \(Self.quoted(name))}"
        }
    }

    /// A spring in the first form that reads back as the identical `Spring` (compared with `==`):
    /// a preset name; `{"duration", "bounce"}`; `{"response", "dampingRatio"}`;
    /// `{"mass", "stiffness", "damping"}` (with `"allowOverDamping": true` when overdamped), each with
    /// the fewest significant digits (1 to 17) that reproduce the spring; else the exact internal form
    /// `{"angularFrequency", "decayConstant", "mass"}` (docs/keyframes.md#spring-parameters).
    static func spring(_ s: Spring, _ path: String) throws(CameraScriptError) -> String {
        if let name = ScriptJSONNames.springPresets.first(where: { $0.spring == s })?.name { return Self.quoted(name) }
        for (key, value) in [("angularFrequency", s.angularFrequency), ("decayConstant", s.decayConstant), ("mass", s.storedMass)] {
            _ = try number(value, path + "." + key)
        }
        /// The shortest decimal form of `parameters` (same precision for each) that `make` turns back into `s`.
        func shortest(_ parameters: [Double], _ make: ([Double]) -> Spring?) -> [Double]? {
            guard parameters.allSatisfy(\.isFinite) else { return nil }
            for digits in 1...17 {
                let rounded = parameters.map { Double(String(format: "%.\(digits)g", $0))! }
                if make(rounded) == s { return rounded }
            }
            return nil
        }
        func object(_ keys: [String], _ values: [Double], extra: String = "") -> String {
            "{" + zip(keys, values).map { "\"\($0)\": \(Self.number($1))" }.joined(separator: ", ") + extra + "}"
        }
        if let p = shortest([s.duration, s.bounce], { ScriptJSONNames.validSpring(duration: $0[0], bounce: $0[1]) }) {
            return object(["duration", "bounce"], p)
        }
        if let p = shortest([s.response, s.dampingRatio], { ScriptJSONNames.validSpring(response: $0[0], dampingRatio: $0[1]) }) {
            return object(["response", "dampingRatio"], p)
        }
        let overdamped = s.angularFrequency < 0
        if let p = shortest([s.mass, s.stiffness, s.damping], {
            ScriptJSONNames.validSpring(mass: $0[0], stiffness: $0[1], damping: $0[2], allowOverDamping: overdamped)
        }) {
            return object(["mass", "stiffness", "damping"], p, extra: overdamped ? ", \"allowOverDamping\": true" : "")
        }
        return object(["angularFrequency", "decayConstant", "mass"], [s.angularFrequency, s.decayConstant, s.storedMass])
    }

    /// One keyframe object on one line, keys in the order type, value, duration, timing, timingCurve,
    /// spring, startVelocity, endVelocity.
    static func keyframe<V, W>(_ k: CameraScript.Keyframe<V, W>, _ path: String,
                        value: (V, String) throws(CameraScriptError) -> String,
                        velocity: (W, String) throws(CameraScriptError) -> String) throws(CameraScriptError) -> String {
        var members: [String] = []
        func add(_ key: String, _ json: String) { members.append("\(Self.quoted(key)): \(json)") }
        let type: String
        switch k.kind {
        case .cubic: type = "cubic"
        case .linear: type = "linear"
        case .spring: type = "spring"
        case .move: type = "move"
        }
        add("type", Self.quoted(type))
        add("value", try value(k.value, path + ".value"))
        if let d = k.duration, type != "move" { add("duration", try number(d, path + ".duration")) }
        if let t = k.timing, (k.value as? CameraScript.CoordinateValue) == .routePoints { add("timing", Self.quoted(t.rawValue)) }
        switch k.kind {
        case let .cubic(start, end):
            if let start { add("startVelocity", try velocity(start, path + ".startVelocity")) }
            if let end { add("endVelocity", try velocity(end, path + ".endVelocity")) }
        case let .linear(curve):
            if curve != .linear { add("timingCurve", try Self.curve(curve, path + ".timingCurve")) }
        case let .spring(spring, start):
            add("spring", try Self.spring(spring, path + ".spring"))
            if let start { add("startVelocity", try velocity(start, path + ".startVelocity")) }
        case .move:
            break
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// `"name": [ … ]` with one keyframe per line, or `"name": []`.
    mutating func track<V, W>(_ name: String, _ keyframes: [CameraScript.Keyframe<V, W>], last: Bool,
                              value: (V, String) throws(CameraScriptError) -> String,
                              velocity: (W, String) throws(CameraScriptError) -> String) throws(CameraScriptError) {
        let comma = last ? "" : ","
        guard !keyframes.isEmpty else {
            line("    \(Self.quoted(name)): []\(comma)")
            return
        }
        line("    \(Self.quoted(name)): [")
        for (i, k) in keyframes.enumerated() {
            let json = try Self.keyframe(k, "tracks.\(name)[\(i)]", value: value, velocity: velocity)
            line("      \(json)\(i == keyframes.count - 1 ? "" : ",")")
        }
        line("    ]\(comma)")
    }
}

/// The names the JSON form uses for references, curves and spring presets.
enum ScriptJSONNames {
    /// Coordinate references, in the order messages list them.
    static let coordinateReferences: [(name: String, value: CameraScript.CoordinateValue)] = [
        ("route.start", .routeStart), ("route.end", .routeEnd), ("route.center", .routeCenter),
        ("initial", .initial), ("route.points", .routePoints),
    ]

    /// Number references, in the order messages list them.
    static let numberReferences: [(name: String, value: CameraScript.NumberValue)] = [
        ("initial", .initial), ("framed", .framed), ("route.heading", .routeHeading), ("ground", .ground),
    ]

    /// Every named ``UnitCurve``, by its Swift name (`easeInEaseOut`, SwiftUI's deprecated spelling of
    /// `easeInOut`, is read but never written: it is the same curve).
    static let curves: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut), ("circularEaseInOut", .circularEaseInOut),
        ("easeInQuad", .easeInQuad), ("easeOutQuad", .easeOutQuad), ("easeInOutQuad", .easeInOutQuad),
        ("easeInCubic", .easeInCubic), ("easeOutCubic", .easeOutCubic), ("easeInOutCubic", .easeInOutCubic),
        ("easeInQuart", .easeInQuart), ("easeOutQuart", .easeOutQuart), ("easeInOutQuart", .easeInOutQuart),
        ("easeInQuint", .easeInQuint), ("easeOutQuint", .easeOutQuint), ("easeInOutQuint", .easeInOutQuint),
        ("easeInSine", .easeInSine), ("easeOutSine", .easeOutSine), ("easeInOutSine", .easeInOutSine),
        ("easeInExpo", .easeInExpo), ("easeOutExpo", .easeOutExpo), ("easeInOutExpo", .easeInOutExpo),
        ("easeInBack", .easeInBack), ("easeOutBack", .easeOutBack), ("easeInOutBack", .easeInOutBack),
    ]

    /// Names accepted when reading a curve: ``curves`` plus `easeInEaseOut`.
    static let readableCurves: [(name: String, curve: UnitCurve)] = curves + [("easeInEaseOut", .easeInEaseOut)]

    /// The spring presets of `Spring+Presets.swift`.
    static let springPresets: [(name: String, spring: Spring)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
    ]

    /// The spring, or `nil` when its internal parameters are not all finite.
    static func finite(_ s: Spring) -> Spring? {
        s.angularFrequency.isFinite && s.decayConstant.isFinite && s.storedMass.isFinite ? s : nil
    }

    static func validSpring(duration: Double, bounce: Double) -> Spring? {
        duration > 0 && bounce > -1 ? finite(Spring(duration: duration, bounce: bounce)) : nil
    }

    static func validSpring(response: Double, dampingRatio: Double) -> Spring? {
        response > 0 && dampingRatio >= 0 ? finite(Spring(response: response, dampingRatio: dampingRatio)) : nil
    }

    static func validSpring(mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool) -> Spring? {
        mass > 0 && stiffness > 0 && damping >= 0
            ? finite(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allowOverDamping)) : nil
    }
}

extension CameraScript {
    /// Reads a camera script file. `path` always names a file, `-` included; standard input is
    /// ``loadStandardInput()``.
    ///
    /// - Parameter path: The path as the user typed it; error messages repeat it.
    /// - Throws: ``CameraScriptError``: the file cannot be read, is larger than
    ///   16 MiB (`InputLimits.maximumScriptBytes`) or is not text, or its JSON is not a valid script (located by
    ///   line, column and JSON path).
    /// - Complexity: O(n) time and memory in the file's size n.
    public static func load(path: String) throws(CameraScriptError) -> CameraScript {
        try load(displayPath: path) { () throws(InputLimits.Failure) in
            try InputLimits.readAll(path: path, limit: InputLimits.maximumScriptBytes)
        }
    }

    /// Reads a camera script from standard input, once, to its end. Messages name it
    /// `RouteFile/standardInputName` (`<stdin>`).
    ///
    /// - Throws: ``CameraScriptError`` in `<stdin>`: standard input cannot be read, holds more than
    ///   `InputLimits.maximumScriptBytes` (16 MiB; reading stops there, so memory stays bounded) or
    ///   is not text, or its JSON is not a valid script (located by line, column and JSON path).
    /// - Complexity: O(n) time and memory in the input's size n.
    public static func loadStandardInput() throws(CameraScriptError) -> CameraScript {
        try load(displayPath: RouteFile.standardInputName) { () throws(InputLimits.Failure) in
            try InputLimits.readStandardInput(limit: InputLimits.maximumScriptBytes)
        }
    }

    /// Parses the bytes that `read` gives, wording its failures as camera-script errors in `displayPath`.
    private static func load(displayPath: String,
                             _ read: () throws(InputLimits.Failure) -> Data) throws(CameraScriptError) -> CameraScript {
        let data: Data
        do {
            data = try read()
        } catch {
            let why: String
            switch error {
            case .unreadable(let reason): why = "cannot read the camera script: \(reason)"
            case .tooLarge(let limit): why = "the camera script is larger than \(InputLimits.describe(bytes: limit)), the most a script may hold"
            case .binary(_, _, let what): why = "the camera script holds binary data, not JSON text: \(what)"
            }
            throw CameraScriptError(path: displayPath, message: why)
        }
        return try CameraScript(json: data, path: displayPath)
    }
}
