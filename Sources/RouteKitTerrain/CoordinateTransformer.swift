import CGDAL
import Foundation

/// An OGR coordinate transformation (PROJ underneath) that several threads may share.
///
/// An `OGRCoordinateTransformationH` must not be used by two threads at once, so every call holds a
/// lock; the transformation is created once (creating one costs about a millisecond) and destroyed
/// with the object. Both CRSs use longitude-first axis order (``SpatialReference``).
final class CoordinateTransformer: @unchecked Sendable {
    private let handle: OGRCoordinateTransformationH
    private let lock = NSLock()

    /// `nil` when PROJ finds no operation between the two CRSs.
    init?(from source: SpatialReference, to target: SpatialReference) {
        guard let handle = GDALLibrary.quietly({ gdal.OCTNewCoordinateTransformation(source.handle, target.handle) }) else {
            return nil
        }
        self.handle = handle
    }

    deinit { gdal.OCTDestroyCoordinateTransformation(handle) }

    /// Transforms one point (x, y and height in the source CRS's units); `nil` when PROJ fails for it
    /// (outside the projection's domain, a missing grid) or the result is not finite.
    func transform(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double)? {
        var x = x, y = y, z = z
        var success: Int32 = 0
        let ok = lock.withLock {
            GDALLibrary.quietly { gdal.OCTTransformEx(handle, 1, &x, &y, &z, &success) }
        }
        guard ok != 0, success != 0, x.isFinite, y.isFinite, z.isFinite else { return nil }
        return (x, y, z)
    }

    /// Transforms many points in one PROJ call (one lock): `nil` for each point that fails.
    func transform(_ points: [(x: Double, y: Double, z: Double)]) -> [(x: Double, y: Double, z: Double)?] {
        guard !points.isEmpty else { return [] }
        var xs = points.map(\.x), ys = points.map(\.y), zs = points.map(\.z)
        var success = [Int32](repeating: 0, count: points.count)
        lock.withLock {
            GDALLibrary.quietly {
                _ = gdal.OCTTransformEx(handle, Int32(points.count), &xs, &ys, &zs, &success)
            }
        }
        return points.indices.map { i in
            success[i] != 0 && xs[i].isFinite && ys[i].isFinite && zs[i].isFinite ? (xs[i], ys[i], zs[i]) : nil
        }
    }
}
