import Foundation

/// One thing `route-fly check` found about a route's clock, its geometry or a planned flight.
///
/// A finding has a ``severity``, a stable kebab-case ``code`` (scripts match on it; the codes are listed
/// on ``RouteCheck``, ``FlightCheck`` and ``MotionCheck``), the place it concerns (a point ``index``
/// and/or a ``time``), and a ``message``: one English sentence with the values that matter, in metres,
/// seconds, m/s, degrees per second or screen heights per second.
public struct Finding: Hashable, Sendable {
    /// How much a finding matters.
    ///
    /// - `error`: the data or the flight is wrong (times going backwards, a point at (0, 0), a flight that
    ///   cannot be planned); `route-fly check` exits 2.
    /// - `warning`: probably wrong or over a limit (equal times on a moving track, a jump, a speed over
    ///   the limit); route-fly's strict check exits 2 on them.
    /// - `note`: worth knowing (duplicate points, zone-less times, the flight's peaks); never fails.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// Where in time a finding is.
    public enum Time: Hashable, Sendable {
        /// The recorded instant of the route point concerned (route clock and geometry findings).
        case recorded(Date)
        /// Seconds from the start of the flight's timeline (flight findings), `>= 0`.
        case flight(Double)
    }

    public var severity: Severity
    /// Stable kebab-case identifier, e.g. ``Code/timeBackwards`` (`time-backwards`).
    public var code: Code
    /// Index into ``Route/points`` (0-based) of the point concerned, or `nil` when the finding is about
    /// the whole route or the flight.
    public var index: Int?
    /// The point's recorded time or the flight time of the finding, or `nil`.
    public var time: Time?
    /// One sentence, starting with a capital letter and ending with a full stop.
    public var message: String

    public init(_ severity: Severity, _ code: Code, index: Int? = nil, time: Time? = nil, _ message: String) {
        self.severity = severity
        self.code = code
        self.index = index
        self.time = time
        self.message = message
    }
}

extension Finding.Time {
    /// A recorded time when `date` is not `nil`.
    static func recorded(_ date: Date?) -> Finding.Time? { date.map { .recorded($0) } }
}
