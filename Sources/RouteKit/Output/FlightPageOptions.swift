/// What a flight page (``PreviewPage``) draws over the map and how it is driven: the player a person
/// uses, or the frame-by-frame driver of `render`.
public struct FlightPageOptions: Sendable, Equatable {
    /// Who drives the page.
    public enum Mode: String, Sendable {
        /// Play/pause, a slider, the pose values, at the flight's real speed; the map fitted to the window
        /// above the controls.
        case player
        /// No controls: the map fills the window (sized to the viewport), and
        /// `window.routeFly.show(i)` draws frame `i` and resolves once the map is idle (every tile and the
        /// terrain loaded), with the number of rider circles MapLibre finds in view, for a program that
        /// captures each frame.
        case render
    }

    /// The overlays drawn over the map, each switchable.
    public enum Overlay: String, CaseIterable, Sendable {
        /// A panel of the route's values at the frame: time, distance, speed or pace, elevation, heart rate.
        case stats
        /// A label every kilometre (or mile) along the route: 1, 2, 5, 10 … so that at most about 40 show.
        case markers
        /// The route's elevation profile along the bottom, the part flown shaded, a cursor at the frame.
        case profile
        /// The route's name and date.
        case title
    }

    /// Units of the overlays.
    public enum Units: String, CaseIterable, Sendable {
        /// Kilometres, metres, km/h, min/km.
        case metric
        /// Miles, feet, mph, min/mi.
        case imperial
    }

    /// How the stats panel shows time.
    public enum Clock: String, CaseIterable, Sendable {
        /// Hours, minutes and seconds since the route's first recorded time.
        case elapsed
        /// The recorded time of day, UTC (the file's zone is not known).
        case utc
    }

    /// Speed as speed (km/h, mph) or as pace (minutes per kilometre or mile, as runners and hikers read it).
    public enum SpeedDisplay: String, CaseIterable, Sendable {
        case speed
        case pace
    }

    /// A raster tile layer the page is served (``tileScheme`` URLs, answered by the page's tile function).
    public struct TileLayer: Sendable, Equatable {
        /// The highest zoom with tiles of its own; the map magnifies beyond it.
        public var maximumZoom: Int
        /// The lowest zoom with tiles; below it the layer is not drawn (default 0).
        public var minimumZoom = 0
        /// `[west, south, east, north]`, degrees: where the layer has tiles (none are asked elsewhere).
        public var bounds: [Double]

        public init(maximumZoom: Int, bounds: [Double]) {
            self.maximumZoom = maximumZoom
            self.bounds = bounds
        }
    }

    /// The URL scheme of the page's own tiles: `routekit://dem/{z}/{x}/{y}` (Terrarium-encoded heights),
    /// `routekit://hillshade/…`, `routekit://imagery/…`, each a 256-pixel PNG.
    public static let tileScheme = "routekit"

    public var mode: Mode = .player
    /// `true`: the route ahead of the rider is drawn faint, the part flown solid; `false`: all solid.
    public var revealsRoute = true
    /// Whether the rider is drawn as a marker on the route (for a group, every rider always is).
    public var showsRider = true
    /// The overlays drawn. Default all.
    public var overlays: Set<Overlay> = Set(Overlay.allCases)
    public var units: Units = .metric
    public var clock: Clock = .elapsed
    public var speedDisplay: SpeedDisplay = .speed
    /// 3D terrain (a `raster-dem` source, Terrarium encoding), or `nil` for a flat map.
    public var terrain: TileLayer? = nil
    /// A hillshade drawn over the basemap, or `nil`.
    public var hillshade: TileLayer? = nil
    /// Local imagery drawn as the basemap, or `nil`.
    public var imagery: TileLayer? = nil
    /// Tiles held in the page itself, by path (`dem/12/2200/1460`): a page that is opened without a
    /// program to serve its tiles (the preview) finds them here; a tile not held is transparent (or, for
    /// terrain, not drawn).
    public var embeddedTiles: [String: [UInt8]] = [:]
    /// Whether the page asks a program for tiles not held (``Mode/render``: the `routeFlyTile` binding).
    public var servesTiles: Bool { mode == .render }

    public init() {}
}
