import Foundation

/// Smooths the ground height the camera follows, so that the eye does not bob with GPS noise, and
/// interpolates it without overshoot.
///
/// 1. *Hampel filter over distance* (Hampel 1974; Pearson 2002, "Outliers in process modeling and
///    identification", IEEE TCST 10(1)): for each point, the median `m` and the median absolute
///    deviation `MAD` of the elevations within `window / 2` metres of it along the route (at most
///    ``maximumSamples`` of them, evenly picked); an elevation more than
///    `max(3 * 1.4826 * MAD, ``minimumOutlier``)` from `m` is a GPS spike and becomes `m`. Smooth
///    ground (a terrain model, a clean climb) is left exactly as it is, and so is a real step: on a
///    climb that ends on a plateau, the first point of the plateau keeps the plateau's height.
/// 2. *Monotone cubic interpolation* between keyframes (Fritsch and Carlson 1980, "Monotone piecewise
///    cubic interpolation", SIAM J. Numer. Anal. 17(2)): velocity-continuous, and never above or below
///    the values it joins, so the camera never dips through the smoothed ground.
enum ElevationSmoothing {
    /// The most elevations one median looks at.
    static let maximumSamples = 31
    /// Metres: a deviation from the median below this is never an outlier.
    static let minimumOutlier = 2.0

    /// Hampel-filtered `values` over `positions` (metres, non-decreasing), window `window` metres.
    ///
    /// - Complexity: O(n * m log m), m <= ``maximumSamples``.
    static func median(_ values: [Double], at positions: [Double], window: Double) -> [Double] {
        let n = values.count
        guard n > 2, window > 0 else { return values }
        var result = values
        var low = 0, high = 0
        var buffer: [Double] = []
        buffer.reserveCapacity(maximumSamples)
        for i in 0..<n {
            while positions[low] < positions[i] - window / 2 { low += 1 }
            if high < i + 1 { high = i + 1 }
            while high < n && positions[high] <= positions[i] + window / 2 { high += 1 }
            let count = high - low
            guard count > 2 else { continue }
            buffer.removeAll(keepingCapacity: true)
            if count <= maximumSamples {
                buffer.append(contentsOf: values[low..<high])
            } else {
                for j in 0..<maximumSamples { buffer.append(values[low + j * (count - 1) / (maximumSamples - 1)]) }
            }
            let median = Self.median(&buffer)
            for j in buffer.indices { buffer[j] = abs(buffer[j] - median) }
            let mad = Self.median(&buffer)
            if abs(values[i] - median) > max(3 * 1.4826 * mad, minimumOutlier) { result[i] = median }
        }
        return result
    }

    private static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let m = values.count
        return m % 2 == 1 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2
    }

    /// Fritsch-Carlson tangents (value units per second) for values `y` at times `t` (increasing).
    static func monotoneTangents(_ y: [Double], at t: [Double]) -> [Double] {
        let n = y.count
        guard n >= 2 else { return Array(repeating: 0, count: n) }
        var secants = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            let h = t[k + 1] - t[k]
            secants[k] = h > 0 ? (y[k + 1] - y[k]) / h : 0
        }
        var m = [Double](repeating: 0, count: n)
        for k in 1..<(n - 1) {
            let a = secants[k - 1], b = secants[k]
            if a * b > 0 {
                // Weighted harmonic mean (Fritsch and Butland 1984): stays within the monotone region.
                let h0 = t[k] - t[k - 1], h1 = t[k + 1] - t[k]
                let w1 = 2 * h1 + h0, w2 = h1 + 2 * h0
                m[k] = (w1 + w2) / (w1 / a + w2 / b)
            }
        }
        // Ends at rest: the flight's ends are rests, and a zero tangent never overshoots.
        return m
    }
}
