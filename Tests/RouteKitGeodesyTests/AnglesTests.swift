import Foundation
import Testing
@testable import RouteKitGeodesy

@Suite struct AnglesTests {
    @Test func normalizedHeadingStaysInZeroTo360() {
        #expect(Angles.normalizedHeading(-1e-20) == 0)  // the x < 0 ? x + 360 : x trap gives 360.0 (docs/camera.md#headings-and-longitudes)
        #expect(Angles.normalizedHeading(-0.0).sign == .plus)
        #expect(Angles.normalizedHeading(360) == 0)
        #expect(Angles.normalizedHeading(720.5) == 0.5)
        #expect(Angles.normalizedHeading(-90) == 270)
        #expect(Angles.normalizedHeading(-180) == 180)
        #expect(Angles.normalizedHeading(359.999) == 359.999)
        #expect(Angles.normalizedHeading(-360 * 3 - 10) == 350)
    }

    @Test func normalizedLongitudeKeepsBothEnds() {
        #expect(Angles.normalizedLongitude(180) == 180)
        #expect(Angles.normalizedLongitude(-180) == -180)
        #expect(Angles.normalizedLongitude(190) == -170)
        #expect(isClose(Angles.normalizedLongitude(-183.131), 176.869, absolute: 1e-12))
        #expect(Angles.normalizedLongitude(540) == 180)
        #expect(Angles.normalizedLongitude(12.5) == 12.5)
    }

    @Test func unwrappingTurnsTheShortWay() {
        #expect(Angles.unwrappedAngles([350, 10, 30, 200]) == [350, 370, 390, 560])
        #expect(Angles.unwrappedAngles([10, 350]) == [10, -10])
        #expect(Angles.unwrappedAngles([179.5, -179.5, -178]) == [179.5, 180.5, 182])
        #expect(Angles.headingDifference(from: 350, to: 10) == 20)
        #expect(Angles.headingDifference(from: 10, to: 350) == -20)
    }
}
