/// The settings of a reader that has none (``GPXReader``, ``KMLReader``, ``GeoJSONReader``, ``TCXReader``).
package struct RouteReaderNoOptions: Hashable, Sendable {
    package init() {}
}
