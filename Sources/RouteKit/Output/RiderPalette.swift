/// The colours in which pictures and previews draw the riders of a ``RiderGroup``: rider `i` gets
/// ``colors`` `[i % colors.count]`, so the SVG picture, the MapLibre preview and the CZML and KML
/// markers agree.
///
/// Ten colours, far from each other and from what the pictures already use: the route's grey (`#7a7a7a`)
/// and orange-red (`#ff4000`, preview), the camera centre's blue (`#1e6fd9`), the heading ticks' orange
/// (`#e07b00`), and the start's green and end's red (`#2e9e44`, `#d0342c`); chosen by hand for this
/// project (sRGB, 8 bits a channel): purple, cyan, pink, brown, olive, teal, indigo, black, mustard,
/// maroon.
enum RiderPalette {
    /// `(red, green, blue)`, 0...255 each.
    static let colors: [(red: Int, green: Int, blue: Int)] = [
        (0x94, 0x67, 0xbd), (0x17, 0xbe, 0xcf), (0xe3, 0x77, 0xc2), (0x8c, 0x56, 0x4b), (0xbc, 0xbd, 0x22),
        (0x1b, 0x9e, 0x77), (0x3b, 0x3b, 0x98), (0x11, 0x11, 0x11), (0xe6, 0xab, 0x02), (0x80, 0x00, 0x00),
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
