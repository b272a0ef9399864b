import Foundation

/// The capsule graph of the Landmarks "Hikes" tutorial, drawn from a ``RouteProfile`` as SVG.
///
/// Three panels, one per quantity: elevation (grey), heart rate (red) and pace (violet). In each panel
/// every bin with a value gets one vertical capsule spanning its `[low, high]` range, scaled to the
/// overall range of all the bins' ranges (the tutorial's `rangeOfRanges`: the lowest low to the highest
/// high; a range's `magnitude` is `high - low`): a capsule's height is `panelHeight * magnitude(range) /
/// magnitude(overall)` and its top sits `panelHeight * (overall.high - range.high) / magnitude(overall)`
/// below the panel's top, so higher values are drawn higher. A capsule is never shorter than it is
/// wide (a one-value range draws as a dot). The panel's label gives the overall range with its unit.
///
/// The output is a standalone SVG 1.1 document (UTF-8, `viewBox` in pixels), deterministic: numbers
/// with 2 decimals, no dates, no random ids.
package enum ProfileSVG {
    /// Width of the capsule area, pixels.
    static let plotWidth = 720.0
    /// Height of one panel's capsule area, pixels.
    static let panelHeight = 120.0

    /// Renders `profile`.
    ///
    /// - Parameters:
    ///   - profile: The binned profile to draw.
    ///   - title: The title line (the profile's name if `nil`).
    /// - Returns: The SVG document's UTF-8 bytes, ending in a newline.
    /// - Complexity: O(bins).
    package static func render(_ profile: RouteProfile, title: String? = nil) -> [UInt8] {
        document(height: graphHeight, content: graph(profile, title: title))
    }

    /// Renders several profiles one under another in one document, each graph as ``render(_:title:)``
    /// draws it (a `g` moved down by the heights above it).
    ///
    /// - Complexity: O(total bins).
    package static func render(_ profiles: [(profile: RouteProfile, title: String?)]) -> [UInt8] {
        let n = SVGText.n
        let content = profiles.enumerated().map { k, p in
            "  <g transform=\"translate(0,\(n(Double(k) * graphHeight)))\">\n" + graph(p.profile, title: p.title) + "  </g>\n"
        }.joined()
        return document(height: graphHeight * Double(profiles.count), content: content)
    }

    private static let left = 150.0, top = 50.0, gap = 40.0
    private static var graphWidth: Double { left + plotWidth + 30 }
    private static let panels: [(String, String, String, KeyPath<RouteProfile.Bin, ClosedRange<Double>?> & Sendable)] = [
        ("Elevation", "m", "#8e8e93", \.elevation),
        ("Heart rate", "bpm", "#d0342c", \.heartRate),
        ("Pace", "s/km", "#8e5cc9", \.pace),
    ]
    private static var graphHeight: Double { top + Double(panels.count) * (panelHeight + gap) + 10 }

    /// An SVG document `height` pixels high around `content`.
    private static func document(height: Double, content: String) -> [UInt8] {
        let n = SVGText.n
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(graphWidth))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(graphWidth)) \(n(height))\">\n"
        s += content
        s += "</svg>\n"
        return Array(s.utf8)
    }

    /// One profile's graph: its background, title and panels.
    private static func graph(_ profile: RouteProfile, title: String?) -> String {
        let (width, height) = (graphWidth, graphHeight)
        let n = SVGText.n
        var s = ""
        s += "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        let name = title ?? profile.name ?? "Route"
        s += "  <text x=\"20\" y=\"28\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#000000\">\(XMLText.escaped(name)): \(FixedDecimal.string(profile.length / 1000, places: 2)) km, \(profile.bins.count) bins of \(FixedDecimal.string(profile.options.binWidth, places: 0)) m</text>\n"
        let count = Double(profile.bins.count)
        let step = plotWidth / count
        let capsuleWidth = max(1, min(step * 0.6, 16))
        for (p, panel) in panels.enumerated() {
            let (label, unit, colour, key) = panel
            let y0 = top + Double(p) * (panelHeight + gap)
            let ranges = profile.bins.map { $0[keyPath: key] }
            let present = ranges.compactMap { $0 }
            s += "  <g id=\"\(label.lowercased().replacingOccurrences(of: " ", with: "-"))\">\n"
            s += "    <rect x=\"\(n(left))\" y=\"\(n(y0))\" width=\"\(n(plotWidth))\" height=\"\(n(panelHeight))\" fill=\"#f4f4f6\"/>\n"
            guard let low = present.map(\.lowerBound).min(), let high = present.map(\.upperBound).max() else {
                s += "    <text x=\"20\" y=\"\(n(y0 + 20))\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#000000\">\(label)</text>\n"
                s += "    <text x=\"20\" y=\"\(n(y0 + 38))\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#555555\">no data</text>\n  </g>\n"
                continue
            }
            s += "    <text x=\"20\" y=\"\(n(y0 + 20))\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#000000\">\(label) (\(unit))</text>\n"
            s += "    <text x=\"20\" y=\"\(n(y0 + 38))\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#555555\">\(FixedDecimal.string(low, places: 1)) to \(FixedDecimal.string(high, places: 1))</text>\n"
            let magnitude = high - low
            for (k, r) in ranges.enumerated() {
                guard let r else { continue }
                var h = magnitude > 0 ? panelHeight * (r.upperBound - r.lowerBound) / magnitude : panelHeight
                var y = magnitude > 0 ? y0 + panelHeight * (high - r.upperBound) / magnitude : y0
                if h < capsuleWidth {
                    // Keep the capsule centred on its range, inside the panel.
                    y = min(max(y + h / 2 - capsuleWidth / 2, y0), y0 + panelHeight - capsuleWidth)
                    h = capsuleWidth
                }
                let x = left + (Double(k) + 0.5) * step - capsuleWidth / 2
                s += "    <rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(capsuleWidth))\" height=\"\(n(h))\" rx=\"\(n(capsuleWidth / 2))\" fill=\"\(colour)\"/>\n"
            }
            s += "  </g>\n"
        }
        return s
    }
}
