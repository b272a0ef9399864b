import Foundation
import Testing
@testable import RouteKit

/// ``RouteFlight``, the library's one call, writes byte for byte what `route-fly sample` writes for the
/// same route and options (the README's library listing makes that promise).
@Suite struct RouteFlightTests {
    static let cerknica = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    /// One case: the command's options, and the same settings made on the library's options.
    struct Case: Sendable, CustomStringConvertible {
        let arguments: [String]
        let format: PoseFormat
        let configure: @Sendable (inout RouteFlight.Options, inout RouteFlight.Output) -> Void
        var description: String { arguments.joined(separator: " ") + " \(format)" }
    }

    static let cases: [Case] = [
        // The README's listing.
        Case(arguments: ["--timing", "recorded", "--speedup", "60"], format: .csv) { options, _ in
            options.flight.timing = .recorded
            options.flight.speedup = 60
        },
        Case(arguments: ["--timing", "recorded", "--speedup", "60"], format: .czml) { options, _ in
            options.flight.timing = .recorded
            options.flight.speedup = 60
        },
        Case(arguments: ["--preset", "orbit", "--heights", "msl", "--route-columns"], format: .csv) { options, output in
            options.flight.preset = .orbit
            output.heights = .orthometric
            output.routeValueColumns = true
        },
        Case(arguments: ["--preset", "overview", "--input-heights", "ellipsoid", "--ground-elevation", "500"], format: .kml) { options, _ in
            options.flight.preset = .overview
            options.inputHeights = .ellipsoidal
            options.ground = .elevation(metres: 500)
        },
        Case(arguments: ["--join-pieces", "--fps", "30"], format: .csv) { options, _ in
            options.joinPieces = true
        },
        Case(arguments: ["--preset", "wwdc", "--angles", "continuous"], format: .geojson) { options, output in
            options.flight.preset = .wwdc
            output.angles = .continuous
        },
    ]

    @Test(arguments: cases) func theLibraryWritesWhatSampleWrites(_ c: Case) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromTool = dir.appendingPathComponent("tool." + c.format.rawValue).path
        let fromLibrary = dir.appendingPathComponent("library." + c.format.rawValue).path
        let r = try runRouteFly(["sample", Self.cerknica, "--format", c.format.rawValue, "-o", fromTool] + c.arguments)
        #expect(r.status == 0, "\(r.stderr)")

        var options = RouteFlight.Options()
        var output = RouteFlight.Output(format: c.format, framesPerSecond: 30)
        c.configure(&options, &output)
        let flight = try RouteFlight(path: Self.cerknica, options: options)
        try flight.write(output, to: .file(fromLibrary))

        let tool = try Data(contentsOf: URL(fileURLWithPath: fromTool))
        let library = try Data(contentsOf: URL(fileURLWithPath: fromLibrary))
        #expect(tool.count > 1000)
        #expect(tool == library, "\(tool.count) bytes from route-fly, \(library.count) from RouteFlight")
        // The notices are what the tool printed on standard error (the tool adds the file name and, for
        // some, the options that help).
        for notice in flight.notices where notice.topic.isGeneral {
            #expect(r.stderr.contains("\(notice.severity.rawValue): \(notice.message)"), "\(notice)")
        }
    }
}

extension RouteFlight.Notice.Topic {
    var isGeneral: Bool { if case .general = self { true } else { false } }
}
