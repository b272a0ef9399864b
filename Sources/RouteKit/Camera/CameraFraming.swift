import Foundation

/// How a camera looking straight down frames a part of the map: the viewport's size and the
/// camera's vertical field of view.
///
/// MapKit does not publish its field of view. RouteKit's default, 36.87 degrees (`2 atan(1/3)`), is the
/// vertical field of view of Mapbox GL JS's camera (its `fov` of 0.6435 radians), a common reference for
/// web map renderers; set ``verticalFieldOfView`` to match the renderer that replays the poses.
public struct CameraFraming: Hashable, Sendable {
    /// Viewport width in pixels (> 0). Default 1920.
    public var viewportWidth: Double
    /// Viewport height in pixels (> 0). Default 1080.
    public var viewportHeight: Double
    /// Vertical field of view in degrees, in ``fieldOfViewRange`` (0.01...179). Default `2 atan(1/3)` = 36.8699 degrees.
    public var verticalFieldOfView: Double
    /// Extra room around the framed area, as a fraction of its size (0.1 = 10 % larger). Default 0.1.
    public var margin: Double

    /// The fields of view planning accepts, degrees: narrower than 0.01 degrees the framing distances pass
    /// a billion metres; 180 degrees and more is no perspective camera.
    public static let fieldOfViewRange: ClosedRange<Double> = 0.01...179

    /// Why this framing cannot be planned for, or `nil` when it can: a field of view outside
    /// ``fieldOfViewRange``, a viewport side that is not a positive finite number of pixels, or a
    /// negative or non-finite margin.
    public var problem: String? {
        if !CameraFraming.fieldOfViewRange.contains(verticalFieldOfView) {
            return "the vertical field of view \(verticalFieldOfView) degrees is out of range (expected 0.01...179 degrees)"
        }
        if !(viewportWidth > 0 && viewportWidth.isFinite && viewportHeight > 0 && viewportHeight.isFinite) {
            return "the viewport \(viewportWidth) x \(viewportHeight) is not a size (expected pixels > 0)"
        }
        if !(margin >= 0 && margin.isFinite) { return "the margin \(margin) is invalid (expected a fraction >= 0)" }
        return nil
    }

    /// The smallest ground extent a framing shows, metres (100): a street corner.
    public static let minimumExtent = 100.0

    /// The default vertical field of view, degrees: `2 atan(1/3)` (Mapbox GL JS).
    public static let defaultVerticalFieldOfView = 2 * atan(1.0 / 3.0) * 180 / .pi

    public init(viewportWidth: Double = 1920, viewportHeight: Double = 1080,
                verticalFieldOfView: Double = CameraFraming.defaultVerticalFieldOfView, margin: Double = 0.1) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.verticalFieldOfView = verticalFieldOfView
        self.margin = margin
    }

    /// Width over height of the viewport.
    public var aspectRatio: Double { viewportWidth / viewportHeight }

    /// The horizontal field of view, degrees: `2 atan(tan(verticalFieldOfView / 2) * aspectRatio)`
    /// (a pinhole camera with square pixels).
    public var horizontalFieldOfView: Double {
        2 * atan(tan(verticalFieldOfView * .pi / 360) * aspectRatio) * 180 / .pi
    }

    /// Metres of ground one screen height shows per metre of camera distance, looking straight down:
    /// `2 tan(verticalFieldOfView / 2)` (a pinhole camera; 2/3 at the default field of view).
    var screenHeightPerMetre: Double { 2 * tan(verticalFieldOfView * .pi / 360) }

    /// The camera distance, in metres, at which a ground area `width` x `height` metres fits the viewport
    /// when looking straight down:
    /// `d = max(height, width / aspect) / (2 tan(fov / 2)) * (1 + margin)` (docs/camera.md#framing-a-rect).
    ///
    /// An area smaller than ``minimumExtent`` (a one-point route, a stop) is framed as if it were that
    /// large, so the camera does not dive to the ground.
    public func distance(toFitWidth width: Double, height: Double) -> Double {
        let needed = max(height, width / aspectRatio, CameraFraming.minimumExtent)
        return needed / (2 * tan(verticalFieldOfView * .pi / 360)) * (1 + margin)
    }

    /// The camera that frames a map rect the way MapKit's `.rect(_:)` position does: centred on the rect's
    /// centre, north up (heading 0), looking straight down (pitch 0), from the distance at which the rect
    /// fits the viewport.
    ///
    /// The rect's size is converted to metres on the ellipsoid: its height as the meridian arc between
    /// its north and south edges (a geodesic through PROJ), its width as the arc of its widest parallel,
    /// the one nearest the equator (radius `a cos(lat) / sqrt(1 - e^2 sin^2(lat))`, WGS 84), so that a tall
    /// rect is not under-framed at its equatorward edge. A rect wider than the world (a route whose
    /// longitudes, unwrapped along it, go round more than once) is framed as the world's width.
    ///
    /// With a `heading` (degrees clockwise from north) the camera is turned by it and backs off until
    /// the rect's bounding box in the turned screen axes fits: `w |cos h| + H |sin h|` wide and
    /// `w |sin h| + H |cos h|` high, for a rect `w` by `H` metres.
    ///
    /// - Complexity: O(1).
    public func camera(framing rect: MapRect, heading: Double = 0) -> MapCamera {
        let center = rect.centerCoordinate
        let north = MapPoint(x: rect.midX, y: rect.minY).coordinate.latitude
        let south = MapPoint(x: rect.midX, y: rect.maxY).coordinate.latitude
        let height = LocationCoordinate2D(latitude: south, longitude: center.longitude)
            .distance(to: LocationCoordinate2D(latitude: north, longitude: center.longitude))
        // Degrees of longitude; no view holds more than the whole parallel, however many times a route's
        // longitudes, unwrapped along it, went round the world (a file of points scattered over the globe
        // framed 376 million km out).
        let span = min(rect.width / MapSize.world.width, 1) * 360
        let widest = south <= 0 && north >= 0 ? 0 : min(abs(south), abs(north))
        let width = parallelArcLength(latitude: widest, longitudeSpan: span)
        // Turned by `heading`, the screen must hold the rectangle's bounding box in the turned axes.
        let theta = heading * .pi / 180
        let (c, sn) = (abs(cos(theta)), abs(sin(theta)))
        let turnedWidth = heading == 0 ? width : width * c + height * sn
        let turnedHeight = heading == 0 ? height : width * sn + height * c
        return MapCamera(centerCoordinate: center, distance: distance(toFitWidth: turnedWidth, height: turnedHeight),
                         heading: heading, pitch: 0)
    }
}

/// The length, in metres, of an arc of the parallel at `latitude` spanning `longitudeSpan` degrees on
/// WGS 84: `span (rad) * a cos(lat) / sqrt(1 - e^2 sin^2(lat))`, the radius of the parallel circle.
func parallelArcLength(latitude: Double, longitudeSpan: Double) -> Double {
    let a = Geodesic.wgs84EquatorialRadius, f = Geodesic.wgs84Flattening
    let e2 = f * (2 - f)
    let phi = latitude * .pi / 180
    let radius = a * cos(phi) / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
    return abs(longitudeSpan) * .pi / 180 * radius
}

extension CameraFraming {
    /// The camera that frames `route` whole, looking straight down, turned by `heading` degrees.
    ///
    /// Within Web Mercator's latitudes (every point within ``MapPoint/maximumLatitude``, 85.05
    /// degrees) this is ``camera(framing:heading:)`` of the route's ``Route/rect``, as MapKit frames it.
    /// A route beyond them (a polar expedition, a flight over Antarctica) has a rect clamped to the
    /// limit, whose centre can lie hundreds of kilometres from the route. It is framed on the
    /// ellipsoid instead: centred on the normalised mean of the points' unit vectors (a spherical
    /// centroid), and sized by the box, in the turned screen axes, of every point's position in the
    /// azimuthal equidistant frame around that centre (east `s sin a`, north `s cos a` for the geodesic
    /// distance `s` and azimuth `a` from the centre, Karney 2013).
    ///
    /// - Complexity: O(1) within Web Mercator's latitudes; O(n) geodesics for n points beyond them.
    public func camera(framing route: Route, heading: Double = 0) -> MapCamera {
        let points = route.points
        guard points.contains(where: { abs($0.coordinate.latitude) > MapPoint.maximumLatitude }) else {
            return camera(framing: route.rect, heading: heading)
        }
        var x = 0.0, y = 0.0, z = 0.0
        for p in points {
            let lat = p.coordinate.latitude * .pi / 180, lon = p.coordinate.longitude * .pi / 180
            x += cos(lat) * cos(lon); y += cos(lat) * sin(lon); z += sin(lat)
        }
        let norm = (x * x + y * y + z * z).squareRoot()
        guard norm > 1e-9 * Double(points.count) else { return camera(framing: route.rect, heading: heading) }
        let center = LocationCoordinate2D(latitude: asin(min(max(z / norm, -1), 1)) * 180 / .pi,
                                          longitude: abs(x) + abs(y) > 1e-15 * norm ? atan2(y, x) * 180 / .pi : 0)
        let theta = heading * .pi / 180
        var minU = 0.0, maxU = 0.0, minV = 0.0, maxV = 0.0
        for p in points {
            let (east, north) = Geodesic.wgs84.azimuthalEquidistant(p.coordinate, around: center)
            // Screen axes of a camera turned clockwise by `heading`: right and up.
            let u = east * cos(theta) - north * sin(theta), v = east * sin(theta) + north * cos(theta)
            minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
        }
        // Centred on the centroid, the screen must hold the farthest point on either side.
        let width = 2 * max(-minU, maxU), height = 2 * max(-minV, maxV)
        return MapCamera(centerCoordinate: center, distance: distance(toFitWidth: width, height: height),
                         heading: heading, pitch: 0)
    }
}

extension CameraFraming {
    /// The least camera distance, metres, at which every point of `route` is inside the viewport (with
    /// ``margin``) for a camera centred on `center`, tilted by `pitch` degrees from straight down, at each
    /// of `headings` (degrees): what a tilted or turning camera needs, where ``camera(framing:heading:)-(Route,_)``
    /// frames for one looking straight down.
    ///
    /// For a ground point `f` metres ahead (along the heading) and `r` metres right of the centre, a
    /// pinhole camera at distance `D` sees it at depth `D + f sin(p)`, `r` across and `f cos(p)` up, so it
    /// is in view when `|r| <= tx (D + f sin p)` and `|f| cos p <= ty (D + f sin p)`, with
    /// `tx = tan(hfov / 2) / (1 + margin)` and `ty = tan(vfov / 2) / (1 + margin)`: `D` is the largest of
    /// `|r| / tx - f sin p` and `|f| cos p / ty - f sin p` over points and headings. Points are placed
    /// on the tangent plane at the centre (east and north metres on a sphere of 6371 km; beyond Web
    /// Mercator's latitudes by geodesic distance and azimuth from the centre); the ground is taken as
    /// level. At least the distance that shows ``minimumExtent``.
    ///
    /// - Complexity: O(n h) for n points and h headings.
    public func distance(toShow route: Route, from center: LocationCoordinate2D, pitch: Double, headings: [Double]) -> Double {
        distance(toShow: route.points.lazy.map(\.coordinate), from: center, pitch: pitch, headings: headings)
    }

    /// The least camera distance, metres, at which every point of `route`, at its height, is inside the
    /// viewport (with ``margin``) for a camera centred on `center` at `centerHeight`, tilted by `pitch`
    /// degrees from straight down, at each of `headings` (degrees): what `orbit` and `overview` fly.
    ///
    /// Exact for the tangent-plane eye (``EyePosition/Model/tangentPlane``): each point and the centre
    /// are placed in Earth-centred axes on WGS 84 (heights along the normal; a point without an elevation
    /// at `centerHeight`), and the point's offset `o` from the centre is taken in the centre's
    /// east-north-up frame, so the Earth's curvature (a point 100 km away lies 785 m below the centre's
    /// horizontal plane) and the relief are both in it. The camera at distance `D` has its eye at
    /// `C - D f`, forward `f = sin p d - cos p u`, picture-up `w = cos p d + sin p u` and right `r`
    /// (`d` the horizontal heading direction, `u` up), so the point is at depth `D + o·f` and in view when
    /// `|o·r| <= tx (D + o·f)` and `|o·w| <= ty (D + o·f)`, with `tx`, `ty` the tangents of the half
    /// fields of view over `1 + margin`: `D` is the largest of `|o·r| / tx - o·f` and `|o·w| / ty - o·f`
    /// over points and headings (the flat formula of ``distance(toShow:from:pitch:headings:)-(Route,_,_,_)`` when `o`
    /// is level). Heights are all on one datum (the route's, above sea level): the geoid's slope across
    /// a route (metres over a continent) is neglected. Whether the Earth hides a point behind the horizon
    /// is not checked. At least the distance that shows ``minimumExtent``.
    ///
    /// - Complexity: O(n h) for n points and h headings.
    public func distance(toShow route: Route, from center: LocationCoordinate2D, centerHeight: Double, pitch: Double,
                         headings: [Double]) -> Double {
        let c = EarthCenteredFrame.position(of: center, height: centerHeight)
        let frame = CameraAttitude.eastNorthUp(at: center)
        let offsets: [SIMD3<Double>] = route.points.map { point in
            let q = EarthCenteredFrame.position(of: point.coordinate, height: point.elevation ?? centerHeight)
            let delta = SIMD3(q.x - c.x, q.y - c.y, q.z - c.z)
            return SIMD3((delta * frame.east).sum(), (delta * frame.north).sum(), (delta * frame.up).sum())
        }
        let tx = tan(horizontalFieldOfView * .pi / 360) / (1 + margin)
        let ty = tan(verticalFieldOfView * .pi / 360) / (1 + margin)
        let (sinP, cosP) = (sin(pitch * .pi / 180), cos(pitch * .pi / 180))
        var needed = distance(toFitWidth: 0, height: 0)
        for heading in headings {
            let (sinH, cosH) = (sin(heading * .pi / 180), cos(heading * .pi / 180))
            for o in offsets {
                let ahead = o.x * sinH + o.y * cosH, right = o.x * cosH - o.y * sinH
                let depth = sinP * ahead - cosP * o.z, up = cosP * ahead + sinP * o.z
                needed = max(needed, abs(right) / tx - depth, abs(up) / ty - depth)
            }
        }
        return needed
    }

    /// ``distance(toShow:from:pitch:headings:)-(Route,_,_,_)`` for any set of ground points (degrees, WGS 84; e.g. the
    /// riders of a group at one moment), with the same model, margin and floor.
    ///
    /// - Complexity: O(n h) for n points and h headings.
    public func distance<Points: Collection>(toShow coordinates: Points, from center: LocationCoordinate2D, pitch: Double,
                                             headings: [Double]) -> Double where Points.Element == LocationCoordinate2D {
        let vertical = tan(verticalFieldOfView * .pi / 360) / (1 + margin)
        let horizontal = tan(horizontalFieldOfView * .pi / 360) / (1 + margin)
        let polar = coordinates.contains { abs($0.latitude) > MapPoint.maximumLatitude }
        let metresPerDegree = 6_371_000 * Double.pi / 180
        let cosLatitude = cos(center.latitude * .pi / 180)
        let offsets: [(east: Double, north: Double)] = coordinates.map { c in
            if polar { return Geodesic.wgs84.azimuthalEquidistant(c, around: center) }
            return (remainder(c.longitude - center.longitude, 360) * metresPerDegree * cosLatitude,
                    (c.latitude - center.latitude) * metresPerDegree)
        }
        let (sinP, cosP) = (sin(pitch * .pi / 180), cos(pitch * .pi / 180))
        var needed = distance(toFitWidth: 0, height: 0)
        for heading in headings {
            let (sinH, cosH) = (sin(heading * .pi / 180), cos(heading * .pi / 180))
            for o in offsets {
                let f = o.east * sinH + o.north * cosH, r = o.east * cosH - o.north * sinH
                needed = max(needed, abs(r) / horizontal - f * sinP, abs(f) * cosP / vertical - f * sinP)
            }
        }
        return needed
    }
}
