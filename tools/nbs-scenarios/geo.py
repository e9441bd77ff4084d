"""Hex geometry of the provisional Austerlitz grid (docs/nbs-scenarios.md), mirroring the
`hex` module of grognard: nbs ids `[A|B]xx.yy`, rows counted upward (NBS 1.1a), odd-q,
map A directly north of map B with shared columns (provisional)."""

import re

SHEETS = {
    # sheet: (first_col, last_col, first_row, last_row, col_offset, row_offset)
    "A": (1, 63, 1, 35, 0, -35),
    "B": (1, 63, 1, 35, 0, 0),
}

ID_RE = re.compile(r"^([AB])(\d\d)\.(\d\d)$")


def parse(hid):
    m = ID_RE.match(hid)
    if not m:
        raise ValueError("bad hex id %r" % hid)
    return m.group(1), int(m.group(2)), int(m.group(3))


def hid(sheet, col, row):
    return "%s%02d.%02d" % (sheet, col, row)


def on_map(sheet, col, row):
    c0, c1, r0, r1, _, _ = SHEETS[sheet]
    return c0 <= col <= c1 and r0 <= row <= r1


def to_axial(h):
    sheet, col, row = parse(h)
    if not on_map(sheet, col, row):
        raise ValueError("hex %s off the map" % h)
    _, _, _, _, co, ro = SHEETS[sheet]
    x = col + co
    y = ro - row  # rows run up: global Y grows southward
    return (x, y - (x // 2))  # odd-q: r = Y - floor(X/2)


def from_axial(q, r):
    x = q
    y = r + (x // 2)
    for sheet, (c0, c1, r0, r1, co, ro) in SHEETS.items():
        col = x - co
        row = ro - y
        if c0 <= col <= c1 and r0 <= row <= r1:
            return hid(sheet, col, row)
    return None


def dist(a, b):
    (q1, r1), (q2, r2) = to_axial(a), to_axial(b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # SE NE N NW SW S


def neighbors(h):
    q, r = to_axial(h)
    out = []
    for dq, dr in DIRS:
        n = from_axial(q + dq, r + dr)
        if n:
            out.append(n)
    return out


def within(center, radius):
    """Every map hex at or within `radius` of `center`, nearest first, then by id."""
    q0, r0 = to_axial(center)
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            h = from_axial(q0 + dq, r0 + dr)
            if h:
                out.append(h)
    return sorted(out, key=lambda h: (dist(center, h), h))


def line(a, b):
    """Hexes of a straight line from a to b (cube lerp, ties broken toward a small nudge)."""
    (q1, r1), (q2, r2) = to_axial(a), to_axial(b)
    n = max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))
    out = []
    for i in range(n + 1):
        # exact rational interpolation with a tiny nudge, then cube rounding
        fq = q1 + (q2 - q1) * i / n if n else q1
        fr = r1 + (r2 - r1) * i / n if n else r1
        fq += 1e-6
        fr += 2e-6
        fs = -fq - fr
        rq, rr, rs = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(rq - fq), abs(rr - fr), abs(rs - fs)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        h = from_axial(rq, rr)
        if h and (not out or out[-1] != h):
            out.append(h)
    return out


def path(points):
    out = []
    for a, b in zip(points, points[1:]):
        seg = line(a, b)
        if out and seg and seg[0] == out[-1]:
            seg = seg[1:]
        out.extend(seg)
    for x, y in zip(out, out[1:]):
        assert dist(x, y) == 1, (x, y)
    return out


# --- Provisional hex levels (19.1) -----------------------------------------------------------
# The printed map's colour-coded levels (30 feet each, 4.0) are not in the text. A smooth
# function of position stands in for them, in exact fractions so that the files are the same on
# every machine: a gentle rise west of the Goldbach toward the French rear, the Goldbach valley
# and the ponds low, ground rising east of the stream to the Pratzen Heights, and domes for the
# named heights (Stare Vinohrady the top of the Pratzen, Santon Hill, Zuran hill).

from fractions import Fraction as F  # noqa: E402

GOLDBACH_X = F(41, 2)       # the stream runs along the east side of column 20
RICKA_X = F(53, 2)          # ... and the Ricka along the east side of column A26
# (centre hex, amplitude, radius in hexes): a dome amp * (1 - (d / radius)^2) out to the radius
DOMES = [
    ("A40.07", F(4), 15),        # Pratzen Heights
    ("A40.14", F(2), 2),         # Stare Vinohrady, the top of the Pratzen
    ("A34.32", F(4), F(5, 2)),   # Santon Hill
    ("A28.29", F(4), 4),         # Zuran hill (Napoleon's command post)
]
LOW = {"B26.06", "B27.06", "B26.07", "B27.07", "B28.07"}  # Satchan Pond: level 1


def north(h):
    sheet, _, row = parse(h)
    return row + (35 if sheet == "A" else 0)


def level(h):
    """The provisional level of hex h, 1-10."""
    if h in LOW:
        return 1
    _, x, _ = parse(h)
    n = north(h)
    if x <= 20:
        z = 2 + F(3, 20) * (20 - x)              # west of the Goldbach: up to about 5 at the west edge
    else:
        z = 2 + F(1, 8) * min(x - 20, 30)        # east of it: up to about 5.75 toward Austerlitz
    dx = abs(x - GOLDBACH_X)
    z -= F(3, 2) * max(F(0), 1 - (dx / 4) ** 2)  # the Goldbach valley
    if n >= 50:
        dr = abs(x - RICKA_X)
        z -= max(F(0), 1 - (dr / F(3, 2)) ** 2)  # the Ricka valley, map A north of row 15
    if n < 20:
        z -= F(20 - n, 10)                       # the low ground toward the ponds in the south
    for c, amp, rad in DOMES:
        d = dist(h, c)
        if d < rad:
            z += amp * (1 - (F(d) / rad) ** 2)
    lv = int((z + F(1, 2)) // 1)                 # round half up
    return max(1, min(10, lv))
