/// The settings of a reader that has none (``GPXReader``, ``KMLReader``, ``GeoJSONReader``, ``TCXReader``).
public struct RouteReaderNoOptions: Hashable, Sendable {
    public init() {}
}
