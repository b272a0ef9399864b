/// Help texts, written for people (swift-argument-parser's layout).
enum Usage {
    static let version = "0.2.0"
    static let subcommands = ["sample", "preview", "plan", "info", "check", "profile", "help"]

    static func usageLine(_ subcommand: String) -> String {
        switch subcommand {
        case "sample": return "route-fly sample <route> [--preset follow|wwdc|overview|orbit] [flight options] [--script <file>] [--fps <fps>] [--max-frames <frames>] [--format <format>] [--eye|--no-eye] [--heights ellipsoid|msl] [output options] [-o <file>] [ground options]"
        case "preview": return "route-fly preview <route> [--preset follow|wwdc|overview|orbit] [flight options] [--script <file>] [--fps <fps>] [--maplibre-js <url-or-path>] [--style <url>] [-o <file.html>] [ground options]"
        case "plan": return "route-fly plan <route> [--preset follow|wwdc|overview|orbit] [flight options] [-o <file>] [ground options]"
        case "info": return "route-fly info <route> [--json] [input options]"
        case "check": return "route-fly check <route> [flight options] [--script <file>] [--fps <fps>] [--json] [--strict] [--all] [--plot <file>] [limits] [ground options] [input options]"
        case "profile": return "route-fly profile <route> [--bin <metres>] [--format json|hike-json|csv|svg] [--name <name>] [-o <file>] [ground options] [input options]"
        default: return "route-fly help [<subcommand>]"
        }
    }

    static func help(_ subcommand: String?) -> String {
        switch subcommand {
        case "sample": return sample
        case "preview": return preview
        case "plan": return plan
        case "info": return info
        case "check": return check
        case "profile": return profile
        default: return overview
        }
    }

    static let overview = """
        OVERVIEW: Fly a map camera along a GPS route and write one camera pose per frame.

        USAGE: route-fly <subcommand> [options]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          sample                  Plan a camera flight along a route and write one pose per frame.
          preview                 Write an HTML page that plays the flight in MapLibre GL JS.
          plan                    Print the keyframe tracks of a flight as a JSON camera script.
          info                    Print a route's points, length, time span, bounding box and map rect.
          check                   Check a route's recorded timing and a camera plan's timing.
          profile                 Summarise a route per distance bin: elevation, pace, heart rate.

          See 'route-fly help <subcommand>' for detailed help.

        Routes: GPX, KML, GeoJSON, CSV, TCX and encoded polylines ('-' reads standard input).
        Units: degrees, metres, seconds. Exit status: 0 success, 1 bad input or failure, 2 an error
        finding from check, 64 usage error.

        """

    static let inputOptions = """
        INPUT OPTIONS:
          --input-format <format> gpx, kml, geojson, csv, polyline or tcx (default: detected from the
                                  content, then the file name's extension).
          --columns <names>       CSV without a header: the role of each column, e.g. latitude,longitude
                                  or time,latitude,longitude,elevation ('-' skips a column).
          --polyline-precision <digits>
                                  5 (Google's encoded polyline, default) or 6 (OSRM/Valhalla polyline6).
          --input-heights <datum> msl (default: heights above mean sea level, EGM96, as GPS files hold)
                                  or ellipsoid (above the WGS 84 ellipsoid); converted through PROJ.
        """

    static let groundOptions = """
        GROUND OPTIONS (for route points without elevation; without either, a warning):
          --terrain <file>        A digital elevation model that covers the route: any raster GDAL reads
                                  (GeoTIFF, SRTM .hgt, DTED, a .vrt mosaic), in any CRS. Points without
                                  elevation take the ground's height there: metres above the EGM96 geoid
                                  (sea level), interpolated bilinearly (default: none).
          --ground-elevation <metres>
                                  Points without elevation take this height, metres above sea level, for
                                  flat country (default: none).
          --clearance <metres>    The eye stays this high above the ground (the terrain model, else the
                                  route's own heights), and the ground never hides the centre: the
                                  camera looks more steeply down, eased, where it would (default: 50).
        """

    static let flightOptions = """
        FLIGHT OPTIONS:
          --preset <preset>       follow (default): fly in from an overview of the whole route, follow it
                                  looking ahead, pull out again; wwdc: the WWDC23 flyover recipe; overview:
                                  the whole route from above with a slow heading drift; orbit: one full
                                  circle around the route's centre.
          --timing <timing>       distance (constant ground speed; default for follow), equal (the same
                                  time per point; default for wwdc) or recorded (the file's timestamps).
          --duration <seconds>    Seconds for the route part (default: 30 for follow, 16 for wwdc, 20 for
                                  overview and orbit; with recorded timing, the recorded span / speedup).
          --speedup <factor>      Recorded timing: recorded seconds per flight second (default: 1).
          --skip-idle <seconds>   Recorded timing: stops and gaps longer than this are flown in 1 s (at most).
          --simplify <metres>     Douglas-Peucker tolerance, in 3D with the heights (default: a thousandth
                                  of the route's extent; none with recorded timing; 0 only drops
                                  duplicate points).
          --heading <mode>        along (default: look ahead along the route), endpoints (the start-to-end
                                  heading) or fixed:DEGREES.
          --look-ahead <metres>   How far ahead an along heading looks (default: a third of the distance).
          --max-turn-rate <degrees-per-second>
                                  Fastest turn the planner gives the camera (default: 25; the
                                  limit check measures it against is --max-heading-rate, 30).
          --viewport <WxH>        Viewport in pixels (default: 1920x1080).
          --fov <degrees>         Vertical field of view, 0.01 to 179 (default: 36.87, that is 2 atan(1/3)).
          --pitch <degrees>       Tilt from straight down while following, 0 to under 90 (default: 45 for
                                  follow and orbit, 30 for overview, 0 for wwdc).
          --distance <metres>     Camera distance while following (default: a fifth of the distance that
                                  frames the whole route, within 300 to 50000 m; at most 100000000).
          --intro <seconds>       Fly-in from the overview (follow; default: 6).
          --outro <seconds>       Pull-out to the overview (follow; default: 6).
          --return <seconds>      Return to the initial camera (wwdc; default: 4).
          --gaps <mode>           Between segments: fly (default; long gaps on van Wijk and Nuij's
                                  zoom-out-and-in path), cut, or hold (wait, then cut).
          --rho <rho>             van Wijk and Nuij's zoom/pan trade-off (default: 1.42).
        """

    static let sample = """
        OVERVIEW: Plan a camera flight along a route and write one pose per frame.

        USAGE: \(usageLine("sample"))

        ARGUMENTS:
          <route>                 A route file (see INPUT OPTIONS), or '-' for standard input.

        OPTIONS:
          --script <file>         Fly this camera script (JSON, as 'route-fly plan' prints it; see
                                  docs/camera-script.md) instead of a preset.
          --fps <fps>             Frames per second (default: 30), a number or a ratio such as
                                  30000/1001 (ffmpeg's form of 29.97). Frame i is at i / fps seconds,
                                  from 0 to the end inclusive: 20 s at 30 fps is 601 frames.
          --max-frames <frames>   The frame budget (default: 500000, 4 h 37 min at 30 fps). A longer
                                  flight is refused before anything is written, naming the recorded
                                  time gap that makes it long.
          --format <format>       csv, geojson, kml, kmz, czml, earth-studio, maplibre (also: mapbox,
                                  deckgl), gpx or svg, any case (default: from the -o extension, any
                                  case: .csv, .geojson/.json, .kml, .kmz, .czml, .gpx, .svg; no
                                  extension: csv; any other extension is refused).
          --eye, --no-eye         Add (or leave out) the eye's position (default: added for every preset
                                  but wwdc, whose output keeps the eight columns below).
          --heights <datum>       Datum of CSV and GeoJSON heights (center_elevation, eye_altitude):
                                  ellipsoid (default: above WGS 84, as RFC 7946 says) or msl (EGM96).
                                  KML is always above sea level; CZML and Earth Studio above the ellipsoid.
          -o, --output <file>     Write to <file> (streamed, atomically: nothing is left on failure or
                                  interruption) instead of standard output.
          -q, --quiet             Errors only: no notes, warnings or progress line on standard error.
          -h, --help              Show help information.

        OUTPUT OPTIONS:
          --angles <mode>         csv, geojson, maplibre: wrapped (default: headings in 0 to under 360)
                                  or continuous (unwrapped from frame to frame, starting in 0..<360:
                                  no jump of 360 between frames).
          --fov-columns           csv: add vertical_fov (degrees), viewport_width and viewport_height
                                  (pixels) columns. GeoJSON always has them in its 'camera' member.
          --kml-view <view>       kml, kmz: camera (default: a Camera at the eye, absolute altitude) or
                                  lookat (a LookAt at the centre, relativeToGround: Google Earth puts
                                  it on its own terrain; for routes without heights).
          --max-pitch <degrees>   maplibre: the web map's maxPitch; a flight that pitches more is refused
                                  (default: 60 for maplibre and deckgl, 85 for mapbox; at most 85).

        \(flightOptions)

        \(groundOptions)

        \(inputOptions)

        OUTPUT (CSV): frame,time,latitude,longitude,heading,pitch,distance,center_elevation[,eye_latitude,
        eye_longitude,eye_altitude][,vertical_fov,viewport_width,viewport_height]
          frame          frame number from 0
          time           seconds from the start (6 decimals)
          latitude       degrees, WGS 84, camera centre (8 decimals)
          longitude      degrees in -180...180 (8 decimals)
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
        quaternions (body x forward, y left, z up), LINEAR interpolation.
        With --timing recorded, the CZML clock and GPX times are the route's recorded times.
        OUTPUT (earth-studio): Google Earth Studio's 3D camera export JSON: name, width, height,
        frameRate, numFrames (frame intervals: one less than the frames), durationSeconds,
        cameraFrames[] of position (ECEF metres), rotation (Euler degrees, x from 0 to under 360 at the
        first frame, every channel continuous), coordinate (eye latitude, longitude, altitude), and
        trackPoints (the route's start and end).
        OUTPUT (maplibre): {viewport, fov, maxPitch, framesPerSecond, frames: [{frame, time, center:
        [lon, lat], zoom, bearing, pitch}]} for map.jumpTo / deck.gl viewState at that viewport and fov.
        OUTPUT (GPX): the camera centre as a GPX 1.1 track, one trkpt per frame with ele (centre
        elevation) and time (2000-01-01T00:00:00Z + the frame's time, milliseconds).
        OUTPUT (SVG): a picture of the flight over a plain map of the route: the route, the camera
        centre's path, heading ticks every second, start and end (at most 100000 frames).

        """

    static let preview = """
        OVERVIEW: Write one self-contained HTML page that plays a flight in MapLibre GL JS.

        The page shows the route and plays the flight at its real speed, with play/pause, a time slider,
        the frame number and the pose values. Open it in a browser; '#frame=N' at the end of the address
        shows frame N paused.

        USAGE: \(usageLine("preview"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        OPTIONS:
          --script <file>         Fly this camera script instead of a preset (as for 'sample').
          --fps <fps>             Frames per second in the page (default: 30, at most 240).
          --maplibre-js <url-or-path>
                                  MapLibre GL JS: an http(s) URL (default: https://unpkg.com/
                                  maplibre-gl@5.3.0/dist/maplibre-gl.js), or a local maplibre-gl.js,
                                  inlined (with maplibre-gl.css beside it, if any) for offline use.
          --style <url>           A MapLibre style URL for the basemap (default: a blank offline
                                  style); the route is drawn over it.
          -o, --output <file>     Write the page to <file> (.html; atomically) instead of standard output.
          -h, --help              Show help information.

        \(flightOptions)

        \(groundOptions)

        \(inputOptions)

        """

    static let plan = """
        OVERVIEW: Print the keyframe tracks of a flight as a JSON camera script.

        The script is what 'sample' flies with the same options: edit it and fly it with
        'route-fly sample <route> --script <file>' (give the same --viewport and --fov). The format is
        described in docs/camera-script.md.

        USAGE: \(usageLine("plan"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        OPTIONS:
          -o, --output <file>     Write to <file> (atomically) instead of standard output.
          -q, --quiet             Errors only: no notes, warnings or progress line on standard error.
          -h, --help              Show help information.

        \(flightOptions)

        \(groundOptions)

        \(inputOptions)

        """

    static let info = """
        OVERVIEW: Print a route's points, length, time span, bounding box and map rect.

        USAGE: \(usageLine("info"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        OPTIONS:
          --json                  Print one JSON object: points, tracks, segments, routes, waypoints,
                                  length_m (metres along the segments), start_time, end_time (ISO 8601
                                  UTC or null), duration_s (seconds or null), start, end ({latitude,
                                  longitude} in degrees), bbox ([west, south, east, north]; west > east
                                  across the antimeridian), map_rect ({x, y, width, height} in MapKit map
                                  points), then flown, timed_points, heading_start_to_end, format, notes.
          -q, --quiet             Errors only: no notes, warnings or progress line on standard error.
          -h, --help              Show help information.

        \(inputOptions)

        """

    static let check = """
        OVERVIEW: Check a route's recorded timing and a camera plan's timing and motion.

        Prints findings, one a line: 'ROUTE: SEVERITY: point N: sentence [code]' (or 't=S s:' for the
        flight). Severities: error (exit 2), warning (exit 2 with --strict), note.
        Route clock: time-missing, time-partial, time-backwards, time-equal-while-moving, time-gap,
        speed-implausible, time-before-gps-epoch, time-zone-mixed, time-zone-missing (GPX, KML, TCX).
        Route geometry: duplicate-point, zero-length-segment, jump, null-island, latitude-out-of-range,
        longitude-out-of-range. Flight: flight-duration, flight-duration-mismatch, flight-frame-count,
        flight-distance-clamped, {center-speed,eye-speed,distance-rate}-over-limit, flight-unplannable.
        Motion on screen: motion-peaks (note), motion-jump (error: more than a screen in one frame),
        motion-screen-speed, motion-zoom-rate, motion-turn-rate, motion-tilt-rate, motion-jolt (an
        acceleration), motion-eye-bob, motion-not-at-rest (warnings, one per run over the limit).
        A screen height is 2 d tan(fov / 2) metres at the camera distance d; see the README for the
        measures, their formulas and why the limits are what they are.
        Heights: elevation-missing (points without elevation and neither --terrain nor --ground-elevation).

        USAGE: \(usageLine("check"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        OPTIONS:
          --json                  Print {"findings":[{"severity","code","index","time","message"}],
                                  "summary":{...}}: index is a 0-based point index or null; time is the
                                  point's ISO 8601 UTC time, or seconds on the flight, or null.
          --strict                Warnings fail too (exit 2).
          --all                   List every finding (default: at most 20 per code; the summary counts all).
          --script <file>         Check this camera script's flight instead of a planned one.
          --fps <fps>             Frames per second of the flight check (default: 30; a ratio such
                                  as 30000/1001 works too).
          --plot <file>           Also write an SVG plot of the flight's motion over time: screen speed,
                                  zoom, turn and tilt rates with their limits and every run over them
                                  (written atomically, before the report).

        LIMITS:
          --gap <seconds>         Report time gaps longer than this (default: 60).
          --max-speed <metres-per-second>
                                  Implausible speed (default: by the activity the typical moving speed
                                  suggests: foot 12, cycle 30, road 70, air 300).
          --max-jump <metres>     A leg longer than this is a jump (default: 1000 for tracks; routes of
                                  planned waypoints are not checked).
          --max-screen-speed <screens-per-second>
                                  Fastest motion of the centre on screen, in screen heights per second
                                  (default: 0.5).
          --max-zoom-rate <per-second>
                                  Fastest zoom, |d ln(distance)/dt| (default: 0.693, a doubling per second).
          --max-heading-rate <degrees-per-second>
                                  Fastest camera turn check accepts (motion-turn-rate; default: 30,
                                  or the flight option --max-turn-rate when that is higher).
          --max-pitch-rate <degrees-per-second>
                                  Fastest tilt (default: 20).
          --max-screen-acceleration <screens-per-second-squared>
                                  (default: 1.0)
          --max-zoom-acceleration <per-second-squared>
                                  (default: 1.4)
          --max-heading-acceleration <degrees-per-second-squared>
                                  (default: 60)
          --max-pitch-acceleration <degrees-per-second-squared>
                                  (default: 40)
          --max-eye-acceleration <per-second-squared>
                                  The eye's vertical acceleration over the distance (default: 2.5).
          --max-screen-jump <screens>
                                  More than this many screen heights within one frame is an error
                                  (default: 1).
          --rest-fraction <fraction>
                                  The first and last frame steps must move at less than this fraction of
                                  each rate limit (default: 0.1).
                                  Every motion limit above takes 'none' to switch it off.
          --max-camera-speed <metres-per-second>
                                  Fastest ground speed of the camera centre (default: none).
          --max-eye-speed <metres-per-second>
                                  Fastest ground speed of the eye (default: none).
          --max-distance-rate <metres-per-second>
                                  Fastest change of the eye-to-centre distance, m/s (default: none).
          --duration-tolerance <seconds>
                                  How far the flight's length may be from the one asked for (default: 0.5).
          -q, --quiet             Errors only: no notes, warnings or progress line on standard error.
          -h, --help              Show help information.

        \(flightOptions)

        \(groundOptions)

        \(inputOptions)

        Exit status: 0 no error, 2 an error finding (or a warning with --strict), 1 the check could not
        run, 64 usage error.

        """

    static let profile = """
        OVERVIEW: Summarise a route per distance bin: elevation, pace, heart rate, time and climb.

        Per bin: the [low, high] ranges of elevation (m), pace (s/km, over 2 points on each side) and heart
        rate (bpm), moving and stopped time (a leg is stopped below 0.5 m/s), ascent and descent (changes of
        at least 3 m, to ignore GPS noise).

        USAGE: \(usageLine("profile"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        OPTIONS:
          --bin <metres>          Bin width (default: 375, the Landmarks Hikes tutorial's 0.375 km).
          --format <format>       json (default), hike-json (the tutorial's Hike array: name, id,
                                  distance, difficulty, observations), csv, or svg (the tutorial's
                                  capsule graph).
          --name <name>           The hike's name (default: the route's, else the file's base name).
          -o, --output <file>     Write to <file> (atomically) instead of standard output.
          -q, --quiet             Errors only: no notes, warnings or progress line on standard error.
          -h, --help              Show help information.

        \(groundOptions)

        \(inputOptions)

        """
}
