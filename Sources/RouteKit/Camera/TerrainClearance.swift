import Foundation

/// Keeps a planned flight's eye above the ground and its line of sight free (issue: terrain
/// clearance and line of sight).
///
/// How it is done:
/// 1. The flight is sampled ``samplesPerSecond`` times a second (at most ``maximumSamples`` times). At each sample where the camera fails
///    (``SightLine``: the eye below `ground + clearance`, or the ground above the line of sight), the
///    pitch is lowered (the camera looks more steeply down, so the eye rises and the line of sight
///    steepens over the ridge) by the least amount that clears it, found by bisection; if even looking
///    straight down does not clear, the distance is raised as well (by up to 16 times).
/// 2. The corrections are spread in time so that they never jump: each becomes the upper envelope of
///    cones of slope ``maximumTiltRate`` degrees per second (pitch) and ``maximumZoomRate`` per second
///    (natural logarithm of the distance) around the samples that need them (a forward and a backward
///    pass), so the camera starts to rise before the ridge and settles after it.
/// 3. The pitch (and, if needed, distance) tracks are replaced by cubic keyframes at every sample with
///    monotone velocities (Fritsch-Carlson), so the corrected motion stays velocity-continuous.
/// Where the ground is unknown (outside the model), nothing is corrected.
struct TerrainClearance {
    var ground: any ElevationModel
    /// Metres the eye keeps above the ground.
    var clearance: Double

    static let samplesPerSecond = 16.0
    /// Degrees added to every pitch correction, so that frames between samples clear too.
    static let pitchMargin = 2.0
    /// The most samples one flight gets (longer flights are sampled more sparsely: 20000 samples is
    /// 41 minutes at 8 a second).
    static let maximumSamples = 20_000
    /// Degrees per second the pitch correction may change.
    static let maximumTiltRate = 15.0
    /// Natural-log units per second the distance correction may change (0.3: 35 % a second).
    static let maximumZoomRate = 0.3

    private func clears(_ camera: MapCamera, _ elevation: Double) -> Bool {
        SightLine(camera: camera, centerElevation: elevation, ground: ground, clearance: clearance).isClear
    }

    /// The script with pitch and distance corrected, and a note, or `nil` when nothing needs it.
    func adjusted(_ script: CameraScript, route: Route, framing: CameraFraming) -> (CameraScript, String)? {
        guard let flight = try? script.resolved(for: route, framing: framing), flight.duration > 0,
              flight.duration.isFinite else { return nil }
        let count = min(max(Int((flight.duration * Self.samplesPerSecond).rounded(.up)), 1), Self.maximumSamples)
        let times = (0...count).map { min(flight.duration * Double($0) / Double(count), flight.duration) }
        var pitches: [Double] = [], distances: [Double] = [], pitchCut: [Double] = [], zoom: [Double] = []
        var failing = 0
        for t in times {
            let camera = flight.camera.value(time: t)
            let e = flight.centerElevation.value(time: t)
            pitches.append(camera.pitch)
            distances.append(camera.distance)
            guard !clears(camera, e) else { pitchCut.append(0); zoom.append(0); continue }
            failing += 1
            var c = camera
            c.pitch = 0
            if clears(c, e) {
                var low = 0.0, high = camera.pitch  // low clears, high does not
                for _ in 0..<14 {
                    c.pitch = (low + high) / 2
                    if clears(c, e) { low = c.pitch } else { high = c.pitch }
                }
                pitchCut.append(min(camera.pitch - low + Self.pitchMargin, camera.pitch))
                zoom.append(0)
            } else {
                var scale = 1.0
                while scale < 16 {
                    scale *= 1.25
                    c.distance = camera.distance * scale
                    if clears(c, e) { break }
                }
                pitchCut.append(camera.pitch)
                zoom.append(log(scale))
            }
        }
        guard failing > 0 else { return nil }
        let step = flight.duration / Double(count)
        let cut = Self.envelope(pitchCut, slope: Self.maximumTiltRate * step)
        let lift = Self.envelope(zoom, slope: Self.maximumZoomRate * step)
        var result = script
        let newPitches = zip(pitches, cut).map { max($0 - $1, 0) }
        result.pitch = Self.keyframes(newPitches, times: times)
        result.initialCamera.pitch = .number(newPitches[0])
        var raisedDistance = false
        if lift.contains(where: { $0 > 0 }) {
            let newDistances = zip(distances, lift).map { $0 * exp($1) }
            result.distance = Self.keyframes(newDistances, times: times)
            result.initialCamera.distance = .number(newDistances[0])
            raisedDistance = true
        }
        let maxCut = cut.max() ?? 0
        let seconds = min(Double(failing) * step, flight.duration)
        let note = "the eye would be lower than \(FixedDecimal.string(clearance, places: 0)) m above the ground, or a ridge would hide the route, for \(FixedDecimal.string(seconds, places: 1)) s: the camera looks more steeply down there (pitch lowered by up to \(FixedDecimal.string(maxCut, places: 1)) degrees\(raisedDistance ? ", distance raised by up to \(FixedDecimal.string((exp(lift.max() ?? 0) - 1) * 100, places: 0)) %" : ""), eased in and out)"
        return (result, note)
    }

    /// The upper envelope of cones of `slope` per step around each value (two passes).
    static func envelope(_ values: [Double], slope: Double) -> [Double] {
        var out = values
        for i in out.indices.dropFirst() { out[i] = max(out[i], out[i - 1] - slope) }
        for i in out.indices.reversed().dropFirst() { out[i] = max(out[i], out[i + 1] - slope) }
        return out
    }

    /// Cubic keyframes through `values` at `times`, with monotone velocities.
    static func keyframes(_ values: [Double], times: [Double]) -> [CameraScript.Keyframe<CameraScript.NumberValue, Double>] {
        let slopes = ElevationSmoothing.monotoneTangents(values, at: times)
        return (1..<values.count).map { j in
            .init(.cubic(startVelocity: slopes[j - 1], endVelocity: slopes[j]), .number(values[j]), duration: times[j] - times[j - 1])
        }
    }
}
