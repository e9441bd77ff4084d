#!/usr/bin/env python3
"""Generates the Fontenoy scenario data in scenarios/fontenoy/: the map of the N and S sheets
(maps/fontenoy.json), the French and Allied counter sets (counters/) and scenarios 1-4
(scenarios/), byte for byte.

Deterministic, Python 3 stdlib only. Run from anywhere:  python3 tools/fontenoy-scenarios/gen.py
(--check compares with the files instead of writing them). What the rulebook gives carries
rulebook provenance with its rule; everything else is provisional and says so
(docs/fontenoy-scenarios.md)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import mapgen  # noqa: E402
import scenario_json  # noqa: E402
import oob  # noqa: E402
import scenarios  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "scenarios", "fontenoy")
FORMAT = "grognard/1"


dumps = scenario_json.dumps


CHECK = "--check" in sys.argv
DIFFERS = []


def write(name, obj):
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
    h = {"format": FORMAT, "kind": kind, "id": "fontenoy/" + ident, "system": "fontenoy",
         "name": name, "provenance": provenance}
    if note:
        h["note"] = note
    return h


# ------------------------------------------------------------------------------ counters

P_RATING = "By arm, class and nationality (attribute note)."
P_CMD = "By role and nationality (attribute note)."


def pv(value, note):
    return {"value": value, "provenance": prov(note)}


def rv(value, rules, note=None):
    return {"value": value, "provenance": rule(*rules, note=note)}


ATTR_NOTES = {
    "sp": "Printed Strength Points. Not in the text: provisional values by arm and class (100 men or 50 riders a point, 2 guns a point): French line battalions 6, guards 7, Irish 5, militia 5, dismounted dragoons 8, Grassin arquebusiers 3; English foot 7, foot guards 8; Hanoverian 7; Dutch 6; Austrian compagnies franches 2; cavalry units 5 (Maison du Roy and Gendarmerie 4, the King's guard GDC L 3, Carabiniers 6); 4-pounders 1, 8-, 12-, 16-pounders 2, Dutch and Hanoverian 3-pounders and Dutch howitzers 1, 6-pounders 2. Rulebook: the English howitzer counter has 3 SP (7.5a). Redoubt garrisons fit 3.5a (at most 8 or 12 infantry SP and 2 artillery SP).",
    "mp": "Printed Movement Points. Provisional: infantry 4 and cavalry 7 (the series examples, 11.4a), artillery limbered 3 for 3- and 4-pounders, 2 for heavier guns and howitzers, commanders 10. Rulebook: English artillery 2 (7.4); Louis XV 6 when sent off after capture (6.9c).",
    "er": "Efficiency Rating, two digits, lower is better (a check passes on d100 >= ER). Provisional, within the 23-33 of the rules' examples: Maison du Roy and the King's guard 23, Gendarmerie and English foot guards 24, French guards, Irish and Carabiniers 25, English foot 26, French cavalry and Grassins 27, Hanoverians and Austrian cavalry 27, French line, dismounted dragoons, Austrian skirmishers and French and English artillery 28, Dutch cavalry and Hanoverian artillery 29, Dutch foot and artillery 30, French militia 32. Three bridgehead units at 28 or lower (3.9b) hold at start.",
    "cr": "Combat Rating. Provisional, as the rules' examples (+2 to +4): guards, Maison du Roy and Gendarmerie +4; Irish, English foot and cavalry +3; French line, militia, dismounted dragoons, skirmishers, Hanoverian and Dutch foot +2; artillery 0.",
    "class": "Infantry: line, guards, militia, grenadiers, dismounted_dragoons, skirmishers; cavalry: cavalry or light_cavalry (hussars, light dragoons, uhlans) (3.1a, 4.1). Rulebook where the text names the type (the Gardes, the Milice, the Dragons Demontes, the Maison du Roy, the Carabiniers and dragoons of 6.5a, the King's guard 6.9e, the compagnies franches BOU, Hanoverian musketeers 4.1d, Dutch cavalry 4.1b which has no light cavalry); otherwise a provisional reading with its note.",
    "tag": "French fleur-de-lis colour (3.2a): french, irish, scots, swiss, german, corsican, croat. Only the Irish Brigade's battalions are identified by the text; elsewhere the colour is missing.",
    "regiment": "Regimental designation for Regimental Integrity (6.2): the code without the battalion number or squadron letter (10.0c).",
    "skirmish": "none, capable or skirmished (series 8.1g). Skirmished: the French skirmishers (3.1a, 3.1d; the Grassin foot arquebusiers) and the Austrian compagnies franches (4.1a). capable: the dismounted Grassins (provisional). none: every other unit (provisional: the counters' skirmish marks are not in the text).",
    "charge_range": "Cavalry Charge Range in hexes: French cavalry 3, French light cavalry 2 (3.1c); Austrian 2; Dutch, English, Hanoverian 1 (4.1e). Follows the unit's class.",
    "caliber": "Pounds, 4S for the 4-pounders a la suedoise (3.7), howitzer (10.0c codes: '4 LB S #1', '8 LB #1', 'Howitzers').",
    "by_hand": "Move-by-hand mark (2.11): none for French 8-, 12-, 16-pounders; P for Allied 6- and 4-pounders; FP for Allied 3-pounders and howitzers; FP2 for the French 4 LB S (3.7a). The French plain 4-pounders are not covered by 2.11: P is provisional.",
    "optional": "Asterisked or optional unit (1.6a; optional rules 6.3a, 6.3d).",
    "rank": "Rank as printed (King, Marshal, LG, MDC, B, Col, ADC; Captain General, FM, GL, GM, LG, MG, BG, General, LK, Prince; replacement for the 2.5a counters).",
    "abbr": "Abbreviation printed in brackets in the set-ups (10.0c).",
    "command_distance": "Command Distance. Rulebook: Louis XV 5 (6.9a), Cumberland 6 and 3 (4.2a). Provisional: army commanders 8, wing and army-level special commanders 6, division and special commanders 4, replacements 3 (their wing value in wing_command_distance).",
    "wing_command_distance": "The larger of a replacement counter's two Command Distances, used when it replaces a Wing Commander (2.5a). Provisional: 5.",
    "initiative": "Initiative Rating (0-9; a d10 at or under it passes, 7.4a). Provisional: army commanders and Lowendahl 7 (6 on the Infernal Column counter), wing commanders and the special commanders Richelieu, du Brocard, van Yssel 6, division commanders and the successors Noailles, Konigsegg, Waldeck 5, Ingoldsby 3, replacements 4; Dutch and Austrian commanders one less (the rules give the Dutch their own command lethargy and confusion results, 8.2b, 8.2e); Louis XV 0 (he commands nothing, 3.3a).",
    "cc_bonus": "Close Combat bonus added to one group's CR (series 13.11). Provisional: 1; army commanders, Lowendahl and the wing commanders who succeed to army command 2; artillery commanders and replacements 0. Rulebook: Louis XV +1 to units near him (6.9a).",
    "er_bonus": "ER bonus in Disorder and Morale Checks (negative helps, series 21.3). Provisional: -5, replacements 0. Rulebook: Louis XV -5 to units near him (6.9a).",
    "loss_points": "Army morale loss when killed (2.5b; the Loss Charts are not in the text). Provisional: army commanders 10, army-level special commanders 6, wing commanders 5, division and special commanders 3, de Grassin 2, replacements 1. Rulebook: Louis XV 50 killed or captured (6.9c).",
    "command_rating": "Army Commander's Command Rating: de Saxe +5 (3.3b); as successors Noailles +3, Lutteaux +4 (3.3b), Konigsegg +2, Waldeck +3, Ligonier +4 (4.2a); Cumberland +4 (derived from 7.1b), +2 on the Infernal Column counter (7.1b).",
    "wan": "Wing Activation Number: de Saxe 5; as successors Noailles 6, Lutteaux 7 (3.3b); Cumberland 6 (4.2a); Konigsegg 7, Waldeck 8, Ligonier 8 (4.2a); 9 while the Infernal Column exists (7.1b).",
    "nationality": "french, english, hanoverian, dutch or austrian (3.1, 4.1), from the set-up headings and the rules that name the unit.",
    "no_road_column": "The two English 6-pounder units may not use Road Column unless optional rule 7.4 is used (4.1e I).",
}
ATTR_RULES = {
    "sp": ["1.6a"], "mp": ["11.0"], "er": ["18.1a", "19.1a"], "cr": ["13.11"], "class": ["3.1a", "4.1"],
    "tag": ["3.2a"], "regiment": ["6.2", "10.0c"], "skirmish": ["8.1g", "3.1d"], "charge_range": ["3.1c", "4.1e"],
    "caliber": ["3.1a", "4.1"], "by_hand": ["2.11", "3.7a"], "optional": ["1.6a"], "rank": ["10.0c"],
    "abbr": ["1.5b", "10.0c"], "command_distance": ["7.1"], "wing_command_distance": ["2.5a"],
    "initiative": ["7.4a"], "cc_bonus": ["13.11", "21.2b"], "er_bonus": ["21.3"], "loss_points": ["2.5b"],
    "command_rating": ["6.1", "3.3b", "4.2a"], "wan": ["6.5", "3.3b", "4.2a"], "nationality": ["3.1", "4.1"],
    "no_road_column": ["4.1e"],
}
UNIT = ["infantry", "cavalry"]
COMBAT = ["infantry", "cavalry", "artillery"]


def attributes(side):
    spec = [
        ("nationality", "string", None, True),
        ("tag", "string", UNIT, False),
        ("class", "string", UNIT, True),
        ("regiment", "string", UNIT, True),
        ("sp", "int", COMBAT, True),
        ("mp", "int", COMBAT + ["commander"], True),
        ("er", "int", COMBAT, True),
        ("cr", "int", COMBAT, True),
        ("skirmish", "string", UNIT, True),
        ("charge_range", "int", ["cavalry"], True),
        ("caliber", "string", ["artillery"], True),
        ("by_hand", "string", ["artillery"], True),
        ("optional", "bool", None, False),
        ("rank", "string", ["commander"], True),
        ("abbr", "string", ["commander"], False),
        ("command_distance", "int", ["commander"], True),
        ("wing_command_distance", "int", ["commander"], False),
        ("initiative", "int", ["commander"], True),
        ("cc_bonus", "int", ["commander"], True),
        ("er_bonus", "int", ["commander"], True),
        ("loss_points", "int", ["commander"], True),
        ("command_rating", "int", ["commander"], False),
        ("wan", "int", ["commander"], False),
    ]
    if side == "allied":
        spec.append(("no_road_column", "bool", ["artillery"], False))
        spec = [s for s in spec if s[0] != "tag"]
    out = []
    for aid, ty, types, req in spec:
        a = {"id": aid, "type": ty}
        if types:
            a["types"] = types
        if req:
            a["required"] = True
        a["rules"] = ATTR_RULES[aid]
        a["note"] = ATTR_NOTES[aid]
        out.append(a)
    return out


def unit_counter(u):
    prof = oob.PROFILES[u["profile"]]
    v = {"nationality": u["nationality"]}
    ty = u["type"]
    if ty in UNIT:
        if u["nationality"] == "french":
            v["tag"] = rv("irish", ["3.2a", "10.3b", "10.4b"], "The Irish Brigade.") if prof.get("tag") == "irish" else "missing"
        cls, src = prof["cls"]
        v["class"] = rv(cls, src) if src else pv(cls, "Provisional reading: " + oob.CLASS_READING[u["profile"]] + ".")
        v["regiment"] = pv(u["regiment"], "The Milice codes are not in the text; each unit is its own regiment here.") if u.get("name_note") else u["regiment"]
    for k in ("sp", "mp", "er", "cr"):
        key = (u["profile"], k)
        if key in oob.RULEBOOK_VALUES:
            rules, note = oob.RULEBOOK_VALUES[key]
            v[k] = rv(prof[k], rules, note)
        else:
            v[k] = pv(prof[k], P_RATING)
    if ty in UNIT:
        if prof["skirmish"] == "skirmished":
            v["skirmish"] = "skirmished"
        else:
            v["skirmish"] = pv(prof["skirmish"], "Provisional: the counter's skirmish mark is not in the text (attribute note).")
    if ty == "cavalry":
        rules = oob.CHARGE_RULES[u["nationality"]]
        if prof["cls"][1]:
            v["charge_range"] = rv(prof["charge"], rules)
        else:
            v["charge_range"] = rv(prof["charge"], rules, "Follows the provisional class.")
    if ty == "artillery":
        v["caliber"] = u["caliber"]
        bh, src = prof["by_hand"]
        v["by_hand"] = rv(bh, src) if src else pv(bh, prof.get("by_hand_note", "2.11 does not cover French plain 4-pounders; P (like the Allied 4-pounders) is provisional."))
        if u["id"] in ("al-en-6lb-1", "al-en-6lb-2"):
            v["no_road_column"] = True
    if "optional" in u:
        r, note = u["optional"]
        v["optional"] = rv(True, [r], note)
    c = {"id": u["id"], "side": "french" if u["id"].startswith("fr-") else "allied", "type": ty,
         "name": u["name"], "values": v, "provenance": rule(*APPEARS.get(u["id"], ["10.0c"]))}
    if u.get("twin"):
        c["provenance"] = prov(u["twin"])
    if u.get("counter_note"):
        c["provenance"] = prov(u["counter_note"])
    notes = [x for x in (u.get("name_note"), u.get("type_reading")) if x]
    if u.get("type_reading"):
        c["provenance"] = prov("The unit and its code are in the text (%s); %s" % (", ".join(APPEARS.get(u["id"], [])), u["type_reading"]))
    if notes and not u.get("type_reading"):
        c["note"] = " ".join(notes)
    return c


def commander_counter(cmdr):
    cd, ini, cc, er, loss, mp = oob.CMD_PROFILES[cmdr["role"]]
    if cmdr["nationality"] in oob.INITIATIVE_LOWER and cmdr["role"] not in ("replacement",):
        ini -= 1
    rated = oob.RATED.get(cmdr["id"], {})
    v = {"nationality": cmdr["nationality"]}

    def val(k, x):
        if k in rated:
            value, rules, note = rated[k]
            return rv(value, rules, note)
        return pv(x, P_CMD)

    v["mp"] = val("mp", mp)
    v["rank"] = cmdr["rank"]
    if cmdr["abbr"]:
        v["abbr"] = cmdr["abbr"]
    v["command_distance"] = val("command_distance", cd)
    if cmdr["role"] == "replacement":
        v["wing_command_distance"] = pv(5, P_CMD)
    v["initiative"] = val("initiative", ini)
    v["cc_bonus"] = val("cc_bonus", cc)
    v["er_bonus"] = val("er_bonus", er)
    v["loss_points"] = val("loss_points", loss)
    for k in ("command_rating", "wan"):
        if k in rated:
            value, rules, note = rated[k]
            v[k] = rv(value, rules, note)
    c = {"id": cmdr["id"], "side": cmdr["side"], "type": "commander", "name": cmdr["name"],
         "values": v, "provenance": rule(*cmdr["rules"])}
    if cmdr["role"] == "replacement":
        c["provenance"] = prov("2.5a: the counter exists; its name and values are not in the text.")
    if cmdr.get("note"):
        c["note"] = cmdr["note"]
    return c


APPEARS = {}


def counters_file(side):
    if side == "french":
        units, ident, name = oob.FRENCH, "french", "Fontenoy: the French army"
        note = ("Every combat unit of the French set-ups of scenarios 1-4 (10.1b-10.4b), the bridgehead and west-bank units, the ten Milice "
                "(three at the bridgehead, seven at Tournay), the Tournay units named in 10.4b (SEP a, SEP b, STJ, ECO, 1 LOW, 2 LOW), the "
                "units 3.8a adds to Lowendahl's Detachment (EGD a, EGD b, 4 LB S *8, *9), the optional GEN b (6.3a) and TAI b (6.3d); the "
                "commanders of the set-ups and of 2.1, 3.3, 3.4c, 3.8a; the 20 replacement counters of 2.5a. Not here, because the text "
                "does not name them: the rest of Lowendahl's Detachment and the Tournay divisions (Order of Battle), the Grenadiers Royaux. "
                "The hussars of 6.3b and the Volontaires of 6.3c are provisional counters made here (the text names none).")
    else:
        units, ident, name = oob.ALLIED, "allied", "Fontenoy: the Allied army"
        note = ("Every combat unit of the Allied set-ups of scenarios 1-4 (10.1c-10.4c, the last cut off in the text); the commanders of "
                "the set-ups and of 4.2; the 20 replacement counters of 2.5a (10 Dutch, 10 English/Hanoverian). Not here, because the text "
                "does not name them: the English and Hanoverian cavalry, the Austrian hussars, the rest of Moltke's Reserve. The regiments "
                "of 7.3 and the English regimental guns of 7.5 are provisional counters (each says how it was made).")
    cs = [unit_counter(u) for u in units]
    cs += [commander_counter(c) for c in oob.COMMANDERS if c["side"] == side]
    types = ["infantry", "cavalry", "artillery", "commander"]
    f = header("counters", ident, name, rule("10.0c", "3.1", "4.1", note="Units, codes, ranks and organisation as the scenario set-ups and special rules print them. The counter sheets and Loss Charts are not in the text: the printed ratings (SP, MP, ER, CR, skirmish marks, commander ratings) are provisional values, each with its own provenance (method in the attribute notes and docs/fontenoy-scenarios.md)."), note)
    f["types"] = types
    f["attributes"] = attributes(side)
    f["counters"] = cs
    return f


def main():
    scen_files = scenarios.build_all()
    for sid, sc in scen_files.items():
        if "incomplete" in sc:
            continue  # scenarios 5-9: not in the text (scenarios.py INCOMPLETE)
        for p in sc["setup"] + sc["reinforcements"]:
            APPEARS.setdefault(p["unit"], [])
            r = scenarios.SCEN_RULE[sid] + ("b" if p["unit"].startswith("fr-") else "c")
            if r not in APPEARS[p["unit"]]:
                APPEARS[p["unit"]].append(r)
    for uid, r in scenarios.EXTRA_APPEARS.items():
        for x in r:
            if x not in APPEARS.setdefault(uid, []):
                APPEARS[uid].append(x)
    m = mapgen.build(header("map", "fontenoy", "Fontenoy (North and South maps)", prov(
        "Provisional map: the two map sheets are not in the text. The grid follows 1.4 and 10.0c (ids N/S + column + row) as hex::Grid::fontenoy() "
        "joins them (docs/hex.md). The hexes, hexsides and places the rules name (the bridge N1421, the Keep S1712, S1012, the redoubt sites, "
        "the broken-terrain examples, N3706, N3609, N3527, the road ends S6213, S4205, N1801, S6434, S7028, the scenario lines) carry "
        "rulebook provenance; towns, woods, the Escaut's course, roads, the ridge, field fortifications, the abatis and everything else "
        "are laid out here from the set-ups and the historical battlefield in outline, so that every set-up and scenario line of "
        "scenarios 1-4 makes sense."),
        "Unlisted hexes are clear (default_terrain, provisional). No hex carries an elevation: 9.4A calls the field very flat and "
        "9.4D makes the ridge (its gentle-slope hexsides, high side inside the U) the only place where height decides LOS. Roads, "
        "the Major Road and the sunken roads' road sides are hexside features (9.2n). Redoubts and barricades are counters placed by "
        "the scenarios (rules.redoubts, rules.barricades); the map gives their sites as places."))
    write("maps/fontenoy.json", m)
    write("counters/french.json", counters_file("french"))
    write("counters/allied.json", counters_file("allied"))
    for sid, sc in scen_files.items():
        write("scenarios/%s.json" % sid, sc)
    if CHECK:
        if DIFFERS:
            print("differs from the generator: " + ", ".join(DIFFERS))
            sys.exit(1)
        print("scenarios/fontenoy: every file matches the generator")


if __name__ == "__main__":
    main()
