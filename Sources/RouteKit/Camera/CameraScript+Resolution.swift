import Foundation

/// A camera script resolved against a route: the timelines that sampling evaluates.
public struct ScriptedFlight: Sendable {
    /// The camera at time 0.
    public var initialCamera: MapCamera
    /// The camera over time.
    public var camera: KeyframeTimeline<MapCamera>
    /// The ground elevation under the centre over time, metres (for the eye's altitude).
    public var centerElevation: KeyframeTimeline<Double>
    /// The route the flight was resolved for, with the tables that read it (``RouteReading``), or `nil`.
    public var route: RouteOdometer?
    /// How the frames are placed along ``route``: by default at the centre's foot over the whole flight;
    /// a planned flight says its own (``FlightPlan/routeTracking``).
    package var routeTracking: RouteTracking = .centre(span: nil)

    /// Seconds from the first frame to the last: the longest track of either timeline.
    public var duration: Double { max(camera.duration, centerElevation.duration) }
}

extension CameraScript {
    /// Resolves references against `route`, unwraps headings and longitudes, and builds the timelines.
    ///
    /// A ``NumberValue/ground`` centre elevation is the ground under the centre:
    /// `terrain` when given, else the route's own heights (the route point nearest the centre, within
    /// 2 km); in the initial camera the ground under the initial centre (the route's mean elevation where
    /// that is unknown, 0 without heights), as a cubic keyframe's value the ground followed as the
    /// centre moves over the keyframe's duration (sampled 30 times a second, smoothed over 0.1 s). An
    /// empty `centerElevation` track whose initial value is `ground` follows the ground for the whole
    /// flight.
    ///
    /// - Parameters:
    ///   - route: The route that `route.*` references and `route.points` keyframes use; its heights are
    ///     metres above sea level.
    ///   - framing: How `framed` distances and `route.center` are computed.
    ///   - terrain: The ground `"ground"` follows (heights above sea level, EGM96), or `nil` for the
    ///     route's own heights.
    /// - Throws: ``CameraScriptError`` (with the JSON path of the keyframe) for a reference used where it
    ///   has no meaning (`"ground"` on a keyframe that is not cubic, among others), a latitude outside
    ///   -90...90, a distance that is not > 0, a pitch outside 0..<90 degrees, a negative or non-finite
    ///   duration, or a missing duration.
    /// - Complexity: O(k + n) for k keyframes and n route points; with `"ground"`, O(n log n) more and
    ///   O(s) ground lookups for s samples (30 a second of followed flight).
    public func resolved(for route: Route, framing: CameraFraming = CameraFraming(),
                         terrain: (any ElevationModel)? = nil) throws(CameraScriptError) -> ScriptedFlight {
        var flight = try timelines(for: route, framing: framing, terrain: terrain)
        flight.route = RouteOdometer(route: route)
        return flight
    }

    /// ``resolved(for:framing:terrain:)`` without the route's reading tables (``ScriptedFlight/route`` is
    /// `nil`): the camera and centre elevation timelines alone, for a planner that only evaluates them
    /// (terrain clearance, a grounded centre), sparing the O(n) ``RouteOdometer`` of a long route.
    ///
    /// - Throws: As ``resolved(for:framing:terrain:)``.
    /// - Complexity: As ``resolved(for:framing:terrain:)``, less the odometer's O(n).
    package func timelines(for route: Route, framing: CameraFraming = CameraFraming(),
                           terrain: (any ElevationModel)? = nil) throws(CameraScriptError) -> ScriptedFlight {
        let framed = framing.camera(framing: route)
        var resolver = Resolver(route: route, framed: framed)
        if usesGround { resolver.ground = ScriptGround(route: route, terrain: terrain) }
        let initial = try resolver.initialCamera(initialCamera)
        resolver.initial = initial.camera
        resolver.initialElevation = initial.elevation
        let center = try resolver.coordinateTrack(centerCoordinate, start: initial.camera.centerCoordinate)
        let heading = try resolver.numberTrack(self.heading, property: .heading, start: initial.camera.heading)
        let distance = try resolver.numberTrack(self.distance, property: .distance, start: initial.camera.distance)
        let pitch = try resolver.numberTrack(self.pitch, property: .pitch, start: initial.camera.pitch)
        let camera = KeyframeTimeline(initialValue: initial.camera) {
            KeyframeTrack(\MapCamera.centerCoordinate) { center }
            KeyframeTrack(\MapCamera.heading) { heading }
            KeyframeTrack(\MapCamera.distance) { distance }
            KeyframeTrack(\MapCamera.pitch) { pitch }
        }
        var elevationKeyframes = centerElevation
        if elevationKeyframes.isEmpty && initialCamera.centerElevation == .ground && camera.duration > 0 {
            elevationKeyframes = [.init(.cubic(startVelocity: nil, endVelocity: nil), .ground, duration: camera.duration)]
        }
        let elevation = try resolver.elevationTrack(elevationKeyframes, start: initial.elevation, camera: camera)
        let elevationTimeline = KeyframeTimeline(initialValue: initial.elevation) { elevation }
        return ScriptedFlight(initialCamera: initial.camera, camera: camera, centerElevation: elevationTimeline,
                              route: nil)
    }

    /// Whether the centre elevation anywhere is ``NumberValue/ground``.
    var usesGround: Bool {
        initialCamera.centerElevation == .ground || centerElevation.contains { $0.value == .ground }
    }
}

/// Turns script values into numbers. One per resolution.
private struct Resolver {
    let route: Route
    let framed: MapCamera
    var initial: MapCamera? = nil
    var initialElevation: Double? = nil
    /// The ground `"ground"` follows; set when the script uses it.
    var ground: ScriptGround? = nil

    func fail(_ path: String, _ message: String) -> CameraScriptError {
        CameraScriptError(jsonPath: path, message: message)
    }

    func initialCamera(_ c: CameraScript.InitialCamera) throws(CameraScriptError) -> (camera: MapCamera, elevation: Double) {
        let center = try coordinate(c.centerCoordinate, path: "initialCamera.centerCoordinate")
        let distance = try number(c.distance, property: .distance, path: "initialCamera.distance")
        let heading = try number(c.heading, property: .heading, path: "initialCamera.heading")
        let pitch = try number(c.pitch, property: .pitch, path: "initialCamera.pitch")
        let elevation = c.centerElevation == .ground
            ? (ground?.initialHeight(under: center) ?? 0)
            : try number(c.centerElevation, property: .centerElevation, path: "initialCamera.centerElevation")
        return (MapCamera(centerCoordinate: center, distance: distance, heading: heading, pitch: pitch), elevation)
    }

    func coordinate(_ value: CameraScript.CoordinateValue, path: String) throws(CameraScriptError) -> LocationCoordinate2D {
        let c: LocationCoordinate2D
        switch value {
        case .coordinate(let literal): c = literal
        case .routeStart: c = route.start
        case .routeEnd: c = route.end
        case .routeCenter: c = framed.centerCoordinate
        case .initial:
            guard let initial else { throw fail(path, "\"initial\" cannot be used in the initial camera itself") }
            c = initial.centerCoordinate
        case .routePoints:
            throw fail(path, "\"route.points\" is a list of points; it can only be the value of a centerCoordinate keyframe")
        }
        guard c.latitude.isFinite, c.longitude.isFinite, (-90.0...90.0).contains(c.latitude) else {
            throw fail(path, "latitude \(c.latitude), longitude \(c.longitude) is not a coordinate (expected latitude in -90...90 degrees and a finite longitude)")
        }
        return c
    }

    func number(_ value: CameraScript.NumberValue, property: CameraScript.Property, path: String) throws(CameraScriptError) -> Double {
        let name = property.rawValue
        let v: Double
        switch value {
        case .number(let n): v = n
        case .initial:
            guard let initial else { throw fail(path, "\"initial\" cannot be used in the initial camera itself") }
            switch property {
            case .heading: v = initial.heading
            case .distance: v = initial.distance
            case .pitch: v = initial.pitch
            case .centerElevation: v = initialElevation ?? 0
            }
        case .framed:
            guard property == .distance else { throw fail(path, "\"framed\" is a distance; it cannot be a \(name)") }
            v = framed.distance
        case .routeHeading:
            guard property == .heading else { throw fail(path, "\"route.heading\" is a heading; it cannot be a \(name)") }
            v = Angles.heading(from: route.start, to: route.end)
        case .ground:
            guard property == .centerElevation else { throw fail(path, "\"ground\" is a centre elevation; it cannot be a \(name)") }
            throw fail(path, "\"ground\" follows the ground over a keyframe's duration; it can only be the value of a cubic keyframe")
        }
        guard v.isFinite else { throw fail(path, "\(v) is not a finite number") }
        switch property {
        case .heading where abs(v) > 1e6:
            throw fail(path, "heading \(v) is out of range (expected degrees; unwrapped headings may pass 360, but not by more than a million degrees)")
        case .distance where !(v > 0 && v <= 1e9):
            throw fail(path, "distance \(v) m is out of range (expected metres > 0, at most 1000000000)")
        case .centerElevation where !PointValueLimits.elevation.contains(v):
            throw fail(path, "centerElevation \(v) m is out of range (expected metres in -12000...100000)")
        case .pitch where !(0..<90).contains(v):
            throw fail(path, "pitch \(v) is out of range (expected degrees in 0..<90, 0 looking straight down)")
        default: break
        }
        return v
    }

    func duration<V, W>(_ k: CameraScript.Keyframe<V, W>, path: String) throws(CameraScriptError) -> Double? {
        guard let d = k.duration else {
            switch k.kind {
            case .spring, .move: return nil
            default: throw fail(path + ".duration", "a duration is required (seconds >= 0)")
            }
        }
        guard d.isFinite, d >= 0 else { throw fail(path + ".duration", "duration \(d) is invalid (expected seconds >= 0)") }
        return d
    }

    /// A spring keyframe without a duration lasts its settling duration (epsilon 1e-4,
    /// docs/keyframes.md#spring-keyframes). One that cannot settle — undamped (infinite), or so slow that SwiftUI's 102.4 s search
    /// runs out (which SwiftUI then reads as 0 s, a keyframe that never moves) — is refused here.
    func checkSettles<V: VectorArithmetic>(_ kind: CameraScript.Kind<V>, duration: Double?, from: V, to: V,
                                           path: String) throws(CameraScriptError) {
        guard duration == nil, case .spring(let spring, let v0) = kind else { return }
        let displacement = to - from
        guard displacement.magnitudeSquared > 1e-8 else { return }
        let settling = spring.settlingDuration(target: displacement, initialVelocity: v0 ?? .zero, epsilon: 1e-4)
        guard settling.isFinite, settling > 0, settling < 102 else {
            throw fail(path, "this spring has no duration and does not settle within 102.4 s (\(spring.dampingRatio == 0 ? "it is undamped" : "it is too slow")); give the keyframe a \"duration\" (seconds)")
        }
    }

    func segment<V: Animatable>(_ kind: CameraScript.Kind<V>, to value: V, duration: Double?) -> _KeyframeSegment<V> {
        switch kind {
        case .cubic(let s, let e): return .cubic(to: value, startVelocity: s, endVelocity: e, duration: duration ?? 0)
        case .linear(let curve): return .linear(to: value, duration: duration ?? 0, timingCurve: curve)
        case .spring(let spring, let s): return .spring(to: value, spring: spring, startVelocity: s, duration: duration)
        case .move: return .move(value)
        }
    }

    func coordinateTrack(_ track: [CameraScript.Keyframe<CameraScript.CoordinateValue, LocationCoordinate2D>],
                         start: LocationCoordinate2D) throws(CameraScriptError) -> _KeyframeList<LocationCoordinate2D> {
        var segments: [_KeyframeSegment<LocationCoordinate2D>] = []
        var previous = start
        func unwrapped(_ c: LocationCoordinate2D) -> LocationCoordinate2D {
            LocationCoordinate2D(latitude: c.latitude, longitude: Angles.unwrappedAngle(c.longitude, near: previous.longitude))
        }
        for (i, k) in track.enumerated() {
            let path = "tracks.centerCoordinate[\(i)]"
            let d = try duration(k, path: path)
            guard k.value == .routePoints else {
                let c = unwrapped(try coordinate(k.value, path: path + ".value"))
                try checkSettles(k.kind, duration: d, from: previous, to: c, path: path)
                segments.append(segment(k.kind, to: c, duration: d))
                previous = c
                continue
            }
            // One keyframe per route point, sharing the duration.
            guard let total = d else {
                throw fail(path + ".duration", "a \"route.points\" keyframe needs a duration: the seconds its points share")
            }
            let points = route.points.map(\.coordinate)
            var shares: [Double]
            switch k.timing ?? .equal {
            case .equal:
                // FlightTiming.equal: one share per point, the first reached after one share.
                let times = FlightTiming.equal(for: route, duration: total).times
                shares = zip(times, [0] + times).map { $0 - $1 }
            case .distance:
                // Geodesic legs, the approach from the previous value to the first point included,
                // gaps between segments included (the camera flies across them).
                var legs = [previous.distance(to: points[0])]
                legs.append(contentsOf: route.legs.map(\.distance))
                let sum = legs.reduce(0, +)
                shares = sum > 0 ? legs.map { total * $0 / sum } : Array(repeating: total / Double(points.count), count: points.count)
            }
            let last = points.count - 1
            for (j, p) in points.enumerated() {
                // Zero-length legs (duplicate points) under distance timing would be zero-duration
                // keyframes: drop them, the camera is already there.
                if shares[j] == 0 && p == points[max(j - 1, 0)] && j > 0 { continue }
                var kind = k.kind
                if case .cubic(let s, let e) = k.kind { kind = .cubic(startVelocity: j == 0 ? s : nil, endVelocity: j == last ? e : nil) }
                if case .spring(let spring, let s) = k.kind { kind = .spring(spring, startVelocity: j == 0 ? s : nil) }
                let c = unwrapped(p)
                segments.append(segment(kind, to: c, duration: shares[j]))
                previous = c
            }
        }
        return _KeyframeList(segments)
    }

    func numberTrack(_ track: [CameraScript.Keyframe<CameraScript.NumberValue, Double>], property: CameraScript.Property,
                     start: Double) throws(CameraScriptError) -> _KeyframeList<Double> {
        var segments: [_KeyframeSegment<Double>] = []
        var previous = start
        for (i, k) in track.enumerated() {
            let path = "tracks.\(property.rawValue)[\(i)]"
            let d = try duration(k, path: path)
            var v = try number(k.value, property: property, path: path + ".value")
            if property == .heading { v = Angles.unwrappedAngle(v, near: previous) }
            try checkSettles(k.kind, duration: d, from: previous, to: v, path: path)
            segments.append(segment(k.kind, to: v, duration: d))
            previous = v
        }
        return _KeyframeList(segments)
    }

    /// The centre elevation track: ``numberTrack(_:property:start:)`` with each `"ground"` keyframe
    /// replaced by the keyframes that follow the ground under `camera`'s centre (``ScriptGround``).
    func elevationTrack(_ track: [CameraScript.Keyframe<CameraScript.NumberValue, Double>], start: Double,
                        camera: KeyframeTimeline<MapCamera>) throws(CameraScriptError) -> _KeyframeList<Double> {
        guard let ground, track.contains(where: { $0.value == .ground }) else {
            return try numberTrack(track, property: .centerElevation, start: start)
        }
        var expanded: [CameraScript.Keyframe<CameraScript.NumberValue, Double>] = []
        for (i, k) in track.enumerated() {
            let path = "tracks.centerElevation[\(i)]"
            guard k.value == .ground else {
                // Checked here, where the path names the script's own keyframe.
                _ = try duration(k, path: path)
                _ = try number(k.value, property: .centerElevation, path: path + ".value")
                expanded.append(k)
                continue
            }
            guard case .cubic(let startVelocity, let endVelocity) = k.kind else {
                throw fail(path + ".value", "\"ground\" follows the ground over the keyframe's duration; it can only be the value of a cubic keyframe")
            }
            let d = try duration(k, path: path) ?? 0
            // Where the keyframe starts, and from what: the track so far, resolved (its springs settled).
            let resolved = try numberTrack(expanded, property: .centerElevation, start: start)
            let timeline = KeyframeTimeline(initialValue: start) { resolved }
            let from = timeline.duration
            expanded += ground.keyframes(camera: camera, from: from, to: from + d, previous: timeline.value(time: from),
                                         startVelocity: startVelocity, endVelocity: endVelocity)
        }
        return try numberTrack(expanded, property: .centerElevation, start: start)
    }
}
