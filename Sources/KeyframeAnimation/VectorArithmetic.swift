import Foundation

/// A type that can be added, subtracted and scaled by a real number: the space in which
/// RouteKit interpolates animated values.
///
/// Same name, requirements and extension methods as SwiftUI's `VectorArithmetic`
/// (https://developer.apple.com/documentation/swiftui/vectorarithmetic), so code written against
/// SwiftUI compiles unchanged. Keyframe tangents, spring displacements and velocities are all
/// values of this type: a velocity is "value units per second".
///
/// Conformances provided here: `Double`, `Float`, `CGFloat`, ``AnimatablePair`` and
/// ``EmptyAnimatableData``.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs` (a dimensionless factor, any finite value).
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself: the square of its Euclidean length, in squared
    /// value units (≥ 0). Springs use it to measure how far a vector is from its target.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns a copy with every component multiplied by `rhs` (dimensionless).
    ///
    /// - Complexity: O(number of components).
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Moves `self` by `amount` of the way towards `other`: `self + (other - self) * amount`.
    ///
    /// `amount` is dimensionless; `0` leaves `self`, `1` gives `other`, and values outside `0...1`
    /// extrapolate along the same line.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        var step = other - self
        step.scale(by: amount)
        self += step
    }

    /// Returns `self + (other - self) * amount` (see ``interpolate(towards:amount:)``).
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var result = self
        result.interpolate(towards: other, amount: amount)
        return result
    }
}

extension Double: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    /// `self * self`.
    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    /// Multiplies the value by `Float(rhs)`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }

    /// `self * self`, widened to `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// `self * self`, as a `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
