import Foundation
import Testing

/// `--format` and an output file's extension that names another format are a usage error (exit 64,
/// nothing written): `--format csv -o y.kml` wrote a table into a file every program opens as KML (the
/// new-user review). `.json` goes with any JSON format, and a matching extension is fine.
@Suite struct FormatExtensionConflictTests {
    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path

    @Test func aFormatTheExtensionContradictsIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        for (format, file) in [("csv", "y.kml"), ("kmz", "y.kml"), ("geojson", "y.czml")] {
            let out = dir.appendingPathComponent(file).path
            let r = try runRouteFly(["sample", Self.bundled, "--format", format, "-o", out])
            #expect(r.status == 64 && r.stdout.isEmpty, "\(format) \(file): \(r.stderr)")
            #expect(r.stderr.contains("but '--format \(format)' was given"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        for (format, file) in [("earth-studio", "e.json"), ("maplibre", "m.json"), ("kml", "k.KML"), ("csv", "noext")] {
            let r = try runRouteFly(["sample", Self.bundled, "--format", format, "-o", dir.appendingPathComponent(file).path])
            #expect(r.status == 0, "\(format) \(file): \(r.stderr)")
        }
    }
}
