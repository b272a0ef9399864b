extension FlightPageWriter {
    /// The page's style sheet.
    static let pageStyle = """
        <style>
        html, body { margin: 0; height: 100%; background: #222; font: 13px/1.4 system-ui, sans-serif; overflow: hidden; }
        #stage { position: absolute; left: 0; top: 0; overflow: hidden; }
        #map { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
        #controls { position: absolute; left: 0; right: 0; bottom: 0; display: flex; gap: 10px; align-items: center;
          padding: 6px 10px; background: rgba(255, 255, 255, 0.85); color: #111; }
        body.render #controls { display: none; }
        #controls input[type=range] { flex: 1; }
        #pose { font-family: ui-monospace, monospace; white-space: pre; }
        #status { color: #b00; font-weight: bold; }
        .rider-label { font-weight: bold; text-shadow: 0 0 3px #fff, 0 0 3px #fff; white-space: nowrap; }
        .overlay { position: absolute; pointer-events: none; color: #fff; font-family: system-ui, "DejaVu Sans", sans-serif;
          text-shadow: 0 0 0.25em rgba(0, 0, 0, 0.8); }
        #stats { left: 2.5%; top: 3.5%; background: rgba(20, 24, 28, 0.62); border-radius: 0.5em; padding: 0.45em 0.8em;
          font-size: var(--unit); line-height: 1.35; font-variant-numeric: tabular-nums; }
        #stats .row { display: flex; justify-content: space-between; gap: 1.2em; }
        #stats .label { opacity: 0.75; font-size: 0.78em; padding-top: 0.2em; }
        #stats .value { font-weight: 600; }
        #title { right: 2.5%; top: 3.5%; text-align: right; font-size: var(--unit); background: rgba(20, 24, 28, 0.62);
          border-radius: 0.5em; padding: 0.45em 0.8em; }
        #title .name { font-weight: 700; font-size: 1.25em; }
        #title .date { opacity: 0.85; }
        #profile { left: 2.5%; right: 2.5%; bottom: 3%; height: 13%; background: rgba(20, 24, 28, 0.5); border-radius: 0.4em; }
        #profile svg { width: 100%; height: 100%; display: block; }
        .km-marker { font: 600 calc(var(--unit) * 0.7) system-ui, "DejaVu Sans", sans-serif; color: #111; background: rgba(255, 255, 255, 0.88);
          border-radius: 0.3em; padding: 0.05em 0.35em; white-space: nowrap; border: 1px solid rgba(0, 0, 0, 0.35); }
        </style>

        """

    static let controls = """
        <div id="controls"><button id="play" type="button">Play</button>
        <input id="slider" type="range" min="0" max="0" step="1" value="0" aria-label="Frame">
        <span id="frame">frame 0</span><span id="pose"></span><span id="status"></span></div>

        """

    /// The page's script: the map, the route (revealed as it is flown), the riders, the overlays, the
    /// page's own tiles, and the player or the render driver.
    static let player = """
        (function () {
          'use strict';
          const status = document.getElementById('status');
          let pending = null;  // the render driver's frame promise, failed by any error
          let loaded = null;   // the render driver's promise that the map has loaded
          const ready = new Promise(function (resolve, reject) { loaded = { resolve: resolve, reject: reject }; });
          ready.catch(function () {});
          function fail(message) {
            status.textContent = message;
            document.body.dataset.state = 'error';
            document.body.dataset.error = message;
            if (pending) { pending.reject(new Error(message)); pending = null; }
            loaded.reject(new Error(message));
          }
          window.addEventListener('error', function (event) { fail('Error: ' + event.message); });
          const camera = JSON.parse(document.getElementById('camera').textContent);
          const route = JSON.parse(document.getElementById('route').textContent);
          const page = JSON.parse(document.getElementById('page').textContent);
          const frames = camera.frames;
          const rendering = page.mode === 'render';
          if (rendering) { document.body.classList.add('render'); }
          if (typeof maplibregl === 'undefined') {
            fail('MapLibre GL JS did not load from ' + routeFlyScriptSource + routeFlyLoadFailureHint + '.');
            window.routeFly = { frameCount: frames.length, ready: ready, show: function () { return ready; } };
            return;
          }
          const stage = document.getElementById('stage');
          const container = document.getElementById('map');
          const slider = document.getElementById('slider');
          const playButton = document.getElementById('play');
          const frameLabel = document.getElementById('frame');
          const poseLabel = document.getElementById('pose');
          slider.max = String(frames.length - 1);

          // Layout: the largest box of the planned aspect that fits the window (above the controls when
          // playing), centred; zooms are corrected for its height, overlays sized from it.
          const aspect = camera.viewport[0] / camera.viewport[1];
          const controlsBar = document.getElementById('controls');
          let zoomOffset = 0;
          function layout() {
            const room = Math.max(window.innerHeight - (rendering ? 0 : controlsBar.offsetHeight), 1);
            let width = window.innerWidth, height = width / aspect;
            if (height > room) { height = room; width = height * aspect; }
            stage.style.width = Math.round(width) + 'px';
            stage.style.height = Math.round(height) + 'px';
            stage.style.left = Math.round((window.innerWidth - width) / 2) + 'px';
            stage.style.top = Math.round((room - height) / 2) + 'px';
            stage.style.setProperty('--unit', Math.max(9, Math.round(Math.min(height, width) * 0.032)) + 'px');
            zoomOffset = Math.log2(Math.round(height) / camera.viewport[1]);
          }
          layout();

          // The page's own tiles (routekit://LAYER/Z/X/Y): held in the page, or asked of the program that
          // drives it through the routeFlyTile binding, which answers with routeFlyTileAnswer.
          const tileWaiters = new Map();
          let tileCount = 0;
          function base64Bytes(text) {
            const raw = atob(text), bytes = new Uint8Array(raw.length);
            for (let i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
            return bytes.buffer;
          }
          window.routeFlyTileAnswer = function (id, data, error) {
            const waiter = tileWaiters.get(id);
            if (!waiter) { return; }
            tileWaiters.delete(id);
            if (error) { waiter.reject(new Error(error)); } else { waiter.resolve(data ? base64Bytes(data) : null); }
          };
          maplibregl.addProtocol(routeFlyTileScheme, function (params) {
            const path = params.url.slice(routeFlyTileScheme.length + 3);
            const held = page.tiles[path];
            if (held !== undefined) { return Promise.resolve({ data: base64Bytes(held) }); }
            if (!page.servesTiles || typeof window.routeFlyTile !== 'function') {
              return Promise.resolve({ data: null });
            }
            return new Promise(function (resolve, reject) {
              const id = ++tileCount;
              tileWaiters.set(id, { resolve: function (data) { resolve({ data: data }); }, reject: reject });
              window.routeFlyTile(JSON.stringify({ id: id, path: path }));
            });
          });

          // Courses: each route's line with its distances, to cut the part flown.
          const courses = page.courses;
          // Whether a reading is on a gap between two segments (the rider crossing it, off the route).
          function onGap(course, r) {
            const d = course.distances, c = course.coordinates;
            let k = d.length - 1;
            while (k > 0 && d[k] > r.route_distance) { k--; }
            return k > 0 && course.breaks.indexOf(k) > 0 && d[k] === d[k - 1] &&
              (Math.abs(((r.point[0] - c[k][0]) % 360 + 540) % 360 - 180) > 1e-9 || r.point[1] !== c[k][1]);
          }
          function flownLines(course, distance, point) {
            const d = course.distances, c = course.coordinates, breaks = course.breaks;
            let low = 0, high = d.length - 1;
            if (distance >= d[high]) { low = high; } else {
              while (high - low > 1) { const mid = (low + high) >> 1; if (d[mid] <= distance) { low = mid; } else { high = mid; } }
            }
            // A rider on a gap between segments (no distance passes there) is still on the segment before:
            // the next segment starts at the same distance but has not been reached.
            let onGap = false;
            if (point && low > 0 && breaks.indexOf(low) > 0 && d[low] === d[low - 1] &&
                (Math.abs(((point[0] - c[low][0]) % 360 + 540) % 360 - 180) > 1e-9 || point[1] !== c[low][1])) { low -= 1; onGap = true; }
            const lines = [];
            let line = [];
            for (let i = 0; i <= low; i++) {
              if (breaks.indexOf(i) > 0) { if (line.length > 1) { lines.push(line); } line = []; }
              line.push(c[i]);
            }
            // The rider's point, unless it is on a gap between segments (not drawn).
            if (point && !onGap && low < c.length - 1 && breaks.indexOf(low + 1) < 0) {
              // The rider's longitude next to the line's (the course's longitudes are continuous).
              const last = line[line.length - 1], p = [point[0], point[1]];
              while (p[0] - last[0] > 180) { p[0] -= 360; }
              while (p[0] - last[0] < -180) { p[0] += 360; }
              line.push(p);
            }
            if (line.length === 1) { line.push(line[0]); }
            if (line.length > 1) { lines.push(line); }
            return lines;
          }

          // Riders: a group's names and colours, or the one rider of a single route.
          const riderNames = camera.riders || [];
          const group = riderNames.length > 0;
          function riderColor(i) { return routeFlyRiderColors[i % routeFlyRiderColors.length]; }
          const riderRoutes = { type: 'FeatureCollection', features: [] };
          route.features = route.features.filter(function (f) {
            if (!f.properties || f.properties.role !== 'rider-route') { return true; }
            f.properties.color = riderColor(f.properties.rider_index);
            riderRoutes.features.push(f);
            return false;
          });
          function readingsOf(i) {
            const f = frames[i];
            if (group) { return f.readings || []; }
            return f.route ? [f.route] : [];
          }
          function flownData(i) {
            const readings = readingsOf(i);
            return { type: 'FeatureCollection', features: courses.map(function (course, k) {
              const r = readings[k];
              const lines = flownLines(course, r ? r.route_distance : 0, r ? r.point : null);
              return { type: 'Feature', geometry: { type: 'MultiLineString', coordinates: lines },
                properties: { color: group ? riderColor(k) : '#ff4000' } };
            }) };
          }
          function riderData(i) {
            const f = frames[i];
            if (group) {
              return { type: 'FeatureCollection', features: riderNames.map(function (name, k) {
                const p = f.riders[k];
                return p ? { type: 'Feature', geometry: { type: 'Point', coordinates: p },
                  properties: { rider: k, name: name, color: riderColor(k), active: f.active[k] } } : null;
              }).filter(function (x) { return x; }) };
            }
            const r = f.route;
            // Paler while crossing a gap between segments, as a group rider is while not recording.
            return { type: 'FeatureCollection', features: r && page.rider ? [{ type: 'Feature',
              geometry: { type: 'Point', coordinates: r.point },
              properties: { rider: 0, color: routeFlyMarkerColor, active: !(courses[0] && onGap(courses[0], r)) } }] : [] };
          }
          const riderLabels = riderNames.map(function (name, i) {
            const label = document.createElement('div');
            label.className = 'rider-label';
            label.textContent = name;
            label.style.color = riderColor(i);
            return label;
          });
          let riderMarkers = [];

          // The map and its layers.
          const blank = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } }] };
          function tiles(name) { return [routeFlyTileScheme + '://' + name + '/{z}/{x}/{y}']; }
          function addGround() {
            const before = map.getStyle().layers.find(function (l) { return l.type === 'symbol'; });
            const under = before ? before.id : undefined;
            if (page.imagery) {
              map.addSource('imagery', { type: 'raster', tiles: tiles('imagery'), tileSize: 256, minzoom: page.imagery.minzoom, maxzoom: page.imagery.maxzoom, bounds: page.imagery.bounds });
              map.addLayer({ id: 'imagery', type: 'raster', source: 'imagery', paint: { 'raster-fade-duration': 0 } }, under);
            }
            if (page.hillshade) {
              map.addSource('hillshade', { type: 'raster', tiles: tiles('hillshade'), tileSize: 256, minzoom: page.hillshade.minzoom, maxzoom: page.hillshade.maxzoom, bounds: page.hillshade.bounds });
              map.addLayer({ id: 'hillshade', type: 'raster', source: 'hillshade', paint: { 'raster-fade-duration': 0, 'raster-opacity': page.imagery ? 0.45 : 1 } }, under);
            }
            if (page.terrain) {
              map.addSource('terrain', { type: 'raster-dem', tiles: tiles('dem'), tileSize: 256, minzoom: page.terrain.minzoom, maxzoom: page.terrain.maxzoom,
                bounds: page.terrain.bounds, encoding: 'terrarium' });
              map.setTerrain({ source: 'terrain', exaggeration: 1 });
              map.on('sourcedata', redrawTerrainDepth);
            }
          }
          // MapLibre hides circles (the riders) and symbols where its picture of the terrain's depth says the
          // ground is in front, and redraws that picture (which its queries also read) only when the camera
          // moves, the terrain's tile set changes or setTerrain fires its 'terrain' event: not when a tile's
          // heights arrive (MapLibre 5.3; fixed upstream in maplibre-gl-js pull request 8447). A frame drawn
          // before its height tiles arrived kept a depth picture without them (nothing there, or that ground
          // at sea level), so the rider was hidden at its place. Each height tile that arrives fires the
          // 'terrain' event, as setTerrain does: the next draw redraws the depth picture, and HTML markers
          // move onto the new heights; which distance labels show is decided again where they now stand
          // (decided on the heights before, a label could stay hidden behind a rider no longer there).
          function redrawTerrainDepth(event) {
            if (event.sourceId !== 'terrain' || !event.tile) { return; }
            map.fire(new maplibregl.Event('terrain', { terrain: map.getTerrain() }));
            placeDistanceMarkers(current);
          }
          // The rider circles MapLibre has in view: a query at each rider's place on the screen (with terrain, a
          // query of the whole view finds no circle aligned to the viewport: MapLibre 5.3 lifts the query's
          // corners by the heights of the circle's own tile, which are 0 outside it).
          function riderCirclesInView() {
            const canvas = map.getCanvas(), found = {};
            riderData(current).features.forEach(function (feature) {
              const p = map.project(feature.geometry.coordinates);
              if (!(p.x >= 0 && p.y >= 0 && p.x <= canvas.clientWidth && p.y <= canvas.clientHeight)) { return; }
              map.queryRenderedFeatures([p.x, p.y], { layers: ['riders'] }).forEach(function (f) { found[f.properties.rider] = true; });
            });
            return Object.keys(found).length;
          }
          function addRoute() {
            map.addSource('route', { type: 'geojson', data: route });
            map.addLayer({ id: 'route', type: 'line', source: 'route', layout: { 'line-join': 'round', 'line-cap': 'round' },
              paint: { 'line-color': '#ff4000', 'line-width': 4, 'line-opacity': page.reveal && !group ? 0.35 : 1 } });
            if (group) {
              map.addSource('rider-routes', { type: 'geojson', data: riderRoutes });
              map.addLayer({ id: 'rider-routes', type: 'line', source: 'rider-routes', layout: { 'line-join': 'round', 'line-cap': 'round' },
                paint: { 'line-color': ['get', 'color'], 'line-width': 3, 'line-opacity': page.reveal ? 0.3 : 0.8 } });
            }
            if (page.reveal && courses.length > 0) {
              map.addSource('flown', { type: 'geojson', data: flownData(current) });
              map.addLayer({ id: 'flown', type: 'line', source: 'flown', layout: { 'line-join': 'round', 'line-cap': 'round' },
                paint: { 'line-color': ['get', 'color'], 'line-width': group ? 3.5 : 4.5 } });
            }
            map.addSource('riders', { type: 'geojson', data: riderData(current) });
            map.addLayer({ id: 'riders', type: 'circle', source: 'riders',
              paint: { 'circle-radius': group ? 7 : 8, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#ffffff',
                'circle-stroke-width': group ? 2 : 3, 'circle-opacity': ['case', ['get', 'active'], 1, 0.4],
                'circle-pitch-alignment': 'viewport' } });
            riderMarkers = riderLabels.map(function (label) {
              return new maplibregl.Marker({ element: label, anchor: 'left', offset: [10, 0] });
            });
          }
          let distanceMarkers = [];
          function addDistanceMarkers() {
            if (page.overlays.indexOf('markers') < 0) { return; }
            distanceMarkers = page.markers.map(function (m) {
              const label = document.createElement('div');
              label.className = 'km-marker';
              label.textContent = m.label;
              return { point: m.point, marker: new maplibregl.Marker({ element: label, anchor: 'bottom', offset: [0, -6] }).setLngLat(m.point).addTo(map) };
            });
          }
          // Each frame: a label that would cover the rider, or a label already shown (in route order), is hidden.
          function placeDistanceMarkers(i) {
            if (distanceMarkers.length === 0) { return; }
            const unit = parseFloat(getComputedStyle(stage).getPropertyValue('--unit')) || 16;
            const r = frames[i].route, rider = r ? map.project(r.point) : null;
            const shown = [];
            distanceMarkers.forEach(function (m) {
              const p = map.project(m.point), element = m.marker.getElement();
              const w = element.offsetWidth || unit * 3.2, h = element.offsetHeight || unit * 1.1;
              const box = { x: p.x, y: p.y - 6 - h / 2, w: w + 4, h: h + 2 };
              const hitsRider = rider && Math.abs(rider.x - box.x) < box.w / 2 + 12 && Math.abs(rider.y - box.y) < box.h / 2 + 12;
              const hitsLabel = shown.some(function (o) { return Math.abs(o.x - box.x) < (o.w + box.w) / 2 && Math.abs(o.y - box.y) < (o.h + box.h) / 2; });
              const visible = !hitsRider && !hitsLabel;
              m.marker.getElement().style.visibility = visible ? 'visible' : 'hidden';
              if (visible) { shown.push(box); }
            });
          }

          // Overlays: the stats panel, the title, the profile strip.
          const units = page.units === 'imperial'
            ? { distance: 1609.344, distanceName: 'mi', height: 0.3048, heightName: 'ft', speed: 0.44704, speedName: 'mph' }
            : { distance: 1000, distanceName: 'km', height: 1, heightName: 'm', speed: 1 / 3.6, speedName: 'km/h' };
          function twoDigits(n) { return (n < 10 ? '0' : '') + n; }
          function clockText(seconds) {
            const s = Math.max(0, Math.floor(seconds + 1e-6));
            return Math.floor(s / 3600) + ':' + twoDigits(Math.floor(s / 60) % 60) + ':' + twoDigits(s % 60);
          }
          function statRows(r) {
            const rows = [];
            if (r.route_time !== undefined) {
              if (page.clock === 'utc') {
                rows.push(['time', r.route_time.slice(11, 19) + ' UTC']);
              } else if (page.startTime) {
                rows.push(['time', clockText((Date.parse(r.route_time) - Date.parse(page.startTime)) / 1000)]);
              }
            }
            rows.push(['distance', (r.route_distance / units.distance).toFixed(2) + ' ' + units.distanceName]);
            if (r.speed !== undefined) {
              if (page.speedDisplay === 'pace') {
                const pace = r.speed > 0.05 ? units.distance / r.speed : null;
                rows.push(['pace', pace && pace < 6000 ? Math.floor(pace / 60) + ':' + twoDigits(Math.floor(pace % 60)) + ' /' + units.distanceName : '-']);
              } else {
                rows.push(['speed', (r.speed / units.speed).toFixed(1) + ' ' + units.speedName]);
              }
            }
            if (r.route_elevation !== undefined) { rows.push(['elevation', Math.round(r.route_elevation / units.height) + ' ' + units.heightName]); }
            if (r.heart_rate !== undefined) { rows.push(['heart rate', Math.round(r.heart_rate) + ' bpm']); }
            if (r.cadence !== undefined) { rows.push(['cadence', Math.round(r.cadence) + ' /min']); }
            return rows;
          }
          const statsPanel = document.getElementById('stats');
          function showStats(i) {
            if (page.overlays.indexOf('stats') < 0) { statsPanel.style.display = 'none'; return; }
            const readings = readingsOf(i);
            const html = [];
            readings.forEach(function (r, k) {
              if (!r) { return; }
              if (group) {
                html.push('<div class="row"><span class="value" style="color:' + riderColor(k) + ';text-shadow:0 0 3px #fff,0 0 2px #fff"></span><span class="value"></span></div>');
              } else {
                statRows(r).forEach(function (row) { html.push('<div class="row" data-stat="' + row[0] + '"><span class="label"></span><span class="value"></span></div>'); });
              }
            });
            if (statsPanel.dataset.shape !== String(html.length)) { statsPanel.innerHTML = html.join(''); statsPanel.dataset.shape = String(html.length); }
            const rows = statsPanel.children;
            let n = 0;
            readings.forEach(function (r, k) {
              if (!r) { return; }
              if (group) {
                rows[n].children[0].textContent = riderNames[k];
                // A rider not recording (before its start, after its end) has no speed.
                const moving = frames[i].active ? frames[i].active[k] : true;
                const pace = moving ? statRows(r).find(function (row) { return row[0] === 'pace' || row[0] === 'speed'; }) : ['', '-'];
                rows[n].children[1].textContent = (r.route_distance / units.distance).toFixed(2) + ' ' + units.distanceName +
                  (pace ? '  ' + pace[1] : '');
                n += 1;
              } else {
                statRows(r).forEach(function (row) { rows[n].children[0].textContent = row[0]; rows[n].children[1].textContent = row[1]; n += 1; });
              }
            });
            statsPanel.style.display = readings.length > 0 ? 'block' : 'none';
          }
          function setUpTitle() {
            const title = document.getElementById('title');
            if (page.overlays.indexOf('title') < 0 || (!page.title && !page.date)) { title.style.display = 'none'; return; }
            title.querySelector('.name').textContent = page.title;
            title.querySelector('.date').textContent = page.date || '';
          }
          const svgNS = 'http://www.w3.org/2000/svg';
          let profileCursor = null, profileClip = null;
          function setUpProfile() {
            const box = document.getElementById('profile');
            if (page.overlays.indexOf('profile') < 0 || !page.profile) { box.style.display = 'none'; return; }
            const p = page.profile, length = p.distances[p.distances.length - 1] || 1;
            const low = Math.min.apply(null, p.elevations), high = Math.max.apply(null, p.elevations);
            const span = Math.max(high - low, 10);
            function x(d) { return 1000 * d / length; }
            function y(e) { return 92 - 80 * (e - low) / span; }
            let line = '';
            p.distances.forEach(function (d, i) { line += (i ? ' L' : 'M') + x(d).toFixed(2) + ' ' + y(p.elevations[i]).toFixed(2); });
            const area = line + ' L1000 100 L0 100 Z';
            const svg = document.createElementNS(svgNS, 'svg');
            svg.setAttribute('viewBox', '0 0 1000 100');
            svg.setAttribute('preserveAspectRatio', 'none');
            svg.innerHTML = '<defs><clipPath id="flown-part"><rect x="0" y="0" width="0" height="100"/></clipPath></defs>' +
              '<path d="' + area + '" fill="rgba(255,255,255,0.25)"/>' +
              '<path d="' + area + '" fill="rgba(255,64,0,0.75)" clip-path="url(#flown-part)"/>' +
              '<path d="' + line + '" fill="none" stroke="#fff" stroke-width="1.5" vector-effect="non-scaling-stroke"/>' +
              '<line id="profile-cursor" x1="0" x2="0" y1="0" y2="100" stroke="#fff" stroke-width="2" vector-effect="non-scaling-stroke"/>';
            box.appendChild(svg);
            profileCursor = svg.querySelector('#profile-cursor');
            profileClip = svg.querySelector('#flown-part rect');
            box.dataset.length = String(length);
          }
          function showProfile(i) {
            if (!profileCursor) { return; }
            const r = frames[i].route;
            const x = r ? (1000 * r.route_progress).toFixed(2) : '0';
            profileCursor.setAttribute('x1', x);
            profileCursor.setAttribute('x2', x);
            profileClip.setAttribute('width', x);
          }

          function cameraOf(i) {
            const f = frames[i];
            const c = { center: f.center, zoom: f.zoom + zoomOffset, bearing: f.bearing, pitch: f.pitch };
            if (page.terrain) { c.elevation = f.elevation; }
            return c;
          }
          const hashMatch = /^#frame=([0-9]+)$/.exec(window.location.hash);
          let current = hashMatch ? Math.min(parseInt(hashMatch[1], 10), frames.length - 1) : 0;
          const options = Object.assign({ container: container, style: routeFlyStyleURL || blank, interactive: false,
            attributionControl: routeFlyStyleURL ? { compact: false } : false, fadeDuration: 0, pixelRatio: 1,
            centerClampedToGround: false, maxPitch: Math.max(60, Math.min(85, camera.maxPitch)), maxZoom: 24 }, cameraOf(current));
          const map = new maplibregl.Map(options);
          window.routeFlyPreview = { map: map, frames: frames, show: show };
          if (map.setVerticalFieldOfView) { map.setVerticalFieldOfView(camera.fov); }
          map.on('error', function (event) {
            const e = event.error || {};
            const what = e.message || (e.status ? 'HTTP ' + e.status : 'failed to load');
            const where = e.url || (!map.isStyleLoaded() && routeFlyStyleURL ? 'the style ' + routeFlyStyleURL : '');
            fail('Map error: ' + what + (where ? ' (' + where + ')' : ''));
          });
          function show(i) {
            current = i;
            const f = frames[i];
            map.jumpTo(cameraOf(i));
            const flown = map.getSource('flown');
            if (flown) { flown.setData(flownData(i)); }
            const riders = map.getSource('riders');
            if (riders) { riders.setData(riderData(i)); }
            riderMarkers.forEach(function (marker, k) {
              if (!f.riders || !f.riders[k]) { marker.remove(); return; }
              marker.setLngLat(f.riders[k]).addTo(map);
              marker.getElement().style.opacity = f.active[k] ? '1' : '0.5';
            });
            placeDistanceMarkers(i);
            showStats(i);
            showProfile(i);
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

          // The render driver: show(i), then resolve once the map is idle and the page has painted.
          function drawFrame(i) {
            if (document.body.dataset.state === 'error') { return Promise.reject(new Error(document.body.dataset.error)); }
            return new Promise(function (resolve, reject) {
              pending = { resolve: resolve, reject: reject };
              map.once('idle', function () {
                window.requestAnimationFrame(function () {
                  if (pending) { pending = null; resolve(riderCirclesInView()); }
                });
              });
              show(i);
              map.triggerRepaint();
            });
          }
          // The render driver names frames by their numbers; a render page may hold a slice of the flight.
          const firstFrame = frames.length > 0 ? frames[0].frame : 0;
          window.routeFly = { frameCount: frames.length, firstFrame: firstFrame, ready: ready,
            show: function (n) {
              const i = n - firstFrame;
              if (!(i >= 0 && i < frames.length)) { return Promise.reject(new Error('frame ' + n + ' is not in this page')); }
              return ready.then(function () { return drawFrame(i); });
            } };

          map.on('load', function () {
            addGround();
            addRoute();
            addDistanceMarkers();
            setUpTitle();
            setUpProfile();
            show(current);
            if (!hashMatch && !rendering) { setPlaying(true); }
            map.once('idle', function () {
              if (group) {
                document.body.dataset.riders = String(riderCirclesInView());
              }
              if (page.terrain && map.getTerrain()) {
                const e = map.queryTerrainElevation(map.getCenter());
                document.body.dataset.terrainElevation = e === null ? 'none' : e.toFixed(1);
              }
              if (document.body.dataset.state !== 'error') { document.body.dataset.state = 'ready'; }
              loaded.resolve(true);
            });
          });
        })();

        """
}
