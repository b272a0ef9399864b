extension SampleOptions {
    /// What `sample` writes, format by format: the CSV columns with their units and decimals, then each
    /// other format's shape.
    static let epilogue = """
        OUTPUT (CSV): frame,time,latitude,longitude,heading,pitch,distance,center_elevation[,eye_latitude,
        eye_longitude,eye_altitude][,vertical_fov,viewport_width,viewport_height]
          frame          frame number from 0
          time           seconds from the start (6 decimals)
          latitude       degrees, WGS 84, camera centre (8 decimals)
          longitude      degrees in -180...180 (8 decimals; --angles continuous: unwrapped)
          heading        degrees clockwise from true north, 0 to under 360 (4 decimals; see
                         --angles), measured at the centre (not at the eye)
          pitch          degrees from straight down, measured at the centre (4 decimals)
          distance       metres from the eye to the centre (3 decimals)
          center_elevation
                         metres, the centre's height on the --heights datum (3 decimals)
          eye_latitude, eye_longitude
                         degrees, the point on the ellipsoid under the eye (8 decimals)
          eye_altitude   metres on the --heights datum (3 decimals)
          vertical_fov, viewport_width, viewport_height
                         with --fov-columns: degrees (4 decimals), pixels
        OUTPUT (GeoJSON): an RFC 7946 FeatureCollection of Point features at the centre, the other
        columns as properties, then the route as a LineString (MultiLineString) feature, and a bbox;
        a 'camera' member gives verticalFieldOfView, horizontalFieldOfView (degrees), viewport
        ([width, height] pixels) and framesPerSecond.
        OUTPUT (KML, KMZ): a Google Earth tour (gx:Tour) of one smooth gx:FlyTo per frame to a Camera at
        the eye (absolute altitude; heading and tilt of the line of sight at the eye), and the route;
        gx:durations rounded from cumulative times, so they add up to the flight. KMZ: zipped as doc.kml.
        OUTPUT (CZML): for CesiumJS: a document packet with a clock over the flight, the route, and a
        'camera' entity with the eye as sampled cartographicDegrees and its orientation as sampled unit
        quaternions (body x forward, y left, z up), LINEAR interpolation, with samples added between
        frames where CesiumJS's interpolation would stray from the flight, and the vertical field of
        view as its property fov_vertical (degrees). Group flights: a path behind each rider.
        With --timing recorded, the CZML clock and GPX times are the route's recorded times.
        OUTPUT (earth-studio): Google Earth Studio's 3D camera export JSON: name, width, height,
        frameRate, numFrames (frame intervals: one less than the frames), durationSeconds,
        cameraFrames[] of position (ECEF metres), rotation (Euler degrees, x from 0 to under 360 at the
        first frame, every channel continuous), coordinate (eye latitude, longitude, altitude),
        fovVertical, and trackPoints (the route's start and end, with Earth Studio's normalised
        coordinate.position.attributes); RouteKit's route (MultiLineString) and, with --terrain, the
        ground around it, for docs/blender-import-earth-studio.py.
        OUTPUT (maplibre): {viewport, fov, maxPitch, framesPerSecond, frames: [{frame, time, center:
        [lon, lat], zoom, bearing, pitch, elevation, route}]} for map.jumpTo / deck.gl viewState at that
        viewport and fov; elevation (metres above sea level, the centre's ground) is for a map with 3D
        terrain and centerClampedToGround: false (MapLibre's default clamp puts the centre on its own
        ground, or at 0 without terrain).
        OUTPUT (GPX): the camera centre as a GPX 1.1 track, one trkpt per frame with ele (centre
        elevation) and time (2000-01-01T00:00:00Z + the frame's time, milliseconds).
        OUTPUT (SVG): a picture of the flight over a plain map of the route: the route, the camera
        centre's path, heading ticks every second, start and end (at most 100000 frames).
        """
}
