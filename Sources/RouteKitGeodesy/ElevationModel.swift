import Foundation

/// Anything that gives the height of the ground at a place: a digital elevation model
/// (``TerrainModel``), or the route's own heights (`RouteGround`).
public protocol ElevationModel: Sendable {
    /// Height of the ground at `coordinate`, metres above mean sea level (EGM96), or `nil` where the
    /// model knows nothing.
    func elevation(at coordinate: LocationCoordinate2D) -> Double?

    /// A bound that a model may answer faster than ``elevation(at:)``: metres that the elevation at
    /// `coordinate` never exceeds, or `nil` only where ``elevation(at:)`` is `nil` too. The default,
    /// for models with no faster answer, is `infinity` (no bound).
    func maximumElevation(near coordinate: LocationCoordinate2D) -> Double?

    /// ``maximumElevation(near:)`` for every point at `longitude` whose latitude is in `latitudes`
    /// (degrees): metres that the elevation at none of them exceeds, or `nil` only where
    /// ``elevation(at:)`` is `nil` at all of them. The default is `infinity` (no bound).
    func maximumElevation(longitude: Double, latitudes: ClosedRange<Double>) -> Double?
}

extension ElevationModel {
    public func maximumElevation(near coordinate: LocationCoordinate2D) -> Double? {
        .infinity
    }

    public func maximumElevation(longitude: Double, latitudes: ClosedRange<Double>) -> Double? {
        .infinity
    }
}

