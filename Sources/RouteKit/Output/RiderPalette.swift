/// The colours in which pictures and previews draw the riders of a ``RiderGroup``: rider `i` gets
/// ``colors`` `[i % colors.count]`, so the SVG picture, the MapLibre preview and the CZML and KML
/// markers agree.
///
/// Ten colours, far from the route's orange-red (`#ff4000`), the camera centre's blue (`#1e6fd9`) and
/// each other; chosen by hand for this project (sRGB, 8 bits a channel).
enum RiderPalette {
    /// `(red, green, blue)`, 0...255 each.
    static let colors: [(red: Int, green: Int, blue: Int)] = [
        (0xd6, 0x27, 0x28), (0x2c, 0xa0, 0x2c), (0x94, 0x67, 0xbd), (0x8c, 0x56, 0x4b), (0xe3, 0x77, 0xc2),
        (0x17, 0xbe, 0xcf), (0xbc, 0xbd, 0x22), (0x11, 0x11, 0x11), (0xff, 0x7f, 0x0e), (0x5a, 0x7d, 0x9a),
    ]

    /// Rider `index`'s colour as `#rrggbb` (lower case).
    static func hex(_ index: Int) -> String {
        let c = colors[((index % colors.count) + colors.count) % colors.count]
        return "#" + [c.red, c.green, c.blue].map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    /// Rider `index`'s colour as KML's `aabbggrr` (opaque).
    static func kml(_ index: Int) -> String {
        let h = hex(index)
        let r = h.dropFirst(1).prefix(2), g = h.dropFirst(3).prefix(2), b = h.dropFirst(5).prefix(2)
        return "ff" + b + g + r
    }

    /// Rider `index`'s colour as CZML `rgba` components, opaque.
    static func rgba(_ index: Int) -> [Int] {
        let c = colors[((index % colors.count) + colors.count) % colors.count]
        return [c.red, c.green, c.blue, 255]
    }
}
