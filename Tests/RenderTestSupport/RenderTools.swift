import Foundation
import Testing
import RouteKitRender
import TestSupport

/// The programs the render tests drive, found the way the renderer finds them, or `nil` with a
/// printed reason (the tests that need them are then skipped).
public enum RenderTools {
    public static let chromium: String? = locate(.chromium, needs: "the headless Chromium checks")
    public static let ffmpeg: String? = locate(.ffmpeg, needs: "the video encoding checks")
    public static let ffprobe: URL? = ExternalTools.find("ffprobe", needs: "the video encoding checks")

    public static func locate(_ program: ExternalProgram, needs: String) -> String? {
        do { return try program.locate() } catch {
            print("note: \(error); \(needs) are skipped")
            return nil
        }
    }

    /// The running processes (ids) whose process group is `group`: what is left of a child and the
    /// processes it started, read from `/proc/*/stat` (field 5). Zombies are left out: they have ended,
    /// and a helper that Chromium started is reaped by the init process it was handed to (which, in a
    /// container whose init reaps nothing, may never happen).
    public static func processes(inGroup group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the command: state, ppid, pgrp.
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group ? pid : nil
        }
    }

    /// Decodes an image file with ffmpeg into rows of RGB bytes (`width * height * 3`, top row first).
    public static func rgb(ofImage bytes: [UInt8]) throws -> [UInt8] {
        let ffmpeg = try #require(ffmpeg)
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in"), output = dir.appendingPathComponent("out.rgb")
        try Data(bytes).write(to: input)
        let r = try ExternalTools.run(URL(fileURLWithPath: ffmpeg), ["-loglevel", "error", "-i", input.path, "-f", "rawvideo",
                                                                     "-pix_fmt", "rgb24", output.path])
        try #require(r.status == 0, "ffmpeg could not decode the image: \(r.stderr)")
        return [UInt8](try Data(contentsOf: output))
    }
}
