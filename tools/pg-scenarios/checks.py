"""Consistency checks run by the generator before it writes anything."""

from pgdata import adjacent, parse


def los_clear(m, seq, units=()):
    """LOS along one chosen sequence of hexes (source, intervening..., target), each adjacent to the
    next, under rules 8.2-8.2.2 as read in docs/pg-scenarios.md:

    * woods/town in an intervening hex block;
    * slopes crossed between consecutive hexes are read in order; a slope down followed (next
      slope) by a slope up marks low ground between them and both are ignored (8.2.1.1); what
      remains must all run the same way, be crossed on successive hexsides, and start at the
      high end's own hexside (8.2.1, 8.2.1.1 long slope, 8.2.1.2);
    * a unit in an intervening hex blocks unless it is on low ground, or it is the hex next to a
      high end across that end's own slope (8.2.2).
    """
    seq = [parse(h) if isinstance(h, str) else h for h in seq]
    units = {parse(u) if isinstance(u, str) else u for u in units}
    for a, b in zip(seq, seq[1:]):
        assert adjacent(a, b), (a, b)
    n = len(seq) - 1  # crossings 0..n-1
    slopes = []
    for i in range(n):
        la, lb = m.level(seq[i]), m.level(seq[i + 1])
        if la != lb:
            slopes.append((i, "up" if lb > la else "down"))
    low = set()
    changed = True
    while changed:
        changed = False
        for k in range(len(slopes) - 1):
            (i, d1), (j, d2) = slopes[k], slopes[k + 1]
            if d1 == "down" and d2 == "up":
                for x in range(i + 1, j + 1):
                    low.add(x)
                del slopes[k:k + 2]
                changed = True
                break
    if slopes:
        dirs = {d for _, d in slopes}
        if len(dirs) != 1:
            return False
        idx = [i for i, _ in slopes]
        if idx != list(range(idx[0], idx[0] + len(idx))):
            return False
        if "down" in dirs and idx[0] != 0:
            return False
        if "up" in dirs and idx[-1] != n - 1:
            return False
    for x in range(1, n):
        h = seq[x]
        if m.terrain_of(h) in ("woods", "town"):
            return False
        if h in units:
            if x in low:
                continue
            if x == 1 and slopes and slopes[0] == (0, "down"):
                continue
            if x == n - 1 and slopes and slopes[-1] == (n - 1, "up"):
                continue
            return False
    return True


def los(m, a, b, choices, units=()):
    """choices: the alternative intervening sequences (hexside ties give several)."""
    return any(los_clear(m, [a] + list(c) + [b], units) for c in choices)


def check_setup(battle, m, units, wings, rules):
    errors = []
    by_id = {u.id: u for u in units}
    placed = [u for u in units if u.hex]
    for u in units:
        for h in ([u.hex] if u.hex else []) + ([u.reinforcement[1]] if u.reinforcement else []):
            c, r = parse(h)
            if not m.on_map(c, r):
                errors.append("%s off map at %s" % (u.id, h))
            if m.terrain_of(h) == "marsh":
                errors.append("%s set up in marsh %s" % (u.id, h))
    # stacking (5.1, 5.2)
    stacks = {}
    for u in placed:
        stacks.setdefault(u.hex, []).append(u)
    for h, us in stacks.items():
        ic = any(u.in_column for u in us if u.type != "leader")
        ic_art = sum(u.raw("steps") for u in us if u.type == "artillery")
        infcav = sum(u.raw("steps") for u in us if u.type in ("infantry", "cavalry"))
        limit = 4 if ic else 12
        if infcav > limit or (infcav and ic_art > 8) or ic_art > 12:
            errors.append("stacking %s: %d inf/cav, %d art" % (h, infcav, ic_art))
    # wings
    wing_ids = {w["id"]: w for w in wings}
    leaders = {}
    for u in units:
        if u.type in ("infantry", "cavalry"):
            w = u.raw("wing")
            if w not in wing_ids:
                errors.append("%s: unknown wing %s" % (u.id, w))
            elif wing_ids[w]["side"] != u.side:
                errors.append("%s: wing %s of the other side" % (u.id, w))
        if u.type == "leader" and u.raw("role") == "wing_leader":
            w = u.raw("leads")
            if w in leaders:
                errors.append("wing %s has two leaders" % w)
            leaders[w] = u
    for w in wing_ids:
        if w not in leaders:
            errors.append("wing %s has no leader" % w)
        if not any(u.type in ("infantry", "cavalry") and u.raw("wing") == w for u in units):
            errors.append("wing %s has no units" % w)
    for side in ("prussian", "coalition"):
        acs = [u for u in placed if u.side == side and u.type == "leader" and u.raw("role") == "army_commander"]
        if len(acs) != 1:
            errors.append("%s: %d army commanders on the map" % (side, len(acs)))
    for g in rules.get("groups", []) + rules.get("detachments", []):
        for w in g["wings"]:
            if w not in wing_ids or wing_ids[w]["side"] != g["side"]:
                errors.append("group %s: bad wing %s" % (g["id"], w))
    # every printed step line present from steps down to 1
    for u in units:
        if u.type in ("infantry", "cavalry"):
            s = u.raw("steps")
            for k in range(1, 5):
                if (("s%d" % k) in u.values) != (k <= s):
                    errors.append("%s: step lines do not match steps %d" % (u.id, s))
    if errors:
        raise SystemExit("%s:\n  " % battle + "\n  ".join(errors))
    return by_id
