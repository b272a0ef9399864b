# Imports a Google Earth Studio 3D camera export (or `route-fly sample ROUTE --format earth-studio`) into
# Blender: an animated camera, and (from RouteKit's files) the route as a curve and the ground as a mesh,
# in a level local frame. Written for RouteKit; tried with Blender 5.0.1 (PyPI's bpy).
#
#   blender -b --python-exit-code 1 --python docs/blender-import-earth-studio.py -- FLIGHT.json OUT.blend
#           [--frame enu|ecef] [--no-route] [--no-terrain]
#   (or, with PyPI's bpy: python docs/blender-import-earth-studio.py -- FLIGHT.json OUT.blend ...;
#    or in Blender's Text Editor: set ARGUMENTS below and Run Script; there OUT.blend may be left out,
#    the scene staying in the open session)
#
# Refused before anything is built or written, with one line on standard error: a usage error (exit 64:
# an unknown option or --frame value, no OUT.blend when Blender runs without a window, an output that
# does not end in .blend or is the flight file itself) or a bad file (exit 1: unreadable, not JSON, not
# an Earth Studio export, a member missing, of the wrong type or not finite, named by its JSON path such
# as $.cameraFrames[3].position.x; an output directory that does not exist).
#
# --frame enu (default): a local east-north-up frame, metres, Z up. Its origin is on the WGS 84
#   ellipsoid (height 0) under the middle of the flight (the centre of the box of the route and the eyes),
#   so Z is the height above the ellipsoid near the origin and the ground there is level. Positions are
#   computed in Python's 64-bit floats and rounded once to Blender's 32-bit ones; the script prints the
#   step at the farthest camera and the rounding in pixels (RouteKit's bundled hike: 1 mm at 9.4 km,
#   0.0004 pixel; a route from Lisbon to Moscow, 3,915 km apart: 0.25 m at 3,796 km, where the camera is
#   so high that it is 0.0009 pixel). Far from the origin the Earth curves away below the plane (d^2 / 2R:
#   2 m at 5 km, 200 km at 1,600 km): the frame is exact (a rigid turn of ECEF), level near its origin.
# --frame ecef: the export's Earth-centred axes, offset to the first track point (the tilted world of
#   earlier versions of this script and of the add-ons).
#
# What it builds, all in a new collection "RouteKit" (nothing of yours is deleted or changed, apart from
# the scene's camera, frame rate, frame range and resolution):
# - "RouteKit Camera": keyed per frame with the export's `position` (ECEF metres) and `rotation` (Euler degrees,
#   camera axes x right, y down, z forward to ECEF, Rx(x) Ry(y) Rz(z)), turned into the chosen frame, as
#   a location and an XYZ Euler rotation kept continuous from frame to frame (in ENU a camera without roll
#   never reaches the XYZ Euler angles' gimbal lock). Its lens is keyed per frame from the frame's
#   `fovVertical` (sensor fit vertical), else the file's. Clipping from 1 m (closer planes hide the ground
#   in Blender 5's EEVEE) to beyond the horizon of the highest eye.
# - "RouteKit Route": RouteKit's `route` member (a GeoJSON MultiLineString, heights above the ellipsoid) as a
#   poly curve, one spline per segment, with a red emissive tube about 3 pixels wide at the typical
#   camera height (--no-route: none).
# - "RouteKit Terrain": RouteKit's `terrain` member (written by `route-fly sample --terrain DEM`: a grid of
#   ellipsoidal heights around the route) as a mesh (--no-terrain: none), and a "RouteKit Sun".
# - The scene's custom properties `routekit_origin` (latitude, longitude, height of the ENU origin) and
#   `routekit_frame` say where the frame is.
# It prints the number of frames, the largest turn of the camera between two frames and how much further
# the picture turns at half-frames (0: no spin between frames), the 32-bit step at the farthest camera,
# and the largest 32-bit rounding of a camera in pixels (against a pixel's size at the eye's height above
# the lowest route point, an upper bound).
import bpy, json, math, os, sys
from mathutils import Matrix, Vector

ARGUMENTS = []  # for Blender's Text Editor: e.g. ['/path/flight.json', '/path/flight.blend']

A, F = 6378137.0, 1 / 298.257223563  # WGS 84
E2 = F * (2 - F)


def ecef(latitude, longitude, height):
    """Geodetic degrees and metres above the WGS 84 ellipsoid to ECEF metres (64-bit)."""
    p, l = math.radians(latitude), math.radians(longitude)
    n = A / math.sqrt(1 - E2 * math.sin(p) ** 2)
    return ((n + height) * math.cos(p) * math.cos(l), (n + height) * math.cos(p) * math.sin(l),
            (n * (1 - E2) + height) * math.sin(p))


def enu_rows(latitude, longitude):
    """Rows of the rotation from ECEF axes to east, north, up at the place."""
    p, l = math.radians(latitude), math.radians(longitude)
    return ((-math.sin(l), math.cos(l), 0.0),
            (-math.sin(p) * math.cos(l), -math.sin(p) * math.sin(l), math.cos(p)),
            (math.cos(p) * math.cos(l), math.cos(p) * math.sin(l), math.sin(p)))


class Frame:
    """A rigid frame: ECEF metres to local metres, in 64-bit floats."""
    def __init__(self, origin, rows):
        self.origin, self.rows = origin, rows

    def point(self, p):
        d = [p[k] - self.origin[k] for k in range(3)]
        return Vector([sum(r[k] * d[k] for k in range(3)) for r in self.rows])

    def rotation(self):
        return Matrix(self.rows)


USAGE = ('usage: blender -b --python blender-import-earth-studio.py -- FLIGHT.json OUT.blend '
         '[--frame enu|ecef] [--no-route] [--no-terrain]')


class Refusal(Exception):
    """A one-line error and the exit status: 64 for a usage error, 1 for bad data."""
    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def usage(message):
    return Refusal('error: %s\n%s' % (message, USAGE), 64)


def frame_value(value):
    if value not in ('enu', 'ecef'):
        raise usage("the value '%s' is invalid for '--frame': expected enu or ecef" % value)
    return value


def parse(argv):
    args = argv[argv.index('--') + 1:] if '--' in argv else list(ARGUMENTS)
    options = {'frame': 'enu', 'route': True, 'terrain': True, 'paths': []}
    i = 0
    while i < len(args):
        a = args[i]
        if a == '--frame':
            if i + 1 >= len(args):
                raise usage("'--frame' needs a value: enu or ecef")
            options['frame'] = frame_value(args[i + 1])
            i += 1
        elif a.startswith('--frame='):
            options['frame'] = frame_value(a[len('--frame='):])
        elif a in ('--no-route', '--no-terrain'):
            options[a[5:]] = False
        elif a.startswith('--'):
            raise usage('unknown option %s' % a)
        else:
            options['paths'].append(a)
        i += 1
    if not 1 <= len(options['paths']) <= 2:
        raise usage('expected the flight file and the .blend file to write')
    if len(options['paths']) == 1 and bpy.app.background:
        raise usage('no output file: Blender runs without a window here, so the scene would be lost; '
                    'name the .blend file to write')
    if len(options['paths']) == 2:
        check_output(*options['paths'])
    return options


def check_output(source, output):
    """Refuses an output that is not a .blend file, is the input, or lies in a missing directory."""
    same = os.path.realpath(source) == os.path.realpath(output) or (
        os.path.exists(output) and os.path.exists(source) and os.path.samefile(source, output))
    if same:
        raise usage("the output file '%s' is an input (the flight file): it would be overwritten" % output)
    if not output.lower().endswith('.blend'):
        raise usage("the output file '%s' does not end in .blend (it is written as a Blender file)" % output)
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        raise Refusal("%s: error: cannot write: the directory '%s' does not exist" % (output, directory), 1)


def kind(value):
    """The JSON type of a parsed value, as an error names it."""
    if value is None:
        return 'null'
    if isinstance(value, bool):
        return 'a boolean'
    if isinstance(value, (int, float)):
        return '%r' % value
    if value == []:
        return 'an empty array'
    return {str: 'a string', list: 'an array', dict: 'an object'}.get(type(value), type(value).__name__)


class Reader:
    """Checks the document's members as they are read; errors name the file and the JSON path."""
    def __init__(self, path):
        self.path = path

    def fail(self, where, value, expected):
        raise Refusal('%s: error: %s: found %s, expected %s' % (self.path, where, kind(value), expected), 1)

    def member(self, parent, key, where):
        if key not in parent:
            raise Refusal('%s: error: %s: missing, expected a member "%s"' % (self.path, where, key), 1)
        return parent[key]

    def number(self, parent, key, where, low=-math.inf, high=math.inf, positive=False, optional=False):
        if optional and key not in parent:
            return None
        value = self.member(parent, key, '%s.%s' % (where, key))
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
            and low <= value <= high and (value > 0 or not positive)
        if not ok:
            bound = ('a finite number' + (' above 0' if positive else '')
                     + (' from %g to %g' % (low, high) if math.isfinite(low) and math.isfinite(high) else ''))
            self.fail('%s.%s' % (where, key), value, bound)
        return value

    def array(self, parent, key, where, nonempty=True):
        value = self.member(parent, key, '%s.%s' % (where, key))
        if not isinstance(value, list) or (nonempty and not value):
            self.fail('%s.%s' % (where, key), value, 'a non-empty array' if nonempty else 'an array')
        return value

    def obj(self, value, where):
        if not isinstance(value, dict):
            self.fail(where, value, 'an object')
        return value

    def xyz(self, parent, key, where):
        value = self.obj(self.member(parent, key, '%s.%s' % (where, key)), '%s.%s' % (where, key))
        for k in 'xyz':
            self.number(value, k, '%s.%s' % (where, key))


def load(path):
    """The Earth Studio document at `path`, checked member by member (Refusal on the first fault)."""
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise Refusal('%s: error: cannot read the file: %s' % (path, getattr(e, 'strerror', None) or e), 1)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise Refusal('%s:%d:%d: error: not JSON (%s); expected an Earth Studio 3D camera export '
                      '(route-fly sample ROUTE --format earth-studio)' % (path, e.lineno, e.colno, e.msg), 1)
    check(Reader(path), doc)
    return doc


def check(r, doc):
    if not isinstance(doc, dict):
        r.fail('$', doc, 'an object (an Earth Studio 3D camera export; CZML is an array and is not one)')
    r.number(doc, 'frameRate', '$', positive=True)
    r.number(doc, 'width', '$', 1, 1e5)
    r.number(doc, 'height', '$', 1, 1e5)
    r.number(doc, 'numFrames', '$', 0, 1e8)
    r.number(doc, 'fovVertical', '$', 0, 180, positive=True, optional=True)
    for i, f in enumerate(r.array(doc, 'cameraFrames', '$')):
        where = '$.cameraFrames[%d]' % i
        r.obj(f, where)
        r.xyz(f, 'position', where)
        r.xyz(f, 'rotation', where)
        c = r.obj(r.member(f, 'coordinate', where + '.coordinate'), where + '.coordinate')
        r.number(c, 'latitude', where + '.coordinate', -90, 90)
        r.number(c, 'longitude', where + '.coordinate', -540, 540)
        r.number(c, 'altitude', where + '.coordinate')
        r.number(f, 'fovVertical', where, 0, 180, positive=True, optional=True)
    if 'trackPoints' in doc:
        for i, p in enumerate(r.array(doc, 'trackPoints', '$', nonempty=False)):
            r.xyz(r.obj(p, '$.trackPoints[%d]' % i), 'position', '$.trackPoints[%d]' % i)
    if doc.get('route') is not None:
        check_route(r, r.obj(doc['route'], '$.route'))
    if doc.get('terrain') is not None:
        check_terrain(r, r.obj(doc['terrain'], '$.terrain'))


def check_route(r, route):
    kind_ = route.get('type')
    if kind_ not in ('MultiLineString', 'LineString'):
        r.fail('$.route.type', kind_, '"MultiLineString" or "LineString"')
    lines = r.array(route, 'coordinates', '$.route')
    if kind_ == 'LineString':
        lines = [lines]
    for i, line in enumerate(lines):
        where = '$.route.coordinates[%d]' % i if kind_ == 'MultiLineString' else '$.route.coordinates'
        if not isinstance(line, list) or not line:
            r.fail(where, line, 'a non-empty array of [longitude, latitude, height]')
        for j, c in enumerate(line):
            ok = isinstance(c, list) and len(c) >= 3 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in c[:3])
            if not ok:
                r.fail('%s[%d]' % (where, j), c, '[longitude, latitude, height], finite numbers')


def check_terrain(r, grid):
    rows, columns = r.number(grid, 'rows', '$.terrain', 2, 1e5), r.number(grid, 'columns', '$.terrain', 2, 1e5)
    for k in ('north', 'south', 'east', 'west'):
        r.number(grid, k, '$.terrain', -540, 540)
    heights = r.array(grid, 'heights', '$.terrain')
    if len(heights) != int(rows) * int(columns):
        r.fail('$.terrain.heights', heights, 'rows x columns = %d heights (found %d)' % (rows * columns, len(heights)))
    for i, h in enumerate(heights):
        if h is not None and not (isinstance(h, (int, float)) and not isinstance(h, bool) and math.isfinite(h)):
            r.fail('$.terrain.heights[%d]' % i, h, 'a finite number or null')


def flight_box(doc):
    """Latitude and longitude of the middle of the route and the eyes (longitudes unwrapped)."""
    places = [(c['coordinate']['latitude'], c['coordinate']['longitude']) for c in doc['cameraFrames']]
    places += [(c[1], c[0]) for c in route_points(doc)]
    base = places[0][1]
    lons = [base + (lon - base + 180) % 360 - 180 for _, lon in places]
    lats = [lat for lat, _ in places]
    return (min(lats) + max(lats)) / 2, ((min(lons) + max(lons)) / 2 + 180) % 360 - 180


def route_lines(doc):
    """RouteKit's `route` member (a GeoJSON MultiLineString or LineString) as lists of [lon, lat, h]."""
    route = doc.get('route')
    if not route:
        return []
    return route['coordinates'] if route['type'] == 'MultiLineString' else [route['coordinates']]


def route_points(doc):
    return [c for line in route_lines(doc) for c in line]


def make_frame(doc, kind):
    if kind == 'ecef':
        origin = [doc['trackPoints'][0]['position'][k] for k in 'xyz']
        return Frame(origin, ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))), None
    latitude, longitude = flight_box(doc)
    return Frame(ecef(latitude, longitude, 0.0), enu_rows(latitude, longitude)), (latitude, longitude, 0.0)


def camera_axes(rotation):
    """Blender camera axes (x right, y up, -z forward) in ECEF for the export's Euler degrees."""
    x, y, z = (math.radians(rotation[k]) for k in 'xyz')
    export = Matrix.Rotation(x, 3, 'X') @ Matrix.Rotation(y, 3, 'Y') @ Matrix.Rotation(z, 3, 'Z')
    return export @ Matrix(((1, 0, 0), (0, -1, 0), (0, 0, -1)))


def step32(x):
    """The spacing of 32-bit floats (24-bit significand) near |x| metres."""
    return 2.0 ** (math.floor(math.log2(max(abs(x), 1e-30))) - 23)


def import_camera(scene, collection, doc, frame):
    data = bpy.data.cameras.new('Camera')
    data.sensor_fit = 'VERTICAL'
    data.clip_start = 1.0
    camera = bpy.data.objects.new('RouteKit Camera', data)
    camera.rotation_mode = 'XYZ'
    collection.objects.link(camera)
    scene.camera = camera
    turn = frame.rotation()
    previous, farthest, highest, worst = None, 0.0, 0.0, (0.0, 0)
    ground = min([c[2] for c in route_points(doc)] or [0.0])
    for i, f in enumerate(doc['cameraFrames']):
        location = frame.point([f['position'][k] for k in 'xyz'])
        farthest = max(farthest, location.length)
        highest = max(highest, f['coordinate']['altitude'])
        # The 32-bit step here against a pixel's size at the eye's height above the lowest route point
        # (no nearer than the centre it looks at): an upper bound of the rounding, in pixels.
        fov = math.radians(f.get('fovVertical', doc.get('fovVertical', 36.8699)))
        pixel = 2 * max(f['coordinate']['altitude'] - ground, 1.0) * math.tan(fov / 2) / doc['height']
        worst = max(worst, (step32(location.length) / pixel, i))
        euler = (turn @ camera_axes(f['rotation'])).to_euler('XYZ', previous) if previous else \
            (turn @ camera_axes(f['rotation'])).to_euler('XYZ')
        camera.location, camera.rotation_euler, previous = location, euler, euler
        camera.keyframe_insert('location', frame=i)
        camera.keyframe_insert('rotation_euler', frame=i)
        data.angle_y = math.radians(f.get('fovVertical', doc.get('fovVertical', 36.8699)))
        data.keyframe_insert('lens', frame=i)
    horizon = math.sqrt(2 * A * max(highest, 1.0))
    data.clip_end = max(2e4, 3 * horizon)
    return camera, farthest, worst


def emissive(name, colour, strength=1.0):
    material = bpy.data.materials.new(name)
    if bpy.app.version < (5, 0, 0):
        material.use_nodes = True  # always on from Blender 5
    nodes = material.node_tree.nodes
    for node in list(nodes):
        nodes.remove(node)
    emission = nodes.new('ShaderNodeEmission')
    emission.inputs['Color'].default_value = colour
    emission.inputs['Strength'].default_value = strength
    output = nodes.new('ShaderNodeOutputMaterial')
    material.node_tree.links.new(emission.outputs['Emission'], output.inputs['Surface'])
    return material


def import_route(collection, doc, frame):
    curve = bpy.data.curves.new('Route', 'CURVE')
    curve.dimensions = '3D'
    for line in route_lines(doc):
        spline = curve.splines.new('POLY')
        spline.points.add(len(line) - 1)
        for point, c in zip(spline.points, line):
            p = frame.point(ecef(c[1], c[0], c[2]))
            point.co = (p.x, p.y, p.z, 1.0)
    coordinates = route_points(doc)
    eyes = sorted(f['coordinate']['altitude'] for f in doc['cameraFrames'])
    grounds = sorted(c[2] for c in coordinates)
    typical = max(eyes[len(eyes) // 2] - grounds[len(grounds) // 2], 10.0)  # eye above the route, roughly
    fov = math.radians(doc.get('fovVertical', 36.8699))
    pixel = 2 * typical * math.tan(fov / 2) / doc['height']
    curve.bevel_depth = 1.5 * pixel
    curve.materials.append(emissive('RouteKit route', (1.0, 0.1, 0.05, 1.0), 1.0))
    route = bpy.data.objects.new('RouteKit Route', curve)
    collection.objects.link(route)
    return route


def import_terrain(collection, doc, frame):
    grid = doc['terrain']
    rows, columns, heights = grid['rows'], grid['columns'], grid['heights']
    index, vertices = {}, []
    for r in range(rows):
        latitude = grid['north'] - r * (grid['north'] - grid['south']) / (rows - 1)
        for c in range(columns):
            h = heights[r * columns + c]
            if h is None:
                continue
            longitude = grid['west'] + c * (grid['east'] - grid['west']) / (columns - 1)
            index[(r, c)] = len(vertices)
            vertices.append(tuple(frame.point(ecef(latitude, longitude, h))))
    faces = []
    for r in range(rows - 1):
        for c in range(columns - 1):
            corners = [(r, c), (r + 1, c), (r + 1, c + 1), (r, c + 1)]
            if all(k in index for k in corners):
                faces.append([index[k] for k in corners])
    mesh = bpy.data.meshes.new('Terrain')
    mesh.from_pydata(vertices, [], faces)
    mesh.update()
    for polygon in mesh.polygons:
        polygon.use_smooth = True
    material = bpy.data.materials.new('RouteKit terrain')
    material.diffuse_color = (0.35, 0.45, 0.3, 1.0)
    if bpy.app.version < (5, 0, 0):
        material.use_nodes = True
    bsdf = material.node_tree.nodes.get('Principled BSDF')
    if bsdf:
        bsdf.inputs['Base Color'].default_value = (0.35, 0.45, 0.3, 1.0)
        bsdf.inputs['Roughness'].default_value = 0.9
    mesh.materials.append(material)
    terrain = bpy.data.objects.new('RouteKit Terrain', mesh)
    collection.objects.link(terrain)
    sun = bpy.data.objects.new('RouteKit Sun', bpy.data.lights.new('Sun', 'SUN'))
    sun.data.energy = 3.0
    sun.rotation_euler = (math.radians(70), 0, math.radians(135))  # 20 degrees above the horizon
    collection.objects.link(sun)
    return terrain


def motion(scene, camera, count):
    def forward(t):
        scene.frame_set(int(math.floor(t)), subframe=t - math.floor(t))
        return (camera.matrix_world.to_3x3() @ Vector((0, 0, -1))).normalized()
    turn = excess = 0.0
    previous = forward(0)
    for i in range(1, count):
        current = forward(i)
        step = math.degrees(previous.angle(current, 0.0))
        middle = forward(i - 0.5)
        turn = max(turn, step)
        excess = max(excess, max(math.degrees(middle.angle(previous, 0.0)), math.degrees(middle.angle(current, 0.0))) - step)
        previous = current
    scene.frame_set(0)
    return turn, max(excess, 0.0)


def main():
    options = parse(sys.argv)
    doc = load(options['paths'][0])
    if options['frame'] == 'ecef' and not doc.get('trackPoints'):
        raise Refusal("%s: error: $.trackPoints: missing, expected a track point for '--frame ecef' (its origin)"
                      % options['paths'][0], 1)
    scene = bpy.context.scene
    scene.render.fps = max(1, round(doc['frameRate']))
    scene.render.fps_base = scene.render.fps / doc['frameRate']  # 29.97 = 30 / 1.001
    scene.render.resolution_x, scene.render.resolution_y = doc['width'], doc['height']
    scene.frame_start, scene.frame_end = 0, doc['numFrames']
    collection = bpy.data.collections.new('RouteKit')
    scene.collection.children.link(collection)
    frame, origin = make_frame(doc, options['frame'])
    scene['routekit_frame'] = options['frame']
    if origin:
        scene['routekit_origin'] = origin
    camera, farthest, worst = import_camera(scene, collection, doc, frame)
    made = []
    if options['route'] and 'route' in doc:
        import_route(collection, doc, frame)
        made.append('route')
    if options['terrain'] and 'terrain' in doc:
        import_terrain(collection, doc, frame)
        made.append('terrain')
    turn, excess = motion(scene, camera, len(doc['cameraFrames']))
    print('imported %d camera frames (numFrames %d) in the %s frame%s; largest turn %.3f degrees a frame; '
          'half-frames turn %.3f degrees further; farthest camera %.0f m from the origin (32-bit step %.2g m); '
          'the 32-bit rounding is at most %.2g pixel (frame %d)'
          % (len(doc['cameraFrames']), doc['numFrames'], options['frame'].upper(),
             (' with the ' + ' and '.join(made)) if made else '', turn, excess, farthest, step32(farthest),
             worst[0], worst[1]))
    if len(options['paths']) > 1:
        bpy.ops.wm.save_as_mainfile(filepath=os.path.abspath(options['paths'][1]))  # needs an absolute path
        print('saved %s' % options['paths'][1])
    else:
        print('no output file named: the scene is in this Blender session only (File > Save to keep it)')


def run():
    """main(), with a refusal printed as one line on standard error and its exit status (1 or 64)."""
    try:
        main()
    except Refusal as refusal:
        print(str(refusal), file=sys.stderr)
        sys.exit(refusal.status)


run()
