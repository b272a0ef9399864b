import Foundation
import Testing
@testable import RouteKitRender

/// The check that a finished video is whole (ffmpeg has been seen to exit 0 on a full disk after
/// writing an MP4 without its index), on real files ffmpeg writes, whole and cut short.
@Suite struct ContainerCheckTests {
    @Test(.enabled(if: RenderTools.ffmpeg != nil, "needs ffmpeg"), arguments: [("mp4", VideoFormat.mp4()), ("webm", .webm())])
    func wholeFilesPassAndCutFilesDoNot(_ ext: String, _ format: VideoFormat) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v.\(ext)").path
        let codec = ext == "mp4" ? ["-c:v", "libx264", "-movflags", "+faststart"] : ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "40"]
        let r = try ExternalTools.run(URL(fileURLWithPath: RenderTools.ffmpeg!), ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=160x120:r=10",
                                                                                  "-frames:v", "20", "-pix_fmt", "yuv420p"] + codec + [path])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(ContainerCheck.problem(path, format: format) == nil)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for cut in [0, 100, whole.count / 2, whole.count - 1] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(ContainerCheck.problem(path, format: format) != nil, "\(ext) cut to \(cut) of \(whole.count) bytes passes")
        }
    }
}
