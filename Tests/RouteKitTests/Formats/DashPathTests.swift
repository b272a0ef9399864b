import Foundation
import Testing
@testable import RouteKit
#if canImport(Glibc)
import Glibc
#endif

// The library speaks no CLI: `-` means standard input only to route-fly. To the library it
// is a file name like any other; standard input has calls of its own (RouteFile.readStandardInput,
// RouteInput.standardInput, CameraScript.loadStandardInput).

extension Formats {
    @Suite("A path '-' is a file to the library", .serialized)
    struct DashPathTests {
        /// Runs `body` with `directory` as the working directory, so that the relative path `-` names a
        /// file in it, and restores the previous one. The switch is process-wide and lasts only for
        /// `body`: every other test names its files by absolute paths.
        static func inDirectory<T>(_ directory: URL, _ body: () throws -> T) throws -> T {
            let previous = FileManager.default.currentDirectoryPath
            guard chdir(directory.path) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
            defer { _ = chdir(previous) }
            return try body()
        }

        /// The error `body` throws, or `nil` when it returns.
        static func error<E: Error>(_ body: () throws(E) -> some Any) -> E? {
            do { _ = try body(); return nil } catch { return error }
        }

        @Test func aFileNamedDashIsReadAsAFile() throws {
            let dir = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            // Before the file exists: the system's "no such file", named `-`, not standard input.
            let missing = try Self.inDirectory(dir) { Self.error { () throws(RouteParseError) in try RouteFile.read(path: "-") } }
            #expect(missing?.description == "-: error: cannot read the file: No such file or directory", "\(String(describing: missing))")
            let missingScript = try Self.inDirectory(dir) { Self.error { () throws(CameraScriptError) in try CameraScript.load(path: "-") } }
            #expect(missingScript?.path == "-")
            #expect(missingScript?.message == "cannot read the camera script: No such file or directory")

            // clean.gpx has 8 track points (count its <trkpt> elements).
            let route = Fixtures.url("check/clean.gpx")
            try FileManager.default.copyItem(at: route, to: dir.appendingPathComponent("-"))
            let (result, bytes, input) = try Self.inDirectory(dir) {
                (try RouteFile.read(path: "-"), try RouteFile.bytes(path: "-"), try RouteFile.input(path: "-"))
            }
            #expect(result.route.points.count == 8)
            #expect(result.format == .gpx)
            #expect(bytes == (try Data(contentsOf: route)))
            guard case .file(let url) = input else {
                Issue.record("the regular file '-' was not left in place")
                return
            }
            #expect(url.path == dir.appendingPathComponent("-").path)

            // A camera script named `-`: read from the file, and its errors name `-`.
            try FileManager.default.removeItem(at: dir.appendingPathComponent("-"))
            try Data("{\"initialCamera\": {}, \"heading\": 5}".utf8).write(to: dir.appendingPathComponent("-"))
            let scriptError = try Self.inDirectory(dir) { Self.error { () throws(CameraScriptError) in try CameraScript.load(path: "-") } }
            #expect(scriptError?.path == "-", "\(String(describing: scriptError))")
            try FileManager.default.removeItem(at: dir.appendingPathComponent("-"))
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("samples/scripts/orbit.json"),
                                             to: dir.appendingPathComponent("-"))
            let script = try Self.inDirectory(dir) { try CameraScript.load(path: "-") }
            let expected = try CameraScript(json: Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("samples/scripts/orbit.json")))
            #expect(script == expected)
        }
    }
}
