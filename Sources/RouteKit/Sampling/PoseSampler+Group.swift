extension PoseSampler {
    /// Samples a group flight: the camera as the scripted-flight `forEachPose(of:eye:_:)` samples it,
    /// each pose carrying every rider's position at its frame (``CameraPose/riders``, in rider order,
    /// from ``GroupFlight/riders(atFlightTime:)``). Frames run to ``GroupFlight/duration``.
    ///
    /// - Complexity: O(f (log k + r log n)) time for f frames, k keyframes and r riders of n points;
    ///   O(r) memory.
    public func forEachPose(of group: GroupFlight, eye: EyePosition.Model?, _ body: (CameraPose) -> Bool) -> Summary {
        forEachPose(of: group.flight, eye: eye) { pose in
            var pose = pose
            pose.riders = group.riders(atFlightTime: pose.time)
            pose.routeReading = nil
            return body(pose)
        }
    }
}
