/// What ``VideoEncoder`` writes.
public enum VideoFormat: Hashable, Sendable {
    /// H.264 in MP4 (libx264, `yuv420p`, `+faststart` so that playback starts before the download ends):
    /// plays everywhere. `crf` is libx264's constant rate factor, 0...51 (lower is better; 18 looks
    /// lossless to most eyes); `preset` is libx264's speed/size trade-off (`ultrafast` … `veryslow`).
    case mp4(crf: Int = 18, preset: String = "medium")
    /// VP9 in WebM (libvpx-vp9, `yuv420p`), constant quality: `-crf <crf> -b:v 0`, 0...63 (31 is
    /// libvpx's recommendation for 1080p), with `-deadline good -cpu-used 4 -row-mt 1` (less effort than
    /// libvpx's default `-cpu-used 0`, for speed: about 1.6 frames/s of noisy 1280x720 on 2 cores).
    case webm(crf: Int = 31)
    /// The frames as they came, one PNG file each, `00000.png`, `00001.png` … (frame *i* is pose *i*) in a
    /// folder. Written by RouteKit itself, without ffmpeg: the frames already are PNG files, and ffmpeg
    /// would only decode and encode them again.
    case pngSequence

    /// Whether the frames are encoded as 4:2:0 video, which needs an even width and height.
    var needsEvenSize: Bool { self != .pngSequence }

    /// ffmpeg's arguments for the output (codec, quality, container), before the file name.
    var ffmpegOutputArguments: [String] {
        switch self {
        case .mp4(let crf, let preset):
            ["-c:v", "libx264", "-preset", preset, "-crf", "\(crf)", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
        case .webm(let crf):
            ["-c:v", "libvpx-vp9", "-crf", "\(crf)", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
             "-pix_fmt", "yuv420p", "-f", "webm"]
        case .pngSequence:
            []
        }
    }
}
