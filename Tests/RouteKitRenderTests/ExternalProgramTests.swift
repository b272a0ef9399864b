import Foundation
import Testing
@testable import RouteKitRender

@Suite struct ExternalProgramTests {
    @Test func aMissingProgramNamesItsPackageAndVariable() {
        let error = #expect(throws: ProgramNotFoundError.self) {
            _ = try ExternalProgram.ffmpeg.locate(environment: ["PATH": "/nonexistent"])
        }
        #expect(error.map { "\($0)" } == "ffmpeg was not found on the PATH: install it with 'apt-get install ffmpeg', or set ROUTE_FLY_FFMPEG to its path")
        let browser = #expect(throws: ProgramNotFoundError.self) {
            _ = try ExternalProgram.chromium.locate(environment: ["PATH": "/nonexistent"])
        }
        #expect(browser.map { "\($0)" } == "chromium was not found on the PATH (looked for chromium, chromium-browser, google-chrome): install it with 'apt-get install chromium', or set ROUTE_FLY_CHROMIUM to its path")
    }

    @Test func theVariableWinsAndMustNameAProgram() throws {
        #expect(try ExternalProgram.ffmpeg.locate(environment: ["PATH": "/nonexistent", "ROUTE_FLY_FFMPEG": "/bin/sh"]) == "/bin/sh")
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.txt").path
        _ = FileManager.default.createFile(atPath: text, contents: Data("not a program\n".utf8), attributes: [.posixPermissions: 0o644])
        let error = #expect(throws: ProgramNotFoundError.self) {
            _ = try ExternalProgram.chromium.locate(environment: ["ROUTE_FLY_CHROMIUM": text])
        }
        #expect(error.map { "\($0)" }?.hasPrefix("ROUTE_FLY_CHROMIUM is '\(text)', which is not an executable file; install it with 'apt-get install chromium'") == true)
    }

    @Test func theFirstNameOnThePathIsFound() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = dir.appendingPathComponent("chromium-browser").path
        _ = FileManager.default.createFile(atPath: browser, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(try ExternalProgram.chromium.locate(environment: ["PATH": "/nonexistent:" + dir.path]) == browser)
    }
}
