# Imports a Google Earth Studio 3D camera export (or `route-fly sample ROUTE --format earth-studio`) into
# Blender as an animated camera, and reports how the camera moves between frames.
#
#   blender -b --python-exit-code 1 --python docs/blender-import-earth-studio.py -- flight.json [out.blend]
#
# Written for RouteKit (tried with Debian's Blender 3.4). What it does, and why:
# - An Empty ("EarthStudioRig") carries the export's pose per frame: `location` = `position` (ECEF metres)
#   minus the first track point's (subtracted in Python's 64-bit floats before Blender rounds to its 32-bit
#   ones: ECEF metres near 6.4e6 would round to 0.5 m and jitter from frame to frame), and
#   `rotation_euler` = `rotation` (degrees to radians) in Blender's 'ZYX' mode, whose matrix is
#   Rx(x) Ry(y) Rz(z): the export's convention (camera axes x right, y down, z forward, to ECEF axes).
#   Each channel is keyed per frame, so the export's continuous angles are what Blender interpolates.
# - The camera is the rig's child, turned 180 degrees about x: Blender cameras look along -Z with +Y up.
#   Its vertical field of view is `fovVertical` (sensor fit vertical); the scene's frame rate, range and
#   resolution are `frameRate` (as fps / fps_base, so 29.97 stays 29.97), 0...`numFrames` (frame
#   intervals), `width` x `height`. The default scene's cube, camera and light are removed.
# It then prints the largest turn of the camera between two frames, and by how much the picture at
# half-frames (motion blur, retiming) turns further than that: 0 means no spin between frames.
import bpy, json, math, sys
from mathutils import Vector

arguments = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
if not arguments:
    sys.exit('usage: blender -b --python blender-import-earth-studio.py -- flight.json [out.blend]')
with open(arguments[0], encoding='utf-8') as f:
    doc = json.load(f)
frames = doc['cameraFrames']
origin = [doc['trackPoints'][0]['position'][k] for k in 'xyz']  # Python floats: 64-bit
scene = bpy.context.scene
for name in ('Cube', 'Camera', 'Light'):
    if name in bpy.data.objects:
        bpy.data.objects.remove(bpy.data.objects[name], do_unlink=True)
# Blender's frame rate is fps / fps_base: an integer over a factor (29.97 = 30 / 1.001).
scene.render.fps = max(1, round(doc['frameRate']))
scene.render.fps_base = scene.render.fps / doc['frameRate']
scene.render.resolution_x, scene.render.resolution_y = doc['width'], doc['height']
scene.frame_start, scene.frame_end = 0, doc['numFrames']
rig = bpy.data.objects.new('EarthStudioRig', None)
rig.rotation_mode = 'ZYX'
scene.collection.objects.link(rig)
camera = bpy.data.objects.new('Camera', bpy.data.cameras.new('Camera'))
camera.data.sensor_fit = 'VERTICAL'
camera.data.angle_y = math.radians(doc.get('fovVertical', 36.8699))
camera.data.clip_end = 1e7
camera.parent = rig
camera.rotation_euler = (math.pi, 0, 0)
scene.collection.objects.link(camera)
scene.camera = camera
for i, frame in enumerate(frames):
    rig.location = Vector([frame['position'][k] - origin[n] for n, k in enumerate('xyz')])
    rig.rotation_euler = [math.radians(frame['rotation'][k]) for k in 'xyz']
    rig.keyframe_insert('location', frame=i)
    rig.keyframe_insert('rotation_euler', frame=i)

def forward(t):
    scene.frame_set(int(math.floor(t)), subframe=t - math.floor(t))
    return (camera.matrix_world.to_3x3() @ Vector((0, 0, -1))).normalized()

turn = excess = 0.0
previous = forward(0)
for i in range(1, len(frames)):
    current = forward(i)
    step = math.degrees(previous.angle(current))
    middle = forward(i - 0.5)
    turn = max(turn, step)
    excess = max(excess, max(math.degrees(middle.angle(previous)), math.degrees(middle.angle(current))) - step)
    previous = current
print('imported %d camera frames (numFrames %d): largest turn %.3f degrees a frame; half-frames turn %.3f degrees further'
      % (len(frames), doc['numFrames'], turn, max(excess, 0)))
if len(arguments) > 1:
    import os
    bpy.ops.wm.save_as_mainfile(filepath=os.path.abspath(arguments[1]))  # Blender needs an absolute path
