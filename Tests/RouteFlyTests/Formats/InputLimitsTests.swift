import Foundation
import Testing
@testable import RouteKit
#if canImport(Glibc)
import Glibc
#endif

// Endless or binary input is refused early, with a located message, and
// nothing is read past the stated maximum.

extension Formats {
    @Suite("Input limits: a stated maximum size, binary data refused from the first bytes")
    struct InputLimitsTests {
        /// ``RouteFile/input(path:)`` (a regular file left where it lies, for `check`) refuses what
        /// ``RouteFile/bytes(path:)`` refuses, with the same message, and gives the same bytes.
        @Test func aFileLeftInPlaceIsRefusedAsReadingItWhole() throws {
            let dir = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let binary = dir.appendingPathComponent("binary.gpx")
            try Data([0x3C, 0x67, 0x70, 0x78, 0x00] + [UInt8](repeating: 0x41, count: 5000)).write(to: binary)
            let short = dir.appendingPathComponent("short.csv")
            try Data([0x61, 0x00, 0x62]).write(to: short)
            let huge = dir.appendingPathComponent("huge.gpx")
            #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
            let handle = try FileHandle(forWritingTo: huge)
            try handle.truncate(atOffset: UInt64(InputLimits.maximumRouteBytes + 1))
            try handle.close()
            for path in [binary.path, short.path, huge.path, dir.path, dir.appendingPathComponent("missing.gpx").path] {
                var whole: String? = nil, inPlace: String? = nil
                do { _ = try RouteFile.bytes(path: path) } catch { whole = error.description }
                do { _ = try RouteFile.input(path: path) } catch { inPlace = error.description }
                #expect(whole != nil && inPlace == whole, "\(path): \(String(describing: inPlace)) vs \(String(describing: whole))")
            }
            let good = Fixtures.url("gpx/routes-only.gpx").path
            guard case .file(let url) = try RouteFile.input(path: good) else {
                Issue.record("a regular file is not left in place")
                return
            }
            #expect(url.path == good)
        }

        /// `/dev/zero` on standard input: refused after the first chunk (it used to be read to 2 GB and trap).
        @Test(arguments: [["info", "-"], ["check", "-"], ["sample", "-"], ["profile", "-"], ["plan", "-"]])
        func endlessZerosOnStandardInput(_ arguments: [String]) throws {
            let r = try runRouteFly(arguments, standardInput: URL(fileURLWithPath: "/dev/zero"))
            #expect(r.status == 1)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr == "<stdin>:1:1: error: the file holds binary data, not text: a NUL byte (byte 1) (route files are XML, JSON or text)\n")
        }

        @Test func endlessZerosAsACameraScript() throws {
            let route = Fixtures.url("gpx/routes-only.gpx").path
            let r = try runRouteFly(["sample", route, "--script", "-"], standardInput: URL(fileURLWithPath: "/dev/zero"))
            #expect(r.status == 1)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("<stdin>: error: the camera script holds binary data, not JSON text: a NUL byte (byte 1)"))
        }

        /// A device read as a named file, with the format forced: still refused from the first bytes.
        @Test func urandomWithAFormatOverride() throws {
            let r = try runRouteFly(["info", "--input-format", "csv", "/dev/urandom"])
            #expect(r.status == 1)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("/dev/urandom:"))
            #expect(r.stderr.contains("error: the file holds binary data, not text"))
        }

        /// A regular file over the limit is refused from its size, before a byte is read (the file is sparse).
        @Test func regularFileOverTheLimit() throws {
            let dir = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent("huge.csv").path
            let fd = open(path, O_WRONLY | O_CREAT, 0o644)
            try #require(fd >= 0)
            #expect(ftruncate(fd, off_t(InputLimits.maximumRouteBytes + 1)) == 0)
            close(fd)
            let error = try #require(throws: RouteParseError.self) { try RouteFile.read(path: path) }
            #expect(error.reason == .tooLarge(limit: 1 << 28))
            #expect(error.description == "\(path): error: the input is larger than 256 MiB, the most a route file may hold (about a million GPX points as devices write them); split it")
            let r = try runRouteFly(["check", path])
            #expect(r.status == 1)
            #expect(r.stderr.contains("larger than 256 MiB"))
        }

        /// A stream is read in chunks and abandoned as soon as it passes the limit.
        @Test func streamOverTheLimit() throws {
            let dir = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent("text.csv").path
            try Data(repeating: UInt8(ascii: "a"), count: 200_000).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            #expect(throws: InputLimits.Failure.self) { try InputLimits.readAll(fd: fd, limit: 100_000) }
            #expect(try InputLimits.readAll(path: path, limit: 200_000).count == 200_000)
        }

        /// The line and column of the give-away byte, counted in characters.
        @Test func binaryDataIsLocated() throws {
            let bytes = Array("lat,lon\n1,2\né,".utf8) + [0] + Array(repeating: UInt8(ascii: "x"), count: 10)
            let error = try #require(throws: RouteParseError.self) {
                try RouteFile.read(data: Data(bytes), displayPath: "r.csv", format: .csv)
            }
            #expect(error.reason == .binaryData("a NUL byte (byte 16)"))
            #expect(error.location == SourceLocation(path: "r.csv", line: 3, column: 3))
            // UTF-16 declared without a byte order mark is text.
            #expect(!looksBinary(Array("<?xml".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })))
        }
    }
}
