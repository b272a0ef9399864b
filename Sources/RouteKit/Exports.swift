// `import RouteKit` gives the layers below it too: the keyframe engine and the geodesy (WGS 84 through
// PROJ), each a target of its own that knows nothing of the layers above it.
@_exported import KeyframeAnimation
@_exported import RouteKitGeodesy
@_exported import RouteKitTerrain
