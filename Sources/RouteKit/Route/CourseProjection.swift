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
///
/// The whole course is searched block by block (``LegBlock``, ``blockSize`` legs each): a block whose
/// box is farther from the position than the nearest leg found so far cannot hold a nearer one, and is
/// skipped. The result is the full scan's, leg for leg: the nearest leg, the first of equally near ones
/// (`CourseProjectionTests` compares them on random courses). A rider off a course of 20,000 points
/// is projected in microseconds instead of a millisecond, so a group on different courses is planned
/// in seconds, not minutes.
struct CourseProjection {
    /// Metres behind the last projection that the next is searched from.
    static let searchBehind = 100.0
    /// Metres ahead of the last projection (plus the straight distance moved) that the next is searched to.
    static let searchAhead = 1000.0
    /// Metres: farther than this from every leg near the last projection, the whole course is searched.
    static let offCourse = 200.0

    /// Legs a block holds.
    static let blockSize = 64

    let course: Route
    /// Metres along the course to each point, gaps included.
    let along: [Double]
    /// The legs in blocks of ``blockSize``, in order.
    private let blocks: [LegBlock]

    init(course: Route) {
        self.course = course
        var d = [0.0]
        d.reserveCapacity(course.points.count)
        for leg in course.legs { d.append(d[d.count - 1] + leg.distance) }
        along = d
        let legCount = max(course.points.count - 1, 0)
        blocks = stride(from: 0, to: legCount, by: Self.blockSize).map { start in
            LegBlock(legs: start..<min(start + Self.blockSize, legCount), points: course.points)
        }
    }

    /// Consecutive legs and the box of their ends' latitudes and longitudes, degrees, as written
    /// (longitudes not reduced: a block across the antimeridian spans most of the world and is never
    /// skipped for its longitudes).
    private struct LegBlock {
        let legs: Range<Int>
        let south: Double, north: Double, west: Double, east: Double

        init(legs: Range<Int>, points: [RoutePoint]) {
            self.legs = legs
            var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
            for k in legs.lowerBound...legs.upperBound {
                let c = points[k].coordinate
                south = min(south, c.latitude); north = max(north, c.latitude)
                west = min(west, c.longitude); east = max(east, c.longitude)
            }
            (self.south, self.north, self.west, self.east) = (south, north, west, east)
        }

        /// No leg of the block is nearer `c` than this, metres, on the tangent plane of ``foot(of:from:to:)``:
        /// the distance from `c` to the box of the ends' plane positions (a leg lies between its ends), less
        /// a micrometre and a billionth for the rounding of the legs' own offsets. Longitudes bound it only
        /// when the block's are less than 180 degrees apart and keep clear of the meridian opposite `c`,
        /// where the plane's east coordinate jumps from +180 to -180 degrees (a leg with an end on each
        /// side is drawn across the whole plane, near `c`).
        func lowerBound(from c: LocationCoordinate2D, cosLatitude: Double) -> Double {
            let dy = max(south - c.latitude, c.latitude - north, 0)
            var dx = 0.0
            let width = east - west
            if width < 180 {
                // Clear of ±180 by a millionth of a degree: a point there may be reduced to either side.
                let first = remainder(west - c.longitude, 360)
                if first > -180 + 1e-6, first + width < 180 - 1e-6 { dx = max(first, -(first + width), 0) }
            }
            let d = ((dx * cosLatitude) * (dx * cosLatitude) + dy * dy).squareRoot() * CourseProjection.metresPerDegree
            return d - 1e-6 - 1e-9 * d
        }
    }

    /// Metres a degree of latitude on the sphere of 6371 km the tangent plane is drawn on.
    static let metresPerDegree = 6_371_000 * Double.pi / 180

    /// Metres along the course to the foot of `c` on leg `k`, and the foot's distance from `c`, metres.
    private func project(_ c: LocationCoordinate2D, onLeg k: Int) -> (along: Double, offset: Double) {
        let foot = Self.foot(of: c, from: course.points[k].coordinate, to: course.points[k + 1].coordinate)
        return (along[k] + foot.fraction * (along[k + 1] - along[k]), foot.offset)
    }

    /// The foot of `c` on the straight leg from `a` to `b` on the tangent plane at `c` (east and north
    /// metres on a sphere of 6371 km): its fraction of the way along the leg (0...1) and its distance
    /// from `c`, metres.
    static func foot(of c: LocationCoordinate2D, from a: LocationCoordinate2D, to b: LocationCoordinate2D) -> (fraction: Double, offset: Double) {
        let metresPerDegree = Self.metresPerDegree
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
        return nearestLeg(to: c).along
    }

    /// The projection of `c` on its nearest leg of the whole course (the first of equally near ones),
    /// skipping blocks that cannot hold a nearer leg than the best found so far. The block with the
    /// smallest bound is searched first, so that the best found so far is near from the start.
    private func nearestLeg(to c: LocationCoordinate2D) -> (along: Double, offset: Double) {
        let cosLatitude = cos(c.latitude * .pi / 180)
        let bounds = blocks.map { $0.lowerBound(from: c, cosLatitude: cosLatitude) }
        var best: (index: Int, along: Double, offset: Double)? = nil
        func search(_ block: LegBlock) {
            for k in block.legs {
                let p = project(c, onLeg: k)
                // The smallest offset, then the smallest index: the full scan's choice, in any order.
                if let b = best, !(p.offset < b.offset || (p.offset == b.offset && k < b.index)) { continue }
                best = (k, p.along, p.offset)
            }
        }
        let first = bounds.indices.min { bounds[$0] < bounds[$1] }!
        search(blocks[first])
        for b in blocks.indices where b != first && !(bounds[b] > best!.offset) { search(blocks[b]) }
        return (best!.along, best!.offset)
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
