import Foundation

/// The path the `follow` camera flies over one piece of a route (between two gaps that are not flown
/// through): centre, centre elevation and heading as smooth functions of route time.
///
/// ## How it is built
///
/// 1. *Sampling.* On a regular grid of route time, ``spacing`` seconds apart (``defaultSpacing``, more
///    for very long pieces, at most ``maximumSamples``), the rider's position: linear in latitude and
///    longitude along the leg that contains that time, as the route's clock places it, and the ground
///    elevation likewise between the points' (already Hampel-filtered) elevations.
/// 2. *Centre.* Latitude, longitude and elevation are smoothed by a Gaussian of ``baseSigma`` seconds
///    (``TrackSmoothing``, end-preserving), so the centre rounds the route's corners instead of turning
///    on them within a frame, and then widened locally (``TrackSmoothing/limit(_:spacing:sigma:maximumPasses:exceeds:)``)
///    wherever the centre's speed, in screen heights per second, would change faster than
///    ``Targets/screenAcceleration``, or the elevation would accelerate the eye by more than
///    ``Targets/eyeAcceleration``. The elevation goes through every pass the centre does, with the same
///    weights, so over ground that is a plane it stays exactly the ground's height under the smoothed
///    centre. On a straight leg at a steady pace nothing changes: the centre is
///    exactly on the rider. At a corner it cuts inside by about `v sigma / 2` (0.05 screen heights at
///    0.4 screen heights per second and 0.25 s).
/// 3. *Heading* (``FlightOptions/Heading/along``): at each sample, the geodesic azimuth (Karney 2013,
///    ``Geodesic``) from the smoothed centre to the centroid of the route's next `lookAhead` metres
///    (8 positions along it, within the piece), held while that centroid is closer than 5 m (stops).
///    A straight leg faces its own direction until `lookAhead` metres before its end. Past the piece's
///    last point the look-ahead runs on along the route's least-squares direction over its last
///    `lookAhead` metres (``endDirection(route:range:distances:over:)``), so it never shrinks onto the
///    last point: the heading at the end is as calm as anywhere else. The unwrapped
///    headings are smoothed by a Gaussian of ``baseSigma`` and widened locally until the turn rate stays
///    within ``Targets/turnRate`` and the turn acceleration within ``Targets/turnAcceleration``. Where
///    that is not enough (a route that keeps turning faster than the camera may), a rate- and
///    acceleration-limited tracking filter, run forwards and backwards and averaged
///    (``TrackSmoothing/trackBothWays(_:spacing:rate:acceleration:)``), keeps both limits by
///    construction and stays centred on the route's turn. A *spin* (the route turning faster than the
///    camera may for seconds on end, by most of a turn: ``holdingSpins(_:spacing:rate:)``) is not
///    followed: the heading holds, then rejoins the route's direction the short way round.
///
/// Values between samples are cubic Hermite interpolants (central-difference slopes), so the track and
/// its velocity are continuous. The first sample is the piece's first point and the last sample its last
/// point, exactly.
struct FollowTrack {
    /// Limits the smoothing keeps the track within, per second of *route* time (the caller divides the
    /// flight's limits by the eased clock's peak rate, and its square for accelerations).
    struct Targets {
        /// Metres of ground one screen height shows at the follow distance (> 0).
        var screenHeight: Double
        /// Screen heights per second squared: the most the centre's screen speed may change.
        var screenAcceleration: Double
        /// Metres per second squared: the most the centre elevation may accelerate.
        var eyeAcceleration: Double
        /// Degrees per second.
        var turnRate: Double
        /// Degrees per second squared.
        var turnAcceleration: Double
    }

    /// Route seconds between samples of an ordinary piece.
    static let defaultSpacing = 0.05
    /// The most samples one piece gets (the spacing grows for longer pieces).
    static let maximumSamples = 400_000
    /// Seconds of the Gaussian applied everywhere, and of each local widening pass.
    static let baseSigma = 0.25
    /// Seconds of each local widening pass.
    static let passSigma = 0.5
    /// The most widening passes (a U-turn within the default turn rate needs about 35).
    static let maximumPasses = 60

    /// Route time of the first sample, seconds.
    let start: Double
    /// Route seconds between samples (> 0).
    let spacing: Double
    /// Degrees, longitudes unwrapped (continuous along the piece).
    private(set) var latitude: [Double]
    private(set) var longitude: [Double]
    /// Metres.
    private(set) var elevation: [Double]
    /// Degrees, unwrapped (continuous along the piece).
    private(set) var heading: [Double]

    /// Builds the track of the route points `range` (at least 2, spanning a positive time).
    ///
    /// - Parameters:
    ///   - times: Route time of every point of `route`, seconds, non-decreasing.
    ///   - elevations: Ground elevation under every point of `route`, metres.
    ///   - headingRule: ``FlightOptions/Heading``.
    ///   - lookAhead: Metres (> 0).
    /// - Complexity: O(n log p + passes n r) for n samples, p points and a kernel of r samples.
    init(route: Route, times tau: [Double], range: ClosedRange<Int>, elevations: [Double],
         heading headingRule: FlightOptions.Heading, lookAhead: Double, targets: Targets) {
        let span = tau[range.upperBound] - tau[range.lowerBound]
        let count = min(max(Int((span / Self.defaultSpacing).rounded(.up)), 1), Self.maximumSamples)
        start = tau[range.lowerBound]
        spacing = span > 0 ? span / Double(count) : 1
        let rider = Self.riderSamples(route: route, times: tau, range: range, elevations: elevations,
                                      start: start, spacing: spacing, count: count)
        let centre = Self.smoothedCentre(rider, spacing: spacing, targets: targets)
        latitude = centre.latitude
        longitude = centre.longitude
        elevation = centre.elevation
        switch headingRule {
        case .fixed(let value):
            heading = [Double](repeating: value, count: count + 1)
        case .endpoints:
            heading = [Double](repeating: Angles.heading(from: route.start, to: route.end), count: count + 1)
        case .along:
            heading = Self.alongHeadings(route: route, range: range, latitude: rider.latitude, longitude: rider.longitude,
                                         along: rider.along, lookAhead: lookAhead)
            heading = Self.limitedTurning(heading, spacing: spacing, targets: targets)
        }
    }

    /// The rider's position on the sample grid (step 1): degrees (longitudes unwrapped along the
    /// piece), ground elevation in metres, and metres along the piece (``distances(_:_:)``), each
    /// `count + 1` values.
    struct RiderSamples {
        var latitude: [Double], longitude: [Double], elevation: [Double], along: [Double]
    }

    /// Step 1: the rider at route times `start + j spacing` (`j` in `0...count`, the last at the
    /// piece's last point exactly), linear in latitude and longitude along the leg that holds that
    /// time, and likewise the elevation between `elevations` and the distance along the piece.
    /// - Complexity: O(count + p) for p points in `range`.
    private static func riderSamples(route: Route, times tau: [Double], range: ClosedRange<Int>, elevations: [Double],
                                     start: Double, spacing: Double, count: Int) -> RiderSamples {
        let lo = range.lowerBound, hi = range.upperBound
        let points = route.points
        let d = Self.distances(route, range)
        var lat = [Double](repeating: 0, count: count + 1), lon = lat, ele = lat, along = lat
        var k = lo
        var lonA = points[lo].coordinate.longitude  // point k's longitude, unwrapped along the piece
        for j in 0...count {
            let r = j == count ? tau[hi] : start + Double(j) * spacing
            while k < hi - 1 && tau[k + 1] <= r {
                lonA = Angles.unwrappedAngle(points[k + 1].coordinate.longitude, near: lonA)
                k += 1
            }
            let dt = tau[k + 1] - tau[k]
            let f = j == count ? 1 : (dt > 0 ? min(max((r - tau[k]) / dt, 0), 1) : 1)
            let a = points[k].coordinate, b = points[k + 1].coordinate
            let lonB = Angles.unwrappedAngle(b.longitude, near: lonA)
            lat[j] = a.latitude + (b.latitude - a.latitude) * f
            lon[j] = lonA + (lonB - lonA) * f
            ele[j] = elevations[k] + (elevations[k + 1] - elevations[k]) * f
            along[j] = d[k - lo] + (d[k + 1 - lo] - d[k - lo]) * f
        }
        return RiderSamples(latitude: lat, longitude: lon, elevation: ele, along: along)
    }

    /// Step 2: the centre, smoothed by a Gaussian of ``baseSigma`` seconds, then widened where its
    /// screen speed changes faster than ``Targets/screenAcceleration`` (the elevation goes through the
    /// same passes), then the elevation widened on its own where it accelerates the eye by more than
    /// ``Targets/eyeAcceleration``.
    /// - Complexity: O(passes n r) for n samples and a kernel of r samples.
    private static func smoothedCentre(_ rider: RiderSamples, spacing h: Double,
                                       targets: Targets) -> (latitude: [Double], longitude: [Double], elevation: [Double]) {
        let sigma = Self.baseSigma / h
        var centre = [TrackSmoothing.gaussian(rider.latitude, sigma: sigma), TrackSmoothing.gaussian(rider.longitude, sigma: sigma),
                      TrackSmoothing.gaussian(rider.elevation, sigma: sigma)]
        let metresPerDegree = Self.metresPerDegree
        let speedLimit = targets.screenAcceleration * targets.screenHeight
        TrackSmoothing.limit(&centre, spacing: h, sigma: Self.passSigma, maximumPasses: Self.maximumPasses) { c in
            let n = c[0].count
            var speed = [Double](repeating: 0, count: n)
            for i in 1..<n - 1 {
                let north = (c[0][i + 1] - c[0][i - 1]) * metresPerDegree
                let east = (c[1][i + 1] - c[1][i - 1]) * metresPerDegree * cos(c[0][i] * .pi / 180)
                speed[i] = (north * north + east * east).squareRoot() / (2 * h)
            }
            speed[0] = speed[1]; speed[n - 1] = speed[n - 2]
            var marks = [Bool](repeating: false, count: n)
            for i in 1..<n - 1 where abs(speed[i + 1] - speed[i - 1]) / (2 * h) > speedLimit { marks[i] = true }
            return marks
        }
        var height = [centre[2]]
        TrackSmoothing.limit(&height, spacing: h, sigma: Self.passSigma, maximumPasses: Self.maximumPasses) { c in
            Self.marks(c[0], spacing: h, rate: nil, acceleration: targets.eyeAcceleration)
        }
        return (centre[0], centre[1], height[0])
    }

    /// Step 3 for ``FlightOptions/Heading/along``: the raw look-ahead `headings` (unwrapped) smoothed
    /// by a Gaussian of ``baseSigma``, widened until the turn keeps ``Targets/turnRate`` and
    /// ``Targets/turnAcceleration``, spins held (``holdingSpins(_:detector:spacing:rate:)``), then
    /// tracked both ways where widening was not enough, and widened again where the average of the
    /// two runs still turns too hard.
    /// - Complexity: O(passes n r) for n samples and a kernel of r samples.
    private static func limitedTurning(_ headings: [Double], spacing h: Double, targets: Targets) -> [Double] {
        // A spin is the route's own turning (smoothed over ``spinSigma``), not the widened heading's,
        // which the passes below spread to the limit rate wherever the route turns sharply (two
        // U-turns of an out-and-back spur would look like one spin, and the camera would face
        // backwards all along the spur).
        let spinDetector = TrackSmoothing.gaussian(headings, sigma: Self.spinSigma / h, ends: .even)
        var turning = [TrackSmoothing.gaussian(headings, sigma: Self.baseSigma / h, ends: .even)]
        TrackSmoothing.limit(&turning, spacing: h, sigma: Self.passSigma, ends: .even, maximumPasses: Self.maximumPasses) { c in
            Self.marks(c[0], spacing: h, rate: targets.turnRate, acceleration: targets.turnAcceleration, evenEnds: true)
        }
        turning[0] = Self.holdingSpins(turning[0], detector: spinDetector, spacing: h, rate: targets.turnRate)
        // Where widening could not bring the turn within the limits (a route that keeps circling
        // faster than the camera may turn), the camera turns as fast as it may, starting early and
        // finishing late (a tracking filter run both ways).
        var tracked = [TrackSmoothing.trackBothWays(turning[0], spacing: h, rate: targets.turnRate,
                                                    acceleration: targets.turnAcceleration)]
        // The average of the two runs need not be at rest at the piece's ends, where the track is
        // (evenly reflected): smoothed there, and wherever else the average still turns too hard.
        TrackSmoothing.limit(&tracked, spacing: h, sigma: Self.passSigma, ends: .even, maximumPasses: Self.maximumPasses) { c in
            Self.marks(c[0], spacing: h, rate: targets.turnRate, acceleration: targets.turnAcceleration, evenEnds: true)
        }
        return tracked[0]
    }

    /// Seconds of the Gaussian over which a spin is recognised, the shortest spin, and the least turn
    /// that makes one (degrees): a U-turn is followed, a route that keeps circling is not.
    static let spinSigma = 1.5, minimumSpinDuration = 4.0, minimumSpinTurn = 270.0

    /// `headings` (unwrapped, `spacing` seconds apart) with every *spin* held: a stretch of at least
    /// ``minimumSpinDuration`` seconds where `detector` (the route's own heading smoothed over
    /// ``spinSigma``, on the same grid) turns faster
    /// than 0.9 `rate` degrees per second, by at least ``minimumSpinTurn`` degrees in all. A camera
    /// cannot follow such a route (a network of loops flown fast) without spinning the whole view, so
    /// it keeps the heading it had when the spin began and, after it, rejoins the route's direction the
    /// short way round (the later headings are shifted by whole turns).
    static func holdingSpins(_ headings: [Double], detector smooth: [Double], spacing h: Double, rate: Double) -> [Double] {
        let n = headings.count
        guard n > 2 else { return headings }
        var out = headings
        var shift = 0.0
        var j = 1
        var i = 0
        while i < n {
            out[i] = headings[i] + shift
            guard i >= 1, i < n - 1, abs(smooth[i + 1] - smooth[i - 1]) / (2 * h) > 0.9 * rate else { i += 1; continue }
            j = i
            while j < n - 1 && abs(smooth[j + 1] - smooth[j - 1]) / (2 * h) > 0.9 * rate { j += 1 }
            let turn = headings[j] - headings[i]
            guard Double(j - i) * h >= minimumSpinDuration && abs(turn) >= minimumSpinTurn else {
                for k in i..<j { out[k] = headings[k] + shift }
                i = j
                continue
            }
            let held = out[i]
            for k in i..<j { out[k] = held }
            // After the spin, the route's heading by whole turns nearest the held one.
            shift -= 360 * ((headings[j] + shift - held) / 360).rounded()
            i = j
        }
        return out
    }

    /// Samples whose central first difference exceeds `rate` or whose second difference exceeds
    /// `acceleration` (per second, per second squared). With `evenEnds` (a track that starts and ends
    /// at rest, reflected evenly as ``state(atRouteTime:)`` interpolates it), the end samples are
    /// measured too: a track that sets off at once from its resting start accelerates there.
    private static func marks(_ x: [Double], spacing h: Double, rate: Double?, acceleration: Double,
                              evenEnds: Bool = false) -> [Bool] {
        let n = x.count
        var marks = [Bool](repeating: false, count: n)
        if evenEnds && n > 1 {
            if abs(2 * (x[1] - x[0])) / (h * h) > acceleration { marks[0] = true }
            if abs(2 * (x[n - 2] - x[n - 1])) / (h * h) > acceleration { marks[n - 1] = true }
        }
        for i in 1..<n - 1 {
            let a = (x[i + 1] - 2 * x[i] + x[i - 1]) / (h * h)
            if abs(a) > acceleration { marks[i] = true }
            if let rate, abs(x[i + 1] - x[i - 1]) / (2 * h) > rate { marks[i] = true }
        }
        return marks
    }

    /// The raw `along` headings (unwrapped) at each sample: towards the centroid of the next `lookAhead`
    /// metres of the piece.
    private static func alongHeadings(route: Route, range: ClosedRange<Int>, latitude: [Double], longitude: [Double],
                                      along: [Double], lookAhead: Double) -> [Double] {
        let lo = range.lowerBound, hi = range.upperBound
        let d = distances(route, range)
        let points = route.points
        let length = d[hi - lo]
        let beyond = endDirection(route: route, range: range, distances: d, over: lookAhead)
        func coordinate(atDistance s: Double) -> LocationCoordinate2D {
            if s >= length {
                // Beyond the end: along the route's own direction over its last `lookAhead` metres.
                let last = points[hi].coordinate
                return LocationCoordinate2D(latitude: last.latitude + beyond.latitude * (s - length),
                                            longitude: last.longitude + beyond.longitude * (s - length))
            }
            if s <= 0 { return points[lo].coordinate }
            var low = lo, high = hi
            while high - low > 1 {
                let mid = (low + high) / 2
                if d[mid - lo] <= s { low = mid } else { high = mid }
            }
            let a = points[low].coordinate, b = points[low + 1].coordinate
            let length = d[low + 1 - lo] - d[low - lo]
            let f = length > 0 ? (s - d[low - lo]) / length : 0
            let lonB = Angles.unwrappedAngle(b.longitude, near: a.longitude)
            return LocationCoordinate2D(latitude: a.latitude + (b.latitude - a.latitude) * f,
                                        longitude: a.longitude + (lonB - a.longitude) * f)
        }
        var raw: [Double?] = []
        raw.reserveCapacity(latitude.count)
        for j in latitude.indices {
            let here = LocationCoordinate2D(latitude: latitude[j], longitude: remainder(longitude[j], 360))
            var lat = 0.0, lon = 0.0
            for i in 1...8 {
                let c = coordinate(atDistance: along[j] + lookAhead * Double(i) / 8)
                lat += c.latitude / 8
                lon += Angles.unwrappedAngle(c.longitude, near: here.longitude) / 8
            }
            let inverse = Geodesic.wgs84.inverse(from: here, to: LocationCoordinate2D(latitude: lat, longitude: lon))
            raw.append(inverse.distance >= 5 && inverse.initialAzimuth.isFinite ? inverse.initialAzimuth : nil)
        }
        let fallback = Angles.heading(from: points[lo].coordinate, to: points[hi].coordinate)
        var held = raw.first(where: { $0 != nil }).flatMap { $0 } ?? fallback
        var headings: [Double] = []
        headings.reserveCapacity(raw.count)
        for h in raw {
            let value = Angles.unwrappedAngle(h ?? held, near: headings.last ?? held)
            if h != nil { held = value }
            headings.append(value)
        }
        return headings
    }

    /// The route's direction over the last `span` metres of the piece (all of it when shorter), as
    /// degrees of latitude and of (unwrapped) longitude per metre of look-ahead beyond the last point:
    /// the least-squares slope of position against distance along (Gauss's normal equations for a
    /// straight line, each coordinate on its own) over the points of that stretch and the position where
    /// it starts (each point one measurement, so a noisy leg weighs no more than a quiet one),
    /// scaled to 1 m per metre (a sphere of 6371 km) unless the stretch makes less than
    /// ``minimumEndHeadway`` metres of headway per metre along (it comes back on itself: then
    /// proportionally less, so the look-ahead beyond stays near the end). GPS noise across the route
    /// averages out, so the look-ahead runs past the piece's last point along the route's direction
    /// instead of shrinking onto that one noisy point (which swung the heading at the end of a noisy
    /// walk by 20 to 40 degrees in its last second).
    ///
    /// - Parameters:
    ///   - distances: ``distances(_:_:)`` of the piece.
    ///   - span: Metres (> 0).
    /// - Complexity: O(m) for m points in that stretch.
    static func endDirection(route: Route, range: ClosedRange<Int>, distances d: [Double],
                             over span: Double) -> LocationCoordinate2D {
        let lo = range.lowerBound, hi = range.upperBound
        let points = route.points
        let length = d[hi - lo]
        let from = max(length - span, 0)
        guard length - from > 0 else { return LocationCoordinate2D(latitude: 0, longitude: 0) }
        let last = points[hi].coordinate
        var s = [Double](), lat = [Double](), lon = [Double]()
        var k = hi - 1  // the leg that holds `from`
        while k > lo && d[k - lo] > from { k -= 1 }
        // Where the stretch starts (on leg k), then every point after it.
        let a = points[k].coordinate, b = points[k + 1].coordinate
        let leg = d[k + 1 - lo] - d[k - lo]
        let f = leg > 0 ? min(max((from - d[k - lo]) / leg, 0), 1) : 0
        let lonA = Angles.unwrappedAngle(a.longitude, near: last.longitude), lonB = Angles.unwrappedAngle(b.longitude, near: lonA)
        s.append(from)
        lat.append(a.latitude + (b.latitude - a.latitude) * f)
        lon.append(lonA + (lonB - lonA) * f)
        for i in (k + 1)...hi where d[i - lo] > from {
            s.append(d[i - lo])
            lat.append(points[i].coordinate.latitude)
            lon.append(Angles.unwrappedAngle(points[i].coordinate.longitude, near: last.longitude))
        }
        let count = Double(s.count)
        let meanS = s.reduce(0, +) / count
        let meanLat = lat.reduce(0, +) / count, meanLon = lon.reduce(0, +) / count
        var sxx = 0.0, sxLat = 0.0, sxLon = 0.0
        for i in s.indices {
            let dx = s[i] - meanS
            sxx += dx * dx
            sxLat += dx * (lat[i] - meanLat)
            sxLon += dx * (lon[i] - meanLon)
        }
        // Metres of headway per metre along (1 on a clean straight stretch, about 0.3 on a 1 Hz walk
        // with 3 m of noise), continued at 1 m per metre, slower only where the stretch comes back on
        // itself (under ``minimumEndHeadway``).
        let slope = (latitude: sxLat / sxx, longitude: sxLon / sxx)
        let north = slope.latitude * metresPerDegree, east = slope.longitude * metresPerDegree * cos(last.latitude * .pi / 180)
        let headway = (north * north + east * east).squareRoot()
        guard headway > 0 else { return LocationCoordinate2D(latitude: 0, longitude: 0) }
        let scale = min(headway / minimumEndHeadway, 1) / headway
        return LocationCoordinate2D(latitude: slope.latitude * scale, longitude: slope.longitude * scale)
    }

    /// Metres of headway per metre along the end of a piece below which the look-ahead beyond the end
    /// slows down (the end comes back on itself): 0.2.
    static let minimumEndHeadway = 0.2

    /// Metres along the piece from its first point to each of its points, counting the gaps it flies
    /// through (unlike ``Route/cumulativeDistances``), so the look-ahead follows the camera across them.
    static func distances(_ route: Route, _ range: ClosedRange<Int>) -> [Double] {
        var d = [0.0]
        d.reserveCapacity(range.count)
        for k in range.dropLast() { d.append(d[d.count - 1] + route.legs[k].distance) }
        return d
    }

    /// Shifts the longitudes by whole turns so the first is within 180 degrees of `reference`.
    mutating func unwrapLongitudes(near reference: Double) {
        let shift = Angles.unwrappedAngle(longitude[0], near: reference) - longitude[0]
        if shift != 0 { for i in longitude.indices { longitude[i] += shift } }
    }

    /// Shifts the headings by whole turns so the first is within 180 degrees of `reference`.
    mutating func unwrapHeadings(near reference: Double) {
        let shift = Angles.unwrappedAngle(heading[0], near: reference) - heading[0]
        if shift != 0 { for i in heading.indices { heading[i] += shift } }
    }

    /// The centre's fastest ground speed along the track, metres per route second (central
    /// differences on the sample grid, on a sphere of radius 6371 km).
    var peakSpeed: Double {
        var peak = 0.0
        for i in 1..<max(latitude.count - 1, 1) {
            let north = (latitude[i + 1] - latitude[i - 1]) * Self.metresPerDegree
            let east = (longitude[i + 1] - longitude[i - 1]) * Self.metresPerDegree * cos(latitude[i] * .pi / 180)
            peak = max(peak, (north * north + east * east).squareRoot() / (2 * spacing))
        }
        return peak
    }

    /// Metres per degree of a great circle on the sphere of the mean Earth radius (6371 km).
    static let metresPerDegree = 6_371_000 * Double.pi / 180

    /// The route time of the last sample.
    var end: Double { start + spacing * Double(latitude.count - 1) }

    /// The track at one route time: its centre (degrees, longitude unwrapped along the piece), the
    /// centre's elevation (metres) and the heading (degrees, unwrapped); or, as a rate, their
    /// derivatives per route second.
    struct State: Hashable, Sendable {
        var latitude: Double
        var longitude: Double
        var elevation: Double
        var heading: Double

        /// The centre, degrees (the longitude as unwrapped, not normalised).
        var centerCoordinate: LocationCoordinate2D { LocationCoordinate2D(latitude: latitude, longitude: longitude) }

        /// Every component times `factor` (a rate per route second times route seconds per flight
        /// second gives a rate per flight second).
        func scaled(by factor: Double) -> State {
            State(latitude: latitude * factor, longitude: longitude * factor, elevation: elevation * factor,
                  heading: heading * factor)
        }
    }

    /// The heading at the track's first sample, degrees (unwrapped).
    var startHeading: Double { heading[0] }
    /// The heading at the track's last sample, degrees (unwrapped).
    var endHeading: Double { heading[heading.count - 1] }

    /// The track at route time `r` (clamped to the track), and its rate of change per route second:
    /// each component a cubic Hermite interpolant between samples with central-difference slopes
    /// (reflected oddly at the ends, the heading evenly: ``TrackSmoothing/reflected(_:_:_:)``).
    func state(atRouteTime r: Double) -> (value: State, rate: State) {
        let n = latitude.count
        let u = min(max((r - start) / spacing, 0), Double(n - 1))
        let i = min(Int(u), n - 2)
        let f = u - Double(i)
        let lat = hermite(latitude, i, f, .odd), lon = hermite(longitude, i, f, .odd)
        let ele = hermite(elevation, i, f, .odd), hdg = hermite(heading, i, f, .even)
        return (State(latitude: lat.value, longitude: lon.value, elevation: ele.value, heading: hdg.value),
                State(latitude: lat.rate, longitude: lon.rate, elevation: ele.rate, heading: hdg.rate))
    }

    /// The cubic Hermite interpolant of samples `x` at `f` (0...1) of the way from sample `i` to
    /// `i + 1`, and its derivative per route second.
    private func hermite(_ x: [Double], _ i: Int, _ f: Double, _ ends: TrackSmoothing.Ends) -> (value: Double, rate: Double) {
        let m0 = (TrackSmoothing.reflected(x, i + 1, ends) - TrackSmoothing.reflected(x, i - 1, ends)) / 2
        let m1 = (TrackSmoothing.reflected(x, i + 2, ends) - TrackSmoothing.reflected(x, i, ends)) / 2
        let (p0, p1) = (x[i], x[i + 1])
        let f2 = f * f, f3 = f2 * f
        let value = (2 * f3 - 3 * f2 + 1) * p0 + (f3 - 2 * f2 + f) * m0 + (-2 * f3 + 3 * f2) * p1 + (f3 - f2) * m1
        let df = (6 * f2 - 6 * f) * p0 + (3 * f2 - 4 * f + 1) * m0 + (-6 * f2 + 6 * f) * p1 + (3 * f2 - 2 * f) * m1
        return (value, df / spacing)
    }
}
