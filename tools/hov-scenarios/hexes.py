"""Hex geometry of the hov map as hex::Grid::hov() lays it out (docs/hex.md): one sheet, ids
CCRR (column west to east, row north to south), columns 01-39, rows 01-54, flat-topped hexes in
vertical columns, even columns half a hex south of the odd ones (even-q) and one row short
(they end at row 53)."""

COLS, ROWS = 39, 54

# Axial directions in hex::Direction order 0..5: SE, NE, N, NW, SW, S.
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
DIR_NAMES = ["se", "ne", "n", "nw", "sw", "s"]


def xy(h):
    return (int(h[:2]), int(h[2:]))


def hid(x, y):
    return "%02d%02d" % (x, y)


def on_map(x, y):
    if not (1 <= x <= COLS and 1 <= y <= ROWS):
        return False
    return not (x % 2 == 0 and y == ROWS)


def valid(h):
    return len(h) == 4 and h.isdigit() and on_map(*xy(h))


def axial(x, y):
    return (x, y - (x + 1) // 2)


def from_axial(q, r):
    return (q, r + (q + 1) // 2)


def neighbours(x, y):
    q, r = axial(x, y)
    out = []
    for dq, dr in DIRS:
        nx, ny = from_axial(q + dq, r + dr)
        if on_map(nx, ny):
            out.append((nx, ny))
    return out


def nbrs(h):
    return [hid(*p) for p in neighbours(*xy(h))]


def adjacent(a, b):
    return b in nbrs(a)


def dist(a, b):
    (q1, r1), (q2, r2) = axial(*xy(a)), axial(*xy(b))
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def line(a, b):
    """Hexes from a to b along the straight line (cube interpolation, nudged so that ties break
    the same way every time)."""
    (q1, r1), (q2, r2) = axial(*xy(a)), axial(*xy(b))
    n = dist(a, b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q = q1 + (q2 - q1) * t + 1e-6
        r = r1 + (r2 - r1) * t + 2e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        h = hid(*from_axial(rq, rr))
        if not out or out[-1] != h:
            out.append(h)
    return out


# ---- vertices (for rivers drawn along hexsides). Integer plane: x in half hex-widths
# (centre x = 3 * col), y in half hex-heights (centre y = 2 * row + 1 for even columns).

CORNERS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]


def centre(h):
    x, y = xy(h)
    return (3 * x, 2 * y + (1 if x % 2 == 0 else 0))


def corners(h):
    cx, cy = centre(h)
    return [(cx + dx, cy + dy) for dx, dy in CORNERS]


def edges_of(h):
    cs = corners(h)
    return [frozenset((cs[i], cs[(i + 1) % 6])) for i in range(6)]


def all_hexes():
    return [hid(x, y) for x in range(1, COLS + 1) for y in range(1, ROWS + 1) if on_map(x, y)]
