import Foundation

/// Appends keyframes to the five tracks of a planned ``CameraScript`` (centre, heading, distance,
/// pitch, centre elevation), keeping them in step: each method moves every track through the same
/// span of time. Runs of a constant value are merged into one keyframe, and only into a keyframe that
/// is itself constant, so merging never changes a sampled value.
struct ScriptBuilder {
    typealias NumberKeyframe = CameraScript.Keyframe<CameraScript.NumberValue, Double>
    typealias CoordinateKeyframe = CameraScript.Keyframe<CameraScript.CoordinateValue, LocationCoordinate2D>
    var center: [CoordinateKeyframe] = []
    var headings: [NumberKeyframe] = []
    var distances: [NumberKeyframe] = []
    var pitches: [NumberKeyframe] = []
    var elevations: [NumberKeyframe] = []

    /// The values the tracks stand at now (the centre's longitude unwrapped along the flight).
    var current = MapCamera(centerCoordinate: .zero, distance: 1)
    var elevation = 0.0
    var heading: Double { current.heading }
    /// Seconds of flight the tracks have reached.
    private(set) var elapsed = 0.0

    /// Whether runs of equal values are merged (`false` keeps every keyframe, for tests).
    var mergesHolds = true
    private var holdingHeading = false, holdingDistance = false, holdingPitch = false, holdingElevation = false

    mutating func start(_ camera: MapCamera, elevation: Double) {
        current = camera
        self.elevation = elevation
    }

    /// Appends to a number track, merging a hold into the previous keyframe only when that keyframe is
    /// itself a hold of the same value (a ramp that ends at the value must not be stretched).
    private static func append(_ track: inout [NumberKeyframe], _ holding: inout Bool, _ value: Double,
                               from previous: Double, duration: Double, merging: Bool,
                               kind: CameraScript.Kind<Double> = .linear(.linear)) {
        var isHold = false
        if case .linear = kind, value == previous { isHold = true }
        if case .cubic(let v0, let v1) = kind, value == previous, v0 == 0, v1 == 0 { isHold = true }
        let holdKind: CameraScript.Kind<Double> = .linear(.linear)
        if merging, isHold, holding, let last = track.last, case .linear(.linear) = last.kind,
           last.value == .number(value), (last.duration ?? 0) + duration <= CameraScript.maximumKeyframeDuration {
            track[track.count - 1].duration = (last.duration ?? 0) + duration
        } else {
            track.append(.init(isHold ? holdKind : kind, .number(value), duration: duration))
        }
        holding = isHold
    }

    /// One step of `duration` seconds; each track gets its own kind (linear by default).
    mutating func step(duration: Double, center c: LocationCoordinate2D,
                       centerKind: CameraScript.Kind<LocationCoordinate2D> = .linear(.linear),
                       heading h: Double?, headingKind: CameraScript.Kind<Double> = .linear(.linear),
                       distance d: Double, distanceKind: CameraScript.Kind<Double> = .linear(.linear),
                       pitch p: Double, elevation e: Double,
                       elevationKind: CameraScript.Kind<Double> = .linear(.linear)) {
        guard duration > 0 else {
            move(to: MapCamera(centerCoordinate: c, distance: d, heading: h ?? current.heading, pitch: p), elevation: e)
            return
        }
        center.append(.init(centerKind, .coordinate(c), duration: duration))
        if let h {
            Self.append(&headings, &holdingHeading, h, from: current.heading, duration: duration, merging: mergesHolds, kind: headingKind)
        }
        Self.append(&distances, &holdingDistance, d, from: current.distance, duration: duration, merging: mergesHolds,
                    kind: distanceKind)
        Self.append(&pitches, &holdingPitch, p, from: current.pitch, duration: duration, merging: mergesHolds)
        Self.append(&elevations, &holdingElevation, e, from: elevation, duration: duration, merging: mergesHolds,
                    kind: elevationKind)
        current = MapCamera(centerCoordinate: c, distance: d, heading: h ?? current.heading, pitch: p)
        elevation = e
        elapsed += duration
    }

    /// Every track jumps to its next value (no time passes): a cut.
    mutating func move(to camera: MapCamera, elevation e: Double) {
        if camera == current && e == elevation { return }
        center.append(.init(.move, .coordinate(camera.centerCoordinate), duration: nil))
        headings.append(.init(.move, .number(camera.heading), duration: nil))
        distances.append(.init(.move, .number(camera.distance), duration: nil))
        pitches.append(.init(.move, .number(camera.pitch), duration: nil))
        elevations.append(.init(.move, .number(e), duration: nil))
        (holdingHeading, holdingDistance, holdingPitch, holdingElevation) = (false, false, false, false)
        current = camera
        elevation = e
    }

    /// Every track stays where it is for `duration` seconds.
    mutating func hold(duration: Double) {
        guard duration > 0 else { return }
        step(duration: duration, center: current.centerCoordinate, heading: current.heading,
             distance: current.distance, pitch: current.pitch, elevation: elevation)
    }

    /// Keyframes sampled along an eased van Wijk path, per second of flight (at least ``minimumFlyToSamples``).
    static let flyToSamplesPerSecond = 8.0
    static let minimumFlyToSamples = 16
    /// The fraction of a fly-to spent easing from rest at its start (and to rest at its end): 0.3.
    static let flyToRamp = 0.3

    /// Flies from the current camera to `camera` in `duration` seconds, from rest to rest.
    ///
    /// The centre and distance follow van Wijk and Nuij's optimal zoom-and-pan path
    /// (docs/camera.md#the-fly-to-path; ``FlyToPath``) in MapKit map points, the visible width proportional to the distance. The path
    /// is re-timed along its arc length `S` by an eased clock (``ProgressWarp``, ramps of ``flyToRamp``
    /// of the flight at each end): at time `t` the camera is at arc `s = S g(t / T)`, so it leaves and
    /// arrives at rest with zero acceleration, and in between moves at van Wijk's constant perceived
    /// speed `V`, 1.43 times the average (a smootherstep ease would peak at 1.875 times: a fly-in of the
    /// same length would zoom 31 % faster at its peak). It is written as cubic keyframes at
    /// ``flyToSamplesPerSecond`` whose velocities are the path's exact derivatives (central differences
    /// of the closed form), so the sampled motion is velocity-continuous. The pitch follows the same
    /// eased clock (cubic keyframes with its exact rate); heading and elevation ease in and out
    /// (`easeInOut`) over the whole flight.
    ///
    /// With `keepingEndsInView` the path zooms out far enough to show both ends at its widest
    /// (``EasedFlyTo``): a gap between a route's segments.
    mutating func easedFlyTo(_ camera: MapCamera, duration: Double, framing: CameraFraming, rho: Double,
                             elevation e: Double, keepingEndsInView: Bool = false) {
        guard duration > 0 else {
            move(to: camera, elevation: e)
            return
        }
        let from = current
        let flight = EasedFlyTo(from: from, to: camera, framing: framing, rho: rho, keepingEndsInView: keepingEndsInView)
        let target = flight.target
        let length = flight.length
        func state(_ s: Double) -> (LocationCoordinate2D, Double) { flight.state(arc: s) }
        let samples = max(Self.minimumFlyToSamples, Int((duration * Self.flyToSamplesPerSecond).rounded(.up)))
        let ease = flight.ease
        let step = duration / Double(samples)
        let eps = max(length * 1e-6, 1e-12)
        var previousVelocity = (LocationCoordinate2D.zero, 0.0)
        for j in 1...samples {
            let x = Double(j) / Double(samples)
            var (c, d) = j == samples ? (target, camera.distance) : state(length * ease.routeTime(at: x))
            if j == samples { c = target }
            var velocity = (LocationCoordinate2D.zero, 0.0)
            if j < samples, length > 0 {
                let s = length * ease.routeTime(at: x)
                let (ca, da) = state(max(s - eps, 0)), (cb, db) = state(min(s + eps, length))
                let ds = min(s + eps, length) - max(s - eps, 0)
                let rate = length * ease.rate(at: x) / duration  // arc per second
                velocity = (LocationCoordinate2D(latitude: (cb.latitude - ca.latitude) / ds * rate,
                                                 longitude: remainder(cb.longitude - ca.longitude, 360) / ds * rate),
                            (db - da) / ds * rate)
            }
            center.append(.init(.cubic(startVelocity: previousVelocity.0, endVelocity: velocity.0), .coordinate(c), duration: step))
            distances.append(.init(.cubic(startVelocity: previousVelocity.1, endVelocity: velocity.1), .number(d), duration: step))
            previousVelocity = velocity
        }
        headings.append(.init(.linear(.easeInOut), .number(camera.heading), duration: duration))
        if camera.pitch == from.pitch {
            pitches.append(.init(.linear(.easeInOut), .number(camera.pitch), duration: duration))
        } else {
            // The tilt rides the path's eased clock (peak 1.43 times the mean rate, where easeInOut's
            // is 1.7: a fly-in tilting to 80 degrees in 6 s peaks at 19 rather than 23 degrees a second).
            let dp = camera.pitch - from.pitch
            var previousRate = 0.0
            for j in 1...samples {
                let x = Double(j) / Double(samples)
                let value = j == samples ? camera.pitch : from.pitch + dp * ease.routeTime(at: x)
                let rate = j == samples ? 0 : dp * ease.rate(at: x) / duration
                pitches.append(.init(.cubic(startVelocity: previousRate, endVelocity: rate), .number(value), duration: step))
                previousRate = rate
            }
        }
        (holdingHeading, holdingDistance, holdingPitch) = (false, false, false)
        Self.append(&elevations, &holdingElevation, e, from: elevation, duration: duration, merging: mergesHolds,
                    kind: e == elevation ? .linear(.linear) : .linear(.easeInOut))
        current = MapCamera(centerCoordinate: target, distance: camera.distance, heading: camera.heading, pitch: camera.pitch)
        elevation = e
        elapsed += duration
    }

    func script(initial: MapCamera, initialElevation: Double) -> CameraScript {
        CameraScript(
            initialCamera: .init(centerCoordinate: .coordinate(initial.centerCoordinate), distance: .number(initial.distance),
                                 heading: .number(initial.heading), pitch: .number(initial.pitch),
                                 centerElevation: .number(initialElevation)),
            centerCoordinate: center, heading: headings, distance: distances, pitch: pitches, centerElevation: elevations)
    }
}
