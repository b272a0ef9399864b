// RouteKitRender: turns a sampled flight into a video. A browser (Chromium, headless, driven over its
// DevTools protocol) draws each pose with MapLibre GL JS; ffmpeg encodes the frames. This target holds
// the driver of those programs and the terrain and imagery tiles the page is served; it draws nothing
// itself.
@_exported import RouteKit
