import Foundation

extension TerrainCheck {
    /// The findings about a route's own heights over a terrain model (issue 25, items 5 and 12):
    /// - `route-underground` (a warning), one for each `UndergroundStretch`, at its first point, its
    ///   depth measured with a geoid-sized offset removed (that offset is the next finding, not a tunnel);
    ///   more than `UndergroundStretch.listedAtMost` stretches are one finding, at the first (one cause);
    /// - `elevation-ellipsoidal` (a warning), once, when the route sits a near-constant offset the size
    ///   of the geoid undulation off the model (``GroundOffset/isGeoidSized(undulation:)``; the undulation
    ///   at the route's middle point, from `geoid`; without a geoid, not judged).
    ///
    /// - Parameters:
    ///   - route: The route as read, one point for each of the file's (indices are the file's).
    ///   - ground: The terrain model, heights in metres above the EGM96 geoid.
    ///   - geoid: The EGM96 geoid, for the undulation a geoid-sized offset is compared with; `nil`: the
    ///     `elevation-ellipsoidal` finding is not judged.
    ///   - ellipsoidalFix: What the `elevation-ellipsoidal` finding offers as the fix.
    /// - Complexity: O(n log n) for n points, plus O(n) ground lookups.
    public static func routeFindings(_ route: Route, ground: any ElevationModel, geoid: Geoid?,
                                     ellipsoidalFix: String = GroundOffset.ellipsoidalFix) -> [Finding] {
        let geoidSized = GroundOffset.geoidSized(route: route, ground: ground, geoid: geoid)
        let stretches = route.undergroundStretches(under: ground, removing: geoidSized?.offset.median ?? 0)
        var findings = UndergroundStretch.messages(stretches, routeLength: route.length).map { index, text in
            Finding(.warning, .routeUnderground, index: index, time: .recorded(route.points[index].time), sentence(text))
        }
        if let (offset, undulation) = geoidSized {
            findings.append(Finding(.warning, .elevationEllipsoidal, sentence(offset.geoidSizedDescription(undulation: undulation, fix: ellipsoidalFix))))
        }
        return findings
    }

    /// `text` with a capital first letter and a full stop, as a finding's message is.
    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
}
