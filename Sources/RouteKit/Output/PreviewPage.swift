import Foundation

/// Writes one self-contained HTML page that plays a flight in MapLibre GL JS over its route: play/pause,
/// a time slider, the frame number and the pose values, at the flight's real speed.
///
/// The page holds, in order: the MapLibre script (a `<script src>` to a URL, or the library's text
/// inlined, with its stylesheet when given), the route as GeoJSON and the camera frames exactly as
/// ``MapLibreCameraWriter`` writes them (each in a `<script type="application/json">`), and a small
/// player. The player:
/// - sizes the map to the largest box of the planned viewport's aspect that fits the window above the
///   controls, centred there (so nothing the camera frames is under them), and adds
///   `log2(shown height / planned height)` to every zoom, since the eye-to-centre distance in pixels is
///   proportional to the height (``MapLibreCameraWriter``), so the framing is the planned one at any size;
///   it sets the map's vertical field of view to the planned one (`setVerticalFieldOfView`, MapLibre 5);
/// - shows frame `i` with `map.jumpTo({center, zoom, bearing, pitch})`; while playing, `i` is the frame
///   at the wall-clock seconds since play was pressed (the flight's real speed), so a slow browser skips
///   frames rather than slowing down;
/// - starts playing once the style has loaded, unless the address ends in `#frame=N`, which shows frame
///   `N` paused;
/// - sets `data-state` on `<body>` to `ready` once the first frame is drawn (the map's `idle` event) and to
///   `error` (with the message on the page) when the script, the style or the page fails.
///
/// The basemap is ``styleURL``'s style with the route drawn over it, or, by default, a blank offline
/// style (a plain background and the route): nothing is fetched but the MapLibre script when it is a
/// URL. The route line is `#ff4000`, 4 pixels wide.
///
/// Group flights (``PoseWriterContext/group``; the camera frames then carry `riders` and `active`, as
/// ``MapLibreCameraWriter`` writes them): the route script also holds each rider's route (as
/// ``GeoJSONPoseWriter`` writes them, `role` `rider-route`), drawn as a 3-pixel line in the rider's colour
/// (`RiderPalette`, the colours of the SVG picture); every shown frame sets a GeoJSON source `riders` of
/// one Point per rider (properties `name`, `color`, `active`), drawn as circles in the riders' colours
/// (paler while a rider is not recording), each with its name beside it (an HTML marker, so no glyphs
/// need to be fetched). Once the first frame is drawn, `<body>` gets `data-riders` = the number of rider
/// circles MapLibre rendered in view.
///
/// Strings that end up inside `<script>` have `</` written `<\/` (HTML's script data state ends at
/// `</script`); in JSON and JavaScript strings both mean the same. Streaming: constant memory besides
/// the inlined script, about 110 bytes per pose.
public struct PreviewPage: PoseWriter {
    /// Where MapLibre GL JS comes from.
    public enum Script: Sendable, Equatable {
        /// A `<script src>` (and a `<link rel="stylesheet">` when `stylesheet` is given).
        case url(String, stylesheet: String?)
        /// The library's text inlined (and its stylesheet's, when given), for offline use.
        case inline(javaScript: String, css: String?)
    }

    /// The default MapLibre GL JS: version 5.3.0 on the unpkg CDN, pinned to an exact version (the one the
    /// tests run against, from PyPI's `maplibre` package).
    public static let defaultScript = Script.url("https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.js",
                                                 stylesheet: "https://unpkg.com/maplibre-gl@5.3.0/dist/maplibre-gl.css")

    /// The MapLibre script.
    public var script: Script
    /// A MapLibre style URL for the basemap, or `nil` for the blank offline style.
    public var styleURL: String?
    /// What the page says to do when MapLibre GL JS does not load (after "MapLibre GL JS did not load
    /// from URL"), e.g. how the caller gives a local copy.
    public var loadFailureHint = " (offline? give a local copy of maplibre-gl.js)"

    private var cameras: MapLibreCameraWriter
    private var context: PoseWriterContext

    /// A page for a flight described by `context` (its route is drawn; its framing sizes the map).
    public init(context: PoseWriterContext, script: Script = PreviewPage.defaultScript, styleURL: String? = nil) {
        self.context = context
        self.script = script
        self.styleURL = styleURL
        self.cameras = MapLibreCameraWriter(context: context)
    }

    /// `text` made safe inside a `<script>` element.
    static func scriptSafe(_ text: String) -> String { text.replacingOccurrences(of: "</", with: "<\\/") }

    /// JSON text safe inside any `<script>`: every `<` (which JSON has only inside strings) written
    /// `\u003c`, so neither `</script` nor `<!--` (which HTML's script data treats specially, and which
    /// a route's name may hold) can occur.
    static func jsonScriptSafe(_ text: String) -> String { text.replacingOccurrences(of: "<", with: "\\u003c") }

    public func begin(into out: inout [UInt8]) {
        let title = XMLText.escaped((context.route?.name ?? "Camera flight") + " - route-fly preview")
        out.append(text: "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.append(text: "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>\(title)</title>\n")
        switch script {
        case .url(let url, let stylesheet):
            if let stylesheet { out.append(text: "<link rel=\"stylesheet\" href=\"\(XMLText.escaped(stylesheet))\">\n") }
            out.append(text: "<script src=\"\(XMLText.escaped(url))\"></script>\n")
        case .inline(let js, let css):
            if let css { out.append(text: "<style>\n" + css.replacingOccurrences(of: "</", with: "<\\/") + "\n</style>\n") }
            out.append(text: "<script>\n" + Self.scriptSafe(js) + "\n</script>\n")
        }
        out.append(text: Self.pageStyle)
        out.append(text: "</head>\n<body data-state=\"loading\">\n<div id=\"map\"></div>\n")
        out.append(text: Self.controls)
        out.append(text: "<script type=\"application/json\" id=\"route\">")
        var route: [UInt8] = []
        if context.route != nil || context.group != nil {
            var writer = GeoJSONPoseWriter(route: context.route, group: context.group)
            writer.begin(into: &route)
            writer.end(into: &route)
        } else {
            route.append(text: "{\"type\":\"FeatureCollection\",\"features\":[]}")
        }
        out.append(text: Self.jsonScriptSafe(String(decoding: route, as: UTF8.self)))
        out.append(text: "</script>\n<script type=\"application/json\" id=\"camera\">")
        cameras.begin(into: &out)
    }

    public mutating func write(_ pose: CameraPose, into out: inout [UInt8]) {
        cameras.write(pose, into: &out)
    }

    public func end(into out: inout [UInt8]) {
        cameras.end(into: &out)
        out.append(text: "</script>\n<script>\nconst routeFlyStyleURL = ")
        out.append(text: Self.jsonScriptSafe(styleURL.map(JSONText.quoted) ?? "null"))
        out.append(text: ";\nconst routeFlyLoadFailureHint = ")
        out.append(text: Self.jsonScriptSafe(JSONText.quoted(loadFailureHint)))
        out.append(text: ";\nconst routeFlyRiderColors = [")
        out.append(text: RiderPalette.colors.indices.map { "\"" + RiderPalette.hex($0) + "\"" }.joined(separator: ","))
        out.append(text: "];\nconst routeFlyScriptSource = ")
        switch script {
        case .url(let url, _): out.append(text: Self.jsonScriptSafe(JSONText.quoted(url)))
        case .inline: out.append(text: "\"the inlined script\"")
        }
        out.append(text: ";\n")
        out.append(text: Self.player)
        out.append(text: "</script>\n</body>\n</html>\n")
    }

    static let pageStyle = """
        <style>
        html, body { margin: 0; height: 100%; background: #222; font: 13px/1.4 system-ui, sans-serif; }
        #map { position: absolute; left: 0; top: 0; }
        #controls { position: absolute; left: 0; right: 0; bottom: 0; display: flex; gap: 10px; align-items: center;
          padding: 6px 10px; background: rgba(255, 255, 255, 0.85); color: #111; }
        #controls input[type=range] { flex: 1; }
        #pose { font-family: ui-monospace, monospace; white-space: pre; }
        #status { color: #b00; font-weight: bold; }
        .rider-label { font-weight: bold; text-shadow: 0 0 3px #fff, 0 0 3px #fff; white-space: nowrap; }
        </style>

        """

    static let controls = """
        <div id="controls"><button id="play" type="button">Play</button>
        <input id="slider" type="range" min="0" max="0" step="1" value="0" aria-label="Frame">
        <span id="frame">frame 0</span><span id="pose"></span><span id="status"></span></div>

        """

    static let player = """
        (function () {
          'use strict';
          const status = document.getElementById('status');
          function fail(message) {
            status.textContent = message;
            document.body.dataset.state = 'error';
          }
          window.addEventListener('error', function (event) { fail('Error: ' + event.message); });
          const camera = JSON.parse(document.getElementById('camera').textContent);
          const route = JSON.parse(document.getElementById('route').textContent);
          const frames = camera.frames;
          if (typeof maplibregl === 'undefined') {
            fail('MapLibre GL JS did not load from ' + routeFlyScriptSource + routeFlyLoadFailureHint + '.');
            return;
          }
          const container = document.getElementById('map');
          const slider = document.getElementById('slider');
          const playButton = document.getElementById('play');
          const frameLabel = document.getElementById('frame');
          const poseLabel = document.getElementById('pose');
          slider.max = String(frames.length - 1);
          // The largest box of the planned aspect that fits the window above the controls, centred there,
          // so that nothing the camera frames is under them.
          const aspect = camera.viewport[0] / camera.viewport[1];
          const controlsBar = document.getElementById('controls');
          let zoomOffset = 0;
          function layout() {
            const room = Math.max(window.innerHeight - controlsBar.offsetHeight, 1);
            let width = window.innerWidth, height = width / aspect;
            if (height > room) { height = room; width = height * aspect; }
            container.style.width = Math.round(width) + 'px';
            container.style.height = Math.round(height) + 'px';
            container.style.left = Math.round((window.innerWidth - width) / 2) + 'px';
            container.style.top = Math.round((room - height) / 2) + 'px';
            zoomOffset = Math.log2(Math.round(height) / camera.viewport[1]);
          }
          layout();
          // A group flight: the riders' names, colours and routes (split off the route's features).
          const riderNames = camera.riders || [];
          function riderColor(i) { return routeFlyRiderColors[i % routeFlyRiderColors.length]; }
          const riderRoutes = { type: 'FeatureCollection', features: [] };
          route.features = route.features.filter(function (f) {
            if (!f.properties || f.properties.role !== 'rider-route') { return true; }
            f.properties.color = riderColor(f.properties.rider_index);
            riderRoutes.features.push(f);
            return false;
          });
          const riderLabels = riderNames.map(function (name, i) {
            const label = document.createElement('div');
            label.className = 'rider-label';
            label.textContent = name;
            label.style.color = riderColor(i);
            return label;
          });
          let riderMarkers = [];
          function riderData(i) {
            const f = frames[i];
            return { type: 'FeatureCollection', features: riderNames.map(function (name, k) {
              const p = f.riders[k];
              return p ? { type: 'Feature', geometry: { type: 'Point', coordinates: p },
                properties: { name: name, color: riderColor(k), active: f.active[k] } } : null;
            }).filter(function (x) { return x; }) };
          }
          function addRiders() {
            if (riderNames.length === 0) { return; }
            map.addSource('rider-routes', { type: 'geojson', data: riderRoutes });
            map.addLayer({ id: 'rider-routes', type: 'line', source: 'rider-routes',
              layout: { 'line-join': 'round', 'line-cap': 'round' },
              paint: { 'line-color': ['get', 'color'], 'line-width': 3, 'line-opacity': 0.8 } });
            map.addSource('riders', { type: 'geojson', data: riderData(current) });
            map.addLayer({ id: 'riders', type: 'circle', source: 'riders',
              paint: { 'circle-radius': 7, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#ffffff',
                'circle-stroke-width': 2, 'circle-opacity': ['case', ['get', 'active'], 1, 0.4] } });
            riderMarkers = riderLabels.map(function (label) {
              return new maplibregl.Marker({ element: label, anchor: 'left', offset: [10, 0] });
            });
          }
          function showRiders(i) {
            const source = map.getSource('riders');
            if (!source) { return; }
            source.setData(riderData(i));
            const f = frames[i];
            riderMarkers.forEach(function (marker, k) {
              if (!f.riders[k]) { marker.remove(); return; }
              marker.setLngLat(f.riders[k]).addTo(map);
              marker.getElement().style.opacity = f.active[k] ? '1' : '0.5';
            });
          }
          const routeLayer = { id: 'route', type: 'line', source: 'route',
            layout: { 'line-join': 'round', 'line-cap': 'round' },
            paint: { 'line-color': '#ff4000', 'line-width': 4 } };
          const blank = { version: 8, sources: { route: { type: 'geojson', data: route } },
            layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } }, routeLayer] };
          function cameraOf(i) {
            const f = frames[i];
            return { center: f.center, zoom: f.zoom + zoomOffset, bearing: f.bearing, pitch: f.pitch };
          }
          const hash = /^#frame=(\\d+)$/.exec(window.location.hash);
          let current = hash ? Math.min(parseInt(hash[1], 10), frames.length - 1) : 0;
          const options = Object.assign({ container: container, style: routeFlyStyleURL || blank, interactive: false,
            attributionControl: routeFlyStyleURL ? undefined : false, fadeDuration: 0,
            maxPitch: Math.max(60, Math.min(85, camera.maxPitch)), maxZoom: 24 }, cameraOf(current));
          const map = new maplibregl.Map(options);
          window.routeFlyPreview = { map: map, frames: frames, show: show };
          if (map.setVerticalFieldOfView) { map.setVerticalFieldOfView(camera.fov); }
          map.on('error', function (event) { fail('Map error: ' + (event.error ? event.error.message : 'unknown')); });
          function show(i) {
            current = i;
            const f = frames[i];
            map.jumpTo(cameraOf(i));
            showRiders(i);
            slider.value = String(i);
            frameLabel.textContent = 'frame ' + f.frame + ' / ' + frames[frames.length - 1].frame;
            poseLabel.textContent = 't ' + f.time.toFixed(3) + ' s  lon ' + f.center[0].toFixed(6) + '  lat ' +
              f.center[1].toFixed(6) + '  zoom ' + f.zoom.toFixed(3) + '  bearing ' + f.bearing.toFixed(2) +
              '  pitch ' + f.pitch.toFixed(2);
          }
          let playing = false, wallStart = 0, timeStart = 0;
          function tick(now) {
            if (!playing) { return; }
            const t = timeStart + (now - wallStart) / 1000;
            const i = Math.min(Math.round(t * camera.framesPerSecond), frames.length - 1);
            if (i !== current) { show(i); }
            if (i >= frames.length - 1) { setPlaying(false); return; }
            window.requestAnimationFrame(tick);
          }
          function setPlaying(on) {
            playing = on;
            playButton.textContent = on ? 'Pause' : 'Play';
            if (on) {
              if (current >= frames.length - 1) { show(0); }
              timeStart = frames[current].time;
              wallStart = performance.now();
              window.requestAnimationFrame(tick);
            }
          }
          window.addEventListener('resize', function () { layout(); map.resize(); show(current); });
          playButton.addEventListener('click', function () { setPlaying(!playing); });
          slider.addEventListener('input', function () {
            show(parseInt(slider.value, 10));
            if (playing) { timeStart = frames[current].time; wallStart = performance.now(); }
          });
          map.on('load', function () {
            if (routeFlyStyleURL && !map.getSource('route')) {
              map.addSource('route', { type: 'geojson', data: route });
              map.addLayer(routeLayer);
            }
            addRiders();
            show(current);
            if (!hash) { setPlaying(true); }
            map.once('idle', function () {
              if (riderNames.length > 0) {
                document.body.dataset.riders = String(map.queryRenderedFeatures({ layers: ['riders'] }).length);
              }
              if (document.body.dataset.state !== 'error') { document.body.dataset.state = 'ready'; }
            });
          });
        })();

        """
}
