import Testing
@testable import RouteKitRender

@Suite struct FrameRateTests {
    /// Frames per second, and the ratio they stand for.
    static let rates: [(Double, Int, Int)] = [
        (29.97, 30000, 1001), (30000.0 / 1001, 30000, 1001), (23.976, 24000, 1001), (24000.0 / 1001, 24000, 1001),
        (59.94, 60000, 1001), (119.88, 120000, 1001), (30, 30, 1), (60, 60, 1), (25, 25, 1), (12.5, 25, 2),
        (10.0 / 3, 10, 3), (0.5, 1, 2),
    ]

    @Test(arguments: rates)
    func framesPerSecondBecomeTheirExactRatio(_ fps: Double, _ numerator: Int, _ denominator: Int) {
        let rate = FrameRate(framesPerSecond: fps)
        #expect(rate == FrameRate(numerator: numerator, denominator: denominator), "\(fps) gave \(rate)")
    }

    @Test func ratiosAreInLowestTermsAndPrintAsFFmpegReadsThem() {
        #expect(FrameRate(numerator: 60, denominator: 2).description == "30/1")
        #expect(FrameRate(numerator: 30000, denominator: 1001).description == "30000/1001")
        #expect(FrameRate(numerator: 30000, denominator: 1001).framesPerSecond == 30000.0 / 1001)
    }

    @Test func aRateNearButNotAtNTSCStaysItself() {
        #expect(FrameRate(framesPerSecond: 29.9).description == "299/10")
        #expect(FrameRate(framesPerSecond: 29.98).description == "1499/50")
    }
}
