import Foundation
import Testing

/// An output file of one character (`-o x`, in the working folder) is written like any other: its
/// folder was found with Foundation's `deletingLastPathComponent`, which traps on such a path (found by
/// the new-user review: `sample … -o x` died with SIGILL).
@Suite struct ShortOutputNameTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path

    @Test(arguments: [["sample"], ["plan"], ["profile"], ["check", "--plot"]])
    func aOneCharacterOutputIsWritten(_ command: [String]) throws {
        let dir = try makeTemporaryDirectory()
        let option = command.count > 1 ? [] : ["-o"]
        let r = try runRouteFly([command[0], Self.bundled] + option + Array(command.dropFirst()) + ["x"], in: dir)
        #expect([0, 2].contains(r.status), "\(command): \(r.stderr)")  // check exits 2 on a warning
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path), "\(command)")
        let missing = try runRouteFly([command[0], Self.bundled] + option + Array(command.dropFirst()) + ["nowhere/x"], in: dir)
        #expect(missing.status == 64 && missing.stderr.contains("its folder 'nowhere' does not exist"), "\(missing.stderr)")
    }
}
