import Foundation
import Testing
@testable import RouteKit

// Reference values: python3 (math module), docs/camera.md#the-fly-to-path's formulas exactly as written (the ln form of r_i,
// the tanh form of u):
//
//   def fly(w0,w1,u1,rho=1.42):
//       b=lambda i:(w1*w1-w0*w0+(-1)**i*rho**4*u1*u1)/(2*(w0 if i==0 else w1)*rho*rho*u1)
//       r=lambda i:math.log(-b(i)+math.sqrt(b(i)**2+1))
//       r0,r1=r(0),r(1); S=(r1-r0)/rho
//       w=lambda s:w0*math.cosh(r0)/math.cosh(rho*s+r0)
//       u=lambda s:w0/rho**2*(math.cosh(r0)*math.tanh(rho*s+r0)-math.sinh(r0))
//
//   fly(1000, 500, 20000): r0 -3.697199629213819, r1 4.39080778870573, S 5.695779871774331,
//     w(S/4) 7301.989397131507, u(S/4) 665.8693750518605, w(S/2) 19023.947388021534, u(S/2) 13333.33333333322,
//     peak w0 cosh(r0) 20179.49410829582
//   fly(3000, 3000, 1e6, rho=1): S 11.618303980390259, w(S/2) 500008.9999216011, u(S/2) 500000.00000129995
//   pure zoom 1000 -> 8000, rho 1.42: S = |ln 8| / 1.42 = 1.4643954518872084
@Suite struct FlyToPathTests {
    private let a = FlyToPath.Point(100, 200)
    private let b = FlyToPath.Point(100 + 12000, 200 + 16000)  // 20 km away, direction (0.6, 0.8)

    @Test func matchesTheClosedForm() {
        let path = FlyToPath(from: a, fromWidth: 1000, to: b, toWidth: 500)
        #expect(path.panDistance == 20000)
        #expect(isClose(path.length, 5.695779871774331, relative: 1e-12))
        let s4 = path.length / 4, s2 = path.length / 2
        #expect(isClose(path.width(at: s4), 7301.989397131507, relative: 1e-11))
        #expect(isClose(path.distance(at: s4), 665.8693750518605, relative: 1e-11))
        #expect(isClose(path.width(at: s2), 19023.947388021534, relative: 1e-11))
        #expect(isClose(path.distance(at: s2), 13333.33333333322, relative: 1e-11))
        let p = path.point(at: s2)
        #expect(isClose(p.x, 100 + 0.6 * 13333.33333333322, relative: 1e-11))
        #expect(isClose(p.y, 200 + 0.8 * 13333.33333333322, relative: 1e-11))
        #expect(isClose(path.peakWidth, 20179.49410829582, relative: 1e-11))
        // Just inside the end, the formula (not the clamp) already reaches the end values.
        let nearEnd = path.length * (1 - 1e-12)
        #expect(isClose(path.distance(at: nearEnd), 20000, relative: 1e-9))
        #expect(isClose(path.width(at: nearEnd), 500, relative: 1e-9))
        let other = FlyToPath(from: .zero, fromWidth: 3000, to: FlyToPath.Point(1e6, 0), toWidth: 3000, rho: 1)
        #expect(isClose(other.length, 11.618303980390259, relative: 1e-12))
        #expect(isClose(other.width(at: other.length / 2), 500008.9999216011, relative: 1e-11))
        #expect(isClose(other.distance(at: other.length / 2), 500000.00000129995, relative: 1e-11))
    }

    @Test func endpointsAreExact() {
        let path = FlyToPath(from: a, fromWidth: 1000, to: b, toWidth: 500)
        #expect(path.point(at: 0) == a && path.width(at: 0) == 1000)
        #expect(path.point(at: path.length) == b && path.width(at: path.length) == 500)
        #expect(path.distance(at: path.length) == 20000)
        #expect(path.at(progress: 0).center == a && path.at(progress: 1).center == b)
        #expect(path.at(progress: 1).width == 500 && path.at(progress: 2).width == 500)
        #expect(path.at(progress: -1).width == 1000)
    }

    @Test func distanceIsMonotoneAndPeakIsTheLargestWidth() {
        let path = FlyToPath(from: a, fromWidth: 1000, to: b, toWidth: 500)
        var previous = -1.0, widest = 0.0
        for i in 0...1000 {
            let s = path.length * Double(i) / 1000
            let u = path.distance(at: s)
            #expect(u >= previous)
            previous = u
            widest = max(widest, path.width(at: s))
        }
        #expect(widest <= path.peakWidth * (1 + 1e-12))
        #expect(widest >= path.peakWidth * (1 - 1e-3))
    }

    @Test func pureZoomInAndOut() {
        let out = FlyToPath(from: a, fromWidth: 1000, to: a, toWidth: 8000)
        #expect(isClose(out.length, 1.4643954518872084, relative: 1e-12))
        #expect(isClose(out.width(at: out.length / 2), 1000 * exp(1.42 * out.length / 2), relative: 1e-12))
        #expect(isClose(out.width(at: out.length / 2), 1000 * 8.0.squareRoot(), relative: 1e-12))
        let zoomIn = FlyToPath(from: a, fromWidth: 8000, to: a, toWidth: 1000)
        #expect(isClose(zoomIn.length, out.length, relative: 1e-15))
        #expect(isClose(zoomIn.width(at: zoomIn.length / 2), 8000 / 8.0.squareRoot(), relative: 1e-12))
        #expect(zoomIn.point(at: zoomIn.length / 2) == a)
    }

    @Test func degenerateInputsStayFinite() {
        let none = FlyToPath(from: a, fromWidth: 1000, to: a, toWidth: 1000)
        #expect(none.length == 0)
        #expect(none.at(progress: 0.5).center == a && none.at(progress: 0.5).width == 1000)
        for u1 in [1e-12, 1e-7, 1e-6, 1e-3, 1.0] {
            for (w0, w1) in [(1000.0, 1000.0), (1000.0, 4000.0), (4000.0, 1000.0)] {
                let path = FlyToPath(from: .zero, fromWidth: w0, to: FlyToPath.Point(u1, 0), toWidth: w1)
                #expect(path.length.isFinite && path.length >= 0)
                var previous = 0.0
                for i in 0...100 {
                    let v = path.at(progress: Double(i) / 100)
                    #expect(v.center.x.isFinite && v.center.y.isFinite && v.width.isFinite && v.width > 0)
                    #expect(v.center.x >= previous - 1e-9 * w0)
                    #expect(v.center.x <= u1 * (1 + 1e-6) + 1e-9)
                    previous = v.center.x
                }
                #expect(path.at(progress: 1).center.x == u1)
            }
        }
    }

    @Test func maximumWidthLowersRhoAndCapsThePeak() {
        // Uncapped, the 20 km flight peaks at 20179.49 m; cap it at 12000 m.
        let capped = FlyToPath(from: a, fromWidth: 1000, to: b, toWidth: 500, maximumWidth: 12000)
        #expect(capped.rho < FlyToPath.defaultRho)
        #expect(capped.rho <= (2 * 12000 / 20000.0).squareRoot())
        #expect(capped.peakWidth <= 12000 * (1 + 1e-9))
        #expect(capped.peakWidth >= 12000 * (1 - 1e-9))
        // A cap the path already respects changes nothing.
        let loose = FlyToPath(from: a, fromWidth: 1000, to: b, toWidth: 500, maximumWidth: 1e6)
        #expect(loose.rho == FlyToPath.defaultRho)
    }

    /// A floor on the peak raises `rho` to the closed form for equal end widths: the peak is
    /// `w sqrt(1 + (rho^2 u / 2w)^2)` (`b0 = rho^2 u / 2w`, `cosh(asinh b) = sqrt(1 + b^2)`), so the floor
    /// `W` needs `rho = sqrt(2 sqrt(W^2 - w^2) / u)`; the widths sampled along the path reach `W`.
    @Test func minimumPeakWidthRaisesRhoToTheClosedForm() {
        let a = FlyToPath.Point(0, 0), b = FlyToPath.Point(5000, 0)
        let w = 2000.0, floor = 8000.0
        let path = FlyToPath(from: a, fromWidth: w, to: b, toWidth: w, minimumPeakWidth: floor)
        let expected = (2 * (floor * floor - w * w).squareRoot() / 5000).squareRoot()
        #expect(abs(path.rho - expected) < 1e-9 * expected, "\(path.rho) vs \(expected)")
        #expect(path.peakWidth >= floor && path.peakWidth < floor * (1 + 1e-9))
        let sampled = (0...1000).map { path.width(at: path.length * Double($0) / 1000) }.max()!
        #expect(abs(sampled - floor) < 1e-6 * floor)
        // The path's own peak (about 1.01 u at the default rho) already wider: unchanged.
        let loose = FlyToPath(from: a, fromWidth: w, to: b, toWidth: w, minimumPeakWidth: 3000)
        #expect(loose.rho == FlyToPath.defaultRho)
    }
}
