#!/usr/bin/env python3
"""Generates the data of The Habit of Victory in scenarios/hov/: the map (maps/poland.json),
the French and Coalition counter sets (counters/), Battle Scenarios 1-3 (scenarios/) and the
charts (charts/), byte for byte.

Deterministic, Python 3 stdlib only. Run from anywhere:  python3 tools/hov-scenarios/gen.py
(--check compares with the files instead of writing them). What the rulebook gives carries
rulebook provenance with its § (Exclusive Rules) or ¶ (Standard Rules); everything else is
provisional and says what it stands in for (docs/hov-scenarios.md, docs/hov-charts.md)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import charts  # noqa: E402
import mapgen  # noqa: E402
import scenario_json  # noqa: E402
import oob  # noqa: E402
import scenarios  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "scenarios", "hov")
FORMAT = "grognard/1"


dumps = scenario_json.dumps


CHECK = "--check" in sys.argv
DIFFERS = []


def no_floats(obj, where):
    if isinstance(obj, float):
        raise SystemExit("float in %s" % where)
    if isinstance(obj, dict):
        for k, v in obj.items():
            no_floats(v, where)
    elif isinstance(obj, list):
        for v in obj:
            no_floats(v, where)


def write(name, obj):
    no_floats(obj, name)
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


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


def header(kind, ident, name, provenance, note=None):
    h = {"format": FORMAT, "kind": kind, "id": "hov/" + ident, "system": "hov", "name": name, "provenance": provenance}
    if note:
        h["note"] = note
    return h


def pv(value, note):
    return {"value": value, "provenance": prov(note)}


def rv(value, rules, note=None):
    return {"value": value, "provenance": rule(*rules, note=note)}


# ------------------------------------------------------------------------------ counters
LEADER, INF, CAV, ART, VED, GAR = "leader", "infantry", "cavalry", "artillery", "vedette", "garrison"
UNIT_TYPES = [INF, CAV, ART]
ATTRS = [
    # (id, type, counter types, required, rules, note)
    ("nationality", "string", None, True, ["§18"],
     "Nationality code: french, polish, guard, italian, german, saxon, bavarian, dutch (French side); russian, prussian, austrian (Coalition). From the set-up headings and the rules naming the counter."),
    ("initiative", "int", [LEADER], True, ["§17", "¶17", "¶102"],
     "Initiative Rating. Rulebook: L'Estocq 4 (§222), Napoleon 5 (§188 example). Provisional otherwise: Napoleon's marshals 4 (Bernadotte, Victor, Augereau, Mortier 3), army and wing commanders 2-4, Major Generals 2-3."),
    ("subordination", "int", [LEADER], True, ["§17", "¶28"],
     "Subordination Rating (the boxed middle number, never above 4, §17). Rulebook: L'Estocq 2. Provisional otherwise: 2, 3 for the clash-prone commanders, 4 for Napoleon and Konstantine."),
    ("span", "int", [LEADER], True, ["§17", "¶25"],
     "Command Span. Rulebook: L'Estocq 4 (§222, §223, §225, §226; CS1 §224 prints 4[2]3). Provisional otherwise: Napoleon 8, Bennigsen and Archduke Charles 6, corps commanders 4-5, Major Generals 2."),
    ("bonus", "int", [LEADER], True, ["§17", "¶34"],
     "Leadership Bonus stars (0 or 1). Major Generals have none (§21). Provisional: 1 for Napoleon, Davout, Lannes, Murat, Ney, Massena, Bagration, Blücher and Archduke Charles."),
    ("major_general", "string", [LEADER], False, ["§21", "¶68"],
     "For Major Generals only: 'infantry' or 'cavalry' (§21). Named MGs: Kohler (cavalry), Rembow and Plotz (infantry) as the set-ups print; d'Hautpoul, Friant and Stutterheim provisional. The numbered MGs (F-MG-inf-1 ...) are a provisional counter mix."),
    ("code", "string", UNIT_TYPES, False, ["§16", "§196"],
     "The designation printed on the counter, as the set-ups' Code column gives it ('III', 'IG', '4', 'Rt', 'AG'); provisional where the unit is not in a set-up."),
    ("max_strength", "int", UNIT_TYPES, True, ["¶13", "§15"],
     "Printed maximum strength in SP (units above 6 use the '+6' side, §15). Provisional, at least the largest strength of any set-up: French corps 4-9, divisions 3, cavalry divisions 2; Russian divisions 4; Prussian units 1-2."),
    ("subordination_value", "int", UNIT_TYPES, True, ["¶16", "¶25"],
     "Command Span used by the unit: an infantry division 1, an infantry corps 2 (¶25). Provisional: cavalry 1, artillery 0 (so that the printed set-ups fit their leaders' spans, e.g. Bennigsen's eight units in BS2)."),
    ("guard", "string", UNIT_TYPES, True, ["¶140", "¶167"],
     "old, young or line. Which Guard units are Old Guard is not in the text: the three Imperial Guard counters are provisionally Old Guard."),
    ("organic", "string", UNIT_TYPES, False, ["§19"],
     "For a substitute division: the id of its corps' organic unit (§19). Rulebook for Morand, Friant, Gudin (III Corps, §19)."),
    ("formation", "string", UNIT_TYPES, False, ["§198"],
     "Unitary formation (§198): counters sharing the id may never be on different tracks. Rulebook: the Imperial Guard, Russian divisions 9, 10, 17, 18, Baggovut and Borosdin; provisional: Rembow and Diericke, printed with infantry and cavalry strengths."),
    ("eponymous_leader", "string", UNIT_TYPES, False, ["§22"],
     "The leader counter of the same name, who must carry the unit while both are in play (§22)."),
    ("kind", "string", [VED], True, ["§66", "§68"], "cavalry (MA 7) or infantry (MA 4; the three Prussian infantry vedettes, §66)."),
    ("cossack", "bool", [VED], True, ["§80"], "Cossack vedette (red type symbol, §80)."),
    ("freikorps", "bool", [VED], True, ["§80"], "Freikorps (FK) vedette (§80)."),
    ("town", "string", [GAR], True, ["§23", "§51", "§207"], "The town named on the garrison marker; 'generic' for the unnamed markers (§51)."),
    ("strength", "int", [GAR], True, ["§24"], "Printed garrison strength. Rulebook: Graudenz 1 (§50). Provisional otherwise."),
]


def attributes():
    out = []
    for aid, ty, types, req, rules, note in ATTRS:
        a = {"id": aid, "type": ty}
        if types:
            a["types"] = types
        if req:
            a["required"] = True
        a["rules"] = rules
        a["note"] = note
        out.append(a)
    return out


P_LEAD = "Printed rating not in the text (attribute note)."
P_UNIT = "Printed value not in the text (attribute note)."
MG_RULEBOOK = {"P-kohler": ["§226"], "P-rembow": ["§226"], "P-plotz": ["§224"]}


def leader_counter(t):
    lid, name, side, nat, ini, sub, span, bonus, mg, rules, note = t
    v = {"nationality": nat}
    if lid == "P-lestocq":
        r = ["§222", "§223", "§225", "§226"]
        cn = "Printed 4[2]4 in BS2, BS3, CS2 and CS3; CS1 (§224) prints 4[2]3. Four printings against one: span 4 is used."
        v["initiative"] = rv(4, r)
        v["subordination"] = rv(2, r)
        v["span"] = rv(4, r, cn)
    else:
        v["initiative"] = rv(5, ["§188"], "Napoleon (Initiative 5) in the §188 example.") if lid == "F-napoleon" else pv(ini, P_LEAD)
        v["subordination"] = pv(sub, P_LEAD)
        v["span"] = pv(span, P_LEAD)
    v["bonus"] = pv(bonus, P_LEAD)
    if mg:
        v["major_general"] = rv(mg, MG_RULEBOOK[lid]) if lid in MG_RULEBOOK else pv(mg, "The text shows him as a Major General with an eponymous unit; the type follows the unit.")
    c = {"id": lid, "side": side, "type": LEADER, "name": name, "values": v,
         "provenance": rule(*rules) if rules else prov(note)}
    if rules and note:
        c["note"] = note
    return c


def mg_counters():
    out = []
    for prefix, side, nat, ty, n in oob.MGS:
        first = 2 if prefix == "P-MG-inf-" else 1
        for i in range(first, first + n):
            out.append({"id": "%s%d" % (prefix, i), "side": side, "type": LEADER,
                        "name": "Major General %s #%d" % ("Infantry" if ty == "infantry" else "Cavalry", i),
                        "values": {"nationality": nat, "initiative": 2, "subordination": 2, "span": 2, "bonus": 0, "major_general": ty},
                        "provenance": prov("Unnamed Major Generals exist (§21, §196, §201; 'MG Inf' in §222, 'MG #1 Inf' in §224) but their number and ratings are not in the text: a provisional counter mix, Initiative 2, Subordination 2, Span 2, no bonus." +
                                           (" The Prussian infantry MGs start at #2: #1 is Plotz (§224)." if prefix == "P-MG-inf-" else ""))})
    return out


def unit_counter(t):
    uid, name, side, ty, nat, code, mx, guard, organic, formation, epon, rules, note = t
    v = {"nationality": nat}
    if code:
        v["code"] = code if rules else pv(code, P_UNIT)
    v["max_strength"] = pv(mx, P_UNIT)
    if ty == INF and (uid.count("-") == 1 and uid.startswith("F-") and uid[2:] in ("I", "III", "IV", "V", "VI", "VII", "VIII")):
        v["subordination_value"] = rv(2, ["¶25"], "An infantry corps.")
    elif ty == INF:
        v["subordination_value"] = rv(1, ["¶25"], "An infantry division (brigades and advanced guards counted alike, provisionally).")
    else:
        v["subordination_value"] = pv(1 if ty == CAV else 0, P_UNIT)
    v["guard"] = pv(guard, "Which Guard units are Old Guard is not in the text.") if guard != "line" else guard
    if organic:
        v["organic"] = rv(organic, ["§19"]) if organic == "F-III" else pv(organic, "The corps' substitute divisions are not in the text.")
    if formation:
        v["formation"] = rv(formation, ["§198"]) if formation in ("F-IG", "R-div-9", "R-div-10", "R-div-17", "R-div-18", "R-ag-baggovut", "R-ag-borosdin") else pv(formation, "Printed with infantry and cavalry strengths in the set-ups (§223, §226), read as a two-counter formation like those of §198.")
    if epon:
        known = {("F-III", "F-davout"): ["§19", "§22"], ("P-inf-plotz", "P-plotz"): ["§197"], ("F-III-friant", "F-friant"): ["§19"]}
        v["eponymous_leader"] = rv(epon, known[(uid, epon)]) if (uid, epon) in known else pv(epon, "The leader and the unit share a name (§22).")
    c = {"id": uid, "side": side, "type": ty, "name": name, "values": v,
         "provenance": rule(*rules) if rules else prov("A unit the text does not name, made here to complete the cut-off set-ups (docs/hov-scenarios.md).")}
    if note:
        c["note"] = note
    return c


def vedette_counter(t):
    vid, name, side, nat, kind, cossack, fk, rules, note = t
    v = {"nationality": nat, "kind": kind, "cossack": cossack, "freikorps": fk}
    c = {"id": vid, "side": side, "type": VED, "name": name, "values": v,
         "provenance": rule(*rules) if rules else prov("A vedette the text does not name, made here so that the Battle Scenarios' vedette deployments and pools make sense.")}
    if note:
        c["note"] = note
    return c


def garrison_counter(t):
    gid, town, place, side, nat, strength, rules, note = t
    v = {"nationality": nat, "town": place or "generic",
         "strength": rv(strength, ["§50"], "Derived from the §50 example.") if gid == "P-gar-graudenz" else pv(strength, P_UNIT)}
    c = {"id": gid, "side": side, "type": GAR, "name": "Garrison: " + town, "values": v,
         "provenance": rule(*rules) if rules else prov("Garrisons are named for their towns (§51, §207) but no list is in the text: a provisional marker for a fortified place or capital.")}
    if note:
        c["note"] = note
    return c


def counters_file(side):
    if side == "french":
        ident, name = "french", "The Habit of Victory: the French army"
        note = ("Every French leader and unit of the Battle and Campaign Scenario set-ups (§221-§226) and of the rules that name "
                "counters (§19, §50, §115, §181, §118), the corps, divisions and cavalry that complete the cut-off French lists "
                "(provisional), unnamed Major Generals, vedettes and garrisons.")
    else:
        ident, name = "coalition", "The Habit of Victory: the Coalition armies"
        note = ("Every Russian and Prussian leader, unit and vedette of the set-ups (§221-§226) and of the rules (§66, §80, §112, "
                "§115, §183, §198), Archduke Charles' Austrians (composition provisional), unnamed Major Generals, provisional "
                "vedettes, garrisons and the units that complete the set-ups.")
    cs = [leader_counter(t) for t in oob.LEADERS if t[2] == side]
    cs += [c for c in mg_counters() if c["side"] == side]
    cs += [unit_counter(t) for t in oob.UNITS if t[2] == side]
    cs += [vedette_counter(t) for t in oob.VEDETTES if t[2] == side]
    cs += [garrison_counter(t) for t in oob.GARRISONS if t[3] == side]
    f = header("counters", ident, name, rule("§15", "§16", "§17", "§18", "§19", "§21", "§22", "§196", "§198",
                                             note="Counters as the scenario set-ups and rules name them; the counter sheet is not in the text, so printed ratings and strengths are provisional item by item (attribute notes, docs/hov-scenarios.md)."), note)
    f["types"] = [LEADER, INF, CAV, ART, VED, GAR]
    f["attributes"] = attributes()
    f["counters"] = cs
    return f


def val(v):
    return v["value"] if isinstance(v, dict) else v


def check_scenario(sid, sc, sets):
    """Strengths within the printed maximum, units on leaders present in the same hex, and
    every leader's span covering his track and his subordinates (¶25, ¶28)."""
    cs = {c["id"]: c for f in sets.values() for c in f["counters"]}
    entries = sc["setup"] + sc["reinforcements"]
    where = {e["unit"]: (e["hex"], e.get("turn", 0)) for e in entries}
    used = {}
    for e in entries:
        c = cs[e["unit"]]
        f = e.get("fields", {})
        if "leader" in f:
            assert cs[f["leader"]]["type"] == "leader" and where[f["leader"]] == where[e["unit"]], (sid, e)
            assert f["strength"] <= val(c["values"]["max_strength"]), (sid, e)
            used[f["leader"]] = used.get(f["leader"], 0) + val(c["values"]["subordination_value"])
        if "subordinate_to" in f:
            assert where[f["subordinate_to"]] == where[e["unit"]], (sid, e)
            used[f["subordinate_to"]] = used.get(f["subordinate_to"], 0) + val(c["values"]["subordination"])
    for lid, n in used.items():
        assert n <= val(cs[lid]["values"]["span"]), (sid, lid, n)
    v = sc["rules"]["vedettes"]
    for side in v:
        for x in v[side]["placed_with"]:
            assert cs[x["vedette"]]["type"] == "vedette" and x["leader"] in where, (sid, x)
        for x in v[side]["pool"]:
            assert cs[x]["type"] == "vedette", (sid, x)


def main():
    m = mapgen.build(header("map", "poland", "Poland and East Prussia, 1806-07", prov(
        "The game map is not in the text. The hex ids the rules name and their terrain (3244 clear and 3446 woods, §13; the "
        "capitals of §179; the citadels of §43; every place of the scenario information) carry rulebook provenance; the "
        "coastline, rivers, lakes, roads, bridges, other towns, terrain regions, supply sources beyond the named ones, depots "
        "and their classes, the towpath's course, Galicia and the Language Boundary are laid out here from general knowledge "
        "of Poland and East Prussia in 1807, placed around the named hexes."),
        "Unlisted hexes are clear. Roads, rivers, lakes, bridges (every road across a river, §155), the towpath and the "
        "Galician frontier are hexside features. Towns that are capitals, citadels or fortified towns carry that terrain id; "
        "the three capitals with citadels (Danzig, Königsberg, Warsaw) carry both."))
    write("maps/poland.json", m)
    write("counters/french.json", counters_file("french"))
    write("counters/coalition.json", counters_file("coalition"))
    for cid, c in charts.build_all(header).items():
        write("charts/%s.json" % cid, c)
    sets = {"french": counters_file("french"), "coalition": counters_file("coalition")}
    for sid, sc in scenarios.build_all(m).items():
        check_scenario(sid, sc, sets)
        write("scenarios/%s.json" % sid, sc)
    if CHECK:
        if DIFFERS:
            print("differs from the generator: " + ", ".join(DIFFERS))
            sys.exit(1)
        print("scenarios/hov: every file matches the generator")


if __name__ == "__main__":
    main()
