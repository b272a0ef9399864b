import Foundation
import Testing

/// GDAL is opened when a terrain model is, not at start-up: `route-fly` without `--terrain` never maps
/// GDAL or the hundred libraries it depends on. The dynamic loader itself says what it loaded
/// (glibc's `LD_DEBUG=libs` lists every library it opens, on standard error).
@Suite struct GDALLoadingTests {
    /// Every library the dynamic loader opened for the run, by file name (`libgdal.so.32`, ...).
    static func loadedLibraries(_ stderr: String) -> Set<String> {
        Set(stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...].split(separator: "/").last ?? "")
        })
    }

    @Test func withoutTerrainGDALIsNeverLoaded() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-cerknicko-jezero.gpx").path
        for arguments in [["--version"], ["info", route], ["sample", route, "--fps", "1"]] {
            let r = try runRouteFly(arguments, environment: ["LD_DEBUG": "libs"])
            #expect(r.status == 0, "\(arguments): \(r.stderr.suffix(400))")
            let libraries = Self.loadedLibraries(r.stderr)
            // PROJ is linked, so the loader's report is there to be read: this is what makes the test able to fail.
            #expect(libraries.contains { $0.hasPrefix("libproj.so") }, "\(arguments): the loader reported \(libraries.sorted())")
            #expect(!libraries.contains { $0.hasPrefix("libgdal.so") }, "\(arguments) loaded GDAL: \(libraries.sorted())")
        }
    }

    @Test(.enabled(if: TerrainFixtures.hasGDALTools, "needs gdal_translate (gdal-bin)"))
    func aTerrainModelLoadsGDAL() throws {
        // The bundled drive lies inside the plane model (13.70-13.73 E, 45.26-45.29 N).
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try TerrainFixtures.planeModel(in: dir)
        let withTerrain = try runRouteFly(["profile", route, "--terrain", model.path, "--format", "csv"],
                                          environment: ["LD_DEBUG": "libs"])
        #expect(withTerrain.status == 0, "\(withTerrain.stderr.suffix(400))")
        #expect(Self.loadedLibraries(withTerrain.stderr).contains { $0.hasPrefix("libgdal.so") })
    }
}
