import Foundation

/// The smallest and largest of a window of values that slides forward (both ends only ever move on),
/// kept with two monotone queues of indices (the "ascending minima" method: Lemire 2006, "Streaming
/// maximum-minimum filter using no more than three comparisons per element", Nordic J. Computing
/// 13(4)): each index enters and leaves each queue once, so a slide over n values costs O(n) reads in
/// all, O(1) amortised per step.
///
/// A NaN has no place in either order: a window holding one has no ``spread``.
struct SlidingExtremes {
    /// Indices and values, the values increasing (front: the window's minimum).
    private var minima: [(index: Int, value: Double)] = []
    /// Indices and values, the values decreasing (front: the window's maximum).
    private var maxima: [(index: Int, value: Double)] = []
    private var minimaFront = 0, maximaFront = 0
    /// The next index to enter, and the first still in the window.
    private var end = 0, start = 0

    /// An empty window at `index` (the first window it slides to starts there or later).
    init(at index: Int = 0) {
        end = index
        start = index
    }
    /// The last NaN that entered, or -1.
    private var lastNaN = -1

    /// Slides the window to `window` (its bounds no smaller than the previous window's), reading each
    /// value that enters once, through `value`.
    mutating func slide(to window: Range<Int>, value: (Int) -> Double) {
        precondition(window.lowerBound >= start && window.upperBound >= end, "the window only slides forward")
        while end < window.upperBound {
            let x = value(end)
            if x.isNaN {
                lastNaN = end
            } else {
                while minima.count > minimaFront, minima[minima.count - 1].value >= x { minima.removeLast() }
                while maxima.count > maximaFront, maxima[maxima.count - 1].value <= x { maxima.removeLast() }
                minima.append((end, x))
                maxima.append((end, x))
            }
            end += 1
        }
        start = window.lowerBound
        while minimaFront < minima.count, minima[minimaFront].index < start { minimaFront += 1 }
        while maximaFront < maxima.count, maxima[maximaFront].index < start { maximaFront += 1 }
        compact()
    }

    /// The largest minus the smallest value of the window (rounded once), or `nil` for an empty window
    /// or one holding a NaN. No subset of the window spreads wider.
    var spread: Double? {
        guard lastNaN < start, minimaFront < minima.count, maximaFront < maxima.count else { return nil }
        return maxima[maximaFront].value - minima[minimaFront].value
    }

    /// Drops the indices that left the queues' fronts once they are half of each array.
    private mutating func compact() {
        if minimaFront > 64, minimaFront * 2 > minima.count {
            minima.removeFirst(minimaFront)
            minimaFront = 0
        }
        if maximaFront > 64, maximaFront * 2 > maxima.count {
            maxima.removeFirst(maximaFront)
            maximaFront = 0
        }
    }
}
