# Validates a CZML document against the CZML JSON schema (draft-07), offline.
# Usage: python3 validate_czml.py SCHEMA_DIR FILE.czml   (SCHEMA_DIR: czml-writer's Schema/ folder)
# Written for RouteKit's tests; needs jsonschema (Debian python3-jsonschema, or PyPI).
import glob, json, os, sys, warnings
import jsonschema
schema_dir, document = sys.argv[1], sys.argv[2]
schemas = {}
for path in glob.glob(os.path.join(schema_dir, '**', '*.json'), recursive=True):
    with open(path, encoding='utf-8') as f:
        s = json.load(f)
    if isinstance(s, dict) and '$id' in s:
        schemas[s['$id']] = s
packet = next(s for i, s in schemas.items() if i.endswith('/Packet.json'))
try:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7
    registry = Registry().with_resources([(i, Resource.from_contents(s, default_specification=DRAFT7)) for i, s in schemas.items()])
    validator = jsonschema.Draft7Validator(packet, registry=registry)
except ImportError:
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        resolver = jsonschema.RefResolver(packet['$id'], packet, store=schemas)
    validator = jsonschema.Draft7Validator(packet, resolver=resolver)
with open(document, encoding='utf-8') as f:
    packets = json.load(f)
errors = 0
for n, p in enumerate(packets):
    for e in validator.iter_errors(p):
        errors += 1
        print('packet %d (%s): %s at %s' % (n, p.get('id'), e.message[:200], '/'.join(map(str, e.absolute_path))))
print('packets', len(packets), 'errors', errors)
sys.exit(1 if errors else 0)
