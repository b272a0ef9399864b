/// Where a rendered flight goes.
public enum RenderOutput: Sendable, Equatable {
    /// A video (MP4 or WebM, encoded by ffmpeg) or a folder of PNG frames (``VideoFormat``).
    case video(path: String, format: VideoFormat)
    /// One PNG picture of one frame, written atomically.
    case image(path: String)
}
