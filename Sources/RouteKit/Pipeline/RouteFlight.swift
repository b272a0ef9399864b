import Foundation
import RouteKitTerrain

/// A route flown: what `route-fly sample` does, as one value. The route is read and prepared (heights
/// above sea level, outliers left out, the ground filled in), the flight planned by ``FlightPlanner`` (or
/// a ``CameraScript`` given) and resolved, ready to be sampled or written in any ``PoseFormat``.
///
/// ```swift
/// var options = RouteFlight.Options()
/// options.flight.timing = .recorded
/// options.flight.speedup = 60
/// let flight = try RouteFlight(path: "routes/gpxpy-cerknicko-jezero.gpx", options: options)
/// try flight.write(RouteFlight.Output(format: .csv), to: .file("flight.csv"))
/// ```
///
/// The file written is byte for byte the one `route-fly sample` writes for the same route and options
/// (a test holds them together); ``notices`` are what the tool prints on standard error.
///
/// The steps, in order (each a documented call of its own):
/// 1. ``RouteFile/read(path:format:options:)``, then the heights converted to above sea level from
///    ``Options/inputHeights`` (``RouteFile/Result/convertingElevations(from:geoid:)``, EGM96);
/// 2. outliers dealt with: heights wrapped at 65 536 m, height spikes, wild positions (``Route``'s
///    outlier screening, each with a located notice);
/// 3. the ground: a terrain model covering the route (``TerrainModel``, points without elevation take
///    its height, and the clearance is kept over it), or one elevation for every point without one;
/// 4. the plan (``FlightPlanner/plan(for:)``), or ``Options/script``;
/// 5. resolution for the route (``CameraScript/resolved(for:framing:terrain:)``).
public struct RouteFlight: Sendable {
    /// The route as flown: heights in metres above mean sea level (EGM96), outliers left out, points
    /// without elevation filled from the ground when one was given.
    public let route: Route
    /// The resolved flight: camera and centre elevation keyframe timelines, seconds from 0.
    public let flight: ScriptedFlight
    /// The terrain model the flight clears (``Options/ground`` `.terrain`), or `nil`.
    public let terrain: TerrainModel?
    /// The options the flight was made with.
    public let options: Options
    /// Notes and warnings from every step, in order: what `route-fly sample` prints on standard error.
    public let notices: [Notice]

    /// Reads the route file at `path` and flies it with `options`.
    ///
    /// - Parameters:
    ///   - path: The route file (any ``RouteFormat``; KMZ and gzip are read inside).
    ///   - options: How to read, ground and fly it.
    /// - Throws: ``RouteParseError`` (the file), ``GeoidError`` (the EGM96 grid, for ellipsoidal input
    ///   heights), ``TerrainError`` (the terrain model), ``FlightPlanError`` (the plan),
    ///   ``CameraScriptError`` (a script that does not resolve for the route).
    /// - Complexity: O(n log n) for n points to read and prepare; planning as ``FlightPlanner``.
    public init(path: String, options: Options = Options()) throws {
        let prepared = try Self.prepare(path: path, options: options)
        try self.init(prepared: prepared, options: options)
    }

    /// Flies a route already read (``RouteFile/read(path:format:options:)``, or one of your own), preparing
    /// it as ``init(path:options:)`` does (outliers are then named by point index, not by line).
    ///
    /// - Throws: As ``init(path:options:)``, without the reading errors.
    public init(_ result: RouteFile.Result, options: Options = Options()) throws {
        let prepared = try Self.prepare(result, input: nil, displayPath: nil, options: options)
        try self.init(prepared: prepared, options: options)
    }

    /// Plans and resolves a prepared route (the last two steps), adding the plan's notes.
    package init(prepared: PreparedRoute, options: Options) throws {
        var notices = prepared.notices
        let flight = try Self.fly(prepared, options: options, notices: &notices)
        self.route = prepared.route
        self.terrain = prepared.terrain
        self.flight = flight
        self.options = options
        self.notices = notices
    }
}
