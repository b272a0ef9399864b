import Foundation

/// Everything a check found (`CheckRun`): the route's findings, the flight's, and what was measured.
public struct CheckReport: Sendable {
    /// Route findings (``RouteCheck``) then flight findings (``FlightCheck``), each in its fixed order.
    public var findings: [Finding]
    public var route: RouteCheck.Summary
    /// `nil` when no flight was checked (it could not be planned).
    public var flight: FlightCheck.Summary?
    /// The reader's notes (``RouteFile/Result/notes``).
    public var readerNotes: [String]
    /// Why the flight could not be checked (it also gave the finding `flight-unplannable`), or `nil`.
    public var unplannable: FlightCheck.Unplannable? = nil

    public init(findings: [Finding], route: RouteCheck.Summary, flight: FlightCheck.Summary?, readerNotes: [String] = []) {
        self.findings = findings
        self.route = route
        self.flight = flight
        self.readerNotes = readerNotes
    }

    /// The most severe finding's severity, or `nil` when there is none.
    public var worstSeverity: Finding.Severity? { findings.map(\.severity).max() }

    /// How many findings have each code, sorted by code.
    public var counts: [(code: Finding.Code, count: Int)] {
        Dictionary(grouping: findings, by: \.code).map { ($0.key, $0.value.count) }.sorted { $0.code.rawValue < $1.code.rawValue }
    }

    /// The number of findings of a severity.
    public func count(_ severity: Finding.Severity) -> Int { findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }

    /// Whether the check fails: an error, or with `strict` a warning.
    public func fails(strict: Bool) -> Bool {
        guard let worst = worstSeverity else { return false }
        return worst == .error || (strict && worst == .warning)
    }

    /// The findings to list: all of them, or at most `limit` per code, in order. The summary's counts
    /// always cover every finding.
    public func listed(limit: Int?) -> (findings: [Finding], omitted: [(code: Finding.Code, count: Int)]) {
        guard let limit else { return (findings, []) }
        var seen: [Finding.Code: Int] = [:]
        var kept: [Finding] = []
        for f in findings {
            let n = seen[f.code, default: 0]
            if n < limit { kept.append(f) }
            seen[f.code] = n + 1
        }
        let omitted = seen.filter { $0.value > limit }.map { ($0.key, $0.value - limit) }.sorted { $0.0.rawValue < $1.0.rawValue }
        return (kept, omitted)
    }
}
