# Imports a Google Earth Studio 3D camera export (or `route-fly sample ROUTE --format earth-studio`) into
# Blender: an animated camera, and (from RouteKit's files) the route as a curve and the ground as a mesh,
# in a level local frame. Written for RouteKit; tried with Blender 5.0.1 (PyPI's bpy).
#
#   blender -b --python-exit-code 1 --python docs/blender-import-earth-studio.py -- FLIGHT.json [OUT.blend]
#           [--frame enu|ecef] [--no-route] [--no-terrain]
#   (or, with PyPI's bpy: python docs/blender-import-earth-studio.py -- FLIGHT.json [OUT.blend] ...;
#    or in Blender's Text Editor: set ARGUMENTS below and Run Script)
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
# - "Camera": keyed per frame with the export's `position` (ECEF metres) and `rotation` (Euler degrees,
#   camera axes x right, y down, z forward to ECEF, Rx(x) Ry(y) Rz(z)), turned into the chosen frame, as
#   a location and an XYZ Euler rotation kept continuous from frame to frame (in ENU a camera without roll
#   never reaches the XYZ Euler angles' gimbal lock). Its lens is keyed per frame from the frame's
#   `fovVertical` (sensor fit vertical), else the file's. Clipping from 1 m (closer planes hide the ground
#   in Blender 5's EEVEE) to beyond the horizon of the highest eye.
# - "Route": RouteKit's `route` member (a GeoJSON MultiLineString, heights above the ellipsoid) as a
#   poly curve, one spline per segment, with a red emissive tube about 3 pixels wide at the typical
#   camera height (--no-route: none).
# - "Terrain": RouteKit's `terrain` member (written by `route-fly sample --terrain DEM`: a grid of
#   ellipsoidal heights around the route) as a mesh (--no-terrain: none), and a "Sun".
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


def parse(argv):
    args = argv[argv.index('--') + 1:] if '--' in argv else list(ARGUMENTS)
    options = {'frame': 'enu', 'route': True, 'terrain': True, 'paths': []}
    i = 0
    while i < len(args):
        a = args[i]
        if a == '--frame' and i + 1 < len(args) and args[i + 1] in ('enu', 'ecef'):
            options['frame'] = args[i + 1]
            i += 1
        elif a in ('--no-route', '--no-terrain'):
            options[a[5:]] = False
        elif a.startswith('--'):
            sys.exit('unknown option %s' % a)
        else:
            options['paths'].append(a)
        i += 1
    if not 1 <= len(options['paths']) <= 2:
        sys.exit('usage: blender -b --python blender-import-earth-studio.py -- flight.json [out.blend] '
                 '[--frame enu|ecef] [--no-route] [--no-terrain]')
    return options


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
    camera = bpy.data.objects.new('Camera', data)
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
    route = bpy.data.objects.new('Route', curve)
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
    terrain = bpy.data.objects.new('Terrain', mesh)
    collection.objects.link(terrain)
    sun = bpy.data.objects.new('Sun', bpy.data.lights.new('Sun', 'SUN'))
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
    with open(options['paths'][0], encoding='utf-8') as f:
        doc = json.load(f)
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


main()
