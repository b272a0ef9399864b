import Foundation
import Testing

/// The tests by module: one test target per library target (`<Target>Tests`) and `RouteFlyTests` for the
/// command-line tool, each depending on the target it tests, the targets under it, and the support
/// targets (`…TestSupport`) only, and each test file importing only what its target depends on. Read from
/// the manifest as SwiftPM reads it (`swift package dump-package`) and from the files in `Tests/`.
@Suite struct TestTargetLayoutTests {
    /// A target of the dumped manifest: its name, type and the names of the targets it depends on.
    struct Target {
        var name: String
        var type: String
        var dependencies: [String]

        init(_ json: [String: Any]) {
            name = json["name"] as? String ?? "?"
            type = json["type"] as? String ?? "?"
            // Each dependency is {"byName"|"target"|"product": [name, condition]}.
            dependencies = (json["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency.values.first as? [Any])?.first as? String
            }
        }

        var isSupport: Bool { name.hasSuffix("TestSupport") }
        /// The module name Swift imports it by (`route-fly` is `route_fly`).
        var module: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    /// Modules every test file may import: the toolchain's own.
    static let toolchainModules: Set<String> = ["Foundation", "Testing", "Glibc", "Dispatch", "FoundationEssentials"]

    static func targets() throws -> [String: Target]? {
        guard let dumped = try PackageManifestTests.dumpedTargets() else { return nil }
        return Dictionary(uniqueKeysWithValues: dumped.map(Target.init).map { ($0.name, $0) })
    }

    /// `name` and every target under it.
    static func closure(of name: String, in targets: [String: Target]) -> Set<String> {
        var seen: Set<String> = [], stack = [name]
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += targets[next]?.dependencies ?? []
        }
        return seen
    }

    /// The target a test target tests: `RouteFlyTests` tests `route-fly`, `<Target>Tests` tests `<Target>`.
    static func tested(by testTarget: String) -> String {
        testTarget == "RouteFlyTests" ? "route-fly" : String(testTarget.dropLast("Tests".count))
    }

    @Test func everyLibraryTargetAndTheToolHaveATestTarget() throws {
        guard let targets = try Self.targets() else { return }
        let tested = Set(targets.values.filter { $0.type == "test" }.map { Self.tested(by: $0.name) })
        let libraries = targets.values.filter { $0.type == "regular" && !$0.isSupport }.map(\.name)
        for library in libraries { #expect(tested.contains(library), "no test target for \(library)") }
        #expect(tested.contains("route-fly"))
        #expect(tested.subtracting(targets.keys).isEmpty, "test targets for no target: \(tested.subtracting(targets.keys))")
    }

    @Test func eachTestTargetDependsOnlyOnWhatItTests() throws {
        guard let targets = try Self.targets() else { return }
        for test in targets.values where test.type == "test" {
            let allowed = Self.closure(of: Self.tested(by: test.name), in: targets)
            #expect(test.dependencies.contains(Self.tested(by: test.name)), "\(test.name) does not depend on what it tests")
            for dependency in test.dependencies where !(targets[dependency]?.isSupport ?? false) {
                #expect(allowed.contains(dependency), "\(test.name) depends on \(dependency), which \(Self.tested(by: test.name)) does not use")
            }
        }
    }

    @Test func eachTestFileImportsOnlyItsTargetsDependencies() throws {
        guard let targets = try Self.targets() else { return }
        for test in targets.values where test.type == "test" {
            let folder = Fixtures.packageRoot.appendingPathComponent("Tests/\(test.name)")
            let declared = Set(test.dependencies.flatMap { Self.closure(of: $0, in: targets) }.map { $0.replacingOccurrences(of: "-", with: "_") })
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                for module in try Self.importedModules(of: file) where !Self.toolchainModules.contains(module) {
                    #expect(declared.contains(module), "\(test.name)/\(file.lastPathComponent) imports \(module), not a dependency")
                }
            }
        }
    }

    /// `swift build -c release` (what route-bench and `swift run -c release` need) builds every target that is not a
    /// test target, the support targets too, without `-enable-testing`: a `@testable import` there stops
    /// it. Support targets reach package declarations by plain `import` (same package).
    @Test func supportTargetsBuildInReleaseWithoutTestableImports() throws {
        guard let targets = try Self.targets() else { return }
        for support in targets.values where support.isSupport {
            let folder = Fixtures.packageRoot.appendingPathComponent("Tests/\(support.name)")
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let testable = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("@testable import") }
                #expect(testable.isEmpty, "\(support.name)/\(file.lastPathComponent): \(testable.joined(separator: ", ")) (release builds refuse it)")
            }
        }
    }

    /// The modules a Swift file imports (`import M`, `@testable import M`, `@_exported import M`, at the
    /// start of a line; not the `import` of a Python script inside a string).
    static func importedModules(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard !line.hasPrefix(" "), let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            let module = words[index + 1]
            return module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? String(module) : nil
        }
    }

    /// The file scan sees every spelling of an import, and only those.
    @Test func importsAreSeen() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try "import Foundation\n@testable import RouteKit\n@_exported import TestSupport\n// import Nothing\nlet importance = 1\nimport csv, json\n    import sys\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.importedModules(of: file) == ["Foundation", "RouteKit", "TestSupport"])
    }
}
