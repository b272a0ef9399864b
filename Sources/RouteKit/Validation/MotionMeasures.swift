import Foundation

/// How a sampled flight moves *on the screen*: speed in screen heights per second, zoom, turn and tilt
/// rates, their accelerations, and the eye's vertical acceleration, measured frame by frame.
///
/// Metres per second say nothing about what a viewer sees (100 m/s is a crawl from 50 km away and a
/// blur from 300 m), so every measure here is relative to what is on the screen.
///
/// ## The measures
///
/// Frames `i = 0 ... n-1` are `dt = 1 / fps` seconds apart (``PoseSampler``). For each pose let `c[i]` be
/// the centre, `d[i]` the camera distance (metres), `h[i]` the heading, `p[i]` the pitch (degrees) and
/// `z[i]` the eye's altitude (metres above the WGS 84 ellipsoid, ``EyePosition/altitude``; computed with
/// ``MapCamera/eye(centerElevation:model:)``, tangent-plane model, from ``CameraPose/centerEllipsoidalHeight``
/// when the pose has no eye).
///
/// - The **screen height** at distance `d` is `H(d) = 2 d tan(fov / 2)` metres, `fov` the vertical field
///   of view: the height of the view's cross-section through the centre, perpendicular to the line of
///   sight. Looking straight down it is exactly the height of ground the screen shows at the centre;
///   on a tilted camera ground motion along the line of sight is foreshortened by `cos(pitch)` on screen,
///   so the measure is then an upper bound (it errs on the side of "too fast").
///
/// Rates belong to the frame *step* from `i` to `i + 1`, at its midpoint `t = (i + 1/2) dt` (forward
/// differences, second-order accurate there):
/// - **screen speed** `S = g / (dt H(dm))` screen heights per second, where `g` is the geodesic distance
///   between `c[i]` and `c[i+1]` (WGS 84, ``LocationCoordinate2D/distance(to:)``) and `dm = sqrt(d[i]
///   d[i+1])`, the mean of the two distances on a log scale (the natural mean under zoom). This is van
///   Wijk and Nuij's perceived pan speed, the speed over the width of the view `u'/w` ("Smooth and
///   efficient zooming and panning", IEEE InfoVis 2003, section 3), taken over the view's height, and
///   Mapbox GL JS's "screenfuls per second" (`flyTo`'s `screenSpeed` option);
/// - **screen step** `g / H(dm)`: how many screen heights the centre moves within the one frame;
/// - **zoom rate** `Z = (ln d[i+1] - ln d[i]) / dt`, 1/s: `d ln(distance) / dt`, van Wijk and Nuij's
///   perceived zoom speed `w'/w`; positive zooms out. 0.693 is a doubling of the distance per second;
/// - **turn rate** `(h[i+1] - h[i]) / dt` with the difference taken the short way round (in `-180..<180`,
///   ``Angles/headingDifference(from:to:)``, so the heading is unwrapped), degrees per second, positive clockwise;
/// - **tilt rate** `(p[i+1] - p[i]) / dt`, degrees per second, positive tilting towards the horizon.
///
/// Accelerations belong to the interior frames `i = 1 ... n-2`, at `t = i dt`: each is the difference of
/// the rates of the steps on either side, over `dt` (for zoom, turn and tilt this is the central second
/// difference `(x[i+1] - 2 x[i] + x[i-1]) / dt^2` of the unwrapped quantity):
/// - **screen acceleration** `(S[i+1/2] - S[i-1/2]) / dt`, screen heights per second squared: the change
///   of the speed's size (a turn of the centre's path at constant speed is not counted; the heading
///   follows the path);
/// - **zoom acceleration** 1/s^2, **turn acceleration** and **tilt acceleration** degrees per second squared;
/// - **eye vertical acceleration** `(z[i+1] - 2 z[i] + z[i-1]) / (dt^2 d[i])`, 1/s^2: how hard the eye
///   is pushed up or down, relative to how far it is from what it looks at (a bump of 10 m is nothing
///   from 10 km away and a jolt from 100 m).
///
/// Non-finite inputs never reach a measure: distances are at least ``PoseSampler/minimumDistance`` and
/// a step or frame with a non-finite value is skipped.
package enum MotionMeasures {
    /// The rates of one frame step.
    package struct Step: Hashable, Sendable {
        /// The earlier frame of the step (0-based).
        package var frame: Int
        /// The step's midpoint, seconds from the start: `(frame + 1/2) / fps`.
        package var time: Double
        /// The geodesic distance the centre moves in the step, metres.
        package var groundDistance: Double
        /// The geometric mean camera distance of the two frames, metres.
        package var distance: Double
        /// Screen heights the centre moves within the step (>= 0).
        package var screenStep: Double
        /// Screen heights per second (>= 0).
        package var screenSpeed: Double
        /// `d ln(distance) / dt`, 1/s (positive: zooming out).
        package var zoomRate: Double
        /// Degrees per second, positive clockwise.
        package var turnRate: Double
        /// Degrees per second, positive towards the horizon.
        package var tiltRate: Double
    }

    /// The accelerations at one interior frame.
    package struct Change: Hashable, Sendable {
        /// The frame (1 ... n-2).
        package var frame: Int
        /// Seconds from the start: `frame / fps`.
        package var time: Double
        /// Screen heights per second squared (signed: positive speeding up).
        package var screenAcceleration: Double
        /// 1/s^2.
        package var zoomAcceleration: Double
        /// Degrees per second squared.
        package var turnAcceleration: Double
        /// Degrees per second squared.
        package var tiltAcceleration: Double
        /// The eye's vertical acceleration over the camera distance, 1/s^2 (positive: upwards).
        package var eyeAcceleration: Double
    }

    /// Measures poses one at a time, in frame order, in constant memory.
    package struct Meter: Sendable {
        /// Frames per second of the poses (> 0).
        package let framesPerSecond: Double
        /// `2 tan(fov / 2)`: the screen height per metre of distance.
        package let screenHeightPerMetre: Double
        private var previous: (pose: CameraPose, altitude: Double)? = nil
        private var beforePrevious: Double? = nil  // the altitude of the frame before `previous`
        private var lastStep: Step? = nil

        /// - Parameters:
        ///   - framesPerSecond: The frame rate the poses were sampled at (> 0).
        ///   - verticalFieldOfView: Degrees, in `(0, 180)` (``CameraFraming/verticalFieldOfView``).
        package init(framesPerSecond: Double, verticalFieldOfView: Double) {
            precondition(framesPerSecond > 0 && framesPerSecond.isFinite, "framesPerSecond must be > 0")
            precondition(verticalFieldOfView > 0 && verticalFieldOfView < 180, "the field of view must be in (0, 180) degrees")
            self.framesPerSecond = framesPerSecond
            self.screenHeightPerMetre = 2 * tan(verticalFieldOfView * .pi / 360)
        }

        /// Adds the next pose (in frame order; after a frame that is not the previous one plus 1 the
        /// measures start again, as at the first pose). Its eye is computed when the pose has none.
        ///
        /// - Returns: The step that ends at this pose (`nil` for the first), and the change at the
        ///   previous pose (`nil` for the first two).
        /// - Complexity: O(1).
        package mutating func add(_ pose: CameraPose) -> (step: Step?, change: Change?) {
            let altitude = (pose.eye ?? pose.camera.eye(centerElevation: pose.centerEllipsoidalHeight, model: .tangentPlane)).altitude
            guard let (p, pAltitude) = previous, pose.frame == p.frame + 1 else {
                // The first pose, or frames missing: start again from this pose.
                lastStep = nil
                beforePrevious = nil
                previous = (pose, altitude)
                return (nil, nil)
            }
            defer {
                beforePrevious = pAltitude
                previous = (pose, altitude)
            }
            let dt = 1 / framesPerSecond
            let a = p.camera, b = pose.camera
            let g = a.centerCoordinate.distance(to: b.centerCoordinate)
            let dm = (a.distance * b.distance).squareRoot()
            let screen = g / (screenHeightPerMetre * dm)
            let step = Step(frame: p.frame, time: (Double(p.frame) + 0.5) / framesPerSecond, groundDistance: g, distance: dm,
                            screenStep: screen, screenSpeed: screen / dt,
                            zoomRate: (log(b.distance) - log(a.distance)) / dt,
                            turnRate: Angles.headingDifference(from: a.heading, to: b.heading) / dt,
                            tiltRate: (b.pitch - a.pitch) / dt)
            let valid = [g, dm, step.zoomRate, step.turnRate, step.tiltRate, altitude].allSatisfy(\.isFinite)
            var change: Change? = nil
            if valid, let s = lastStep, let z0 = beforePrevious {
                let eye = (altitude - 2 * pAltitude + z0) / (dt * dt * a.distance)
                if eye.isFinite {
                    change = Change(frame: p.frame, time: Double(p.frame) / framesPerSecond,
                                    screenAcceleration: (step.screenSpeed - s.screenSpeed) / dt,
                                    zoomAcceleration: (step.zoomRate - s.zoomRate) / dt,
                                    turnAcceleration: (step.turnRate - s.turnRate) / dt,
                                    tiltAcceleration: (step.tiltRate - s.tiltRate) / dt,
                                    eyeAcceleration: eye)
                }
            }
            lastStep = valid ? step : nil
            return (valid ? step : nil, change)
        }
    }

    /// Measures a whole sequence of poses (convenience for tests and small flights; O(n) memory).
    ///
    /// - Returns: `n - 1` steps and `n - 2` changes for `n` consecutive valid poses.
    package static func measure(_ poses: [CameraPose], framesPerSecond: Double,
                               verticalFieldOfView: Double = CameraFraming.defaultVerticalFieldOfView) -> (steps: [Step], changes: [Change]) {
        var meter = Meter(framesPerSecond: framesPerSecond, verticalFieldOfView: verticalFieldOfView)
        var steps: [Step] = [], changes: [Change] = []
        for pose in poses {
            let (s, c) = meter.add(pose)
            if let s { steps.append(s) }
            if let c { changes.append(c) }
        }
        return (steps, changes)
    }
}
