// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteKit",
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        // Video rendering (route-fly render) as a library: needs Chromium, ffmpeg and MapLibre GL JS at run time.
        .library(name: "RouteKitRender", targets: ["RouteKitRender"]),
        // The keyframe engine alone (SwiftUI's KeyframeTimeline semantics, headless), for users who want
        // no maps.
        .library(name: "KeyframeAnimation", targets: ["KeyframeAnimation"]),
        .executable(name: "route-fly", targets: ["route-fly"]),
    ],
    targets: [
        // PROJ (geodesic.h and proj.h) from Debian's libproj-dev. Only RouteKitGeodesy imports it.
        .systemLibrary(
            name: "CProj",
            path: "Sources/CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"])]
        ),
        // zlib (deflate, crc32) from Debian's zlib1g-dev. Only Sources/RouteKit/Output (writing KMZ) and
        // Sources/RouteKit/Formats/Compressed (reading KMZ and .gz) import it.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // GDAL's headers (gdal.h, ogr_srs_api.h) from Debian's libgdal-dev, for terrain models. Only
        // RouteKitTerrain imports it. Not linked (no pkg-config, whose flags would link it): the library is
        // opened on first use (Sources/CGDAL/shim.h says why).
        .systemLibrary(
            name: "CGDAL",
            path: "Sources/CGDAL",
            providers: [.apt(["libgdal-dev"])]
        ),
        // libxml2's SAX2 push parser from Debian's libxml2-dev. Only Sources/RouteKit/Formats imports it.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The layers below RouteKit, one target each, so that a wrong-way import does not compile:
        // KeyframeAnimation imports only Foundation; RouteKitGeodesy only PROJ; RouteKitTerrain (terrain
        // models read through GDAL) only GDAL and the geodesy. RouteKitSupport (number and date text, the
        // JSON parser) is under every layer of RouteKit and uses none of them.
        .target(name: "KeyframeAnimation"),
        .target(name: "RouteKitSupport"),
        .target(name: "RouteKitGeodesy", dependencies: ["CProj"]),
        .target(name: "RouteKitTerrain", dependencies: ["RouteKitGeodesy", "CGDAL"]),
        .target(
            name: "RouteKit",
            dependencies: ["RouteKitSupport", "KeyframeAnimation", "RouteKitGeodesy", "RouteKitTerrain", "CLibXML2", "CZlib"]
        ),
        // Rendering video: the flight drawn by MapLibre GL JS in headless Chromium (driven over its DevTools
        // pipe), encoded by ffmpeg, the terrain and imagery served to the page as tiles (GDAL, through
        // RouteKitTerrain). Child processes, no C library of its own.
        .target(name: "RouteKitRender", dependencies: ["RouteKit", "RouteKitTerrain"]),
        .executableTarget(name: "route-fly", dependencies: ["RouteKit", "RouteKitRender"]),
        // Benchmarks: run on demand with `swift run -c release route-bench`; never part of the tests.
        .executableTarget(name: "route-bench", dependencies: ["RouteKit", "RouteKitRender"]),
        // The tests, one target per library target and one for the CLI, each depending only on what it tests
        // and the support targets (docs/development.md, Tests). Fixtures live in Tests/Fixtures, read by path.
        .target(name: "RouteKitTestSupport", dependencies: ["RouteKit", "TestSupport"], path: "Tests/RouteKitTestSupport"),
        .target(name: "RenderTestSupport", dependencies: ["RouteKitRender", "TestSupport"], path: "Tests/RenderTestSupport"),
        .testTarget(name: "RouteKitSupportTests", dependencies: ["RouteKitSupport", "TestSupport"]),
        .testTarget(name: "RouteKitGeodesyTests", dependencies: ["RouteKitGeodesy", "TestSupport"]),
        .testTarget(name: "RouteKitTerrainTests", dependencies: ["RouteKitTerrain", "RouteKitGeodesy", "TestSupport"]),
        .testTarget(name: "RouteKitTests", dependencies: ["RouteKit", "RouteKitTestSupport", "TestSupport"]),
        .testTarget(
            name: "RouteKitRenderTests",
            dependencies: ["RouteKitRender", "RouteKit", "RouteKitTerrain", "RouteKitGeodesy", "RenderTestSupport", "TestSupport"]
        ),
        // route-fly as a user runs it (the built binary), and its own code (`@testable import route_fly`).
        .testTarget(
            name: "RouteFlyTests",
            dependencies: ["route-fly", "RouteKit", "RouteKitRender", "RouteKitTestSupport", "RenderTestSupport", "TestSupport"]
        ),
    ]
)
package.targets += keyframeTargets

// The keyframe engine's own tests, and the helpers the test targets share (Foundation only).
var keyframeTargets: [Target] {
    [
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "KeyframeAnimationTests", dependencies: ["KeyframeAnimation", "TestSupport"]),
    ]
}

// `ROUTEKIT_KEYFRAMES_ONLY=1 swift test` declares the keyframe engine, its tests and nothing else, so it
// builds and tests without PROJ, GDAL, libxml2 or zlib installed (README, The library).
if Context.environment["ROUTEKIT_KEYFRAMES_ONLY"] == "1" {
    package.products = [.library(name: "KeyframeAnimation", targets: ["KeyframeAnimation"])]
    package.targets = [.target(name: "KeyframeAnimation")] + keyframeTargets
}
