"""The Fontenoy N and S sheets as one map: terrain, hexsides, places. Hexes, hexsides and
places the rulebook names carry rulebook provenance; every outline, course and unnamed hex is
laid out here (provisional) so that every set-up and rule of scenarios 1-4 makes sense."""

from hexes import (
    COLS, DIR_NAMES, N_ROWS, S_ROWS, adjacent, all_hexes, dist, hid, line, neighbour,
    neighbours, on_map, path, xy,
)


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


def H(*ids):
    return [xy(h) for h in ids]


# ---- The Escaut (9.2m): a chain of river hexes from the south edge of S to the west edge of
# N, crossed only at the bridge N1421 (3.9a). West bank = the side of Calonne (S1012).
RIVER_POINTS = H("S1234", "S1327", "S1422", "N1422", "N1421", "N1320", "N0918", "N0516", "N0114")
RIVER = path(RIVER_POINTS)
BRIDGE = xy("N1421")
assert BRIDGE in RIVER


def flood(start, blocked):
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in neighbours(*h):
            if n not in seen and n not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


RIVER_SET = set(RIVER)
WEST_BANK = flood(xy("S1012"), RIVER_SET)
EAST_BANK = flood(xy("S1815"), RIVER_SET)
assert not WEST_BANK & EAST_BANK
assert len(WEST_BANK) + len(EAST_BANK) + len(RIVER_SET) == COLS * (N_ROWS + S_ROWS)

# ---- Towns, villages, farms
ANTOIN = H("S1612", "S1613", "S1614", "S1712", "S1713", "S1714", "S1811", "S1812", "S1813",
           "S1814", "S1815", "S1912", "S1913", "S1914", "S1915")
KEEP = xy("S1712")
ANTOIN_WORKS = ANTOIN + H("S2015", "S2114", "S2113")  # Piemont's line behind the major works
FONTENOY = H("S3912", "S3913", "S3914", "S4012", "S4013", "S4014", "S4112", "S4113")
BOURQUEMBRAY = xy("N3706")
CHATEAU = xy("N3609")
CALONNE = xy("S1012")
NOTRE_DAME = xy("N3527")
LOUIS_AREA = line(xy("N3527"), xy("N3630"))

# ---- Bois de Barry (woods): a corner reaching south-west to the redoubts (3.5d), the rest
# north-east over both sheets. South edge by column on S; west edge by row on N.


def barry_south(c):
    if c < 47 or c > 66:
        return 0
    if c <= 49:
        return 4
    if c <= 56:
        return 5
    if c <= 59:
        return 8
    return 9


BARRY = set()
for c in range(47, 67):
    for r in range(1, barry_south(c) + 1):
        BARRY.add((c, r + N_ROWS))
for r in range(12, N_ROWS + 1):
    west = 48 if r <= 25 else 50
    for c in range(west, 67):
        BARRY.add((c, r))
# Cleared strip of the wood's western end (9.2b brown broken terrain; 6.1 treats it as wood).
CLEARED = H("S4403", "S4501", "S4502", "S4503", "S4504", "S4601", "S4602", "S4603")
# Burned buildings (9.2b; 6.1 treats them as village): east of Fontenoy and Bourgeon.
SMOULDERING = H("S4620", "S4621", "S4720", "S4721", "S4722", "S4821", "S4822")
BURNED = H("S4215", "S4315") + SMOULDERING

# Bois de Breuze: named in 2.8 only; its place is not in the text.
BREUZE = set()
for c in range(55, 62):
    for r in range(18, 24):
        if (c in (55, 61)) and r in (18, 23):
            continue
        BREUZE.add((c, r + N_ROWS))

# ---- Redoubt sites (3.5a; set-ups 10.1b-10.4b) and the optional site (6.2).
REDOUBTS = [
    ("redoubt-s4405", "Redoubt d'Eu", "S4405", "large", ["10.1b", "10.3b", "10.4b", "3.5d"]),
    ("redoubt-n4633", "Large redoubt N4633", "N4633", "large", ["10.3b", "10.4b", "3.5d"]),
    ("redoubt-s2914", "Small redoubt S2914", "S2914", "small", ["10.2b", "10.4b"]),
    ("redoubt-s3314", "Small redoubt S3314", "S3314", "small", ["10.2b", "10.4b"]),
    ("redoubt-s3714", "Small redoubt S3714", "S3714", "small", ["10.2b", "10.4b"]),
]
S4208 = xy("S4208")
MISSING_SITE = sorted([S4208] + neighbours(*S4208))

# ---- Roads (9.2n): hexside features along hex chains.
MAJOR_ROAD = path(H("N1801", "N2604", "N3706", "N4508", "N7008"))
ROAD_S1 = line(xy("S6213"), xy("S4205"))  # 10.1a D
ROADS = {
    # the scenario 1 road, with its continuations: east to the map edge (an Allied line of
    # retreat, 4.5) and north-west over the plateau to Notre Dame au Bois and Bourquembray
    "vezon": path(H("S7017", "S6213")) + ROAD_S1[1:],
    "plateau": path(H("S4205", "N3630", "N3527", "N3706")),
    "antoin-fontenoy": path(H("S1914", "S2015", "S2114", "S2814", "S3814", "S3913")),
    "fontenoy-redoubt": path(H("S4112", "S4405")),
    "fontenoy-south": path(H("S4113", "S4722", "S6434")),
    "antoin-south": path(H("S1815", "S1834")),
    "antoin-bridgehead": path(H("S1712", "S1610", "S1601", "N1628", "N1622", "N1521")),
    "west-bank": path(H("S0112", "S1012", "S1102", "N1127", "N1321", "N1421", "N1520")),
    "bridgehead-tournay": path(H("N1520", "N1712", "N1904", "N2002")),
    "bridgehead-west": path(H("N1520", "N1216", "N0811", "N0108")),
    "barry": path(H("S6213", "N6209", "N6208")),
}
# S7028 road: from the east edge west to the Fontenoy-south road.
_fs = ROADS["fontenoy-south"]
_join = min((h for h in _fs if h[0] == 60), key=lambda h: h[1])
ROADS["maubray"] = path([xy("S7028"), _join])
SUNKEN = [h for h in ROADS["antoin-fontenoy"] if h in H("S2214", "S2314", "S2414", "S2514",
                                                          "S2614", "S2714", "S2814")]
SUNKEN += [h for h in ROADS["fontenoy-redoubt"] if h not in FONTENOY and h != xy("S4405")]

# ---- The ridge (9.4D): a gentle slope in a U from N2228 round the French positions to N4417;
# the high side is inside the U.
RIDGE_BOTTOM = {22: 28, 23: 29, 24: 30, 41: 30, 42: 27, 43: 22, 44: 17}
for c in range(25, 41):
    RIDGE_BOTTOM[c] = 31
PLATEAU = {(c, r) for c, b in RIDGE_BOTTOM.items() for r in range(1, b + 1)}


def below_ridge(h):
    c, r = h
    if h in PLATEAU:
        return False
    if 22 <= c <= 44:
        return r > RIDGE_BOTTOM[c]
    if c == 45:
        return r >= 17
    if c == 21:
        return r >= 28
    return False


# ---- Perimeter (6.8a): Antoin's works, the sunken road, the small redoubts, Fontenoy, the
# sunken road to the large redoubts, north of N4633 to N4512, to N3609, north off the map.
PERIMETER = path(H("S1516", "S1916", "S2015", "S2114", "S2814", "S3814", "S3914", "S4014",
                   "S4113", "S4112")) + ROADS["fontenoy-redoubt"][1:] + path(
    H("S4405", "S4401", "N4533", "N4633", "N4512", "N3609", "N3601"))[1:]
PERIMETER_SET = set(PERIMETER)
INSIDE = flood(xy("N2010"), PERIMETER_SET | RIVER_SET)
assert xy("S4405") not in INSIDE and xy("S6012") not in INSIDE and xy("N3630") in INSIDE

# ---- Scenario lines (10.1a D, 10.2a G, 10.3a B-D)
S1_SOUTH = set()
_road_row = {}
for (c, y) in ROAD_S1:
    _road_row[c] = max(_road_row.get(c, 0), y)
for (c, y) in all_hexes():
    if y <= N_ROWS:
        continue
    limit = _road_row.get(c, _road_row[42] if c < 42 else _road_row[62])
    if y > limit:
        S1_SOUTH.add((c, y))


def depth_in(area):
    """Distance of each hex of `area` to the nearest hex outside it (1 = at the edge)."""
    out = {}
    frontier = [h for h in area if any(n not in area for n in neighbours(*h))]
    for h in frontier:
        out[h] = 1
    d = 1
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for n in neighbours(*h):
                if n in area and n not in out:
                    out[n] = d
                    nxt.append(n)
        frontier = nxt
    return out


BARRY_DEPTH = depth_in(BARRY)
BARRY_DEEP = {h for h, d in BARRY_DEPTH.items() if d >= 2}
BARRY_NORTH = {h for h in BARRY if h[1] <= N_ROWS + 6}
# 3.8d A 1: the hexes just beyond the wood's north side: outside it, next to a hex of its
# northern edge (N row 12) and not south of that row.
BARRY_TOP = min(y for (_, y) in BARRY)
_ALL = set(all_hexes())
BARRY_NORTH_SIDE = {n for h in BARRY if h[1] == BARRY_TOP for n in neighbours(*h)
                    if n not in BARRY and n[1] <= BARRY_TOP and n in _ALL}

S2_LINE = [(c, 11 + N_ROWS) for c in range(42, COLS + 1)]
S2_OUT = {(c, y) for (c, y) in all_hexes() if c >= 42 and N_ROWS < y < 11 + N_ROWS}

S3_DIAG = line(xy("S4111"), xy("S5920"))
S3_LINE = [(c, 11 + N_ROWS) for c in range(1, 41)] + S3_DIAG
_s3_row = {c: 11 + N_ROWS for c in range(1, 41)}
for (c, y) in S3_DIAG:
    _s3_row[c] = max(_s3_row.get(c, 0), y)
S3_OUT = {(c, y) for (c, y) in all_hexes() if c in _s3_row and y > _s3_row[c]}
S3_FRENCH = {(c, y) for (c, y) in all_hexes() if y > N_ROWS and (c >= 47 or (c >= 44 and y >= 7 + N_ROWS))}
S3_FRENCH -= {xy("S4405"), xy("S4406")}

BRIDGEHEAD = {h for h in EAST_BANK if dist(h, BRIDGE) <= 2}
FRENCH_EXITS = H("N0108", "N1801")
ALLIED_EXITS = H("S6434", "S7017", "S7028")


# ======================================================================================
# Output


def ids(hexes):
    return sorted(hid(*h) for h in hexes)


def chain_ids(hexes):
    return [hid(*h) for h in hexes]


def side_dir(a, b):
    for d in DIR_NAMES:
        if neighbour(*a, d) == b:
            return d
    raise ValueError((a, b))


NAMED_TERRAIN = {
    "S1712": ("keep", rule("9.2d", note="The Keep is S1712, a small castle at Antoin.")),
    "N1421": ("bridge", rule("3.9a", "9.2m", note="The only crossing of the Escaut.")),
    "S4403": ("broken", rule("9.2b", note="Example of cleared wood (brown broken terrain).")),
    "S4502": ("broken", rule("6.1", "9.2b", note="Cleared wood named in 6.1 (treated as wood without fortifications).")),
    "S4215": ("broken", rule("9.2b", note="Example of burned buildings (brown/black/grey broken terrain).")),
    "S4721": ("broken", rule("9.2b", note="Example of burned buildings; inside the smouldering area S4620-S4822.")),
    "S4315": ("broken", rule("6.1", note="Burned buildings named in 6.1 (treated as village without fortifications).")),
    "S4620": ("broken", rule("6.1", "9.2b", note="First hex of the smouldering area S4620-S4822 (9.2b); ruined village in 6.1.")),
    "S4822": ("broken", rule("9.2b", note="Last hex of the smouldering area S4620-S4822.")),
    "N3706": ("village", prov("Bourquembray (7.1f names the hex N3706); its terrain is not in the text: village stands in for it.")),
    "N3609": ("walled_farm", prov("The Chateau de Bourquembray with field fortifications (6.8a names N3609); walled farm stands in for the chateau.")),
}


def build_map():
    hexes = {}
    notes = {}
    for h in RIVER:
        hexes[h] = "river"
    hexes[BRIDGE] = "bridge"
    for h in ANTOIN:
        hexes[h] = "town"
    hexes[KEEP] = "keep"
    for h in FONTENOY:
        hexes[h] = "village"
    for h in BARRY | BREUZE:
        hexes[h] = "woods"
    for h in CLEARED + BURNED:
        hexes[h] = "broken"
    for h in SUNKEN:
        hexes[h] = ["clear", "sunken_road"]
    hexes[BOURQUEMBRAY] = "village"
    hexes[CHATEAU] = "walled_farm"
    out = {}
    for h in sorted(hexes, key=lambda h: hid(*h)):
        t = hexes[h]
        i = hid(*h)
        if i in NAMED_TERRAIN:
            terrain, p = NAMED_TERRAIN[i]
            assert terrain == t, (i, t)
            out[i] = {"terrain": t, "provenance": p}
        else:
            out[i] = t
    return out


def hexsides():
    out = []
    seen = set()

    def add(a, b, feature, provenance, toward=None):
        key = (frozenset((a, b)), feature)
        if key in seen:
            return
        seen.add(key)
        assert adjacent(a, b), (a, b)
        e = {"between": [hid(*a), hid(*b)], "feature": feature}
        if toward is not None:
            e["toward"] = hid(*toward)
        e["provenance"] = provenance
        out.append(e)

    road_notes = {
        "vezon": prov("10.1a D names a road from S6213 to S4205; its course between them, and its continuation east to the map edge (S7017), are laid here."),
        "plateau": prov("Road from S4205 over the plateau by Notre Dame au Bois (N3527) to Bourquembray (N3706); not in the text."),
        "antoin-fontenoy": prov("Road from Antoin to Fontenoy, sunken between Antoin and the first small redoubt (6.8a: the Perimeter follows a sunken road there); course laid here."),
        "fontenoy-redoubt": prov("Sunken road from Fontenoy to the large redoubt S4405 (6.8a); course laid here."),
        "fontenoy-south": prov("Road from Fontenoy through the burned hamlet (S4620-S4822) to S6434 on the south edge (4.4 names S6434 as a road exit); course laid here."),
        "maubray": prov("Road from S7028 on the east edge (4.4 names S7028 as a road exit) west to the Fontenoy-south road; course laid here."),
        "antoin-south": prov("Road south from Antoin to the map edge; not in the text."),
        "antoin-bridgehead": prov("Road north from Antoin through the Keep (9.2d lets cavalry and artillery pass it in Road Column) to the bridgehead; course laid here."),
        "west-bank": prov("Road on the west bank from the map edge by Calonne (S1012) to the bridge N1421 (3.9a: the bridge is crossed only by Road Movement); course laid here."),
        "bridgehead-tournay": prov("Road from the bridgehead to the main road near N1801; not in the text."),
        "bridgehead-west": prov("Road from the bridgehead to the west edge north of the Escaut (3.9c speaks of roads exiting there); course laid here."),
        "barry": prov("Road from S6213 north through the Bois de Barry to the main road (3.6 places barricades on road hexes in the wood); course laid here."),
    }
    for a, b in zip(MAJOR_ROAD, MAJOR_ROAD[1:]):
        add(a, b, "major_road", prov("9.2n B: the Major Road Ath-Tournay crosses the battlefield; N1801 is its Tournay end (3.8d, 3.9c, 6.6a). Its course is laid here north of the Bois de Barry to the east edge."))
    for name, chain in ROADS.items():
        for a, b in zip(chain, chain[1:]):
            add(a, b, "road", road_notes[name])
    # the ridge
    for a in sorted(PLATEAU):
        for b in neighbours(*a):
            if below_ridge(b):
                add(a, b, "slope_gentle", prov("9.4D: a gentle slope runs from N2228 round the French positions in a U to N4417. The high side is inside the U; its course between the two ends is laid here."), toward=a)
    # abatis: S4405 to N4633 (3.5d)
    ab = [("S4405", "S4504"), ("S4404", "S4504"), ("S4404", "S4503"), ("S4403", "S4503"),
          ("S4403", "S4502"), ("S4402", "S4502"), ("S4402", "S4501"), ("S4401", "S4501"),
          ("N4533", "S4501"), ("N4533", "S4601"), ("N4633", "S4601")]
    for a, b in ab:
        add(xy(a), xy(b), "abatis", prov("3.5d: an abatis joins the large redoubts S4405 and N4633 at the western end of the Bois de Barry (9.3b). The hexsides it follows are laid here: the east side of the hexes from S4405 to N4633."))
    # field fortifications: toward = the frontal (outer) hex
    zone = set(ANTOIN_WORKS)
    for a in sorted(zone):
        for d in ("s", "se", "sw", "ne"):
            b = neighbour(*a, d)
            if on_map(*b) and b not in zone and b not in RIVER_SET:
                add(a, b, "fieldworks_major", prov("9.3c: the field fortifications south and east of Antoin are major. The hexsides are laid here on the south and east sides of Antoin and of the Piemont line (S2015, S2114, S2113)."), toward=b)
    line14 = [(c, 14 + N_ROWS) for c in range(29, 39)]
    for a in line14:
        for d in ("s", "se", "sw"):
            b = neighbour(*a, d)
            if b not in line14:
                add(a, b, "fieldworks_minor", prov("6.8a: the Perimeter runs through the three small redoubts to the fortifications near Fontenoy; minor works (9.3c) are laid here along the south side of the line S2914-S3814."), toward=b)
    fz = set(FONTENOY)
    for a in FONTENOY:
        for d in ("s", "se", "sw", "ne"):
            b = neighbour(*a, d)
            if b not in fz and b not in line14:
                add(a, b, "fieldworks_minor", prov("6.8a: fortifications near Fontenoy; laid here on the village's south and east sides (minor, 9.3c)."), toward=b)
    for d in ("ne", "se", "s"):
        add(CALONNE, neighbour(*CALONNE, d), "fieldworks_minor", prov("3.5c: S1012 is behind minor field fortifications; the hexsides (facing Antoin and the south-east) are laid here."), toward=neighbour(*CALONNE, d))
    for h, note in (("N4512", "6.8a: field fortifications at N4512"), ("N3609", "6.8a: field fortifications at N3609, the Chateau de Bourquembray")):
        a = xy(h)
        for d in ("ne", "se", "n" if h == "N4512" else "s"):
            add(a, neighbour(*a, d), "fieldworks_minor", prov(note + "; the hexsides (facing east) are laid here."), toward=neighbour(*a, d))
    for a in sorted(BRIDGEHEAD):
        for b in neighbours(*a):
            if b in EAST_BANK and b not in BRIDGEHEAD:
                add(a, b, "fieldworks_minor", prov("3.9a: field fortifications are built in front of the bridge; laid here round the bridgehead hexes (east-bank hexes within 2 of N1421)."), toward=b)
    return out


def places():
    P = []

    def place(pid, name, kind, hexes, provenance, fields=None, note=None):
        e = {"id": pid, "name": name, "kind": kind, "hexes": hexes}
        if fields:
            e["fields"] = fields
        e["provenance"] = provenance
        if note:
            e["note"] = note
        P.append(e)

    place("escaut", "The Escaut", "river", chain_ids(RIVER), prov("9.2m: river hexes of the Escaut, prohibited terrain, crossed only at the bridge N1421 (3.9a). The course is laid here: from the south edge of S west of Antoin, north to the bridge, then north-west to the west edge of N (3.9c speaks of the west edge north of the Escaut)."), {"bridge": "N1421"})
    place("escaut-bridge", "Bridge over the Escaut", "bridge", ["N1421"], rule("3.9a", "9.2m"))
    place("bridgehead", "The French Bridgehead", "bridgehead", ids(BRIDGEHEAD), prov("3.9a: the fortified area on the east bank in front of the bridge N1421. Its hexes are laid here: the east-bank hexes within 2 of N1421."), {"bridge": "N1421", "garrison": {"non_artillery_units": 6, "artillery_units": 2, "er_28_or_lower": 3, "rule": "3.9b"}})
    place("west-bank", "West bank of the Escaut", "area", ids(WEST_BANK), prov("3.9d, 10.4b: the hexes on the far side of the Escaut from the battlefield (the side of S1012); follows the river course laid here."))
    place("antoin", "Antoin", "town", ids(ANTOIN), prov("9.2i: Antoin is the only town, on the South map; the Keep S1712 is in it (9.2d). Its outline is laid here round S1712 and the Piemont positions S1815, S1915 (10.2b, 10.4b)."))
    place("keep", "The Keep", "keep", ["S1712"], rule("9.2d"))
    place("calonne", "Heights of Calonne", "artillery_position", ["S1012"], rule("3.5c", "9.4A", note="French artillery here fires over terrain and units unless the blocker is adjacent to the target; behind minor field fortifications."))
    place("fontenoy", "Fontenoy", "village", ids(FONTENOY), prov("10.2d names Fontenoy; its outline is laid here round the Dauphin positions S3914, S4014, S4013, S4012 (10.2b, 10.4b)."))
    place("bourquembray", "Bourquembray", "village", ["N3706"], rule("7.1f"))
    place("chateau-de-bourquembray", "Chateau de Bourquembray", "walled_farm", ["N3609"], rule("6.8a", note="Field fortifications at the chateau; its terrain (walled farm) is provisional."))
    place("notre-dame-au-bois", "Notre Dame au Bois", "royal_position", ["N3527"], rule("9.4A", "10.4b"))
    place("louis-xv-area", "Louis XV's free-movement hexes", "royal_area", chain_ids(LOUIS_AREA), rule("6.9b", note="He moves freely between N3527 and N3630; the two hexes between them on the straight line (N3528, N3629) are included here (provisional reading)."), {"ends": ["N3527", "N3630"]})
    place("bois-de-barry", "Bois de Barry", "woods", ids(BARRY), prov("2.8, 3.6, 3.8d, 10.1a, 10.3a, 10.4b name the Bois de Barry; its outline is laid here: a corner reaching south-west to the large redoubts S4405 and N4633 (3.5d), the wood north and east of it on both sheets, south edge on S at rows 04-09 (10.4b's 'in or north of Sxx06' cuts it), north edge at N row 12 below the Major Road. The cleared strip at its western end is broken terrain (place bois-de-barry-cleared)."))
    place("bois-de-barry-north", "Bois de Barry in or north of row Sxx06", "setup_area", ids(BARRY_NORTH), rule("10.4b", note="Woods hexes of bois-de-barry on N, or on S in rows 01-06 (follows the provisional outline)."))
    place("bois-de-barry-north-side", "Beyond the north side of the Bois de Barry", "trigger", ids(BARRY_NORTH_SIDE), prov("3.8d A 1: Lowendahl's Detachment enters the game when an Allied unit leaves the Bois de Barry by its north side. Read as reaching a hex outside the wood next to its northern edge (N row 12 on the provisional outline), at or north of that row."))
    place("bois-de-barry-deep", "Bois de Barry more than 1 hex deep", "boundary", ids(BARRY_DEEP), rule("10.1a D", note="Woods hexes of bois-de-barry not adjacent to a hex outside the wood (follows the provisional outline)."))
    place("bois-de-barry-cleared", "Cleared wood at the western end of the Bois de Barry", "cleared_wood", ids(CLEARED), prov("9.2b (S4403), 6.1 (S4502): brown broken terrain, cleared wood; treated as woods under 6.1. The other hexes of the strip are laid here."))
    place("burned-buildings", "Burned buildings", "ruined_village", ids(BURNED), rule("9.2b", "6.1", note="S4215, S4721 (9.2b), S4315, S4620 (6.1) and the smouldering area S4620-S4822; treated as village under 6.1. The hexes of the area between S4620 and S4822 are a reading."))
    place("bourgeon", "Bourgeon (smouldering)", "smouldering", ids(SMOULDERING), rule("9.2b", note="The area from S4620 down to S4822, set alight on 10 May; blocks LOS under the 9.2b option. Read as the burned hamlet of Bourgeon (4.2f: van Yssel's battery stood on the hill south-west of Bourgeon); the identification is a reading."), {"option_blocks_los": True})
    place("bois-de-breuze", "Bois de Breuze", "woods", ids(BREUZE), prov("2.8 names the Bois de Breuze; where it lies is not in the text. It is laid here south-east of Bourgeon, away from every set-up."))
    for pid, name, h, size, rules in REDOUBTS:
        place(pid, name, "redoubt", [h], rule(*rules), {"size": size})
    place("redoubt-site-s4208", "Site of the missing redoubt", "redoubt_site", ids(MISSING_SITE), rule("6.2", note="A large redoubt may be placed within 1 hex of S4208."), {"size": "large", "center": "S4208", "radius": 1})
    place("perimeter", "French Perimeter", "perimeter", chain_ids(PERIMETER), prov("6.8a: from Antoin's works along the sunken road, through the three small redoubts to Fontenoy, along the sunken road to the large redoubts S4405 and N4633, north to N4512, to N3609 and straight north off the map. The named points are rulebook; the hexes between them are laid here."), {"points": ["S2914", "S3314", "S3714", "S4405", "N4633", "N4512", "N3609"]})
    place("perimeter-inside", "Inside the French Perimeter", "perimeter_inside", ids(INSIDE), prov("6.8b: the French side of the perimeter line on the east bank (the line's own hexes excluded); follows the provisional line."))
    place("ridge", "The ridge (high side)", "ridge", ids(a for a in PLATEAU if any(below_ridge(b) for b in neighbours(*a))), rule("9.4D", note="Hexes on the high side of the gentle-slope hexsides of the ridge from N2228 to N4417; the course between the ends is provisional."), {"ends": ["N2228", "N4417"]})
    place("tournay-road", "Main road to Tournay", "entry", ["N1801"], rule("3.8d", "3.9c", "6.6a", "10.0d"), {"side": "french"})
    place("french-retreat-exits", "French Line of Retreat exits", "exit", ids(FRENCH_EXITS), rule("3.9c", note="N1801 (main road to Tournay) and the road hexes on the west edge north of the Escaut (N0108 on the provisional map); the bridgehead is the third destination."), {"side": "french"})
    place("supply-exits", "Roads to the Allied supply train", "exit", ["S6434", "S7028"], rule("4.4"), {"side": "french", "sp_to_capture": 15})
    place("allied-retreat-exits", "Allied Line of Retreat exits", "exit", ids(ALLIED_EXITS), rule("4.5", note="Road hexes on the south edge east of S5234 and on the east edge south of S7016 (S6434, S7017, S7028 on the provisional map)."), {"side": "allied"})
    place("s1-road", "Road S6213-S4205", "boundary", chain_ids(ROAD_S1), prov("10.1a D names the road's ends; the hexes between are laid here."), {"ends": ["S6213", "S4205"]})
    place("s1-south-of-road", "South of the road S6213-S4205", "boundary", ids(S1_SOUTH), prov("10.1a D: the Allies move only along or north of the road. S-map hexes south of it; west of S4205 and east of S6213 the line is continued along the row of its end hex (a reading)."))
    place("s2-line", "Row xx11 east of S4111", "boundary", chain_ids(S2_LINE), rule("10.2a G", note="S4211-S7011; the text prints '4111' without a map letter (only the South map is used)."))
    place("s2-out-of-bounds", "North of row xx11 east of S4111", "boundary", ids(S2_OUT), rule("10.2a G", note="S-map hexes of columns 42-70 in rows 01-10."))
    place("s3-line", "Scenario 3 limit: row xx11 west of S4111 and the line S4111-S5920", "boundary", chain_ids(S3_LINE), rule("10.3a D", note="S0111-S4011, then the straight hex line S4111-S5920 (it runs exactly south-east under odd-q)."))
    place("s3-out-of-bounds", "South of the scenario 3 limit", "boundary", ids(S3_OUT), rule("10.3a D", note="S-map hexes south of the line in columns 01-59; east of S5920 the text draws no line."))
    place("s3-french-limit", "Scenario 3: south of the Bois de Barry or east of S46xx", "boundary", ids(S3_FRENCH), prov("10.3a C: French units may not move east of the S46xx column or south of the Bois de Barry. Read as S-map columns 47-70, and columns 44-46 from row 07 south (south of the wood's corner; S4405 and S4406 stay allowed)."))
    return P


def build(dumps_header):
    m = dumps_header
    m.update({
        "grid": {
            "scheme": "fontenoy",
            "parity": "odd",
            "rows": "down",
            "sheets": [
                {"sheet": "N", "columns": [1, COLS], "rows": [1, N_ROWS], "col_offset": 0, "row_offset": 0,
                 "note": "Provisional extent: the text names N columns up to 49 and rows up to 33 (N4033, N4633: the south edge is row 33, directly north of S row 01). Columns 01-70 as on S."},
                {"sheet": "S", "columns": [1, COLS], "rows": [1, S_ROWS], "col_offset": 0, "row_offset": N_ROWS,
                 "note": "Provisional extent: the east edge is about column 70 (4.5: east edge south of S7016; 4.4: road at S7028), the south edge about row 34 (4.4: road at S6434; 4.5: south edge east of S5234)."},
            ],
            "note": "As hex::Grid::fontenoy(): odd-q, rows down, N row 33 directly north of S row 01, shared columns (docs/hex.md). The parity and the join are inferred (10.3b/10.4b seam lines; the 10.3a D line S4111-S5920 is an exact hex line); the extents are provisional.",
        },
        "default_terrain": "clear",
        "hexes": build_map(),
        "hexsides": hexsides(),
        "edges": [
            {"edge": "north", "sheet": "N", "friendly_to": "french", "entry_hexes": ["N1801"],
             "provenance": rule("3.8d", "6.6a", "10.0d", note="French reinforcements enter on the main road at N1801.")},
            {"edge": "west", "sheet": "N", "friendly_to": "french",
             "provenance": rule("3.9c", note="The French Line of Retreat includes roads leaving the west edge north of the Escaut.")},
            {"edge": "south", "sheet": "S", "friendly_to": "allied",
             "provenance": rule("4.5", note="Allied Line of Retreat: road hexes on the south edge east of S5234.")},
            {"edge": "east", "sheet": "S", "friendly_to": "allied",
             "provenance": rule("4.5", note="Allied Line of Retreat: road hexes on the east edge south of S7016.")},
        ],
        "places": places(),
    })
    return m
