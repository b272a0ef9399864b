/// A frame rate as an exact ratio of integers, the way ffmpeg and containers store it: `30000/1001`
/// for NTSC's 29.97 frames per second, `30/1` for 30.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds, more than 0.
    public let numerator: Int
    /// Seconds per `numerator` frames, more than 0.
    public let denominator: Int

    /// The ratio `numerator/denominator` in lowest terms.
    /// - Precondition: Both are more than 0.
    public init(numerator: Int, denominator: Int) {
        precondition(numerator > 0 && denominator > 0, "a frame rate of \(numerator)/\(denominator)")
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// The exact ratio a frames-per-second number stands for.
    ///
    /// - A whole number (within 1e-9) gives `n/1`.
    /// - A rate within 2 parts per million of `n × 1000/1001` gives `(n × 1000)/1001`: the NTSC rates
    ///   `23.976`, `29.97`, `59.94`, `119.88` (as people write them, which are 1 ppm off) and their
    ///   exact values such as `30000.0 / 1001` (29.97002997…).
    /// - Anything else gives the closest ratio with a denominator up to 1,000,000 (continued
    ///   fractions): `12.5` is `25/2`, `10.0 / 3` is `10/3`.
    ///
    /// - Parameter framesPerSecond: Frames per second, finite and more than 0.
    public init(framesPerSecond fps: Double) {
        precondition(fps.isFinite && fps > 0, "a frame rate of \(fps) frames per second")
        let whole = fps.rounded()
        let ntsc = (fps * 1001 / 1000).rounded()
        if whole >= 1, abs(fps - whole) <= 1e-9 * fps {
            self.init(numerator: Int(whole), denominator: 1)
        } else if ntsc >= 1, abs(fps - ntsc * 1000 / 1001) <= 2e-6 * fps {
            self.init(numerator: Int(ntsc) * 1000, denominator: 1001)
        } else {
            let (numerator, denominator) = Self.closestRatio(to: fps, maximumDenominator: 1_000_000)
            self.init(numerator: numerator, denominator: denominator)
        }
    }

    /// Frames per second.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// `numerator/denominator`, as ffmpeg's `-framerate` takes it.
    public var description: String { "\(numerator)/\(denominator)" }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int { b == 0 ? a : greatestCommonDivisor(b, a % b) }

    /// The last convergent of `value`'s continued fraction whose denominator is at most the maximum
    /// (at least 1/maximum, so that a tiny rate is not 0).
    private static func closestRatio(to value: Double, maximumDenominator: Int) -> (Int, Int) {
        var (h0, h1, k0, k1) = (1, Int(value), 0, 1)
        var rest = value - Double(Int(value))
        while rest > 1e-12, abs(Double(h1) / Double(k1) - value) > 1e-12 * value {
            let inverse = 1 / rest
            let term = Int(inverse)
            guard term <= maximumDenominator, k1 * term + k0 <= maximumDenominator else { break }
            (h0, h1) = (h1, term * h1 + h0)
            (k0, k1) = (k1, term * k1 + k0)
            rest = inverse - Double(term)
        }
        return h1 > 0 ? (h1, k1) : (1, maximumDenominator)
    }
}
