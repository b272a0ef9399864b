"""Writes the clock fixtures (python3 make_clock.py): each shows one class of broken clock."""
from datetime import datetime, timedelta, timezone

def gpx(name, comment, pts, ele=True):
    rows = []
    for lat, lon, t in pts:
        tt = f"<time>{t}</time>" if t else ""
        rows.append(f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}">' + (f"<ele>{300:.1f}</ele>" if ele else "") + tt + "</trkpt>")
    body = "\n".join(rows)
    open(name, "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- RouteKit clock fixture (make_clock.py): {comment} -->
<gpx version="1.1" creator="RouteKit tests" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>{name[:-4]}</name><trkseg>
{body}
  </trkseg></trk>
</gpx>
''')

def iso(d, ms=False):
    return d.strftime("%Y-%m-%dT%H:%M:%S") + (f".{d.microsecond // 1000:03d}" if ms else "") + "Z"

t0 = datetime(2020, 9, 13, 12, 26, 40, tzinfo=timezone.utc)
# A walk north, 0.0001 deg (11.1 m) every 10 s, 12 points, written newest-first: 11 backward steps.
walk = [(46 + k * 0.0001, 14.0, t0 + timedelta(seconds=10 * k)) for k in range(12)]
gpx("newest-first.gpx", "a 12-point walk written newest-first (the last fix first): 11 steps back in time",
    [(a, b, iso(t)) for a, b, t in reversed(walk)])
# The same walk with 10 points all at the 2000-01-01 placeholder: 9 equal times while moving.
gpx("placeholder-clock.gpx", "a 10-point walk whose every time is the 2000-01-01T00:00:00Z placeholder",
    [(a, b, "2000-01-01T00:00:00Z") for a, b, _ in walk[:10]])
# A 10 Hz ride at 5 m/s east along 46 N for 20 s, times truncated to whole seconds: 200 points, 180 share a second.
def ride(start, n=200, hz=10, speed=5.0):
    m_per_deg_lon = 77465.0  # about, at 46 N: the fixture's speed is nominal
    return [(46.0, 14 + speed * (k / hz) / m_per_deg_lon, start + timedelta(seconds=k / hz)) for k in range(n)]
gpx("whole-seconds-10hz.gpx", "a 10 Hz ride (200 points, 5 m/s) whose times are truncated to whole seconds: 180 points share their second",
    [(a, b, iso(t.replace(microsecond=0))) for a, b, t in ride(t0)])
# A walk whose clock starts on the FIT epoch (a FIT device's clock never set).
fit = datetime(1989, 12, 31, tzinfo=timezone.utc)
gpx("fit-epoch.gpx", "a 12-point walk whose times start on the FIT epoch, 1989-12-31T00:00:00Z",
    [(a, b, iso(fit + (t - t0))) for a, b, t in walk])
# Riders: the same 10 Hz-free 1 Hz ride three times: as recorded, as a device writing local time
# (UTC+2) with a Z, and as a converter that dropped the FIT epoch (631065600 s early).
r1 = [(46.0, 14 + 5.0 * k / 77465.0, t0 + timedelta(seconds=k)) for k in range(120)]
gpx("rider-utc.gpx", "a 120 s ride at 1 Hz, times in UTC", [(a, b, iso(t)) for a, b, t in r1])
gpx("rider-local-time.gpx", "the same ride 20 m north, its times written as local time (UTC+2) with a Z: 7200 s late",
    [(a + 0.00018, b, iso(t + timedelta(hours=2))) for a, b, t in r1])
gpx("rider-fit-epoch-dropped.gpx", "the same ride 20 m south, its times 631065600 s early (a FIT converter that dropped the FIT epoch)",
    [(a - 0.00018, b, iso(t - timedelta(seconds=631065600))) for a, b, t in r1])

# Issue 25, review: one cause, one finding.
def gpx_segments(name, comment, segments):
    body = "\n".join("  <trkseg>\n" + "\n".join(
        f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>300.0</ele><time>{t}</time></trkpt>' for lat, lon, t in seg)
        + "\n  </trkseg>" for seg in segments)
    open(name, "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<!-- RouteKit clock fixture (make_clock.py): {comment} -->
<gpx version="1.1" creator="RouteKit tests" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>{name[:-4]}</name>
{body}
  </trk>
</gpx>
''')
# A 1 Hz walk at 5 m/s east, 180 points from 10:00:00, its times written to the minute: 60 points a minute.
m0 = datetime(2020, 6, 1, 10, 0, 0, tzinfo=timezone.utc)
gpx("minutes-1hz.gpx", "a 1 Hz walk (180 points, 5 m/s) whose times are written to the minute: 60 points share each minute",
    [(46.0, 14 + 5.0 * k / 77465.0, iso((m0 + timedelta(seconds=k)).replace(second=0))) for k in range(180)])
# A 1 Hz walk of 20 points, point 5's time 20 years ahead (a clock slip in one row): one step back, one cause.
jump = [(46.0, 14 + 5.0 * k / 77465.0, m0 + timedelta(seconds=k)) for k in range(20)]
gpx("time-jump.gpx", "a 20-point 1 Hz walk whose point 5 is written 20 years ahead (2040): one slip of the clock",
    [(a, b, iso(t.replace(year=2040) if k == 5 else t)) for k, (a, b, t) in enumerate(jump)])
# A 1 Hz walk east of 30 points in 3 pieces of 10; the middle piece saved reversed, times and all.
walk30 = [(46.0, 14 + 5.0 * k / 77465.0, iso(m0 + timedelta(seconds=k))) for k in range(30)]
gpx_segments("piece-reversed.gpx", "a 30-point 1 Hz walk in 3 pieces of 10, the middle one saved reversed with its times: 9 steps back",
    [walk30[:10], list(reversed(walk30[10:20])), walk30[20:]])
# Two timed pieces whose nearest ends are not their times' order: piece 0 walks east 14.000 -> 14.009;
# piece 1, recorded from 5 s after piece 0 began, walks west from 14.030 to 14.0095 (its last point 39 m
# from piece 0's end). Nearest ends would reverse piece 1; its times say it runs as written.
east = [(46.0, 14.000 + 0.001 * k, iso(m0 + timedelta(seconds=k))) for k in range(10)]
west = [(46.0, 14.030 - (14.030 - 14.0095) * k / 9, iso(m0 + timedelta(seconds=5 + k))) for k in range(10)]
gpx_segments("pieces-timed-nearest-ends-disagree.gpx",
    "two timed pieces: piece 1 ends 39 m from piece 0's end, its times running forward from 5 s after piece 0 began",
    [east, west])
# A 40-point ride east, 0.001 deg (77 m) every 10 s, in 4 pieces of 10 saved in the order 2, 0, 3 reversed
# (times and all), 1: jumps of 700 m and more between pieces, each time-ordered piece but one running forward.
ride40 = [(46.0, 14 + 0.001 * k, iso(m0 + timedelta(seconds=10 * k))) for k in range(40)]
q = [ride40[0:10], ride40[10:20], ride40[20:30], ride40[30:40]]
gpx_segments("pieces-shuffled-timed.gpx", "a 40-point timed ride in 4 pieces saved as 2, 0, 3 reversed, 1",
    [q[2], q[0], list(reversed(q[3])), q[1]])
