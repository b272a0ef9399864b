import Foundation

/// Keeps a planned flight's look-at point on or above the ground of a terrain model (issue 25, items 5
/// and 8): the centre elevation is raised wherever the ground under the centre is higher.
///
/// Where it matters: the overview camera and the fly-in look at the route box's centre at the route's
/// height, which may lie inside a ridge between the route's valleys; a road in a tunnel puts the
/// follow camera's centre hundreds of metres inside the rock. A line of sight to a buried point is
/// impossible, and pulling the camera back cannot make it possible; looking at the ground above it can.
///
/// How it is done:
/// 1. The flight is sampled ``TerrainClearance/samplesPerSecond`` times a second (at most
///    ``TerrainClearance/maximumSamples`` times); at each sample the lift needed is
///    `ground(centre) - centre elevation` where positive, plus 0.3 % and 0.5 m (for what the smoothing
///    takes off and for the motion between samples), metres; 0 where the model has no value.
/// 2. The lifts are spread in time as ``TerrainClearance/spread(_:step:rate:)`` spreads its corrections
///    (an upper envelope: never below a needed lift), with cones of ``maximumLiftRate`` times the
///    flight's smallest distance per second, so the centre rises before a ridge and settles after it
///    and rises or falls at most 0.4 camera distances a second.
/// 3. The centre elevation track becomes cubic keyframes through the raised samples
///    (``TerrainClearance/keyframes(_:times:)``: monotone, velocity-continuous).
///
/// A flight whose centre never goes more than ``tolerance`` metres under the ground is left as it is.
struct GroundedCenter {
    var ground: any ElevationModel

    /// Metres the centre may sit under the ground without a change: a bilinear model and a route's
    /// smoothed heights differ by about this much on ordinary ground.
    static let tolerance = 1.0
    /// The fastest rise or fall of the lift, as a fraction of the flight's smallest distance per second.
    static let maximumLiftRate = 0.4
    /// Seconds: the Gaussian that rounds the lift's corners (half the clearance's, so the centre stays
    /// near the ground's surface over a ridge).
    static let sigma = 0.25

    /// The script with its centre elevation raised onto the ground, and the largest lift in metres, or
    /// `nil` when no sample needs more than ``tolerance``.
    ///
    /// - Complexity: O(T) ground lookups for a flight of T seconds (32 a second).
    func adjusted(_ script: CameraScript, route: Route, framing: CameraFraming) -> (script: CameraScript, lift: Double)? {
        guard let flight = try? script.timelines(for: route, framing: framing), flight.duration > 0,
              flight.duration.isFinite else { return nil }
        let count = min(max(Int((flight.duration * TerrainClearance.samplesPerSecond).rounded(.up)), 1),
                        TerrainClearance.maximumSamples)
        let times = (0...count).map { min(flight.duration * Double($0) / Double(count), flight.duration) }
        let cameras = times.map { flight.camera.value(time: $0) }
        let elevations = times.map { flight.centerElevation.value(time: $0) }
        let below = zip(cameras, elevations).map { camera, elevation in
            ground.elevation(at: camera.centerCoordinate).map { $0 - elevation } ?? 0
        }
        guard let worst = below.max(), worst > Self.tolerance else { return nil }
        // A margin for what the spreading's Gaussian may take off (at most 0.13 %) and for the centre's
        // motion between samples.
        let needs = below.map { $0 > 0 ? $0 * 1.003 + 0.5 : 0 }
        let nearest = cameras.map(\.distance).min() ?? 1
        let lift = TerrainClearance.spread(needs, step: flight.duration / Double(count),
                                           rate: Self.maximumLiftRate * max(nearest, 1), sigma: Self.sigma)
        let raised = zip(elevations, lift).map { $0 + max($1, 0) }
        var result = script
        result.centerElevation = TerrainClearance.keyframes(raised, times: times)
        result.initialCamera.centerElevation = .number(raised[0])
        return (result, worst)
    }
}
