/// Help texts, written for people (swift-argument-parser's layout).
enum Usage {
    static let version = "0.1.0"
    static let subcommands = ["sample", "info", "help"]

    static func usageLine(_ subcommand: String) -> String {
        switch subcommand {
        case "sample": return "route-fly sample <route> [--preset wwdc] [--duration <seconds>] [--return <seconds>] [--fps <fps>] [--format csv|geojson] [-o <file>]"
        case "info": return "route-fly info <route> [--json]"
        default: return "route-fly help [<subcommand>]"
        }
    }

    static func help(_ subcommand: String?) -> String {
        switch subcommand {
        case "sample": return sample
        case "info": return info
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
          info                    Print a route's points, length, time span, bounding box and map rect.

          See 'route-fly help <subcommand>' for detailed help.

        Routes: GPX 1.0 and 1.1 (track points; route points when there are no tracks).
        Units: degrees, metres, seconds. Exit status: 0 success, 1 bad input or failure, 64 usage error.

        """

    static let sample = """
        OVERVIEW: Plan a camera flight along a route and write one pose per frame.

        The 'wwdc' preset is the flyover of Apple's WWDC23 session 10157: the camera starts framing the whole
        route (north up, looking straight down, 1920x1080 view, 36.87 degree vertical field of view, 10 %
        margin), follows every route point with cubic keyframes for <duration> seconds while its distance
        goes to 24000 m and then 18000 m and its heading turns to the start-to-end heading, then returns
        to the initial camera in <return> seconds. Headings and longitudes never turn the long way round.

        USAGE: \(usageLine("sample"))

        ARGUMENTS:
          <route>                 A GPX file.

        OPTIONS:
          --preset <preset>       Flight plan (default: wwdc).
          --duration <seconds>    Seconds flying along the route (default: 16).
          --return <seconds>      Seconds returning to the initial camera (default: 4).
          --fps <fps>             Frames per second (default: 30). Frame i is at i / fps seconds,
                                  from 0 to the end inclusive: 20 s at 30 fps is 601 frames.
          --format <format>       csv or geojson (default: from the -o extension, else csv).
          -o, --output <file>     Write to <file> (atomically: nothing is left on failure)
                                  instead of standard output.
          -h, --help              Show help information.

        OUTPUT (CSV): frame,time,latitude,longitude,heading,pitch,distance
          frame      frame number from 0
          time       seconds from the start (6 decimals)
          latitude   degrees, WGS 84, camera centre (8 decimals)
          longitude  degrees in -180...180 (8 decimals)
          heading    degrees clockwise from true north, 0 to under 360 (4 decimals)
          pitch      degrees from straight down (4 decimals)
          distance   metres from the eye to the centre (3 decimals)
        OUTPUT (GeoJSON): an RFC 7946 FeatureCollection of Point features with the same properties, and a bbox.

        """

    static let info = """
        OVERVIEW: Print a route's points, length, time span, bounding box and map rect.

        USAGE: \(usageLine("info"))

        ARGUMENTS:
          <route>                 A GPX file.

        OPTIONS:
          --json                  Print one JSON object: points, tracks, segments, routes, waypoints,
                                  length_m (metres), start_time, end_time (ISO 8601 UTC or null),
                                  duration_s (seconds or null), start, end ({latitude, longitude} in
                                  degrees), bbox ([west, south, east, north]; west > east across the
                                  antimeridian), map_rect ({x, y, width, height} in MapKit map points).
          -h, --help              Show help information.

        """
}
