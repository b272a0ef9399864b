import Foundation

/// A flight from one camera to another along van Wijk and Nuij's optimal zoom-and-pan path, re-timed by
/// an eased clock: the geometry ``ScriptBuilder/easedFlyTo(_:duration:framing:rho:elevation:)`` writes as
/// keyframes, and the shortest duration in which it stays within the motion limits.
///
/// The path runs in MapKit map points (``MapPoint``, Web Mercator), the visible width proportional to
/// the distance (`2 d tan(fov / 2) * aspect` metres). A flight with an end beyond Web Mercator's
/// latitudes (85.05 degrees), where map points are clamped and a few kilometres near a pole would
/// count as tens, runs instead in the azimuthal equidistant plane around the geodesic midpoint of its
/// ends (metres: east `s sin a`, north `s cos a` for the geodesic distance `s` and azimuth `a` from the
/// midpoint, Karney 2013), where a metre is a metre to within the flight's curvature.
///
/// A flight that keeps its ends in view (a gap between a route's segments) zooms out at least as far
/// as a camera at the ends' geodesic midpoint needs, at the flight's middle heading and pitch, to show
/// both ends with the framing's margin (``CameraFraming/distance(toShow:from:pitch:headings:)``): van
/// Wijk's `rho` is raised until the path's widest view is that wide (``FlyToPath``'s
/// `minimumPeakWidth`).
struct EasedFlyTo {
    /// The plane the path runs in.
    private enum Plane {
        case mercator(startResidual: Double, endResidual: Double)
        case azimuthal(center: LocationCoordinate2D)
    }
    private let plane: Plane
    let from: MapCamera
    /// The destination, its longitude taken the short way round from the start.
    let target: LocationCoordinate2D
    let to: MapCamera
    let path: FlyToPath
    /// Map points of visible width per metre of distance at the equator (times the scale at a latitude).
    private let widthPerMetre: Double
    /// The eased clock: progress along the arc as a function of the fraction of the flight.
    let ease = ProgressWarp(span: 1, rampIn: ScriptBuilder.flyToRamp, rampOut: ScriptBuilder.flyToRamp)

    /// - Parameter keepingEndsInView: Whether the widest view shows both ends (above); otherwise the
    ///   path is van Wijk's at `rho`.
    init(from: MapCamera, to camera: MapCamera, framing: CameraFraming, rho: Double, keepingEndsInView: Bool = false) {
        self.from = from
        self.to = camera
        target = LocationCoordinate2D(latitude: camera.centerCoordinate.latitude,
                                      longitude: Angles.unwrappedAngle(camera.centerCoordinate.longitude, near: from.centerCoordinate.longitude))
        let k = 2 * tan(framing.verticalFieldOfView * .pi / 360) * framing.aspectRatio
        widthPerMetre = k
        let endsDistance = keepingEndsInView ? Self.distanceShowingEnds(from: from, to: camera, framing: framing) : nil
        if abs(from.centerCoordinate.latitude) > MapPoint.maximumLatitude || abs(target.latitude) > MapPoint.maximumLatitude {
            let line = Geodesic.wgs84.inverse(from: from.centerCoordinate, to: target)
            let middle = line.distance.isFinite && line.initialAzimuth.isFinite
                ? Geodesic.wgs84.direct(from: from.centerCoordinate, azimuth: line.initialAzimuth, distance: line.distance / 2).coordinate
                : from.centerCoordinate
            plane = .azimuthal(center: middle)
            let a = Geodesic.wgs84.azimuthalEquidistant(from.centerCoordinate, around: middle)
            let b = Geodesic.wgs84.azimuthalEquidistant(target, around: middle)
            path = FlyToPath(from: .init(a.east, a.north), fromWidth: from.distance * k, to: .init(b.east, b.north), toWidth: camera.distance * k,
                             rho: rho, minimumPeakWidth: endsDistance.map { $0.distance * k })
        } else {
            let startPoint = MapPoint(from.centerCoordinate)
            let endPoint = MapPoint(target)
            let w0 = from.distance * k * MapPoint.pointsPerMeter(atLatitude: from.centerCoordinate.latitude)
            let w1 = camera.distance * k * MapPoint.pointsPerMeter(atLatitude: target.latitude)
            path = FlyToPath(from: .init(startPoint.x, startPoint.y), fromWidth: w0,
                             to: .init(endPoint.x, endPoint.y), toWidth: w1, rho: rho,
                             minimumPeakWidth: endsDistance.map { $0.distance * k * MapPoint.pointsPerMeter(atLatitude: $0.latitude) })
            plane = .mercator(startResidual: from.centerCoordinate.latitude - startPoint.coordinate.latitude,
                              endResidual: target.latitude - endPoint.coordinate.latitude)
        }
    }

    /// The distance, metres, at which a camera centred on the geodesic midpoint of the two cameras'
    /// centres, at the middle of their headings (the short way round, as flown) and pitches, shows both
    /// centres with the framing's margin; and that midpoint's latitude, degrees.
    /// - Complexity: O(1).
    private static func distanceShowingEnds(from: MapCamera, to: MapCamera, framing: CameraFraming) -> (distance: Double, latitude: Double) {
        let a = from.centerCoordinate, b = to.centerCoordinate
        let line = Geodesic.wgs84.inverse(from: a, to: b)
        let middle = line.distance.isFinite && line.initialAzimuth.isFinite
            ? Geodesic.wgs84.direct(from: a, azimuth: line.initialAzimuth, distance: line.distance / 2).coordinate : a
        let heading = from.heading + remainder(to.heading - from.heading, 360) / 2
        let pitch = (from.pitch + to.pitch) / 2
        return (framing.distance(toShow: [a, b], from: middle, pitch: pitch, headings: [heading]), middle.latitude)
    }

    /// The path's length `S` in van Wijk's metric.
    var length: Double { path.length }

    /// Centre (longitude unwrapped near the start) and distance, metres, at arc `s` (0...``length``).
    func state(arc s: Double) -> (center: LocationCoordinate2D, distance: Double) {
        let length = path.length
        let p = path.point(at: s), w = path.width(at: s)
        let progress = length > 0 ? s / length : 0
        let straight = from.centerCoordinate.longitude + (target.longitude - from.centerCoordinate.longitude) * progress
        switch plane {
        case .mercator(let startResidual, let endResidual):
            var c = MapPoint(x: p.x, y: p.y).coordinate
            c.latitude = min(max(c.latitude + startResidual * (1 - progress) + endResidual * progress, -90), 90)
            c.longitude = Angles.unwrappedAngle(c.longitude, near: straight)
            return (c, w / (widthPerMetre * MapPoint.pointsPerMeter(atLatitude: c.latitude)))
        case .azimuthal(let center):
            let r = (p.x * p.x + p.y * p.y).squareRoot()
            var c = r > 0 ? Geodesic.wgs84.direct(from: center, azimuth: atan2(p.x, p.y) * 180 / .pi, distance: r).coordinate : center
            c.longitude = Angles.unwrappedAngle(c.longitude, near: straight)
            return (c, w / widthPerMetre)
        }
    }

    /// Limits a flight is kept within: per second, per second squared.
    struct Limits {
        /// Screen heights per second.
        var screenSpeed: Double
        /// d ln(distance)/dt, per second.
        var zoomRate: Double
        /// Screen heights per second squared.
        var screenAcceleration: Double
        /// Per second squared.
        var zoomAcceleration: Double
        /// Degrees per second, and per second squared.
        var turnRate: Double
        var turnAcceleration: Double
        /// Degrees per second, and per second squared.
        var tiltRate: Double
        var tiltAcceleration: Double
    }

    /// The shortest duration, seconds, in which the flight keeps within `limits`.
    ///
    /// The flight's shape does not depend on its duration `T`: rates scale as `1/T` and accelerations
    /// as `1/T^2`. So its peaks are measured once, at `T = 1` over 400 steps of the eased clock (screen
    /// speed as map points moved over the visible height in map points, `aspect / w`; zoom rate as
    /// d ln w; the heading eased by `easeInOut` over the whole flight, the pitch by the eased clock), and
    /// `T` is the largest of
    /// `peak rate / limit` and `sqrt(peak acceleration / limit)`.
    ///
    /// - Complexity: O(1) (400 samples).
    func minimumDuration(within limits: Limits, aspectRatio: Double) -> Double {
        let n = 400
        let length = path.length
        var x = [Double](), y = [Double](), lnw = [Double](), h = [Double](), tilt = [Double]()
        let turn = remainder(to.heading - from.heading, 360), dp = to.pitch - from.pitch  // the short way round, as flown
        for j in 0...n {
            let f = Double(j) / Double(n)
            let s = length * ease.routeTime(at: f)
            let p = path.point(at: s)
            x.append(p.x); y.append(p.y)
            lnw.append(log(max(path.width(at: s), .leastNormalMagnitude)))
            h.append(turn * UnitCurve.easeInOut.value(at: f))
            tilt.append(dp * ease.routeTime(at: f))
        }
        let dt = 1 / Double(n)
        var speed = 0.0, zoom = 0.0, turnRate = 0.0, screenAcceleration = 0.0, zoomAcceleration = 0.0, turnAcceleration = 0.0
        var tiltRate = 0.0, tiltAcceleration = 0.0
        var previousSpeed: Double? = nil
        for j in 0..<n {
            let w = exp((lnw[j] + lnw[j + 1]) / 2)
            let v = ((x[j + 1] - x[j]) * (x[j + 1] - x[j]) + (y[j + 1] - y[j]) * (y[j + 1] - y[j])).squareRoot() / dt * aspectRatio / w
            speed = max(speed, v)
            zoom = max(zoom, abs(lnw[j + 1] - lnw[j]) / dt)
            turnRate = max(turnRate, abs(h[j + 1] - h[j]) / dt)
            tiltRate = max(tiltRate, abs(tilt[j + 1] - tilt[j]) / dt)
            if let previousSpeed { screenAcceleration = max(screenAcceleration, abs(v - previousSpeed) / dt) }
            previousSpeed = v
            if j > 0 {
                zoomAcceleration = max(zoomAcceleration, abs(lnw[j + 1] - 2 * lnw[j] + lnw[j - 1]) / (dt * dt))
                turnAcceleration = max(turnAcceleration, abs(h[j + 1] - 2 * h[j] + h[j - 1]) / (dt * dt))
                tiltAcceleration = max(tiltAcceleration, abs(tilt[j + 1] - 2 * tilt[j] + tilt[j - 1]) / (dt * dt))
            }
        }
        let durations = [speed / limits.screenSpeed, zoom / limits.zoomRate, turnRate / limits.turnRate,
                         tiltRate / limits.tiltRate, (tiltAcceleration / limits.tiltAcceleration).squareRoot(),
                         (screenAcceleration / limits.screenAcceleration).squareRoot(),
                         (zoomAcceleration / limits.zoomAcceleration).squareRoot(),
                         (turnAcceleration / limits.turnAcceleration).squareRoot()]
        return durations.filter(\.isFinite).max() ?? 0
    }
}
