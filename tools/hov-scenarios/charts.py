"""The charts of The Habit of Victory: the tables the rulebook prints (Fort Masking §45,
Battle Scenario Victory Points §214, Austrian Realignment §183, Paris Morale after §180)
and provisional stand-ins for the missing ones (CRT and its Affecting line, Artillery Fire
Table, Initiative Comparison Matrix, Pursuit Table, March Attrition Table, Weather Table and
per-turn DRMs). Each provisional chart agrees with every worked example of the text."""

import calendar_hov as cal


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


ODDS = ["1:5", "1:4", "1:3", "1:2", "1:1.5", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
AFFECTING = ["1:4", "1:3", "1:2", "1:1.5", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]


def crt_cell(c, d):
    """Column index c (0 = 1:5 .. 11 = 6:1), modified die d (0-6). Low rolls favour the
    attacker (¶161 adds to the die below 1:5 and subtracts above 6:1)."""
    m = (c - 5) + 2 * (3 - d)
    a = abs(m)
    loser = min(6, 1 + (a + 1) // 2)
    winner = min(loser, max(0, 2 - a // 3))
    if m >= 0:
        return "%d/%d*" % (winner, loser)
    return "%d*/%d" % (loser, winner)


def crt():
    cols = [{"id": "die", "name": "Modified die roll (0-6)", "type": "die_range"}]
    for o in ODDS:
        cols.append({"id": o, "name": "Odds %s" % o, "type": "result"})
    rows = []
    for d in range(7):
        rows.append([str(d)] + [crt_cell(c, d) for c in range(len(ODDS))])
    return {
        "rules": ["¶51", "¶146", "¶160", "¶161", "¶163", "¶197", "¶205", "¶206"], "dice": "1d6",
        "columns": cols, "rows": rows,
        "note": ("Cell syntax: attacker's number / defender's number; the starred number is the bold one of the printed table, "
                 "marking the loser. '3*/1': the attacker loses (3 hexes of retreat after a Pursuit chit, 3 SP after a Pitched "
                 "chit) and the defender, the winner, loses 1 SP. '1/4*': the defender loses with 4, the attacker loses 1 SP. "
                 "Rows are the modified die clamped to 0-6 (¶161): +1 per ratio below 1:5, -1 per ratio above 6:1. Odds round "
                 "down to a column (¶160). The loser's number is never below the winner's (¶205). Agrees with the text's "
                 "examples: 13:5 reads the 2:1 column (¶160); 5:22 the 1:5 column (¶159); a failed repulse at 4:1 is read two "
                 "columns left at 2:1 (¶132: 3:1 lies between); 18 SP against 3 (6:1) can give the defender a result of 4 "
                 "(die 3, ¶206)."),
    }


def crt_affecting():
    cols = [{"id": "column", "name": "CRT column", "type": "string"},
            {"id": "affecting_odds", "name": "Odds on the Affecting line", "type": "string"}]
    rows = [[o, a] for o, a in zip(ODDS, AFFECTING)]
    return {"rules": ["§38", "¶163", "¶164", "¶165"], "columns": cols, "rows": rows, "key": "column",
            "note": ("The Affecting Terrain line printed above the CRT: an attack into Affecting terrain or across a river "
                     "hexside finds its odds on this line and reads the column below (¶163). Provisional: each column is "
                     "reached at the next higher ratio, a one-column shift in the defender's favour (3:1 into a town reads "
                     "2:1). Odds below 1:4 on the Affecting line read the 1:5 column with the ¶161 die modifier counted from "
                     "1:4.")}


def artillery():
    cols = [{"id": "die", "name": "Modified die roll", "type": "die_range"}]
    arts = ["1", "2", "3", "4", "5", "6+"]
    for a in arts:
        cols.append({"id": a, "name": "%s artillery SP firing" % a, "type": "int"})
    rows = []
    for key, d in [("1-", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7+", 7)]:
        row = [key]
        for a in range(1, 7):
            row.append(max(0, (a - d + 2) // 2))
        rows.append(row)
    return {"rules": ["¶146", "¶157", "¶158", "§40", "§42", "§43"], "dice": "1d6", "columns": cols, "rows": rows,
            "note": ("Enemy SP lost to one side's bombardment (¶158), by the number of artillery SP firing (the table is "
                     "not an odds table, ¶146 step 5). Low rolls are better: cavalry superiority subtracts 1 (¶157) and "
                     "fire into a Fortified Town adds 2, or 1 with troops outside (§42). No fire into or out of woods (§40) "
                     "and none that harms a citadel (§43).")}


def icm():
    cols = [{"id": "active", "name": "Active (moving or pursuing) leader's Initiative", "type": "int"}]
    for p in range(1, 6):
        cols.append({"id": "p%d" % p, "name": "Passive (enemy) leader's Initiative %d" % p, "type": "int"})
    rows = []
    for a in range(1, 6):
        cells = [a]
        for p in range(1, 6):
            v = max(0, min(2, p - a))
            if (a, p) == (2, 3):
                v = {"value": 1, "provenance": rule("¶106", note="The ¶106 example: active 2 against passive 3 gives +1.")}
            elif (a, p) == (4, 2):
                v = {"value": 0, "provenance": rule("¶127", note="The ¶127 example: a pursuer of Initiative 4 against a retreating leader of 2 gives no Resistance Modifier.")}
            cells.append(v)
        rows.append(cells)
    return {"rules": ["¶106", "¶107", "¶127", "¶188", "¶190", "§36"], "columns": cols, "rows": rows,
            "note": ("Resistance Modifier added to the initiative die (exiting an EZOC, ¶105-¶106) or the pursuit die "
                     "(¶190). Provisional cells: the passive Initiative minus the active one, at least 0 and at most +2. "
                     "Garrisons count as Initiative 1 (§36). Two cells come from the text (¶106, ¶127).")}


def pursuit():
    cols = [{"id": "die", "name": "Modified pursuit die", "type": "die_range"}]
    for i in range(1, 6):
        for r in range(1, 7):
            cols.append({"id": "i%d-r%d" % (i, r), "name": "Pursuer's Initiative %d, retreat of %d" % (i, r), "type": "int"})
    rows = []
    for key, d in [("0-", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8+", 8)]:
        row = [key]
        for i in range(1, 6):
            for r in range(1, 7):
                row.append(max(0, min(r + 1, r + i - d)))
        rows.append(row)
    return {"rules": ["¶146", "¶181", "¶182", "¶183", "¶188", "¶189", "¶190", "¶191"], "dice": "1d6", "columns": cols, "rows": rows,
            "note": ("Length of permissible pursuit in hexes. Column: the pursuing leader's unmodified Initiative and the "
                     "Length of Retreat (the loser's CRT number), 'i3-r4' = Initiative 3, retreat 4 (¶188). Row: the die "
                     "plus the Resistance Modifier (¶190), the Cavalry Differential (¶127), -1 for a force of cavalry and/or "
                     "French Guard only, plus the Pitched rounds the winner revealed (¶189), and weather. A result above the "
                     "retreat costs the loser 1 SP per extra hex (¶181); the pursuit never exceeds the pursuer's SP (¶191). "
                     "Provisional values: the retreat length, plus the Initiative minus the die, between 0 and retreat + 1.")}


ARMIES = ["french", "russian", "prussian"]
MARCH = ["no-loc", "1-2", "3-4", "5+"]
SIZES = [("2-5", 0), ("6-10", 1), ("11-20", 2), ("21+", 3)]


def attrition_cell(army, march, size, d):
    base = {"1-2": 0, "3-4": 1, "5+": 2, "no-loc": 3}[march] + size + (1 if army == "french" else 0)
    score = d + base
    if score <= 4:
        return "0"
    loss = (score - 3) // 2
    plus = "+" if (score - 3) % 2 == 1 or score >= 9 else ""
    return "%d%s" % (loss, plus)


def attrition():
    cols = [{"id": "die", "name": "Modified die roll", "type": "die_range"}]
    for a in ARMIES:
        for m in MARCH:
            for s, _ in SIZES:
                cols.append({"id": "%s %s %s" % (a, m, s),
                             "name": "%s army, %s, force of %s SP" % (a.capitalize(),
                                                                      "no LOC (zero line)" if m == "no-loc" else "length of march " + m + " MP", s),
                             "type": "result"})
    rows = []
    for key, d in [("0-", 0), ("1", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7+", 7)]:
        row = [key]
        for a in ARMIES:
            for m in MARCH:
                for _, si in SIZES:
                    row.append(attrition_cell(a, m, si, d))
        rows.append(row)
    return {"rules": ["¶136", "¶137", "¶138", "¶139", "§27", "§49", "§170", "§171", "§172", "§180", "§210"], "dice": "1d6",
            "columns": cols, "rows": rows,
            "note": ("The Battle Scenarios' large March Attrition Table (§27, §210). Column: the army's heading, the Length "
                     "of March (the most MP any one unit type spent, ¶137) or the zero / No LOC line (a force that began "
                     "its move out of Dispatch Distance, ¶137, §27), and the force's SP (1-SP forces take no attrition, "
                     "§170). Row: the die with its modifiers (¶138; a depleted depot +1, §105) and the AP-level modifier "
                     "of hov/march-attrition-ap. Result: SP lost; a '+' result costs 1 SP more in Severe weather, when "
                     "force-marching, and for the French while Paris Morale is negative (§170, §172, §180); a loss of 3 or "
                     "more is cut by 1 under a Force Leader with a bonus star (§170). Provisional values, a little harsher "
                     "for the French (the winter's mud, §26).")}


def attrition_ap():
    cols = [{"id": "ap_level", "name": "AP level", "type": "die_range"},
            {"id": "drm", "name": "Die modifier", "type": "int"}]
    rows = [["1-3", 1], ["4-6", 0], ["7-9", -1], ["10+", -2]]
    return {"rules": ["§209", "§210"], "columns": cols, "rows": rows,
            "note": ("The published large Attrition Table has one column per AP level (§209, §210); the scenarios name the "
                     "fixed level (rules.attrition_column). This provisional stand-in turns the AP level into a die "
                     "modifier on hov/march-attrition instead.")}


WEATHER = ["Heat", "Fair", "Rain", "Mud", "Thaw", "Frost", "Snow", "Frost/Snow", "Severe"]
KNOWN = {"Heat": ["§26"], "Fair": ["§188"], "Mud": ["¶139"], "Frost": ["§35"], "Snow": ["§56"],
         "Frost/Snow": ["§56", "§171"], "Severe": ["§26", "§35", "§170"]}


# The effects key of the missing Weather Table & Track (§26, §35, §37, ¶138): provisional die
# modifiers per weather type, (attrition, combat). Attrition: wet or frozen roads cost the march
# (+1 in Rain, Mud, Thaw, Snow, Frost/Snow and Severe); combat: the attacker's die (low favours the
# attacker) +1 where the ground or the cold hinder an assault (Mud, Snow, Frost/Snow, Severe).
WEATHER_EFFECTS = {"Heat": (0, 0), "Fair": (0, 0), "Rain": (1, 0), "Mud": (1, 1), "Thaw": (1, 0),
                   "Frost": (0, 0), "Snow": (1, 1), "Frost/Snow": (1, 1), "Severe": (1, 1)}


def weather():
    cols = [{"id": "die", "name": "Die roll plus the turn's DRM", "type": "die_range"},
            {"id": "weather", "name": "Weather", "type": "result", "codes": WEATHER},
            {"id": "attrition", "name": "Attrition die modifier (¶138, §35)", "type": "int"},
            {"id": "combat", "name": "Combat die modifier (§37)", "type": "int"}]
    table = [("0-", "Heat"), ("1", "Fair"), ("2", "Fair"), ("3", "Rain"), ("4", "Mud"), ("5", "Thaw"),
             ("6", "Frost"), ("7", "Snow"), ("8", "Frost/Snow"), ("9+", "Severe")]
    rows = []
    for k, w in table:
        att, com = WEATHER_EFFECTS[w]
        if w in KNOWN:
            rows.append([k, w, att, com])
        else:
            rows.append({"cells": [k, w, att, com], "provenance": prov(
                "The text names seven of the nine weather types (Heat, Fair, Mud, Frost, Snow, Frost/Snow, Severe); "
                "'%s' stands in for one of the two it does not name; its effects are provisional too." % w)})
    return {"rules": ["§26", "¶40"], "dice": "1d6", "columns": cols, "rows": rows,
            "note": ("Nine weather types 'from Heat to Severe cold' (§26); the table, the two unnamed types and the effects "
                     "key are on the missing Weather Table & Track. Provisional order: warm to cold as the roll rises; the "
                     "per-turn DRM is hov/weather-drm. Rulebook effects by name: lakes freeze in Frost and Severe (§35, §37); "
                     "no sea transport in Frost, Snow, Frost/Snow, Severe (§56); no parallels or redoubts in Frost, Snow, "
                     "Severe (§162, §166); '+' attrition results cost 1 more SP in Severe (§170); cavalry takes the first "
                     "attrition loss in Frost/Snow (§171); artillery the first in Mud (¶139). The columns 'attrition' and 'combat' "
                     "stand in for the effects key (§35, §37, ¶138): provisional die modifiers of the March Attrition die and of "
                     "the attacker's and counterattacker's combat die (¶146 step 7).")}


def weather_drm():
    cols = [{"id": "turn", "name": "Game-Turn", "type": "int"},
            {"id": "date", "name": "Start date (derived)", "type": "string"},
            {"id": "drm", "name": "Weather die modifier", "type": "int"}]
    rows = []
    for t in range(1, 70):
        d = cal.start(t)
        m = d.month
        drm = {12: 2, 1: 4, 2: 4, 3: 2, 4: 0, 5: -1, 6: -2}[m]
        rows.append([t, cal.label(t), drm])
    return {"rules": ["§26", "§59", "§65", "§216"], "columns": cols, "rows": rows,
            "note": ("Per-turn weather DRMs (printed on the missing Weather Track): provisional, by month: December +2 (the "
                     "mud of the Polish winter), January and February +4 (frost and snow), March +2, April 0, May -1, June -2. "
                     "Dates: turn n starts on 6 December 1806 plus 3(n-1) days (digest 5.14; §59 gives turn 36 = 21 March).")}


def fort_masking():
    cols = [{"id": "attempt", "name": "Turn (masking attempt)", "type": "die_range"}]
    ratios = ["1:1.5", "1:1", "1.5:1", "2:1"]
    for r in ratios:
        cols.append({"id": r, "name": "Masking : Garrison %s" % r, "type": "result"})
    printed = [
        ("1", ["5+", "4+", "3+", "2+"]),
        ("2", ["4+", "3+", "2+", "•"]),
        ("3", ["3+", "2+", "•", "•"]),
        ("4", ["2+", "•", "•", "•"]),
        ("5", ["•", "•", "•", "•"]),
    ]
    rows = [[k] + v for k, v in printed]
    return {"rules": ["§44", "§45", "§50"], "dice": "1d6", "columns": cols, "rows": rows,
            "note": ("As printed after §45: the die roll needed to mask the fort; '•' = automatic. The masking force needs at "
                     "least 1:1.5 (§44). Ratios between columns and beyond 2:1, and attempts after the fifth, are not "
                     "covered by the text (read the lower column, the 2:1 column, and automatic).")}


def victory_points():
    cols = [{"id": "ratio", "name": "Ratio of total strength lost, Coalition : French", "type": "string"},
            {"id": "french_vp", "name": "French Victory Points", "type": "int"}]
    rows = [["1:2", -2], ["1:1.5", -1], ["1:1", 0], ["1.5:1", 1], ["2:1", 2]]
    return {"rules": ["§214"], "key": "ratio", "columns": cols, "rows": rows,
            "note": ("As printed in §214: losses to all causes, vedettes and garrisons excluded. Add one French VP per "
                     "step of Paris Morale change from the start (example: +1 at start, -1 at the end: -2 VP). How ratios "
                     "between the printed ones are read is not stated.")}


def realignment():
    cols = [{"id": "die", "name": "Die roll", "type": "die_range"}]
    heads = ["-3,-4", "-1,-2", "0", "+1,+2", "+3,+4"]
    for h in heads:
        cols.append({"id": h, "name": "Paris Morale %s" % h, "type": "result"})
    rows = [
        ["1", "6", "7", "8", "•", "•"],
        ["2", "5", "5", "6", "8", "•"],
        ["3", "4", "5", "5", "7", "8"],
        ["4", "4", "4", "5", "6", "7"],
        ["5", "3", "missing", "missing", "missing", "missing"],
        ["6", "missing", "missing", "missing", "missing", "missing"],
    ]
    return {"rules": ["§183"], "dice": "1d6", "columns": cols, "rows": rows,
            "note": ("As printed after §183, which the source cuts off after the first cell of row 5. Result: the number of "
                     "turns after the current one when Austria intervenes; '•' = not in this war ('try again in 1809'). "
                     "Rolled once, when Paris Morale reaches -3 or the French play card No. 1 (Polish Question).")}


def paris_morale():
    cols = [{"id": "condition", "name": "Condition", "type": "string"},
            {"id": "change", "name": "Change in levels", "type": "result"}]
    rows = [
        ["Capture Königsberg, Warsaw, Pultusk, Thorn or Danzig (see §179)", "±1"],
        ["Capture Enemy Major Personality", "±1"],
        ["Win Critical Battle", "±1"],
        ["Old Guard staked, losing round", "-1"],
        ["Coalition has 14 Rus. SPs within 5 hexes of Allenstein or Pultusk at Interphase", "-1"],
        ["Coalition Enters Cantonment (see §153), each occurrence", "+1"],
        ["Coalition controls Königsberg at end of game (see §179)", "-1"],
        ["Napoleon is eliminated. Coalition may declare Operational Victory", "-2"],
    ]
    return {"rules": ["§175", "§177", "§178", "§179", "§153", "¶193", "¶194", "¶195"], "key": "condition",
            "columns": cols, "rows": rows,
            "note": ("The Paris Morale Chart printed after §180 (its '¶179' and '¶153' mean the Exclusive §179 and §153). "
                     "Plus favours the French, minus the Coalition; '±1' is one level toward the side that benefits.")}


CHARTS = [
    ("crt", "Combat Results Table", crt, "provisional", "The CRT (¶146 step 7) is not in the text."),
    ("crt-affecting-columns", "Combat Results Table: Affecting Terrain line", crt_affecting, "provisional", "The Affecting line of the CRT (¶163) is not in the text."),
    ("artillery-fire", "Artillery Fire Table", artillery, "provisional", "The Artillery Fire Table (¶158) is not in the text."),
    ("initiative-comparison", "Initiative Comparison Matrix", icm, "provisional", "The Initiative Comparison Matrix (¶106) is not in the text; two cells are known from its examples."),
    ("pursuit", "Pursuit Table", pursuit, "provisional", "The Pursuit Table (¶188) is not in the text."),
    ("march-attrition", "March Attrition Table", attrition, "provisional", "The large Attrition Table of the Battle Scenarios (§27, §210) is not in the text."),
    ("march-attrition-ap", "March Attrition: AP level modifier", attrition_ap, "provisional", "Stands in for the AP-level columns of the large Attrition Table (§209, §210)."),
    ("weather", "Weather Table", weather, "rulebook", None),
    ("weather-drm", "Weather Track: die modifiers per Game-Turn", weather_drm, "provisional", "The per-turn weather DRMs of the Weather Track (§26) are not in the text."),
    ("fort-masking", "Fort Masking Table", fort_masking, "rulebook", None),
    ("victory-points", "Battle Scenario Victory Points", victory_points, "rulebook", None),
    ("austrian-realignment", "Austrian Realignment Table", realignment, "rulebook", None),
    ("paris-morale", "Paris Morale Chart", paris_morale, "rulebook", None),
]


def build_all(header):
    out = {}
    for cid, name, fn, kind, pnote in CHARTS:
        body = fn()
        if kind == "rulebook":
            if cid == "weather":
                p = prov("The Weather Table (§26) is on the missing Weather Table & Track: the die-to-weather rows are provisional; the seven type names the text gives carry their rules on their rows.")
                # the rows that name a known type: their weather name is from the text, the row itself is not
                rows = []
                for r in body["rows"]:
                    if isinstance(r, list):
                        w = r[1]
                        r = {"cells": [r[0], {"value": w, "provenance": rule(*KNOWN[w], note="The type is named in the text; its place on the table is provisional.")}, r[2], r[3]],
                             "provenance": prov("Which roll gives this weather, and its effects (attrition and combat die modifiers), are provisional.")}
                    rows.append(r)
                body["rows"] = rows
            else:
                p = rule(*body["rules"], note="Transcribed from the rulebook text.")
        else:
            p = prov(pnote + " Provisional values, consistent with every worked example of the text (docs/hov-charts.md).")
        f = header("chart", cid, name, p)
        for k in ("note", "rules", "dice", "key", "columns", "rows"):
            if k in body:
                f[k] = body[k]
        out[cid] = f
    return out
