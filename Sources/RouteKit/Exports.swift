// `import RouteKit` gives the layers below it too: the keyframe engine, the geodesy (WGS 84 through PROJ),
// terrain models (through GDAL) and the support layer (fixed-decimal and ISO 8601 text), each a target of
// its own that knows nothing of the layers above it.
@_exported import KeyframeAnimation
@_exported import RouteKitGeodesy
@_exported import RouteKitTerrain
@_exported import RouteKitSupport
