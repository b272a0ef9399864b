/// Why a ``RiderGroup`` cannot be played on one clock.
public enum RiderGroupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The group has no rider.
    case noRiders
    /// Rider `index` (from 0) has an empty name.
    case emptyName(index: Int)
    /// Two riders share a name: the first and second index (from 0).
    case duplicateName(String, first: Int, second: Int)
    /// The rider's route has fewer than the 2 timed points a clock needs (recorded timing): how many of
    /// its points carry a time.
    case untimedRider(String, timedPoints: Int, points: Int)
    /// The rider's recorded clock cannot be a recording (``Route/recordedClockFault``): it would ride its
    /// route, or most of it, in no time.
    case brokenClock(String, RecordedClockFault)
    /// The rider's clock offset is not a finite number of seconds.
    case invalidClockOffset(String, Double)
    /// No rider is followed by that name (``RiderReference/name(_:)``); the names there are.
    case unknownRider(String, names: [String])
    /// No rider has that index (``RiderReference/index(_:)``); the group's rider count.
    case riderIndexOutOfRange(Int, count: Int)

    public var description: String {
        switch self {
        case .noRiders:
            return "the group has no rider; it needs at least one timed route"
        case .emptyName(let i):
            return "rider \(i + 1) has an empty name; every rider needs a unique, non-empty name"
        case .duplicateName(let name, let a, let b):
            return "riders \(a + 1) and \(b + 1) are both named '\(name)'; every rider needs a unique name"
        case .untimedRider(let name, let timed, let points):
            return "rider '\(name)' cannot be played on the group's clock: \(timed) of its \(points) points \(timed == 1 ? "has" : "have") a recorded time, and at least 2 are needed"
        case .brokenClock(let name, let fault):
            return "rider '\(name)' cannot be played on the group's clock: \(fault)"
        case .invalidClockOffset(let name, let value):
            return "rider '\(name)' has a clock offset of \(value) s (expected a finite number of seconds)"
        case .unknownRider(let name, let names):
            return "no rider is named '\(name)' (the riders are \(names.map { "'\($0)'" }.joined(separator: ", ")))"
        case .riderIndexOutOfRange(let i, let count):
            return "there is no rider \(i) (the group has \(count), numbered from 0)"
        }
    }
}

extension RiderGroupError {
    /// The rider at fault, by name, when the error is about one rider.
    public var riderName: String? {
        switch self {
        case .duplicateName(let name, _, _), .untimedRider(let name, _, _), .invalidClockOffset(let name, _), .brokenClock(let name, _): return name
        case .noRiders, .emptyName, .unknownRider, .riderIndexOutOfRange: return nil
        }
    }
}

extension RiderGroup {
    /// Checks the group's invariants: at least one rider, unique non-empty names, finite clock offsets,
    /// and every rider's route timed (at least 2 points with a recorded time; a route partly timed is
    /// timed as recorded timing times it, `RiderClock`) by a clock that can be a recording
    /// (``Route/recordedClockFault``).
    ///
    /// - Throws: ``RiderGroupError``, naming the first rider at fault (in rider order).
    /// - Complexity: O(r + n) for r riders and n points in all.
    public func validate() throws(RiderGroupError) {
        guard !riders.isEmpty else { throw .noRiders }
        var seen: [String: Int] = [:]
        for (i, rider) in riders.enumerated() {
            guard !rider.name.isEmpty else { throw .emptyName(index: i) }
            if let first = seen[rider.name] { throw .duplicateName(rider.name, first: first, second: i) }
            seen[rider.name] = i
            guard rider.clockOffset.isFinite else { throw .invalidClockOffset(rider.name, rider.clockOffset) }
            let timed = rider.route.timedPointCount
            guard timed >= 2 else { throw .untimedRider(rider.name, timedPoints: timed, points: rider.route.points.count) }
            if let fault = rider.route.recordedClockFault { throw .brokenClock(rider.name, fault) }
        }
    }

    /// The index of the rider `reference` names.
    ///
    /// - Throws: ``RiderGroupError/unknownRider(_:names:)`` or ``RiderGroupError/riderIndexOutOfRange(_:count:)``.
    public func index(of reference: RiderReference) throws(RiderGroupError) -> Int {
        switch reference {
        case .index(let i):
            guard riders.indices.contains(i) else { throw .riderIndexOutOfRange(i, count: riders.count) }
            return i
        case .name(let name):
            guard let i = riders.firstIndex(where: { $0.name == name }) else {
                throw .unknownRider(name, names: riders.map(\.name))
            }
            return i
        }
    }
}

/// One rider of a ``RiderGroup``, by its index (from 0) or its name.
public enum RiderReference: Hashable, Sendable {
    case index(Int)
    case name(String)
}
