import Foundation
import RouteKit
#if canImport(Glibc)
import Glibc
#endif

/// `route-fly sample ROUTE [--preset wwdc] [--duration S] [--return S] [--fps N] [--format csv|geojson] [-o FILE]`
struct SampleOptions: Equatable {
    var routePath: String
    var preset = "wwdc"
    var duration = 16.0
    var returnDuration = 4.0
    var fps = 30.0
    var format: PoseFormat? = nil
    var outputPath: String? = nil

    static let presets = ["wwdc"]
    /// The most frames one run may produce (a day at 60 fps is 5.2 million).
    static let maximumFrames = 20_000_000.0

    static func parse(_ arguments: [String]) throws(UsageError) -> SampleOptions {
        var scanner = ArgumentScanner(arguments, subcommand: "sample")
        var route: String? = nil
        var options = SampleOptions(routePath: "")
        var seen = Set<String>()
        while let token = scanner.next() {
            switch token {
            case .positional(let p):
                guard route == nil else {
                    throw UsageError(message: "Unexpected argument '\(p)': 'sample' takes one route file.", subcommand: "sample")
                }
                route = p
            case .option(let name, let inline):
                let canonical = name == "-o" ? "--output" : name
                if seen.contains(canonical) {
                    throw UsageError(message: "The option '\(name)' was given more than once.", subcommand: "sample")
                }
                seen.insert(canonical)
                switch name {
                case "--preset":
                    let v = try scanner.value(for: name, inline: inline, valueName: "preset")
                    guard presets.contains(v) else {
                        throw UsageError(message: "The value '\(v)' is invalid for '--preset <preset>': expected one of \(presets.joined(separator: ", ")).", subcommand: "sample")
                    }
                    options.preset = v
                case "--duration":
                    let v = try scanner.value(for: name, inline: inline, valueName: "seconds")
                    options.duration = try scanner.number(v, option: name, valueName: "seconds",
                        range: 1e-3...1e6, expectation: "seconds of flight along the route, more than 0 (at least 0.001) and at most 1000000")
                case "--return":
                    let v = try scanner.value(for: name, inline: inline, valueName: "seconds")
                    options.returnDuration = try scanner.number(v, option: name, valueName: "seconds",
                        range: 0...1e6, expectation: "seconds back to the initial camera, 0 or more (at most 1000000)")
                case "--fps":
                    let v = try scanner.value(for: name, inline: inline, valueName: "fps")
                    options.fps = try scanner.number(v, option: name, valueName: "fps",
                        range: 1e-3...1000, expectation: "frames per second, more than 0 and at most 1000")
                case "--format":
                    let v = try scanner.value(for: name, inline: inline, valueName: "format")
                    guard let f = PoseFormat(rawValue: v) else {
                        throw UsageError(message: "The value '\(v)' is invalid for '--format <format>': expected one of \(PoseFormat.allCases.map(\.rawValue).joined(separator: ", ")).", subcommand: "sample")
                    }
                    options.format = f
                case "-o", "--output":
                    let v = try scanner.value(for: name, inline: inline, valueName: "file")
                    guard !v.isEmpty else { throw UsageError(message: "The output file name is empty.", subcommand: "sample") }
                    options.outputPath = v
                default:
                    throw UsageError(message: "Unknown option '\(name)'.", subcommand: "sample")
                }
            }
        }
        guard let route else { throw UsageError(message: "Missing expected argument '<route>'.", subcommand: "sample") }
        options.routePath = route
        if (options.duration + options.returnDuration) * options.fps > maximumFrames {
            throw UsageError(message: "(\(options.duration) + \(options.returnDuration)) s at \(options.fps) fps is more than \(Int(maximumFrames)) frames.", subcommand: "sample")
        }
        return options
    }

    /// `true` when both paths name the same existing file (same device and inode, so links count too).
    private func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The output format: `--format`, else the `-o` file's extension, else CSV.
    var resolvedFormat: PoseFormat {
        if let format { return format }
        if let outputPath, let f = PoseFormat(pathExtension: URL(fileURLWithPath: outputPath).pathExtension) { return f }
        return .csv
    }

    func run() throws {
        if let outputPath, outputPath != "-", isSameFile(outputPath, routePath) {
            throw UsageError(message: "The output file '\(outputPath)' is the input route: writing it would destroy the route. Choose another output file.", subcommand: "sample")
        }
        let route = try RouteFile.load(path: routePath)
        let flyover = WWDCFlyover(flightDuration: duration, returnDuration: returnDuration)
        let timeline: KeyframeTimeline<MapCamera>
        do {
            timeline = try flyover.timeline(for: route)
        } catch {
            throw CommandFailure(description: "\(routePath): error: \(error)")
        }
        let sampler = PoseSampler(framesPerSecond: fps)
        let destination: PoseOutput.Destination = outputPath.flatMap { $0 == "-" ? nil : .file($0) } ?? .standardOutput
        let summary = try PoseOutput.write(timeline, sampler: sampler, format: resolvedFormat, to: destination)
        if summary.clampedFrameCount > 0 {
            let initial = FixedDecimal.string(flyover.initialCamera(for: route).distance, places: 0)
            printError("\(routePath): warning: the camera distance fell below \(FixedDecimal.string(sampler.minimumDistance, places: 0)) m in \(summary.clampedFrameCount) of \(summary.frameCount) frames and was held there: the wwdc recipe's 24000 m and 18000 m keyframes overshoot after an initial distance of \(initial) m (this route is much larger than the recipe's scale)")
        }
    }
}
