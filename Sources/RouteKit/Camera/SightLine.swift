import Foundation

/// How a camera stands over the ground: how high its eye is above the ground under it, and whether
/// the ground hides the centre from the eye.
///
/// Geometry (camera.md section 1): the eye is placed exactly (``MapCamera/eye(centerElevation:model:)``,
/// tangent-plane model) from the centre at its elevation; the line of sight is the straight segment
/// from the eye to the centre in Earth-centred coordinates, so Earth curvature is included. Heights
/// are all above sea level (the geoid's slope over a few kilometres is far below a metre).
///
/// - ``clearanceMissing``: `ground(eye) + clearance - eye altitude`, metres; > 0 when the eye is lower
///   than `clearance` metres above the ground under it.
/// - ``blocked``: the most the ground rises above the line of sight, metres, over ``samples`` evenly
///   spaced points from the eye to 90 % of the way to the centre (the last tenth is left out: the
///   line ends on the ground there, where the smoothed centre height and the model's may differ by
///   metres); > 0 when a ridge hides the centre.
public struct SightLine: Hashable, Sendable {
    /// Points checked along the line of sight.
    public static let samples = 32
    /// The part of the line, from the eye, that is checked.
    public static let checkedFraction = 0.9

    /// Metres the eye is below `ground + clearance` (<= 0 when clear), or `nil` where the ground under
    /// the eye is unknown.
    public var clearanceMissing: Double?
    /// Metres the ground rises above the line of sight at worst (<= 0 when clear), or `nil` where the
    /// ground along it is unknown.
    public var blocked: Double?

    /// Assesses `camera` looking at a centre `centerElevation` metres above sea level.
    ///
    /// - Complexity: O(``samples``) ground lookups.
    public init(camera: MapCamera, centerElevation: Double, ground: any ElevationModel, clearance: Double) {
        let eye = camera.eye(centerElevation: centerElevation, model: .tangentPlane)
        clearanceMissing = ground.elevation(at: eye.coordinate).map { $0 + clearance - eye.altitude }
        let c = EarthCenteredFrame.position(of: camera.centerCoordinate, height: centerElevation)
        let e = EarthCenteredFrame.position(of: eye.coordinate, height: eye.altitude)
        var worst: Double? = nil
        for i in 1...Self.samples {
            let f = Self.checkedFraction * Double(i) / Double(Self.samples)
            let p = EarthCenteredFrame.geodetic(x: e.x + f * (c.x - e.x), y: e.y + f * (c.y - e.y), z: e.z + f * (c.z - e.z))
            guard let g = ground.elevation(at: LocationCoordinate2D(latitude: p.latitude, longitude: p.longitude)) else { continue }
            worst = max(worst ?? -.infinity, g - p.height)
        }
        blocked = worst
    }

    /// Whether the eye clears the ground and sees the centre (unknown ground counts as clear).
    public var isClear: Bool { (clearanceMissing ?? 0) <= 0 && (blocked ?? 0) <= 0 }
}
