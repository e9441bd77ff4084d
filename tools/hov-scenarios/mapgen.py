"""Builds scenarios/hov/maps/poland.json from geo.py: the grid, hex terrain, hexsides (rivers,
lakes, bridges, roads, the towpath, the Galician frontier), the map edges and the places."""

from collections import deque
import heapq

import geo
import hexes as H


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


LAND = [h for h in H.all_hexes() if not geo.sea(*H.xy(h))]
LAND_SET = set(LAND)
ABSENT = [h for h in H.all_hexes() if h not in LAND_SET]


def land_nbrs(h):
    return [n for n in H.nbrs(h) if n in LAND_SET]


# ------------------------------------------------------------------------ vertex graph
EDGE_HEXES = {}
for _h in H.all_hexes():
    for _e in H.edges_of(_h):
        EDGE_HEXES.setdefault(_e, []).append(_h)
VADJ = {}
for _e in EDGE_HEXES:
    a, b = tuple(sorted(_e))
    VADJ.setdefault(a, set()).add(b)
    VADJ.setdefault(b, set()).add(a)


def corner(h, i):
    return H.corners(h)[i]


def vpath(a, b):
    """Shortest vertex path a -> b along hexsides (BFS, neighbours in sorted order)."""
    prev, q = {a: None}, deque([a])
    while q:
        v = q.popleft()
        if v == b:
            break
        for w in sorted(VADJ[v]):
            if w not in prev:
                prev[w] = v
                q.append(w)
    out, v = [], b
    while v is not None:
        out.append(v)
        v = prev[v]
    return out[::-1]


def course(parts):
    """Ordered list of (vertex, vertex) edges along the waypoints of each part."""
    edges = []
    for part in parts:
        verts = []
        for wp in part:
            if isinstance(wp[1], int):
                p = corner(*wp)
                verts = verts + vpath(verts[-1], p)[1:] if verts else [p]
                continue
            # a hexside a|b the course must follow: go to its nearer end, then along it
            (e1, e2) = tuple(shared_edge(*wp))
            if not verts:
                verts = [e1, e2]
                continue
            p1, p2 = vpath(verts[-1], e1), vpath(verts[-1], e2)
            if len(p2) < len(p1):
                e1, e2, p1 = e2, e1, p2
            verts += p1[1:] + [e2]
        edges += [(verts[i], verts[i + 1]) for i in range(len(verts) - 1)]
    return edges


def shared_edge(a, b):
    assert H.adjacent(a, b), (a, b)
    e = set(H.edges_of(a)) & set(H.edges_of(b))
    return sorted(list(e)[0])


def sides_of(edges):
    """Hexsides (pairs of land hexes, in order) crossed by a list of vertex edges."""
    out = []
    for v1, v2 in edges:
        hs = [h for h in EDGE_HEXES[frozenset((v1, v2))] if h in LAND_SET]
        if len(hs) == 2:
            out.append((v1, v2, hs[0], hs[1]))
    return out


def left_hex(v1, v2, a, b):
    """The hex on the left bank looking downstream from v1 to v2 (y grows southward)."""
    dx, dy = v2[0] - v1[0], v2[1] - v1[1]
    cx, cy = H.centre(a)
    cross = dx * (cy - v1[1]) - dy * (cx - v1[0])
    return a if cross < 0 else b


def key(a, b):
    return tuple(sorted((a, b)))


# ------------------------------------------------------------------------ build
def build(header):
    hex_terrain = {}
    hex_prov = {}

    # terrain regions
    for terrain, strips, width in geo.REGIONS:
        for a, b in strips:
            core = H.line(a, b)
            for h in LAND:
                if any(H.dist(h, c) <= width for c in core):
                    hex_terrain[h] = terrain
    for h, rules in geo.WOODS.items():
        hex_terrain[h] = "woods"
        hex_prov[h] = rule(*rules, note="The rules' example of a woods hex.")
    for h, rules in geo.CLEAR.items():
        hex_terrain.pop(h, None)
        hex_prov[h] = rule(*rules, note="The rules' example of a clear hex.")

    # towns
    town_hex = {}
    for tid, name, h, kind, rules in geo.TOWNS:
        assert h in LAND_SET, (tid, h)
        assert h not in town_hex.values(), (tid, h)
        town_hex[tid] = h
        terrain = {"town": ["town"], "capital": ["capital_city"], "fortified": ["fortified_town"],
                   "citadel": ["citadel"]}[kind]
        if tid in ("danzig", "koenigsberg", "warsaw"):
            terrain = ["capital_city", "citadel"]
        hex_terrain[h] = terrain
        if tid == "graudenz":
            hex_prov[h] = prov("Graudenz is a citadel with a bridgehead (§43, §44, §50); its hex is not in the text and is placed here.")
        elif rules and kind in ("capital", "citadel"):
            hex_prov[h] = rule(*(["§179"] + (["§43"] if kind == "citadel" else [])),
                               note="The hex is named in the text (%s) and §179%s make it a capital%s." % (
                                   ", ".join(rules), " and §43" if kind == "citadel" else "", " with a citadel" if kind == "citadel" else ""))
        elif rules:
            hex_prov[h] = prov("The text names %s at this hex (%s); that the hex shows a town symbol is assumed." % (name, ", ".join(rules)))
        else:
            hex_prov[h] = None
    assert "3244" not in town_hex.values() and "3446" not in town_hex.values()

    hexsides = []
    river_class = {}
    river_name = {}
    towpath_chain = None
    for r in geo.RIVERS:
        edges = course(r["parts"])
        sides = sides_of(edges)
        seen = set()
        for v1, v2, a, b in sides:
            k = key(a, b)
            if k in seen:
                continue
            seen.add(k)
            if k in river_class:
                continue  # confluence: the first river drawn keeps the hexside
            river_class[k] = r["feature"]
            river_name[k] = r["name"]
        for a, b in r.get("must", []):
            assert key(a, b) in seen, (r["id"], a, b)
        if r["id"] == "vistula":
            # the towpath: left-bank hexes from Warsaw down to the map edge at 0139
            chain = []
            for v1, v2, a, b in sides_of(course([r["parts"][0]])):
                lh = left_hex(v1, v2, a, b)
                if not chain or chain[-1] != lh:
                    chain.append(lh)
            start = chain.index("3153")
            towpath_chain = chain[start:]
            assert towpath_chain[-1] == "0139", towpath_chain[-3:]
    # lakes
    lake_sides = set()
    for part in geo.LAKES:
        for v1, v2, a, b in sides_of(course([part])):
            k = key(a, b)
            if k not in river_class:
                lake_sides.add(k)

    # roads
    road_kind = {}
    road_routes = []
    for kind, pts in geo.ROADS:
        path = [pts[0]]
        for p in pts[1:]:
            path += H.line(path[-1], p)[1:]
        for h in path:
            assert h in LAND_SET, (kind, pts, h)
        road_routes.append((kind, path))
        for a, b in zip(path, path[1:]):
            k = key(a, b)
            lake_sides.discard(k)  # the road passes between two lakes
            feature = "primary_road" if kind == "primary" else "secondary_road"
            if road_kind.get(k) == "primary_road":
                continue
            road_kind[k] = feature
    highway = []
    for kind, path in road_routes:
        if kind == "highway":
            highway = path

    # bridges: every road across a river (§155)
    bridges = {}
    for k in road_kind:
        if k in river_class:
            bridges[k] = "primary_bridge" if river_class[k] == "primary_river" else "secondary_bridge"

    # Galicia (§183): the south-east corner beyond the Vistula and the Bug
    galicia = sorted(h for h in LAND if galician(h))
    gal_set = set(galicia)
    frontier = set()
    for h in galicia:
        for n in land_nbrs(h):
            if n not in gal_set:
                frontier.add(key(h, n))

    # ---- hexes
    hexes_out = {}
    for h in sorted(set(hex_terrain) | set(hex_prov)):
        t = hex_terrain.get(h, "clear")
        if isinstance(t, list) and len(t) == 1:
            t = t[0]
        p = hex_prov.get(h)
        if p:
            hexes_out[h] = {"terrain": t, "provenance": p}
        else:
            hexes_out[h] = t

    # ---- hexsides
    P_RIVER = "Course laid out here (the map is not in the text)."
    out_sides = []
    for k in sorted(river_class):
        e = {"between": list(k), "feature": river_class[k], "note": river_name[k]}
        out_sides.append(e)
    for k in sorted(lake_sides):
        out_sides.append({"between": list(k), "feature": "lake"})
    for k in sorted(bridges):
        out_sides.append({"between": list(k), "feature": bridges[k], "note": river_name[k]})
    for k in sorted(road_kind):
        out_sides.append({"between": list(k), "feature": road_kind[k]})
    for a, b in zip(towpath_chain, towpath_chain[1:]):
        out_sides.append({"between": list(key(a, b)), "feature": "towpath"})
    for k in sorted(frontier):
        out_sides.append({"between": list(k), "feature": "galician_frontier"})

    # ---- places
    places = []
    P_TOWN = "Town placed here from general knowledge of the region (the map is not in the text)."
    for tid, name, h, kind, rules in geo.TOWNS:
        pk = {"town": "town", "capital": "capital", "fortified": "fortified_town", "citadel": "citadel"}[kind]
        kinds = [pk]
        if tid in ("danzig", "koenigsberg", "warsaw"):
            kinds = ["capital", "citadel"]
        for k in kinds:
            pl = {"id": tid if k == kinds[0] else tid + "-" + k, "name": name, "kind": k, "hexes": h}
            if k == "capital":
                pl["provenance"] = rule("§179", note="One of the five capital cities of §179.")
            elif k == "citadel" and tid != "graudenz":
                pl["provenance"] = rule("§43", note="A citadel with a bridgehead (§43); the hex is %s." % (
                    "named in the text" if rules else "placed here"))
            elif k == "citadel":
                pl["provenance"] = prov("Graudenz is a citadel (§43, §44, §50); its hex is placed here.")
            elif rules:
                pl["provenance"] = rule(*rules, note="The text names the place with its hex; its kind (a town) is assumed.")
            else:
                pl["provenance"] = prov(P_TOWN)
            if k == kinds[0] and tid in geo.PLACE_NOTES:
                pl["note"] = geo.PLACE_NOTES[tid]
            places.append(pl)
    bheads = [("danzig", "0213"), ("koenigsberg", "2407"), ("graudenz", "0126"), ("warsaw", "3152")]
    for tid, h in bheads:
        name = [t[1] for t in geo.TOWNS if t[0] == tid][0]
        assert key(town_hex[tid], h) in river_class
        places.append({"id": tid + "-bridgehead", "name": name + " bridgehead", "kind": "bridgehead", "hexes": h,
                       "fields": {"citadel": town_hex[tid]},
                       "provenance": prov("§43 gives %s a bridgehead on the far bank of its river; the hex across the river from the citadel is chosen here%s." % (
                           name, " (Praga, the suburb across the Vistula)" if tid == "warsaw" else ""))})
    places += supply_sources()
    places += depots(town_hex)
    coastal = sorted(h for h in LAND if any(n not in LAND_SET for n in H.nbrs(h)))
    places.append({"id": "coast", "name": "Baltic coast and Frisches Haff shore", "kind": "coastal", "hexes": coastal,
                   "provenance": prov("Coastal hexes (§55-§58) of the provisional coastline: every land hex beside the Baltic, the Gulf of Danzig or the Frisches Haff (sea hexes are absent from the grid).")})
    for tid in ("danzig", "koenigsberg", "pillau", "elbing"):
        h = town_hex[tid]
        assert h in coastal, tid
        name = [t[1] for t in geo.TOWNS if t[0] == tid][0]
        p = rule("§57", note="Sea transport embarks at Königsberg or Pillau (§57).") if tid in ("koenigsberg", "pillau") else prov("A harbour on the provisional coast.")
        places.append({"id": tid + "-port", "name": name, "kind": "port", "hexes": h, "provenance": p})
    places.append({"id": "towpath", "name": "Vistula towpath", "kind": "towpath", "hexes": towpath_chain,
                   "fields": {"from": "3153", "to": "0139", "bank": "left"},
                   "provenance": rule("§99", "§100", note="Warsaw 3153 and the map-edge hex 0139 are in the text; the hexes between follow the provisional course of the Vistula along its left bank.")})
    places.append({"id": "highway", "name": "Osterode-Warsaw highway", "kind": "highway_route", "hexes": highway,
                   "fields": {"primary_from_turn": 36},
                   "provenance": rule("§59", note="The route's ends (Osterode, Warsaw) and the upgrade on turn 36 are in the text; the hexes between are provisional. The hexsides carry secondary_road; from turn 36 the route counts as a primary road.")})
    places.append({"id": "galicia", "name": "Galicia", "kind": "galicia", "hexes": galicia,
                   "provenance": prov("Galicia (§183) is Austrian and neutral until the Realignment; its extent on the map is not in the text. Here: the south-east corner beyond the Vistula upstream of Warsaw and south of a line a few hexes short of the Bug.")})
    lb = [H.hid(c, r) for c, r in sorted(LANGUAGE_ROW.items())]
    places.append({"id": "language-boundary", "name": "Language Boundary", "kind": "language_boundary", "hexes": lb,
                   "fields": {"rule": "one hex per column; the north area is every hex of a column up to and including its boundary hex, the south area every hex from it down"},
                   "provenance": prov("The Language Boundary (§221-§223) splits the map into a northern and a southern area; its course is not in the text. Placed here so that every hex the battle scenarios use lies in its scenario's area.")})

    edges = [
        {"edge": "west", "friendly_to": "french", "provenance": rule("§61", "§95", "§159")},
        {"edge": "east", "friendly_to": "coalition", "provenance": rule("§61", "§95", "§159")},
        {"edge": "south", "note": "Friendly to the Austrians (Coalition) only after the Realignment; Archduke Charles enters on south-edge hexes whose ids end in 4 (2354, 2554, 2754).",
         "provenance": rule("§61", "§183")},
    ]
    m = header
    m["grid"] = {
        "scheme": "hov", "parity": "even", "rows": "down",
        "sheets": [{"columns": [1, 39], "rows": [1, 54], "short_columns": "even",
                    "note": "Extent provisional (digest 1.3): column 01 is the west (French) edge, 39 the east (Coalition) edge, row 54 the south edge. Even columns sit half a hex south and end at row 53, so that the south-edge hexes are the odd columns' row 54 (§183: 2354, 2554, 2754), as hex::Grid::hov() lays the map out (docs/hex.md)."}],
        "absent": ABSENT,
        "note": "Absent hexes are sea (the Baltic, the Gulf of Danzig, the Frisches Haff with the Nehrung): provisional coastline."}
    m["default_terrain"] = "clear"
    m["hexes"] = hexes_out
    m["hexsides"] = out_sides
    m["edges"] = edges
    m["places"] = places
    check_loc(road_kind, bridges, river_class, places, town_hex)
    return m


# ------------------------------------------------------------------------ Galicia
def galician(h):
    x, y = H.xy(h)
    return (x >= 34 and y >= 50) or (x >= 36 and y >= 48) or (x >= 38 and y >= 47)


# ------------------------------------------------------------------------ language boundary
LANGUAGE_ROW = {}
for _c in range(1, 40):
    if _c <= 3:
        _r = 39
    elif _c <= 10:
        _r = 38
    elif _c <= 18:
        _r = 37
    elif _c <= 22:
        _r = 36
    elif _c <= 28:
        _r = 35
    elif _c <= 34:
        _r = 36
    else:
        _r = 37
    if _c == 39:
        _r = 36
    LANGUAGE_ROW[_c] = _r


def north_area(h):
    x, y = H.xy(h)
    return y <= LANGUAGE_ROW[x]


def south_area(h):
    x, y = H.xy(h)
    return y >= LANGUAGE_ROW[x]


# ------------------------------------------------------------------------ supply sources, depots
SOURCES = [
    # (id, hex, army, rulebook rules or None, note)
    ("ss-f-0151", "0151", "french", ["§95", "§221", "§224"], "A French source on the west edge (BS1, CS1)."),
    ("ss-f-0139", "0139", "french", ["§95", "§99"], "The towpath's map-edge hex."),
    ("ss-f-thorn", "0138", "french", ["§222"], "Thorn, the French source of Battle Scenario 2."),
    ("ss-f-danzig", "0113", "french", ["§98", "§223", "§226"], "Danzig: French from the turn after they occupy it (§98)."),
    ("ss-f-warsaw", "3153", "french", ["§99", "§225"], "Warsaw: French only while the whole towpath to 0139 is French (§99)."),
    ("ss-r-3938", "3938", "russian", ["§95", "§221", "§224"], "Printed 'Ostrolenka (3938)' in BS1; the town is 3837 (CS1)."),
    ("ss-r-3915", "3915", "russian", ["§95", "§225"], "An east-edge source (CS2)."),
    ("ss-r-insterburg", "3909", "russian", ["§97", "§222", "§223"], "Insterburg: shared by the Russians and Prussians (§97 prints 3908; the scenarios 3909)."),
    ("ss-r-koenigsberg", "2406", "russian", ["§97", "§226"], "Königsberg: the Russians may switch to it while the Coalition holds it (§97)."),
    ("ss-p-koenigsberg", "2406", "prussian", ["§95", "§97", "§224", "§225", "§226"], "Königsberg, the Prussian source of the campaign scenarios."),
    ("ss-p-insterburg", "3909", "prussian", ["§97"], "Insterburg, shared with the Russians (§97)."),
    ("ss-p-pillau", "1705", "prussian", None, "A 'P' source in Prussia (§95); the text names only Königsberg and Insterburg."),
    ("ss-p-graudenz", "0226", "prussian", None, "A 'P' source in Prussia (§95); the text names only Königsberg and Insterburg."),
]

DEPOTS = [
    # (town id, class) : class A/B/C = French-controlled from CS1 / BS1 / the later set-ups (§208)
    ("kutno", "A"), ("lowicz", "A"), ("sochaczew", "A"), ("warsaw", "A"), ("praga", "A"), ("blonie", "A"),
    ("thorn", "B"), ("plock", "B"), ("wloclawek", "B"), ("zakroczym", "B"), ("nowydwor", "B"), ("plonsk", "B"),
    ("gostynin", "B"), ("wyszogrod", "B"),
    ("gollub", "C"), ("strasburg", "C"), ("osterode", "C"), ("mohrungen", "C"), ("pr-holland", "C"),
    ("elbing", "C"), ("marienburg", "C"), ("marienwerder", "C"), ("soldau", "C"), ("mlawa", "C"),
    ("prasznitz", "C"), ("pultusk", "C"), ("golymin", "C"), ("allenstein", "C"), ("guttstadt", "C"),
    ("liebstadt", "C"), ("finckenstein", "C"), ("culm", "C"), ("sierpc", "C"),
    ("koenigsberg", None), ("heilsberg", None), ("bartenstein", None), ("landsberg", None),
    ("eylau", None), ("friedland", None), ("wehlau", None), ("insterburg", None), ("rastenburg", None),
    ("ostrolenka", None), ("rozan", None), ("johannisburg", None), ("lyck", None), ("braunsberg", None),
    ("zinten", None), ("neidenburg", None), ("ortelsburg", None), ("graudenz", None), ("danzig", None),
    ("pillau", None), ("gerdauen", None), ("angerburg", None), ("schippenbeil", None), ("wyszkow", None),
    ("makow", None),
]


def supply_sources():
    out = []
    for sid, h, army, rules, note in SOURCES:
        p = rule(*rules, note=note) if rules else prov(note)
        out.append({"id": sid, "name": "Supply source (%s)" % army.capitalize(), "kind": "supply_source", "hexes": h,
                    "fields": {"army": army}, "provenance": p})
    return out


def depots(town_hex):
    out = []
    for tid, cls in DEPOTS:
        name = [t[1] for t in geo.TOWNS if t[0] == tid][0]
        out.append({"id": "depot-" + tid, "name": name + " depot", "kind": "depot", "hexes": town_hex[tid],
                    "fields": {"class": cls},
                    "provenance": prov("Depots and their class letters (§104, §208) are printed on the map, which is not in the text: placed and lettered here (A: French at CS1; B: at BS1; C: at the later starts; none: Coalition).")})
    return out


def check_loc(road_kind, bridges, river_class, places, town_hex):
    """Every depot reaches a supply source of its side along roads within 21 MP (primary 1/2,
    secondary 1, ¶55), and every source reaches a depot; primary rivers only at bridges."""
    adj = {}
    for (a, b), f in road_kind.items():
        if (a, b) in river_class and river_class[(a, b)] == "primary_river" and (a, b) not in bridges:
            continue
        c = 1 if f == "primary_road" else 2
        adj.setdefault(a, []).append((b, c))
        adj.setdefault(b, []).append((a, c))

    def reach(src):
        d = {src: 0}
        pq = [(0, src)]
        while pq:
            c, h = heapq.heappop(pq)
            if c > d.get(h, 1e9):
                continue
            for n, w in adj.get(h, []):
                if c + w < d.get(n, 1e9):
                    d[n] = c + w
                    heapq.heappush(pq, (c + w, n))
        return d

    ss = {}
    for p in places:
        if p["kind"] == "supply_source":
            side = "french" if p["fields"]["army"] == "french" else "coalition"
            ss.setdefault(side, set()).add(p["hexes"])
    reach_of = {}
    for side, hs in ss.items():
        best = {}
        for h in hs:
            for k, v in reach(h).items():
                best[k] = min(best.get(k, 1e9), v)
        reach_of[side] = best
    bad = []
    for p in places:
        if p["kind"] != "depot":
            continue
        side = "french" if p["fields"]["class"] else "coalition"
        h = p["hexes"]
        if reach_of[side].get(h, 1e9) > 42:
            bad.append((p["id"], side, reach_of[side].get(h)))
    assert not bad, bad
    for side, hs in ss.items():
        dep = {p["hexes"] for p in places if p["kind"] == "depot" and (("french" if p["fields"]["class"] else "coalition") == side)}
        for h in hs:
            r = reach(h)
            assert any(r.get(d, 1e9) <= 42 for d in dep), (side, h)


def ascii(m):
    """Debug view: one character per hex."""
    rows = []
    sides = {}
    for s in m["hexsides"]:
        sides.setdefault(s["feature"], set()).add(tuple(s["between"]))
    towns = {}
    for p in m["places"]:
        if p["kind"] in ("town", "capital", "citadel", "fortified_town"):
            towns[p["hexes"]] = p["name"][0]
    roadhex = set()
    for f in ("primary_road", "secondary_road"):
        for a, b in sides.get(f, ()):
            roadhex |= {a, b}
    riverhex = set()
    for f in ("primary_river", "secondary_river"):
        for a, b in sides.get(f, ()):
            riverhex |= {a, b}
    for y in range(1, 55):
        line = ""
        for x in range(1, 40):
            h = H.hid(x, y)
            if not H.on_map(x, y):
                c = " "
            elif h not in LAND_SET:
                c = "~"
            elif h in towns:
                c = towns[h]
            else:
                t = m["hexes"].get(h, "clear")
                if isinstance(t, dict):
                    t = t["terrain"]
                c = {"woods": "w", "swamp": "s", "hills": "h", "wooded_hills": "W"}.get(t if isinstance(t, str) else t[0], ".")
                if c == "." and h in riverhex:
                    c = ","
                if c == "." and h in roadhex:
                    c = "+"
            line += c
        rows.append("%02d %s" % (y, line))
    return "\n".join(rows)
