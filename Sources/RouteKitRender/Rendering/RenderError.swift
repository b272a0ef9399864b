/// Why a flight could not be rendered. Nothing is left behind: no partial video, no browser or encoder.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The page failed before drawing a frame: MapLibre GL JS or its style did not load, or it threw.
    case pageFailed(String)
    /// A frame did not finish drawing within the frame timeout (a tile or style that never arrives); the
    /// tiles still awaited, if any.
    case frameTimedOut(frame: Int, seconds: Double, waitingFor: [String])
    /// A frame failed to draw: a tile or style that could not be loaded (its URL in the message), or a
    /// script error.
    case frameFailed(frame: Int, message: String)
    /// The frame range asked for is outside the flight's frames.
    case frameRange(requested: Range<Int>, frameCount: Int)
    /// A single-image output (`.png`) was asked for a range of more than one frame.
    case imageNeedsOneFrame(count: Int)

    public var description: String {
        switch self {
        case .pageFailed(let message):
            return "the page did not load: \(message)"
        case .frameTimedOut(let frame, let seconds, let waiting):
            let tiles = waiting.isEmpty ? "" : " (still waiting for \(waiting.prefix(3).joined(separator: ", "))\(waiting.count > 3 ? " and \(waiting.count - 3) more" : ""))"
            return "frame \(frame) did not finish drawing within \(Int(seconds)) s\(tiles): a style or tile that never arrives"
        case .frameFailed(let frame, let message):
            return "frame \(frame) could not be drawn: \(message)"
        case .frameRange(let requested, let count):
            return "frames \(requested.lowerBound):\(requested.upperBound) are outside the flight's \(count) frames (0:\(count))"
        case .imageNeedsOneFrame(let count):
            return "a PNG file holds one frame, but \(count) were asked for: give a range of one frame (A:A+1), or a folder (frames/%05d.png) or a video"
        }
    }
}
