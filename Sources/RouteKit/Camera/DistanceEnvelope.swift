import Foundation

/// A camera distance that never falls below what each moment needs, and changes smoothly: the least
/// zoom a group camera can make that still keeps what it must in view.
///
/// From the needed distances `x[i]` (metres, on a regular grid `spacing` seconds apart), in `ln`
/// (zoom is perceived on a log scale: ``MotionMeasures``' zoom rate is `d ln(distance) / dt`):
/// 1. the upper envelope of cones of slope ``rate`` around every sample,
///    `y[i] = max_j (ln x[j] - rate |i - j| spacing)` (a forward and a backward pass): nothing changes
///    faster than `rate`, and the camera zooms out *before* it must;
/// 2. widened to a plateau `3 sigma` either side (a running maximum), so that
/// 3. a Gaussian of ``sigma`` seconds (``TrackSmoothing/gaussian(_:sigma:ends:only:)``, truncated at
///    `3 sigma`) takes nothing off any need (each output is a weighted mean of values at least the
///    need there) while rounding the cones' corners: a corner between slopes `+rate` and `-rate`
///    becomes a turn whose acceleration is at most `2 rate / (sigma sqrt(2 pi))` per second squared.
///
/// The same construction keeps the terrain corrections smooth (``TerrainClearance``).
/// Values between samples are cubic Hermite interpolants with central-difference slopes.
struct DistanceEnvelope {
    /// Natural-log units per second (half of `route-fly check`'s zoom-rate limit, ln 2 / 2).
    static let rate = log(2.0) / 2
    /// Seconds: the Gaussian (its corners then accelerate the zoom by at most 0.28 per second squared,
    /// a fifth of `check`'s 1.4).
    static let sigma = 1.0

    /// Route time of the first sample, seconds.
    let start: Double
    /// Seconds between samples (> 0).
    let spacing: Double
    /// `ln` of the planned distance at each sample.
    private(set) var logDistance: [Double]

    /// - Parameters:
    ///   - needed: Metres (> 0, finite) at each sample.
    ///   - start: Route time of the first sample, seconds.
    ///   - spacing: Seconds between samples (> 0).
    /// - Complexity: O(n (1 + sigma / spacing)).
    init(needed: [Double], start: Double, spacing: Double) {
        self.start = start
        self.spacing = spacing
        var y = needed.map { log(max($0, 1e-3)) }
        let n = y.count
        let step = Self.rate * spacing
        if n > 1 {
            for i in 1..<n { y[i] = max(y[i], y[i - 1] - step) }
            for i in stride(from: n - 2, through: 0, by: -1) { y[i] = max(y[i], y[i + 1] - step) }
        }
        let sigmaSamples = Self.sigma / spacing
        let reach = Int((3 * sigmaSamples).rounded(.up))
        if reach > 0 && n > 2 {
            // A running maximum over `reach` samples either side (a monotone deque: O(n)).
            var plateau = y
            var deque: [Int] = []
            var head = 0
            for i in 0..<(n + reach) {
                if i < n {
                    while deque.count > head && y[deque[deque.count - 1]] <= y[i] { deque.removeLast() }
                    deque.append(i)
                }
                let centre = i - reach
                guard centre >= 0 else { continue }
                while deque[head] < centre - reach { head += 1 }
                plateau[centre] = y[deque[head]]
            }
            // Even reflection at the ends: a flight starts and ends with its need held.
            y = TrackSmoothing.gaussian(plateau, sigma: sigmaSamples, ends: .even)
        }
        logDistance = y
    }

    /// The distance (metres) at route time `r` (clamped to the samples) and its rate, metres per second.
    func state(atRouteTime r: Double) -> (value: Double, rate: Double) {
        let x = logDistance
        let n = x.count
        guard n > 1 else { return (exp(x.first ?? 0), 0) }
        let u = min(max((r - start) / spacing, 0), Double(n - 1))
        let i = min(Int(u), n - 2)
        let f = u - Double(i)
        let m0 = (TrackSmoothing.reflected(x, i + 1, .even) - TrackSmoothing.reflected(x, i - 1, .even)) / 2
        let m1 = (TrackSmoothing.reflected(x, i + 2, .even) - TrackSmoothing.reflected(x, i, .even)) / 2
        let (p0, p1) = (x[i], x[i + 1])
        let f2 = f * f, f3 = f2 * f
        let value = (2 * f3 - 3 * f2 + 1) * p0 + (f3 - 2 * f2 + f) * m0 + (-2 * f3 + 3 * f2) * p1 + (f3 - f2) * m1
        let slope = ((6 * f2 - 6 * f) * p0 + (3 * f2 - 4 * f + 1) * m0 + (-6 * f2 + 6 * f) * p1 + (3 * f2 - 2 * f) * m1) / spacing
        let d = exp(value)
        return (d, d * slope)
    }
}
