/// The camera plans for a ``RiderGroup`` (``GroupFlightPlanner``).
public enum GroupPreset: Hashable, Sendable {
    /// Keeps every rider in view at every frame: centred on the box of the riders' positions at that
    /// moment (riders not yet started or already finished held at their start or end, so nothing
    /// jumps), far enough that the box fits at the camera's pitch and heading, smoothed.
    case frameAll
    /// Follows one rider, as the single-route `follow` preset follows its route, and widens to keep the
    /// other riders in view while they are near (``GroupFlightPlanner/nearDistance``).
    case follow(RiderReference)
    /// Follows whoever is furthest along the shared course, measured along the first rider's route
    /// (``GroupFlight/target(atFlightTime:)``); the camera changes rider where one overtakes another,
    /// where their positions coincide.
    case leader
}
