#!/usr/bin/env python3
"""Counts what a GPX file holds, independently of RouteKit (stdlib xml.etree, namespace-aware,
direct children only, the same rules as GPXReader). Usage: python3 count_gpx.py FILE...
Prints tracks, track segments (and non-empty ones), track points, routes, route points, waypoints,
segment sizes, the first flown track or route name, the first/last flown point and the timed count."""
import sys, xml.etree.ElementTree as ET
NS = {"http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1", ""}
def split(tag):
    if tag.startswith("{"):
        ns, local = tag[1:].split("}")
        return ns, local
    return "", tag
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    rns, _ = split(root.tag)
    def kids(e, name):
        return [c for c in e if split(c.tag) == (rns, name)]
    trks = kids(root, "trk"); rtes = kids(root, "rte"); wpts = kids(root, "wpt")
    segs = [s for t in trks for s in kids(t, "trkseg")]
    pts = [p for s in segs for p in kids(s, "trkpt")]
    nonempty = [s for s in segs if kids(s, "trkpt")]
    rpts = [p for r in rtes for p in kids(r, "rtept")]
    def nm(e):
        n = kids(e, "name"); return (n[0].text or "").strip() if n else None
    flown_trk = [t for t in trks if any(kids(s, "trkpt") for s in kids(t, "trkseg"))]
    flown_rte = [r for r in rtes if kids(r, "rtept")]
    def desc(p):
        t = kids(p, "time"); e = kids(p, "ele")
        return (p.get("lat"), p.get("lon"), e[0].text if e else None, t[0].text if t else None)
    print(path.split("/")[-1])
    print("  trk", len(trks), "trkseg", len(segs), "nonempty", len(nonempty), "trkpt", len(pts), "rte", len(rtes), "rtept", len(rpts), "wpt", len(wpts))
    print("  seg sizes", [len(kids(s,"trkpt")) for s in segs][:20], "rte sizes", [len(kids(r,"rtept")) for r in rtes])
    print("  name", nm(flown_trk[0]) if flown_trk else (nm(flown_rte[0]) if flown_rte else None))
    P = pts or rpts
    if P: print("  first", desc(P[0]), "\n  last", desc(P[-1]))
    print("  timed", sum(1 for p in P if kids(p,"time")))
