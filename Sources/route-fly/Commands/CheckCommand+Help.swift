extension CheckOptions {
    /// What `check` reports: the line format, the severities and every finding code, by topic.
    static let discussion = """
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
        """
}
