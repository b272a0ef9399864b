/// What each `gx:FlyTo` of a KML tour flies to.
public enum KMLView: String, CaseIterable, Sendable {
    /// A `Camera` at the eye, `altitudeMode` `absolute` (metres above sea level): right when the route's
    /// heights are above sea level.
    case camera
    /// A `LookAt` at the camera's centre on the ground (`altitude` 0, `altitudeMode` `relativeToGround`),
    /// seen from `range` = the camera distance, with the pose's `heading` and `tilt` = pitch: Google Earth
    /// puts the centre on its own terrain, which suits routes without heights.
    case lookAt = "lookat"
}
