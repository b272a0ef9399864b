/// Help texts, written for people (swift-argument-parser's layout).
enum Usage {
    static let version = "0.2.0"
    static let subcommands = ["sample", "render", "preview", "plan", "info", "check", "profile", "help"]

    static func usageLine(_ subcommand: String) -> String {
        switch subcommand {
        case "sample": return "route-fly sample <route>... [--preset follow|wwdc|overview|orbit] [flight options] [--script <file>] [--fps <fps>] [--max-frames <frames>] [--format <format>] [--eye|--no-eye] [--heights ellipsoid|msl] [output options] [-o <file>] [ground options]"
        case "preview": return "route-fly preview <route>... [--preset follow|wwdc|overview|orbit] [flight options] [--script <file>] [--fps <fps>] [page options] [-o <file.html>] [ground options]"
        case "render": return "route-fly render <route>... -o <file.mp4|file.webm|frames/%05d.png|file.png> [--preset follow|wwdc|overview|orbit] [flight options] [--script <file>] [--fps <fps>] [--frames <A:B>] [--crf <quality>] [page options] [ground options]"
        case "plan": return "route-fly plan <route> [--preset follow|wwdc|overview|orbit] [flight options] [-o <file>] [ground options]"
        case "info": return "route-fly info <route>... [--json] [input options]"
        case "check": return "route-fly check <route>... [flight options] [group options] [--script <file>] [--fps <fps>] [--json] [--strict] [--all] [--plot <file>] [limits] [ground options] [input options]"
        case "profile": return "route-fly profile <route>... [--bin <metres>] [--format json|hike-json|csv|svg] [--name <name>] [-o <file>] [ground options] [input options]"
        default: return "route-fly help [<subcommand>]"
        }
    }

    static func help(_ subcommand: String?) -> String {
        switch subcommand {
        case "sample": return sample
        case "preview": return preview
        case "render": return render
        case "plan": return plan
        case "info": return info
        case "check": return check
        case "profile": return profile
        default: return overview
        }
    }

    /// Option sections as the help prints them, one blank line apart.
    static func options<A>(_ sections: [OptionSection<A>]) -> String {
        sections.map(\.help).joined(separator: "\n\n")
    }

    /// Every spelling of every option `subcommand` takes, in help order (for "did you mean").
    static func optionNames(_ subcommand: String) -> [String] {
        func names<A>(_ sections: [OptionSection<A>]) -> [String] { sections.flatMap(\.options).flatMap(\.names) }
        switch subcommand {
        case "sample": return names(SampleOptions.sections)
        case "preview": return names(PreviewOptions.sections)
        case "render": return names(RenderOptions.sections)
        case "plan": return names(PlanOptions.sections)
        case "info": return names(InfoOptions.sections)
        case "check": return names(CheckOptions.sections)
        case "profile": return names(ProfileOptions.sections)
        default: return []
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
          render                  Render the flight to a video (MP4, WebM or PNG frames), offline.
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

    static var sample: String { """
        OVERVIEW: Plan a camera flight along a route and write one pose per frame.

        USAGE: \(usageLine("sample"))

        ARGUMENTS:
          <route>...              A route file (see INPUT OPTIONS), or '-' for standard input; several
                                  are riders flown on one clock (see GROUP OPTIONS).

        \(options(SampleOptions.sections))

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

        """ }

    static var render: String { """
        OVERVIEW: Render a flight to a video: MapLibre GL JS draws each pose in headless Chromium, ffmpeg
        encodes the frames.

        Frame i of the video is pose i of 'sample' with the same options. Drawn: the route, revealed as it
        is flown; the rider on it (every rider, for a group); the overlays; with --terrain, the ground in
        3D and shaded, from the model. Nothing is fetched unless --style or a --maplibre-js URL asks.
        Needs chromium and ffmpeg (Debian packages) and MapLibre GL JS 5 (PyPI's maplibre package, or
        --maplibre-js).

        USAGE: \(usageLine("render"))

        ARGUMENTS:
          <route>...              A route file; several are riders on one clock (see GROUP OPTIONS).

        \(options(RenderOptions.sections))

        """ }

    static var preview: String { """
        OVERVIEW: Write one self-contained HTML page that plays a flight in MapLibre GL JS.

        The page shows the route and plays the flight at its real speed, with play/pause, a time slider,
        the frame number and the pose values. Open it in a browser; '#frame=N' at the end of the address
        shows frame N paused.

        USAGE: \(usageLine("preview"))

        ARGUMENTS:
          <route>...              A route file, or '-' for standard input; several are riders on one
                                  clock (see GROUP OPTIONS).

        \(options(PreviewOptions.sections))

        """ }

    static var plan: String { """
        OVERVIEW: Print the keyframe tracks of a flight as a JSON camera script.

        The script is what 'sample' flies with the same options: edit it and fly it with
        'route-fly sample <route> --script <file>' (give the same --viewport and --fov). The format is
        described in docs/camera-script.md.

        USAGE: \(usageLine("plan"))

        ARGUMENTS:
          <route>                 A route file, or '-' for standard input.

        \(options(PlanOptions.sections))

        """ }

    static var info: String { """
        OVERVIEW: Print a route's points, length, time span, bounding box and map rect.

        USAGE: \(usageLine("info"))

        ARGUMENTS:
          <route>...              One or more route files, each reported in turn, or '-' for standard input.

        \(options(InfoOptions.sections))

        """ }

    static var check: String { """
        OVERVIEW: Check a route's recorded timing and a camera plan's timing and motion.

        Prints findings, one a line: 'ROUTE: SEVERITY: point N: sentence [code]' (or 't=S s:' for the
        flight). Severities: error (exit 2), warning (exit 2 with --strict), note.
        Route clock: time-missing, time-partial, time-backwards, time-equal-while-moving, time-gap,
        speed-implausible, time-before-gps-epoch, time-zone-mixed, time-zone-missing (GPX, KML, TCX);
        a pattern one cause explains, said once instead of at every step: time-same-instant,
        time-newest-first, time-piece-newest-first (a piece saved reversed with its times;
        '--join-pieces'), time-whole-seconds, and time-fit-epoch (a first time on 1989-12-31).
        Route geometry: duplicate-point, zero-length-segment, jump, piece-gap (more than 200 m between
        pieces), pieces-out-of-order (one finding: the pieces chained, by their times when they all
        have one, else by nearest ends, jump much less;
        '--join-pieces'), null-island, latitude-out-of-range, longitude-out-of-range. Outliers, one finding each, left out of or corrected in every flight,
        ground and profile: position-outlier (a wild point), elevation-spike, elevation-wrapped (heights
        of 65000-65535 m: below sea level in an unsigned 16-bit field, corrected). Flight: flight-duration, flight-duration-mismatch, flight-frame-count,
        flight-distance-clamped, center-speed-over-limit, eye-speed-over-limit, distance-rate-over-limit,
        flight-out-of-range, flight-elevation-implausible, flight-unplannable.
        Motion on screen: motion-peaks (note), motion-jump (error: more than a screen in one frame),
        motion-screen-speed, motion-zoom-rate, motion-turn-rate, motion-tilt-rate, motion-jolt (an
        acceleration), motion-eye-bob, motion-not-at-rest (warnings, one per run over the limit).
        A screen height is 2 d tan(fov / 2) metres at the camera distance d; docs/route-fly.md#motion-on-screen
        gives the measures, their formulas and why the limits are what they are.
        Heights: elevation-missing (points without elevation and neither --terrain nor --ground-elevation),
        elevation-implausible; with --terrain, route-underground (a stretch more than 30 m under the
        model: a tunnel?) and elevation-ellipsoidal (heights a constant geoid undulation off the model:
        use --input-heights ellipsoid); the ground: terrain-clearance (the eye below the clearance),
        line-of-sight (the ground hides the centre).
        Several routes (a group): each route's findings, then the group's: group-clocks-disjoint,
        group-clock-offset (riders whole hours or the FIT epoch apart, or a rider whose times start on
        the FIT epoch's day: the cause and the --offset that fixes it), rider-never-in-view (warnings), group-spread (note: the largest distance between riders), and the
        group flight's motion.

        USAGE: \(usageLine("check"))

        ARGUMENTS:
          <route>...              A route file, or '-' for standard input; several are riders on one
                                  clock (see GROUP OPTIONS).

        \(options(CheckOptions.sections))

        Exit status: 0 no error, 2 an error finding (or a warning with --strict), 1 the check could not
        run, 64 usage error.

        """ }

    static var profile: String { """
        OVERVIEW: Summarise a route per distance bin: elevation, pace, heart rate, time and climb.

        Per bin: the [low, high] ranges of elevation (m), pace (s/km, over 2 points on each side) and heart
        rate (bpm), moving and stopped time (a leg is stopped below 0.5 m/s), ascent and descent (changes of
        at least 3 m, to ignore GPS noise).

        USAGE: \(usageLine("profile"))

        ARGUMENTS:
          <route>...              One or more route files, each profiled in turn, or '-' for standard input.

        \(options(ProfileOptions.sections))

        """ }
}
