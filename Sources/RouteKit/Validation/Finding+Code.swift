extension Finding {
    /// The stable kebab-case identifier of a kind of finding (its raw value: scripts and route-fly's JSON check report
    /// match on it). Listed with their meaning on ``RouteCheck``, ``FlightCheck``, ``MotionCheck`` and
    /// ``TerrainCheck``.
    public enum Code: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case duplicatePoint = "duplicate-point"
        case elevationImplausible = "elevation-implausible"
        case elevationMissing = "elevation-missing"
        case flightDistanceClamped = "flight-distance-clamped"
        case flightDuration = "flight-duration"
        case flightDurationMismatch = "flight-duration-mismatch"
        case flightElevationImplausible = "flight-elevation-implausible"
        case flightFrameCount = "flight-frame-count"
        case flightOutOfRange = "flight-out-of-range"
        case flightUnplannable = "flight-unplannable"
        case jump = "jump"
        case latitudeOutOfRange = "latitude-out-of-range"
        case lineOfSight = "line-of-sight"
        case longitudeOutOfRange = "longitude-out-of-range"
        case motionNotAtRest = "motion-not-at-rest"
        case motionPeaks = "motion-peaks"
        case nullIsland = "null-island"
        case speedImplausible = "speed-implausible"
        case terrainClearance = "terrain-clearance"
        case timeBackwards = "time-backwards"
        case timeBeforeGpsEpoch = "time-before-gps-epoch"
        case timeEqualWhileMoving = "time-equal-while-moving"
        case timeGap = "time-gap"
        case timeMissing = "time-missing"
        case timePartial = "time-partial"
        case timeZoneMissing = "time-zone-missing"
        case timeZoneMixed = "time-zone-mixed"
        case zeroLengthSegment = "zero-length-segment"
        case motionScreenSpeed = "motion-screen-speed"
        case motionZoomRate = "motion-zoom-rate"
        case motionTurnRate = "motion-turn-rate"
        case motionTiltRate = "motion-tilt-rate"
        case motionJolt = "motion-jolt"
        case motionEyeBob = "motion-eye-bob"
        case motionJump = "motion-jump"
        case centerSpeedOverLimit = "center-speed-over-limit"
        case eyeSpeedOverLimit = "eye-speed-over-limit"
        case distanceRateOverLimit = "distance-rate-over-limit"

        public var description: String { rawValue }
    }
}
