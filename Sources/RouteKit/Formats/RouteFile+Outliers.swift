import Foundation

extension RouteFile.Result {
    /// This result with its route's outliers dealt with (``Route/outliers``, ``RouteOutliers``): wrapped
    /// heights corrected (a note), height spikes replaced and wild positions left out (a warning each, or
    /// one for all of more than `RouteOutliers.listedAtMost` of a kind), points of no fix at (0, 0) left
    /// out (one warning),
    /// every sentence naming the point as `path:line:column` where ``PointLocator`` finds it; the
    /// plausibility warnings worked out again on the corrected heights.
    ///
    /// - Parameters:
    ///   - input: The bytes the route was read from, to locate the points; `nil` names points by index.
    ///   - displayPath: The path as the user typed it.
    /// - Complexity: O(n log n) for n points, plus O(file size) when there is an outlier to locate.
    package func withoutOutliers(input: RouteInput?, displayPath: String?) -> RouteFile.Result {
        let outliers = route.outliers
        guard !outliers.isEmpty else { return self }
        let place = outliers.places(count: route.points.count, format: format, input: input, displayPath: displayPath)
        var cleaned = self
        cleaned.route = outliers.route
        cleaned.warnings = []
        cleaned.checkPlausibility()
        if let wrapped = outliers.wrapped { cleaned.notes.append(wrapped.sentence(place: place[wrapped.firstIndex])) }
        cleaned.warnings += outliers.heightSpikeSentences(place: place)
        cleaned.warnings += outliers.positionSentences(place: place)
        cleaned.warnings += outliers.noFixSentences(place: place)
        return cleaned
    }
}

extension RouteOutliers {
    /// `path:line:column` of each point the outliers name, where ``PointLocator`` finds it.
    package func places(count: Int, format: RouteFormat, input: RouteInput?, displayPath: String?) -> [Int: String] {
        let indices = Set(heightSpikes.map(\.index) + positions.map(\.index) + [wrapped?.firstIndex, noFixes.first].compactMap { $0 })
        guard let input else { return [:] }
        return PointLocator.locations(of: indices, count: count, format: format, in: input)
            .mapValues { SourceLocation(path: displayPath, line: $0.line, column: $0.column).description }
    }
}
