#!/usr/bin/env python3
"""Writes the issue 25 review fixtures (run in this folder): KMZ and gzip files with an error inside,
a FIT file under a GPX name and gzipped, ISO-8859-1-declared XML holding windows-1252 bytes, a KML with
address-only Placemarks beside a line, a GeoJSON number out of range, Takeout entries without a position."""
import gzip, json, struct, zipfile

BAD_KML = '''<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>r</name><LineString><coordinates>
13.70,45.28,200 13.71,45.28,210 13.72,45.285,220
</LineString></Placemark></Document></kml>
'''  # </coordinates> missing: libxml2 stops at line 4, column 14 (the mismatched end tag)
with zipfile.ZipFile('inner-error.kmz', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('doc.kml', BAD_KML)
with zipfile.ZipFile('inner-error-netlink.kmz', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('doc.kml', '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><NetworkLink>'
                          '<Link><href>files/t.kml</href></Link></NetworkLink></Document></kml>')
    z.writestr('files/t.kml', BAD_KML)
BAD_GPX = '''<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
<trkpt lat="45.28" lon="13.70"></trkpt>
<trkpt lat="45.28" lon="13.71"></trkseg></trk></gpx>
'''  # </trkpt> missing on line 4
open('inner-error.gpx.gz', 'wb').write(gzip.compress(BAD_GPX.encode(), mtime=0))

# FIT header (Garmin FIT SDK): 14 bytes, ".FIT" at offset 8, then data and a CRC.
fit = struct.pack('<BBHI4sH', 14, 0x10, 2132, 100, b'.FIT', 0) + bytes(range(100)) + b'\0\0'
open('ride.gpx', 'wb').write(fit)
open('ride.fit.gz', 'wb').write(gzip.compress(fit, mtime=0))

# Declared ISO-8859-1, written by a Windows program: cp1252 bytes (0x80 euro, 0x93/0x94 curly quotes).
name = 'Caf\u00e9 \u20ac \u201cquoted\u201d'
gpx = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n<gpx version="1.1" creator="x" '
       'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>%s</name><trkseg>\n' % name)
gpx += ''.join('<trkpt lat="45.28" lon="%.3f"></trkpt>\n' % (13.70 + 0.001 * i) for i in range(3))
gpx += '</trkseg></trk></gpx>\n'
open('latin1-declared-cp1252.gpx', 'wb').write(gpx.encode('cp1252'))
# The same, an error on line 4 after the cp1252 bytes of line 2 (no </trkpt>): the line must stay 4.
bad = gpx.replace('<trkpt lat="45.28" lon="13.701"></trkpt>', '<trkpt lat="45.28" lon="13.701">')
open('latin1-declared-cp1252-error.gpx', 'wb').write(bad.encode('cp1252'))

open('address-plus-line.kml', 'w').write('''<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Hotel Slon</name><address>Slovenska 34, Ljubljana</address></Placemark>
<Placemark><name>Museum</name><address>Presernov trg 1, Ljubljana</address></Placemark>
<Placemark><name>walk</name><LineString><coordinates>14.50,46.05 14.51,46.051 14.52,46.052</coordinates></LineString></Placemark>
</Document></kml>
''')

open('huge-number.geojson', 'w').write(
    '{"type":"FeatureCollection","features":[\n{"type":"Feature","properties":{},"geometry":\n'
    '{"type":"LineString","coordinates":[[13.7,45.28],[1e400,45.29],[13.72,45.3]]}}]}\n')

locs = [{"latitudeE7": 452800000, "longitudeE7": 137000000 + i * 5000, "timestampMs": str(1591005600000 + i * 1000)}
        for i in range(6)]
locs[2] = {"timestampMs": locs[2]["timestampMs"], "accuracy": 20}
locs[4] = {"timestampMs": locs[4]["timestampMs"], "activity": []}
json.dump({"locations": locs}, open('Records-unplaced.json', 'w'), indent=1)
json.dump({"locations": [{"timestampMs": "1591005600000"}, {"timestampMs": "1591005601000"}]},
          open('Records-no-position.json', 'w'), indent=1)
# Its control: each non-ASCII character replaced by 'x' (one byte, one character): same line and column.
open('latin1-declared-cp1252-error-ascii.gpx', 'wb').write(
    ''.join(c if ord(c) < 128 else 'x' for c in bad).encode('ascii'))
