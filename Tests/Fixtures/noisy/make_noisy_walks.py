"""Writes the noisy-walk fixtures (python3 make_noisy_walks.py): a 1 Hz walk at 1.4 m/s for 300 s,
each point moved by seeded Gaussian GPS noise of 3 m (standard deviation, north and east alike).

The true (noise-free) course is known from the generator, not from RouteKit: the straight walk keeps
60 degrees throughout (a rhumb line: constant azimuth); the curving walk starts at 40 degrees and turns
0.1 degrees a second, so its true course at the last point (t = 299 s) is 69.9 degrees. Each file names
its true start and end course in a comment; the tests read them from there.

North and east metres become degrees with the WGS 84 meridian and prime-vertical radii of curvature at
the start latitude (over 420 m the azimuth this mapping distorts is under 0.01 degrees)."""
import math, os, random
from datetime import datetime, timedelta, timezone

here = os.path.dirname(os.path.abspath(__file__))
A, F = 6378137.0, 1 / 298.257223563
E2 = F * (2 - F)
LAT0, LON0 = 46.05, 14.50
s = math.sin(math.radians(LAT0))
M = A * (1 - E2) / (1 - E2 * s * s) ** 1.5   # meridian radius, metres
N = A / math.sqrt(1 - E2 * s * s)            # prime-vertical radius, metres
SPEED, COUNT, NOISE = 1.4, 300, 3.0
T0 = datetime(2024, 5, 1, 7, 0, 0, tzinfo=timezone.utc)


def write(name, seed, course0, turn):
    rng = random.Random(seed)
    north = east = 0.0
    rows = []
    for i in range(COUNT):
        n = north + rng.gauss(0, NOISE)
        e = east + rng.gauss(0, NOISE)
        lat = LAT0 + math.degrees(n / M)
        lon = LON0 + math.degrees(e / (N * math.cos(math.radians(LAT0))))
        t = (T0 + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>300.0</ele><time>{t}</time></trkpt>')
        # One second at SPEED along the course, which turns `turn` degrees a second (an arc of a circle).
        c0 = math.radians(course0 + turn * i)
        c1 = math.radians(course0 + turn * (i + 1))
        if turn == 0:
            north += SPEED * math.cos(c0); east += SPEED * math.sin(c0)
        else:
            r = SPEED / math.radians(turn)
            north += r * (math.sin(c1) - math.sin(c0)); east += r * (math.cos(c0) - math.cos(c1))
    end = course0 + turn * (COUNT - 1)
    open(os.path.join(here, name), "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- RouteKit noisy-walk fixture (make_noisy_walks.py, seed {seed}): 1 Hz, {SPEED} m/s, {COUNT} points, 3 m Gaussian noise; true course start {course0:.1f} end {end:.1f} degrees -->
<gpx version="1.1" creator="RouteKit tests" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>{name[:-4]}</name><trkseg>
''' + "\n".join(rows) + '''
  </trkseg></trk>
</gpx>
''')


write("straight-walk.gpx", 25, 60.0, 0.0)
write("curving-walk.gpx", 26, 40.0, 0.1)
