/// The camera at one frame of a sampled flight.
public struct CameraPose: Hashable, Sendable {
    /// Frame number, from 0.
    public var frame: Int
    /// Seconds from the start of the flight: `frame / fps`.
    public var time: Double
    /// The camera, normalised: heading in `0..<360` degrees, longitude in `-180...180` degrees.
    public var camera: MapCamera

    public init(frame: Int, time: Double, camera: MapCamera) {
        self.frame = frame
        self.time = time
        self.camera = camera
    }
}
