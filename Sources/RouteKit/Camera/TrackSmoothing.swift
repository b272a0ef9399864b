import Foundation

/// Gaussian smoothing of a signal sampled on a regular grid, end-preserving, and widened locally
/// until the signal's rates and accelerations stay within limits.
///
/// The ends are handled by *odd reflection* (point reflection about the end sample):
/// `x[-k] = 2 x[0] - x[k]` and `x[m + k] = 2 x[m] - x[m - k]`. A Gaussian is even, so the smoothed
/// signal keeps both end values exactly, and a straight line (constant velocity) passes through
/// unchanged everywhere, ends included. This is why a planned camera still starts on the route's first
/// point and ends on its last after smoothing.
///
/// Local widening (``limit(_:spacing:sigma:maximumPasses:exceeds:)``) repeats one Gaussian pass of
/// `sigma` only where a test fails, blended in over about `sigma` on each side, until nothing fails.
/// Repeated passes of `sigma` add up to one Gaussian of `sigma * sqrt(passes)` there (the variances of
/// convolved Gaussians add), so a hairpin gets the wide smoothing it needs while the straight and gentle
/// parts of a route keep their detail.
enum TrackSmoothing {
    /// How a signal continues beyond its ends.
    enum Ends {
        /// Point reflection: `x[-k] = 2 x[0] - x[k]`. Keeps the end values and straight lines.
        case odd
        /// Mirror reflection: `x[-k] = x[k]`. Keeps constants; the smoothed signal is at rest at the ends.
        case even
    }

    /// The value of `x` at index `i`, reflected beyond both ends (`|i|` at most `x.count - 1` beyond an
    /// end).
    @inline(__always)
    static func reflected(_ x: [Double], _ i: Int, _ ends: Ends = .odd) -> Double {
        let m = x.count - 1
        switch ends {
        case .odd:
            if i < 0 { return 2 * x[0] - x[min(-i, m)] }
            if i > m { return 2 * x[m] - x[max(2 * m - i, 0)] }
        case .even:
            if i < 0 { return x[min(-i, m)] }
            if i > m { return x[max(2 * m - i, 0)] }
        }
        return x[i]
    }

    /// The normalised Gaussian weights `w[-r ... r]` for `sigma` samples (r = ceil(3 sigma), at most
    /// `limit`); `[1]` for `sigma` below a third of a sample.
    static func kernel(sigma: Double, limit: Int) -> [Double] {
        guard sigma >= 1.0 / 3, limit > 0 else { return [1] }
        let r = min(Int((3 * sigma).rounded(.up)), limit)
        var w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        for i in w.indices { w[i] /= sum }
        return w
    }

    /// `x` convolved with a Gaussian of `sigma` samples, reflected at the ends as `ends` says, computed
    /// only at the indices where `only` is true (elsewhere the input value is kept), or everywhere.
    ///
    /// Each value is summed as differences from `x[i]`, so a constant stays exactly constant. Four
    /// neighbouring values are summed at once (``interiorBlock(_:_:weights:)``), each with its own
    /// sum in the same order as alone, so the result is the one-at-a-time result bit for bit.
    ///
    /// - Complexity: O(n r), r = 3 sigma.
    static func gaussian(_ x: [Double], sigma: Double, ends: Ends = .odd, only: [Bool]? = nil) -> [Double] {
        guard x.count > 2 else { return x }
        let w = kernel(sigma: sigma, limit: x.count - 1)
        let r = w.count / 2
        guard r > 0 else { return x }
        var y = x
        let n = x.count
        x.withUnsafeBufferPointer { x in
            w.withUnsafeBufferPointer { w in
                y.withUnsafeMutableBufferPointer { y in
                    var i = 0
                    while i < n {
                        if i >= r, i + 3 + r < n, only.map({ $0[i] && $0[i + 1] && $0[i + 2] && $0[i + 3] }) ?? true {
                            let block = interiorBlock(x, i, weights: w)
                            for lane in 0..<4 { y[i + lane] = block[lane] }
                            i += 4
                            continue
                        }
                        if only?[i] ?? true {
                            y[i] = x[i] + edgeSum(x, i, weights: w, ends: ends)
                        }
                        i += 1
                    }
                }
            }
        }
        return y
    }

    /// The smoothed values at `i ..< i + 4`, all at least r samples from both ends (r = `weights.count / 2`).
    @inline(__always)
    private static func interiorBlock(_ x: UnsafeBufferPointer<Double>, _ i: Int,
                                      weights w: UnsafeBufferPointer<Double>) -> SIMD4<Double> {
        let base = UnsafeRawPointer(x.baseAddress! + (i - w.count / 2))
        let centre = SIMD4(x[i], x[i + 1], x[i + 2], x[i + 3])
        var sum = SIMD4<Double>(repeating: 0)
        for k in 0..<w.count {
            sum += w[k] * (base.loadUnaligned(fromByteOffset: k * MemoryLayout<Double>.stride, as: SIMD4<Double>.self) - centre)
        }
        return centre + sum
    }

    /// The Gaussian sum of differences from `x[i]` at any index, reflecting beyond the ends.
    @inline(__always)
    private static func edgeSum(_ x: UnsafeBufferPointer<Double>, _ i: Int, weights w: UnsafeBufferPointer<Double>,
                                ends: Ends) -> Double {
        let r = w.count / 2, m = x.count - 1
        let centre = x[i]
        var sum = 0.0
        for k in 0..<w.count {
            var j = i - r + k
            var value: Double
            if j < 0 {
                j = min(-j, m)
                value = ends == .odd ? 2 * x[0] - x[j] : x[j]
            } else if j > m {
                j = max(2 * m - j, 0)
                value = ends == .odd ? 2 * x[m] - x[j] : x[j]
            } else {
                value = x[j]
            }
            sum += w[k] * (value - centre)
        }
        return sum
    }

    /// Smooths `channels` (signals on the same grid, `spacing` seconds apart) with extra Gaussian passes
    /// of `sigma` seconds wherever `exceeds` marks a sample, until it marks none or `maximumPasses` are
    /// done. Each pass blends the smoothed values in with a weight that is 1 within `2 sigma` of a marked
    /// sample and falls smoothly to 0 over about `sigma` beyond (a Gaussian of the widened marks).
    ///
    /// - Returns: The number of passes made.
    /// - Complexity: O(passes n r).
    @discardableResult
    static func limit(_ channels: inout [[Double]], spacing: Double, sigma: Double, ends: Ends = .odd,
                      maximumPasses: Int, exceeds: ([[Double]]) -> [Bool]) -> Int {
        guard let n = channels.first?.count, n > 2, spacing > 0 else { return 0 }
        let s = sigma / spacing
        let reach = Int((2 * s).rounded(.up))
        for pass in 0..<maximumPasses {
            let marks = exceeds(channels)
            guard marks.contains(true) else { return pass }
            // Marks widened by 2 sigma, then blurred by sigma: 1 near every mark, smooth to 0 beyond.
            var widened = [Bool](repeating: false, count: n)
            var nextMark = Int.max / 2
            var previousMark = Int.min / 2
            var nextIndex = [Int](repeating: Int.max / 2, count: n)
            for i in stride(from: n - 1, through: 0, by: -1) {
                if marks[i] { nextMark = i }
                nextIndex[i] = nextMark
            }
            for i in 0..<n {
                if marks[i] { previousMark = i }
                if i - previousMark <= reach || nextIndex[i] - i <= reach { widened[i] = true }
            }
            let weight = blurred(widened, sigma: s)
            let active = weight.map { $0 > 1e-6 }
            for c in channels.indices {
                let smoothed = gaussian(channels[c], sigma: s, ends: ends, only: active)
                for i in 0..<n where active[i] {
                    let w = min(1, 2 * weight[i])
                    channels[c][i] += w * (smoothed[i] - channels[c][i])
                }
            }
        }
        return maximumPasses
    }

    /// Follows `target` (samples `spacing` seconds apart) with a rate of at most `rate` per second that
    /// changes by at most `acceleration` per second squared: a tracking filter with feed-forward of the
    /// target's own rate (clamped), which closes the remaining error `e` at
    /// `min(gain |e|, sqrt(2 acceleration |e|))`, the most from which it can still brake in time. A
    /// target within both limits is followed with an error that decays at `gain` per second; a faster
    /// one is followed as fast as the limits allow.
    ///
    /// - Complexity: O(n).
    static func track(_ target: [Double], spacing h: Double, rate: Double, acceleration: Double,
                      gain: Double = 4) -> [Double] {
        guard target.count > 1, h > 0 else { return target }
        var out = target
        var value = target[0]
        var velocity = min(max((target[1] - target[0]) / h, -rate), rate)
        for i in 1..<target.count {
            let error = target[i - 1] - value
            let feedForward = min(max((target[i] - target[i - 1]) / h, -rate), rate)
            let closing = min(gain * abs(error), (2 * acceleration * abs(error)).squareRoot())
            let wanted = min(max(feedForward + (error < 0 ? -closing : closing), -rate), rate)
            velocity += min(max(wanted - velocity, -acceleration * h), acceleration * h)
            value += velocity * h
            out[i] = value
        }
        return out
    }

    /// The mean of ``track(_:spacing:rate:acceleration:gain:)`` run forwards and backwards in time.
    /// The forward pass lags a target that is too fast, the backward pass leads it by as much, so their
    /// mean is centred on it (zero phase): a turn the limits cannot follow starts before the route turns
    /// and ends after it. A mean of two signals within a rate and an acceleration limit is within them
    /// too, so the result keeps both limits.
    ///
    /// - Complexity: O(n).
    static func trackBothWays(_ target: [Double], spacing h: Double, rate: Double, acceleration: Double) -> [Double] {
        let forward = track(target, spacing: h, rate: rate, acceleration: acceleration)
        let backward = Array(track(Array(target.reversed()), spacing: h, rate: rate, acceleration: acceleration).reversed())
        return zip(forward, backward).map { ($0 + $1) / 2 }
    }

    /// A mask (1 where true, 0 where false, and beyond the ends) blurred by a Gaussian of `sigma`
    /// samples: at each index, the weights of the kernel that fall on true samples, added in the order
    /// of those samples (left to right).
    ///
    /// Where the whole kernel falls on true samples the value is that same sum of every weight, so it
    /// is computed once (``kernelSum(_:)``) and only the indices near a change of the mask are summed.
    ///
    /// - Complexity: O(n + b r) for b indices within r of a change of the mask.
    static func blurred(_ mask: [Bool], sigma: Double) -> [Double] {
        let n = mask.count
        let w = kernel(sigma: sigma, limit: max(n - 1, 1))
        let r = w.count / 2
        // trueBefore[i]: how many of mask[0..<i] are true.
        var trueBefore = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { trueBefore[i + 1] = trueBefore[i] + (mask[i] ? 1 : 0) }
        let whole = kernelSum(w)
        var y = [Double](repeating: 0, count: n)
        for j in 0..<n {
            let lo = max(j - r, 0), hi = min(j + r, n - 1)
            let covered = trueBefore[hi + 1] - trueBefore[lo]
            if covered == 0 { continue }
            if covered == w.count { y[j] = whole; continue }
            var sum = 0.0
            for i in lo...hi where mask[i] { sum += w[j - i + r] }
            y[j] = sum
        }
        return y
    }

    /// The weights added in the order ``blurred(_:sigma:)`` adds them where all fall on true samples:
    /// the sample furthest left first, which takes the last weight.
    private static func kernelSum(_ w: [Double]) -> Double {
        var sum = 0.0
        for k in w.indices.reversed() { sum += w[k] }
        return sum
    }
}
