import Foundation

/// A keyframe track after resolution: a list of elements with precomputed start and end values,
/// tangents, durations and cumulative end times, evaluated by binary search.
///
/// This is RouteKit's counterpart of SwiftUICore's internal `AnimationPath` (docs/keyframes.md#the-model; names
/// confirmed by the decompiled symbols, structure from DanceUI). It works on the animatable data
/// `V` of the track's property. Built once per track by ``KeyframeTimeline``'s initialiser (see
/// `AnimationPath+Resolution.swift` for the rules); evaluation never allocates.
@usableFromInline
struct AnimationPath<V: VectorArithmetic> {
    /// One resolved segment of the path.
    @usableFromInline
    enum Element {
        /// A cubic Hermite curve in segment progress, reparametrised by a timing curve (linear and
        /// cubic keyframes).
        case curve(HermiteCurve<V>, duration: Double, timingCurve: UnitCurve)
        /// `from + spring.value(target: displacement, initialVelocity:, time:)`, cut at `duration`.
        case spring(SpringElement)
        /// A jump to the value; zero duration.
        case move(V)
    }

    /// A resolved spring segment; `end` is where the spring really is at `duration`.
    @usableFromInline
    struct SpringElement {
        var from: V
        var displacement: V
        var initialVelocity: V
        var spring: Spring
        var duration: Double
        var end: V
    }

    /// The elements in time order.
    @usableFromInline
    let elements: [Element]
    /// `endTimes[i]` is the sum of the durations of elements `0...i`, seconds (non-decreasing).
    @usableFromInline
    let endTimes: [Double]
    /// The value held after the last element: its end (not the target after a cut spring).
    @usableFromInline
    let finalValue: V?

    /// The sum of all element durations, in seconds (0 for an empty path).
    @usableFromInline
    var duration: Double { endTimes.last ?? 0 }

    init(elements: [Element]) {
        self.elements = elements
        var endTimes: [Double] = []
        endTimes.reserveCapacity(elements.count)
        var time = 0.0
        for element in elements {
            time += element.duration
            endTimes.append(time)
        }
        self.endTimes = endTimes
        self.finalValue = elements.last?.end
    }

    /// The path's value at `time` seconds, or `nil` for a path with no elements (a track with no
    /// keyframes leaves its property alone, docs/keyframes.md#tracks-and-timelines).
    ///
    /// - Times before 0 are clamped to 0 (docs/keyframes.md#times-before-zero: identical to SwiftUI except for a
    ///   leading spring, which SwiftUI extrapolates).
    /// - An element handles `time` when `time ≤` its end time, searched in order (the strict
    ///   comparison of docs/keyframes.md#move-keyframes): at a move's time the previous element still answers.
    /// - After the last element the path holds ``finalValue``.
    ///
    /// - Complexity: O(log n) for n elements; no allocation. Specialised (`@_specialize`, as
    ///   OpenSwiftUI does for its animations) for `Double`, `CGFloat` and their pairs, which the
    ///   generic entry point dispatches to at run time.
    @_specialize(exported: false, where V == Double)
    @_specialize(exported: false, where V == AnimatablePair<Double, Double>)
    @_specialize(exported: false, where V == CGFloat)
    @_specialize(exported: false, where V == AnimatablePair<CGFloat, CGFloat>)
    func value(at time: Double) -> V? {
        guard let finalValue else { return nil }
        let t = time > 0 ? time : 0
        let index = endTimes.withUnsafeBufferPointer { ends -> Int in
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low &+ high) >> 1
                if ends[middle] >= t { high = middle } else { low = middle &+ 1 }
            }
            return low
        }
        if index == endTimes.count { return finalValue }
        let start = index == 0 ? 0 : endTimes[index - 1]
        return elements[index].value(at: t - start)
    }
}

extension AnimationPath.Element {
    /// Seconds.
    @usableFromInline
    var duration: Double {
        switch self {
        case let .curve(_, duration, _): return duration
        case let .spring(spring): return spring.duration
        case .move: return 0
        }
    }

    /// The value at the end of the element.
    @usableFromInline
    var end: V {
        switch self {
        case let .curve(curve, _, _): return curve.end
        case let .spring(spring): return spring.end
        case let .move(value): return value
        }
    }

    /// The value `localTime` seconds after the element's start.
    ///
    /// A zero-duration curve element answers its end value (SwiftUI would compute `0/0`;
    /// docs/keyframes.md#tracks-and-timelines notes one port returns the target, which RouteKit does too).
    func value(at localTime: Double) -> V {
        switch self {
        case let .curve(curve, duration, timingCurve):
            guard duration > 0 else { return curve.end }
            var progress = Swift.min(Swift.max(localTime / duration, 0), 1)
            if !timingCurve.isLinear { progress = timingCurve.value(at: progress) }
            return curve.value(at: progress)
        case let .spring(element):
            return element.from + element.spring.value(
                target: element.displacement, initialVelocity: element.initialVelocity, time: localTime)
        case let .move(value):
            return value
        }
    }
}

/// A cubic Hermite curve from `start` to `end` with tangents per unit of progress
/// (docs/keyframes.md#cubic-keyframes; coefficients as SwiftUICore's `HermiteCurve.value(at:)`):
/// `x(u) = h00·p0 + h01·p1 + h10·m0 + h11·m1` with `h00 = 2u³ − 3u² + 1`, `h01 = 3u² − 2u³`,
/// `h10 = u³ − 2u² + u`, `h11 = u³ − u²`.
@usableFromInline
struct HermiteCurve<V: VectorArithmetic> {
    @usableFromInline var start: V
    @usableFromInline var end: V
    @usableFromInline var startTangent: V
    @usableFromInline var endTangent: V

    @usableFromInline
    init(start: V, end: V, startTangent: V, endTangent: V) {
        self.start = start
        self.end = end
        self.startTangent = startTangent
        self.endTangent = endTangent
    }

    /// The point at progress `u` (dimensionless, `0...1`).
    @inlinable
    func value(at u: Double) -> V {
        let u2 = u * u
        let u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1
        let h01 = 3 * u2 - 2 * u3
        let h10 = u3 - 2 * u2 + u
        let h11 = u3 - u2
        var result = start.scaled(by: h00)
        result += end.scaled(by: h01)
        result += startTangent.scaled(by: h10)
        result += endTangent.scaled(by: h11)
        return result
    }

    /// `dx/du` at progress `u`: `(6u²−6u)·p0 + (6u−6u²)·p1 + (3u²−4u+1)·m0 + (3u²−2u)·m1`.
    /// Divide by the segment's duration for value units per second.
    @inlinable
    func derivative(at u: Double) -> V {
        let u2 = u * u
        var result = start.scaled(by: 6 * u2 - 6 * u)
        result += end.scaled(by: 6 * u - 6 * u2)
        result += startTangent.scaled(by: 3 * u2 - 4 * u + 1)
        result += endTangent.scaled(by: 3 * u2 - 2 * u)
        return result
    }
}

extension AnimationPath: @unchecked Sendable where V: Sendable {}
