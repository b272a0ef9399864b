import Foundation
import RouteKitSupport

/// Keeps a planned flight's eye above the ground and its line of sight free (issue: terrain
/// clearance and line of sight).
///
/// How it is done:
/// 1. The flight is sampled ``samplesPerSecond`` times a second (at most ``maximumSamples`` times). At each sample where the camera fails
///    (``SightLine``: the eye below `ground + clearance`, or the ground above the line of sight), the
///    pitch is lowered (the camera looks more steeply down, so the eye rises and the line of sight
///    steepens over the ridge) by the least amount that clears it, found by bisection; if even looking
///    straight down does not clear, the distance is raised as well (by up to 16 times).
/// 2. The corrections are spread in time so that they never jump. The pitch correction is taken as a
///    fraction `f` of the pitch (0...1, so the corrected pitch `p (1 - f)` needs no clamp at 0), the
///    distance correction as `ln` of its factor. Each becomes the upper envelope of cones of slope
///    ``maximumTiltRate`` (over the largest pitch) or ``maximumZoomRate`` per second around the samples
///    that need it (a forward and a backward pass), so it rises before the ridge and settles after it;
///    then a Gaussian of ``sigma`` seconds (``TrackSmoothing``) rounds the cones' corners: a corner
///    between slopes `+R` and `-R` smoothed so turns with an acceleration of at most
///    `2 R / (sigma sqrt(2 pi))` (9.6 degrees and 0.24 per second squared). So that the Gaussian takes
///    nothing off a needed correction, each is first widened to a plateau `3 sigma` either side.
/// 3. The pitch (and, if needed, distance) tracks are replaced by cubic keyframes at every sample whose
///    velocities are central differences limited to keep each piece monotone (Fritsch-Carlson), so the
///    corrected motion stays velocity-continuous and never swings past its samples.
/// Where the ground is unknown (outside the model), nothing is corrected.
struct TerrainClearance {
    var ground: any ElevationModel
    /// Metres the eye keeps above the ground.
    var clearance: Double

    static let samplesPerSecond = 32.0
    /// Degrees added to every pitch correction, so that frames between samples clear too.
    static let pitchMargin = 2.0
    /// The most samples one flight gets (longer flights are sampled more sparsely: 20000 samples is
    /// 41 minutes at 8 a second).
    static let maximumSamples = 20_000
    /// Degrees per second the pitch correction may change: 6, so that with the fly-in's own tilt
    /// (13 degrees per second at its peak) it stays within `route-fly check`'s 20.
    static let maximumTiltRate = 6.0
    /// Natural-log units per second the distance correction may change: 0.15 (16 % a second).
    static let maximumZoomRate = 0.15
    /// Seconds: the Gaussian that rounds the corrections' corners (`2 * 6 / (0.5 sqrt(2 pi))` = 9.6
    /// degrees per second squared of tilt, 0.24 per second squared of zoom).
    static let sigma = 0.5

    private func clears(_ camera: MapCamera, _ elevation: Double) -> Bool {
        SightLine(camera: camera, centerElevation: elevation, ground: ground, clearance: clearance, exactness: .clearOrNot).isClear
    }

    /// The script with pitch and distance corrected, and a note, or `nil` when nothing needs it.
    func adjusted(_ script: CameraScript, route: Route, framing: CameraFraming) -> (CameraScript, String)? {
        guard let flight = try? script.timelines(for: route, framing: framing, terrain: ground), flight.duration > 0,
              flight.duration.isFinite else { return nil }
        let count = min(max(Int((flight.duration * Self.samplesPerSecond).rounded(.up)), 1), Self.maximumSamples)
        let times = (0...count).map { min(flight.duration * Double($0) / Double(count), flight.duration) }
        let samples = corrections(flight, times: times)
        let pitches = samples.map(\.pitch), distances = samples.map(\.distance)
        let pitchCut = samples.map(\.pitchCut), zoom = samples.map(\.zoom)
        let failing = samples.count { $0.fails }
        guard failing > 0 else { return nil }
        let step = flight.duration / Double(count)
        // The pitch correction as a fraction of the pitch, so that the corrected pitch stays >= 0
        // without a clamp (a clamp would put a corner in it).
        let fraction = zip(pitchCut, pitches).map { $1 > 0 ? min($0 / $1, 1) : 0 }
        let maxPitch = pitches.max() ?? 0
        let cut = Self.spread(fraction, step: step, rate: maxPitch > 0 ? Self.maximumTiltRate / maxPitch : 0)
        let lift = Self.spread(zoom, step: step, rate: Self.maximumZoomRate)
        var result = script
        let newPitches = zip(pitches, cut).map { $0 * (1 - min(max($1, 0), 1)) }
        result.pitch = Self.keyframes(newPitches, times: times)
        result.initialCamera.pitch = .number(newPitches[0])
        var raisedDistance = false
        if lift.contains(where: { $0 > 0 }) {
            let newDistances = zip(distances, lift).map { $0 * exp($1) }
            result.distance = Self.keyframes(newDistances, times: times)
            result.initialCamera.distance = .number(newDistances[0])
            raisedDistance = true
        }
        let maxCut = zip(pitches, newPitches).map { $0 - $1 }.max() ?? 0
        let seconds = min(Double(failing) * step, flight.duration)
        let note = "the eye would be lower than \(FixedDecimal.string(clearance, places: 0)) m above the ground, or a ridge would hide the route, for \(FixedDecimal.string(seconds, places: 1)) s: the camera looks more steeply down there (pitch lowered by up to \(FixedDecimal.string(maxCut, places: 1)) degrees\(raisedDistance ? ", distance raised by up to \(FixedDecimal.string((exp(lift.max() ?? 0) - 1) * 100, places: 0)) %" : ""), eased in and out)"
        return (result, note)
    }

    /// One sample of the flight as ``adjusted(_:route:framing:)`` corrects it: the pitch (degrees) and
    /// distance (metres) as sampled, and, where the camera does not clear, the pitch cut that clears it
    /// (degrees, with ``pitchMargin``) and the distance raise (natural log of its factor).
    struct Correction {
        var pitch: Double, distance: Double, pitchCut = 0.0, zoom = 0.0
        /// Whether the camera as planned does not clear there.
        var fails = false
    }

    /// The correction at each of `times`, each depending on its own time alone: computed on two cores.
    private func corrections(_ flight: ScriptedFlight, times: [Double]) -> [Correction] {
        var corrections = [Correction](repeating: Correction(pitch: 0, distance: 0), count: times.count)
        corrections.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            Parallel.forEachRange(count: times.count, parts: 2) { range in
                for i in range { out[i] = correction(flight, at: times[i]) }
            }
        }
        return corrections
    }

    /// The correction at flight time `t`, seconds: the least pitch cut that clears (by bisection),
    /// else the camera looking straight down and the distance raised by steps of 25 % (up to 16 times).
    private func correction(_ flight: ScriptedFlight, at t: Double) -> Correction {
        let camera = flight.camera.value(time: t)
        let e = flight.centerElevation.value(time: t)
        // As sampled (a script's cubic may swing past the range; the sampler holds it at the bound).
        var sample = Correction(pitch: min(max(camera.pitch, 0), MapCamera.maximumPitch),
                                distance: max(camera.distance, 1))  // the sampler's default least distance, metres
        guard !clears(camera, e) else { return sample }
        sample.fails = true
        var c = camera
        c.pitch = 0
        if clears(c, e) {
            var low = 0.0, high = camera.pitch  // low clears, high does not
            for _ in 0..<14 {
                c.pitch = (low + high) / 2
                if clears(c, e) { low = c.pitch } else { high = c.pitch }
            }
            sample.pitchCut = min(camera.pitch - low + Self.pitchMargin, camera.pitch)
        } else {
            var scale = 1.0
            while scale < 16 {
                scale *= 1.25
                c.distance = camera.distance * scale
                if clears(c, e) { break }
            }
            sample.pitchCut = camera.pitch
            sample.zoom = log(scale)
        }
        return sample
    }

    /// `values` (samples `step` seconds apart) spread as the type's documentation says: each needed
    /// value widened to a plateau `3 sigma` on either side (a running maximum, so that the Gaussian
    /// keeps all but 0.13 % of it there, even at a bound such as a pitch cut to 0), the upper envelope of
    /// cones of slope `rate` per second, then a Gaussian of `sigma` seconds (default ``sigma``).
    static func spread(_ values: [Double], step: Double, rate: Double, sigma: Double = sigma) -> [Double] {
        guard step > 0, rate > 0, sigma > 0, values.count > 2, values.contains(where: { $0 > 0 }) else { return values }
        let reach = Int((3 * sigma / step).rounded(.up))
        var out = values
        for i in values.indices where values[i] > 0 {
            for k in max(0, i - reach)...min(values.count - 1, i + reach) where out[k] < values[i] { out[k] = values[i] }
        }
        let slope = rate * step
        for i in out.indices.dropFirst() { out[i] = max(out[i], out[i - 1] - slope) }
        for i in out.indices.reversed().dropFirst() { out[i] = max(out[i], out[i + 1] - slope) }
        return TrackSmoothing.gaussian(out, sigma: sigma / step, ends: .even)
    }

    /// Cubic keyframes through `values` at `times` (evenly spaced), with central-difference velocities
    /// limited as Fritsch and Carlson's monotone interpolation does (SIAM J. Numer. Anal. 17(2), 1980):
    /// zero at a sample where the values turn (or stand still on either side), and at most 3 times the
    /// smaller neighbouring secant elsewhere. So each piece stays between its end values: a pitch that
    /// the terrain tilts down to 0 does not swing below it.
    static func keyframes(_ values: [Double], times: [Double]) -> [CameraScript.Keyframe<CameraScript.NumberValue, Double>] {
        let n = values.count
        var secants: [Double] = []
        for i in 1..<max(n, 1) {
            let dt = times[i] - times[i - 1]
            secants.append(dt > 0 ? (values[i] - values[i - 1]) / dt : 0)
        }
        let slopes = (0..<n).map { i -> Double in
            let a = max(i - 1, 0), b = min(i + 1, n - 1)
            guard b > a, times[b] > times[a] else { return 0 }
            let central = (values[b] - values[a]) / (times[b] - times[a])
            guard i > 0, i < n - 1 else { return central }
            let before = secants[i - 1], after = secants[i]
            guard before * after > 0 else { return 0 }
            let bound = 3 * min(abs(before), abs(after))
            return min(max(central, -bound), bound)
        }
        return (1..<n).map { j in
            .init(.cubic(startVelocity: slopes[j - 1], endVelocity: slopes[j]), .number(values[j]), duration: times[j] - times[j - 1])
        }
    }
}
