import Foundation

/// Checks a flight against the ground: `terrain-clearance` and `line-of-sight` findings.
///
/// Every frame (at the check's frame rate) is assessed with `SightLine`; each run of consecutive
/// failing frames gives one finding, at its worst frame, with the metres missing:
/// - `terrain-clearance`: the eye is lower than `clearance` metres above the ground under it
///   (a warning), or below the ground itself (an error);
/// - `line-of-sight`: the ground rises above the line from the eye to the centre (a ridge hides the
///   route; a warning).
/// Frames over unknown ground (outside the terrain model) are not judged. The route's own heights over
/// a terrain model (`route-underground`, `elevation-ellipsoidal`): ``routeFindings(_:ground:geoid:ellipsoidalFix:)``.
public enum TerrainCheck {
    /// The findings for `flight` over `ground`.
    ///
    /// - Parameters:
    ///   - flight: The resolved flight; its camera is sampled at `framesPerSecond`.
    ///   - ground: The ground's heights, metres above the EGM96 geoid (a ``TerrainModel``, or the
    ///     route's own heights).
    ///   - clearance: Metres the eye should keep above the ground (>= 0).
    ///   - framesPerSecond: Frames checked per second of flight (> 0).
    /// - Complexity: O(f) ground lookups times `SightLine.samples` for f frames.
    public static func check(_ flight: ScriptedFlight, ground: any ElevationModel, clearance: Double,
                             framesPerSecond: Double) -> [Finding] {
        let sampler = PoseSampler(framesPerSecond: framesPerSecond)
        var findings: [Finding] = []
        var clearanceRun: (time: Double, missing: Double, frames: Int)? = nil
        var sightRun: (time: Double, blocked: Double, frames: Int)? = nil
        func closeClearance() {
            guard let run = clearanceRun else { return }
            let underground = run.missing > clearance
            findings.append(Finding(underground ? .error : .warning, .terrainClearance, time: .flight(run.time),
                "The eye is \(underground ? "\(FixedDecimal.string(run.missing - clearance, places: 1)) m below the ground" : "only \(FixedDecimal.string(clearance - run.missing, places: 1)) m above the ground") at \(FixedDecimal.string(run.time, places: 3)) s: \(FixedDecimal.string(run.missing, places: 1)) m short of the \(FixedDecimal.string(clearance, places: 0)) m clearance (\(run.frames) frame\(run.frames == 1 ? "" : "s") in a row)."))
            clearanceRun = nil
        }
        func closeSight() {
            guard let run = sightRun else { return }
            findings.append(Finding(.warning, .lineOfSight, time: .flight(run.time),
                "The ground hides the centre from the eye at \(FixedDecimal.string(run.time, places: 3)) s: it rises \(FixedDecimal.string(run.blocked, places: 1)) m above the line of sight (\(run.frames) frame\(run.frames == 1 ? "" : "s") in a row)."))
            sightRun = nil
        }
        _ = sampler.forEachPose(of: flight, eye: nil) { pose in
            let line = SightLine(camera: pose.camera, centerElevation: pose.centerElevation, ground: ground, clearance: clearance,
                                 exactness: .positiveValues)
            if let missing = line.clearanceMissing, missing > 0 {
                if let run = clearanceRun {
                    clearanceRun = missing > run.missing ? (pose.time, missing, run.frames + 1) : (run.time, run.missing, run.frames + 1)
                } else {
                    clearanceRun = (pose.time, missing, 1)
                }
            } else {
                closeClearance()
            }
            if let blocked = line.blocked, blocked > 0 {
                if let run = sightRun {
                    sightRun = blocked > run.blocked ? (pose.time, blocked, run.frames + 1) : (run.time, run.blocked, run.frames + 1)
                } else {
                    sightRun = (pose.time, blocked, 1)
                }
            } else {
                closeSight()
            }
            return true
        }
        closeClearance()
        closeSight()
        return findings
    }
}
