import Foundation

/// Writes PNG frames, one at a time, into a video file (MP4 or WebM, through ffmpeg) or a folder of
/// PNG files, whole or not at all.
///
/// The output is written under a temporary name beside the destination and renamed over it only by
/// ``finish()``, after ffmpeg succeeded and the file was synced. ``cancel()``, a thrown error and
/// `deinit` (without ``finish()``) kill ffmpeg and remove the partial output. A program that ends on
/// a signal removes the temporary file through `AtomicFile/temporaryFileObserver` and kills ffmpeg
/// through ``ChildProcess/killAllLive()``.
///
/// Memory stays bounded: ``append(png:)`` hands the frame to ffmpeg's standard input and keeps
/// nothing; when ffmpeg encodes slower than frames come, it blocks until ffmpeg has read enough.
///
///     let encoder = try VideoEncoder(path: "flight.mp4", format: .mp4(), width: 1280, height: 720,
///                                    frameRate: FrameRate(numerator: 30000, denominator: 1001))
///     for pose in poses { try encoder.append(png: try page.captureScreenshot()) }
///     try encoder.finish()
///
/// Sizes: MP4 and WebM are 4:2:0 video, which needs an even width and height; an odd size is refused
/// (``VideoEncoderError/oddFrameSize(width:height:)``) rather than padded or cropped, because either
/// would change the picture the browser drew: choose an even viewport.
package final class VideoEncoder {
    /// The destination, as given.
    package let path: String
    /// What is written.
    package let format: VideoFormat
    /// Every frame's size in pixels.
    package let width: Int, height: Int
    /// Frames per second, exactly.
    package let frameRate: FrameRate
    /// Frames appended so far.
    package private(set) var frameCount = 0
    private var sink: (any FrameSink)?

    /// Starts an encoder (ffmpeg, for MP4 and WebM) writing to a temporary file beside `path`.
    ///
    /// - Parameters:
    ///   - path: The video file, or for ``VideoFormat/pngSequence`` the folder (which must not exist,
    ///     or be empty).
    ///   - format: MP4, WebM or a PNG sequence.
    ///   - width: Frame width in pixels, more than 0 (even for MP4 and WebM).
    ///   - height: Frame height in pixels, more than 0 (even for MP4 and WebM).
    ///   - frameRate: Frames per second, as an exact ratio.
    ///   - ffmpeg: ffmpeg's path; `nil` finds it (``ExternalProgram/ffmpeg``). Not used for PNG sequences.
    /// - Throws: ``VideoEncoderError`` (odd size, unwritable folder), ``ProgramNotFoundError`` when ffmpeg
    ///   is not installed, ``ChildProcessError`` when it cannot start.
    package init(path: String, format: VideoFormat, width: Int, height: Int, frameRate: FrameRate,
                ffmpeg: String? = nil) throws {
        precondition(width > 0 && height > 0, "a video of \(width)x\(height) pixels")
        if format.needsEvenSize, width % 2 != 0 || height % 2 != 0 {
            throw VideoEncoderError.oddFrameSize(width: width, height: height)
        }
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        self.frameRate = frameRate
        if format == .pngSequence {
            sink = try PNGSequenceSink(path: path)
        } else {
            let program = try ffmpeg ?? ExternalProgram.ffmpeg.locate()
            sink = try FFmpegSink(path: path, format: format, ffmpeg: program, arguments: Self.inputArguments(frameRate) + format.ffmpegOutputArguments)
        }
    }

    deinit { cancel() }

    /// Appends one frame, blocking while ffmpeg catches up.
    /// - Parameter png: A PNG image of ``width`` x ``height`` pixels. It is not kept.
    /// - Throws: ``VideoEncoderError``: `.notPNG`, `.frameSizeMismatch`, `.encoderFailed` (ffmpeg
    ///   exited: the partial output is removed), `.cannotWrite`. After an error the encoder is done.
    /// - Complexity: O(`png.count`).
    package func append(png: [UInt8]) throws(VideoEncoderError) {
        guard let sink else { preconditionFailure("a frame appended to a finished or cancelled video") }
        guard let header = PNGHeader(png) else { throw fail(.notPNG(frame: frameCount)) }
        guard header.width == width, header.height == height else {
            throw fail(.frameSizeMismatch(frame: frameCount, width: header.width, height: header.height,
                                          expectedWidth: width, expectedHeight: height))
        }
        do { try sink.write(png, frame: frameCount) } catch { throw fail(error) }
        frameCount += 1
    }

    /// Ends the input, waits for ffmpeg to finish, syncs the output and renames it over ``path``.
    /// - Throws: ``VideoEncoderError``: `.encoderFailed` with ffmpeg's last words, `.cannotWrite` (no
    ///   frames were appended, or the rename failed). Nothing is left behind on failure.
    package func finish() throws(VideoEncoderError) {
        guard let sink else { preconditionFailure("a video finished twice, or after it was cancelled") }
        self.sink = nil
        guard frameCount > 0 else {
            sink.cancel()
            throw .cannotWrite(path: path, reason: "no frames were given")
        }
        try sink.finish()
    }

    /// Stops: kills ffmpeg and removes the partial output. Does nothing after ``finish()``.
    package func cancel() {
        sink?.cancel()
        sink = nil
    }

    /// Cancels and hands the error back, for `throw fail(…)`.
    private func fail(_ error: VideoEncoderError) -> VideoEncoderError {
        cancel()
        return error
    }

    /// PNG frames from standard input at the exact rate, quiet unless something fails.
    private static func inputArguments(_ rate: FrameRate) -> [String] {
        ["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "image2pipe", "-c:v", "png", "-framerate", "\(rate)",
         "-i", "pipe:0"]
    }
}
