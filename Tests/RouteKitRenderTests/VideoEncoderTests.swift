import Foundation
import Testing
@testable import RouteKitRender

/// The encoder against Debian's real ffmpeg, checked by ffprobe; skipped, saying so, without them.
@Suite(.enabled(if: RenderTools.ffmpeg != nil && RenderTools.ffprobe != nil, "needs ffmpeg and ffprobe"))
struct VideoEncoderTests {
    static let ntsc = FrameRate(numerator: 30000, denominator: 1001)

    /// Ten 160x120 PNG frames of ffmpeg's test pattern.
    static func testFrames(count: Int = 10, size: String = "160x120") throws -> [[UInt8]] {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ExternalTools.run(URL(fileURLWithPath: try #require(RenderTools.ffmpeg)),
                                      ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=\(size):rate=30",
                                       "-frames:v", "\(count)", dir.appendingPathComponent("%02d.png").path])
        try #require(r.status == 0, "\(r.stderr)")
        return try (1...count).map { [UInt8](try Data(contentsOf: dir.appendingPathComponent(String(format: "%02d.png", $0)))) }
    }

    /// ffprobe's view of the first video stream: `key=value` lines.
    static func probe(_ path: String) throws -> [String: String] {
        let r = try ExternalTools.run(try #require(RenderTools.ffprobe),
                                      ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                       "stream=codec_name,nb_read_frames,r_frame_rate,pix_fmt,width,height", "-of", "default=nw=1", path])
        try #require(r.status == 0, "\(r.stderr)")
        return Dictionary(uniqueKeysWithValues: r.stdout.split(separator: "\n").compactMap { line in
            line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
        })
    }

    @Test(arguments: [("mp4", VideoFormat.mp4(), "h264"), ("webm", VideoFormat.webm(), "vp9")])
    func tenFramesAtTheNTSCRateGiveTenFrames(_ name: String, _ format: VideoFormat, _ codec: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("flight.\(name)").path
        let encoder = try VideoEncoder(path: path, format: format, width: 160, height: 120, frameRate: Self.ntsc)
        for frame in try Self.testFrames() { try encoder.append(png: frame) }
        try encoder.finish()
        let stream = try Self.probe(path)
        #expect(stream["codec_name"] == codec)
        #expect(stream["nb_read_frames"] == "10")
        #expect(stream["r_frame_rate"] == "30000/1001")
        #expect(stream["pix_fmt"] == "yuv420p")
        #expect(stream["width"] == "160" && stream["height"] == "120")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["flight.\(name)"], "no temporary file is left")
    }

    @Test func aPNGSequenceIsTheFramesAsTheyCame() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("frames").path
        let frames = try Self.testFrames(count: 3)
        let encoder = try VideoEncoder(path: path, format: .pngSequence, width: 160, height: 120, frameRate: Self.ntsc)
        for frame in frames { try encoder.append(png: frame) }
        try encoder.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == ["00000.png", "00001.png", "00002.png"])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/00002.png"))) == frames[2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["frames"])
    }

    @Test func cancellingLeavesNoFileAndNoEncoder() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = Set(ChildProcess.liveProcessIDs)
        let encoder = try VideoEncoder(path: dir.appendingPathComponent("flight.mp4").path, format: .mp4(), width: 160,
                                       height: 120, frameRate: Self.ntsc)
        let ffmpeg = try #require(Self.newProcess(since: before, writingInto: dir))
        for frame in try Self.testFrames(count: 3) { try encoder.append(png: frame) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 1, "the temporary file")
        encoder.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(RenderTools.processes(inGroup: ffmpeg).isEmpty)
        #expect(!ChildProcess.liveProcessIDs.contains(ffmpeg))
    }

    /// The encoder's ffmpeg among the children started since `before`: the one whose command line names
    /// `dir` (tests run in parallel, and another may have started a child meanwhile), waited for up to
    /// 5 s (a child shows its parent's command line until it has started ffmpeg).
    static func newProcess(since before: Set<pid_t>, writingInto dir: URL) -> pid_t? {
        for _ in 0..<500 {
            let found = Set(ChildProcess.liveProcessIDs).subtracting(before).first { pid in
                // Read to the end: /proc's files report a size of 0.
                let arguments = FileHandle(forReadingAtPath: "/proc/\(pid)/cmdline")?.readDataToEndOfFile() ?? Data()
                return String(decoding: arguments.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(dir.path)
            }
            if let found { return found }
            usleep(10_000)
        }
        return nil
    }

    @Test func anEncoderDroppedUnfinishedLeavesNothing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = Set(ChildProcess.liveProcessIDs)
        var ffmpeg: pid_t = 0
        do {
            let encoder = try VideoEncoder(path: dir.appendingPathComponent("flight.webm").path, format: .webm(), width: 160,
                                           height: 120, frameRate: Self.ntsc)
            ffmpeg = try #require(Self.newProcess(since: before, writingInto: dir))
            try encoder.append(png: try Self.testFrames(count: 1)[0])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(RenderTools.processes(inGroup: ffmpeg).isEmpty)
    }

    @Test func anFFmpegFailureSaysWhatFFmpegSaid() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let encoder = try VideoEncoder(path: dir.appendingPathComponent("flight.mp4").path, format: .mp4(preset: "no-such-preset"),
                                       width: 160, height: 120, frameRate: Self.ntsc)
        let error = #expect(throws: VideoEncoderError.self) {
            for frame in try Self.testFrames() { try encoder.append(png: frame) }
            try encoder.finish()
        }
        guard case .encoderFailed(_, _, let standardError)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(standardError.contains("no-such-preset"), "\(standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func oddSizesAndWrongFramesAreRefused() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("flight.mp4").path
        let odd = #expect(throws: VideoEncoderError.self) {
            _ = try VideoEncoder(path: path, format: .mp4(), width: 161, height: 120, frameRate: Self.ntsc)
        }
        #expect(odd.map { "\($0)" }?.contains("even width and height") == true)
        let encoder = try VideoEncoder(path: path, format: .mp4(), width: 160, height: 90, frameRate: Self.ntsc)
        let wrong = #expect(throws: VideoEncoderError.self) { try encoder.append(png: try Self.testFrames(count: 1)[0]) }
        #expect(wrong.map { "\($0)" } == "frame 0 is 160x120 pixels; the video's frames are 160x90")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
