import Foundation
import Testing
@testable import RouteKit

/// KML tours and CZML documents against the renderers' published schemas in ../shared/schemas (KML 2.2
/// with Google's gx: extension through xmllint; CZML through the czml-writer JSON schema with Python's
/// jsonschema). Skipped, with a printed reason, without the schemas or the tools; `.ci/run` installs the
/// tools.
@Suite(.serialized) struct SchemaValidationTests {
    static let schemas: URL? = {
        let url = Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas")
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("kml/kml-all.xsd").path) { return url }
        print("note: \(url.path) is absent; the schema checks are skipped")
        return nil
    }()
    static let xmllint = ExternalTools.find("xmllint", needs: "the KML schema checks")
    static let python = ExternalTools.python(with: "jsonschema", needs: "the CZML schema checks")

    static let bundled = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path

    /// Flights to validate: the bundled route (camera and LookAt views), and, when ../shared/real is
    /// there, a route of several segments (TCX laps) and one with times for recorded timing.
    static func flights() -> [(name: String, arguments: [String])] {
        var list: [(String, [String])] = [
            ("bundled", ["sample", bundled, "--fps", "5"]),
            ("bundled lookat", ["sample", bundled, "--fps", "5", "--kml-view", "lookat"]),
            ("bundled recorded", ["sample", bundled, "--fps", "1", "--timing", "recorded", "--speedup", "20"]),
        ]
        if let blueHills = Fixtures.real("gpx/togeojson-blue_hills.gpx") { list.append(("blue hills", ["sample", blueHills.path, "--fps", "5"])) }
        if let segments = Fixtures.real("gpx/gpxpy-track-with-empty-segment.gpx") { list.append(("segments", ["sample", segments.path, "--fps", "5", "--preset", "orbit"])) }
        return list
    }

    @Test(.enabled(if: schemas != nil && xmllint != nil, "needs ../shared/schemas and xmllint"))
    func kmlToursValidateAgainstKML22AndGx() throws {
        guard let schemas = Self.schemas, let xmllint = Self.xmllint else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, flight) in Self.flights().enumerated() {
            if flight.name.hasSuffix("recorded") { continue }
            let path = dir.appendingPathComponent("tour\(i).kml").path
            let r = try runRouteFly(flight.arguments + ["-o", path])
            #expect(r.status == 0, "\(flight.name): \(r.stderr)")
            let check = try ExternalTools.run(xmllint, ["--noout", "--schema", schemas.appendingPathComponent("kml/kml-all.xsd").path, path])
            #expect(check.status == 0 && check.stderr.contains("validates"), "\(flight.name): \(check.stderr.prefix(600))")
        }
        // The schema is not a rubber stamp: a tilt out of its range (kml:anglepos180Type) is refused.
        let bad = dir.appendingPathComponent("bad.kml")
        let good = try runRouteFly(["sample", Self.bundled, "--fps", "1", "--format", "kml"]).stdout
        try good.replacingOccurrences(of: "<tilt>", with: "<tilt>9").write(to: bad, atomically: true, encoding: .utf8)
        let refused = try ExternalTools.run(xmllint, ["--noout", "--schema", schemas.appendingPathComponent("kml/kml-all.xsd").path, bad.path])
        #expect(refused.status != 0)
    }

    @Test(.enabled(if: schemas != nil && python != nil, "needs ../shared/schemas and python3-jsonschema"))
    func czmlValidatesAgainstTheCZMLSchema() throws {
        guard let schemas = Self.schemas, let python = Self.python else { return }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let validator = Fixtures.url("tools/validate_czml.py").path
        let schema = schemas.appendingPathComponent("czml/Schema").path
        for (i, flight) in Self.flights().enumerated() where !flight.name.hasSuffix("lookat") {
            let path = dir.appendingPathComponent("flight\(i).czml").path
            let r = try runRouteFly(flight.arguments + ["-o", path])
            #expect(r.status == 0, "\(flight.name): \(r.stderr)")
            let check = try ExternalTools.run(python, [validator, schema, path])
            #expect(check.status == 0 && check.stdout.contains("errors 0"), "\(flight.name): \(check.stdout.suffix(600)) \(check.stderr.suffix(600))")
        }
        // The validator does refuse a wrong packet.
        let bad = dir.appendingPathComponent("bad.czml")
        try "[{\"id\":\"document\",\"version\":\"1.0\",\"clock\":{\"multiplier\":\"fast\"}}]".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try ExternalTools.run(python, [validator, schema, bad.path])
        #expect(refused.status == 1 && refused.stdout.contains("clock/multiplier"))
    }
}
