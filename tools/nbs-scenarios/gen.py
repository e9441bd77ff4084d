#!/usr/bin/env python3
"""Generates the Austerlitz (Napoleonic Brigade Series) scenario data in scenarios/nbs/:
the map (maps/), the two counter sets (counters/), the division and turn record charts
(charts/) and scenarios 1-5 (scenarios/, AUS 7.1-7.5), byte for byte.

Deterministic, Python 3 stdlib only. Run from anywhere:  python3 tools/nbs-scenarios/gen.py
What the rulebook gives carries rulebook provenance with its rule; everything else is
provisional and says so (docs/nbs-scenarios.md)."""

import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import geo  # noqa: E402
from units import (  # noqa: E402
    ALLIED_BRIGADES, ALLIED_COMMANDS, ALLIED_LEADER_NATIONALITY, ALLIED_SENIORITY, FRENCH_BRIGADES,
    FRENCH_CORPS, FRENCH_DIVISIONS, HEAVY_CAVALRY, OB, PRINTED_IDS, PROVISIONAL_RATINGS, leader_id,
    provisional_values,
)

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "scenarios", "nbs")
FORMAT = "grognard/1"


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


def dumps(obj, depth=0):
    pad, pad1 = "  " * depth, "  " * (depth + 1)

    def inline(o):
        return json.dumps(o, ensure_ascii=False, separators=(", ", ": "))

    if depth >= 3 or not isinstance(obj, (dict, list)) or not obj:
        return inline(obj)
    small = inline(obj)
    if len(small) + len(pad) <= 160 and depth > 0:
        return small
    if isinstance(obj, dict):
        items = ["%s%s: %s" % (pad1, json.dumps(k, ensure_ascii=False), dumps(v, depth + 1))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    return "[\n" + ",\n".join(pad1 + dumps(v, depth + 1) for v in obj) + "\n" + pad + "]"


CHECK = "--check" in sys.argv
DIFFERS = []


def write(name, obj):
    """Write the file (name: its path under scenarios/nbs/, kind folder first), or with --check
    report whether it differs from what is there."""
    path, text = os.path.join(OUT, name), dumps(obj) + "\n"
    if CHECK:
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            DIFFERS.append(name)
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# =============================================================================================
# Map
# =============================================================================================

MAP_NOTE = ("Provisional map: the two physical map sheets are not available. The grid follows NBS "
            "1.1a (ids [A|B]xx.yy, rows counted upward); map A lies north of map B (AUS 7.1 brings "
            "3-L onto the north edge of map B at row 35 and AUS 7.3 sends the Allied cavalry north "
            "onto map A). Parity, sheet extents and the join are not in the text. The hexes the "
            "rules name carry rulebook provenance; towns, streams, roads, the pond, heights, hex "
            "levels, slopes and entry areas A, B, D, E, F are laid out here from the historical battlefield in "
            "outline and stand in for the printed map.")

GOLDBACH_COL = 20   # provisional: the Goldbach runs along the east side of column 20
RICKA_COL = 26      # provisional: the Ricka Brook runs along the east side of column 26 (map A)

TOWNS = {
    # id: (name, hexes, rules naming it)
    "telnitz": ("Telnitz", ["B20.18", "B21.18", "B20.19"], ["AUS 7.1", "AUS 7.3", "AUS 7.5"]),
    "sokolnitz": ("Sokolnitz", ["B17.28", "B18.28", "B17.29", "B17.30"], ["AUS 1.0", "AUS 7.1", "AUS 7.3", "AUS 7.5"]),
    "kobelnitz": ("Kobelnitz", ["A20.03", "A21.03"], ["AUS 7.3", "AUS 7.5"]),
    "puntowitz": ("Puntowitz", ["A20.12", "A21.12", "A20.13"], ["AUS 7.3", "AUS 7.5"]),
    "blaswitz": ("Blaswitz", ["A46.26", "A47.26"], ["AUS 7.2", "AUS 7.3"]),
}
SANTON = "A34.32"
SANTON_PRINTED = "A36.32"
CASTLE = "B17.29"
CASTLE_PRINTED = "B17.30"
PHEASANT = ["B19.28", "B19.29", "B19.30"]
ENTRY_C = "A63.07"
NORTH_EDGE_B = ["B25.35", "B26.35", "B27.35", "B28.35", "B29.35"]
WEST_EDGE_B = [geo.hid("B", 1, r) for r in range(1, 36)]
ENTRIES = {
    # id: (hexes, provenance)
    "entry-a": (["A63.30"], prov("Entry Area A (AUS 7.3 Rgt, AUS 7.5): its hex is not in the text; placed here where the Olmutz Road leaves the east edge of map A.")),
    "entry-b": (["A63.20"], prov("Entry hex B (AUS 7.5): not located in the text; placed here on the east edge of map A.")),
    "entry-c": ([ENTRY_C], rule("AUS 7.5", "Errata: Austerlitz", note="Entry Hex C is the road entering at A63.07 (Austerlitz errata).")),
    "entry-d": (["B63.25"], prov("Entry hex D (AUS 7.5): not located in the text; placed here on the east edge of map B.")),
    "entry-e": (["B63.10"], prov("Entry hex E (AUS 7.5): not located in the text; placed here on the east edge of map B.")),
    "entry-f": (["B01.05"], prov("Entry Area F (AUS 7.1, AUS 7.3: French 3 Corps): not located in the text; placed here on the west edge of map B, toward Raigern.")),
}
OLMUTZ_ROAD = ["A01.28", "A33.31", "A45.29", "A63.30"]
ENTRY_C_ROAD = ["A63.07", "A50.08", "A35.14", "A21.12", "A01.18"]
SATCHAN_POND = ["B26.06", "B27.06", "B26.07", "B27.07", "B28.07"]
PRATZEN = [geo.hid(s, c, r) for s, rows in (("A", range(4, 19)), ("B", range(31, 36)))
           for c in range(34, 47) for r in rows]
STARE_VINOHRADY = "A40.14"
VINEYARDS = ["A41.14", "A41.15", "A40.15"]


def goldbach_hexes():
    return [geo.hid("B", GOLDBACH_COL, r) for r in range(12, 36)] + \
        [geo.hid("A", GOLDBACH_COL, r) for r in range(1, 23)]


def ricka_hexes():
    return [geo.hid("A", RICKA_COL, r) for r in range(15, 36)]


def east_sides(hexes, feature, note):
    out = []
    for h in hexes:
        for side in ("ne", "se"):
            out.append({"hex": h, "side": side, "feature": feature,
                        "provenance": prov(note)})
    return out


def road_sides(points, feature, note, provenance):
    p = geo.path(points)
    return p, [{"between": [a, b], "feature": feature, "provenance": provenance, "note": note}
               for a, b in zip(p, p[1:])]


def slope_sides():
    """A provisional slope on every hexside whose two hexes differ by 2 or more levels (the terrain
    vocabulary has slope hexsides, 16.2e, 20.3c), directed toward the higher hex. A change of one
    level is the elevation change the engine derives from the levels; nothing is placed for it."""
    out = []
    for sheet in ("A", "B"):
        for col in range(1, 64):
            for row in range(1, 36):
                a = geo.hid(sheet, col, row)
                for b in geo.neighbors(a):
                    if geo.to_axial(a) < geo.to_axial(b) and abs(geo.level(a) - geo.level(b)) >= 2:
                        hi = a if geo.level(a) > geo.level(b) else b
                        out.append({"between": [a, b], "feature": "slope", "toward": hi})
    return out


def build_map():
    hexes = {}
    hexes[SANTON] = {"terrain": "redoubt", "provenance": rule(
        "AUS 1.0", "Errata: Austerlitz",
        note="The fortification on Santon Hill: printed A36.32, moved to A34.32 by the Austerlitz errata.")}
    hexes[CASTLE] = {"terrain": "walled_farm", "provenance": rule(
        "AUS 1.0", "Errata: Austerlitz",
        note="Sokolnitz Castle: AUS 1.0 prints B17.30; the errata says '17.29, not 17.30' with map letter A, "
             "but Sokolnitz lies on map B beside the Pheasant Garden (B19.28-B19.30), so B17.29 is used. "
             "The terrain id (walled farm) is provisional; its AUS 1.0 effects are in the place's fields.")}
    for h in PHEASANT:
        hexes[h] = {"terrain": "orchard", "provenance": rule(
            "Errata: Austerlitz",
            note="The Pheasant Garden is B19.28, B19.29 and B19.30 only; its terrain type (orchard) is "
                 "provisional, the optional wall of the historical notes has no effect.")}
    for tid, (name, hx, _) in sorted(TOWNS.items()):
        for h in hx:
            if h not in hexes:
                hexes[h] = {"terrain": "town", "provenance": prov(
                    "%s: the town is named in the scenarios; its hexes are not in the text." % name)}
    for h in SATCHAN_POND:
        hexes[h] = {"terrain": "lake", "provenance": prov(
            "Satchan Pond (designer's notes): frozen ponds are impassable; its hexes are not in the text.")}
    for h in VINEYARDS:
        hexes[h] = {"terrain": "vineyard", "provenance": prov(
            "Vineyards north and east of Stare Vinohrady (Austerlitz errata, historical notes); hexes not in the text.")}
    # Provisional levels (geo.level) for every hex of both sheets; listed hexes keep their own
    # terrain and provenance, the level inherits the map's provisional provenance.
    for sheet in ("A", "B"):
        for col in range(1, 64):
            for row in range(1, 36):
                h = geo.hid(sheet, col, row)
                e = hexes.get(h, {})
                hexes[h] = dict([(k, e[k]) for k in ("terrain",) if k in e] + [("elevation", geo.level(h))] +
                                [(k, v) for k, v in e.items() if k != "terrain"])
    hexes = dict(sorted(hexes.items()))

    hexsides = []
    hexsides += east_sides(goldbach_hexes(), "stream",
                           "Goldbach Stream (AUS 7.1, 7.3, 4.1c): its course is not in the text; "
                           "run here along the east side of column 20.")
    hexsides += east_sides(ricka_hexes(), "stream",
                           "Ricka Brook (AUS 7.2): its course is not in the text; run here along the "
                           "east side of column A26, north of row 15.")
    olmutz, sides = road_sides(OLMUTZ_ROAD, "primary_road", "Olmutz Road (AUS 7.2, 7.3)",
                               prov("The Olmutz Road is named in AUS 7.2 and 7.3; its course is not in "
                                    "the text. Laid out here from the west edge of map A past the "
                                    "Santon to the east edge."))
    hexsides += sides
    croad, sides = road_sides(ENTRY_C_ROAD, "secondary_road", "road entering at Entry Hex C",
                              prov("The Austerlitz errata places Entry Hex C where a road enters "
                                   "at A63.07; the rest of the road's course is not in the text."))
    hexsides += sides
    hexsides += slope_sides()

    places = []

    def place(pid, name, kind, hx, provenance, fields=None, note=None):
        p = {"id": pid, "name": name, "kind": kind, "hexes": hx if len(hx) > 1 else hx[0]}
        if fields:
            p["fields"] = fields
        p["provenance"] = provenance
        if note:
            p["note"] = note
        places.append(p)

    for tid, (name, hx, rules) in TOWNS.items():
        place(tid, name, "town", hx, prov("%s is named in %s; its hexes are not in the text." %
                                          (name, ", ".join(rules))))
    place("pheasant-garden", "Pheasant Garden", "victory", PHEASANT,
          rule("AUS 7.1", "AUS 7.3", "Errata: Austerlitz",
               note="B19.28, B19.29, B19.30 only (Austerlitz errata)."))
    special = {"max_infantry_units": 1, "max_gun_points": 2, "all_around_frontal": True,
               "trench_benefits": True}
    place("santon-redoubt", "Santon Redoubt", "redoubt", [SANTON],
          rule("AUS 1.0", "AUS 1.0a", "AUS 1.0b", "AUS 1.0c", "Errata: Austerlitz",
               note="A34.32 per the errata (printed A36.32). At most one infantry unit (errata wording) "
                    "and two gun points; all-around frontal facing in any formation; trench benefits "
                    "when fired on."),
          dict(special, printed_hex=SANTON_PRINTED))
    place("santon-hill", "Santon Hill", "hill", geo.within(SANTON, 1),
          prov("Santon Hill (AUS 1.0, AUS 7.3, AUS 7.5 'w/i 6 Santon Hill'): only the redoubt hex is "
               "given; the hill is taken here as the redoubt and its six neighbours. Set-ups measured "
               "from 'Santon Hill' use the redoubt hex."))
    place("sokolnitz-castle", "Sokolnitz Castle", "castle", [CASTLE],
          rule("AUS 1.0", "AUS 1.0a", "AUS 1.0b", "AUS 1.0c", "Errata: Austerlitz",
               note="B17.29: the errata moves the castle from x17.30 to x17.29 (it prints the map letter "
                    "A, but the castle is part of Sokolnitz on map B; the rule prints B17.30)."),
          dict(special, printed_hex=CASTLE_PRINTED, errata_hex_as_printed="A17.29"))
    place("goldbach-stream", "Goldbach Stream", "stream", goldbach_hexes(),
          prov("Named in AUS 4.1c, 7.1, 7.3; listed by the hexes on its west bank (the stream runs "
               "along their NE and SE sides). The course is not in the text."))
    place("ricka-brook", "Ricka Brook", "stream", ricka_hexes(),
          prov("Named in AUS 7.2; listed by the hexes on its west bank. The course is not in the text."))
    place("olmutz-road", "Olmutz Road", "road", olmutz,
          prov("Named in AUS 7.2 and 7.3; the hexes it runs through are laid out here."))
    place("entry-c-road", "Road entering at A63.07", "road", croad,
          prov("Only its entry hex A63.07 is in the text (Austerlitz errata)."))
    place("pratzen-heights", "Pratzen Heights", "heights", PRATZEN,
          prov("Named in AUS 7.3 (and the 7.5 introduction); its extent and levels are not in the text."))
    place("stare-vinohrady", "Stare Vinohrady", "hill", [STARE_VINOHRADY],
          prov("Named in the Austerlitz errata's historical notes; its hex is not in the text."))
    place("satchan-pond", "Satchan Pond", "pond", SATCHAN_POND,
          prov("Named in the designer's notes (frozen ponds impassable); its hexes are not in the text."))
    for pid, (hx, pv) in ENTRIES.items():
        letter = pid[-1].upper()
        place(pid, "Entry %s" % letter, "entry_area", hx, pv, {"entry": letter})
    place("map-b-north-edge-25-29", "North edge of map B, B25.35-B29.35", "entry_area", NORTH_EDGE_B,
          rule("AUS 7.1", note="3-L enters between B25.35 and B29.35 (scenario 1)."))
    place("map-b-west-edge", "West edge of map B", "entry_area", WEST_EDGE_B,
          rule("AUS 7.5", note="French 3 Corps enters anywhere along the west edge of map B (scenario 5); "
                              "the edge is column B01 on this grid."))

    return {
        "format": FORMAT, "kind": "map", "id": "nbs/austerlitz", "system": "nbs",
        "name": "Austerlitz (maps A and B)",
        "provenance": prov(MAP_NOTE),
        "note": "Every hex is listed for its level; a hex without terrain is clear (default_terrain, provisional). "
                "Hex levels (19.1) are provisional for every hex, the rulebook hexes included: the colour-coded "
                "contours (30 feet a level, 4.0) are on the printed map only. The levels are a smooth function "
                "of position (tools/nbs-scenarios/geo.py): the Goldbach valley and the Satchan Pond at 1-2, "
                "ground rising east to the Pratzen Heights (6-9) with Stare Vinohrady (A40.14) the top at 10, "
                "domes for Santon Hill (8) and Zuran hill (7), a gentle rise west of the Goldbach. The slope "
                "hexsides without a provenance of their own are provisional too: one wherever neighbouring "
                "levels differ by 2 or more, toward the higher hex.",
        "grid": {
            "scheme": "nbs", "parity": "odd", "rows": "up",
            "sheets": [
                {"sheet": "A", "columns": [1, 63], "rows": [1, 35], "col_offset": 0, "row_offset": -35,
                 "note": "Provisional extent: the text names columns up to A63 (Entry C) and rows up to A34.32; "
                         "row A01 sits directly north of row B35."},
                {"sheet": "B", "columns": [1, 63], "rows": [1, 35], "col_offset": 0, "row_offset": 0,
                 "note": "Row 35 is the north edge (AUS 7.1); the number of columns is provisional."},
            ],
            "note": "Rows counted upward (1.1a). Odd-q parity and the A-over-B join with shared columns are provisional.",
        },
        "default_terrain": "clear",
        "hexes": hexes,
        "hexsides": hexsides,
        "places": places,
    }


# =============================================================================================
# Counters
# =============================================================================================

COUNTER_PROV = ("The counter sheets are not in the text. Units, affiliations, brigade commanders, "
                "regiments, heavy cavalry and the 4b (h-f) battery come from the rulebook (Organization "
                "of the Armies, AUS 2.x-3.x, 1.4, 24.0a and the Rules Update). The printed values (fire "
                "level, morale, loss-chart boxes, wreck and skirmisher boxes, leader ratings) are not: "
                "each is a provisional value with its own provenance (method in the attribute notes "
                "and docs/nbs-scenarios.md).")

# One short note per kind of provisional value; the method is in the attribute's note.
PV = {
    "men": "Historical estimate of the men present; the basis of the loss boxes.",
    "fire_level": "Label of the first segment of the provisional loss chart (attribute note).",
    "morale": "By historical reputation (attribute note).",
    "loss_boxes": "Men / 150 (infantry) or / 100 (cavalry), less skirmisher boxes (attribute note).",
    "loss_chart": "Segments as in the 20.6 example row, four boxes per larger level (attribute note).",
    "wreck_boxes": "Share of the loss boxes by morale (attribute note).",
    "skirmisher_boxes": "By the light troops in the brigade; Allies per OPT-1 (attribute note).",
    "rating": "By historical reputation (attribute note).",
}


def pv(kind, value):
    return {"value": value, "provenance": prov(PV[kind])}


def attributes(side):
    a = [
        {"id": "nationality", "type": "string", "required": True, "rules": ["1.2", "AUS 3.1"],
         "note": "French / Russian / Austrian: French vs non-French (11.0c, 11.5, 25.2b); Russian vs Austrian (AUS 3.1, 3.2a)."},
        {"id": "corps", "type": "string", "types": ["infantry", "cavalry", "artillery", "leader", "hq"],
         "rules": [OB], "note": "French corps code (1, 3, 4, 5, C, IG) or Allied wing (L, C, Cv, Rgt, Gd)."},
        {"id": "division", "type": "string", "types": ["infantry", "cavalry", "artillery", "leader"],
         "rules": [OB, "AUS 3.2b"], "note": "French division code; for the Allies the command of AUS 3.2b."},
        {"id": "vp_formation", "type": "string", "types": ["infantry", "cavalry", "artillery"],
         "rules": ["AUS 6.2"], "note": "The formation the brigade counts in for AUS 6.2 (row of nbs/aus-formation-vp)."},
        {"id": "wreck_division", "type": "string", "types": ["infantry", "cavalry"], "rules": ["AUS 2.3", "AUS 3.2c"],
         "note": "Where wreck and stoppage count a formation as two divisions: IG-i / IG-c (AUS 2.3), Rgt-inf / Rgt-cav (AUS 3.2c)."},
        {"id": "independent", "type": "bool", "types": ["infantry", "cavalry"], "rules": ["AUS 2.2"]},
        {"id": "commander", "type": "string", "types": ["infantry", "cavalry"], "rules": [OB]},
        {"id": "regiments", "type": "string", "types": ["infantry", "cavalry"], "rules": [OB]},
        {"id": "men", "type": "int", "types": ["infantry", "cavalry"], "rules": ["4.0"],
         "note": "Not printed: the rough historical strength from which the provisional loss_boxes are derived "
                 "(4.0: 150 men per infantry, 100 per cavalry strength point)."},
        {"id": "fire_level", "type": "string", "types": ["infantry", "cavalry"], "required": True,
         "rules": ["1.3", "6.5a"], "note": "Printed fire level size at full strength (C, B, A, AB, AA, AAB, AAA). "
                                            "Provisional values: the label of the first loss-chart segment."},
        {"id": "morale", "type": "string", "types": ["infantry", "cavalry"], "required": True,
         "rules": ["1.3", "25.0"], "note": "Morale rating A (best) to E. Provisional values by reputation: both "
                                           "Guards and the converged grenadiers A; French infantry, light and heavy "
                                           "cavalry B, dragoons C; Russian grenadiers B, musketeers and jaegers C; "
                                           "Austrian Grenz and jaegers C, Austrian recruits (2-C) D, Austrian "
                                           "cavalry B; Cossacks D."},
        {"id": "loss_boxes", "type": "int", "types": ["infantry", "cavalry"], "required": True,
         "rules": ["6.6", "20.6"], "note": "Strength-point boxes on the unit's loss-chart row. Provisional values: "
                                          "men / 150 (infantry) or / 100 (cavalry), rounded, less the skirmisher "
                                          "boxes (11.5a design note: skirmisher strength is already taken out)."},
        {"id": "loss_chart", "type": "string", "types": ["infantry", "cavalry"], "required": True,
         "rules": ["6.6", "20.6"], "note": "Fire-level segments of the loss-chart row from the left, e.g. 'A1 B4 C3' "
                                          "(20.6 example); the current fire level is the label of the segment "
                                          "holding the first unmarked box. Provisional values follow the example "
                                          "row: one to three boxes left are a C, four to seven a B, eight to eleven "
                                          "an A, and each larger level (AB, AA, AAB, AAA) four boxes more."},
        {"id": "wreck_boxes", "type": "int", "types": ["infantry", "cavalry"], "required": True,
         "rules": ["20.6a"], "note": "Boxes left of the wrecked mark. Provisional values: loss_boxes x 2/3 "
                                    "(morale A), x 3/5 (B), x 1/2 (C-E), rounded down, at least 1."},
        {"id": "skirmisher_boxes", "type": "int", "types": ["infantry"], "rules": ["11.5a"],
         "note": "Provisional values: French brigades 1, 2 with one light regiment (or Guard chasseurs), 3 "
                 "when all light; Allied brigades per the unofficial OPT-1 allotment (1-AG-L 2; 1-1-L, 1a-Gd, "
                 "2a-2-C, J1-Rgt 1), otherwise 0."},
        {"id": "heavy", "type": "bool", "types": ["cavalry"], "required": True, "rules": ["24.0a", "Errata: Austerlitz"],
         "note": "Heavy cavalry (24.0a list, repeated in the Austerlitz Rules Update); all others light."},
        {"id": "gun_points", "type": "int", "types": ["artillery"], "required": True, "rules": ["1.4", "27.1"]},
        {"id": "weight", "type": "string", "types": ["artillery"], "required": True, "rules": ["1.4", "27.0"]},
        {"id": "class", "type": "string", "types": ["artillery"], "required": True, "rules": ["1.4", "27.0"]},
        {"id": "rank", "type": "string", "types": ["leader"], "required": True, "rules": ["1.3", "26.0"]},
        {"id": "command", "type": "string", "types": ["leader", "hq"], "rules": ["10.0", "AUS 3.2b"],
         "note": "The formation the leader commands (or the HQ belongs to)."},
        {"id": "rating", "type": "int", "types": ["leader"], "required": True, "rules": ["1.3", "10.1b", "10.2d"],
         "note": "Leader rating 0-4. Provisional values by historical reputation, except the Emperors' 0 "
                 "(AUS 3.1)."},
        {"id": "anti_initiative", "type": "int", "types": ["leader"], "required": True, "rules": ["AUS 2.5", "AUS 3.5"]},
    ]
    if side == "allied":
        a += [
            {"id": "morale_rating", "type": "int", "types": ["leader"], "rules": ["AUS 3.1"],
             "note": "The Emperors' own morale rating (4); others use their rating."},
            {"id": "rating_inverted", "type": "int", "types": ["leader"], "rules": ["AUS 4.2a"]},
            {"id": "seniority", "type": "int", "types": ["leader"], "rules": ["AUS 3.3"]},
        ]
    return a


def unit_values(uid, t):
    men, fl, morale, boxes, chart, wreck, skirm = provisional_values(uid, t)
    v = {"men": pv("men", men), "fire_level": pv("fire_level", fl), "morale": pv("morale", morale),
         "loss_boxes": pv("loss_boxes", boxes), "loss_chart": pv("loss_chart", chart),
         "wreck_boxes": pv("wreck_boxes", wreck)}
    if t == "infantry":
        v["skirmisher_boxes"] = pv("skirmisher_boxes", skirm)
    return v


def id_note(uid):
    if uid in PRINTED_IDS:
        return None
    return "Counter id follows the OB's brigade-division-corps pattern; the printed code is not in the text."


def counter(uid, side, t, name, values, provenance, note=None):
    c = {"id": uid, "side": side, "type": t, "name": name, "values": values, "provenance": provenance}
    if note:
        c["note"] = note
    return c


FR_VP = {"1": "1 Corps", "3": "3 Corps", "4": "4 Corps", "5": "5 Corps", "C": "Cavalry Corps",
         "IG": "Imperial Guard"}


def build_french():
    cs = []
    for uid, t, div, corps, cmdr, regs in FRENCH_BRIGADES:
        v = {"nationality": "French", "corps": corps}
        if div:
            v["division"] = div
        v["vp_formation"] = FR_VP[corps]
        if corps == "IG":
            v["wreck_division"] = div
        if div is None:
            v["independent"] = True
        v["commander"] = cmdr
        v["regiments"] = regs
        v.update(unit_values(uid, t))
        if t == "cavalry":
            v["heavy"] = uid in HEAVY_CAVALRY
        if uid == "3i-IG":
            v["nationality"] = {"value": "French", "provenance": prov(
                "The Italian Royal Guard serves in the French army; whether its counter counts as French "
                "for 11.0c/11.5 is not in the text.")}
        rules = [OB, "24.0a"] if t == "cavalry" else [OB]
        if corps == "IG":
            rules.append("AUS 2.3")
        if div is None:
            rules.append("AUS 2.2")
        cs.append(counter(uid, "french", t, "%s (%s)" % (uid, regs), v, rule(*rules), id_note(uid)))
    cs.append(counter("4b(h-f)", "french", "artillery", "4 Corps heavy foot battery",
                      {"nationality": "French", "corps": "4", "vp_formation": "4 Corps",
                       "gun_points": 5, "weight": "heavy", "class": "foot"},
                      rule("1.4", "AUS 7.1", note="'4b (h-f)': a 4 Corps battery, heavy foot; 1.4 makes an "
                                                   "unqualified battery 5 gun points.")))
    # leaders
    def leader(name, rank, command, corps, div=None, rules=None, note=None):
        v = {"nationality": "French", "corps": corps}
        if div:
            v["division"] = div
        v.update({"rank": rank, "command": command, "rating": pv("rating", PROVISIONAL_RATINGS[name]),
                  "anti_initiative": 0})
        cs.append(counter(leader_id(name), "french", "leader", name, v,
                          rule(*(rules or [OB, "AUS 2.5"])), note))
    leader("Napoleon", "Army", "Army", "Army", rules=[OB, "AUS 7.3", "AUS 2.5"])
    for code, _, name, _ in FRENCH_CORPS:
        leader(name, "Corps", "%s Corps" % code if code != "C" else "Cavalry Corps", code)
    leader("Bessieres", "Corps", "Imperial Guard", "IG", "IG", rules=[OB, "AUS 2.3", "AUS 2.5"],
           note="Commands the Guard as a single independent division (AUS 2.3).")
    for code, corps, name, _ in FRENCH_DIVISIONS:
        leader(name, "Division", code, corps, code)
    # HQs
    cs.append(counter("HQ-French-Army", "french", "hq", "French Army HQ",
                      {"nationality": "French", "corps": "Army", "command": "Army"},
                      rule("AUS 7.3", "10.0c")))
    for code, _, name, cname in FRENCH_CORPS:
        cs.append(counter("HQ-%s-Corps" % code, "french", "hq", "%s HQ" % cname,
                          {"nationality": "French", "corps": code, "command": cname},
                          prov("Corps HQs exist under 10.0c; the scenarios do not name them. Placed with "
                               "their corps leader.")))
    return {
        "format": FORMAT, "kind": "counters", "id": "nbs/austerlitz-french", "system": "nbs",
        "name": "Austerlitz: the Grande Armee", "provenance": rule(OB, "1.3", note=COUNTER_PROV),
        "note": "46 brigades, one battery, 22 leaders, 6 HQs. Corps and divisional artillery other than "
                "4b (h-f) are not named in the text and are absent.",
        "types": ["infantry", "cavalry", "artillery", "leader", "hq"],
        "attributes": attributes("french"),
        "counters": cs,
    }


def allied_nat(n):
    return {"value": n, "provenance": prov(
        "Nationality from the regiments the OB names (historical); the counters are not in the text.")}


def build_allied():
    cs = []
    cmd = {c[0]: c for c in ALLIED_COMMANDS}
    for uid, t, command, cmdr, regs, nat in ALLIED_BRIGADES:
        wing = cmd[command][4]
        v = {"nationality": allied_nat(nat), "corps": wing, "division": command,
             "vp_formation": cmd[command][1]}
        if command == "Right":
            v["wreck_division"] = "Rgt-inf" if t == "infantry" else "Rgt-cav"
        v["commander"] = cmdr
        v["regiments"] = regs
        v.update(unit_values(uid, t))
        if t == "cavalry":
            v["heavy"] = uid in HEAVY_CAVALRY
        rules = [OB, "AUS 3.2b"] + (["24.0a"] if t == "cavalry" else []) + \
            (["AUS 3.2c"] if command == "Right" else [])
        cs.append(counter(uid, "allied", t, "%s (%s)" % (uid, regs), v, rule(*rules), id_note(uid)))

    def leader(name, rank, command, corps, rules, extra=None, rating=None, note=None,
               nat_rule=False):
        if rating is None:
            rating = pv("rating", PROVISIONAL_RATINGS[name])
        nat = ALLIED_LEADER_NATIONALITY[name]
        v = {"nationality": nat if nat_rule else allied_nat(nat), "corps": corps}
        if rank == "Division":
            v["division"] = command
        v.update({"rank": rank, "command": command, "rating": rating, "anti_initiative": 0})
        if name in ALLIED_SENIORITY:
            v["seniority"] = ALLIED_SENIORITY.index(name) + 1
        if extra:
            v.update(extra)
        cs.append(counter(leader_id(name), "allied", "leader", name, v, rule(*rules), note))

    leader("Katusov", "Army", "Army", "Army", ["AUS 3.2", "AUS 3.3", "AUS 4.2a"],
           {"rating_inverted": 3}, note="Inverted side rated 3 (AUS 4.2a option); the front-side rating 2 "
                                        "is provisional, below the inverted side's 3.")
    leader("Alexander I", "Emperor", "Russian", "Army", ["AUS 3.1", "AUS 3.2a", "AUS 3.3"],
           {"morale_rating": 4}, rating=0, nat_rule=True,
           note="Command and initiative 0, morale 4; orders by royal initiative to Russians only.")
    leader("Francis I", "Emperor", "Austrian", "Army", ["AUS 3.1", "AUS 3.2a", "AUS 3.3", "AUS 3.5"],
           {"morale_rating": 4}, rating=0, nat_rule=True,
           note="Command and initiative 0, morale 4; orders by royal initiative to Austrians only.")
    leader("Buxhowden", "Wing", "Left Wing", "L", ["AUS 3.2c", "AUS 3.3", "Errata: Austerlitz"],
           note="Commands the Left Wing column he stacks with (AUS 3.2c); Russian (errata historical notes).")
    cs.append(counter("L-Replacement-Right", "allied", "leader", "Replacement leader, Right Wing",
                      {"nationality": allied_nat("Russian"), "corps": "Rgt", "rank": "Division",
                       "command": "Right (AUS 4.2c)",
                       "rating": {"value": 1, "provenance": {
                           "kind": "provisional",
                           "note": "Rated as the generic replacement leaders (rules.replacement_leader_rating, "
                                   "26.4b), whose rating is not in the text."}},
                       "anti_initiative": 0},
                      rule("AUS 4.2c", "26.4b"),
                      "Only with AUS 4.2c: leads the original Right Wing's two divisions once Bagration "
                      "commands the Right Wing as a corps; arrives with him. Never placed otherwise."))
    for code, _, name, _, wing in ALLIED_COMMANDS:
        rules = [OB, "AUS 3.2b"] + (["AUS 3.3"] if name in ALLIED_SENIORITY else []) + \
            (["AUS 3.2c"] if code in ("2-C", "Right") else []) + (["AUS 3.7"] if code == "Cv" else [])
        leader(name, "Division", code, wing, rules)
    cs.append(counter("HQ-Allied-Army", "allied", "hq", "Allied Army HQ",
                      {"nationality": allied_nat("Russian"), "corps": "Army", "command": "Army"},
                      rule("AUS 7.3", "AUS 7.5", "10.0c")))
    return {
        "format": FORMAT, "kind": "counters", "id": "nbs/austerlitz-allied", "system": "nbs",
        "name": "Austerlitz: the combined Russian and Austrian armies",
        "provenance": rule(OB, "1.3", note=COUNTER_PROV),
        "note": "36 brigades/regiments, 13 leaders (and the AUS 4.2c replacement leader), 1 HQ. The brigades of 3-L (Przybyczewsky) and all "
                "Allied artillery are not named in the text and are absent.",
        "types": ["infantry", "cavalry", "artillery", "leader", "hq"],
        "attributes": attributes("allied"),
        "counters": cs,
    }


# =============================================================================================
# Provisional charts: divisions (20.6b, 25.6) and the Turn Record Track (1.1d, 19.4, 28.0, AUS 5.1)
# =============================================================================================

DIVISIONS_ID = "nbs/austerlitz-divisions"
TURN_RECORD_ID = "nbs/austerlitz-turn-record"
GENERATED_CHARTS = [DIVISIONS_ID, TURN_RECORD_ID]

DIVISIONS_NOTE = ("The division loss charts are not in the text. One row per division or Allied command "
                  "named in the counters' division attribute, plus the double divisions of wreck_division "
                  "(IG-i/IG-c, AUS 2.3; Rgt-inf/Rgt-cav, AUS 3.2c). wreck_line: wrecked brigades that wreck "
                  "the division (20.6b), taken as half its brigades rounded up (the 20.6 example's division "
                  "of three boxes wrecks at one, so the printed lines may be lower). elite_value: 25.6 leaves "
                  "elite values to the game rules and the Austerlitz rules give none, so every value is 0; "
                  "the two Imperial Guards are flagged elite (historical reputation) with that value 0.")


def half_up(n):
    return max(1, (n + 1) // 2)


def build_divisions(fr, al):
    def brigades(cs, key, code):
        return sum(1 for c in cs if c["type"] in ("infantry", "cavalry") and c["values"].get(key) == code)

    frc, alc = fr["counters"], al["counters"]
    rows = []

    def row(code, name, n, counts_as, elite=False, note=None):
        cells = [code, name, n, half_up(n), elite, 0, counts_as]
        rows.append({"cells": cells, "note": note} if note else cells)

    for code, _, _, name in FRENCH_DIVISIONS:
        row(code, name, brigades(frc, "division", code), code)
    row("IG", "Imperial Guard", brigades(frc, "corps", "IG"), "IG-i IG-c", True,
        "One independent division for command (AUS 2.3); for wreck and stoppage it is IG-i and IG-c, so this "
        "row's line is not used for wreck.")
    row("IG-i", "Infantry of the Guard", brigades(frc, "division", "IG-i"), "IG-i", True)
    row("IG-c", "Cavalry of the Guard", brigades(frc, "division", "IG-c"), "IG-c", True)
    for code, _, _, name, _ in ALLIED_COMMANDS:
        n = brigades(alc, "division", code)
        if code == "Right":
            row(code, name, n, "Rgt-inf Rgt-cav", note=(
                "One division for orders and command (AUS 3.2c); for wreck and stoppage it is Rgt-inf and "
                "Rgt-cav, so this row's line is not used for wreck."))
        elif code == "3-L":
            row(code, name, n, code, note=(
                "The brigades of 3-L are not in the text (no counters); the line of 1 stands in until they are."))
        else:
            row(code, name, n, code, code == "Gd")
    row("Rgt-inf", "Right Wing infantry", brigades(alc, "wreck_division", "Rgt-inf"), "Rgt-inf")
    row("Rgt-cav", "Right Wing cavalry", brigades(alc, "wreck_division", "Rgt-cav"), "Rgt-cav")
    return {
        "format": FORMAT, "kind": "chart", "id": DIVISIONS_ID, "system": "nbs",
        "name": "Austerlitz divisions: wrecked lines and elite values",
        "provenance": prov(DIVISIONS_NOTE),
        "note": "brigades counts the brigade counters of the division (OB); counts_as names the division(s) "
                "whose wrecked line applies.",
        "rules": ["20.6b", "25.6", "10.3", "AUS 2.3", "AUS 3.2c"],
        "columns": [
            {"id": "division", "type": "string", "note": "The counters' division (or wreck_division) code."},
            {"id": "name", "type": "string"},
            {"id": "brigades", "type": "int", "rules": [OB]},
            {"id": "wreck_line", "type": "int", "rules": ["20.6b"]},
            {"id": "elite", "type": "bool", "rules": ["25.6"]},
            {"id": "elite_value", "type": "int", "rules": ["25.6"]},
            {"id": "counts_as", "type": "string", "rules": ["AUS 2.3", "AUS 3.2c"]},
        ],
        "rows": rows,
    }


TURN_RECORD_NOTE = ("The Turn Record Track is not in the text. Rows run from Dec 1 10:00 to Dec 2 17:00 (the 50 "
                    "turns of AUS 7.5; the shorter scenarios use their part of it). Night: hourly turns 18:00-05:00 "
                    "(28.0a; schedule (a) of docs/nbs-scenarios.md), visibility 1 (28.0b). Day turns without a "
                    "number are unlimited (19.4). The first and last daylight turns carry a number (1.1d): 4 "
                    "hexes at dusk is made here. Fog (AUS 5.1) on Dec 2 06:00-09:30: 2, 2, 3, 3, 4, 4, (6), (8) "
                    "hexes are made here; the bracketed 9:00 and 9:30 numbers apply only when an end of the line "
                    "of sight is at level 5 or lower (fog_low_only).")
FOG_VISIBILITY = {"06:00": 2, "06:30": 2, "07:00": 3, "07:30": 3, "08:00": 4, "08:30": 4, "09:00": 6, "09:30": 8}
DUSK_VISIBILITY = 4


def is_night(label):
    return not ("06:00" <= label[-5:] <= "17:00")


def build_turn_record():
    rows = []
    for _, label in sorted(day_labels(1, "10:00", 50).items(), key=lambda kv: int(kv[0])):
        hhmm = label[-5:]
        night = is_night(label)
        fog = label.startswith("Dec 2") and hhmm in FOG_VISIBILITY
        if night:
            vis = "1"
        elif fog:
            vis = str(FOG_VISIBILITY[hhmm])
        elif hhmm == "17:00":
            vis = str(DUSK_VISIBILITY)
        else:
            vis = "unlimited"
        rows.append([label, night, vis, fog, fog and hhmm in ("09:00", "09:30")])
    return {
        "format": FORMAT, "kind": "chart", "id": TURN_RECORD_ID, "system": "nbs",
        "name": "Austerlitz Turn Record Track (night, visibility, fog)",
        "provenance": prov(TURN_RECORD_NOTE),
        "note": "Keyed by the scenarios' turn labels. visibility is the greatest line-of-sight range in hexes, "
                "inclusive, or 'unlimited'.",
        "rules": ["1.1d", "19.4", "28.0", "AUS 5.1"],
        "columns": [
            {"id": "label", "type": "string", "note": "Turn label as in the scenarios' turns.labels."},
            {"id": "night", "type": "bool", "rules": ["1.1d", "28.0"]},
            {"id": "visibility", "type": "result", "codes": ["1", "2", "3", "4", "5", "6", "7", "8", "unlimited"],
             "rules": ["1.1d", "19.4", "28.0b", "AUS 5.1"]},
            {"id": "fog", "type": "bool", "rules": ["AUS 5.1"], "note": "An AUS 5.1 fog turn."},
            {"id": "fog_low_only", "type": "bool", "rules": ["AUS 5.1"],
             "note": "The number is bracketed: it limits only lines of sight with an end at level 5 or lower."},
        ],
        "rows": rows,
    }


# =============================================================================================
# Scenarios
# =============================================================================================

def day_labels(first_day, first_hhmm, n):
    """Turn labels: half-hour day turns 06:00-17:00, hourly night turns 18:00-05:00 (provisional
    schedule, see turns.note)."""
    labels = {}
    day, h, m = first_day, int(first_hhmm[:2]), int(first_hhmm[3:])
    for t in range(1, n + 1):
        labels[str(t)] = "Dec %d %02d:%02d" % (day, h, m)
        if 6 <= h < 17:
            m += 30
            if m == 60:
                h, m = h + 1, 0
        else:
            h += 1
            if h == 24:
                h, day = 0, day + 1
    return labels


def turn_of(labels, label):
    for k, v in labels.items():
        if v == label:
            return int(k)
    raise KeyError(label)


class Setup:
    def __init__(self, counters):
        self.c = {c["id"]: c for c in counters}
        self.taken = set()
        self.setup, self.reinf = [], []
        self.blocked = {SANTON, CASTLE} | set(SATCHAN_POND)
        self.zones = []  # each zone's full hex list (1.4), referred to by index

    def zone_id(self, hexes):
        """The index of a set-up zone (1.4: the hexes a unit may be placed in), shared by
        every unit placed in the same zone."""
        hexes = sorted(set(hexes))
        if hexes not in self.zones:
            self.zones.append(hexes)
        return self.zones.index(hexes)

    def candidates(self, anchors, radius, keep=None):
        seen, out = set(), []
        for a in anchors:
            for h in geo.within(a, radius):
                if h not in seen:
                    seen.add(h)
                    out.append(h)
        out.sort(key=lambda h: (min(geo.dist(a, h) for a in anchors), h))
        return [h for h in out if h not in self.blocked and (keep is None or keep(h))]

    def zone(self, units, anchors, radius, zone_fields, rules, keep=None, leaders=(), note=None):
        """Each combat unit in its own free hex of the zone (nearest first); leaders and HQs with
        the first combat unit."""
        every = self.candidates(anchors, radius, keep)
        zid = self.zone_id(every)
        cands = [h for h in every if h not in self.taken]
        assert len(cands) >= len(units), (anchors, radius, len(cands), len(units))
        first = None
        for u, h in zip(units, cands):
            self.taken.add(h)
            first = first or h
            self.place(u, h, zone_fields, rules, note, zid=zid)
        for ldr in leaders:
            self.place(ldr, first, zone_fields, rules, note, zid=zid)

    def place(self, u, h, zone_fields, rules, note=None, fixed=False, zid=None):
        fields = {"zone": zone_fields}
        if zid is None:
            if "within" in zone_fields and "of" in zone_fields:
                zid = self.zone_id(self.candidates([zone_fields["of"]], zone_fields["within"]))
            elif not ("with_or_adjacent_to" in zone_fields or "with_any_of" in zone_fields):
                zid = self.zone_id([h])
        if zid is not None:
            fields["zone_hexes"] = zid
        t = self.c[u]["type"]
        if t in ("infantry", "cavalry", "artillery"):
            fields["formation"] = "any"
            fields["facing"] = "any"
        e = {"unit": u, "hex": h, "fields": fields}
        if fixed:
            e["provenance"] = rule(*rules)
        else:
            e["provenance"] = prov(
                "The zone in fields.zone is from %s; the hex is one legal choice made here (1.4: the "
                "player places units anywhere in the zone, in any formation and facing)." % ", ".join(rules))
        if note:
            e["note"] = note
        self.setup.append(e)

    def arrive(self, units, turn, place, rules, provenance=None, fields=None, note=None):
        for u in units:
            e = {"unit": u, "turn": turn, "place": place}
            if fields:
                e["fields"] = fields
            e["provenance"] = provenance or rule(*rules)
            if note:
                e["note"] = note
            self.reinf.append(e)


def fr_brigades(div=None, corps=None, exclude=()):
    return [b[0] for b in FRENCH_BRIGADES
            if (div is None or b[2] == div) and (corps is None or b[3] == corps) and b[0] not in exclude]


def fr_div_leaders(corps, exclude=()):
    return [leader_id(d[2]) for d in FRENCH_DIVISIONS if d[1] == corps and d[0] not in exclude]


def al_brigades(command):
    return [b[0] for b in ALLIED_BRIGADES if b[2] == command]


def al_leader(command):
    return leader_id({c[0]: c[2] for c in ALLIED_COMMANDS}[command])


def west_of_goldbach(h):
    return geo.parse(h)[1] <= GOLDBACH_COL


def town_hexes(tid):
    return TOWNS[tid][1]


def french_3_4(s, rules):
    s.zone(["Ind-C-4", "1-3-4"], town_hexes("telnitz"), 1, {"within": 1, "of_place": "telnitz"}, rules,
           leaders=[leader_id("LeGrand")])
    s.zone(["2-3-4"], town_hexes("sokolnitz"), 1, {"within": 1, "of_place": "sokolnitz"}, rules)
    s.zone(["3-3-4"], PHEASANT, 0, {"within": 0, "of_place": "pheasant-garden"},
           rules + ["Errata: Austerlitz"])
    s.place("4b(h-f)", "B19.29", {"with_or_adjacent_to": ["1-3-4", "2-3-4", "3-3-4"]}, rules,
            note="Stacked with 3-3-4 (a battery may share an infantry hex, 12.x).")


def french_3_corps(s, turn, place, rules, provenance=None, fields=None, note=None):
    units = fr_brigades(corps="3") + [leader_id("Davout"), "HQ-3-Corps"] + fr_div_leaders("3")
    s.arrive(units, turn, place, rules, provenance, fields, note)


FR_ORDERS_34 = ("3-4 has a divisional goal: a defensive zone within 5 hexes of any hex of Sokolnitz, "
                "Telnitz or the Pheasant Garden, to hold the Goldbach line; leaving it needs new orders "
                "or an emergency corps retreat.")
FR_ORDERS_3C = "3 Corps has the same orders; on its arrival 3-4 leaves its goal and attaches to 3 Corps."


def preset(side, receiver, kind, text, goal=False):
    """One historical order in the form the engine logs before play (10.1i, AUS 5.3): the
    receiving formation by code (French corps: corps code; divisions and Allied commands:
    division code), attack or non_attack, and whether it is a divisional goal (10.5b)."""
    return {"side": side, "receiver": receiver, "kind": kind, "divisional_goal": goal, "text": text}


# AUS 7.1, 7.3, 7.4 orders: when 3 Corps arrives, 3-4 leaves its divisional goal and joins it.
ATTACH_ON_ARRIVAL = {"3-4": {"corps": "3", "rules": ["AUS 7.1", "AUS 7.3", "AUS 7.4", "10.5c"]}}

FR_PRESET = [preset("french", "3-4", "non_attack", FR_ORDERS_34, goal=True),
             preset("french", "3", "non_attack", FR_ORDERS_3C)]

ALL_OPTIONS = [
    {"id": "aus-4.1a-alexander", "name": "Alexander must roll for initiative every turn (loose cannon on 2-3)",
     "default": False, "rules": ["AUS 4.1a"], "note": "+2 VP to the Allied player (nbs/aus-variant-vp)."},
    {"id": "aus-4.1a-francis", "name": "Francis must roll for initiative every turn (loose cannon on 2-3)",
     "default": False, "rules": ["AUS 4.1a"], "note": "+2 VP to the Allied player (nbs/aus-variant-vp)."},
    {"id": "aus-4.1a-total", "name": "Reading of AUS 4.1a: a selected Emperor's loose cannon is a dice total of 2 or 3",
     "default": False, "rules": ["AUS 4.1a"],
     "note": "Off (default): the v2.1 Initiative Table at the Emperor's 0 IP gives his results, loose cannon 11..25 (digest 8.4 item 11 b). On: loose cannon only on 11, 12 or 21, the 1993 two-dice total the text names (item 11 a)."},
    {"id": "aus-4.1b", "name": "French hidden deployment at level 7 or lower", "default": False,
     "rules": ["AUS 4.1b"], "note": "+8 VP to the Allied player."},
    {"id": "aus-4.1c", "name": "French free set-up west of the Goldbach", "default": False,
     "rules": ["AUS 4.1c"], "note": "+5 VP to the Allied player."},
    {"id": "aus-4.2a", "name": "Katusov on his inverted side (rating 3)", "default": False,
     "rules": ["AUS 4.2a"], "note": "+5 VP to the French player."},
    {"id": "aus-4.2b", "name": "Buxhowden commands the Left Wing as a corps (acts as its HQ)", "default": False,
     "rules": ["AUS 4.2b"], "note": "+8 VP to the French player."},
] + [
    {"id": "aus-4.2c-%s" % col, "name": "Column %s returned to Bagration (arrives with the Right Wing)" % col,
     "default": False, "rules": ["AUS 4.2c"],
     "note": "+2 VP to the French player per column; at most two columns; only scenarios starting before "
             "7:00am Dec 2. The Right Wing then acts as a corps under Bagration, and a replacement leader "
             "(L-Replacement-Right) leads its original two divisions."}
    for col in ("1-L", "2-L", "3-L")
]
HISTORICAL_ORDERS_OPTION = {"id": "historical_orders", "name": "Start with the historical pre-set orders",
                            "default": True, "rules": ["10.1i", "AUS 5.3"],
                            "note": "Off: every force starts without orders (players write their own in play, "
                                    "or before it with player-setup)."}
SETUP_OPTION = {"id": "player-setup", "name": "Set-Up Phase: players place their units within the set-up zones",
                "default": False, "rules": ["1.4", "10.1i", "AUS 5.3"],
                "note": "On: play opens with an Allied then a French set-up segment in which units may be "
                        "re-placed within their zones, faced and formed, and pre-set orders written or "
                        "withdrawn. Off: the placements of this file. AUS 4.1b and 4.1c turn it on."}
FOG_OPTION = {"id": "aus-5.1-fog-charges", "name": "Cavalry may charge only targets it can see before the action",
              "default": False, "rules": ["AUS 5.1"]}
FRACTION_OPTION = {"id": "nbs-20.2f-modifiers-first",
                   "name": "Reading of 20.2f: the modifiers apply to a fractional fire total before its column is found",
                   "default": False, "rules": ["20.2f", "20.0"],
                   "note": "Off (default): a fraction is resolved on the 'Less than 1' column, which the modifiers "
                           "then shift like any other column (20.0's order: find the column, then modify it). On: "
                           "the modifiers apply to the total first, so a fraction that rounds to zero shifts from "
                           "zero, and the 'Less than 1' column takes whatever stays below 1. The two readings "
                           "differ only for a total of 1/4."}
SKIRMISHER_OPTION = {"id": "opt-1-allied-skirmishers",
                     "name": "Unofficial: fixed Allied skirmisher allotment instead of the 5-skirmisher limit",
                     "default": False, "rules": ["Errata: General Suggestions"],
                     "note": "1-AG-L two skirmishers; 1-1-L, 1a-Gd, 2a-2-C, J1-Rgt one each (not official)."}

AUS6_VICTORY = [
    {"id": "aus-6.1-losses", "text": "Each side's casualties (not stragglers) give the opponent VPs by the loss table.",
     "rules": ["AUS 6.1"], "fields": {"chart": "nbs/aus-loss-vp", "count": "casualties"}},
    {"id": "aus-6.2-wrecked-formations",
     "text": "A formation with half or more of its brigades wrecked by casualties alone gives the opponent its VPs (original affiliations).",
     "rules": ["AUS 6.2"], "fields": {"chart": "nbs/aus-formation-vp", "threshold": "1/2", "count": "casualties",
                                      "counter_attribute": "vp_formation"}},
    {"id": "aus-6.3-leader-losses",
     "text": "Napoleon or Alexander killed: immediate Massive Victory to the opponent; Napoleon or Alexander wounded, or Francis killed or wounded: 20 VPs.",
     "rules": ["AUS 6.3"], "fields": {"chart": "nbs/aus-leader-loss-vp"}},
    {"id": "aus-6.4-balance", "text": "Allied VPs minus French VPs, read on the victory levels; variant VPs count for the side they favour.",
     "rules": ["AUS 6.4", "AUS 4.0"], "fields": {"chart": "nbs/aus-victory-levels", "variant_chart": "nbs/aus-variant-vp"}},
]


def charts():
    ids = []
    for f in sorted(glob.glob(os.path.join(OUT, "charts", "*.json"))):
        with open(f, encoding="utf-8") as fh:
            d = json.load(fh)
        if d.get("kind") == "chart":
            ids.append(d["id"])
    return sorted(set(ids) | set(GENERATED_CHARTS))


def sides(french_edges=None, allied_edges=None):
    return [{"id": "allied", "name": "Allied (Russian and Austrian)",
             "note": "Moves first in every scenario (AUS 5.2)."},
            {"id": "french", "name": "French (Grande Armee)"}]


def fog_rules(labels):
    fog = [k for k, v in labels.items() if v.startswith("Dec 2") and "06:00" <= v[-5:] <= "09:30"]
    limited = [k for k, v in labels.items() if v.startswith("Dec 2") and v[-5:] in ("09:00", "09:30")]
    return {"turns": [int(t) for t in fog],
            "visibility": {"chart": TURN_RECORD_ID, "column": "visibility", "key": "turns.labels"},
            "level_limited_turns": [int(t) for t in limited], "unlimited_from_level": 6,
            "charges_restricted": False, "rules": ["AUS 5.1", "1.1d", "19.4"],
            "note": "The visibility numbers are printed on the Turn Record Track, which is not in the text; "
                    "provisional numbers are in the chart named here, read by turn label."}


def base_rules(labels, extra=None):
    r = {
        "first_player": "allied",
        "first_player_rules": ["AUS 5.2"],
        "orders_accepted_before_play": True,
        "orders_rules": ["AUS 5.3"],
        "fog": fog_rules(labels),
        "night_turns": [int(k) for k, v in labels.items() if is_night(v)],
        "turn_record": TURN_RECORD_ID,
        "ammunition": {"used": False, "rules": ["Errata: Austerlitz"],
                       "note": "The Rules Update removes ammunition wagons and tracks; the scenarios' "
                               "'Artillery Ammunition' lines and the Supply units are void."},
        "allied_skirmisher_limit": {"full_strength": 5, "reduced_per_full": 2, "rules": ["Errata: Austerlitz"]},
        "anti_initiative": 0,
        "replacement_leader_rating": {
            "value": 1, "rules": ["26.4b"],
            "provenance": {"kind": "provisional",
                           "note": "The generic replacement backs of the division leaders are not in the text; "
                                   "rated 1, the lowest rating that still commands (initiative and rally shifts), "
                                   "below every named division leader of the provisional counters."}},
    }
    if extra:
        r.update(extra)
    return r


def scenario(n, name, labels, turns_note, s, victory, options, rules, note, prov_note):
    return {
        "format": FORMAT, "kind": "scenario", "id": "nbs/austerlitz-%d" % n, "system": "nbs",
        "name": "Austerlitz %d: %s" % (n, name),
        "provenance": rule("AUS 7.%d" % n, note=prov_note),
        "note": note,
        "map": "nbs/austerlitz",
        "counters": ["nbs/austerlitz-allied", "nbs/austerlitz-french"],
        "charts": charts(),
        "turns": {"first": 1, "last": len(labels), "labels": labels, "note": turns_note},
        "sides": sides(),
        "setup": s.setup,
        "reinforcements": s.reinf,
        "victory": victory,
        "options": options,
        "rules": dict(rules, **setup_rules(n, s)),
    }


def setup_rules(n, s):
    """The set-up zones as hex lists (1.4; `fields.zone_hexes` of a placement indexes them)
    and, in scenarios 3-5, the area west of the Goldbach open to the French under AUS 4.1c."""
    r = {"setup_zones": s.zones,
         "setup_zones_note": "Each list is the hexes of one set-up zone as the text defines it, on the "
                             "provisional map; the engine also applies the playing area, prohibited terrain "
                             "and stacking (1.4, 12.1) when a player re-places a unit (option player-setup)."}
    if n in (3, 4, 5):
        west = [geo.hid(sh, c, row) for sh in ("A", "B") for c in range(1, GOLDBACH_COL + 1)
                for row in range(1, 36)]
        r["free_setup_west_of_goldbach"] = [h for h in west if h not in s.blocked]
        r["free_setup_rules"] = ["AUS 4.1c"]
        r["free_setup_provenance"] = prov(
            "The Goldbach's course is not in the text: the hexes of columns 1-%d of both maps (the "
            "provisional stream runs along the east side of column %d), less the special and pond "
            "hexes." % (GOLDBACH_COL, GOLDBACH_COL))
    return r


TURNS_NOTE_DEC2 = ("Half-hour day turns (4.0); the labels follow from the first and last turn and the "
                   "turn count the scenario gives.")
TURNS_NOTE_5 = ("50 turns from 10:00 Dec 1 to 17:00 Dec 2 (AUS 7.5). The Turn Record Track is not in the "
                "text: the labels assume half-hour day turns to 17:00 and hourly night turns 18:00-05:00 "
                "(28.0a); a schedule with 17:00 as the first night turn fits the count as well. The "
                "night turns and labels of Dec 1 are therefore provisional.")


def allied_left(s, rules, keep=None):
    s.zone(al_brigades("AG-L"), ["B30.20"], 3, {"within": 3, "of": "B30.20", "as_printed": "w/3 B30.20"}, rules,
           keep, leaders=[al_leader("AG-L")])
    s.zone(al_brigades("1-L"), ["B40.25"], 3, {"within": 3, "of": "B40.25"}, rules, keep,
           leaders=[leader_id("Buxhowden"), al_leader("1-L")])
    s.zone(al_brigades("2-L"), ["B35.35"], 3, {"within": 3, "of": "B35.35"}, rules, keep,
           leaders=[al_leader("2-L")])


def build_s1(cs):
    labels = day_labels(2, "06:00", 9)
    s = Setup(cs)
    allied_left(s, ["AUS 7.1"], lambda h: h.startswith("B"))  # map B only
    french_3_4(s, ["AUS 7.1"])
    s.arrive([al_leader("3-L")], turn_of(labels, "Dec 2 07:30"), "map-b-north-edge-25-29", ["AUS 7.1"],
             note="3-L enters between B25.35 and B29.35; its brigades are not named in the text.")
    french_3_corps(s, turn_of(labels, "Dec 2 08:00"), "entry-f", ["AUS 7.1"],
                   provenance=rule("AUS 7.1", note="8:00am at Entry Area F (its hex is provisional)."))
    victory = [
        {"id": "allied-major", "text": "Allied Major Victory: all hexes of Telnitz, Sokolnitz and the Pheasant "
         "Garden captured and at least two of the three French divisions wrecked (stragglers counted).",
         "rules": ["AUS 7.1"], "fields": {"level": "Allied Major Victory",
                                          "places": ["telnitz", "sokolnitz", "pheasant-garden"],
                                          "divisions": ["3-4", "2-3", "4D-3"], "wrecked_at_least": 2,
                                          "count_stragglers": True, "needs": "both"}},
        {"id": "allied-minor", "text": "Allied Minor Victory: either the place condition or the wreck condition, not both.",
         "rules": ["AUS 7.1"], "fields": {"level": "Allied Minor Victory", "needs": "exactly one"}},
        {"id": "french-major", "text": "French Major Victory: the Allies meet neither condition.",
         "rules": ["AUS 7.1"], "fields": {"level": "French Major Victory", "needs": "neither"}},
    ]
    rules = base_rules(labels, {
        "play_area": {"sheets": ["B"], "rules": ["AUS 7.1"]},
        "orders": {
            "french": [FR_ORDERS_34, FR_ORDERS_3C],
            "allied": ["AG-L, 1-L: advance and take Telnitz.",
                       "2-L: from 7:00am advance and take Sokolnitz.",
                       "3-L: advance and take the Pheasant Garden."],
            "rules": ["AUS 7.1", "AUS 5.3"]},
        "preset_orders": FR_PRESET + [
            preset("allied", "AG-L", "attack", "Advance and take Telnitz."),
            preset("allied", "1-L", "attack", "Advance and take Telnitz."),
            preset("allied", "2-L", "attack", "From 7:00am advance and take Sokolnitz."),
            preset("allied", "3-L", "attack", "Advance and take the Pheasant Garden.")],
        "attach_on_arrival": ATTACH_ON_ARRIVAL,
        "divisional_goals": {"3-4": {"within": 5, "of_places": ["sokolnitz", "telnitz", "pheasant-garden"]}},
        "allied_order_start": {"2-L": turn_of(labels, "Dec 2 07:00")},
    })
    return scenario(1, "Battle for the Goldbach Stream", labels, TURNS_NOTE_DEC2, s, victory,
                    [HISTORICAL_ORDERS_OPTION, SETUP_OPTION, FOG_OPTION, SKIRMISHER_OPTION, FRACTION_OPTION], rules,
                    "Map B only; the Left Wing (AG-L, 1-L, 2-L; 3-L at 7:30) against LeGrand's 3-4, with "
                    "3 Corps at 8:00. Soult and the 4 Corps HQ are not named and do not appear.",
                    "Set-up zones, reinforcements, orders and victory as AUS 7.1 gives them; exact hexes "
                    "inside the zones are provisional (each entry says so).")


def build_s2(cs):
    labels = day_labels(2, "09:00", 8)
    s = Setup(cs)

    def in_area(h):
        sh, c, r = geo.parse(h)
        return sh == "A" and r > 15 and c > RICKA_COL

    rules = ["AUS 7.2"]
    corps5 = fr_brigades(corps="5", exclude=fr_brigades(div="G-5"))
    s.zone(corps5, ["A40.30"], 5, {"within": 5, "of": "A40.30"}, rules, in_area,
           leaders=[leader_id("Lannes"), "HQ-5-Corps"] + fr_div_leaders("5", exclude=("G-5",)))
    cav = fr_brigades(corps="C") + fr_brigades(div="3D-4") + fr_brigades(div="C-1")
    s.zone(cav, ["A32.25"], 5, {"within": 5, "of": "A32.25", "plus": ["3D-4", "C-1"]}, rules, in_area,
           leaders=[leader_id("Murat"), "HQ-C-Corps"] + fr_div_leaders("C") +
           [leader_id("Beaumont"), leader_id("Kellermann")])
    s.zone(al_brigades("Right"), ["A58.29"], 3, {"within": 3, "of": "A58.29"}, rules, in_area,
           leaders=[al_leader("Right")])
    s.zone(al_brigades("Cv"), ["A44.25"], 3, {"within": 3, "of": "A44.25"}, rules, in_area,
           leaders=[al_leader("Cv")])
    victory = [
        {"id": "brigade-vp", "text": "Each side scores 2 VPs per enemy brigade permanently wrecked (casualties "
         "only) and 1 VP per other enemy brigade wrecked when stragglers count; more VPs wins a Minor Victory.",
         "rules": ["AUS 7.2"], "fields": {"vp_permanently_wrecked": 2, "vp_wrecked_with_stragglers": 1,
                                          "level": "Minor Victory", "tie": "not stated"}},
    ]
    rules_ = base_rules(labels, {
        "play_area": {"sheets": ["A"], "north_of_row": 15, "east_of_place": "ricka-brook",
                      "rules": ["AUS 7.2"]},
        "orders": {
            "french": ["5 Corps defends the Olmutz Road back to about the Ricka Brook.",
                       "Cavalry Corps supports 5 Corps and covers its right flank."],
            "allied": ["Right attacks along the Olmutz Road to take the Santon Redoubt and push the French over the Ricka Brook.",
                       "Cv defends between the Right's left flank and the edge of the play area."],
            "rules": ["AUS 7.2", "AUS 5.3"]},
        "preset_orders": [
            preset("french", "5", "non_attack", "Defend the Olmutz Road back to about the Ricka Brook."),
            preset("french", "C", "non_attack", "Support 5 Corps and cover its right flank."),
            preset("allied", "Right", "attack",
                   "Attack along the Olmutz Road, take the Santon Redoubt, push the French over the Ricka Brook."),
            preset("allied", "Cv", "non_attack",
                   "Defend between the Right's left flank and the edge of the play area.")],
        "attachments": {"3D-4": "C", "C-1": "C"},
    })
    return scenario(2, "The Olmutz Road", labels, TURNS_NOTE_DEC2, s, victory,
                    [HISTORICAL_ORDERS_OPTION, SETUP_OPTION, FOG_OPTION, SKIRMISHER_OPTION, FRACTION_OPTION], rules_,
                    "Map A north of row 15 and east of the Ricka Brook; no reinforcements. Fog turns "
                    "9:00 and 9:30 only limit traces ending at level 5 or lower (AUS 5.1).",
                    "Set-up zones, orders and victory as AUS 7.2 gives them; exact hexes inside the zones "
                    "are provisional.")


def build_s34(cs, n):
    labels = day_labels(2, "06:00", 23)
    s = Setup(cs)
    r = ["AUS 7.3"] if n == 3 else ["AUS 7.3", "AUS 7.4"]
    # Allied
    allied_left(s, r)
    s.place(al_leader("3-L"), "A42.07", {"within": 4, "of": "A42.07"}, r,
            note="Only the leader: the brigades of 3-L are not named in the text.")
    s.taken.add("A42.07")
    s.zone(al_brigades("Cv"), ["B34.25"], 3, {"within": 3, "of": "B34.25"}, r, leaders=[al_leader("Cv")])
    s.zone(al_brigades("1-C") + al_brigades("2-C"), ["A50.07"], 5, {"within": 5, "of": "A50.07"}, r,
           leaders=[al_leader("1-C"), al_leader("2-C")])
    for u in [leader_id("Alexander I"), leader_id("Francis I"), leader_id("Katusov"), "HQ-Allied-Army"]:
        s.place(u, "A53.08", {"hex": "A53.08"}, r, fixed=True)
    s.zone(al_brigades("Gd"), ["A60.05"], 3, {"within": 3, "of": "A60.05"}, r, leaders=[al_leader("Gd")])
    # French
    french_3_4(s, r)
    rest4 = fr_brigades(corps="4", exclude=fr_brigades(div="3-4") + fr_brigades(div="3D-4") + ["Ind-C-4"])
    s.zone(rest4, town_hexes("puntowitz"), 3, {"within": 3, "of_place": "puntowitz", "west_of": "goldbach-stream"},
           r, west_of_goldbach,
           leaders=[leader_id("Soult"), "HQ-4-Corps"] + fr_div_leaders("4", exclude=("3-4", "3D-4")))
    s.zone(fr_brigades(corps="1", exclude=fr_brigades(div="C-1")), ["A15.30"], 3, {"within": 3, "of": "A15.30"}, r,
           leaders=[leader_id("Bernadotte"), "HQ-1-Corps"] + fr_div_leaders("1", exclude=("C-1",)))
    s.zone(fr_brigades(corps="IG"), ["A18.27"], 2, {"within": 2, "of": "A18.27"}, r, leaders=[leader_id("Bessieres")])
    s.zone(fr_brigades(div="G-5"), ["A25.25"], 2, {"within": 2, "of": "A25.25"}, r, leaders=[leader_id("Oudinot")])
    s.zone(fr_brigades(corps="5", exclude=fr_brigades(div="G-5")), ["A41.30"], 6, {"within": 6, "of": "A41.30"}, r,
           leaders=[leader_id("Lannes"), "HQ-5-Corps"] + fr_div_leaders("5", exclude=("G-5",)))
    s.zone(fr_brigades(corps="C") + fr_brigades(div="3D-4") + fr_brigades(div="C-1"), ["A13.25"], 3,
           {"within": 3, "of": "A13.25", "plus": ["3D-4", "C-1"]}, r,
           leaders=[leader_id("Murat"), "HQ-C-Corps"] + fr_div_leaders("C") + [leader_id("Beaumont"), leader_id("Kellermann")])
    for u in [leader_id("Napoleon"), "HQ-French-Army"]:
        s.place(u, "A28.29", {"hex": "A28.29", "as_printed": "A28.28"}, r + ["Errata: Austerlitz"], fixed=True)
    # reinforcements
    rgt = al_brigades("Right") + [al_leader("Right")]
    s.arrive(rgt, turn_of(labels, "Dec 2 08:30"), "entry-a", r,
             provenance=rule(*r, note="8:30am at Entry Area A; Bagration arrives with his command (1.4: leaders go with their units)."))
    french_3_corps(s, turn_of(labels, "Dec 2 08:00"), "entry-f", r,
                   provenance=rule(*r, note="8:00am at Entry Area F (its hex is provisional)."))
    allied_orders = [
        "AG-L and 1-L: advance and take Telnitz.",
        "2-L: let the Cavalry pass north of it (all Cv units north of row Axx.05), then advance south-west and take Sokolnitz.",
        "3-L: advance and take the Pheasant Garden.",
        "Cv: move north over the Pratzen Heights and defend between Blaswitz and the Olmutz Road, east of column A45.",
        "1-C and 2-C: non-attack orders to take position south of Kobelnitz, north of the Pheasant Garden, east of the Goldbach and west of column 27.",
        "Rgt: attack along the Olmutz Road to take Santon Hill and the Redoubt.",
        "Gd: no orders (army reserve).",
    ]
    orders = {"french": [FR_ORDERS_34, FR_ORDERS_3C, "G-5 is detached from 5 Corps and awaits orders.",
                         "3D-4 and C-1 are attached to the Cavalry Corps.", "No other French unit has orders."],
              "allied": allied_orders if n == 3 else
              ["All historical Allied orders are discarded; the Allied player writes any orders before the "
               "French set up, and all are accepted before play (AUS 7.4)."],
              "rules": r + ["AUS 5.3"]}
    allied_preset = [
        preset("allied", "AG-L", "attack", allied_orders[0]),
        preset("allied", "1-L", "attack", allied_orders[0]),
        preset("allied", "2-L", "attack", allied_orders[1]),
        preset("allied", "3-L", "attack", allied_orders[2]),
        preset("allied", "Cv", "non_attack", allied_orders[3]),
        preset("allied", "1-C", "non_attack", allied_orders[4]),
        preset("allied", "2-C", "non_attack", allied_orders[4]),
        preset("allied", "Right", "attack", allied_orders[5]),
    ]
    extra = {"orders": orders,
             "preset_orders": FR_PRESET + (allied_preset if n == 3 else []),
             "divisional_goals": {"3-4": {"within": 5, "of_places": ["sokolnitz", "telnitz", "pheasant-garden"]}},
             "attachments": {"3D-4": "C", "C-1": "C", "G-5": "detached"},
             "attach_on_arrival": ATTACH_ON_ARRIVAL}
    if n == 4:
        extra["allied_orders_written_before_french_setup"] = True
    else:
        extra["allied_cavalry_passed_row"] = "A05"
    opts = ALL_OPTIONS + [HISTORICAL_ORDERS_OPTION, SETUP_OPTION, FOG_OPTION, SKIRMISHER_OPTION, FRACTION_OPTION]
    if n == 3:
        return scenario(3, "The Sun of Austerlitz", labels, TURNS_NOTE_DEC2, s, AUS6_VICTORY, opts,
                        base_rules(labels, extra),
                        "The whole battle of Dec 2. 3-L is represented by its leader only (brigades not in the text).",
                        "Set-up zones, fixed hexes (AERR-2: Napoleon and the Army HQ at A28.29), "
                        "reinforcements, orders and AUS 6.0 victory as AUS 7.3 gives them; exact hexes "
                        "inside the zones are provisional.")
    return scenario(4, "Katusov in Command!", labels, TURNS_NOTE_DEC2, s, AUS6_VICTORY, opts,
                    base_rules(labels, extra),
                    "As scenario 3, with the Allied historical orders replaced by the Allied player's own, "
                    "written before the French set up (AUS 7.4).",
                    "AUS 7.4: everything as AUS 7.3 except the Allied orders; exact hexes inside the zones "
                    "are provisional.")


# Provisional default plan for the AUS 7.5 Allied arrivals: (command, entry, hour label)
S5_PLAN = [
    ("Right", "entry-a", "Dec 1 10:00"), ("Cv", "entry-b", "Dec 1 10:00"), ("1-L", "entry-c", "Dec 1 10:00"),
    ("2-L", "entry-d", "Dec 1 10:00"), ("AG-L", "entry-e", "Dec 1 10:00"),
    ("Gd", "entry-b", "Dec 1 11:00"), ("3-L", "entry-c", "Dec 1 11:00"), ("1-C", "entry-d", "Dec 1 11:00"),
    ("2-C", "entry-c", "Dec 1 12:00"),
]


def build_s5(cs):
    labels = day_labels(1, "10:00", 50)
    s = Setup(cs)
    r = ["AUS 7.5", "Errata: Austerlitz"]
    elev = {"max_level": 6, "as_printed": 5, "checked": True,
            "note": "Checked against the map's provisional hex levels."}

    def low(h):
        return geo.level(h) <= elev["max_level"]

    s.zone(fr_brigades(corps="1"), ["A15.30"], 5, dict({"within": 5, "of": "A15.30"}, level=elev), r, low,
           leaders=[leader_id("Bernadotte"), "HQ-1-Corps"] + fr_div_leaders("1"))
    s.zone(fr_brigades(corps="5", exclude=fr_brigades(div="G-5")), [SANTON], 6,
           {"within": 6, "of_place": "santon-hill"}, r,
           leaders=[leader_id("Lannes"), "HQ-5-Corps"] + fr_div_leaders("5", exclude=("G-5",)))
    s.zone(fr_brigades(corps="IG") + fr_brigades(div="G-5"), ["A29.25"], 3,
           dict({"within": 3, "of": "A29.25"}, level=elev), r, low,
           leaders=[leader_id("Bessieres"), leader_id("Oudinot")])
    rest4 = fr_brigades(corps="4", exclude=fr_brigades(div="3-4"))
    pt = set(town_hexes("puntowitz"))
    s.zone(rest4, town_hexes("puntowitz"), 5,
           {"within": 5, "of_place": "puntowitz", "in_town_or_west_of": "goldbach-stream"}, r,
           lambda h: h in pt or west_of_goldbach(h),
           leaders=[leader_id("Soult"), "HQ-4-Corps"] + fr_div_leaders("4", exclude=("3-4",)))
    towns3 = s.zone_id(town_hexes("kobelnitz") + town_hexes("sokolnitz") + town_hexes("telnitz"))
    for b, tid in (("1-3-4", "kobelnitz"), ("2-3-4", "sokolnitz"), ("3-3-4", "telnitz")):
        h = [x for x in town_hexes(tid) if x not in s.taken][0]
        s.taken.add(h)
        zf = {"in_place": tid, "one_brigade_each": ["kobelnitz", "sokolnitz", "telnitz"]}
        s.place(b, h, zf, r, zid=towns3)
        if b == "1-3-4":
            s.place(leader_id("LeGrand"), h, zf, r, zid=towns3)
    h134 = [e["hex"] for e in s.setup if e["unit"] == "1-3-4"][0]
    s.place("4b(h-f)", h134, {"with_any_of": ["1-3-4", "2-3-4", "3-3-4"]}, r)
    s.zone(fr_brigades(corps="C"), ["A14.25"], 3, dict({"within": 3, "of": "A14.25"}, level=elev), r, low,
           leaders=[leader_id("Murat"), "HQ-C-Corps"] + fr_div_leaders("C"))
    for u in [leader_id("Napoleon"), "HQ-French-Army"]:
        s.place(u, "A28.28", {"hex": "A28.28"}, ["AUS 7.5"], fixed=True)
    s.setup[-1]["note"] = s.setup[-2]["note"] = (
        "A28.28 as printed: the errata moves the set-up to A28.29 for scenario 7.3 only.")
    french_3_corps(s, turn_of(labels, "Dec 2 08:00"), "map-b-west-edge", ["AUS 7.5"])
    # Allied columns
    army = [leader_id("Alexander I"), leader_id("Francis I"), leader_id("Katusov"), "HQ-Allied-Army"]
    for command, entry, label in S5_PLAN:
        units = al_brigades(command) + [al_leader(command)]
        if command == "1-L":
            units.append(leader_id("Buxhowden"))
        if command == "Gd":
            units += [u for u in army if u != leader_id("Francis I")]
        if command == "2-C":
            # AUS 3.1: the Kaiser keeps to Austrian troops, so he rides with an Austrian column.
            units.append(leader_id("Francis I"))
        s.arrive(units, turn_of(labels, label), entry, ["AUS 7.5"],
                 provenance=prov("AUS 7.5 lets the Allied player plot each column's entry hex (A-E) and "
                                 "hour turn in secret; this default plan is made here (one column per "
                                 "entry per turn, hour turns only). Arrival needs the 2d6 roll in rules."),
                 fields={"column": command, "plotted_by_player": True})
    rules = base_rules(labels, {
        "orders": {"french": [FR_ORDERS_34 + " In this scenario the zone also includes the hexes within 5 of Kobelnitz.",
                              "No other French unit has orders."],
                   "allied": ["Any orders the Allied player writes."], "rules": ["AUS 7.5", "AUS 5.3"]},
        "preset_orders": [preset("french", "3-4", "non_attack",
                                 FR_ORDERS_34 + " In this scenario the zone also includes the hexes within 5 of Kobelnitz.",
                                 goal=True)],
        "divisional_goals": {"3-4": {"within": 5, "of_places": ["sokolnitz", "telnitz", "pheasant-garden", "kobelnitz"]}},
        "allied_arrival": {
            "entries": ["entry-a", "entry-b", "entry-c", "entry-d", "entry-e"],
            "one_column_per_entry_per_turn": True, "hour_turns_only": True,
            "roll": "2d6", "success": 9, "modifiers": {"entry-a": -1, "entry-e": -2},
            "on_failure": "next hour turn", "queue_per_entry": True,
            "banked_successes_enter_one_per_turn": True,
            "columns": [c[0] for c in ALLIED_COMMANDS],
            "army_leaders_join_any_column": [leader_id("Alexander I"), leader_id("Francis I"),
                                             leader_id("Katusov"), "HQ-Allied-Army"],
            "buxhowden_joins_left_wing_column": True,
            "left_wing_columns": [c[0] for c in ALLIED_COMMANDS if c[4] == "L"],
            "left_wing_riders": [leader_id("Buxhowden")],
            "rules": ["AUS 7.5"],
            "note": "Buxhowden travels with a Left Wing column (AUS 3.2c). The text lets the Left Supply join a Left Wing column; supply is removed (Rules Update)."},
        "c_corps_attachments": "none: unlike 7.2 and 7.3, 3D-4 sets up with 4 Corps and C-1 with 1 Corps",
    })
    return scenario(5, "The Advance to Battle", labels, TURNS_NOTE_5, s, AUS6_VICTORY,
                    ALL_OPTIONS + [HISTORICAL_ORDERS_OPTION, SETUP_OPTION, FOG_OPTION, SKIRMISHER_OPTION, FRACTION_OPTION], rules,
                    "Dec 1 10:00 to Dec 2 17:00 with the night between. The map starts with the French only; "
                    "every Allied column arrives by the player's secret plan and the 2d6 arrival roll.",
                    "Set-up zones (with the errata's level 6), reinforcements, the arrival procedure and "
                    "AUS 6.0 victory as AUS 7.5 gives them; exact hexes inside zones, the turn labels of "
                    "Dec 1 and night, and the default Allied arrival plan are provisional.")


def main():
    write("maps/austerlitz.json", build_map())
    fr, al = build_french(), build_allied()
    write("counters/austerlitz-french.json", fr)
    write("counters/austerlitz-allied.json", al)
    write("charts/austerlitz-divisions.json", build_divisions(fr, al))
    write("charts/austerlitz-turn-record.json", build_turn_record())
    cs = fr["counters"] + al["counters"]
    write("scenarios/austerlitz-1.json", build_s1(cs))
    write("scenarios/austerlitz-2.json", build_s2(cs))
    write("scenarios/austerlitz-3.json", build_s34(cs, 3))
    write("scenarios/austerlitz-4.json", build_s34(cs, 4))
    write("scenarios/austerlitz-5.json", build_s5(cs))
    if DIFFERS:
        sys.exit("differs from the generator: " + ", ".join(DIFFERS))


if __name__ == "__main__":
    main()
