import Foundation

/// A type whose values can be interpolated through a ``VectorArithmetic`` representation.
///
/// Same name and requirements as SwiftUI's `Animatable`
/// (https://developer.apple.com/documentation/swiftui/animatable). A keyframe track on a property
/// of type `Value` reads `value.animatableData` once when the timeline is built, interpolates in
/// `AnimatableData` space, and writes `animatableData` back for every evaluated time.
///
/// Conformances provided here: `Double`, `Float`, `CGFloat` (their own animatable data),
/// `CGPoint` and `CGSize` (`AnimatablePair<CGFloat, CGFloat>`, as in SwiftUI), `CGRect`,
/// ``AnimatablePair`` and ``EmptyAnimatableData``.
public protocol Animatable {
    /// The vector the value is interpolated in. Velocities of an animated `Self` are values of
    /// this type, in its units per second.
    associatedtype AnimatableData: VectorArithmetic

    /// The value as a vector. Setting it must make `self` represent that vector, so that
    /// `value.animatableData = value.animatableData` leaves `value` unchanged.
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector type is its own animatable data.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// A type with no animatable data: reads give ``EmptyAnimatableData``, writes are ignored.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}
