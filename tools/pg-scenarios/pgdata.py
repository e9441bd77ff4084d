"""Shared helpers for the Prussia's Glory scenario generator (stdlib only, deterministic).

Hex ids are pg XXYY, flat-topped columns, odd-q (odd columns sit half a hex south), rows
numbered downwards (docs/hex.md).
"""

import json

FORMAT = "grognard/1"

PLAYBOOK = "https://it.scribd.com/document/299977084/PGI-Revised-Playbook"
VP_SCHEDULE_SOURCES = (
    "https://fdocuments.ec/document/preuens-gloria-ii-a-preuens-gloria-ii-a-spielheft-preuens-gloria-ii-gmt.html"
)


def prov_rule(rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov_public(source, note=None):
    p = {"kind": "public", "source": source}
    if note:
        p["note"] = note
    return p


def prov_prov(note):
    return {"kind": "provisional", "note": note}


# ---------------------------------------------------------------------------------------------
# Geometry


def hid(c, r):
    return "%02d%02d" % (c, r)


def parse(h):
    return int(h[:2]), int(h[2:])


def neighbors(c, r):
    if c % 2 == 1:
        return [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]


def cube(c, r):
    q = c
    rr = r - (c - (c & 1)) // 2
    return q, rr


def distance(a, b):
    (q1, r1), (q2, r2) = cube(*a), cube(*b)
    dq, dr = q2 - q1, r2 - r1
    return max(abs(dq), abs(dr), abs(dq + dr))


def adjacent(a, b):
    return tuple(b) in neighbors(*a)


# ---------------------------------------------------------------------------------------------
# Maps


class MapBuilder:
    def __init__(self, battle, name, cols, rows, provenance, note):
        self.battle = battle
        self.name = name
        self.cols = cols
        self.rows = rows
        self.provenance = provenance
        self.note = note
        self.terrain = {}  # (c, r) -> terrain id
        self.elev = {}  # (c, r) -> level (absent = 0)
        self.hex_prov = {}  # (c, r) -> provenance
        self.hex_note = {}  # (c, r) -> note
        self.slope_prov = {}  # frozenset of two hexes -> provenance
        self.slope_note = {}
        self.entrench = []  # ((a, b), note)
        self.places = []
        self.edges = []

    def on_map(self, c, r):
        return 1 <= c <= self.cols and 1 <= r <= self.rows

    def all_hexes(self):
        for c in range(1, self.cols + 1):
            for r in range(1, self.rows + 1):
                yield (c, r)

    def set_terrain(self, hexes, t):
        for h in hexes:
            h = parse(h) if isinstance(h, str) else h
            assert self.on_map(*h), (self.battle, h)
            self.terrain[h] = t

    def blob(self, center, radius, skip=()):
        center = parse(center) if isinstance(center, str) else center
        skip = {parse(s) if isinstance(s, str) else s for s in skip}
        return [h for h in self.all_hexes() if distance(center, h) <= radius and h not in skip]

    def raise_to(self, hexes, level):
        for h in hexes:
            h = parse(h) if isinstance(h, str) else h
            if self.on_map(*h):
                self.elev[h] = max(self.elev.get(h, 0), level)

    def set_level(self, hexes, level):
        for h in hexes:
            h = parse(h) if isinstance(h, str) else h
            assert self.on_map(*h), (self.battle, h)
            self.elev[h] = level

    def level(self, h):
        h = parse(h) if isinstance(h, str) else h
        return self.elev.get(h, 0)

    def terrain_of(self, h):
        h = parse(h) if isinstance(h, str) else h
        return self.terrain.get(h, "clear")

    def note_hex(self, h, note, prov=None):
        h = parse(h)
        self.hex_note[h] = note
        if prov:
            self.hex_prov[h] = prov

    def note_slope(self, a, b, note, prov=None):
        key = frozenset([parse(a), parse(b)])
        assert adjacent(parse(a), parse(b)), (a, b)
        self.slope_note[key] = note
        if prov:
            self.slope_prov[key] = prov

    def add_entrenchment(self, a, b, note=None):
        assert adjacent(parse(a), parse(b)), (a, b)
        self.entrench.append(((a, b), note))

    def place(self, pid, name, kind, hexes, fields=None, prov=None, note=None):
        p = {"id": pid, "name": name, "kind": kind, "hexes": hexes if len(hexes) > 1 else hexes[0]}
        if fields:
            p["fields"] = fields
        if prov:
            p["provenance"] = prov
        if note:
            p["note"] = note
        self.places.append(p)

    def edge(self, edge, friendly_to=None, entry_hexes=None, note=None):
        e = {"edge": edge}
        if friendly_to:
            e["friendly_to"] = friendly_to
        if entry_hexes:
            e["entry_hexes"] = entry_hexes
        if note:
            e["note"] = note
        self.edges.append(e)

    def slopes(self):
        """Slope hexsides derived from the levels: one wherever adjacent levels differ by 1."""
        out = []
        bad = []
        for h in self.all_hexes():
            for n in neighbors(*h):
                if not self.on_map(*n) or n <= h:
                    continue
                a, b = self.level(h), self.level(n)
                if a == b:
                    continue
                if abs(a - b) != 1:
                    bad.append((hid(*h), hid(*n), a, b))
                    continue
                high = h if a > b else n
                out.append((h, n, high))
        if bad:
            raise SystemExit("%s: adjacent levels differ by more than 1: %r" % (self.battle, bad))
        out.sort(key=lambda t: (hid(*t[0]), hid(*t[1])))
        return out

    def has_slope(self, a, b):
        a, b = parse(a), parse(b)
        return self.level(a) != self.level(b)

    def to_json(self):
        hexes = {}
        for h in sorted(set(self.terrain) | set(self.elev) | set(self.hex_prov) | set(self.hex_note)):
            t = self.terrain.get(h, "clear")
            lvl = self.elev.get(h, 0)
            entry = {}
            if t != "clear" or h in self.hex_prov or h in self.hex_note:
                entry["terrain"] = t
            if lvl:
                entry["elevation"] = lvl
            if h in self.hex_prov:
                entry["provenance"] = self.hex_prov[h]
            if h in self.hex_note:
                entry["note"] = self.hex_note[h]
            if not entry:
                continue
            if list(entry) == ["terrain"]:
                hexes[hid(*h)] = t
            else:
                hexes[hid(*h)] = entry
        sides = []
        for a, b, high in self.slopes():
            s = {"between": [hid(*a), hid(*b)], "feature": "slope", "toward": hid(*high)}
            key = frozenset([a, b])
            if key in self.slope_prov:
                s["provenance"] = self.slope_prov[key]
            if key in self.slope_note:
                s["note"] = self.slope_note[key]
            sides.append(s)
        for (a, b), note in self.entrench:
            s = {"between": [a, b], "feature": "entrenchment"}
            if note:
                s["note"] = note
            sides.append(s)
        return {
            "format": FORMAT,
            "kind": "map",
            "id": "pg/" + self.battle,
            "system": "pg",
            "name": self.name,
            "provenance": self.provenance,
            "note": self.note,
            "grid": {
                "scheme": "pg",
                "parity": "odd",
                "rows": "down",
                "sheets": [{"columns": [1, self.cols], "rows": [1, self.rows]}],
                "note": "odd-q, rows numbered downwards (docs/hex.md). The extent is provisional: "
                "the text gives no map size.",
            },
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": sides,
            "edges": self.edges,
            "places": self.places,
        }


# ---------------------------------------------------------------------------------------------
# Counters

ATTRIBUTES = [
    {"id": "steps", "name": "Steps at full strength", "type": "int",
     "types": ["infantry", "cavalry", "artillery"], "required": True, "rules": ["2.0", "10.8.1.1"]},
    {"id": "s4", "name": "SP-MR-MA with 4 steps", "type": "ints", "types": ["infantry", "cavalry"],
     "rules": ["2.0", "10.8.1.1"]},
    {"id": "s3", "name": "SP-MR-MA with 3 steps", "type": "ints", "types": ["infantry", "cavalry"],
     "rules": ["2.0", "10.8.1.1"]},
    {"id": "s2", "name": "SP-MR-MA with 2 steps", "type": "ints", "types": ["infantry", "cavalry"],
     "rules": ["2.0", "10.8.1.1"]},
    {"id": "s1", "name": "SP-MR-MA with 1 step", "type": "ints", "types": ["infantry", "cavalry"],
     "rules": ["2.0", "10.8.1.1"]},
    {"id": "paren_steps", "name": "Step count at and below which the SP are parenthesised", "type": "int",
     "types": ["infantry", "cavalry"], "required": True, "rules": ["7.5.5"]},
    {"id": "shock", "name": "Shock points", "type": "int", "types": ["cavalry"], "required": True,
     "rules": ["10.5.1"]},
    {"id": "fast", "name": "Fast unit", "type": "bool", "types": ["infantry", "cavalry"], "required": True,
     "rules": ["6.4", "7.5.3", "10.2"]},
    {"id": "bs", "name": "Bombardment strength at 1, 2, 3 hexes", "type": "ints", "types": ["artillery"],
     "required": True, "rules": ["8.3"]},
    {"id": "mr", "name": "Morale rating (artillery; not printed)", "type": "int", "types": ["artillery"],
     "required": True, "rules": ["9.3", "9.4"]},
    {"id": "ma", "name": "Movement allowance", "type": "int", "types": ["artillery", "leader"],
     "required": True, "rules": ["7.3"]},
    {"id": "nation", "name": "Nationality", "type": "string", "required": True, "rules": ["1.0"]},
    {"id": "wing", "name": "Wing", "type": "string", "types": ["infantry", "cavalry"], "required": True,
     "rules": ["4.2"]},
    {"id": "role", "name": "Army commander or wing leader", "type": "string", "types": ["leader"],
     "required": True, "rules": ["2.0", "4.2"]},
    {"id": "leads", "name": "The wing a wing leader leads", "type": "string", "types": ["leader"],
     "rules": ["4.2"]},
    {"id": "initiative", "name": "Initiative (0 = none)", "type": "int", "types": ["leader"], "required": True,
     "rules": ["4.1.1", "4.5", "7.6.3"]},
    {"id": "special", "name": "Special leader marking: \"\", \"I\", \"C\" or \"*\"", "type": "string",
     "types": ["leader"], "required": True, "rules": ["4.2.1"]},
    {"id": "morale_mod", "name": "Morale modifier", "type": "int", "types": ["leader"], "required": True,
     "rules": ["9.3", "9.4"]},
]


def cell(value, prov=None, note=None):
    if prov is None and note is None:
        return value
    c = {"value": value}
    if prov:
        c["provenance"] = prov
    if note:
        c["note"] = note
    return c


class Unit:
    """One counter plus its set-up."""

    def __init__(self, uid, side, utype, name, values, hex_=None, prov=None, note=None,
                 in_column=False, reinforcement=None):
        self.id = uid
        self.side = side
        self.type = utype
        self.name = name
        self.values = values
        self.hex = hex_
        self.prov = prov
        self.note = note
        self.in_column = in_column
        self.reinforcement = reinforcement  # (turn, hex)

    def raw(self, key):
        v = self.values.get(key)
        if isinstance(v, dict) and "value" in v:
            return v["value"]
        return v

    def to_json(self):
        c = {"id": self.id, "side": self.side, "type": self.type, "name": self.name, "values": self.values}
        if self.prov:
            c["provenance"] = self.prov
        if self.note:
            c["note"] = self.note
        return c


def lines_values(lines):
    """lines: {4: [8,6,3], 3: [...], ...} (possibly with cell() wrappers)."""
    out = {}
    for k in (4, 3, 2, 1):
        if k in lines:
            out["s%d" % k] = lines[k]
    return out


def counters_json(battle, name, units, provenance, note):
    return {
        "format": FORMAT,
        "kind": "counters",
        "id": "pg/%s-counters" % battle,
        "system": "pg",
        "name": name,
        "provenance": provenance,
        "note": note,
        "types": ["infantry", "cavalry", "artillery", "leader"],
        "attributes": ATTRIBUTES,
        "counters": [u.to_json() for u in units],
    }


# ---------------------------------------------------------------------------------------------
# JSON output: readable, deterministic


def dumps(obj, depth=0, inline_from=3):
    pad = "  " * depth
    pad1 = "  " * (depth + 1)

    def inline(o):
        return json.dumps(o, ensure_ascii=False, separators=(", ", ": "))

    if depth >= inline_from or not isinstance(obj, (dict, list)) or not obj:
        return inline(obj)
    small = inline(obj)
    if len(small) + len(pad) <= 160 and depth > 0:
        return small
    if isinstance(obj, dict):
        items = ["%s%s: %s" % (pad1, json.dumps(k, ensure_ascii=False), dumps(v, depth + 1, inline_from))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [pad1 + dumps(v, depth + 1, inline_from) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def write(path, obj, inline_from=3):
    text = dumps(obj, 0, inline_from) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
