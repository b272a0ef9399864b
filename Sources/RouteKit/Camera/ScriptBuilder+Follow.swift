import Foundation

extension ScriptBuilder {
    /// The camera distance while a ``FollowTrack`` is followed: fixed, or a ``DistanceEnvelope`` on the
    /// track's route clock.
    enum FollowedDistance {
        /// Metres, all along (written as linear keyframes, merged into holds).
        case fixed(Double)
        /// Metres at each route time, written as cubic keyframes with the envelope's own rate.
        case envelope(DistanceEnvelope)
    }

    /// Appends `track` flown on the eased clock `warp`: flight time `t` (0...`warp.span`) shows the
    /// track at route time `track.start + warp.routeTime(at: t)`, and the last keyframe the track at
    /// `endRouteTime` exactly.
    ///
    /// Keyframes are ``FlightPlanner/followKeyframesPerSecond`` apart (at most
    /// ``FlightPlanner/maximumFollowKeyframes``); the centre, heading and elevation (and an envelope's
    /// distance) are cubics whose end velocities are the track's derivatives times the clock's rate,
    /// so the motion is velocity-continuous, and starts and ends at rest where the warp does. Nothing
    /// is appended for a warp spanning no time.
    /// - Complexity: O(k) for k keyframes.
    mutating func follow(_ track: FollowTrack, warp: ProgressWarp, endRouteTime: Double, distance: FollowedDistance,
                         pitch: Double) {
        let span = warp.span
        guard span > 0 else { return }
        let count = min(max(Int((span * FlightPlanner.followKeyframesPerSecond).rounded(.up)), 1), FlightPlanner.maximumFollowKeyframes)
        var previous = (track: track.state(atRouteTime: track.start), distance: distance.state(atRouteTime: track.start))
        var previousRate = warp.rate(at: 0)
        for j in 1...count {
            let t = j == count ? span : span * Double(j) / Double(count)
            let rate = warp.rate(at: t)
            let r = j == count ? endRouteTime : track.start + warp.routeTime(at: t)
            let state = track.state(atRouteTime: r), d = distance.state(atRouteTime: r)
            let v0 = previous.track.rate.scaled(by: previousRate), v1 = state.rate.scaled(by: rate)
            let distanceKind: CameraScript.Kind<Double>
            switch distance {
            case .fixed: distanceKind = .linear(.linear)
            case .envelope: distanceKind = .cubic(startVelocity: previous.distance.rate * previousRate, endVelocity: d.rate * rate)
            }
            step(duration: span / Double(count), center: state.value.centerCoordinate,
                 centerKind: .cubic(startVelocity: v0.centerCoordinate, endVelocity: v1.centerCoordinate),
                 heading: state.value.heading, headingKind: .cubic(startVelocity: v0.heading, endVelocity: v1.heading),
                 distance: d.value, distanceKind: distanceKind, pitch: pitch,
                 elevation: state.value.elevation, elevationKind: .cubic(startVelocity: v0.elevation, endVelocity: v1.elevation))
            previous = (state, d)
            previousRate = rate
        }
    }
}

extension ScriptBuilder.FollowedDistance {
    /// The distance (metres) at route time `r` and its rate (metres per route second; 0 when fixed).
    func state(atRouteTime r: Double) -> (value: Double, rate: Double) {
        switch self {
        case .fixed(let d): return (d, 0)
        case .envelope(let envelope): return envelope.state(atRouteTime: r)
        }
    }
}
