import Foundation
@testable import RouteKit

/// A synthetic race and a pinhole projection for the group tests.
enum GroupTestSupport {
    /// The course: a straight geodesic of 5000 m from 46 N 14 E at azimuth 60 degrees.
    static let courseStart = LocationCoordinate2D(latitude: 46, longitude: 14)
    static let courseAzimuth = 60.0
    static let courseLength = 5000.0
    /// 2026-06-01T10:00:00Z, the race's gun.
    static let gun = Date(timeIntervalSince1970: 1_780_308_000)

    /// A rider's constant speed (m/s) and start (seconds after the gun).
    struct Entrant { var name: String; var speed: Double; var start: Double }

    /// A slow rider starting first, a faster one 100 s later, the fastest 200 s later: B overtakes A at
    /// `7 (t - 100) = 5 t`, t = 350 s (1750 m); C overtakes A at t = 400 s (2000 m), while B leads, and
    /// B at `10 (t - 200) = 7 (t - 100)`, t = 1300 / 3 = 433.333 s (2333.3 m). C finishes at 700 s, B at
    /// 814.3 s, A at 1000 s.
    static let entrants = [Entrant(name: "A", speed: 5, start: 0), Entrant(name: "B", speed: 7, start: 100),
                           Entrant(name: "C", speed: 10, start: 200)]
    /// The leader changes at these clock times (seconds after the gun), to these riders.
    static let overtakes: [(time: Double, leader: Int)] = [(350, 1), (1300.0 / 3, 2)]

    /// A point `s` metres along the course (geodesic direct, Karney 2013 through PROJ).
    static func course(_ s: Double) -> LocationCoordinate2D {
        Geodesic.wgs84.direct(from: courseStart, azimuth: courseAzimuth, distance: s).coordinate
    }

    /// The rider's route: a point every 10 s of its race, and one at the finish.
    static func route(_ e: Entrant) -> Route {
        let finish = courseLength / e.speed
        var times = Array(stride(from: 0.0, to: finish, by: 10))
        times.append(finish)
        let points = times.map { t -> RoutePoint in
            let c = course(e.speed * t)
            return RoutePoint(latitude: c.latitude, longitude: c.longitude, elevation: 300,
                              time: gun.addingTimeInterval(e.start + t))
        }
        return Route(segments: [points], name: e.name, source: Route.Source(kind: .tracks))!
    }

    static var race: RiderGroup {
        RiderGroup(riders: entrants.map { RiderGroup.Rider(name: $0.name, route: route($0)) })
    }

    /// The analytic leader at `t` seconds after the gun: the furthest along; of riders equally far, the
    /// first to finish (at the finish), else one that is racing (at the start), else the first.
    static func leader(at t: Double) -> Int {
        let progress = entrants.map { min(max($0.speed * (t - $0.start), 0), courseLength) }
        let finish = entrants.map { $0.start + courseLength / $0.speed }
        let racing = entrants.indices.map { t >= entrants[$0].start && t <= finish[$0] }
        var best = 0
        for i in 1..<entrants.count {
            if progress[i] > progress[best] { best = i; continue }
            guard progress[i] == progress[best] else { continue }
            if progress[i] == courseLength { if finish[i] < finish[best] { best = i } } else if racing[i] && !racing[best] { best = i }
        }
        return best
    }

    /// A point on a sphere of 6371 km, metres, from degrees and a height (independent of RouteKit's
    /// ellipsoid).
    static func cartesian(_ c: LocationCoordinate2D, _ h: Double) -> SIMD3<Double> {
        let r = 6_371_000 + h, la = c.latitude * .pi / 180, lo = c.longitude * .pi / 180
        return SIMD3(r * cos(la) * cos(lo), r * cos(la) * sin(lo), r * sin(la))
    }

    private static func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }

    /// Where a ground point appears on the pose's screen: a pinhole at the pose's eye looking at its
    /// centre, its up towards the heading, with the framing's field of view. Normalised screen
    /// coordinates: x right, y up, -1...1 across the viewport; `nil` behind the camera.
    static func project(_ point: LocationCoordinate2D, height: Double, pose: CameraPose, framing: CameraFraming) -> SIMD2<Double>? {
        guard let eye = pose.eye else { return nil }
        let tanV = tan(framing.verticalFieldOfView * .pi / 360), tanH = tanV * framing.aspectRatio
        let e = cartesian(eye.coordinate, eye.altitude)
        let c = cartesian(pose.camera.centerCoordinate, pose.centerEllipsoidalHeight)
        let axis = unit(c - e)
        let centre = pose.camera.centerCoordinate
        let ahead = LocationCoordinate2D(latitude: centre.latitude + 0.001 * cos(pose.camera.heading * .pi / 180),
                                         longitude: centre.longitude + 0.001 * sin(pose.camera.heading * .pi / 180) / cos(centre.latitude * .pi / 180))
        let forward = cartesian(ahead, pose.centerEllipsoidalHeight) - c
        let up = unit(forward - axis * (forward * axis).sum())
        let right = SIMD3(axis.y * up.z - axis.z * up.y, axis.z * up.x - axis.x * up.z, axis.x * up.y - axis.y * up.x)
        let v = cartesian(point, height) - e
        let z = (v * axis).sum()
        guard z > 0 else { return nil }
        return SIMD2((v * right).sum() / z / tanH, (v * up).sum() / z / tanV)
    }
}
