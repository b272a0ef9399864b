import Foundation

/// Anything that gives the height of the ground at a place: a digital elevation model
/// (``TerrainModel``), or the route's own heights (``RouteGround``).
public protocol ElevationModel: Sendable {
    /// Height of the ground at `coordinate`, metres above mean sea level (EGM96), or `nil` where the
    /// model knows nothing.
    func elevation(at coordinate: LocationCoordinate2D) -> Double?
}

