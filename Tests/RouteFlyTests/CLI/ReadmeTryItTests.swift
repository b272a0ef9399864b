import Foundation
import Testing
@testable import RouteKit

/// The README says how to install the binary, and its try-it command writes where
/// `.gitignore` covers.
@Suite struct ReadmeTryItTests {
    @Test func tryItOutputIsIgnoredAndInstallLineIsThere() throws {
        let root = Fixtures.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let ignore = try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8)
        // The first shell block is the try-it command; its -o file must lie in an ignored directory.
        let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let words = block.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let output = try #require(words.firstIndex(of: "-o").map { words[$0 + 1] })
        let ignoredDirectories = ignore.split(separator: "\n").filter { $0.hasSuffix("/") }.map { String($0) }
        #expect(ignoredDirectories.contains { output.hasPrefix($0) }, "\(output) is not under \(ignoredDirectories)")
        // The install line: .ci/run builds route-fly this way and checks it links no library of the toolchain.
        #expect(readme.contains("swift build -c release --static-swift-stdlib --product route-fly && install -m 755 .build/release/route-fly /usr/local/bin/route-fly"))
    }
}
