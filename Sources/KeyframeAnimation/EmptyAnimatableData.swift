/// The animatable data of a type that has nothing to animate: a zero-dimensional vector.
///
/// Same name as SwiftUI's `EmptyAnimatableData`
/// (https://developer.apple.com/documentation/swiftui/emptyanimatabledata). Every operation returns
/// the single value; `magnitudeSquared` is 0.
public struct EmptyAnimatableData: VectorArithmetic, Animatable, Hashable, Sendable {
    /// The only value.
    @inlinable
    public init() {}

    @inlinable
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }

    @inlinable
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }

    @inlinable
    public static func += (lhs: inout EmptyAnimatableData, rhs: EmptyAnimatableData) {}

    @inlinable
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }

    @inlinable
    public static func -= (lhs: inout EmptyAnimatableData, rhs: EmptyAnimatableData) {}

    /// Does nothing.
    @inlinable
    public mutating func scale(by rhs: Double) {}

    /// Always 0.
    @inlinable
    public var magnitudeSquared: Double { 0 }

    /// Itself.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { self }
        set {}
    }
}
