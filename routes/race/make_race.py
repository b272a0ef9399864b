#!/usr/bin/env python3
"""Makes the bundled three-runner race (README: "Several riders, one flight") from one real run.

The course is togeojson-run_gpxtpx.gpx (a Strava run in San Francisco, BSD-2-Clause, see ../README.md).
Each runner keeps the run's points and its pace, scaled: runner R's time at a point is
    start[R] + (t - t0) / pace[R]
where t0 is the run's first time. ana runs the recording as it is; ben starts 120 s later and runs 12 %
faster; cai starts 60 s earlier and runs 6 % slower, so ben passes both and cai leads at first.
Run it from this directory: python3 make_race.py
"""
import datetime
import re

SOURCE = "../togeojson-run_gpxtpx.gpx"
RUNNERS = {"ana": (0.0, 1.00), "ben": (120.0, 1.12), "cai": (-60.0, 0.94)}

text = open(SOURCE, encoding="utf-8").read()
points = re.findall(r'<trkpt lat="([^"]+)" lon="([^"]+)">\s*<ele>([^<]+)</ele>\s*<time>([^<]+)</time>', text)
parse = lambda s: datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")
t0 = parse(points[0][3])
for name, (start, pace) in RUNNERS.items():
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="routes/race/make_race.py" xmlns="http://www.topografix.com/GPX/1/1">',
             f"  <trk><name>{name}</name><trkseg>"]
    for lat, lon, ele, time in points:
        t = t0 + datetime.timedelta(seconds=start + (parse(time) - t0).total_seconds() / pace)
        lines.append(f'    <trkpt lat="{lat}" lon="{lon}"><ele>{ele}</ele><time>{t.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]}Z</time></trkpt>')
    lines += ["  </trkseg></trk>", "</gpx>", ""]
    open(f"{name}.gpx", "w", encoding="utf-8").write("\n".join(lines))
    print(f"{name}.gpx: {len(points)} points")
