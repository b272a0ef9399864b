import Foundation
import RouteKit

/// Seconds of monotonic time taken by `body`.
func measureSeconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A deterministic sequence of `count` times in `0...duration` (a linear congruential walk).
private func sampleTimes(count: Int, duration: Double) -> [Double] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53) * duration
    }
}

private func report(_ label: String, evaluations: Int, seconds: Double, allocations: Int) {
    let rate = Double(evaluations) / seconds
    let perCall = allocations < 0 ? "n/a" : String(format: "%.4f", Double(allocations) / Double(evaluations))
    let speed = String(format: "%.2f M evaluations/s (%.1f ns each)", rate / 1e6, 1e9 / rate)
    print("  \(label): \(speed); allocations per call: \(perCall) (\(allocations) in \(evaluations) calls)")
}

/// Benchmarks `KeyframeTimeline.value(time:)`: a 100 000-keyframe cubic `Double` track, and a
/// 4-track timeline over a camera-like struct (WWDC23 flyover shape over a 200-point route).
func benchmarkKeyframes() {
    print("Keyframes (KeyframeTimeline.value(time:))")
    let countingWorks = installAllocationCounter() && allocationCountingWorks()
    print("  allocations: \(countingWorks ? "Swift heap allocations counted through the runtime's _swift_allocObject hook" : "counting unavailable")")
    let evaluations = 2_000_000
    let sum = benchmarkCubicTrack(evaluations: evaluations)
    let cameraSum = benchmarkCameraTimeline(evaluations: evaluations)
    print("  (checksums \(sum), \(cameraSum))")
}

/// 1. One cubic track of 100 000 keyframes, at random times and then in order; returns the checksum of
/// the in-order run.
private func benchmarkCubicTrack(evaluations: Int) -> Double {
    let big = timedCubicTrack(keyframeCount: 100_000)
    let bigTimes = sampleTimes(count: evaluations, duration: big.duration)
    var sum = 0.0
    var allocations = 0
    let bigSeconds = measureSeconds {
        (allocations, sum) = countingAllocations {
            var total = 0.0
            for time in bigTimes { total += big.value(time: time) }
            return total
        }
    }
    report("100k-keyframe cubic Double track, random times", evaluations: evaluations, seconds: bigSeconds,
           allocations: allocations)
    let sweepTimes = bigTimes.sorted()
    let sweepSeconds = measureSeconds {
        (allocations, sum) = countingAllocations {
            var total = 0.0
            for time in sweepTimes { total += big.value(time: time) }
            return total
        }
    }
    report("100k-keyframe cubic Double track, times in order (frame sampling)", evaluations: evaluations,
           seconds: sweepSeconds, allocations: allocations)
    return sum
}

/// A cubic `Double` track of `keyframeCount` pseudo-random values in `0..<1000` and durations in
/// `0.01..<0.51` s, timing and printing its construction.
private func timedCubicTrack(keyframeCount: Int) -> KeyframeTimeline<Double> {
    var values: [Double] = []
    var durations: [Double] = []
    var state: UInt64 = 42
    for _ in 0..<keyframeCount {
        state = state &* 6_364_136_223_846_793_005 &+ 1
        values.append(Double(state >> 40) / Double(1 << 24) * 1000)
        durations.append(0.01 + Double((state >> 20) & 0xFFFF) / 65536 * 0.5)
    }
    var big: KeyframeTimeline<Double>!
    let buildSeconds = measureSeconds {
        big = KeyframeTimeline(initialValue: 0.0) {
            for index in 0..<keyframeCount {
                CubicKeyframe(values[index], duration: durations[index])
            }
        }
    }
    let figures = String(format: "%.3f s (duration %.0f s)", buildSeconds, big.duration)
    print("  built a \(keyframeCount)-keyframe cubic track in \(figures)")
    return big
}

/// 2. RouteKit's MapCamera with 4 tracks (WWDC23 flyover over a 200-point route, plus pitch); returns
/// the checksum.
private func benchmarkCameraTimeline(evaluations: Int) -> Double {
    let camera = flyoverTimeline()
    let cameraTimes = sampleTimes(count: evaluations, duration: camera.duration)
    var cameraSum = 0.0
    var allocations = 0
    let cameraSeconds = measureSeconds {
        (allocations, cameraSum) = countingAllocations {
            var total = 0.0
            for time in cameraTimes {
                let pose = camera.value(time: time)
                total += pose.centerCoordinate.latitude + pose.heading + pose.distance + pose.pitch
            }
            return total
        }
    }
    report("4-track MapCamera timeline (201 + 3 + 3 + 3 keyframes)", evaluations: evaluations,
           seconds: cameraSeconds, allocations: allocations)
    return cameraSum
}

/// The WWDC23 flyover shape over a 200-point route: centre, heading, distance and pitch tracks.
private func flyoverTimeline() -> KeyframeTimeline<MapCamera> {
    let initial = MapCamera(
        centerCoordinate: LocationCoordinate2D(latitude: 49.65, longitude: 6.22), distance: 30000, heading: 0, pitch: 45)
    let route = (0..<200).map { index in
        LocationCoordinate2D(latitude: 49.6 + Double(index) * 0.001, longitude: 6.2 + sin(Double(index) / 20) * 0.05)
    }
    return KeyframeTimeline(initialValue: initial) {
        KeyframeTrack(\MapCamera.centerCoordinate) {
            for point in route {
                CubicKeyframe(point, duration: 16.0 / Double(route.count))
            }
            CubicKeyframe(initial.centerCoordinate, duration: 4)
        }
        KeyframeTrack(\.heading) {
            CubicKeyframe(24.8, duration: 6)
            CubicKeyframe(24.8, duration: 8)
            CubicKeyframe(initial.heading, duration: 6)
        }
        KeyframeTrack(\.distance) {
            CubicKeyframe(24000, duration: 4)
            CubicKeyframe(18000, duration: 12)
            CubicKeyframe(initial.distance, duration: 4)
        }
        KeyframeTrack(\.pitch) {
            LinearKeyframe(60, duration: 3, timingCurve: .easeInOut)
            SpringKeyframe(70, duration: 2, spring: .smooth)
            CubicKeyframe(45, duration: 15)
        }
    }
}
