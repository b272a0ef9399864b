extension RiderPosition {
    /// The rider's height on `datum`, metres: ``elevation`` (above sea level) as it is for
    /// ``VerticalDatum/orthometric``; for ``VerticalDatum/ellipsoidal``, plus the EGM96 undulation N
    /// **under the rider** (`h = H + N`, docs/renderers.md#heights-per-format) from `geoid`, or, without one,
    /// `fallbackUndulation` (the pose's undulation at its centre, which is 0 when the flight was sampled
    /// without a geoid: then sea level is taken as the ellipsoid, as for the centre's heights).
    ///
    /// - Complexity: O(1) (one PROJ grid lookup with a geoid).
    func height(on datum: VerticalDatum, geoid: Geoid?, fallbackUndulation: Double) -> Double {
        guard datum == .ellipsoidal else { return elevation }
        return elevation + (geoid?.undulation(at: coordinate) ?? fallbackUndulation)
    }
}

extension CameraPose {
    /// Rider `index`'s position in this pose: ``riders`` `[index]` when the riders are in rider order (as
    /// group samplers give them), else the one whose ``RiderPosition/rider`` is `index`, else `nil`.
    ///
    /// - Complexity: O(1) in rider order, else O(r) for r riders.
    func position(ofRider index: Int) -> RiderPosition? {
        if index < riders.count, riders[index].rider == index { return riders[index] }
        return riders.first { $0.rider == index }
    }
}
