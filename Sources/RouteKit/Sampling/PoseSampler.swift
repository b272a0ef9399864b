import Foundation

/// Samples a camera timeline at a fixed frame rate: the frame-exact, reproducible heart of RouteKit.
///
/// Frame `i` is taken at time `i / fps` seconds, for `i = 0 ... floor(duration * fps)`: the first frame
/// is at 0 and the last lands exactly on the end when `duration * fps` is whole (20 s at 30 fps gives
/// 601 frames, the last at 20.0). Times are computed as `Double(i) / fps`, never by accumulating a step,
/// so frame 600 is exactly 20.0 and no error builds up over long flights.
public struct PoseSampler: Sendable {
    /// Frames per second (> 0; may be fractional, e.g. 29.97).
    public var framesPerSecond: Double

    public init(framesPerSecond: Double) {
        precondition(framesPerSecond > 0 && framesPerSecond.isFinite, "framesPerSecond must be > 0")
        self.framesPerSecond = framesPerSecond
    }

    /// The number of frames for a flight of `duration` seconds: `floor(duration * fps) + 1`.
    ///
    /// A product within 1e-9 (relative) of a whole number counts as whole, so that 20 s at 29.97 fps or
    /// 0.1 s steps that do not add up exactly in binary still end on the last frame.
    public func frameCount(forDuration duration: Double) -> Int {
        let product = max(duration, 0) * framesPerSecond
        let nearest = product.rounded()
        let last = abs(product - nearest) <= 1e-9 * max(1, nearest) ? nearest : product.rounded(.down)
        return Int(last) + 1
    }

    /// The time of frame `i`, seconds: `i / fps`.
    public func time(ofFrame frame: Int) -> Double { Double(frame) / framesPerSecond }

    /// Samples a timeline into one normalised pose per frame, in frame order.
    ///
    /// - Returns: ``frameCount(forDuration:)`` poses.
    /// - Complexity: O(f log n) for f frames and n keyframes on the longest track.
    public func poses(of timeline: KeyframeTimeline<MapCamera>) -> [CameraPose] {
        let count = frameCount(forDuration: timeline.duration)
        var poses: [CameraPose] = []
        poses.reserveCapacity(count)
        for frame in 0..<count {
            let t = time(ofFrame: frame)
            poses.append(CameraPose(frame: frame, time: t, camera: timeline.value(time: t).normalized))
        }
        return poses
    }
}
