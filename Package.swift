// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RouteKit",
    products: [
        .library(name: "RouteKit", targets: ["RouteKit"]),
        .executable(name: "route-fly", targets: ["route-fly"]),
    ],
    targets: [
        // PROJ (geodesic.h and proj.h) from Debian's libproj-dev. Only Sources/RouteKit/Geodesy imports it.
        .systemLibrary(
            name: "CProj",
            path: "Sources/CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"])]
        ),
        // GDAL (gdal.h, ogr_srs_api.h) from Debian's libgdal-dev, for terrain models. Only
        // Sources/RouteKit/Terrain imports it.
        .systemLibrary(
            name: "CGDAL",
            path: "Sources/CGDAL",
            pkgConfig: "gdal",
            providers: [.apt(["libgdal-dev"])]
        ),
        .target(name: "RouteKit", dependencies: ["CProj", "CGDAL"]),
        .executableTarget(name: "route-fly", dependencies: ["RouteKit"]),
        // Benchmarks: run on demand with `swift run -c release route-bench`; never part of the tests.
        .executableTarget(name: "route-bench", dependencies: ["RouteKit"]),
        .testTarget(
            name: "RouteKitTests",
            dependencies: ["RouteKit", "route-fly"],
            exclude: ["Fixtures", "__Snapshots__"]
        ),
    ]
)
