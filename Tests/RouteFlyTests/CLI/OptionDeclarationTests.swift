import Foundation
import Testing
@testable import RouteKit

/// route-fly's help and parser come from one declaration per option. These tests hold the parser to
/// what the help prints: every option the help lists is one the parser takes (it refuses it given
/// twice, not as unknown), with the value the help names, and every default the help states for a
/// check limit is the one the check applies.
@Suite struct OptionDeclarationTests {
    /// (spellings, value name) of every option line in a subcommand's help.
    static func listedOptions(_ subcommand: String) throws -> [(names: [String], valueName: String?)] {
        let help = try runRouteFly(["help", subcommand]).stdout
        var options: [(names: [String], valueName: String?)] = []
        for line in help.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^  ((?:-{1,2}[a-z][a-z0-9-]*(?:, )?)+)(?: <([^>]+)>)?(?: {2,}|$)/) else { continue }
            options.append((match.output.1.split(separator: ", ").map(String.init), match.output.2.map(String.init)))
        }
        return options
    }

    @Test(arguments: ["sample", "render", "preview", "plan", "info", "check", "profile"])
    func everyOptionInTheHelpIsOneTheParserTakes(subcommand: String) throws {
        let options = try Self.listedOptions(subcommand).filter { $0.names != ["-h", "--help"] }
        #expect(options.count >= 6, "\(options.count) options found in 'help \(subcommand)'")
        for option in options {
            for name in option.names {
                // The same option twice: the parser must know it to say so, or to refuse the value '1'
                // by the value name the help gives (an unknown option is refused as unknown, first).
                let value = option.valueName.map { _ in ["1"] } ?? []
                let r = try runRouteFly([subcommand, "route.gpx", name] + value + [option.names[0]] + value)
                #expect(r.status == 64, "\(subcommand) \(name): exit \(r.status)")
                let known = r.stderr.contains("was given more than once")
                    || option.valueName.map { r.stderr.contains("for '\(name) <\($0)>'") } ?? false
                #expect(known, "\(subcommand) \(name): \(r.stderr)")
            }
        }
    }

    @Test func aValueOnAFlagAndAMissingValueNameTheOption() throws {
        let flag = try runRouteFly(["check", "route.gpx", "--strict=yes"])
        #expect(flag.status == 64 && flag.stderr.contains("'--strict' takes no value."), "\(flag.stderr)")
        let missing = try runRouteFly(["sample", "route.gpx", "--duration"])
        #expect(missing.status == 64 && missing.stderr.contains("Missing value for '--duration <seconds>'."), "\(missing.stderr)")
    }

    @Test func theRestFractionIsAFractionAtMostOne() throws {
        let r = try runRouteFly(["check", "route.gpx", "--rest-fraction", "2"])
        #expect(r.status == 64 && r.stderr.contains("expected a fraction of the rate limits, more than 0 and at most 1, or none"), "\(r.stderr)")
    }

    /// The defaults the help states for the motion limits are RouteKit's (MotionLimits()): a check with
    /// every limit given at its stated default reports exactly what a check with none given reports.
    @Test func theHelpsStatedLimitDefaultsAreTheOnesApplied() throws {
        let help = try runRouteFly(["help", "check"]).stdout
        let route = Fixtures.url("gpx/gpxpy-Mojstrovka.gpx").path
        guard FileManager.default.fileExists(atPath: route) else {
            Issue.record("fixture missing: \(route)")
            return
        }
        var given: [String] = []
        for name in ["--max-screen-speed", "--max-zoom-rate", "--max-pitch-rate", "--max-screen-acceleration",
                     "--max-zoom-acceleration", "--max-heading-acceleration", "--max-pitch-acceleration",
                     "--max-eye-acceleration", "--max-screen-jump", "--rest-fraction"] {
            let block = help[help.range(of: name + " <")!.lowerBound...]
            let stated = block.firstMatch(of: /\(default: ([0-9.]+)/)!.output.1
            given += [name, String(stated)]
        }
        let plain = try runRouteFly(["check", route, "--json"])
        let stated = try runRouteFly(["check", route, "--json"] + given)
        // The findings and the runs over each limit, not the limits' own printed values: the help
        // rounds ln 2 to 0.693.
        func findingsAndRuns(_ json: String) -> [String] {
            [String(json[..<(json.range(of: #""summary""#)?.lowerBound ?? json.endIndex)])]
                + json.matches(of: /"over_limit":[0-9]+/).map { String($0.output) }
        }
        #expect(plain.status == stated.status)
        #expect(findingsAndRuns(plain.stdout).count > 5)
        #expect(findingsAndRuns(plain.stdout) == findingsAndRuns(stated.stdout), "a limit stated in the help differs from the one applied")
    }
}

extension OptionDeclarationTests {
    /// `--heights` chooses the datum only where there is a choice (CSV, GeoJSON); `--plot` writes SVG.
    @Test func optionsThatWouldBeIgnoredAreRefused() throws {
        let route = Fixtures.packageRoot.appendingPathComponent("routes/gpxpy-around-visnjan-with-car.gpx").path
        for format in ["kml", "czml", "earth-studio", "maplibre", "gpx", "svg"] {
            let r = try runRouteFly(["sample", route, "--format", format, "--heights", "msl"])
            #expect(r.status == 64 && r.stderr.contains("'--heights' applies to csv and geojson output, not"), "\(format): \(r.stderr)")
        }
        let msl = try runRouteFly(["sample", route, "--heights", "msl"])
        let ellipsoid = try runRouteFly(["sample", route, "--heights", "ellipsoid"])
        #expect(msl.status == 0 && ellipsoid.status == 0)
        // The same frame's centre elevation on the two datums differs by the geoid undulation there:
        // about 45 m in Istria (EGM96).
        func centre(_ csv: String) -> Double { Double(csv.split(separator: "\n")[10].split(separator: ",")[7])! }
        #expect((40...50).contains(centre(ellipsoid.stdout) - centre(msl.stdout)))
        let plot = try runRouteFly(["check", route, "--plot", "motion.png"])
        #expect(plot.status == 64 && plot.stderr.contains("'--plot' writes an SVG picture: name it .svg, not .png."), "\(plot.stderr)")
    }
}

extension OptionDeclarationTests {
    /// `help check` names every finding code RouteKit can report.
    @Test func checksHelpNamesEveryFindingCode() throws {
        let help = try runRouteFly(["help", "check"]).stdout
        let missing = Finding.Code.allCases.map(\.rawValue).filter { !help.contains($0) }
        #expect(missing.isEmpty, "codes 'route-fly help check' does not name: \(missing)")
    }
}
