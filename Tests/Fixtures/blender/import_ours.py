# Runs docs/blender-import-earth-studio.py in Blender (PyPI's bpy) on an empty scene, then prints, as one
# JSON line after "RESULT ", what Blender made: per frame the camera's world matrix (location, forward -Z,
# up +Y, lens angle), the ENU origin, the route curve's points, and the terrain mesh's normal at the
# origin, and the largest change of an Euler channel between frames; optionally renders a still at
# 640 x 360. Usage: python import_ours.py SCRIPT FLIGHT.json [STILL.png FRAME [cycles|eevee]] [-- script options]
import bpy, json, math, runpy, sys
from mathutils import Vector

script, flight = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
options = rest[rest.index('--') + 1:] if '--' in rest else []
still = rest[:rest.index('--')] if '--' in rest else rest  # [STILL.png FRAME [cycles|eevee]]
bpy.ops.wm.read_factory_settings(use_empty=True)
mine = bpy.data.objects.new('UserObject', None)  # one of the user's own: the import must keep it
bpy.context.scene.collection.objects.link(mine)
sys.argv = ['blender', '--', flight, flight.rsplit('.', 1)[0] + '.blend'] + options  # written beside the flight
runpy.run_path(script, run_name='__main__')
scene = bpy.context.scene
camera = scene.camera
frames = []
for i in range(scene.frame_start, scene.frame_end + 1):
    scene.frame_set(i)
    m = camera.matrix_world
    frames.append({'location': list(m.translation), 'forward': list(m.to_3x3() @ Vector((0, 0, -1))),
                   'up': list(m.to_3x3() @ Vector((0, 1, 0))), 'fov': math.degrees(camera.data.angle_y), 'euler': list(camera.rotation_euler)})
steps = [max(abs(a - b) for a, b in zip(p['euler'], q['euler'])) for p, q in zip(frames, frames[1:])]
out = {'frames': frames, 'largest_euler_step': math.degrees(max(steps, default=0)), 'origin': list(scene.get('routekit_origin', [])), 'clip_start': camera.data.clip_start,
       'objects': sorted(o.name for o in scene.objects)}
route = bpy.data.objects.get('RouteKit Route')
if route:
    out['route'] = [list(route.matrix_world @ Vector(p.co[:3])) for spline in route.data.splines for p in spline.points]
terrain = bpy.data.objects.get('RouteKit Terrain')
if terrain:
    # The face nearest the origin (in plan) and its normal in world axes.
    mesh = terrain.data
    best = min(mesh.polygons, key=lambda p: (terrain.matrix_world @ p.center).xy.length)
    out['terrain'] = {'faces': len(mesh.polygons), 'normal_at_origin': list(terrain.matrix_world.to_3x3() @ best.normal),
                      'centre': list(terrain.matrix_world @ best.center)}
if len(still) >= 2:
    path, frame = still[0], int(still[1])
    scene.frame_set(frame)
    if still[2:] == ['cycles']:
        scene.render.engine = 'CYCLES'
        scene.cycles.device, scene.cycles.samples = 'CPU', 16
    else:
        engines = [e.identifier for e in bpy.types.RenderSettings.bl_rna.properties['engine'].enum_items]
        scene.render.engine = 'BLENDER_EEVEE' if 'BLENDER_EEVEE' in engines else 'BLENDER_EEVEE_NEXT'
    scene.render.resolution_percentage = 100
    scene.render.resolution_x, scene.render.resolution_y = 640, 360
    world = bpy.data.worlds.new('Sky')
    world.color = (0.55, 0.7, 0.9)
    scene.world = world
    scene.view_settings.view_transform = 'Standard'
    scene.render.filepath = path
    bpy.ops.render.render(write_still=True)
    out['still'] = path
print('RESULT ' + json.dumps(out))
