/// Where one rider of a ``RiderGroup`` is at one frame of a group flight.
public struct RiderPosition: Hashable, Sendable {
    /// The rider's index in ``RiderGroup/riders``.
    public var rider: Int
    /// Degrees, WGS 84; longitude in `-180...180`.
    public var coordinate: LocationCoordinate2D
    /// Metres above mean sea level (orthometric, EGM96; ``VerticalDatum/orthometric``), as the rider's
    /// route gives it (0 when the route has no heights there).
    public var elevation: Double
    /// `false` before the rider's first recorded time and after its last: the position is then held at
    /// the route's start or end.
    public var isActive: Bool

    public init(rider: Int, coordinate: LocationCoordinate2D, elevation: Double, isActive: Bool) {
        self.rider = rider
        self.coordinate = coordinate
        self.elevation = elevation
        self.isActive = isActive
    }
}
