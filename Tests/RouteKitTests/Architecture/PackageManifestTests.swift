import Foundation
import Testing

/// The package can be a versioned dependency: SwiftPM refuses a package used by version
/// (`from: "1.0.0"`) whose targets have `unsafeFlags` ("contains unsafe build flags"), whatever their
/// condition. This reads the manifest as SwiftPM does (`swift package dump-package`); the full check,
/// a package depending on a tagged copy by version, is `Tests/Adoption/run` (run by `.ci/run`).
@Suite struct PackageManifestTests {
    /// The targets of the manifest as SwiftPM reads it, from `swift package dump-package` (with its own
    /// scratch folder, so it does not wait for the lock of the build running these tests).
    static func dumpedTargets() throws -> [[String: Any]]? {
        guard let swift = ExternalTools.find("swift", needs: "the package manifest checks") else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("routekit-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ExternalTools.run(swift, ["package", "--scratch-path", scratch.path, "dump-package"],
                                           in: Fixtures.packageRoot)
        try #require(result.status == 0, "swift package dump-package failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["targets"] as? [[String: Any]])
    }

    /// The names of the non-test targets with an `unsafeFlags` setting, in dump-package's JSON.
    static func targetsWithUnsafeFlags(_ targets: [[String: Any]]) -> [String] {
        targets.filter { target in
            target["type"] as? String != "test" && (target["settings"] as? [[String: Any]] ?? []).contains { setting in
                (setting["kind"] as? [String: Any])?["unsafeFlags"] != nil
            }
        }.map { $0["name"] as? String ?? "?" }
    }

    @Test func noTargetHasUnsafeFlags() throws {
        guard let targets = try Self.dumpedTargets() else { return }
        #expect(targets.count >= 10, "dump-package listed \(targets.count) targets")
        #expect(targets.contains { $0["name"] as? String == "RouteKit" })
        #expect(Self.targetsWithUnsafeFlags(targets).isEmpty,
                "targets with unsafeFlags: \(Self.targetsWithUnsafeFlags(targets)); SwiftPM refuses RouteKit as a versioned dependency")
    }

    /// The check sees the setting as dump-package wrote it for the earlier manifest.
    @Test func unsafeFlagsAreSeen() throws {
        let before = #"[{"name": "RouteKit", "type": "regular", "settings": [{"condition": {"config": "release", "platformNames": []}, "kind": {"unsafeFlags": {"_0": ["-enforce-exclusivity=unchecked"]}}, "tool": "swift"}]}, {"name": "KeyframeAnimation", "type": "regular", "settings": []}]"#
        let targets = try #require(try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        #expect(Self.targetsWithUnsafeFlags(targets) == ["RouteKit"])
    }
}
