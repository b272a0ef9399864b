/// What a flight page (``RouteFlight/page(_:framesPerSecond:frames:)``) draws over the map and how it is driven: the player a person
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

    /// A raster tile layer the page is served (`tileScheme` URLs, answered by the page's tile function).
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
    package static let tileScheme = "routekit"

    /// Where MapLibre GL JS comes from.
    public enum Script: Sendable, Equatable {
        /// A `<script src>` (and a `<link rel="stylesheet">` when `stylesheet` is given).
        case url(String, stylesheet: String?)
        /// The library's text inlined (and its stylesheet's, when given), for offline use and for video.
        /// Give the stylesheet (`maplibre-gl.css`, beside `maplibre-gl.js`): without it the map still
        /// draws, but the distance markers (HTML markers, which the stylesheet places) do not show.
        case inline(javaScript: String, css: String?)

        /// MapLibre GL JS 5.3.0 on the unpkg CDN, pinned to the exact version the tests run against
        /// (PyPI's `maplibre` package ships the same file).
        public static let unpkg = Script.url("https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js",
                                             stylesheet: "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.css")
    }

    /// The MapLibre script. Default ``Script/unpkg`` (the page then needs the network to play).
    public var script = Script.unpkg
    /// A MapLibre style URL for the basemap, or `nil` (the default) for a blank offline style: a plain
    /// background with the route drawn over it.
    public var styleURL: String? = nil
    /// What the page says to do when MapLibre GL JS does not load (after "MapLibre GL JS did not load
    /// from URL"), e.g. how the caller gives a local copy.
    package var loadFailureHint = " (offline? give a local copy of maplibre-gl.js)"

    /// Who drives the page: its own player, or a renderer frame by frame.
    public var mode: Mode = .player
    /// `true`: the route ahead of the rider is drawn faint, the part flown solid; `false`: all solid.
    public var revealsRoute = true
    /// Whether the rider is drawn as a marker on the route (for a group, every rider always is).
    public var showsRider = true
    /// The overlays drawn. Default all.
    public var overlays: Set<Overlay> = Set(Overlay.allCases)
    /// The units of the overlays' numbers. Default metric.
    public var units: Units = .metric
    /// The clock the overlays show. Default the time elapsed.
    public var clock: Clock = .elapsed
    /// Speed or pace in the overlays. Default speed.
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
    package var servesTiles: Bool { mode == .render }

    public init() {}
}
