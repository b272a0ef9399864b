import Foundation

/// A point in a unit square: `x` and `y` are fractions, where `(0, 0)` and `(1, 1)` are opposite
/// corners.
///
/// Same name and members as SwiftUI's `UnitPoint`
/// (https://developer.apple.com/documentation/swiftui/unitpoint). RouteKit uses it for the control
/// points of ``UnitCurve/bezier(startControlPoint:endControlPoint:)``, where `x` is input progress
/// and `y` output progress. SwiftUI's top-left origin convention is kept for the named points.
public struct UnitPoint: Hashable, Sendable {
    /// Horizontal fraction (dimensionless; usually `0...1`).
    public var x: CGFloat
    /// Vertical fraction (dimensionless; usually `0...1`).
    public var y: CGFloat

    /// `(0, 0)`.
    @inlinable
    public init() { self.init(x: 0, y: 0) }

    /// Creates a point from its two fractions.
    @inlinable
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// `(0, 0)`.
    public static let zero = UnitPoint(x: 0, y: 0)
    /// `(0.5, 0.5)`.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// `(0, 0.5)`.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// `(1, 0.5)`.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// `(0.5, 0)`.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// `(0.5, 1)`.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// `(0, 0)`.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// `(1, 0)`.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// `(0, 1)`.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// `(1, 1)`.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension UnitPoint: Animatable {
    /// `(x, y)`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}
