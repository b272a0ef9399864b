import Foundation
import Testing

/// A file route-fly writes gets a new file's permissions under the user's umask (as `touch` or a
/// shell redirection would), and a file it replaces keeps its own.
@Suite struct OutputPermissionsTests {
    /// Runs route-fly under `/bin/sh` with `umask` set first.
    private func runUnderUmask(_ umask: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", routeFlyExecutable().path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func newFilesFollowTheUmaskAndReplacedOnesKeepTheirs() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        for (umask, expected) in [("077", 0o600), ("022", 0o644), ("002", 0o664)] {
            for (command, name) in [("sample", "poses-\(umask).csv"), ("plan", "plan-\(umask).json"), ("profile", "profile-\(umask).csv")] {
                let out = dir.appendingPathComponent(name).path
                #expect(try runUnderUmask(umask, [command, route, "-o", out]) == 0, "\(command)")
                let mode = try permissions(out)
                #expect(mode == expected, "\(command) under umask \(umask): \(String(mode, radix: 8))")
            }
        }
        let kept = dir.appendingPathComponent("kept.csv").path
        _ = FileManager.default.createFile(atPath: kept, contents: Data(), attributes: [.posixPermissions: 0o640])
        #expect(try runUnderUmask("077", ["sample", route, "-o", kept]) == 0)
        #expect(try permissions(kept) == 0o640)
    }
}
