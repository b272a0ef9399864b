import Foundation

// Foundation on Linux provides CGFloat, CGPoint, CGSize and CGRect. Their animatable data is the
// one SwiftUI declares (https://developer.apple.com/documentation/corefoundation/cgpoint/animatabledata
// and siblings): pairs of CGFloat components.

extension CGPoint: Animatable {
    /// `(x, y)`, in points.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// `(width, height)`, in points.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// `((origin.x, origin.y), (size.width, size.height))`, in points.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set {
            origin.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }
}
