"""Hex geometry of the Fontenoy maps as hex::Grid::fontenoy() lays them out (docs/hex.md):
sheets N (rows 01-33) and S (rows 01-34) in one odd-q grid, rows growing southward, N row 33
directly north of S row 01, shared column numbers. Global column X = printed column; global
row Y = row on N, row + 33 on S."""

N_ROWS = 33
S_ROWS = 34
COLS = 70

# Axial directions in hex::Direction order 0..5: SE, NE, N, NW, SW, S.
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
DIR_NAMES = ["se", "ne", "n", "nw", "sw", "s"]


def xy(h):
    """'S4405' -> (44, 38)."""
    sheet, col, row = h[0], int(h[1:3]), int(h[3:5])
    return (col, row if sheet == "N" else row + N_ROWS)


def hid(x, y):
    if y <= N_ROWS:
        return "N%02d%02d" % (x, y)
    return "S%02d%02d" % (x, y - N_ROWS)


def on_map(x, y):
    return 1 <= x <= COLS and 1 <= y <= N_ROWS + S_ROWS


def axial(x, y):
    return (x, y - x // 2)


def from_axial(q, r):
    return (q, r + q // 2)


def neighbours(x, y):
    q, r = axial(x, y)
    out = []
    for dq, dr in DIRS:
        nx, ny = from_axial(q + dq, r + dr)
        if on_map(nx, ny):
            out.append((nx, ny))
    return out


def neighbour(x, y, d):
    q, r = axial(x, y)
    dq, dr = DIRS[DIR_NAMES.index(d)]
    return from_axial(q + dq, r + dr)


def dist(a, b):
    (q1, r1), (q2, r2) = axial(*a), axial(*b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def hdist(a, b):
    return dist(xy(a), xy(b))


def adjacent(a, b):
    return dist(a, b) == 1


def _round_cube(fq, fr):
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def line(a, b):
    """The hexes of the straight line from a to b (cube interpolation, nudged so that ties
    break the same way every time), both ends included; consecutive hexes are adjacent."""
    (q1, r1), (q2, r2) = axial(*a), axial(*b)
    n = dist(a, b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        fq = q1 + (q2 - q1) * t + 1e-6
        fr = r1 + (r2 - r1) * t + 2e-6
        q, r = _round_cube(fq, fr)
        h = from_axial(q, r)
        if not out or out[-1] != h:
            out.append(h)
    return out


def path(points):
    """A chain of hexes through the given (x, y) waypoints."""
    out = []
    for a, b in zip(points, points[1:]):
        seg = line(a, b)
        if out and out[-1] == seg[0]:
            seg = seg[1:]
        out.extend(seg)
    for u, v in zip(out, out[1:]):
        assert adjacent(u, v), (u, v)
    return out


def all_hexes():
    return [(x, y) for x in range(1, COLS + 1) for y in range(1, N_ROWS + S_ROWS + 1)]
