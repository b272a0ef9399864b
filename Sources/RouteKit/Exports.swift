// `import RouteKit` gives the layers below it too: the keyframe engine (and, below it all, Foundation).
@_exported import KeyframeAnimation
