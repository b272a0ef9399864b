import Foundation

/// A camera flight written out as keyframe tracks, one per `MapCamera` property: what
/// `route-fly plan` prints and route-fly flies from a script file (as JSON, `CameraScript+JSON.swift`).
///
/// Every preset is planned into a script and every script is resolved into the same
/// `KeyframeTimeline<MapCamera>`, so a plan printed by `plan` and fed back as a script flies the
/// very same poses.
///
/// Values may be literal numbers or references resolved against the route when the script is flown
/// (``CoordinateValue``, ``NumberValue``), so one script fits many routes.
///
/// Beyond SwiftUI, as everywhere in RouteKit: heading values and longitudes are *unwrapped* when the
/// script is resolved (each keyframe turns the short way from the one before it, docs/camera.md#headings-and-longitudes).
/// To turn further than 180 degrees, write intermediate keyframes (0, 120, 240, 360 is a full turn).
public struct CameraScript: Hashable, Sendable {
    /// The camera at time 0, the start of every track.
    public var initialCamera: InitialCamera
    /// Keyframes of `centerCoordinate` (degrees; velocities in degrees per second).
    public var centerCoordinate: [Keyframe<CoordinateValue, LocationCoordinate2D>]
    /// Keyframes of `heading` (degrees clockwise from north; velocities in degrees per second).
    public var heading: [Keyframe<NumberValue, Double>]
    /// Keyframes of `distance` (metres; velocities in metres per second).
    public var distance: [Keyframe<NumberValue, Double>]
    /// Keyframes of `pitch` (degrees from straight down; velocities in degrees per second).
    public var pitch: [Keyframe<NumberValue, Double>]
    /// Keyframes of the elevation of the centre (metres above sea level), used only for the eye's
    /// altitude; a RouteKit addition (MapCamera has no such property). Empty: the initial camera's
    /// value held, or, when that is ``NumberValue/ground``, the ground followed for the whole flight.
    public var centerElevation: [Keyframe<NumberValue, Double>]

    public init(initialCamera: InitialCamera,
                centerCoordinate: [Keyframe<CoordinateValue, LocationCoordinate2D>] = [],
                heading: [Keyframe<NumberValue, Double>] = [], distance: [Keyframe<NumberValue, Double>] = [],
                pitch: [Keyframe<NumberValue, Double>] = [], centerElevation: [Keyframe<NumberValue, Double>] = []) {
        self.initialCamera = initialCamera
        self.centerCoordinate = centerCoordinate
        self.heading = heading
        self.distance = distance
        self.pitch = pitch
        self.centerElevation = centerElevation
    }

    /// The camera at time 0.
    public struct InitialCamera: Hashable, Sendable {
        public var centerCoordinate: CoordinateValue
        public var distance: NumberValue
        public var heading: NumberValue
        public var pitch: NumberValue
        /// Elevation of the initial centre, metres above sea level: a number, or ``NumberValue/ground``
        /// (the default: the ground under it).
        public var centerElevation: NumberValue

        public init(centerCoordinate: CoordinateValue = .routeCenter, distance: NumberValue = .framed,
                    heading: NumberValue = .number(0), pitch: NumberValue = .number(0),
                    centerElevation: NumberValue = .ground) {
            self.centerCoordinate = centerCoordinate
            self.distance = distance
            self.heading = heading
            self.pitch = pitch
            self.centerElevation = centerElevation
        }
    }

    /// A coordinate in a script: literal, or a reference to the route or the initial camera.
    public enum CoordinateValue: Hashable, Sendable {
        /// A literal coordinate, degrees (longitude may be unwrapped past +-180).
        case coordinate(LocationCoordinate2D)
        /// The route's first point (`"route.start"`).
        case routeStart
        /// The route's last point (`"route.end"`).
        case routeEnd
        /// The centre of the route's map rect (`"route.center"`), where the framing camera looks.
        case routeCenter
        /// The initial camera's centre (`"initial"`).
        case initial
        /// Every route point in order (`"route.points"`): the keyframe is repeated once per point, its
        /// duration shared between them by the keyframe's ``Keyframe/timing``.
        case routePoints
    }

    /// The camera's numeric properties a script keys, by their names in a script's JSON (`tracks`,
    /// `initialCamera`): heading (degrees), distance (metres), pitch (degrees), centre elevation (metres).
    public enum Property: String, CaseIterable, Hashable, Sendable {
        case heading, distance, pitch, centerElevation
    }

    /// A number in a script: literal, or a reference.
    public enum NumberValue: Hashable, Sendable {
        case number(Double)
        /// The initial camera's value of the same property (`"initial"`).
        case initial
        /// Distance only: the distance at which the route's rect fits the view (`"framed"`,
        /// ``CameraFraming/camera(framing:heading:)-(MapRect,_)``).
        case framed
        /// Heading only: the heading from the route's start to its end (`"route.heading"`).
        case routeHeading
        /// Centre elevation only: the ground under the centre (`"ground"`), metres above sea level: the
        /// terrain model's height there when one is given, else the route's own (the elevation of the
        /// route point nearest the centre, within 2 km), the ground that terrain clearance and
        /// `route-fly check` use. In the initial camera, the ground under the initial centre; as a
        /// keyframe's value, the ground followed over the keyframe's duration as the centre moves
        /// (``CameraScript/resolved(for:framing:terrain:)``).
        case ground
    }

    /// How a ``CoordinateValue/routePoints`` keyframe shares its duration among the points.
    public enum Timing: String, Hashable, Sendable, CaseIterable {
        /// The same time for every point (the WWDC23 split).
        case equal
        /// Time proportional to the geodesic length of each leg (constant ground speed).
        case distance
    }

    /// The animation of one keyframe, as SwiftUI's four keyframe types.
    public enum Kind<Velocity: Hashable & Sendable>: Hashable, Sendable {
        /// `CubicKeyframe`, with optional velocities (value units per second).
        case cubic(startVelocity: Velocity?, endVelocity: Velocity?)
        /// `LinearKeyframe` with its timing curve.
        case linear(UnitCurve)
        /// `SpringKeyframe` (a `nil` duration settles the spring), with an optional start velocity.
        case spring(Spring, startVelocity: Velocity?)
        /// `MoveKeyframe` (no duration).
        case move
    }

    /// One keyframe of a script track.
    public struct Keyframe<Value: Hashable & Sendable, Velocity: Hashable & Sendable>: Hashable, Sendable {
        public var kind: Kind<Velocity>
        public var value: Value
        /// Seconds (>= 0); `nil` only for a settling spring or a move.
        public var duration: Double?
        /// For a ``CoordinateValue/routePoints`` keyframe: how its duration is shared. Default `.equal`.
        public var timing: Timing?

        public init(_ kind: Kind<Velocity>, _ value: Value, duration: Double?, timing: Timing? = nil) {
            self.kind = kind
            self.value = value
            self.duration = duration
            self.timing = timing
        }
    }

    /// The longest duration one keyframe may have, seconds (10 million, about 116 days): longer values are
    /// typing mistakes, and would overflow any frame count.
    public static let maximumKeyframeDuration = 1e7

    /// Total seconds of the longest track, before resolution (settling springs count as 0 here).
    public var nominalDuration: Double {
        func sum<V, W>(_ track: [Keyframe<V, W>]) -> Double { track.reduce(0) { $0 + ($1.duration ?? 0) } }
        return [sum(centerCoordinate), sum(heading), sum(distance), sum(pitch), sum(centerElevation)].max() ?? 0
    }
}

/// Why a camera script cannot be flown.
public struct CameraScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script file as the user typed it, if any.
    public var path: String?
    /// Where in the JSON document (e.g. `tracks.heading[2].duration`), if known.
    public var jsonPath: String?
    /// Line and column in the file (1-based), when known (syntax errors).
    public var line: Int?
    public var column: Int?
    /// What is wrong and what was expected.
    public var message: String

    public init(path: String? = nil, jsonPath: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = path ?? "<script>"
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let at = jsonPath.map { "at \($0): " } ?? ""
        return "\(place): error: \(at)\(message)"
    }
}
