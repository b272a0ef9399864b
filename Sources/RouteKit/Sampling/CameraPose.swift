/// The camera at one frame of a sampled flight.
public struct CameraPose: Hashable, Sendable {
    /// Frame number, from 0.
    public var frame: Int
    /// Seconds from the start of the flight: `frame / fps`.
    public var time: Double
    /// The camera, normalised: heading in `0..<360` degrees, longitude in `-180...180` degrees.
    public var camera: MapCamera
    /// Elevation of the centre (the ground under it), metres above mean sea level (orthometric, EGM96;
    /// ``VerticalDatum/orthometric``), as the flight plans it (0 when the flight has none).
    public var centerElevation: Double
    /// The geoid undulation `N` at the centre, metres (``Geoid/undulation(at:)``): the EGM96 geoid's
    /// height above the WGS 84 ellipsoid. 0 when the pose was sampled without a geoid, in which case
    /// sea level and the ellipsoid are taken to coincide.
    public var geoidUndulation: Double
    /// Where the eye is (``MapCamera/eye(centerElevation:model:)``), when it was asked for.
    public var eye: EyePosition?
    /// For a group flight (``RiderGroup``), where every rider is at this frame, in rider order; empty
    /// for a single route.
    public var riders: [RiderPosition]
    /// Where the flight is along its route at this frame and what the route records there (distance,
    /// recorded time, speed, heart rate …; `RouteTracking`), for overlays; `nil` for a flight sampled
    /// without a route, and for a group flight (each rider carries its own, ``RiderPosition/reading``).
    public var routeReading: RouteReading?

    public init(frame: Int, time: Double, camera: MapCamera, centerElevation: Double = 0, geoidUndulation: Double = 0,
                eye: EyePosition? = nil, riders: [RiderPosition] = [], routeReading: RouteReading? = nil) {
        self.routeReading = routeReading
        self.frame = frame
        self.time = time
        self.camera = camera
        self.centerElevation = centerElevation
        self.geoidUndulation = geoidUndulation
        self.eye = eye
        self.riders = riders
    }

    /// Height of the centre above the WGS 84 ellipsoid, metres: ``centerElevation`` + ``geoidUndulation``.
    public var centerEllipsoidalHeight: Double { centerElevation + geoidUndulation }

    /// Height of the centre on `datum`, metres.
    public func centerHeight(on datum: VerticalDatum) -> Double {
        datum == .ellipsoidal ? centerEllipsoidalHeight : centerElevation
    }
}

extension CameraPose {
    /// The name of the first field that is not a finite number (a rider's as `rider INDEX latitude`),
    /// or `nil` when every one is. Every pose writer checks it before writing (``PoseOutput``).
    public var nonFiniteField: String? {
        let fields: [(String, Double)] = [
            ("time", time), ("centre latitude", camera.centerCoordinate.latitude),
            ("centre longitude", camera.centerCoordinate.longitude), ("distance", camera.distance),
            ("heading", camera.heading), ("pitch", camera.pitch), ("centre elevation", centerElevation),
        ] + (eye.map { [("eye latitude", $0.coordinate.latitude), ("eye longitude", $0.coordinate.longitude),
                        ("eye altitude", $0.altitude)] } ?? [])
        if let field = fields.first(where: { !$0.1.isFinite })?.0 { return field }
        for r in riders {
            for (name, value) in [("latitude", r.coordinate.latitude), ("longitude", r.coordinate.longitude),
                                  ("elevation", r.elevation)] where !value.isFinite {
                return "rider \(r.rider) \(name)"
            }
        }
        return nil
    }
}
