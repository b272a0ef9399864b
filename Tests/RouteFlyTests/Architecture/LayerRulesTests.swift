import Foundation
import Testing
@testable import RouteKit

/// The house rules that the compiler does not check by itself. (Target-to-target imports
/// are the compiler's: the layers are targets, and CI builds with SwiftPM's
/// `--explicit-target-dependency-import-check error`.)
@Suite struct LayerRulesTests {
    static let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
    static let libraryTargets = ["RouteKitSupport", "KeyframeAnimation", "RouteKitGeodesy", "RouteKitTerrain", "RouteKit", "RouteKitRender"]

    /// Every Swift file (and DocC article) under `Sources/<target>`, with its text.
    static func files(in target: String, extensions: Set<String> = ["swift"]) -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }.sorted { $0.path < $1.path }
            .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.path, $0) } }
    }

    static func imports(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            // Attributes and access levels may come first: `@_implementationOnly import`, `internal import`.
            let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "@_exported",
                                             "@_implementationOnly", "@testable", "@preconcurrency"]
            guard let k = words.firstIndex(of: "import"), k + 1 < words.count,
                  words[..<k].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }) else { return nil }
            return String(words[k + 1])
        })
    }

    @Test func eachCLibraryIsImportedByOneLayerOnly() {
        // The module, and the folder whose files alone may import it.
        // zlib has two owners: Output deflates (writing KMZ), Formats/Compressed inflates (reading KMZ and .gz).
        let owners = ["CProj": ["RouteKitGeodesy/"], "CGDAL": ["RouteKitTerrain/"], "CLibXML2": ["RouteKit/Formats/XML/"],
                      "CZlib": ["RouteKit/Output/", "RouteKit/Formats/Compressed/"]]
        var importers: [String: Set<String>] = [:]
        for target in Self.libraryTargets + ["route-fly", "route-bench"] {
            for file in Self.files(in: target) {
                for module in Self.imports(file.text) where owners[module] != nil {
                    importers[module, default: []].insert(file.path)
                }
            }
        }
        for (module, folders) in owners {
            let found = importers[module] ?? []
            for folder in folders {
                #expect(found.contains { $0.contains("/Sources/" + folder) }, "\(module) is imported nowhere in \(folder): the rule is stale")
            }
            for path in found {
                #expect(folders.contains { path.contains("/Sources/" + $0) }, "\(path) imports \(module) (only \(folders) may)")
            }
        }
    }

    /// The import scanner sees an import whatever comes before it (a review slipped `internal import
    /// CProj` past the first version).
    @Test func importsAreFoundWithAnyAccessLevel() {
        let text = "internal import CProj\n@_implementationOnly import CGDAL\npublic import Foundation\n// import Nothing\nlet x = 1 // import Not\n"
        #expect(Self.imports(text) == ["CProj", "CGDAL", "Foundation"])
    }

    @Test func theLowestLayersImportNoOtherLayer() {
        for file in Self.files(in: "RouteKitSupport") {
            #expect(Self.imports(file.text).isSubset(of: ["Foundation"]), "\(file.path): \(Self.imports(file.text))")
        }
        let files = Self.files(in: "KeyframeAnimation")
        #expect(files.count > 20)
        #expect(Self.files(in: "RouteKitSupport").count >= 8)
        for file in files { #expect(Self.imports(file.text).isSubset(of: ["Foundation"]), "\(file.path): \(Self.imports(file.text))") }
        for file in Self.files(in: "RouteKitGeodesy") {
            #expect(Self.imports(file.text).isSubset(of: ["Foundation", "CProj"]), "\(file.path): \(Self.imports(file.text))")
        }
    }

    /// route-fly's option names, from its own help (every subcommand's).
    static func optionNames() throws -> Set<String> {
        var names = Set<String>()
        for subcommand in ["sample", "render", "preview", "plan", "check", "profile", "info"] {
            let help = try runRouteFly(["help", subcommand]).stdout
            let matches = help.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) }
            names.formUnion(matches)
        }
        return names
    }

    @Test func theLibrarySpeaksNoCommandLine() throws {
        let options = try Self.optionNames().subtracting(["--help"])
        #expect(options.count > 40, "\(options.count) options found in the help")
        for target in Self.libraryTargets {
            for file in Self.files(in: target, extensions: ["swift", "md"]) {
                for match in file.text.matches(of: /--[a-z][a-z0-9-]+/) where options.contains(String(match.output)) {
                    Issue.record("\(file.path) names route-fly's option \(match.output)")
                }
                // signal(2) and sigaction(2), not a method such as a semaphore's `.signal()`.
                #expect(file.text.firstMatch(of: /(^|[^.\w])(signal|sigaction)\(/) == nil, "\(file.path) installs a signal handler")
            }
        }
    }

    /// The README and the manual in docs/ document every option the help lists, and the help every
    /// option they name (so that neither drifts from the parser the help is written beside).
    @Test func theHelpAndTheReadmeNameTheSameOptions() throws {
        let help = try Self.optionNames()
        let root = Fixtures.packageRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        let readme = try (["README.md"] + docs).map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        let named = Set(readme.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
        let undocumented = help.subtracting(named)
        #expect(undocumented.isEmpty, "options in the help that the README and docs/ never name: \(undocumented.sorted())")
        // The README also names other programs' options (xmllint, Blender, cargo-style tools): those are
        // the ones no route-fly help lists and that a known tool owns.
        let others: Set<String> = ["--noout", "--schema", "--python", "--python-exit-code", "--headless", "--no-sandbox",
                                   "--disable-gpu", "--enable-unsafe-swiftshader", "--use-angle", "--window-size",
                                   "--virtual-time-budget", "--dump-dom", "--screenshot", "--target", "--points", "--seed",
                                   "--out", "--frames", "--no-deps", "--additional-symbol-graph-dir", "--output-path",
                                   "--analyze", "--filter", "--build-tests", "--explicit-target-dependency-import-check",
                                   "--version", "--config", "--modversion", "--break-system-packages",
                                   "--frame", "--no-route", "--no-terrain",  // docs/blender-import-earth-studio.py's
                                   "--static-swift-stdlib", "--product",  // swift build's, in the README's install line
                                   "--fsp"]  // the README's example of a mistyped option
        let unknown = named.subtracting(help).subtracting(others)
        #expect(unknown.isEmpty, "options the README and docs/ name that no route-fly help lists: \(unknown.sorted())")
    }
}
