"""Writes the outlier fixtures (python3 make_outliers.py) from the first 300 points of a real 1 Hz run,
routes/togeojson-run_gpxtpx.gpx (Strava, San Francisco): each shows one class of outlier."""
import re, os

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.join(here, "../../../../routes/togeojson-run_gpxtpx.gpx")
text = open(source).read()
pts = re.findall(r'<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>\s*<time>([^<]+)</time>', text)[:300]
pts = [(float(a), float(b), float(e), t) for a, b, e, t in pts]

def gpx(name, comment, rows):
    body = "\n".join(f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele><time>{t}</time></trkpt>'
                     for lat, lon, ele, t in rows)
    open(os.path.join(here, name), "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- RouteKit outlier fixture (make_outliers.py): {comment} -->
<gpx version="1.1" creator="RouteKit tests" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>{name[:-4]}</name><trkseg>
{body}
  </trkseg></trk>
</gpx>
''')

gpx("run-300.gpx", "the first 300 points of a real run, as recorded (the others' baseline)", pts)
# Point 150 moved half a degree north (55.5 km): a GPS glitch for one second.
wild = [list(p) for p in pts]
wild[150][0] += 0.5
gpx("wild-point.gpx", "300 points of a real run, point 150 (line 155) moved 0.5 degrees north", [tuple(p) for p in wild])
# Point 120 300 m higher for one second.
spike = [list(p) for p in pts]
spike[120][2] += 300
gpx("height-spike.gpx", "300 points of a real run, point 120 (line 125) 300 m higher", [tuple(p) for p in spike])
# Heights lowered by 14 m (the run is 11...51 m): the ones below sea level written as h + 65536.
def wrapped(e):
    h = round(e - 14, 1)
    return h + 65536 if h < 0 else h
gpx("wrapped-heights-mixed.gpx", "300 points of a real run 14 m lower, negative heights wrapped as unsigned 16-bit (h + 65536)",
    [(a, b, wrapped(e), t) for a, b, e, t in pts])
gpx("wrapped-heights-all.gpx", "300 points of a real run 100 m lower, every height negative and wrapped (h + 65536)",
    [(a, b, round(e - 100, 1) + 65536, t) for a, b, e, t in pts])
