import Foundation
import Testing
@testable import RouteKit
@testable import RouteKitGeodesy
@testable import RouteKitRender
@testable import RouteKitTerrain

/// Every public error type of the library targets is a `LocalizedError` whose `localizedDescription`
/// is its `description` (Foundation's default for an `Error` is "The operation could not be
/// completed", which is what an app shows when it displays `error.localizedDescription`).
@Suite struct LocalizedErrorTests {
    /// One value of each public error type, by the type's own name (nested types by their last name).
    /// Values come from the library where that is one call (a parse, a file write), else are built.
    static func examples() throws -> [String: any Error & CustomStringConvertible] {
        let parseError = try #require(throws: RouteParseError.self) {
            try RouteFile.read(data: Data("<gpx version=\"1.1\"><trk>".utf8), displayPath: "cut.gpx", format: .gpx)
        }
        let writeError = try #require(throws: AtomicFile.WriteError.self) {
            try AtomicFile(path: "/nonexistent-routekit-folder/poses.csv")
        }
        let optionError = try #require(throws: RouteFlight.OptionError.self) {
            try RouteFlight.checkedSampler(framesPerSecond: 0, duration: 10)
        }
        return [
            "RouteParseError": parseError,
            "OptionError": optionError,
            "WriteError": writeError,
            "FlightPlanError": FlightPlanError.tooFewPoints(1),
            "GroupFlightError": GroupFlightError.noTimeSpan,
            "CameraScriptError": CameraScriptError(path: "orbit.json", jsonPath: "tracks.heading[0]", message: "a test"),
            "RiderGroupError": RiderGroupError.noRiders,
            "Unplannable": FlightCheck.Unplannable.plan(.tooFewPoints(1)),
            "TooManyBins": RouteProfile.TooManyBins(length: 4e8, binWidth: 1),
            "GeoidError": GeoidError.gridMissing(grid: "egm96_15.gtx", reason: "not found"),
            "TerrainError": TerrainError(path: "dem.tif", kind: .fileNotFound),
            "ChildProcessError": ChildProcessError(executable: "ffmpeg", reason: "No such file or directory"),
            "ProgramNotFoundError": ProgramNotFoundError(program: .ffmpeg, setPath: nil),
            "VideoEncoderError": VideoEncoderError.oddFrameSize(width: 641, height: 480),
            "DevToolsError": DevToolsError.timedOut(method: "Page.navigate", seconds: 30),
            "RenderError": RenderError.imageNeedsOneFrame(count: 2),
        ]
    }

    /// The names of the public types declared with an `Error` (or `LocalizedError`) conformance in
    /// `text`: `public struct X: Error`, `public enum X: Hashable,\n Error {`, nested or not.
    static func errorDeclarationNames(in text: String) -> [String] {
        let declaration = /public\s+(?:final\s+)?(?:struct|enum|class|actor)\s+(\w+)(?:<[^>{]*>)?\s*:([^{]*)\{/
        return text.matches(of: declaration).compactMap { match in
            let conformances = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            let isError = conformances.contains { $0 == "Error" || $0 == "Swift.Error" || $0 == "LocalizedError" }
            return isError ? String(match.output.1) : nil
        }
    }

    /// The public error types of every library target (their sources scanned).
    static func publicErrorTypes() -> Set<String> {
        Set(LayerRulesTests.libraryTargets.flatMap { target in
            LayerRulesTests.files(in: target).flatMap { errorDeclarationNames(in: $0.text) }
        })
    }

    @Test func everyPublicErrorTypeHasAnExample() throws {
        let found = Self.publicErrorTypes()
        let listed = Set(try Self.examples().keys)
        // Fails when the scan finds nothing (the rule would be stale) or a type was added or removed.
        #expect(found.count >= 10, "the scan of Sources found only \(found.sorted())")
        #expect(found.subtracting(listed).isEmpty,
                "public error types without an example here (add one, and a LocalizedError conformance): \(found.subtracting(listed).sorted())")
        #expect(listed.subtracting(found).isEmpty, "examples of types the scan does not find: \(listed.subtracting(found).sorted())")
    }

    @Test func localizedDescriptionIsTheDescription() throws {
        for (name, error) in try Self.examples().sorted(by: { $0.key < $1.key }) {
            #expect(error.localizedDescription == error.description, "\(name): localizedDescription is '\(error.localizedDescription)'")
            #expect(!error.description.isEmpty && !error.description.contains("could not be completed"), "\(name)")
            // As an app meets it: through `any Error`, and bridged to NSError.
            let anyError: any Error = error
            #expect(anyError.localizedDescription == error.description, "\(name) as any Error")
            #expect((anyError as NSError).localizedDescription == error.description, "\(name) as NSError")
        }
    }

    /// The check tells the two apart: without the conformance, Foundation says "The operation could not
    /// be completed" whatever `description` says.
    @Test func anErrorWithoutTheConformanceFailsTheCheck() {
        struct Plain: Error, CustomStringConvertible { var description: String { "x.gpx:1:1: error: plain" } }
        #expect(Plain().localizedDescription != Plain().description)
        #expect(Plain().localizedDescription.contains("could not be completed"))
    }

    /// The scan sees the declaration shapes the sources use.
    @Test func scanFindsErrorDeclarations() {
        let text = "public struct A: Error, Sendable {\npublic enum B: Hashable,\n    Error {\npublic struct C: Hashable {\n"
            + "    public struct D<T>: Sendable, LocalizedError {\nstruct E: Error {\n"
        #expect(Self.errorDeclarationNames(in: text) == ["A", "B", "D"])
    }
}
