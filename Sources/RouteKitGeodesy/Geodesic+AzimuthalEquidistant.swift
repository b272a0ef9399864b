import Foundation

extension Geodesic {
    /// East and north metres of `coordinate` in the azimuthal equidistant projection around `center`:
    /// `(s sin a, s cos a)` for the geodesic distance `s` and initial azimuth `a` from the centre
    /// (Karney 2013, through ``inverse(from:to:)``). `(0, 0)` for the centre itself, or when the
    /// inverse problem gives no finite answer.
    ///
    /// - Complexity: O(1), one inverse geodesic problem.
    package func azimuthalEquidistant(_ coordinate: LocationCoordinate2D, around center: LocationCoordinate2D) -> (east: Double, north: Double) {
        let inverse = self.inverse(from: center, to: coordinate)
        guard inverse.distance > 0, inverse.distance.isFinite, inverse.initialAzimuth.isFinite else { return (0, 0) }
        let a = inverse.initialAzimuth * .pi / 180
        return (inverse.distance * sin(a), inverse.distance * cos(a))
    }
}
