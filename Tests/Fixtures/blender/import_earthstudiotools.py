# Imports an Earth Studio file with imagiscope's EarthStudioTools add-on (GES_Panel_1_2.py, found in the
# folder given, never copied here) in Blender (PyPI's bpy), and prints, as one JSON line after "RESULT ",
# per frame the add-on's camera in the export's own terms: its eye in ECEF metres and its forward (-Z) and
# up (+Y) axes in ECEF axes, undoing the add-on's conventions (it parents the camera to "_GES_WORLD", an
# empty turned so that the first track point is level, keys positions relative to the first track point
# in hundredths: location = (position - first track point) / 100, and starts at frame 1).
# Usage: python import_earthstudiotools.py ADDON_DIR FLIGHT.json
import bpy, importlib, json, numpy, os, sys, traceback

addon_dir, flight = sys.argv[1], sys.argv[2]
bpy.ops.wm.read_factory_settings(use_empty=False)  # the add-on expects the default scene's 'Collection'
sys.path.insert(0, addon_dir)
module = importlib.import_module('GES_Panel_1_2')
module.register()
footage = os.path.join(os.path.dirname(os.path.abspath(flight)), 'footage_0000.png')
image = bpy.data.images.new('footage', 16, 16)
image.filepath_raw, image.file_format = footage, 'PNG'
image.save()
settings = bpy.context.scene.GES_OT_Path
settings.p_data, settings.p_movie = os.path.abspath(flight), footage
ended = 'completed'
try:
    module.importges()
except Exception as error:  # its last step switches a 3D view to the camera: there is no screen in bpy
    last = traceback.extract_tb(error.__traceback__)[-1]
    ended = '%s at line %d: %s' % (type(error).__name__, last.lineno, last.line)
    if 'screen' not in (last.line or ''):
        raise
doc = json.load(open(flight))
origin = numpy.array([doc['trackPoints'][0]['position'][k] for k in 'xyz'], dtype=numpy.float64)
scene = bpy.context.scene
camera = scene.camera
world = bpy.data.objects['_GES_WORLD']
frames = []
for i in range(len(doc['cameraFrames'])):
    scene.frame_set(i + 1)
    # In 64-bit floats (mathutils is 32-bit): the camera relative to the add-on's world empty.
    local = numpy.linalg.inv(numpy.array(world.matrix_world, dtype=numpy.float64)) @ numpy.array(camera.matrix_world, dtype=numpy.float64)
    axes = local[:3, :3]
    frames.append({'eye': list(local[:3, 3] * 100 + origin),
                   'forward': list(-axes[:, 2] / numpy.linalg.norm(axes[:, 2])),
                   'up': list(axes[:, 1] / numpy.linalg.norm(axes[:, 1]))})
tracks = [o.name for o in world.children if o.type == 'MESH']
print('RESULT ' + json.dumps({'ended': ended, 'frames': frames, 'trackPoints': tracks,
                              'frame_start': scene.frame_start, 'frame_end': scene.frame_end}))
