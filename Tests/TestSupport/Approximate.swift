import Foundation

// Shared by every test target (KeyframeAnimationTests among them): Foundation only.

/// `true` when `a` and `b` are within `absolute` of each other, or within `relative` times the larger
/// magnitude (the semantics of swift-numerics' `isApproximatelyEqual(to:absoluteTolerance:relativeTolerance:)`).
public func isClose(_ a: Double, _ b: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
    if a == b { return true }
    guard a.isFinite, b.isFinite else { return false }
    let scale = max(abs(a), abs(b))
    return abs(a - b) <= max(absolute, relative * scale)
}

/// The smallest angle between two headings, degrees, `0...180`.
public func angularDistance(_ a: Double, _ b: Double) -> Double {
    abs(remainder(a - b, 360))
}

/// `|a - b| <= tolerance`.
public func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
