import Foundation
import Testing

/// The project's documentation holds together: every relative link of the README and of `docs/`
/// names a file that exists (and, for a Markdown file, a heading in it), and every citation of a
/// `docs/` file in the sources and tests (`docs/keyframes.md#spring-presets`) names a file and a
/// heading that exist. Headings are matched by GitHub's anchors: lower case, punctuation dropped,
/// spaces as hyphens, a repeated heading numbered `-1`, `-2`, ….
@Suite struct DocumentationLinkTests {
    static let root = Fixtures.packageRoot

    /// The Markdown pages whose links are checked, relative to the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "routes/README.md", "samples/README.md"] + docs
    }

    /// The lines of `text` outside fenced code blocks.
    static func proseLines(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// GitHub's anchor for a heading's text.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// The anchors of the headings of a Markdown file, repeated ones numbered as GitHub numbers them.
    static func anchors(ofFileAt path: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var seen: [String: Int] = [:], anchors: Set<String> = []
        for line in proseLines(text) {
            guard let match = line.firstMatch(of: /^#{1,6}\s+(.+?)\s*#*\s*$/) else { continue }
            let base = anchor(String(match.output.1))
            let count = seen[base, default: 0]
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
            seen[base] = count + 1
        }
        return anchors
    }

    /// Why `target` (a path with an optional `#anchor`, relative to `directory`) does not resolve, or
    /// `nil` when it does.
    static func problem(with target: String, from directory: String, in page: String) throws -> String? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let file = parts[0].isEmpty ? page : (directory as NSString).appendingPathComponent(parts[0])
        let normalized = (file as NSString).standardizingPath
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(normalized).path) else {
            return "\(target): no file \(normalized)"
        }
        guard parts.count == 2, normalized.hasSuffix(".md") else { return nil }
        return try anchors(ofFileAt: normalized).contains(parts[1]) ? nil : "\(target): no heading #\(parts[1]) in \(normalized)"
    }

    @Test func everyRelativeLinkResolves() throws {
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let directory = (page as NSString).deletingLastPathComponent
            for line in Self.proseLines(text) {
                for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                    let target = String(match.output.1)
                    if target.contains("://") || target.hasPrefix("mailto:") { continue }
                    checked += 1
                    if let problem = try Self.problem(with: target, from: directory, in: page) {
                        Issue.record("\(page): \(problem)")
                    }
                }
            }
        }
        #expect(checked > 30, "only \(checked) relative links found")
    }

    /// Every `.swift` and `.md` file under `folder` (relative to the package root), fixtures' data aside.
    static func sourceFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walk.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".md") }
            .map { "\(folder)/\($0)" }.sorted()
    }

    @Test func everyDocsCitationInTheSourcesAndTestsResolves() throws {
        var checked = 0
        for path in Self.sourceFiles(under: "Sources") + Self.sourceFiles(under: "Tests") {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for match in text.matches(of: /docs\/[A-Za-z0-9_-]+\.md(#[a-z0-9_-]+)?/) {
                // A citation, not part of another path or a URL (github.com/…/docs/formats.md).
                if match.range.lowerBound > text.startIndex {
                    let before = text[text.index(before: match.range.lowerBound)]
                    if before.isLetter || before.isNumber || "/.-_".contains(before) { continue }
                }
                checked += 1
                if let problem = try Self.problem(with: String(match.output.0), from: "", in: path) {
                    Issue.record("\(path): \(problem)")
                }
            }
        }
        #expect(checked > 130, "only \(checked) citations of docs/ found")
    }

    /// The anchors are GitHub's: the headings this documentation links to most.
    @Test func anchorsAreGitHubs() {
        #expect(Self.anchor("The `wwdc` preset (the WWDC23 flyover)") == "the-wwdc-preset-the-wwdc23-flyover")
        #expect(Self.anchor("Google Earth (KML/KMZ tour)") == "google-earth-kmlkmz-tour")
        #expect(Self.anchor("MapLibre GL JS, Mapbox GL JS, deck.gl") == "maplibre-gl-js-mapbox-gl-js-deckgl")
        #expect(Self.anchor("render: make a video") == "render-make-a-video")
    }
}
