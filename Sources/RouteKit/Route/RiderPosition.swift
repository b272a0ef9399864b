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
    /// What the rider's route records where the rider is (distance along it, recorded time, speed,
    /// heart rate …), for overlays; `nil` when not computed.
    public var reading: RouteReading?

    public init(rider: Int, coordinate: LocationCoordinate2D, elevation: Double, isActive: Bool, reading: RouteReading? = nil) {
        self.rider = rider
        self.coordinate = coordinate
        self.elevation = elevation
        self.isActive = isActive
        self.reading = reading
    }
}
