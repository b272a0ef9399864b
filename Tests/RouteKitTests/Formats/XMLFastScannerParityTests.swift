import Foundation
import Testing
@testable import RouteKit

// The XML byte scanner (XMLFastScanner) against libxml2 for all three XML readers: every fixture,
// bundled route, file in ../shared/real and fuzz corpus entry (fuzz/.build/corpus, kept by fuzz/run)
// is read as GPX, as KML and as TCX three ways (libxml2 alone; the scanner with libxml2 where it gives
// up, as the readers do; the scanner alone where it does not give up), and every way must give the
// same route bit for bit with the same notes, or the same error (reason, line, column).

extension Formats {
    @Suite("XML byte scanner against libxml2, GPX KML and TCX")
    struct XMLFastScannerParityTests {
        /// What one read gave: the route's every value with the notes, or the error.
        enum Outcome: Equatable, CustomStringConvertible {
            case route(XMLFastScannerTests.Snapshot, notes: [String])
            case error(RouteParseError)

            var description: String {
                switch self {
                case .route(let s, let notes): return "route of \(s.points.count) points, \(s.segments), notes \(notes)"
                case .error(let e): return "error \(e.description)"
                }
            }
        }

        static let formats: [RouteFormat] = [.gpx, .kml, .tcx]

        /// Reads `input` as `format` through `parser`; `nil` when the scanner alone gave up.
        static func read(_ input: RouteInput, as format: RouteFormat, parser: XMLParserChoice) -> Outcome? {
            let path = "input." + format.rawValue
            do {
                switch format {
                case .kml:
                    guard let delegate = try KMLReader.parse(input, path: path, parser: parser) else { return nil }
                    return outcome(try KMLReader.result(from: delegate))
                case .tcx:
                    guard let delegate = try TCXReader.parse(input, path: path, parser: parser) else { return nil }
                    return outcome(try TCXReader.result(from: delegate))
                default:
                    guard let delegate = try GPXReader.parse(input, path: path, parser: parser) else { return nil }
                    return .route(XMLFastScannerTests.snapshot(try GPXReader.route(from: delegate)), notes: [])
                }
            } catch {
                return .error(error)
            }
        }

        static func outcome(_ result: RouteFile.Result) -> Outcome {
            .route(XMLFastScannerTests.snapshot(result.route), notes: result.notes)
        }

        /// Reads `input` as each of `formats` (all three by default) every way; returns the formats the
        /// scanner read alone.
        @discardableResult
        static func compare(_ input: RouteInput, name: String, formats: [RouteFormat] = XMLFastScannerParityTests.formats) -> [RouteFormat] {
            formats.filter { format in
                let reference = read(input, as: format, parser: .libxml2)
                let automatic = read(input, as: format, parser: .automatic)
                #expect(automatic == reference, "\(name) as \(format): scanner path gave \(String(describing: automatic)), libxml2 \(String(describing: reference))")
                guard let alone = read(input, as: format, parser: .scannerOnly) else { return false }
                #expect(alone == reference, "\(name) as \(format): the scanner alone gave \(alone), libxml2 \(String(describing: reference))")
                return true
            }
        }

        /// Compares every file, and returns how many each format's scanner read alone.
        static func compareAll(_ urls: [URL]) -> [RouteFormat: Int] {
            var scanned: [RouteFormat: Int] = [:]
            for url in urls {
                for format in compare(.file(url), name: url.path) { scanned[format, default: 0] += 1 }
            }
            return scanned
        }

        @Test func everyFixtureAndBundledRouteReadsTheSameEveryWay() {
            let all = XMLFastScannerTests.files(under: Fixtures.directory)
                + XMLFastScannerTests.files(under: Fixtures.packageRoot.appendingPathComponent("routes"))
            #expect(all.count > 100)
            let scanned = Self.compareAll(all)
            // The scanner must actually read plain files of every format (else libxml2 is compared with itself).
            #expect(scanned[.gpx, default: 0] >= 5, "the scanner read \(scanned) alone")
            #expect(scanned[.kml, default: 0] >= 2, "the scanner read \(scanned) alone")
            #expect(scanned[.tcx, default: 0] >= 2, "the scanner read \(scanned) alone")
        }

        @Test func everyRealFileReadsTheSameEveryWay() {
            guard let real = Fixtures.sharedReal else {
                print("XMLFastScannerParityTests: ../shared/real absent; the real files are not compared")
                return
            }
            let files = XMLFastScannerTests.files(under: real).filter { ["gpx", "kml", "tcx"].contains($0.pathExtension.lowercased()) }
            #expect(files.count >= 10)
            let scanned = Self.compareAll(files)
            print("XMLFastScannerParityTests: of \(files.count) real GPX, KML and TCX files the scanner read alone \(scanned)")
            #expect(scanned[.kml, default: 0] + scanned[.tcx, default: 0] >= 1)
        }

        @Test func everyFuzzCorpusEntryReadsTheSameEveryWay() {
            let corpus = Fixtures.packageRoot.appendingPathComponent("fuzz/.build/corpus")
            let folders = ["gpx", "kml", "tcx", "xmlscan"].map { corpus.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
            guard !folders.isEmpty else {
                print("XMLFastScannerParityTests: no fuzz corpus at \(corpus.path) (fuzz/run keeps one); not compared")
                return
            }
            let entries = folders.flatMap { XMLFastScannerTests.files(under: $0) }
            let scanned = Self.compareAll(entries)
            print("XMLFastScannerParityTests: \(entries.count) fuzz corpus entries compared; the scanner read alone \(scanned)")
        }

        /// Every cut of a plain KML and a plain TCX file: the scanner reads the whole file alone, and
        /// every truncation gives libxml2's error.
        @Test(arguments: ["kml/track-pauses.kml", "tcx/course.tcx"])
        func everyTruncationReadsTheSameEveryWay(fixture: String) throws {
            let bytes = try Data(contentsOf: Fixtures.url(fixture))
            let format: RouteFormat = fixture.hasSuffix("kml") ? .kml : .tcx
            #expect(Self.compare(.data(bytes), name: fixture).contains(format), "the scanner must read \(fixture) alone")
            for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
                Self.compare(.data(bytes.prefix(end)), name: "\(fixture) cut at \(end)")
            }
        }
    }
}
