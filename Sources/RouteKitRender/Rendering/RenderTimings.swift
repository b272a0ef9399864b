import Foundation

/// Where the time of a render went, seconds of wall-clock time summed over the frames.
public struct RenderTimings: Sendable, Equatable {
    /// Frames done.
    public var frames = 0
    /// Starting Chromium and loading the page, up to its first idle map.
    public var setup = 0.0
    /// MapLibre drawing: from `jumpTo` until the map is idle and painted.
    public var draw = 0.0
    /// `Page.captureScreenshot`: the browser's PNG of the frame, over the pipe.
    public var capture = 0.0
    /// Handing the PNG to ffmpeg (blocking while it encodes) or writing it.
    public var encode = 0.0
    /// Tiles answered to the page, and the time spent making them (on their own queue, overlapping the
    /// others).
    public var tiles = 0
    public var tileTime = 0.0

    /// Frames per second end to end (setup excluded), or 0 before the first frame.
    public var framesPerSecond: Double {
        let total = draw + capture + encode
        return total > 0 ? Double(frames) / total : 0
    }

    /// What the pipeline adds to MapLibre's drawing: capture and encode over draw (0.3 is 30 %).
    public var overhead: Double { draw > 0 ? (capture + encode) / draw : 0 }
}
