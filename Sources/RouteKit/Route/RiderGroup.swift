import Foundation

/// Several recorded routes played on one clock: a group ride, a race, a relay, two hikers meeting.
///
/// Each rider's recorded times (UTC) are shifted by its ``Rider/clockOffset`` and then all riders share
/// one timeline. A group is what the group camera presets plan over and what pose writers draw
/// rider by rider.
///
/// Invariants: at least one rider; names are unique and non-empty.
public struct RiderGroup: Sendable {
    /// One recording in the group.
    public struct Rider: Sendable {
        /// The rider's name, unique in the group: by default the file's base name.
        public var name: String
        /// The rider's route, with its recorded times.
        public var route: Route
        /// Seconds added to every recorded time of this route to put it on the group's clock (positive:
        /// the recording's clock was behind). 0 by default.
        public var clockOffset: Double

        public init(name: String, route: Route, clockOffset: Double = 0) {
            self.name = name
            self.route = route
            self.clockOffset = clockOffset
        }
    }

    /// The riders, in the order given. Rider `i` is ``RiderPosition/rider`` `i`.
    public var riders: [Rider]

    public init(riders: [Rider]) {
        self.riders = riders
    }
}
