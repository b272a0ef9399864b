import RouteKitGeodesy

extension RouteFlight {
    /// How a route is read, grounded and flown: the options `route-fly sample` takes for one route.
    public struct Options: Sendable {
        /// The route file's format, or `nil` to detect it from the content, then the file name.
        public var format: RouteFormat? = nil
        /// The readers' settings (CSV columns, polyline precision).
        public var reading = RouteFile.Options()
        /// The datum of the file's heights: ``VerticalDatum/orthometric`` (above mean sea level, EGM96,
        /// what GPS files hold; the default) or ``VerticalDatum/ellipsoidal`` (converted through PROJ).
        public var inputHeights = VerticalDatum.orthometric
        /// Whether the route's pieces (segments, tracks, lines) are chained by nearest ends before
        /// flying (`RouteFile/Result/joiningPieces()`, the rule on `RoutePieces`) rather than flown in
        /// file order. Default `false`: file order, with a warning when the pieces look out of order.
        public var joinPieces = false
        /// What the ground is where the route has no heights, and what the eye clears.
        public var ground = Ground.routeHeights
        /// The flight: preset, timing, durations, framing, clearance (``FlightOptions``).
        public var flight = FlightOptions()
        /// A camera script to fly instead of the preset, or `nil`.
        public var script: CameraScript? = nil

        public init() {}
    }

    /// The ground under the route.
    public enum Ground: Sendable, Hashable {
        /// The route's own heights; points without one stay without (a warning when any lacks one).
        case routeHeights
        /// A terrain model (any raster GDAL reads) covering the route with a margin of
        /// ``TerrainModel/flightMargin``: points without elevation take its height, and the eye clears it.
        case terrain(path: String)
        /// One elevation, metres above mean sea level, for every point without one (flat country).
        case elevation(metres: Double)
    }

    /// One sentence about the route or its flight, as `route-fly` prints it after the file name.
    public struct Notice: Sendable, CustomStringConvertible {
        /// How much it matters.
        public enum Severity: String, Sendable, Hashable {
            /// Something decided along the way.
            case note
            /// A value that is probably wrong, or a flight that may not show what is expected.
            case warning
        }

        /// How much it matters.
        public var severity: Severity
        /// The sentence (no file name, no severity).
        public var message: String
        /// What it is about, when the tool adds a hint of its own.
        public var topic: Topic = .general

        /// What a notice is about.
        public enum Topic: Sendable {
            /// Anything.
            case general
            /// Points without elevation and no ground given (``Ground/routeHeights``).
            case missingElevations
            /// The route's heights lie a median `metres` off the terrain model at `modelPath` (positive:
            /// above): perhaps on another datum, or the wrong model.
            case terrainOffset(metres: Double, modelPath: String)
            /// The route's heights sit a constant offset off the terrain model of the size of the geoid's
            /// `undulation` (metres) there: likely heights above the ellipsoid read as above sea level.
            case geoidSizedOffset(GroundOffset, undulation: Double)
            /// The route's pieces look out of order: chained by nearest ends they would jump much less
            /// (``Options/joinPieces`` flies them so).
            case piecesOutOfOrder
        }

        /// `severity: message`.
        public var description: String { "\(severity.rawValue): \(message)" }

        /// The ``Topic/terrainOffset(metres:modelPath:)`` sentence; `heightsOption` (e.g. a command-line
        /// option) is named after "above sea level" when given.
        package static func terrainOffsetSentence(metres offset: Double, modelPath: String,
                                                  heightsOption: String? = nil) -> String {
            "the route's own elevations lie \(FixedDecimal.string(abs(offset), places: 0)) m "
                + "\(offset < 0 ? "below" : "above") the terrain model '\(modelPath)' (median over the points): "
                + "check that both are above sea level\(heightsOption.map { " (\($0))" } ?? "") "
                + "and that the model is the right one"
        }
    }
}
