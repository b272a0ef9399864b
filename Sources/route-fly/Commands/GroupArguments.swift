import Foundation
import RouteKit

/// The options of a flight over several routes on one clock (`sample`, `preview` and `check` given more
/// than one route): `--group-preset` and `--offset NAME=SECONDS`. Each route is a rider, named by its
/// file's base name.
struct GroupArguments: Equatable {
    /// How `--group-preset` was given: `frame-all`, `leader` or `follow:NAME`.
    enum Preset: Equatable {
        case frameAll, leader
        case follow(String)
    }

    var preset: Preset? = nil
    /// Seconds added to each named rider's recorded times, in the order given.
    var offsets: [(name: String, seconds: Double)] = []

    static func == (a: GroupArguments, b: GroupArguments) -> Bool {
        a.preset == b.preset && a.offsets.map(\.name) == b.offsets.map(\.name) && a.offsets.map(\.seconds) == b.offsets.map(\.seconds)
    }

    /// The largest `--offset`, seconds either way (about 32 years).
    static let maximumOffset = 1e9

    /// Whether any group option was given.
    var isGiven: Bool { preset != nil || !offsets.isEmpty }

    /// The GROUP OPTIONS section, for the parser and the help.
    static var section: OptionSection<GroupArguments> {
        OptionSection(title: "GROUP OPTIONS", note: "several routes, one clock", options: [
            .value("--group-preset", valueName: "preset", help: "frame-all: keep every rider in view; leader: follow whoever is furthest along the first route; follow:NAME: follow one rider (NAME: its file's base name), widening to keep the others in view while they are near. Riders are aligned by their recorded times (UTC), so the flight has recorded timing; --speedup or --duration sets its length.", default: "frame-all") { a, v throws(UsageError) in
                switch v.text.lowercased() {
                case "frame-all": a.preset = .frameAll
                case "leader": a.preset = .leader
                default:
                    guard v.text.lowercased().hasPrefix("follow:"), v.text.count > 7 else {
                        throw v.error("The value '\(v.text)' is invalid for '--group-preset <preset>': expected frame-all, leader or follow:NAME (a rider's file base name)."
                                      + Suggestion.didYouMean(v.text, among: ["frame-all", "leader"]))
                    }
                    a.preset = .follow(String(v.text.dropFirst(7)))
                } },
            .repeatable("--offset", valueName: "NAME=SECONDS", help: "Seconds added to rider NAME's recorded times, for a recording whose clock was off (positive: its clock was behind). Give it once per rider.") { a, v throws(UsageError) in
                let parts = v.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, let seconds = OptionValue.decimal(parts[1]), seconds.isFinite,
                      abs(seconds) <= GroupArguments.maximumOffset else {
                    throw v.invalid("a rider's name, '=' and seconds, e.g. alice=-12.5 (at most \(OptionValue.number(GroupArguments.maximumOffset)) either way)")
                }
                guard !a.offsets.contains(where: { $0.name == String(parts[0]) }) else {
                    throw v.error("The rider '\(parts[0])' was given '--offset' more than once.")
                }
                a.offsets.append((String(parts[0]), seconds)) },
        ])
    }

    /// The riders' names: each file's base name (`-`: `stdin`), with `-2`, `-3`, … added to repeats.
    static func riderNames(_ paths: [String]) -> [String] {
        var names: [String] = []
        for path in paths {
            let base = path == "-" ? "stdin" : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            var name = base.isEmpty ? "rider" : base
            var n = 2
            while names.contains(name) { name = "\(base)-\(n)"; n += 1 }
            names.append(name)
        }
        return names
    }

    /// Checks the group options against the routes given: several routes, offsets and a followed rider
    /// that name one of them.
    func validate(routePaths: [String], subcommand: String) throws(UsageError) {
        guard routePaths.count > 1 else {
            if isGiven {
                throw UsageError(message: "'\(preset != nil ? "--group-preset" : "--offset")' needs several routes, flown on one clock.", subcommand: subcommand)
            }
            return
        }
        let names = Self.riderNames(routePaths)
        var asked = offsets.map(\.name)
        if case .follow(let name) = preset { asked.append(name) }
        for name in asked where !names.contains(name) {
            throw UsageError(message: "No rider is named '\(name)': the riders are \(names.joined(separator: ", ")) (each route file's base name)."
                             + Suggestion.didYouMean(name, among: names), subcommand: subcommand)
        }
    }

    /// Checks the flight options against the routes given, once everything is parsed: with several
    /// routes, the group options and the settings a group flight uses (no camera script); with one, the
    /// preset's rules (``FlightArguments/validate(withScript:subcommand:)``).
    func validate(routePaths: [String], flight: FlightArguments, scriptPath: String?, subcommand: String) throws(UsageError) {
        try validate(routePaths: routePaths, subcommand: subcommand)
        guard routePaths.count > 1 else {
            return try flight.validate(withScript: scriptPath != nil, subcommand: subcommand)
        }
        if scriptPath != nil {
            throw UsageError(message: "'--script' flies one route; several routes are flown with '--group-preset'.", subcommand: subcommand)
        }
        try flight.validateForGroup(preset: groupPreset, subcommand: subcommand)
    }

    /// The routes as riders, each read (its notes printed) and given the ground's heights where it has
    /// none, with its offset.
    ///
    /// Riders whose clocks a known fault puts apart (``GroupCheck/clockFindings(for:wording:)``) get a
    /// warning naming the cause and the '--offset' that fixes it, before anything is planned.
    func group(routePaths: [String], input: InputArguments, ground: GroundArguments, warnIfMissing: Bool) throws -> RiderGroup {
        let riders = try group(routePaths: routePaths) { path in
            try ground.apply(to: try input.read(path).route, routePath: path, warnIfMissing: warnIfMissing).route
        }
        for finding in GroupCheck.clockFindings(for: riders, wording: Self.offsetWording) {
            printDiagnostic("\(routePaths.map(shownPath).joined(separator: ", ")): warning: \(finding.message) [\(finding.code.rawValue)]")
        }
        return riders
    }

    /// The fix of a rider's clock, as the option that gives it: `'--offset NAME=SECONDS'`.
    static func offsetWording(_ name: String, _ seconds: Double) -> String {
        "'--offset \(name)=\(FixedDecimal.string(seconds, places: 0))'"
    }

    /// The routes as riders, each route given by `read` (once per path: standard input can be read once).
    func group(routePaths: [String], read: (String) throws -> Route) throws -> RiderGroup {
        let names = Self.riderNames(routePaths)
        var riders: [RiderGroup.Rider] = []
        for (path, name) in zip(routePaths, names) {
            let route = try read(path)
            let timed = route.points.reduce(0) { $0 + ($1.time == nil ? 0 : 1) }
            if timed > 1, timed < route.points.count {
                printDiagnostic("\(shownPath(path)): note: only \(timed) of \(route.points.count) points have a time: the rider's position at the others is made up, at constant speed between the timed points around them")
            }
            riders.append(.init(name: name, route: route, clockOffset: offsets.first { $0.name == name }?.seconds ?? 0))
        }
        return RiderGroup(riders: riders)
    }

    /// The library's camera plan for the preset given (default: every rider in view).
    var groupPreset: GroupPreset {
        switch preset ?? .frameAll {
        case .frameAll: return .frameAll
        case .leader: return .leader
        case .follow(let name): return .follow(.name(name))
        }
    }

    /// Plans the group flight, wording a failure with the file of the rider at fault.
    static func plan(_ group: RiderGroup, planner: GroupFlightPlanner, routePaths: [String]) throws -> GroupFlight {
        do {
            return try planner.plan(for: group)
        } catch {
            var file = routePaths.joined(separator: ", ")
            if case .group(let reason) = error, let name = reason.riderName,
               let index = group.riders.firstIndex(where: { $0.name == name }) {
                file = shownPath(routePaths[index])
            }
            var hint = ""
            if case .plan(.tooLong) = error, let clock = try? group.clock() {
                let gaps = clockGaps(clock)
                hint = gaps.isEmpty
                    ? "; the riders' recordings run from \(ISO8601.string(from: clock.start)) to \(ISO8601.string(from: clock.end))"
                    : "; the riders' clocks do not overlap: \(gaps.joined(separator: "; "))"
            }
            throw CommandFailure(description: "\(file): error: \(error)\(hint)")
        }
    }

    /// Where the riders' recorded spans leave the group clock empty, each with the `--offset` that
    /// starts the later rider with the earlier one: "'A' ends 3 days of recorded time before 'B' starts
    /// ('--offset B=-262800' starts it with 'A')".
    static func clockGaps(_ clock: RiderClock) -> [String] {
        let spans = clock.group.riders.indices.map { (name: clock.group.riders[$0].name, start: clock.startTime(ofRider: $0), end: clock.endTime(ofRider: $0)) }
            .sorted { $0.start < $1.start }
        var gaps: [String] = []
        var last = spans[0]
        for span in spans.dropFirst() {
            if span.start > last.end {
                gaps.append("'\(last.name)' ends \(describeSeconds(span.start - last.end)) of recorded time before '\(span.name)' starts "
                            + "(\(offsetWording(span.name, -(span.start - last.start).rounded())) starts it with '\(last.name)')")
            }
            if span.end > last.end { last = span }
        }
        return gaps
    }
}
