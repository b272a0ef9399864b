import Foundation

/// How a camera stands over the ground: how high its eye is above the ground under it, and whether
/// the ground hides the centre from the eye.
///
/// Geometry (docs/camera.md#the-map-camera-and-the-eye): the eye is placed exactly (``MapCamera/eye(centerElevation:model:)``,
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
package struct SightLine: Hashable, Sendable {
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
        self.init(camera: camera, centerElevation: centerElevation, ground: ground, clearance: clearance, exactness: .everyValue)
    }

    /// Which of a sight line's values are needed exactly.
    enum Exactness {
        /// Both values as the type documents them.
        case everyValue
        /// Each value exact where it is positive (or not a number: a failure); where it is not, it may
        /// be `nil` or any value <= 0 instead (so ``isClear`` and every positive value are as with
        /// ``everyValue``).
        case positiveValues
        /// Only ``isClear`` as with ``everyValue``: a failing line stops at its first failure, and its
        /// values are then only known to fail.
        case clearOrNot
    }

    /// ``init(camera:centerElevation:ground:clearance:)`` computing only what `exactness` needs.
    ///
    /// Ground that ``ElevationModel/maximumElevation(near:)`` bounds below the line (or the eye below
    /// `clearance`) cannot make a value positive, so it is not looked up exactly. The bound only skips
    /// lookups: a rounded sum or difference never moves to the other side of a bound's own sum or
    /// difference (IEEE 754 rounding is monotonic), so every value that is looked up, and so every
    /// positive one, is exactly the value ``everyValue`` gives.
    init(camera: MapCamera, centerElevation: Double, ground: any ElevationModel, clearance: Double,
         exactness: Exactness) {
        let exact = exactness == .everyValue
        let eye = camera.eye(centerElevation: centerElevation, model: .tangentPlane)
        if exact || ground.maximumElevation(near: eye.coordinate).map({ !($0 + clearance - eye.altitude <= 0) }) == true {
            clearanceMissing = ground.elevation(at: eye.coordinate).map { $0 + clearance - eye.altitude }
            if exactness == .clearOrNot, let missing = clearanceMissing, !(missing <= 0) { return }
        }
        let c = EarthCenteredFrame.position(of: camera.centerCoordinate, height: centerElevation)
        let e = EarthCenteredFrame.position(of: eye.coordinate, height: eye.altitude)
        var worst: Double? = nil
        for i in 1...Self.samples {
            let f = Self.checkedFraction * Double(i) / Double(Self.samples)
            let x = e.x + f * (c.x - e.x), y = e.y + f * (c.y - e.y), z = e.z + f * (c.z - e.z)
            if !exact, let rough = EarthCenteredFrame.geodeticBounds(x: x, y: y, z: z) {
                // Bounds on the point's position and height first: no ground known anywhere it can be,
                // or none above its lowest height, and the exact conversion is not needed.
                guard let bound = ground.maximumElevation(longitude: rough.longitude, latitudes: rough.latitudes),
                      bound > rough.minimumHeight else { continue }
            }
            let p = EarthCenteredFrame.geodetic(x: x, y: y, z: z)
            let point = LocationCoordinate2D(latitude: p.latitude, longitude: p.longitude)
            if !exact {
                guard let bound = ground.maximumElevation(near: point), bound - p.height > 0 else { continue }
            }
            guard let g = ground.elevation(at: point) else { continue }
            worst = max(worst ?? -.infinity, g - p.height)
            if exactness == .clearOrNot, let w = worst, w > 0 { break }
        }
        blocked = worst
    }

    /// Whether the eye clears the ground and sees the centre (unknown ground counts as clear).
    public var isClear: Bool { (clearanceMissing ?? 0) <= 0 && (blocked ?? 0) <= 0 }
}
