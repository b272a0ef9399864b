import Foundation

/// A geographic bounding box as RFC 7946 section 5 defines it: `west`, `south`, `east`, `north`, in degrees.
///
/// Longitudes take the *smallest* interval that holds every point, so a route that crosses the
/// antimeridian gets `west > east` (RFC 7946 section 5.2, e.g. Fiji `[177.0, -20.0, -178.0, -16.0]`)
/// instead of a box that spans the whole world.
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    /// Western edge, degrees in `-180...180`.
    public var west: Double
    /// Southern edge, degrees in `-90...90`.
    public var south: Double
    /// Eastern edge, degrees in `-180...180`; smaller than `west` when the box crosses the antimeridian.
    public var east: Double
    /// Northern edge, degrees in `-90...90`.
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// `true` when the box crosses the 180th meridian (`west > east`, RFC 7946 section 5.2).
    public var crossesAntimeridian: Bool { west > east }

    /// Width of the box in degrees of longitude, `0...360`.
    public var longitudeSpan: Double { crossesAntimeridian ? east - west + 360 : east - west }

    /// The centre of the box; its longitude is normalised to `-180...180`.
    public var center: LocationCoordinate2D {
        LocationCoordinate2D(
            latitude: (south + north) / 2, longitude: normalizedLongitude(west + longitudeSpan / 2))
    }

    /// `[west, south, east, north]`, the order of a GeoJSON `bbox` member.
    public var geoJSONArray: [Double] { [west, south, east, north] }

    /// The smallest box holding every coordinate, or `nil` for an empty sequence.
    ///
    /// Longitudes are normalised to `-180...180`, sorted, and the largest gap between neighbours
    /// (including the gap that wraps from the last back to the first) is left outside the box.
    /// Ties keep the box that does not cross the antimeridian.
    ///
    /// - Complexity: O(n log n) for n coordinates (one sort of the longitudes).
    public init?<S: Sequence>(_ coordinates: S) where S.Element == LocationCoordinate2D {
        var south = Double.infinity, north = -Double.infinity
        var longitudes: [Double] = []
        longitudes.reserveCapacity(coordinates.underestimatedCount)
        for c in coordinates {
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            longitudes.append(normalizedLongitude(c.longitude))
        }
        guard !longitudes.isEmpty else { return nil }
        longitudes.sort()
        let first = longitudes[0], last = longitudes[longitudes.count - 1]
        // The gap outside [first, last] that wraps around through 180.
        var largestGap = first + 360 - last
        var west = first, east = last
        for i in 1..<longitudes.count {
            let gap = longitudes[i] - longitudes[i - 1]
            if gap > largestGap {
                largestGap = gap
                west = longitudes[i]
                east = longitudes[i - 1]
            }
        }
        self.init(west: west, south: south, east: east, north: north)
    }

    public var description: String { "[\(west), \(south), \(east), \(north)]" }
}
