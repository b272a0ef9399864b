import Foundation
import Testing

/// A signal the parent left ignored stays ignored: `nohup route-fly …` survives the hang-up it was started
/// to survive (route-fly's cleanup handlers used to replace the inherited SIG_IGN), while the same signal
/// not ignored still ends the run with nothing left behind.
@Suite(.serialized) struct IgnoredSignalTests {
    static let hike = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    /// `sample` of a long flight (seconds of work) started by `sh`, with `trap` setting the signals'
    /// dispositions first; `signal` is sent once the temporary output exists.
    static func run(trap: String, signal: Int32, in dir: URL) throws -> Process {
        let output = dir.appendingPathComponent("poses.csv").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(trap) exec \"$0\" sample \"$1\" --duration 1500 --fps 60 -q -o \"$2\"",
                             routeFlyExecutable().path, hike, output]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !(try FileManager.default.contentsOfDirectory(atPath: dir.path)).contains(where: { $0.hasPrefix(".poses.csv") }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }

    @Test func aHangUpTheParentIgnoredDoesNotEndTheRun() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = try Self.run(trap: "trap '' HUP;", signal: SIGHUP, in: dir)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // The whole output: the same run without a signal writes the same bytes.
        let written = try Data(contentsOf: dir.appendingPathComponent("poses.csv"))
        let whole = try runRouteFly(["sample", Self.hike, "--duration", "1500", "--fps", "60", "-q"])
        #expect(whole.status == 0 && written == Data(whole.stdout.utf8))
    }

    @Test func aHangUpNotIgnoredEndsTheRunAndLeavesNothing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = try Self.run(trap: "trap - HUP;", signal: SIGHUP, in: dir)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGHUP)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
