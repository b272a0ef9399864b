/// Why a video could not be written.
public enum VideoEncoderError: Error, Sendable, CustomStringConvertible {
    /// 4:2:0 video (MP4, WebM) needs an even width and height; choose an even viewport.
    case oddFrameSize(width: Int, height: Int)
    /// A frame is not a PNG image.
    case notPNG(frame: Int)
    /// A frame's size differs from the video's.
    case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// ffmpeg failed (a full disk, an unwritable folder, a codec error); its standard error's tail says why.
    case encoderFailed(path: String, ending: String, standardError: String)
    /// The output (or its temporary file) could not be written, renamed or synced.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .oddFrameSize(let width, let height):
            "a video frame of \(width)x\(height) pixels: MP4 and WebM (4:2:0 colour) need an even width and height"
        case .notPNG(let frame):
            "frame \(frame) is not a PNG image"
        case .frameSizeMismatch(let frame, let width, let height, let expectedWidth, let expectedHeight):
            "frame \(frame) is \(width)x\(height) pixels; the video's frames are \(expectedWidth)x\(expectedHeight)"
        case .encoderFailed(let path, let ending, let standardError):
            "\(path): error: ffmpeg \(ending)" + (standardError.isEmpty ? "" : ":\n" + standardError)
        case .cannotWrite(let path, let reason):
            "\(path): error: cannot write the video: \(reason)"
        }
    }
}
