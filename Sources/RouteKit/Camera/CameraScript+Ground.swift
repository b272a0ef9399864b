import Foundation

/// The ground a camera script's centre elevation follows (``CameraScript/NumberValue/ground``): the
/// terrain model when one is given, else the route's own heights (``RouteGround``: the elevation of the
/// route point nearest the centre, within 2 km), the ground that ``TerrainClearance`` and
/// `route-fly check` use too (``RouteGround/ground(for:terrain:)``).
///
/// A `"ground"` keyframe becomes cubic keyframes through the ground under the centre:
/// 1. The centre is sampled ``samplesPerSecond`` times a second over the keyframe (at most
///    ``maximumSamples`` samples) and the ground read under each; where the ground is unknown (farther
///    than 2 km from every route point with a height, or outside the terrain model) the nearest known
///    sample in time is taken, and with none the elevation before the keyframe is held.
/// 2. The heights are smoothed by a Gaussian of ``sigma`` seconds (``TrackSmoothing``, odd reflection, so
///    the first and last samples and any straight slope are kept): the route's heights are those of
///    single points, and a step from one point to the next (tens of metres where GPS heights jump)
///    would otherwise jolt the eye.
/// 3. Cubic keyframes pass through the samples with velocities limited as Fritsch and Carlson's monotone
///    interpolation does (``TerrainClearance/keyframes(_:times:)``), so the elevation never swings past
///    the ground it follows; the keyframe's own `startVelocity` and `endVelocity`, when given, replace
///    the first and last.
struct ScriptGround {
    /// The ground, or `nil` when there is none (a route without heights and no terrain model).
    let model: (any ElevationModel)?
    /// The route's mean elevation, metres (0 without heights): the initial centre's where the ground
    /// under it is unknown.
    let meanElevation: Double

    /// Samples a second: 30, a video's frame rate.
    static let samplesPerSecond = 30.0
    /// The most samples one keyframe gets (longer keyframes are sampled more sparsely: 20000 samples
    /// is 11 minutes at 30 a second).
    static let maximumSamples = 20_000
    /// Seconds: the Gaussian that smooths the sampled heights. 0.1 s keeps the eye's vertical
    /// acceleration over the distance at 0.16 per second squared where samples/scripts/reveal.json flies
    /// the Cerknica route (a step of 40 m between neighbouring points; `route-fly check` warns above 2.5),
    /// and the height within 3 m of the nearest point's at 96 % of its frames.
    static let sigma = 0.1

    /// - Complexity: O(n log n) for n route points (``RouteGround``).
    init(route: Route, terrain: (any ElevationModel)?) {
        model = RouteGround.ground(for: route, terrain: terrain)
        let known = route.points.compactMap(\.elevation)
        meanElevation = known.isEmpty ? 0 : known.reduce(0, +) / Double(known.count)
    }

    /// The ground under `centre` (longitude possibly unwrapped), metres above sea level, or `nil` where
    /// it is unknown.
    func height(under centre: LocationCoordinate2D) -> Double? {
        model?.elevation(at: centre.normalized)
    }

    /// The initial centre's elevation for `"ground"`: the ground under it, else the route's mean.
    func initialHeight(under centre: LocationCoordinate2D) -> Double {
        height(under: centre) ?? meanElevation
    }

    /// Number keyframes following the ground under `camera`'s centre from `start` to `end` seconds
    /// (the type's steps), starting from `previous` metres.
    ///
    /// - Complexity: O(s) ground lookups and camera evaluations for s samples.
    func keyframes(camera: KeyframeTimeline<MapCamera>, from start: Double, to end: Double, previous: Double,
                   startVelocity: Double?, endVelocity: Double?) -> [CameraScript.Keyframe<CameraScript.NumberValue, Double>] {
        let span = end - start
        guard span > 0 else { return [.init(.cubic(startVelocity: nil, endVelocity: nil), .number(previous), duration: 0)] }
        let count = min(max(Int((span * Self.samplesPerSecond).rounded(.up)), 1), Self.maximumSamples)
        let times = (0...count).map { min(start + span * Double($0) / Double(count), end) }
        let sampled = times.map { height(under: camera.value(time: $0).centerCoordinate) }
        guard sampled.contains(where: { $0 != nil }) else {
            return [.init(.cubic(startVelocity: 0, endVelocity: 0), .number(previous), duration: span)]
        }
        let step = span / Double(count)
        let heights = TrackSmoothing.gaussian(Self.filled(sampled), sigma: Self.sigma / step, ends: .odd)
        var keyframes = TerrainClearance.keyframes(heights, times: times.map { $0 - start })
        if let first = keyframes.first, case .cubic(_, let e) = first.kind, let startVelocity {
            keyframes[0].kind = .cubic(startVelocity: startVelocity, endVelocity: e)
        }
        if let last = keyframes.last, case .cubic(let s, _) = last.kind, let endVelocity {
            keyframes[keyframes.count - 1].kind = .cubic(startVelocity: s, endVelocity: endVelocity)
        }
        return keyframes
    }

    /// `values` with each `nil` replaced by the nearest known value (the earlier one on a tie);
    /// at least one must be known.
    static func filled(_ values: [Double?]) -> [Double] {
        var out = values
        var last: Double? = nil
        var gapStart: Int? = nil
        for i in values.indices {
            guard let v = values[i] else {
                if gapStart == nil { gapStart = i }
                continue
            }
            if let g = gapStart {
                // Each the nearer of the known value before the gap (at g - 1, if any) and this one.
                for j in g..<i { out[j] = last.map { j - (g - 1) <= i - j ? $0 : v } ?? v }
                gapStart = nil
            }
            last = v
        }
        if let g = gapStart, let last { for j in g..<values.count { out[j] = last } }
        return out.map { $0! }
    }
}
