import Foundation
import Testing

/// The end of a noisy walk is as calm as its middle. A 1 Hz walk at 1.4 m/s with 3 m
/// of Gaussian GPS noise (Fixtures/noisy, written by `make_noisy_walks.py`), followed with
/// `--intro 0 --outro 0`: the look-ahead used to shrink onto the last (noisy) point, and the heading
/// swung 19 to 41 degrees off the walk's course in the last second. The independent value is the
/// generator's true course, which each file names in its comment.
@Suite struct NoisyWalkEndTests {
    /// Times (s) and unwrapped headings (degrees) of a CSV written by `route-fly sample --format csv`.
    static func headings(_ csv: String) throws -> (time: [Double], heading: [Double]) {
        let lines = csv.split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let t = try #require(header.firstIndex(of: "time")), h = try #require(header.firstIndex(of: "heading"))
        var times: [Double] = [], headings: [Double] = []
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",")
            times.append(try #require(Double(cells[t])))
            let value = try #require(Double(cells[h]))
            // Unwrapped: each within 180 degrees of the one before.
            headings.append(headings.last.map { $0 + remainder(value - $0, 360) } ?? value)
        }
        return (times, headings)
    }

    /// The true course at the start and the end of the walk, degrees, from the fixture's comment.
    static func trueCourse(_ text: String) throws -> (start: Double, end: Double) {
        let range = try #require(text.range(of: #"true course start ([0-9.]+) end ([0-9.]+)"#, options: .regularExpression))
        let numbers = text[range].split(separator: " ").compactMap { Double($0) }
        return (numbers[0], numbers[1])
    }

    @Test(arguments: ["straight-walk.gpx", "curving-walk.gpx"], [[String](), ["--timing", "recorded"]])
    func theEndsAreAsCalmAsTheMiddle(file: String, timing: [String]) throws {
        let url = Fixtures.url("noisy/\(file)")
        let course = try Self.trueCourse(String(contentsOf: url, encoding: .utf8))
        let r = try runRouteFly(["sample", url.path, "--intro", "0", "--outro", "0", "--format", "csv"] + timing)
        #expect(r.status == 0, "\(r.stderr)")
        let (time, heading) = try Self.headings(r.stdout)
        let fps = Int((1 / (time[1] - time[0])).rounded()), duration = time[time.count - 1]
        // The largest heading change over one second, starting in each part of the flight.
        func largestChange(_ part: (Double) -> Bool) -> Double {
            (0..<(heading.count - fps)).filter { part(time[$0]) && part(time[$0 + fps]) }
                .map { abs(heading[$0 + fps] - heading[$0]) }.max() ?? 0
        }
        let first = largestChange { $0 <= 10 }, last = largestChange { $0 >= duration - 10 }
        let middle = largestChange { $0 >= 10 && $0 <= duration - 10 }
        #expect(first <= 1.5 * middle, "\(file) \(timing): first 10 s \(first) degrees/s, middle \(middle)")
        #expect(last <= 1.5 * middle, "\(file) \(timing): last 10 s \(last) degrees/s, middle \(middle)")
        // The heading at the end faces the walk's true course: within 10 degrees, about two standard
        // errors of any direction taken from the ~20 points of the last 100 m look-ahead (28 m of walk;
        // 3 m sqrt(12 / 20) / 28 m = 4.7 degrees). It was 19 to 41 degrees off. The start is off the
        // true course by no more than the middle of the same flight is anywhere.
        func error(_ i: Int) -> Double {
            abs(remainder(heading[i] - (course.start + (course.end - course.start) * time[i] / duration), 360))
        }
        let middleError = heading.indices.filter { time[$0] >= 10 && time[$0] <= duration - 10 }.map(error).max() ?? 0
        #expect(error(heading.count - 1) < 10, "\(file) \(timing): ends at \(heading[heading.count - 1]), true course \(course.end)")
        #expect(error(0) <= middleError, "\(file) \(timing): starts at \(heading[0]), true course \(course.start)")
        // And the last second turns no more than the middle's largest second does.
        let lastSecond = abs(heading[heading.count - 1] - heading[heading.count - 1 - fps])
        #expect(lastSecond <= middle, "\(file) \(timing): \(lastSecond) degrees in the last second, middle \(middle)")
    }
}
