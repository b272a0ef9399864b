/// Where ``VideoEncoder`` sends frames: ffmpeg (``FFmpegSink``) or files (``PNGSequenceSink``).
protocol FrameSink: AnyObject {
    /// Writes one PNG frame (frame numbers count from 0).
    func write(_ png: [UInt8], frame: Int) throws(VideoEncoderError)
    /// Completes the output and moves it into place; removes it on failure.
    func finish() throws(VideoEncoderError)
    /// Removes the partial output and stops any child process.
    func cancel()
}
