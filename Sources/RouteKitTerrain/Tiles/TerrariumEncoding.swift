/// The Terrarium encoding of heights in the red, green and blue of a PNG pixel, as Mapzen's terrain
/// tiles use it and MapLibre GL JS's `raster-dem` source reads it with `encoding: 'terrarium'`:
/// `height = R 256 + G + B / 256 - 32768` metres.
///
/// Heights are rounded to the nearest 1/256 m (so an encoded height is within 1/512 m of the given one)
/// and clamped to what the encoding holds, `-32768...32767.99609375` m; a non-finite height is
/// encoded as 0 m. Sources: [Mapzen's terrain tile formats], MapLibre's `DEMData` (`unpackTerrarium`).
///
/// [Mapzen's terrain tile formats]: https://github.com/tilezen/joerd/blob/master/docs/formats.md#terrarium
enum TerrariumEncoding {
    /// The pixel of a height in metres: (R, G, B).
    static func pixel(metres height: Double) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let finite = height.isFinite ? height : 0
        let steps = ((finite + 32768) * 256).rounded()
        let q = Int(min(max(steps, 0), Double((1 << 24) - 1)))
        return (UInt8(q >> 16), UInt8((q >> 8) & 0xFF), UInt8(q & 0xFF))
    }

    /// The height a pixel encodes, in metres.
    static func metres(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        Double(red) * 256 + Double(green) + Double(blue) / 256 - 32768
    }

    /// Three bands (R, G, B), each row by row, for `count` heights given by `height(i)` (metres; a
    /// non-finite height becomes 0 m).
    /// - Complexity: O(count).
    static func bands(count: Int, height: (Int) -> Double) -> [[UInt8]] {
        var red = [UInt8](repeating: 0, count: count), green = red, blue = red
        red.withUnsafeMutableBufferPointer { r in
            green.withUnsafeMutableBufferPointer { g in
                blue.withUnsafeMutableBufferPointer { b in
                    for i in 0..<count { (r[i], g[i], b[i]) = pixel(metres: height(i)) }
                }
            }
        }
        return [red, green, blue]
    }
}
