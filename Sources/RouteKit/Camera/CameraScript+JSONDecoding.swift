import Foundation

/// Turns a parsed JSON tree into a ``CameraScript``, checking the schema of docs/camera-script.md.
///
/// Every error carries the file path, the JSON path of the offending value (`tracks.heading[2].duration`)
/// and the line and column where that value (or key, for key errors; or the enclosing object, for a
/// missing key) starts.
struct ScriptJSONDecoder {
    /// The script file's path as the user typed it, copied into errors.
    let file: String?
    /// The parsed script, for the line and column of a node and the text of a number.
    let document: JSONDocument

    typealias Node = JSONNode

    // MARK: Errors and paths

    func fail(_ node: Node, _ path: String?, _ message: String) -> CameraScriptError {
        let (line, column) = document.location(of: node.offset)
        return CameraScriptError(path: file, jsonPath: path, line: line, column: column, message: message)
    }

    func fail(_ member: JSONMember, _ path: String, _ message: String) -> CameraScriptError {
        let (line, column) = document.location(of: member.keyOffset)
        return CameraScriptError(path: file, jsonPath: path, line: line, column: column, message: message)
    }

    /// How a message names a value's JSON type: "an object", "a string (\"abc\")", "a number (1e999)"
    /// (its text as written), "a boolean (true)".
    func typeDescription(_ node: Node) -> String {
        switch node.value {
        case .object: return "an object"
        case .array, .deferredArray: return "an array"
        case .string(let s): return "a string (\(ScriptJSONWriter.quoted(s)))"
        case .number: return "a number (\(document.numberText(of: node)))"
        case .bool(let b): return "a boolean (\(b))"
        case .null: return "null"
        }
    }

    /// `base.key`, or `base["odd key"]` for a key that is not an identifier; `key` alone at the root.
    static func path(_ base: String, _ key: String) -> String {
        let isIdentifier = key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
        if isIdentifier { return base.isEmpty ? key : base + "." + key }
        return base + "[" + ScriptJSONWriter.quoted(key) + "]"
    }

    /// `"a", "b" or "c"`.
    static func list(_ names: [String], quoted: Bool = true, conjunction: String = "or") -> String {
        let items = quoted ? names.map { ScriptJSONWriter.quoted($0) } : names
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// ` (did you mean "x"?)` when a candidate is within a small edit distance of `word`, else "".
    ///
    /// The distance is Levenshtein's over lowercased characters; a candidate is close when at most
    /// `max(2, its length / 3)` edits away. Ties go to the earlier candidate.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        let w = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = editDistance(w, Array(c.lowercased()))
            if d <= max(2, c.count / 3), d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best.map { " (did you mean \(ScriptJSONWriter.quoted($0.name))?)" } ?? ""
    }

    /// Levenshtein distance: insertions, deletions and substitutions each cost 1. O(|a|·|b|).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    // MARK: JSON types

    /// An object's members by key, once unknown and duplicate keys have been ruled out.
    struct Object {
        let node: Node
        let path: String
        let members: [String: JSONMember]
        /// Keys in document order.
        let keys: [String]

        subscript(key: String) -> Node? { members[key]?.node }
    }

    /// Checks that `node` is an object whose keys are all among `keys`, none twice.
    ///
    /// - Parameters:
    ///   - what: How messages name the value (`"initialCamera"`, `keyframe 2 of "heading"`).
    ///   - expected: What the object should look like, for the type message.
    func object(_ node: Node, _ path: String, what: String, keys allowed: [String], expected: String? = nil) throws(CameraScriptError) -> Object {
        guard case .object(let members) = node.value else {
            throw fail(node, path.isEmpty ? nil : path, "\(what) is \(typeDescription(node)); expected \(expected ?? "an object with the keys \(Self.list(allowed))")")
        }
        var byKey: [String: JSONMember] = [:]
        var order: [String] = []
        for m in members {
            let memberPath = Self.path(path, m.key)
            if let first = byKey[m.key] {
                let (line, column) = document.location(of: first.keyOffset)
                throw fail(m, memberPath, "duplicate key \(ScriptJSONWriter.quoted(m.key)) (it is also at line \(line), column \(column))")
            }
            guard allowed.contains(m.key) else {
                throw fail(m, memberPath, "unknown key \(ScriptJSONWriter.quoted(m.key))\(Self.suggestion(for: m.key, among: allowed)); expected \(Self.list(allowed))")
            }
            byKey[m.key] = m
            order.append(m.key)
        }
        return Object(node: node, path: path, members: byKey, keys: order)
    }

    func missing(_ object: Object, _ key: String, _ expected: String) -> CameraScriptError {
        fail(object.node, Self.path(object.path, key), "missing \(ScriptJSONWriter.quoted(key)); expected \(expected)")
    }

    /// A finite number.
    func number(_ node: Node, _ path: String, what: String, expected: String = "a number") throws(CameraScriptError) -> Double {
        guard case .number(let v) = node.value else {
            throw fail(node, path, "\(what) is \(typeDescription(node)); expected \(expected)")
        }
        guard v.isFinite else {
            throw fail(node, path, "\(what) is \(document.numberText(of: node)), which is out of range; expected \(expected) (finite, magnitude below about 1.8e308)")
        }
        return v
    }

    /// A string among `names` (with a suggestion when it is not).
    func name(_ node: Node, _ path: String, what: String, among names: [String], expected: String? = nil) throws(CameraScriptError) -> String {
        guard case .string(let s) = node.value else {
            throw fail(node, path, "\(what) is \(typeDescription(node)); expected \(expected ?? "one of \(Self.list(names, quoted: false))")")
        }
        guard names.contains(s) else {
            throw fail(node, path, "\(what) is \(ScriptJSONWriter.quoted(s)); expected \(expected ?? "one of \(Self.list(names, quoted: false))")\(Self.suggestion(for: s, among: names))")
        }
        return s
    }

    static func quotedKey(_ path: String) -> String {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return last.hasSuffix("]") ? last : ScriptJSONWriter.quoted(last)
    }

    // MARK: The document

    func script(_ root: Node) throws(CameraScriptError) -> CameraScript {
        let version = "routekitCameraScript"
        let top = try object(root, "", what: "the document", keys: [version, "initialCamera", "tracks"],
                             expected: "a JSON object with \"\(version)\": \(CameraScript.jsonSchemaVersion)")
        guard let v = top[version] else {
            throw missing(top, version, "\"\(version)\": \(CameraScript.jsonSchemaVersion) (the schema version, which marks a RouteKit camera script)")
        }
        let n = try number(v, version, what: "\"\(version)\"", expected: "\(CameraScript.jsonSchemaVersion)")
        guard n == Double(CameraScript.jsonSchemaVersion) else {
            throw fail(v, version, "\"\(version)\" is \(ScriptJSONWriter.number(n)); this RouteKit reads version \(CameraScript.jsonSchemaVersion) only")
        }
        var script = CameraScript(initialCamera: CameraScript.InitialCamera())
        if let node = top["initialCamera"] { script.initialCamera = try initialCamera(node) }
        if let node = top["tracks"] {
            let names = ScriptJSONTrack.all.map(\.name)
            let tracks = try object(node, "tracks", what: "\"tracks\"", keys: ["centerCoordinate"] + names)
            if let t = tracks["centerCoordinate"] {
                script.centerCoordinate = try track(t, "tracks.centerCoordinate", value: { n, p throws(CameraScriptError) in
                    try coordinateValue(n, p, what: "\"value\"", references: ScriptJSONNames.coordinateReferences.map(\.name))
                }, velocity: { n, p throws(CameraScriptError) in
                    try coordinate(n, p, what: Self.quotedKey(p), unit: "degrees per second", isVelocity: true)
                }, isRoutePoints: { $0 == .routePoints })
            }
            for spec in ScriptJSONTrack.all {
                guard let t = tracks[spec.name] else { continue }
                let keyframes = try track(t, "tracks.\(spec.name)", value: { n, p throws(CameraScriptError) in
                    try numberValue(n, p, what: "\"value\"", unit: spec.unit, references: spec.references)
                }, velocity: { n, p throws(CameraScriptError) in
                    let v = try number(n, p, what: Self.quotedKey(p), expected: "a number (\(spec.unit) per second)")
                    guard abs(v) <= spec.maximumVelocity else {
                        throw fail(n, p, "\(Self.quotedKey(p)) is \(ScriptJSONWriter.number(v)) \(spec.unit) per second, out of range; expected at most \(ScriptJSONWriter.number(spec.maximumVelocity)) in magnitude")
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

    func initialCamera(_ node: Node) throws(CameraScriptError) -> CameraScript.InitialCamera {
        let keys = ["centerCoordinate"] + ScriptJSONTrack.all.map(\.name)
        let o = try object(node, "initialCamera", what: "\"initialCamera\"", keys: keys)
        var camera = CameraScript.InitialCamera()
        if let n = o["centerCoordinate"] {
            camera.centerCoordinate = try coordinateValue(n, "initialCamera.centerCoordinate", what: "\"centerCoordinate\"",
                                                          references: ["route.start", "route.end", "route.center"])
        }
        for spec in ScriptJSONTrack.all {
            guard let n = o[spec.name] else { continue }
            let path = "initialCamera.\(spec.name)"
            let v = try numberValue(n, path, what: "\"\(spec.name)\"", unit: spec.unit,
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
    func numberValue(_ node: Node, _ path: String, what: String, unit: String, references: [String]) throws(CameraScriptError) -> CameraScript.NumberValue {
        let expected = Self.list(["a number (\(unit))"] + references.map { ScriptJSONWriter.quoted($0) }, quoted: false)
        if case .string = node.value {
            let s = try name(node, path, what: what, among: references, expected: expected)
            return ScriptJSONNames.numberReferences.first { $0.name == s }!.value
        }
        return .number(try number(node, path, what: what, expected: expected))
    }

    /// A literal coordinate, or a reference string among `references`.
    func coordinateValue(_ node: Node, _ path: String, what: String, references: [String]) throws(CameraScriptError) -> CameraScript.CoordinateValue {
        let expected = Self.list(["{\"latitude\": …, \"longitude\": …} (degrees)"] + references.map { ScriptJSONWriter.quoted($0) }, quoted: false)
        switch node.value {
        case .string:
            let s = try name(node, path, what: what, among: references, expected: expected)
            return ScriptJSONNames.coordinateReferences.first { $0.name == s }!.value
        case .object:
            return .coordinate(try coordinate(node, path, what: what, unit: "degrees", isVelocity: false))
        default:
            throw fail(node, path, "\(what) is \(typeDescription(node)); expected \(expected)")
        }
    }

    /// `{"latitude": …, "longitude": …}`; a position's latitude must lie in `-90...90`.
    func coordinate(_ node: Node, _ path: String, what: String, unit: String, isVelocity: Bool) throws(CameraScriptError) -> LocationCoordinate2D {
        let shape = "{\"latitude\": …, \"longitude\": …} (\(unit))"
        let o = try object(node, path, what: what, keys: ["latitude", "longitude"], expected: shape)
        guard let lat = o["latitude"] else { throw missing(o, "latitude", "a number (\(unit))") }
        guard let lon = o["longitude"] else { throw missing(o, "longitude", "a number (\(unit))") }
        let latitude = try number(lat, path + ".latitude", what: "\"latitude\"", expected: "a number (\(unit))")
        let longitude = try number(lon, path + ".longitude", what: "\"longitude\"", expected: "a number (\(unit))")
        if !isVelocity && !(-90.0...90.0).contains(latitude) {
            throw fail(lat, path + ".latitude", "latitude \(ScriptJSONWriter.number(latitude)) is out of range; expected degrees in -90...90")
        }
        // Unwrapped longitudes may pass 180, but not by whole turns of the Earth: beyond ten turns a
        // value is a mistake (and too large to unwrap exactly).
        if !isVelocity && !(-3600.0...3600.0).contains(longitude) {
            throw fail(lon, path + ".longitude", "longitude \(ScriptJSONWriter.number(longitude)) is out of range; expected degrees in -3600...3600 (normally -180...180)")
        }
        if isVelocity {
            let limit = ScriptJSONTrack.maximumCoordinateVelocity
            for (n, v, key) in [(lat, latitude, "latitude"), (lon, longitude, "longitude")] where abs(v) > limit {
                throw fail(n, path + "." + key, "\"\(key)\" is \(ScriptJSONWriter.number(v)) degrees per second, out of range; expected at most \(ScriptJSONWriter.number(limit)) in magnitude")
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

    func track<V, W>(_ node: Node, _ path: String,
                     value: (Node, String) throws(CameraScriptError) -> V,
                     velocity: (Node, String) throws(CameraScriptError) -> W,
                     isRoutePoints: (V) -> Bool) throws(CameraScriptError) -> [CameraScript.Keyframe<V, W>] {
        guard case .array(let elements) = node.value else {
            throw fail(node, path, "\(Self.quotedKey(path)) is \(typeDescription(node)); expected an array of keyframes")
        }
        var keyframes: [CameraScript.Keyframe<V, W>] = []
        for (i, element) in elements.enumerated() {
            keyframes.append(try keyframe(element, "\(path)[\(i)]", value: value, velocity: velocity, isRoutePoints: isRoutePoints))
        }
        return keyframes
    }

    func keyframe<V, W>(_ node: Node, _ path: String,
                        value: (Node, String) throws(CameraScriptError) -> V,
                        velocity: (Node, String) throws(CameraScriptError) -> W,
                        isRoutePoints: (V) -> Bool) throws(CameraScriptError) -> CameraScript.Keyframe<V, W> {
        let o = try object(node, path, what: "keyframe \(path)", keys: Self.keyframeKeys,
                           expected: "a keyframe object such as {\"type\": \"linear\", \"value\": 0, \"duration\": 1}")
        guard let typeNode = o["type"] else { throw missing(o, "type", "one of \(Self.list(Self.keyframeTypes, quoted: false))") }
        let typeName = try name(typeNode, path + ".type", what: "\"type\"", among: Self.keyframeTypes)
        let type = KeyframeType(rawValue: typeName) ?? .move  // `name` returned one of the raw values
        let applicable = ["type", "value", "timing"] + type.keys
        for key in o.keys where !applicable.contains(key) {
            let owners = KeyframeType.allCases.filter { $0.keys.contains(key) }.map(\.rawValue)
            let note = type == .move && key == "duration" ? " (a move takes no time)"
                : " (it belongs to \(Self.list(owners)) keyframes)"
            throw fail(o.members[key]!, path + "." + key, "\(ScriptJSONWriter.quoted(key)) does not apply to a \(ScriptJSONWriter.quoted(typeName)) keyframe\(note)")
        }
        guard let valueNode = o["value"] else { throw missing(o, "value", "the keyframe's target value") }
        let v = try value(valueNode, path + ".value")

        var duration: Double?
        if let d = o["duration"] {
            let seconds = try number(d, path + ".duration", what: "\"duration\"", expected: "a number (seconds >= 0)")
            guard seconds >= 0 else {
                throw fail(d, path + ".duration", "\"duration\" is \(ScriptJSONWriter.number(seconds)), which is negative; expected seconds >= 0")
            }
            guard seconds <= CameraScript.maximumKeyframeDuration else {
                throw fail(d, path + ".duration", "\"duration\" is \(ScriptJSONWriter.number(seconds)) s, which is longer than any flight (expected at most \(ScriptJSONWriter.number(CameraScript.maximumKeyframeDuration)) s, about 116 days)")
            }
            duration = seconds
        } else if type == .cubic || type == .linear {
            throw missing(o, "duration", "seconds >= 0 (a \(typeName) keyframe needs one; only a spring may omit it, to settle)")
        }

        var timing: CameraScript.Timing?
        if let t = o["timing"] {
            guard isRoutePoints(v) else {
                throw fail(o.members["timing"]!, path + ".timing", "\"timing\" applies only to a keyframe whose value is \"route.points\"")
            }
            let names = CameraScript.Timing.allCases.map(\.rawValue)
            timing = CameraScript.Timing(rawValue: try name(t, path + ".timing", what: "\"timing\"", among: names))
        }

        func optionalVelocity(_ key: String) throws(CameraScriptError) -> W? {
            guard let n = o[key] else { return nil }
            return try velocity(n, path + "." + key)
        }
        let kind: CameraScript.Kind<W>
        switch type {
        case .cubic:
            kind = .cubic(startVelocity: try optionalVelocity("startVelocity"), endVelocity: try optionalVelocity("endVelocity"))
        case .linear:
            kind = .linear(try o["timingCurve"].map { n throws(CameraScriptError) in try curve(n, path + ".timingCurve", what: "\"timingCurve\"") } ?? .linear)
        case .spring:
            kind = .spring(try o["spring"].map { n throws(CameraScriptError) in try spring(n, path + ".spring") } ?? Spring(), startVelocity: try optionalVelocity("startVelocity"))
        case .move:
            kind = .move
        }
        return CameraScript.Keyframe(kind, v, duration: duration, timing: timing)
    }

    // MARK: Curves and springs

    /// A curve name, `{"bezier": [x1, y1, x2, y2]}` or `{"inverse": curve}`.
    func curve(_ node: Node, _ path: String, what: String) throws(CameraScriptError) -> UnitCurve {
        let names = ScriptJSONNames.readableCurves.map(\.name)
        let expected = "a curve name (\(Self.list(Array(names.prefix(7)), quoted: false)), or a Penner easing easeInQuad … easeInOutBack) or {\"bezier\": [x1, y1, x2, y2]}"
        switch node.value {
        case .string:
            let s = try name(node, path, what: what, among: names, expected: expected)
            return ScriptJSONNames.readableCurves.first { $0.name == s }!.curve
        case .object(let members):
            let o = try object(node, path, what: what, keys: ["bezier", "inverse"], expected: expected)
            guard members.count == 1 else { throw fail(node, path, "\(what) has \(members.count) keys; expected exactly one, \"bezier\" or \"inverse\"") }
            if let inner = o["inverse"] { return try curve(inner, path + ".inverse", what: "\"inverse\"").inverse }
            let b = o["bezier"]!
            let shape = "an array of 4 numbers [x1, y1, x2, y2] (the control points; x is clamped to 0...1)"
            guard case .array(let elements) = b.value else { throw fail(b, path + ".bezier", "\"bezier\" is \(typeDescription(b)); expected \(shape)") }
            guard elements.count == 4 else { throw fail(b, path + ".bezier", "\"bezier\" has \(elements.count) number\(elements.count == 1 ? "" : "s"); expected \(shape)") }
            var p: [Double] = []
            for (i, e) in elements.enumerated() {
                p.append(try number(e, path + ".bezier[\(i)]", what: "element \(i) of \"bezier\"", expected: "a number"))
            }
            return .bezier(startControlPoint: UnitPoint(x: p[0], y: p[1]), endControlPoint: UnitPoint(x: p[2], y: p[3]))
        default:
            throw fail(node, path, "\(what) is \(typeDescription(node)); expected \(expected)")
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
    func spring(_ node: Node, _ path: String) throws(CameraScriptError) -> Spring {
        let presets = ScriptJSONNames.springPresets.map(\.name)
        let forms = "{\"duration\", \"bounce\"}, {\"response\", \"dampingRatio\"}, {\"mass\", \"stiffness\", \"damping\"} or {\"angularFrequency\", \"decayConstant\", \"mass\"}"
        let expected = "a preset (\(Self.list(presets, quoted: false))) or an object \(forms)"
        switch node.value {
        case .string:
            let s = try name(node, path, what: "\"spring\"", among: presets, expected: expected)
            return ScriptJSONNames.springPresets.first { $0.name == s }!.spring
        case .object:
            break
        default:
            throw fail(node, path, "\"spring\" is \(typeDescription(node)); expected \(expected)")
        }
        let allKeys = Self.springForms.flatMap(\.keys).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let o = try object(node, path, what: "\"spring\"", keys: allKeys, expected: expected)
        guard !o.keys.isEmpty else { throw fail(node, path, "\"spring\" is an empty object; expected \(expected)") }
        guard let form = Self.springForms.first(where: { f in o.keys.allSatisfy { f.keys.contains($0) } }) else {
            throw fail(node, path, "\"spring\" mixes the keys \(Self.list(o.keys, conjunction: "and")) of different forms; expected one of \(forms)")
        }
        for key in form.required where o[key] == nil {
            throw missing(o, key, "a number (the spring form \(Self.list(form.required, conjunction: "and")) needs it)")
        }
        func value(_ key: String, default d: Double, _ valid: (Double) -> Bool, _ range: String) throws(CameraScriptError) -> Double {
            guard let n = o[key] else { return d }
            let v = try number(n, path + "." + key, what: "\"\(key)\"", expected: "a number (\(range))")
            guard valid(v) else { throw fail(n, path + "." + key, "\"\(key)\" is \(ScriptJSONWriter.number(v)), out of range; expected \(range)") }
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
                guard case .bool(let b) = n.value else {
                    throw fail(n, path + ".allowOverDamping", "\"allowOverDamping\" is \(typeDescription(n)); expected true or false")
                }
                allow = b
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
            throw fail(node, path, "\"spring\" describes no spring that can be evaluated (its natural frequency is zero or not finite)")
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
