import Foundation

/// Distance along a course (a route's line, gaps included) of positions near it: how far along a
/// shared course each rider of a group is.
///
/// A position is projected onto the nearest leg, each leg taken as a straight line on the tangent
/// plane at the position (east and north metres on a sphere of 6371 km: within millimetres of the
/// geodesic for GPS legs), and its distance along is the leg's start plus the foot's share of the
/// leg's geodesic length (``Route/legs``). Successive positions of one rider are searched first near
/// the last (from ``searchBehind`` metres behind to ``searchAhead`` metres ahead), so that a course that
/// passes the same place twice (a loop, an out-and-back) is not confused; the whole course is searched
/// when nothing there is within ``offCourse`` metres.
struct CourseProjection {
    /// Metres behind the last projection that the next is searched from.
    static let searchBehind = 100.0
    /// Metres ahead of the last projection (plus the straight distance moved) that the next is searched to.
    static let searchAhead = 1000.0
    /// Metres: farther than this from every leg near the last projection, the whole course is searched.
    static let offCourse = 200.0

    let course: Route
    /// Metres along the course to each point, gaps included.
    let along: [Double]

    init(course: Route) {
        self.course = course
        var d = [0.0]
        d.reserveCapacity(course.points.count)
        for leg in course.legs { d.append(d[d.count - 1] + leg.distance) }
        along = d
    }

    /// Metres along the course to the foot of `c` on leg `k`, and the foot's distance from `c`, metres.
    private func project(_ c: LocationCoordinate2D, onLeg k: Int) -> (along: Double, offset: Double) {
        let foot = Self.foot(of: c, from: course.points[k].coordinate, to: course.points[k + 1].coordinate)
        return (along[k] + foot.fraction * (along[k + 1] - along[k]), foot.offset)
    }

    /// The foot of `c` on the straight leg from `a` to `b` on the tangent plane at `c` (east and north
    /// metres on a sphere of 6371 km): its fraction of the way along the leg (0...1) and its distance
    /// from `c`, metres.
    static func foot(of c: LocationCoordinate2D, from a: LocationCoordinate2D, to b: LocationCoordinate2D) -> (fraction: Double, offset: Double) {
        let metresPerDegree = 6_371_000 * Double.pi / 180
        let cosLatitude = cos(c.latitude * .pi / 180)
        func plane(_ p: LocationCoordinate2D) -> (Double, Double) {
            (remainder(p.longitude - c.longitude, 360) * metresPerDegree * cosLatitude, (p.latitude - c.latitude) * metresPerDegree)
        }
        let (ax, ay) = plane(a), (bx, by) = plane(b)
        let (dx, dy) = (bx - ax, by - ay)
        let length2 = dx * dx + dy * dy
        let u = length2 > 0 ? min(max(-(ax * dx + ay * dy) / length2, 0), 1) : 0
        let (fx, fy) = (ax + u * dx, ay + u * dy)
        return (u, (fx * fx + fy * fy).squareRoot())
    }

    /// The distance along the course of `c`, metres, searching near `hint` (the last projection of the
    /// same rider, metres along, and the straight distance it has moved since, metres) when given.
    ///
    /// - Complexity: O(legs within the search window), O(n) when the whole course is searched.
    func progress(of c: LocationCoordinate2D, near hint: (along: Double, moved: Double)?) -> Double {
        let legCount = course.points.count - 1
        guard legCount > 0 else { return 0 }
        func best(in legs: Range<Int>) -> (along: Double, offset: Double)? {
            var result: (along: Double, offset: Double)? = nil
            for k in legs {
                let p = project(c, onLeg: k)
                if result == nil || p.offset < result!.offset { result = p }
            }
            return result
        }
        if let hint {
            let from = firstLeg(endingAfter: hint.along - Self.searchBehind)
            let to = firstLeg(endingAfter: hint.along + Self.searchAhead + hint.moved) + 1
            if let local = best(in: from..<min(max(to, from + 1), legCount)), local.offset <= Self.offCourse {
                return local.along
            }
        }
        return best(in: 0..<legCount)!.along
    }

    /// The first leg whose end is more than `s` metres along (the last leg if none).
    private func firstLeg(endingAfter s: Double) -> Int {
        var low = 0, high = along.count - 1
        while low < high {
            let mid = (low + high) / 2
            if along[mid + 1] > s { high = mid } else { low = mid + 1 }
        }
        return min(low, max(along.count - 2, 0))
    }
}
