import Foundation
import Testing
@testable import RouteKit

/// Options a flight cannot be made or written with are thrown as ``RouteFlight/OptionError``, never
/// trapped on, and nothing is written.
@Suite struct RouteFlightOptionErrorTests {
    static let cerknica = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    @Test(arguments: [0, -1, Double.nan, .infinity, 1e9])
    func aFrameRateItCannotSampleAtIsThrown(framesPerSecond: Double) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("flight.csv").path
        let flight = try RouteFlight(path: Self.cerknica)
        #expect(throws: RouteFlight.OptionError.self) {
            try flight.write(RouteFlight.Output(format: .csv, framesPerSecond: framesPerSecond), to: .file(path))
        }
        #expect(throws: RouteFlight.OptionError.self) { try flight.page(FlightPageOptions(), framesPerSecond: framesPerSecond) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no temporary file is left")
    }

    @Test func aMaximumPitchOutOfRangeIsThrown() throws {
        let flight = try RouteFlight(path: Self.cerknica)
        var output = RouteFlight.Output(format: .maplibre)
        output.maximumPitch = .nan
        let error = try #require(throws: RouteFlight.OptionError.self) { try flight.write(output, to: .file("/nonexistent/x.json")) }
        #expect(error.localizedDescription.contains("maximum pitch nan° is invalid"))
    }

    @Test func aGroundElevationThatIsNotANumberIsThrown() throws {
        var options = RouteFlight.Options()
        options.ground = .elevation(metres: .nan)
        let error = try #require(throws: RouteFlight.OptionError.self) { try RouteFlight(path: Self.cerknica, options: options) }
        #expect(error.description == "the ground elevation nan m is invalid (expected metres above sea level, a finite number)")
    }
}
