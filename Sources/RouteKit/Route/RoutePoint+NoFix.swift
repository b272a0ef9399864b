import Foundation

extension RoutePoint {
    /// Whether the point is at exactly latitude 0, longitude 0 ("Null Island"): what receivers and apps
    /// write for a position they do not have. ``RouteOutliers`` (rule 4) leaves such points out where the
    /// route is elsewhere, and the route check reports them (`null-island`).
    package var isAtNullIsland: Bool { coordinate.latitude == 0 && coordinate.longitude == 0 }
}
