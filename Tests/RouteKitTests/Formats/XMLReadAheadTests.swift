import Foundation
import Testing
@testable import RouteKit
import TestSupport

// The read-ahead (XMLReadAhead: a large file's later points read on another core while the scanner
// reads the first part) against the scanner on one thread: started at every element start of
// hand-made files, of every GPX fixture and of the real GPX files, the route must be the one-thread
// route bit for bit (points, segments, counts, and the legs measured as the file is read), whether
// the points read ahead were taken or thrown away. The tests count the points taken, so they cannot
// pass by never reading ahead.

extension Formats {
    @Suite("Points read ahead on another core, against one thread")
    struct XMLReadAheadTests {
        /// What one read gave: the route's values as bits (XMLFastScannerTests.Snapshot), its legs, and
        /// how many points were read ahead and taken; `nil` when the scanner gave up.
        struct Read {
            var snapshot: XMLFastScannerTests.Snapshot
            var legs: [[UInt64]]
            var adopted: Int
        }

        static func read(_ data: Data, _ parser: XMLParserChoice) -> Result<Read, RouteParseError>? {
            do {
                guard let delegate = try GPXReader.parse(.data(data), path: "p.gpx", parser: parser, measuresLegs: true) else { return nil }
                let adopted = delegate.adoptedTrackPointCount
                let route = try GPXReader.route(from: delegate)
                let legs = route.legs.map { [$0.distance.bitPattern, $0.heading.bitPattern, $0.isGap ? 1 : 0] }
                return .success(Read(snapshot: XMLFastScannerTests.snapshot(route), legs: legs, adopted: adopted))
            } catch {
                return .failure(error)
            }
        }

        /// Reads `data` on one thread and reading ahead from each of `offsets`; expects the same
        /// outcome every time, and returns how many of the reads took points read ahead.
        @discardableResult
        static func compare(_ data: Data, name: String, offsets: [Int]) -> Int {
            let serial = read(data, .scannerOnly)
            var adoptions = 0
            for offset in offsets {
                let ahead = read(data, .scannerOnlyReadingAhead(from: offset))
                switch (serial, ahead) {
                case (nil, nil):
                    break
                case (.success(let one)?, .success(let two)?):
                    #expect(one.snapshot == two.snapshot && one.legs == two.legs,
                            "\(name): reading ahead from byte \(offset) changed the route")
                    #expect(one.adopted == 0)
                    if two.adopted > 0 { adoptions += 1 }
                case (.failure(let one)?, .failure(let two)?):
                    #expect(one == two, "\(name): reading ahead from byte \(offset) changed the error")
                default:
                    Issue.record("\(name): one thread gave \(String(describing: serial)), reading ahead from byte \(offset) \(String(describing: ahead))")
                }
            }
            return adoptions
        }

        /// The offsets of every `<` in `data`, at most `limit` of them spread evenly.
        static func tagOffsets(_ data: Data, limit: Int = 400) -> [Int] {
            let all = data.indices.filter { data[$0] == UInt8(ascii: "<") }.map { $0 - data.startIndex }
            guard all.count > limit else { return all }
            return (0..<limit).map { all[$0 * all.count / limit] }
        }

        static func track(points: Int, extensions: Bool = true, between: (Int) -> String = { _ in "" }) -> String {
            var text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" \
                xmlns:g="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
                 <trk><trkseg>

                """
            for k in 0..<points {
                text += between(k)
                let ext = extensions && k % 3 == 0 ? "<extensions><g:TrackPointExtension><g:hr>\(100 + k % 50)</g:hr></g:TrackPointExtension></extensions>" : ""
                text += "  <trkpt lat=\"\(47 + Double(k) * 1e-4)\" lon=\"\(8 + Double(k) * 2e-4)\"><ele>\(400 + k % 17)</ele>"
                text += "<time>2024-05-01T06:\(String(format: "%02d:%02d", k / 60 % 60, k % 60))Z</time>\(ext)</trkpt>\n"
            }
            return text + " </trkseg></trk>\n</gpx>\n"
        }

        @Test func aPlainTrackSplitAnywhereReadsAsOnOneThread() {
            let data = Data(Self.track(points: 60).utf8)
            let adoptions = Self.compare(data, name: "plain", offsets: Array(0..<data.count))
            // Every split from the third point's start on is taken (the first is read event by event).
            #expect(adoptions > data.count / 2, "points read ahead were taken from only \(adoptions) of \(data.count) offsets")
        }

        @Test func whatTheThreadCannotTakeIsThrownAwayOrLeftToTheScanner() {
            let cases: [(String, String)] = [
                // A comment: the scanner gives up on the whole file, with or without the thread.
                ("comment", Self.track(points: 40) { $0 == 25 ? "<!-- c -->\n" : "" }),
                // A new segment part way: the thread stops at the segment's end; the scanner reads the rest.
                ("segments", Self.track(points: 40) { $0 == 20 ? " </trkseg><trkseg>\n" : "" }),
                // Points without extensions first: the thread's reader has no extension prefix and stops
                // at point 34, the first with extensions, which the scanner reads event by event (learning
                // the prefix) before taking the points read ahead after it, or reading them itself.
                ("prefix learnt late", Self.track(points: 40, extensions: false).replacingOccurrences(
                    of: "<ele>400</ele><time>2024-05-01T06:00:34Z</time>",
                    with: "<ele>400</ele><time>2024-05-01T06:00:34Z</time><extensions><g:TrackPointExtension><g:hr>90</g:hr></g:TrackPointExtension></extensions>")),
                // A point of another shape (an hdop child) in the middle: the thread stops before it.
                ("other shape", Self.track(points: 40).replacingOccurrences(of: "<ele>409</ele>", with: "<hdop>3</hdop><ele>409</ele>")),
                // An error after the split: the scanner gives up, as on one thread.
                ("error", Self.track(points: 40).replacingOccurrences(of: "lat=\"47.003", with: "lat=\"x47.003")),
                // White space with carriage returns, and a long run, between points.
                ("white space", Self.track(points: 40) { $0 == 10 ? "\r\n\t" : $0 == 30 ? String(repeating: " ", count: 5000) : "" }),
                // Cut off after the split.
                ("truncated", String(Self.track(points: 40).dropLast(60))),
            ]
            for (name, text) in cases {
                let data = Data(text.utf8)
                Self.compare(data, name: name, offsets: Self.tagOffsets(data))
            }
        }

        @Test func everyGPXFixtureSplitAtItsTagsReadsAsOnOneThread() throws {
            let urls = XMLFastScannerTests.files(under: Fixtures.directory).filter { $0.pathExtension.lowercased() == "gpx" }
            #expect(urls.count > 20)
            var adoptions = 0
            for url in urls {
                let data = try Data(contentsOf: url)
                adoptions += Self.compare(data, name: url.lastPathComponent, offsets: Self.tagOffsets(data, limit: 60))
            }
            #expect(adoptions > 50, "points read ahead were taken in only \(adoptions) reads")
        }

        @Test func everyRealGPXSplitAtItsTagsReadsAsOnOneThread() throws {
            guard let real = Fixtures.sharedReal else { return }
            let urls = XMLFastScannerTests.files(under: real).filter { $0.pathExtension.lowercased() == "gpx" }
            #expect(urls.count >= 10)
            var adoptions = 0
            for url in urls {
                let data = try Data(contentsOf: url)
                adoptions += Self.compare(data, name: url.lastPathComponent, offsets: Self.tagOffsets(data, limit: 40))
            }
            print("XMLReadAheadTests: points read ahead were taken in \(adoptions) reads of \(urls.count) real GPX files")
            #expect(adoptions > 20)
        }

        /// A file of the size route-fly reads ahead by itself (`.automatic`), read as a file: the
        /// thread reads about half the points, which are taken, and the route is the one-thread route.
        @Test func aLargeFileIsReadAheadByItselfAndReadsAsOnOneThread() throws {
            let text = Self.track(points: 70_000)
            #expect(text.utf8.count >= XMLReadAhead.minimumBytes)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("readahead-\(getpid()).gpx")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let serial = try #require(try GPXReader.parse(.file(url), path: url.path, parser: .scannerOnly, measuresLegs: true))
            let automatic = try #require(try GPXReader.parse(.file(url), path: url.path, parser: .automatic, measuresLegs: true))
            if ProcessInfo.processInfo.activeProcessorCount >= 2 {
                #expect(automatic.adoptedTrackPointCount > 25_000 && automatic.adoptedTrackPointCount < 45_000,
                        "read ahead: \(automatic.adoptedTrackPointCount) of 70,000 points")
            }
            let one = try GPXReader.route(from: serial), two = try GPXReader.route(from: automatic)
            #expect(XMLFastScannerTests.snapshot(one) == XMLFastScannerTests.snapshot(two))
            #expect(one.legs.map(\.distance.bitPattern) == two.legs.map(\.distance.bitPattern))
        }
    }
}
