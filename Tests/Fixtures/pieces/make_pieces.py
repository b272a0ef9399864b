"""Writes the fixtures of issue 25 item 6 (pieces in the wrong order).

original.geojson: a 40-point walk, 100 m steps on a sphere of 6371 km (about 3.9 km), bending gently.
shuffled.geojson: the same points as a MultiLineString of 4 pieces of 10 points, saved in the order
2, 0, 3 (reversed), 1. shuffled.gpx: the same 4 pieces as GPX track segments, in the same order.
Run: python3 make_pieces.py
"""
import json, math

R = 6371000.0
lat, lon, heading = 46.0, 7.0, 60.0
points = []
for i in range(40):
    points.append([round(lon, 7), round(lat, 7)])
    heading += 3.0 if i < 20 else -2.0
    d = 100.0 / R
    p1, l1, b = math.radians(lat), math.radians(lon), math.radians(heading)
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(b))
    l2 = l1 + math.atan2(math.sin(b) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    lat, lon = math.degrees(p2), math.degrees(l2)

pieces = [points[k * 10:(k + 1) * 10] for k in range(4)]
saved = [pieces[2], pieces[0], list(reversed(pieces[3])), pieces[1]]
with open("original.geojson", "w") as f:
    json.dump({"type": "Feature", "properties": {"name": "original"},
               "geometry": {"type": "LineString", "coordinates": points}}, f)
    f.write("\n")
with open("shuffled.geojson", "w") as f:
    json.dump({"type": "Feature", "properties": {"name": "shuffled"},
               "geometry": {"type": "MultiLineString", "coordinates": saved}}, f)
    f.write("\n")
with open("shuffled.gpx", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="make_pieces.py" xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>shuffled</name>\n')
    for piece in saved:
        f.write("<trkseg>\n")
        for lon_, lat_ in piece:
            f.write(f'<trkpt lat="{lat_}" lon="{lon_}"/>\n')
        f.write("</trkseg>\n")
    f.write("</trk>\n</gpx>\n")
