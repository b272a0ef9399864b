import Foundation

/// Turns a parsed JSON tree into a ``CameraScript``, checking the schema of docs/camera-script.md.
///
/// Every error carries the file path, the JSON path of the offending value (`tracks.heading[2].duration`)
/// and the line and column where that value (or key, for key errors; or the enclosing object, for a
/// missing key) starts.
struct ScriptJSONDecoder {
    /// The script file's path as the user typed it, copied into errors.
    let file: String?

    // MARK: Errors

    /// An error at `at`: its JSON path (none at the top level), line and column.
    func fail(_ at: JSONCursor, _ message: String) -> CameraScriptError {
        let (line, column) = at.location
        return CameraScriptError(path: file, jsonPath: Self.jsonPath(at.path), line: line, column: column, message: message)
    }

    /// An error at the key of the member `key` of `object`.
    func fail(key: String, of object: JSONObjectCursor, _ message: String) -> CameraScriptError {
        let (path, line, column) = object.key(key)
        return CameraScriptError(path: file, jsonPath: Self.jsonPath(path), line: line, column: column, message: message)
    }

    /// A ``JSONCursorError`` in the script's words: `what` names the value (`"duration"`), `expected`
    /// says what it should be.
    func fail(_ error: JSONCursorError, what: String, expected: String) -> CameraScriptError {
        let message: String
        switch error.problem {
        case .type:
            message = "\(what) is \(typeDescription(error.found)); expected \(expected)"
        case .notFinite:
            message = "\(what) is \(error.found.document.numberText(of: error.found.node)), which is out of range; "
                + "expected \(expected) (finite, magnitude below about 1.8e308)"
        case .missingMember(let key):
            message = "missing \(ScriptJSONWriter.quoted(key)); expected \(expected)"
        case .unknownMember(let key, let allowed):
            message = "unknown key \(ScriptJSONWriter.quoted(key))\(Self.suggestion(for: key, among: allowed)); expected \(Self.list(allowed))"
        case .duplicateMember(let key, let line, let column):
            message = "duplicate key \(ScriptJSONWriter.quoted(key)) (it is also at line \(line), column \(column))"
        }
        let (line, column) = error.location
        return CameraScriptError(path: file, jsonPath: Self.jsonPath(error.path), line: line, column: column, message: message)
    }

    /// How errors spell a path: `JSONPath`'s spelling, `nil` at the top level.
    static func jsonPath(_ path: JSONPath) -> String? { path.isRoot ? nil : path.description }

    /// The value of `accessor`, or its error worded by ``fail(_:what:expected:)``.
    func read<T>(_ what: String, expected: String, _ accessor: () throws(JSONCursorError) -> T) throws(CameraScriptError) -> T {
        do {
            return try accessor()
        } catch {
            throw fail(error, what: what, expected: expected)
        }
    }

    /// How a message names a value's JSON type: "an object", "a string (\"abc\")", "a number (1e999)"
    /// (its text as written), "a boolean (true)".
    func typeDescription(_ at: JSONCursor) -> String {
        switch at.value {
        case .object: return "an object"
        case .array, .deferredArray: return "an array"
        case .string(let s): return "a string (\(ScriptJSONWriter.quoted(s)))"
        case .number: return "a number (\(at.document.numberText(of: at.node)))"
        case .bool(let b): return "a boolean (\(b))"
        case .null: return "null"
        }
    }

    /// `"a", "b" or "c"`.
    static func list(_ names: [String], quoted: Bool = true, conjunction: String = "or") -> String {
        let items = quoted ? names.map { ScriptJSONWriter.quoted($0) } : names
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// ` (did you mean "x"?)` when a candidate is within a small edit distance of `word`, else "".
    ///
    /// The distance is ``EditDistance/caseInsensitive(_:_:)`` (optimal string alignment: a swap of two
    /// neighbours is one edit); a candidate is close when at most `max(2, its length / 3)` edits away.
    /// Ties go to the earlier candidate.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = EditDistance.caseInsensitive(word, c)
            if d <= max(2, c.count / 3), d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best.map { " (did you mean \(ScriptJSONWriter.quoted($0.name))?)" } ?? ""
    }

    // MARK: JSON types

    /// Checks that `at` is an object whose keys are all among `keys`, none twice.
    ///
    /// - Parameters:
    ///   - what: How messages name the value (`"initialCamera"`, `keyframe 2 of "heading"`).
    ///   - expected: What the object should look like, for the type message.
    func object(_ at: JSONCursor, what: String, keys allowed: [String], expected: String? = nil) throws(CameraScriptError) -> JSONObjectCursor {
        try read(what, expected: expected ?? "an object with the keys \(Self.list(allowed))") { () throws(JSONCursorError) in
            try at.object(allowing: allowed)
        }
    }

    func missing(_ object: JSONObjectCursor, _ key: String, _ expected: String) -> CameraScriptError {
        fail(object.missing(key), what: "", expected: expected)
    }

    /// A finite number.
    func number(_ at: JSONCursor, what: String, expected: String = "a number") throws(CameraScriptError) -> Double {
        try read(what, expected: expected) { () throws(JSONCursorError) in try at.number() }
    }

    /// A string among `names` (with a suggestion when it is not).
    func name(_ at: JSONCursor, what: String, among names: [String], expected: String? = nil) throws(CameraScriptError) -> String {
        let expected = expected ?? "one of \(Self.list(names, quoted: false))"
        let s = try read(what, expected: expected) { () throws(JSONCursorError) in try at.string() }
        guard names.contains(s) else {
            throw fail(at, "\(what) is \(ScriptJSONWriter.quoted(s)); expected \(expected)\(Self.suggestion(for: s, among: names))")
        }
        return s
    }

    /// How messages name a member by its key: `"startVelocity"`.
    static func quotedKey(_ at: JSONCursor) -> String {
        guard case .key(let key)? = at.path.steps.last else { return at.path.description }
        return ScriptJSONWriter.quoted(key)
    }

    // MARK: The document

    func script(_ root: JSONCursor) throws(CameraScriptError) -> CameraScript {
        let version = "routekitCameraScript"
        let top = try object(root, what: "the document", keys: [version, "initialCamera", "tracks"],
                             expected: "a JSON object with \"\(version)\": \(CameraScript.jsonSchemaVersion)")
        guard let v = top[version] else {
            throw missing(top, version, "\"\(version)\": \(CameraScript.jsonSchemaVersion) (the schema version, which marks a RouteKit camera script)")
        }
        let n = try number(v, what: "\"\(version)\"", expected: "\(CameraScript.jsonSchemaVersion)")
        guard n == Double(CameraScript.jsonSchemaVersion) else {
            throw fail(v, "\"\(version)\" is \(ScriptJSONWriter.number(n)); this RouteKit reads version \(CameraScript.jsonSchemaVersion) only")
        }
        var script = CameraScript(initialCamera: CameraScript.InitialCamera())
        if let node = top["initialCamera"] { script.initialCamera = try initialCamera(node) }
        if let node = top["tracks"] {
            let names = ScriptJSONTrack.all.map(\.name)
            let tracks = try object(node, what: "\"tracks\"", keys: ["centerCoordinate"] + names)
            if let t = tracks["centerCoordinate"] {
                script.centerCoordinate = try track(t, value: { n throws(CameraScriptError) in
                    try coordinateValue(n, what: "\"value\"", references: ScriptJSONNames.coordinateReferences.map(\.name))
                }, velocity: { n throws(CameraScriptError) in
                    try coordinate(n, what: Self.quotedKey(n), unit: "degrees per second", isVelocity: true)
                }, isRoutePoints: { $0 == .routePoints })
            }
            for spec in ScriptJSONTrack.all {
                guard let t = tracks[spec.name] else { continue }
                let keyframes = try track(t, value: { n throws(CameraScriptError) in
                    try numberValue(n, what: "\"value\"", unit: spec.unit, references: spec.references)
                }, velocity: { n throws(CameraScriptError) in
                    let v = try number(n, what: Self.quotedKey(n), expected: "a number (\(spec.unit) per second)")
                    guard abs(v) <= spec.maximumVelocity else {
                        throw fail(n, "\(Self.quotedKey(n)) is \(ScriptJSONWriter.number(v)) \(spec.unit) per second, out of range; expected at most \(ScriptJSONWriter.number(spec.maximumVelocity)) in magnitude")
                    }
                    return v
                }, isRoutePoints: { _ in false })
                switch spec.property {
                case .heading: script.heading = keyframes
                case .distance: script.distance = keyframes
                case .pitch: script.pitch = keyframes
                case .centerElevation: script.centerElevation = keyframes
                }
            }
        }
        return script
    }

    func initialCamera(_ node: JSONCursor) throws(CameraScriptError) -> CameraScript.InitialCamera {
        let keys = ["centerCoordinate"] + ScriptJSONTrack.all.map(\.name)
        let o = try object(node, what: "\"initialCamera\"", keys: keys)
        var camera = CameraScript.InitialCamera()
        if let n = o["centerCoordinate"] {
            camera.centerCoordinate = try coordinateValue(n, what: "\"centerCoordinate\"",
                                                          references: ["route.start", "route.end", "route.center"])
        }
        for spec in ScriptJSONTrack.all {
            guard let n = o[spec.name] else { continue }
            let v = try numberValue(n, what: "\"\(spec.name)\"", unit: spec.unit,
                                    references: spec.references.filter { $0 != "initial" })
            switch spec.property {
            case .heading: camera.heading = v
            case .distance: camera.distance = v
            case .pitch: camera.pitch = v
            case .centerElevation: camera.centerElevation = v
            }
        }
        return camera
    }

    // MARK: Values

    /// A literal number, or a reference string among `references`.
    func numberValue(_ node: JSONCursor, what: String, unit: String, references: [String]) throws(CameraScriptError) -> CameraScript.NumberValue {
        let expected = Self.list(["a number (\(unit))"] + references.map { ScriptJSONWriter.quoted($0) }, quoted: false)
        if case .string = node.value {
            let s = try name(node, what: what, among: references, expected: expected)
            return ScriptJSONNames.numberReferences.first { $0.name == s }!.value
        }
        return .number(try number(node, what: what, expected: expected))
    }

    /// A literal coordinate, or a reference string among `references`.
    func coordinateValue(_ node: JSONCursor, what: String, references: [String]) throws(CameraScriptError) -> CameraScript.CoordinateValue {
        let expected = Self.list(["{\"latitude\": …, \"longitude\": …} (degrees)"] + references.map { ScriptJSONWriter.quoted($0) }, quoted: false)
        switch node.value {
        case .string:
            let s = try name(node, what: what, among: references, expected: expected)
            return ScriptJSONNames.coordinateReferences.first { $0.name == s }!.value
        case .object:
            return .coordinate(try coordinate(node, what: what, unit: "degrees", isVelocity: false))
        default:
            throw fail(node, "\(what) is \(typeDescription(node)); expected \(expected)")
        }
    }

    /// `{"latitude": …, "longitude": …}`; a position's latitude must lie in `-90...90`.
    func coordinate(_ node: JSONCursor, what: String, unit: String, isVelocity: Bool) throws(CameraScriptError) -> LocationCoordinate2D {
        let shape = "{\"latitude\": …, \"longitude\": …} (\(unit))"
        let o = try object(node, what: what, keys: ["latitude", "longitude"], expected: shape)
        guard let lat = o["latitude"] else { throw missing(o, "latitude", "a number (\(unit))") }
        guard let lon = o["longitude"] else { throw missing(o, "longitude", "a number (\(unit))") }
        let latitude = try number(lat, what: "\"latitude\"", expected: "a number (\(unit))")
        let longitude = try number(lon, what: "\"longitude\"", expected: "a number (\(unit))")
        if !isVelocity && !(-90.0...90.0).contains(latitude) {
            throw fail(lat, "latitude \(ScriptJSONWriter.number(latitude)) is out of range; expected degrees in -90...90")
        }
        // Unwrapped longitudes may pass 180, but not by whole turns of the Earth: beyond ten turns a
        // value is a mistake (and too large to unwrap exactly).
        if !isVelocity && !(-3600.0...3600.0).contains(longitude) {
            throw fail(lon, "longitude \(ScriptJSONWriter.number(longitude)) is out of range; expected degrees in -3600...3600 (normally -180...180)")
        }
        if isVelocity {
            let limit = ScriptJSONTrack.maximumCoordinateVelocity
            for (n, v, key) in [(lat, latitude, "latitude"), (lon, longitude, "longitude")] where abs(v) > limit {
                throw fail(n, "\"\(key)\" is \(ScriptJSONWriter.number(v)) degrees per second, out of range; expected at most \(ScriptJSONWriter.number(limit)) in magnitude")
            }
        }
        return LocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    // MARK: Tracks and keyframes

    /// A keyframe's `type`: the four keyframe kinds of SwiftUI's `KeyframeTrack`.
    enum KeyframeType: String, CaseIterable {
        case cubic, linear, spring, move

        /// The keys the type takes besides `type`, `value` and `timing`.
        var keys: [String] {
            switch self {
            case .cubic: ["duration", "startVelocity", "endVelocity"]
            case .linear: ["duration", "timingCurve"]
            case .spring: ["duration", "spring", "startVelocity"]
            case .move: []
            }
        }
    }
    static let keyframeTypes = KeyframeType.allCases.map(\.rawValue)
    static let keyframeKeys = ["type", "value", "duration", "timing", "timingCurve", "spring", "startVelocity", "endVelocity"]

    func track<V, W>(_ node: JSONCursor,
                     value: (JSONCursor) throws(CameraScriptError) -> V,
                     velocity: (JSONCursor) throws(CameraScriptError) -> W,
                     isRoutePoints: (V) -> Bool) throws(CameraScriptError) -> [CameraScript.Keyframe<V, W>] {
        let elements = try read(Self.quotedKey(node), expected: "an array of keyframes") { () throws(JSONCursorError) in try node.array() }
        var keyframes: [CameraScript.Keyframe<V, W>] = []
        for element in elements {
            keyframes.append(try keyframe(element, value: value, velocity: velocity, isRoutePoints: isRoutePoints))
        }
        return keyframes
    }

    func keyframe<V, W>(_ node: JSONCursor,
                        value: (JSONCursor) throws(CameraScriptError) -> V,
                        velocity: (JSONCursor) throws(CameraScriptError) -> W,
                        isRoutePoints: (V) -> Bool) throws(CameraScriptError) -> CameraScript.Keyframe<V, W> {
        let o = try object(node, what: "keyframe \(node.path)", keys: Self.keyframeKeys,
                           expected: "a keyframe object such as {\"type\": \"linear\", \"value\": 0, \"duration\": 1}")
        guard let typeNode = o["type"] else { throw missing(o, "type", "one of \(Self.list(Self.keyframeTypes, quoted: false))") }
        let typeName = try name(typeNode, what: "\"type\"", among: Self.keyframeTypes)
        let type = KeyframeType(rawValue: typeName) ?? .move  // `name` returned one of the raw values
        let applicable = ["type", "value", "timing"] + type.keys
        for key in o.keys where !applicable.contains(key) {
            let owners = KeyframeType.allCases.filter { $0.keys.contains(key) }.map(\.rawValue)
            let note = type == .move && key == "duration" ? " (a move takes no time)"
                : " (it belongs to \(Self.list(owners)) keyframes)"
            throw fail(key: key, of: o, "\(ScriptJSONWriter.quoted(key)) does not apply to a \(ScriptJSONWriter.quoted(typeName)) keyframe\(note)")
        }
        guard let valueNode = o["value"] else { throw missing(o, "value", "the keyframe's target value") }
        let v = try value(valueNode)

        var duration: Double?
        if let d = o["duration"] {
            let seconds = try number(d, what: "\"duration\"", expected: "a number (seconds >= 0)")
            guard seconds >= 0 else {
                throw fail(d, "\"duration\" is \(ScriptJSONWriter.number(seconds)), which is negative; expected seconds >= 0")
            }
            guard seconds <= CameraScript.maximumKeyframeDuration else {
                throw fail(d, "\"duration\" is \(ScriptJSONWriter.number(seconds)) s, which is longer than any flight (expected at most \(ScriptJSONWriter.number(CameraScript.maximumKeyframeDuration)) s, about 116 days)")
            }
            duration = seconds
        } else if type == .cubic || type == .linear {
            throw missing(o, "duration", "seconds >= 0 (a \(typeName) keyframe needs one; only a spring may omit it, to settle)")
        }

        var timing: CameraScript.Timing?
        if let t = o["timing"] {
            guard isRoutePoints(v) else {
                throw fail(key: "timing", of: o, "\"timing\" applies only to a keyframe whose value is \"route.points\"")
            }
            let names = CameraScript.Timing.allCases.map(\.rawValue)
            timing = CameraScript.Timing(rawValue: try name(t, what: "\"timing\"", among: names))
        }

        func optionalVelocity(_ key: String) throws(CameraScriptError) -> W? {
            guard let n = o[key] else { return nil }
            return try velocity(n)
        }
        let kind: CameraScript.Kind<W>
        switch type {
        case .cubic:
            kind = .cubic(startVelocity: try optionalVelocity("startVelocity"), endVelocity: try optionalVelocity("endVelocity"))
        case .linear:
            kind = .linear(try o["timingCurve"].map { n throws(CameraScriptError) in try curve(n, what: "\"timingCurve\"") } ?? .linear)
        case .spring:
            kind = .spring(try o["spring"].map { n throws(CameraScriptError) in try spring(n) } ?? Spring(), startVelocity: try optionalVelocity("startVelocity"))
        case .move:
            kind = .move
        }
        return CameraScript.Keyframe(kind, v, duration: duration, timing: timing)
    }

    // MARK: Curves and springs

    /// A curve name, `{"bezier": [x1, y1, x2, y2]}` or `{"inverse": curve}`.
    func curve(_ node: JSONCursor, what: String) throws(CameraScriptError) -> UnitCurve {
        let names = ScriptJSONNames.readableCurves.map(\.name)
        let expected = "a curve name (\(Self.list(Array(names.prefix(7)), quoted: false)), or a Penner easing easeInQuad … easeInOutBack) or {\"bezier\": [x1, y1, x2, y2]}"
        switch node.value {
        case .string:
            let s = try name(node, what: what, among: names, expected: expected)
            return ScriptJSONNames.readableCurves.first { $0.name == s }!.curve
        case .object(let members):
            let o = try object(node, what: what, keys: ["bezier", "inverse"], expected: expected)
            guard members.count == 1 else { throw fail(node, "\(what) has \(members.count) keys; expected exactly one, \"bezier\" or \"inverse\"") }
            if let inner = o["inverse"] { return try curve(inner, what: "\"inverse\"").inverse }
            let b = o["bezier"]!
            let shape = "an array of 4 numbers [x1, y1, x2, y2] (the control points; x is clamped to 0...1)"
            let elements = try read("\"bezier\"", expected: shape) { () throws(JSONCursorError) in try b.array() }
            guard elements.count == 4 else { throw fail(b, "\"bezier\" has \(elements.count) number\(elements.count == 1 ? "" : "s"); expected \(shape)") }
            var p: [Double] = []
            for (i, e) in elements.enumerated() {
                p.append(try number(e, what: "element \(i) of \"bezier\"", expected: "a number"))
            }
            return .bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3]))
        default:
            throw fail(node, "\(what) is \(typeDescription(node)); expected \(expected)")
        }
    }

    /// The forms of a spring object (SwiftUI's four `Spring` initialisers): their keys, and which of
    /// them are required.
    enum SpringForm: CaseIterable {
        case durationBounce, responseDampingRatio, massStiffnessDamping, angularFrequencyDecay

        var keys: [String] {
            switch self {
            case .durationBounce: ["duration", "bounce"]
            case .responseDampingRatio: ["response", "dampingRatio"]
            case .massStiffnessDamping: ["mass", "stiffness", "damping", "allowOverDamping"]
            case .angularFrequencyDecay: ["angularFrequency", "decayConstant", "mass"]
            }
        }

        var required: [String] {
            switch self {
            case .durationBounce: ["duration"]
            case .responseDampingRatio: ["response", "dampingRatio"]
            case .massStiffnessDamping: ["stiffness", "damping"]
            case .angularFrequencyDecay: ["angularFrequency", "decayConstant", "mass"]
            }
        }
    }
    static let springForms = SpringForm.allCases

    /// A preset name or one of ``springForms``.
    func spring(_ node: JSONCursor) throws(CameraScriptError) -> Spring {
        let presets = ScriptJSONNames.springPresets.map(\.name)
        let forms = "{\"duration\", \"bounce\"}, {\"response\", \"dampingRatio\"}, {\"mass\", \"stiffness\", \"damping\"} or {\"angularFrequency\", \"decayConstant\", \"mass\"}"
        let expected = "a preset (\(Self.list(presets, quoted: false))) or an object \(forms)"
        switch node.value {
        case .string:
            let s = try name(node, what: "\"spring\"", among: presets, expected: expected)
            return ScriptJSONNames.springPresets.first { $0.name == s }!.spring
        case .object:
            break
        default:
            throw fail(node, "\"spring\" is \(typeDescription(node)); expected \(expected)")
        }
        let allKeys = Self.springForms.flatMap(\.keys).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let o = try object(node, what: "\"spring\"", keys: allKeys, expected: expected)
        guard !o.keys.isEmpty else { throw fail(node, "\"spring\" is an empty object; expected \(expected)") }
        guard let form = Self.springForms.first(where: { f in o.keys.allSatisfy { f.keys.contains($0) } }) else {
            throw fail(node, "\"spring\" mixes the keys \(Self.list(o.keys, conjunction: "and")) of different forms; expected one of \(forms)")
        }
        for key in form.required where o[key] == nil {
            throw missing(o, key, "a number (the spring form \(Self.list(form.required, conjunction: "and")) needs it)")
        }
        func value(_ key: String, default d: Double, _ valid: (Double) -> Bool, _ range: String) throws(CameraScriptError) -> Double {
            guard let n = o[key] else { return d }
            let v = try number(n, what: "\"\(key)\"", expected: "a number (\(range))")
            guard valid(v) else { throw fail(n, "\"\(key)\" is \(ScriptJSONWriter.number(v)), out of range; expected \(range)") }
            return v
        }
        var made: Spring?
        switch form {
        case .durationBounce:
            made = ScriptJSONNames.validSpring(duration: try value("duration", default: 0.5, { $0 > 0 }, "seconds > 0"),
                                               bounce: try value("bounce", default: 0, { $0 > -1 }, "a bounce > -1, usually -1...1"))
        case .responseDampingRatio:
            made = ScriptJSONNames.validSpring(response: try value("response", default: 0.5, { $0 > 0 }, "seconds > 0"),
                                               dampingRatio: try value("dampingRatio", default: 1, { $0 >= 0 }, "a damping ratio >= 0"))
        case .massStiffnessDamping:
            var allow = false
            if let n = o["allowOverDamping"] {
                allow = try read("\"allowOverDamping\"", expected: "true or false") { () throws(JSONCursorError) in try n.bool() }
            }
            made = ScriptJSONNames.validSpring(mass: try value("mass", default: 1, { $0 > 0 }, "a mass > 0"),
                                               stiffness: try value("stiffness", default: 1, { $0 > 0 }, "a stiffness > 0"),
                                               damping: try value("damping", default: 0, { $0 >= 0 }, "a damping >= 0"),
                                               allowOverDamping: allow)
        case .angularFrequencyDecay:
            let omega = try value("angularFrequency", default: 0, { _ in true }, "radians per second")
            let lambda = try value("decayConstant", default: 0, { $0 >= 0 }, "a decay constant >= 0, per second")
            let mass = try value("mass", default: 1, { $0 > 0 }, "a mass > 0")
            let s = Spring(angularFrequency: omega, decayConstant: lambda, mass: mass)
            made = s.squaredNaturalFrequency > 0 && s.squaredNaturalFrequency.isFinite ? s : nil
        }
        guard let made else {
            throw fail(node, "\"spring\" describes no spring that can be evaluated (its natural frequency is zero or not finite)")
        }
        return made
    }
}

/// The number properties of a camera: their names (as MapKit's), units and references.
struct ScriptJSONTrack {
    var property: CameraScript.Property
    /// The property's name in the JSON.
    var name: String { property.rawValue }
    /// The unit of values; velocities are this unit per second.
    var unit: String
    /// The reference strings a value may be (`"initial"` is dropped in the initial camera).
    var references: [String]
    /// The largest velocity magnitude a keyframe may give, this unit per second: far beyond any camera
    /// move (ten turns a second; the distance from the Earth to the Moon in a second; 100 km of height a
    /// second), so that a value a cubic or spring overshoots to stays a number, not an overflow.
    var maximumVelocity: Double

    static let all = [
        ScriptJSONTrack(property: .heading, unit: "degrees", references: ["initial", "route.heading"], maximumVelocity: 3600),
        ScriptJSONTrack(property: .distance, unit: "metres", references: ["initial", "framed"], maximumVelocity: 4e8),
        ScriptJSONTrack(property: .pitch, unit: "degrees", references: ["initial"], maximumVelocity: 3600),
        ScriptJSONTrack(property: .centerElevation, unit: "metres", references: ["initial", "ground"], maximumVelocity: 1e5),
    ]
    /// The largest centre velocity, degrees per second of latitude or longitude (ten turns a second).
    static let maximumCoordinateVelocity = 3600.0
}

extension JSONSyntaxError {
    /// The error as a camera script reports it: a message naming what was found and what was
    /// expected (with messages of their own for comments, single quotes, trailing commas, `NaN` and
    /// `Infinity`), at the line and column of the offending character (a misspelt `true`, `false` or
    /// `null`: its first letter); no JSON path.
    func cameraScriptError(in bytes: [UInt8], path: String?) -> CameraScriptError {
        let (at, message) = bytes.withUnsafeBufferPointer { explained(in: $0) }
        let (line, column) = bytes.withUnsafeBufferPointer { JSONDocument.location(of: at, in: $0) }
        return CameraScriptError(path: path, line: line, column: column, message: message)
    }
}
