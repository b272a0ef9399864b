import Foundation

/// The recorded instant of every frame of a `follow` flight with recorded timing: where the camera
/// follows the route, the instant at which the rider was at the route point the camera looks at (its
/// centre); elsewhere (the fly-in, gap flights, the pull-out) a clock that keeps running, so that the
/// instants increase strictly from frame to frame, as CesiumJS's sampled properties need.
///
/// Why not the rider's own clock (``PlannedRide``, the ``RouteReading/time`` each pose carries)? The
/// centre is the rider smoothed (a Gaussian of at least 0.25 s of flight, widened where the screen would
/// accelerate): on a hike at 60 times real time it trails or leads the rider by up to tens of recorded
/// seconds at corners and stops. The instant of the point looked at is what a user lines up with
/// other time-tagged data (a hiker drawn from the file at the clock's time stays under the centre).
///
/// **Where the camera follows the route** (a frame inside a piece of the planned ride), the instant is
/// chosen among a grid of instants a quarter of a frame's recorded seconds apart (coarser when that would
/// give more than ``maximumHalfGrid`` either side) within ``windowFlightSeconds`` seconds of flight (times
/// the recorded seconds per flight second) of the rider's, inside the piece's recorded span (one grid for all frames, so a frame may keep the last one's
/// instant): the non-decreasing sequence of instants that minimises the sum over frames of the squared
/// excess of the distance from the centre to the route's position at the instant (positions interpolated
/// linearly between points, chords on a sphere of the mean radius) over the frame's nearest, plus
/// ``tieBreak`` per recorded second away from the rider (so that where many instants are as near, at a
/// stop, the rider's wins). Where the centre rounds a spur's tip short of it, the instants of the tip
/// are skipped (the camera never looks there). Dynamic programming over frames (the monotone matching of dynamic time
/// warping; H. Sakoe and S. Chiba, "Dynamic programming algorithm optimization for spoken word
/// recognition", IEEE Trans. ASSP 26(1), 1978): O(f g) time for f frames and g grid instants a frame
/// (at most 2 × ``maximumHalfGrid`` + 1), O(f g) memory for the back pointers (two bytes each: 0.8 kB a
/// frame, 87 MB for an hour at 30 fps).
///
/// **Elsewhere**: before the first followed frame the clock runs back from it at `scale` recorded seconds a
/// flight second (the fly-in), after the last one on at `scale` (the pull-out), and between two followed
/// frames of different pieces (a gap flight, or a piece too short to follow, flown over) it runs linearly in
/// flight time from one to the other. Where the recorded clock stands still (a gap whose clock goes
/// back, a stop recorded with equal times) every frame is one microsecond after the last, so the instants
/// stay strictly increasing at the 6 decimals output writes.
///
/// Where a compressed stop, a gap or an eased start or end re-times the flight, the
/// instants jump or slow down from frame to frame: a clock running at one multiplier (CZML's `clock`)
/// cannot show the camera at the flight's own pace there; stepping the clock to each sample's instant
/// (a video, frame by frame) does.
package struct RecordedFrameClock: Sendable {
    /// The recorded instant of frame 0.
    package let start: Date
    /// Seconds after ``start`` of each frame: strictly increasing, whole microseconds, the first 0.
    package let offsets: [Double]
    /// Frames per second of the flight.
    package let framesPerSecond: Double

    /// Seconds of flight either side of the rider's instant searched for the point looked at: 2.
    package static let windowFlightSeconds = 2.0
    /// The most grid instants either side of the rider's: 200 (the grid step grows beyond it).
    package static let maximumHalfGrid = 200
    /// Metres of cost per recorded second away from the rider's instant: 0.01 (breaks ties only).
    package static let tieBreak = 0.01

    /// The grid step, recorded seconds: a quarter of a frame's recorded seconds.
    static func gridStep(recordedSecondsPerFrame: Double) -> Double { recordedSecondsPerFrame / 4 }

    /// The clock of `flight`, a `follow` flight with a planned ride (``RouteTracking/rider(_:)``) over a
    /// timed route, sampled at `framesPerSecond` for `frameCount` frames, whose recorded clock runs at
    /// `scale` recorded seconds per flight second (the speedup, > 0). `nil` when the flight has no ride,
    /// no route or the route no recorded times.
    ///
    /// - Complexity: O(f g) time and memory (see the type's discussion), plus O(f log k) to evaluate
    ///   the camera at every frame (k keyframes).
    package init?(flight: ScriptedFlight, framesPerSecond: Double, frameCount: Int, scale: Double) {
        guard case .rider(let ride) = flight.routeTracking, let odometer = flight.route,
              let recorded = odometer.route.recordedTimes, frameCount > 0, scale > 0, scale.isFinite,
              framesPerSecond > 0 else { return nil }
        let route = RoutePositions(route: odometer.route, offsets: recorded.offsets)
        let times = (0..<frameCount).map { Double($0) / framesPerSecond }
        let pieceOfFrame = times.map { Self.piece(of: $0, in: ride) }
        var instants = [Double?](repeating: nil, count: frameCount)
        // Followed frames, piece by piece runs, matched to the route.
        var i = 0
        while i < frameCount {
            guard let piece = pieceOfFrame[i] else { i += 1; continue }
            var j = i
            while j + 1 < frameCount && pieceOfFrame[j + 1] == piece { j += 1 }
            let matched = Self.match(frames: i...j, times: times, flight: flight, ride: ride, piece: piece,
                                     route: route, offsets: recorded.offsets, scale: scale, framesPerSecond: framesPerSecond,
                                     after: instants[..<i].last(where: { $0 != nil }) ?? nil)
            for (k, s) in matched.enumerated() { instants[i + k] = s }
            i = j + 1
        }
        let seconds = Self.filled(instants, times: times, ride: ride, offsets: recorded.offsets, scale: scale)
        start = recorded.origin.addingTimeInterval(seconds[0])
        self.framesPerSecond = framesPerSecond
        offsets = Self.strictlyIncreasing(seconds.map { $0 - seconds[0] })
    }

    /// Seconds after ``start`` at flight time `t` (seconds): the frame's offset at a frame's time, linear
    /// between frames, and at `scale` beyond the last (a frame rate's rounding).
    package func seconds(atFlightTime t: Double) -> Double {
        let x = t * framesPerSecond
        let k = Int(min(max(x.rounded(.down), 0), Double(offsets.count - 1)))
        if k + 1 >= offsets.count || abs(x - Double(k)) < 1e-9 { return offsets[k] }
        if abs(x - Double(k + 1)) < 1e-9 { return offsets[k + 1] }
        return offsets[k] + (x - Double(k)) * (offsets[k + 1] - offsets[k])
    }

    /// The index of the ride's piece that flight time `t` lies in (the rider moving along it), or `nil`.
    static func piece(of t: Double, in ride: PlannedRide) -> Int? {
        guard let first = ride.times.first, t >= first, t < ride.arrival else { return nil }
        let starts = ride.pieceStarts
        var low = 0, high = starts.count - 1  // the last piece whose first sample is at or before t
        while low < high {
            let mid = (low + high + 1) / 2
            if ride.times[starts[mid]] <= t { low = mid } else { high = mid - 1 }
        }
        let end = low + 1 < starts.count ? starts[low + 1] - 1 : ride.times.count - 1
        return t <= ride.times[end] ? low : nil
    }

    /// The ride's piece `p` as recorded seconds (the route's clock) at its first and last sample.
    fileprivate static func span(of p: Int, in ride: PlannedRide, offsets: [Double]) -> ClosedRange<Double> {
        let first = ride.pieceStarts[p]
        let last = p + 1 < ride.pieceStarts.count ? ride.pieceStarts[p + 1] - 1 : ride.times.count - 1
        let a = recordedSeconds(atPosition: ride.positions[first], offsets: offsets)
        let b = recordedSeconds(atPosition: ride.positions[last], offsets: offsets)
        return a...max(a, b)
    }

    /// Recorded seconds at a fractional point index of the route read.
    static func recordedSeconds(atPosition x: Double, offsets: [Double]) -> Double {
        let n = offsets.count
        let k = min(max(Int(x.rounded(.down)), 0), n - 1)
        guard k + 1 < n else { return offsets[n - 1] }
        let f = min(max(x - Double(k), 0), 1)
        return offsets[k] + f * (offsets[k + 1] - offsets[k])
    }

    /// The instants of the followed frames `frames` (one piece): the dynamic programme of the type's
    /// discussion, never before `after` (the last instant chosen before them).
    private static func match(frames: ClosedRange<Int>, times: [Double], flight: ScriptedFlight, ride: PlannedRide, piece: Int,
                              route: RoutePositions, offsets: [Double], scale: Double, framesPerSecond: Double,
                              after: Double?) -> [Double] {
        let window = InstantWindow(piece: piece, ride: ride, offsets: offsets, scale: scale,
                                   framesPerSecond: framesPerSecond, after: after)
        var grids: [InstantGrid] = []
        grids.reserveCapacity(frames.count)
        // total[k]: the least cost of the frames so far ending at the current frame's instant k;
        // back[i][k]: the instant of frame i - 1 it came from (the best at or before it).
        var total: [Double] = []
        var back: [[UInt16]] = []
        back.reserveCapacity(frames.count)
        for i in frames {
            let t = times[i]
            let rider = ride.position(atFlightTime: t).map { recordedSeconds(atPosition: $0, offsets: offsets) } ?? window.span.lowerBound
            let c = UnitVector(flight.camera.value(time: t).centerCoordinate)
            let grid = window.grid(at: t, rider: rider)
            var cost = costs(of: grid, centre: c, rider: rider, route: route)
            var pointers = [UInt16](repeating: 0, count: grid.count)
            if let previous = grids.last {
                chain(&cost, &pointers, grid: grid, after: previous, total: total)
                if !cost.contains(where: { $0.isFinite }) {
                    // The frame's window lies wholly before the last frame's choices (a rider who cannot
                    // go back makes this impossible; the programme must not break on it): hold there.
                    let b = total.indices.min { total[$0] < total[$1] }!
                    grids.append(InstantGrid(first: previous.first + Double(b) * previous.step, step: 0, count: 1))
                    total = [total[b]]
                    back.append([UInt16(b)])
                    continue
                }
            }
            grids.append(grid)
            total = cost
            back.append(pointers)
        }
        return bestPath(grids: grids, total: total, back: back)
    }

    /// Each instant's own cost at a frame: the excess of its distance (from the camera centre `c`) over the
    /// frame's nearest, squared (a large excess at one frame costs more than small ones at several: the
    /// matching keeps every frame close), plus ``tieBreak`` per recorded second away from the rider.
    private static func costs(of grid: InstantGrid, centre c: UnitVector, rider: Double, route: RoutePositions) -> [Double] {
        let distances = (0..<grid.count).map { route.distance(from: c, atRecordedSeconds: grid.first + Double($0) * grid.step) }
        let nearest = distances.min() ?? 0
        return distances.indices.map { k -> Double in
            let excess = distances[k] - nearest
            return excess * excess + tieBreak * abs(grid.first + Double(k) * grid.step - rider)
        }
    }

    /// Adds to each instant's `cost` the least `total` of the previous frame's instants at or before it,
    /// and points to that instant; an instant before every one of them costs infinity.
    private static func chain(_ cost: inout [Double], _ pointers: inout [UInt16], grid: InstantGrid,
                              after previous: InstantGrid, total: [Double]) {
        var best = Double.infinity, bestIndex = -1, p = 0
        for k in 0..<grid.count {
            let s = grid.first + Double(k) * grid.step
            while p < previous.count && previous.first + Double(p) * previous.step <= s + 1e-9 {
                if total[p] < best { best = total[p]; bestIndex = p }
                p += 1
            }
            if bestIndex >= 0 {
                cost[k] += best
                pointers[k] = UInt16(bestIndex)
            } else {
                cost[k] = .infinity  // before every instant of the frame before
            }
        }
    }

    /// The instants of the least total cost, followed back from the last frame's best.
    private static func bestPath(grids: [InstantGrid], total: [Double], back: [[UInt16]]) -> [Double] {
        var k = total.indices.min { total[$0] < total[$1] }!
        var result = [Double](repeating: 0, count: grids.count)
        for i in stride(from: grids.count - 1, through: 0, by: -1) {
            result[i] = grids[i].first + Double(k) * grids[i].step
            k = Int(back[i][k])
        }
        return result
    }

    /// Every frame's recorded seconds: the followed frames' own, and the others' from the clock of the
    /// type's discussion, anchored also where the ride starts (at the route's first instant: the fly-in
    /// ends there) and arrives (at its last: the pull-out starts there).
    private static func filled(_ instants: [Double?], times: [Double], ride: PlannedRide, offsets: [Double],
                               scale: Double) -> [Double] {
        var anchors: [(t: Double, s: Double)] = instants.indices.compactMap { i in instants[i].map { (times[i], $0) } }
        if let t0 = ride.times.first, let x0 = ride.positions.first {
            let s0 = recordedSeconds(atPosition: x0, offsets: offsets)
            if anchors.first.map({ $0.t > t0 + 1e-9 && $0.s >= s0 }) ?? true { anchors.insert((t0, s0), at: 0) }
        }
        if ride.arrival.isFinite {
            let end = offsets[offsets.count - 1]
            if anchors.last.map({ $0.t < ride.arrival - 1e-9 && $0.s <= end }) ?? true { anchors.append((ride.arrival, end)) }
        }
        guard let first = anchors.first, let last = anchors.last else {
            return times.map { offsets[0] + $0 * scale }
        }
        var seconds = [Double](repeating: 0, count: instants.count)
        var a = 0  // anchors[a].t <= times[i] < anchors[a + 1].t
        for i in 0..<instants.count {
            let t = times[i]
            if let s = instants[i] { seconds[i] = s; continue }
            if t <= first.t { seconds[i] = first.s - (first.t - t) * scale; continue }
            if t >= last.t { seconds[i] = last.s + (t - last.t) * scale; continue }
            while a + 1 < anchors.count && anchors[a + 1].t <= t { a += 1 }
            let (p, q) = (anchors[a], anchors[a + 1])
            seconds[i] = p.s + (q.s - p.s) * (t - p.t) / (q.t - p.t)
        }
        return seconds
    }

    /// Offsets rounded to whole microseconds, each at least a microsecond after the one before.
    static func strictlyIncreasing(_ offsets: [Double]) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(offsets.count)
        var previous = -1.0
        for x in offsets {
            let micro = max((x * 1e6).rounded(), previous + 1)
            result.append(micro / 1e6)
            previous = micro
        }
        return result
    }
}

/// A unit vector from the Earth's centre (a sphere: distances below are chords times the mean radius,
/// within 0.5 % of the ellipsoid's over the metres to kilometres compared here).
private struct UnitVector {
    var v: SIMD3<Double>
    init(_ c: LocationCoordinate2D) {
        let phi = c.latitude * .pi / 180, lambda = c.longitude * .pi / 180
        v = SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
}

/// The route's position at any recorded instant, linear between points (in Earth-centred axes: the
/// antimeridian needs no care), and its distance from a direction.
private struct RoutePositions {
    let points: [SIMD3<Double>]
    let offsets: [Double]
    static let radius = 6_371_008.8

    init(route: Route, offsets: [Double]) {
        points = route.points.map { UnitVector($0.coordinate).v }
        self.offsets = offsets
    }

    /// Metres from `c` to the route at `seconds` (clamped to the recorded span). O(log n).
    func distance(from c: UnitVector, atRecordedSeconds seconds: Double) -> Double {
        let (k, f) = RouteOdometer.interval(of: seconds, in: offsets)
        let j = min(k + 1, points.count - 1)
        let p = points[k] + f * (points[j] - points[k])
        let length = (p * p).sum().squareRoot()
        let d = c.v - p / max(length, 1e-12)
        return (d * d).sum().squareRoot() * Self.radius
    }
}

/// A frame's candidate instants: `count` recorded seconds `first + k step`.
private struct InstantGrid {
    var first: Double
    var step: Double
    var count: Int
}

/// The instants one piece's frames may take (``RecordedFrameClock``'s matching): multiples of one step
/// within the window around the rider, inside the piece and not before the last instant chosen.
private struct InstantWindow {
    /// The piece as recorded seconds.
    let span: ClosedRange<Double>
    /// The piece's first and last sample as flight seconds.
    let pieceTimes: ClosedRange<Double>
    /// The grid step, recorded seconds, and the instants either side of the rider.
    let step: Double
    let half: Int
    /// The earliest instant, recorded seconds.
    let floor: Double

    init(piece: Int, ride: PlannedRide, offsets: [Double], scale: Double, framesPerSecond: Double, after: Double?) {
        span = RecordedFrameClock.span(of: piece, in: ride, offsets: offsets)
        let lastSample = piece + 1 < ride.pieceStarts.count ? ride.pieceStarts[piece + 1] - 1 : ride.times.count - 1
        pieceTimes = ride.times[ride.pieceStarts[piece]]...ride.times[lastSample]
        let window = RecordedFrameClock.windowFlightSeconds * scale
        step = max(RecordedFrameClock.gridStep(recordedSecondsPerFrame: scale / framesPerSecond),
                   window / Double(RecordedFrameClock.maximumHalfGrid))
        half = Int((window / step).rounded(.up))
        floor = max(span.lowerBound, after ?? -.infinity)
    }

    /// The grid of the frame at flight time `t` whose rider is at `rider` recorded seconds: the window
    /// inside the piece after ``floor``, or the one instant of the piece nearest the window when none is
    /// inside.
    func grid(at t: Double, rider: Double) -> InstantGrid {
        // One grid for every frame (multiples of the step), so that a frame can keep the instant of
        // the one before (a centre that dwells while the rider walks on).
        let centre = (rider / step).rounded()
        let low = Int(max(centre - Double(half), (floor / step - 1e-9).rounded(.up)))
        let high = Int(min(centre + Double(half), (span.upperBound / step + 1e-9).rounded(.down)))
        var grid = low <= high ? InstantGrid(first: Double(low) * step, step: step, count: high - low + 1)
                               : InstantGrid(first: min(max(rider, floor), span.upperBound), step: 0.0, count: 1)
        // A piece starts and ends with the centre on its first and last point (the smoothing keeps
        // its ends): those frames take the points' own instants.
        if t <= pieceTimes.lowerBound + 1e-9 { grid = InstantGrid(first: max(span.lowerBound, floor), step: 0, count: 1) }
        if t >= pieceTimes.upperBound - 1e-9 { grid = InstantGrid(first: max(span.upperBound, floor), step: 0, count: 1) }
        return grid
    }
}
