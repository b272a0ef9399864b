import Foundation

extension RouteCheck {
    /// The findings for a route's outliers (``RouteOutliers``), one per outlier: `elevation-wrapped` (a
    /// note, once, at the first wrapped height), `elevation-spike` (a warning per spike) and
    /// `position-outlier` (a warning per wild position), each naming the point as `places` gives it
    /// (`path:line:column`) and what every command does with it.
    ///
    /// - Complexity: O(k) for k outliers.
    package static func findings(for outliers: RouteOutliers, places: [Int: String] = [:]) -> [Finding] {
        let points = outliers.correctedHeights.points
        func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
        var findings: [Finding] = []
        if let wrapped = outliers.wrapped {
            findings.append(Finding(.note, .elevationWrapped, index: wrapped.firstIndex, time: .recorded(points[wrapped.firstIndex].time),
                                    sentence(wrapped.sentence(place: places[wrapped.firstIndex]))))
        }
        for spike in outliers.heightSpikes {
            findings.append(Finding(.warning, .elevationSpike, index: spike.index, time: .recorded(points[spike.index].time),
                                    sentence(spike.sentence(place: places[spike.index]))))
        }
        for wild in outliers.positions {
            findings.append(Finding(.warning, .positionOutlier, index: wild.index, time: .recorded(points[wild.index].time),
                                    sentence(wild.sentence(place: places[wild.index]))))
        }
        return findings
    }

    /// `findings` without the `jump` and `speed-implausible` findings on the legs into and out of each
    /// recognised wild position (``RouteOutliers/positions``) and point of no fix (``RouteOutliers/noFixes``):
    /// the `position-outlier` and `null-island` findings name those points, one cause and one finding. A leg's finding is at its end, so the legs of the wild point `i`
    /// are those reported at `i` and `i + 1`.
    ///
    /// - Complexity: O(n + k) for n findings and k wild positions.
    package static func withoutLegsOfWildPositions(_ findings: [Finding], outliers: RouteOutliers) -> [Finding] {
        guard !outliers.positions.isEmpty || !outliers.noFixes.isEmpty else { return findings }
        let legEnds = Set((outliers.positions.map(\.index) + outliers.noFixes).flatMap { [$0, $0 + 1] })
        return findings.filter { finding in
            guard finding.code == .jump || finding.code == .speedImplausible, let index = finding.index else { return true }
            return !legEnds.contains(index)
        }
    }
}
