import Foundation

/// A plot of a flight's motion over time, drawn as SVG from a ``MotionCheck/Result`` with a trace.
///
/// Four panels share the time axis (seconds): screen speed (screen heights per second), zoom rate
/// (`|d ln(distance)/dt|`, per second), turn rate and tilt rate (degrees per second, magnitudes). Each draws
/// the measure as a line (the trace's upper envelope when there are more frame steps than trace buckets),
/// its limit as a dashed red line, every run over the limit as a red band with a dot at the run's peak,
/// and a value beyond the panel's scale as an arrow with the value at the top. The panel's scale runs
/// from 0 to `1.25` times the limit, or to the peak if that is higher, but no further than 4 times the
/// limit (so one jump does not flatten the rest). Below them an event lane marks, in time, every
/// `motion-jump` (red), `motion-jolt` (orange) and `motion-eye-bob` (violet) run, and a start or end
/// that is `motion-not-at-rest` (grey).
///
/// The output is a standalone SVG 1.1 document (UTF-8, `viewBox` in pixels), deterministic: numbers with
/// 2 decimals, no dates, no random ids.
package enum MotionPlotSVG {
    static let plotWidth = 820.0
    static let panelHeight = 130.0
    /// Trace buckets that fill the plot's width at two per pixel.
    package static let traceBuckets = 1640

    /// Renders the motion of a checked flight.
    ///
    /// - Parameters:
    ///   - motion: The check's result; its ``MotionCheck/Result/trace`` must be present (an empty plot
    ///     says so otherwise).
    ///   - duration: The flight's length, seconds.
    ///   - framesPerSecond: The frame rate it was measured at.
    ///   - title: The title line.
    /// - Returns: The SVG document's UTF-8 bytes, ending in a newline.
    /// - Complexity: O(buckets + runs).
    package static func render(_ motion: MotionCheck.Result, duration: Double, framesPerSecond: Double, title: String) -> [UInt8] {
        let plot = MotionPlotFrame(duration: duration, framesPerSecond: framesPerSecond)
        var s = header(motion, plot, title: title)
        for (k, rate) in MotionTrace.Rate.allCases.enumerated() {
            s += panel(k, rate, motion, plot)
        }
        s += eventLane(motion, plot)
        s += "</svg>\n"
        return Array(s.utf8)
    }

    private static func n(_ v: Double) -> String { SVGText.n(v) }

    /// The XML declaration, the `<svg>` element, the background, the title and the counts line.
    private static func header(_ motion: MotionCheck.Result, _ plot: MotionPlotFrame, title: String) -> String {
        let width = plot.width, height = plot.height
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\">\n"
        s += "  <rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        s += "  <text x=\"20\" y=\"26\" font-size=\"16\" fill=\"#000000\">\(XMLText.escaped(title))</text>\n"
        let errors = motion.exceedances.filter { $0.measure == .screenStep }.count
        let warnings = motion.exceedances.count - errors
        s += "  <text x=\"20\" y=\"46\" font-size=\"12\" fill=\"#555555\">\(FixedDecimal.string(plot.duration, places: 3)) s measured at \(FixedDecimal.string(plot.framesPerSecond, places: 3)) fps: \(errors) jump\(errors == 1 ? "" : "s"), \(warnings) run\(warnings == 1 ? "" : "s") over a limit (red bands and dots; dashed red lines are the limits)</text>\n"
        return s
    }

    /// Panel `k`, of `rate`: background, caption, axes, runs over the limit, the limit, the trace and the
    /// runs' peaks.
    private static func panel(_ k: Int, _ rate: MotionTrace.Rate, _ motion: MotionCheck.Result, _ plot: MotionPlotFrame) -> String {
        let p = MotionPanel(k, rate, motion, plot)
        let label = ["Screen speed", "Zoom rate |d ln(distance)/dt|", "Turn rate |heading change|", "Tilt rate |pitch change|"][k]
        let unit = ["screen heights per second", "per second", "degrees per second", "degrees per second"][k]
        let left = MotionPlotFrame.left
        var s = "  <g id=\"\(["screen-speed", "zoom-rate", "turn-rate", "tilt-rate"][k])\">\n"
        s += "    <rect x=\"\(n(left))\" y=\"\(n(p.y0))\" width=\"\(n(plotWidth))\" height=\"\(n(panelHeight))\" fill=\"#f4f4f6\"/>\n"
        let peakPoint = p.points.max { $0.value < $1.value }
        var caption = "\(label), \(unit): peak \(FixedDecimal.string(p.peak, places: p.places))"
        if let peakPoint { caption += " at \(FixedDecimal.string(peakPoint.time, places: 3)) s" }
        if let limit = p.limit { caption += "; limit \(FixedDecimal.string(limit, places: p.places))" }
        s += "    <text x=\"\(n(left))\" y=\"\(n(p.y0 - 8))\" font-size=\"13\" fill=\"#000000\">\(XMLText.escaped(caption))</text>\n"
        s += panelAxes(k, p, plot)
        s += panelData(p, motion, plot)
        s += "  </g>\n"
        return s
    }

    /// A panel's axes: time ticks and grid, value ticks, and the axis names.
    private static func panelAxes(_ k: Int, _ p: MotionPanel, _ plot: MotionPlotFrame) -> String {
        let left = MotionPlotFrame.left, y0 = p.y0
        var s = ""
        for t in plot.timeTicks {
            s += "    <line x1=\"\(n(plot.x(t)))\" y1=\"\(n(y0))\" x2=\"\(n(plot.x(t)))\" y2=\"\(n(y0 + panelHeight))\" stroke=\"#ffffff\" stroke-width=\"1\"/>\n"
            s += "    <text x=\"\(n(plot.x(t)))\" y=\"\(n(y0 + panelHeight + 14))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"middle\">\(tickText(t))</text>\n"
        }
        for v in p.yTicks {
            s += "    <line x1=\"\(n(left - 4))\" y1=\"\(n(p.y(v)))\" x2=\"\(n(left))\" y2=\"\(n(p.y(v)))\" stroke=\"#555555\" stroke-width=\"1\"/>\n"
            s += "    <text x=\"\(n(left - 7))\" y=\"\(n(p.y(v) + 3.5))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"end\">\(tickText(v))</text>\n"
        }
        s += "    <text x=\"\(n(left + plotWidth))\" y=\"\(n(y0 + panelHeight + 28))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"end\">time (s)</text>\n"
        let yUnit = ["screen heights/s", "1/s", "deg/s", "deg/s"][k]
        s += "    <text x=\"\(n(24))\" y=\"\(n(y0 + panelHeight / 2))\" font-size=\"11\" fill=\"#555555\" text-anchor=\"middle\" transform=\"rotate(-90 24 \(n(y0 + panelHeight / 2)))\">\(yUnit)</text>\n"
        return s
    }

    /// A panel's runs over the limit (a band over their time span, half a frame step either side), its
    /// limit line, its trace, and a dot at each run's peak (an arrow and the value when off the scale).
    private static func panelData(_ p: MotionPanel, _ motion: MotionCheck.Result, _ plot: MotionPlotFrame) -> String {
        let left = MotionPlotFrame.left, y0 = p.y0
        var s = ""
        let runs = motion.exceedances.filter { $0.measure == p.measure }
        let halfStep = 0.5 / plot.framesPerSecond
        for r in runs {
            let x1 = plot.x(r.start - halfStep), x2 = plot.x(r.end + halfStep)
            s += "    <rect x=\"\(n(x1))\" y=\"\(n(y0))\" width=\"\(n(max(x2 - x1, 1)))\" height=\"\(n(panelHeight))\" fill=\"#d0342c\" fill-opacity=\"0.18\"/>\n"
        }
        if let limit = p.limit {
            s += "    <line x1=\"\(n(left))\" y1=\"\(n(p.y(limit)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(p.y(limit)))\" stroke=\"#d0342c\" stroke-width=\"1\" stroke-dasharray=\"6 4\"/>\n"
        }
        if !p.points.isEmpty {
            let path = p.points.map { "\(n(plot.x($0.time))),\(n(p.y($0.value)))" }.joined(separator: " ")
            s += "    <polyline points=\"\(path)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n"
        }
        for r in runs {
            let v = abs(r.peak)
            s += "    <circle cx=\"\(n(plot.x(r.peakTime)))\" cy=\"\(n(p.y(v)))\" r=\"3.5\" fill=\"#d0342c\"/>\n"
            if v > p.scale {
                s += "    <text x=\"\(n(plot.x(r.peakTime) + 6))\" y=\"\(n(y0 + 14))\" font-size=\"10\" fill=\"#d0342c\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\u{2191} \(FixedDecimal.string(v, places: p.places))</text>\n"
            }
        }
        return s
    }

    /// The event lane: jumps, jolts and eye bobs, then the start or end not at rest, and the time axis.
    private static func eventLane(_ motion: MotionCheck.Result, _ plot: MotionPlotFrame) -> String {
        let left = MotionPlotFrame.left, laneHeight = MotionPlotFrame.laneHeight, x = plot.x
        let fps = plot.framesPerSecond
        let y0 = plot.laneTop
        var s = "  <g id=\"events\">\n"
        s += "    <text x=\"\(n(left))\" y=\"\(n(y0 - 8))\" font-size=\"13\" fill=\"#000000\">Events: motion-jump (red), motion-jolt (orange), motion-eye-bob (violet), motion-not-at-rest (grey)</text>\n"
        s += "    <rect x=\"\(n(left))\" y=\"\(n(y0))\" width=\"\(n(plotWidth))\" height=\"\(n(laneHeight))\" fill=\"#f4f4f6\"/>\n"
        let lanes: [(String, String, (MotionCheck.Measure) -> Bool)] = [
            ("jump", "#d0342c", { $0 == .screenStep }),
            ("jolt", "#e07b00", { [.screenAcceleration, .zoomAcceleration, .turnAcceleration, .tiltAcceleration].contains($0) }),
            ("eye bob", "#8e5cc9", { $0 == .eyeAcceleration }),
        ]
        let row = laneHeight / 4
        for (k, lane) in lanes.enumerated() {
            let ly = y0 + Double(k) * row
            s += "    <text x=\"\(n(left - 7))\" y=\"\(n(ly + row / 2 + 3.5))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"end\">\(lane.0)</text>\n"
            for r in motion.exceedances where lane.2(r.measure) {
                let x1 = x(r.start - 0.5 / fps), x2 = x(r.end + 0.5 / fps)
                s += "    <rect x=\"\(n(x1))\" y=\"\(n(ly + 2))\" width=\"\(n(max(x2 - x1, 2)))\" height=\"\(n(row - 4))\" fill=\"\(lane.1)\"/>\n"
            }
        }
        // Not at rest: the first or last frame step, from the findings.
        let ry = y0 + 3 * row
        s += "    <text x=\"\(n(left - 7))\" y=\"\(n(ry + row / 2 + 3.5))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"end\">not at rest</text>\n"
        for f in motion.findings where f.code == .motionNotAtRest {
            guard case .flight(let t)? = f.time else { continue }
            let x1 = x(t - 0.5 / fps), x2 = x(t + 0.5 / fps)
            s += "    <rect x=\"\(n(x1))\" y=\"\(n(ry + 2))\" width=\"\(n(max(x2 - x1, 2)))\" height=\"\(n(row - 4))\" fill=\"#7a7a80\"/>\n"
        }
        for t in plot.timeTicks {
            s += "    <text x=\"\(n(x(t)))\" y=\"\(n(y0 + laneHeight + 14))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"middle\">\(tickText(t))</text>\n"
        }
        s += "    <text x=\"\(n(left + plotWidth))\" y=\"\(n(y0 + laneHeight + 28))\" font-size=\"10\" fill=\"#555555\" text-anchor=\"end\">time (s)</text>\n"
        s += "  </g>\n"
        return s
    }

    /// Tick values from 0 to at least `maximum`, at a step of 1, 2, 2.5 or 5 times a power of ten, about
    /// five of them.
    static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0] }
        let raw = maximum / 5
        let exponent = floor(log10(raw))
        // k * mantissa, scaled by the power of ten, dividing for negative powers so that 3 * 0.2 is 0.6.
        func scaled(_ v: Double) -> Double { exponent < 0 ? v / pow(10, -exponent) : v * pow(10, exponent) }
        let mantissa = [1.0, 2, 2.5, 5, 10].first { scaled($0) >= raw } ?? 10
        var values: [Double] = []
        var k = 0.0
        while scaled(k * mantissa) <= maximum * (1 + 1e-9) { values.append(scaled(k * mantissa)); k += 1 }
        return values
    }

    /// A tick's label: as few decimals as it needs (at most 3).
    static func tickText(_ v: Double) -> String {
        for places in 0...3 {
            let text = FixedDecimal.string(v, places: places)
            if abs((Double(text) ?? v) - v) < 1e-9 * max(1, abs(v)) { return text }
        }
        return FixedDecimal.string(v, places: 3)
    }
}

/// The plot's size, margins and time axis, pixels and seconds.
private struct MotionPlotFrame {
    static let left = 96.0, top = 84.0, gap = 52.0, laneHeight = 72.0
    let duration: Double
    let framesPerSecond: Double
    let width: Double
    let height: Double
    /// The time axis' ticks, seconds.
    let timeTicks: [Double]
    private let span: Double

    init(duration: Double, framesPerSecond: Double) {
        self.duration = duration
        self.framesPerSecond = framesPerSecond
        let rates = MotionTrace.Rate.allCases
        width = Self.left + MotionPlotSVG.plotWidth + 40
        height = Self.top + Double(rates.count) * (MotionPlotSVG.panelHeight + Self.gap) + Self.laneHeight + 50
        span = max(duration, 1e-9)
        timeTicks = MotionPlotSVG.ticks(upTo: duration)
    }

    /// The x of time `t` (seconds), clamped to the plot.
    func x(_ t: Double) -> Double { Self.left + MotionPlotSVG.plotWidth * min(max(t / span, 0), 1) }

    /// The top of panel `k`, pixels.
    func panelTop(_ k: Int) -> Double { Self.top + Double(k) * (MotionPlotSVG.panelHeight + Self.gap) }

    /// The top of the event lane, below the panels, pixels.
    var laneTop: Double { panelTop(MotionTrace.Rate.allCases.count) }
}

/// One panel's measure, trace and value scale.
private struct MotionPanel {
    let measure: MotionCheck.Measure
    let y0: Double
    let points: [MotionTrace.Point]
    let peak: Double
    let limit: Double?
    /// The value at the panel's top: 1.25 times the limit, or the peak up to 4 times the limit, rounded
    /// up to the last value tick.
    let scale: Double
    let yTicks: [Double]
    /// Decimals of the caption's values.
    let places: Int

    init(_ k: Int, _ rate: MotionTrace.Rate, _ motion: MotionCheck.Result, _ plot: MotionPlotFrame) {
        let m = rate.measure
        measure = m
        y0 = plot.panelTop(k)
        points = motion.trace?.points(rate) ?? []
        let peak = points.map(\.value).max() ?? 0
        self.peak = peak
        let limit = m.limit(in: motion.limits)
        self.limit = limit
        var scale = limit.map { max($0 * 1.25, min(peak, $0 * 4)) } ?? peak
        if !(scale > 0) { scale = 1 }
        yTicks = MotionPlotSVG.ticks(upTo: scale)
        self.scale = max(scale, yTicks.last ?? scale)
        places = m == .turnRate || m == .tiltRate ? 1 : 3
    }

    /// The y of value `v`, clamped to the panel.
    func y(_ v: Double) -> Double { y0 + MotionPlotSVG.panelHeight * (1 - min(max(v / scale, 0), 1)) }
}
