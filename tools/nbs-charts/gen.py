#!/usr/bin/env python3
"""Generates the NBS chart files (NBS v2.1 Part Three + AUS 6.x tables).

Usage: python3 tools/nbs-charts/gen.py scenarios/nbs/charts   (the directory to write)."""
import json, os, sys

OUT = sys.argv[1]
ROLLS = [f"{a}{b}" for a in range(1, 7) for b in range(1, 7)]
IDX = {r: i for i, r in enumerate(ROLLS)}
M = "missing"

def span(lo, hi):
    return ROLLS[IDX[str(lo)]:IDX[str(hi)] + 1]

def RB(rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p

def PV(note):
    return {"kind": "provisional", "note": note}

def cell(v, prov=None, note=None):
    c = {"value": v}
    if prov:
        c["provenance"] = prov
    if note:
        c["note"] = note
    return c

def row(cells, prov=None, note=None):
    if prov is None and note is None:
        return cells
    r = {"cells": cells}
    if prov:
        r["provenance"] = prov
    if note:
        r["note"] = note
    return r

def col(id, ty, name=None, codes=None, rules=None, note=None):
    c = {"id": id, "type": ty}
    if name:
        c["name"] = name
    if codes:
        c["codes"] = codes
    if rules:
        c["rules"] = rules
    if note:
        c["note"] = note
    return c

def dumps(v):
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

FILES = {}

def chart(name, title, prov, columns, rows, key=None, rules=None, dice=None, note=None):
    d = {"format": "grognard/1", "kind": "chart", "id": f"nbs/{name}", "system": "nbs",
         "name": title, "provenance": prov}
    if note:
        d["note"] = note
    if rules:
        d["rules"] = rules
    if dice:
        d["dice"] = dice
    d["columns"] = columns
    if key:
        d["key"] = key
    d["rows"] = rows
    lines = ["{"]
    items = list(d.items())
    for n, (k, v) in enumerate(items):
        end = "," if n + 1 < len(items) else ""
        if k == "provenance":
            inner = [f'    "{pk}": {dumps(pv)}' for pk, pv in v.items()]
            lines.append(f'  "{k}": {{')
            lines.append(",\n".join(inner))
            lines.append(f'  }}{end}')
        elif k in ("columns", "rows"):
            lines.append(f'  "{k}": [')
            for m, x in enumerate(v):
                e2 = "," if m + 1 < len(v) else ""
                lines.append(f"    {dumps(x)}{e2}")
            lines.append(f"  ]{end}")
        else:
            lines.append(f'  "{k}": {dumps(v)}{end}')
    lines.append("}")
    assert name not in FILES, name
    FILES[name] = "\n".join(lines) + "\n"

ROLL_COLS = lambda ty, codes=None: [col(r, ty, codes=codes) for r in ROLLS]
ERRATA_NOTE = "Errata numbers follow the digest's numbering of Part Four (ERR-1..ERR-23 in file order; the chart sheet itself cites 'erratum 19' in that numbering)."

# ------------------------------------------------------------------ command
chart("command-points", "Command Point Table",
      RB(["10.1b", "Command Point Table"], "Transcribed from the chart in Part Three."),
      [col("rating", "die_range", "Army commander's leader rating"), col("command_points", "int", "Command Points available each turn")],
      [["3-4", 15], ["1-2", 10], ["0", 7]], rules=["10.1b"],
      note="Points are not saved from turn to turn (10.1b). Look up with get_roll(rating).")

chart("order-costs", "Order Costs Chart",
      RB(["10.1b", "Order Costs Chart"], "Transcribed from the chart in Part Three."),
      [col("selection", "string"), col("category", "string", codes=None), col("cost", "int", "Command Points")],
      [["Oral", "method", 2], ["Written", "method", 5], ["Attack", "type", 5], ["Non-Attack", "type", 1]],
      rules=["10.1b"],
      note="An order costs one method plus one type. AO and IPO orders are oral, AW orders written (10.1e, Acceptance Table).")

chart("order-delivery", "Order Delivery",
      RB(["10.1e", "Order Delivery"], "Transcribed from the formula printed with the charts."),
      [col("parameter", "string"), col("value", "int")],
      [["leader_mp_per_turn", 10]], rules=["10.1e"],
      note="Delivery takes ceil(leader movement points along the route / 10) turns, always rounded up; acceptance is checked on the turn that many turns from now. In-person orders (sender and receiver in one hex) are checked at once (10.0a, 10.1e).")

def expand(pairs, default=M):
    """pairs: list of (lo, hi, value) -> 36 cells."""
    out = {r: default for r in ROLLS}
    for lo, hi, v in pairs:
        for r in span(lo, hi):
            out[r] = v
    return [out[r] for r in ROLLS]

INIT = [("0-", [(11, 25, "LC"), (26, 65, "NE"), (66, 66, "Init")]),
        ("1", [(11, 21, "LC"), (22, 64, "NE"), (65, 66, "Init")]),
        ("2", [(11, 14, "LC"), (15, 63, "NE"), (64, 66, "Init")]),
        ("3", [(11, 12, "LC"), (13, 53, "NE"), (54, 66, "Init")]),
        ("4+", [(11, 11, "LC"), (12, 43, "NE"), (44, 66, "Init")])]
chart("initiative-table", "Initiative Table",
      RB(["10.2d", "Initiative Table"], "Transcribed from the chart in Part Three; complete."),
      [col("initiative_points", "die_range", "Initiative Points (leader rating + anti-initiative)")] + ROLL_COLS("result", ["LC", "NE", "Init"]),
      [[ip] + expand(p) for ip, p in INIT], rules=["10.2d", "10.2g"], dice="d66",
      note="Stored expanded: one row per printed column (Initiative Points), one column per 11..66 roll. LC = Loose Cannon, NE = No Effect, Init = Initiative. The printed chart gives each result as a roll range; the ranges are reproduced exactly. OPT-2 (unofficial, Part Four) would limit Loose Cannon to 11..12.")

AN_KEYS = ["-3-", "-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10+"]
AN_VAL = {"-3-": -3, "10+": 10}
DT = {"-3-": 26, "-2": 22, "-1": 16, "0": 14, "1": 13, "2": 12, "3": 12, "4": 12, "5": 11, "6": 11}
acc_rows = []
for k in AN_KEYS:
    cells = [M] * 36
    if k in DT:
        for r in span(11, DT[k]):
            cells[IDX[r]] = "Dt"
    if k == "3":
        cells[IDX["25"]] = cell("D5", RB(["10.1f", "10.1"], "From the 10.1 order log example: acceptance number 3 (Davout 4 + Grouchy 1 + AW 0 + Attack -2), roll 25, result D5."))
    acc_rows.append([k] + cells)
ACC_CODES = ["Dt", "D6", "D5", "D4", "A"]
acc_cols = [col("acceptance_number", "die_range", "Acceptance Number")] + ROLL_COLS("result", ACC_CODES)
ACC_NOTE = ("Stored expanded: one row per printed column (Acceptance Number), one column per 11..66 roll. "
            "Results: A accepted; D4/D5/D6 delayed until a die roll of 4+/5+/6 in a later Command Phase (nbs/acceptance-delay); Dt distorted and thrown away. "
            "Acceptance Number = sender's rating + receiver's rating + method + type (nbs/acceptance-modifiers).")
chart("acceptance-table", "Acceptance Table",
      RB(["10.1f", "Acceptance Table"], "Part Three prints only the Dt row (ten cells, for acceptance numbers -3 or less through 6) and a bare D6 label; the D6, D5, D4 and A rows are not in the text. Every roll the text does not place is \"missing\". The cells for acceptance numbers 7 to 10+ are empty on the Dt row (probably no distortion possible there, but the text does not say), so they are missing too. One cell comes from the 10.1 example."),
      acc_cols, acc_rows, rules=["10.1f"], dice="d66", note=ACC_NOTE)

# provisional completion
prov_rows = []
for k in AN_KEYS:
    a = AN_VAL.get(k, None)
    a = int(k) if a is None else a
    cells = []
    dt = len(span(11, DT[k])) if k in DT else 0
    n = max(0, 8 - a)
    seq = ["Dt"] * dt + ["D6"] * n + ["D5"] * n + ["D4"] * n
    seq = (seq + ["A"] * 36)[:36]
    out = []
    for i, v in enumerate(seq):
        if v == "Dt":
            out.append(cell("Dt", RB(["10.1f", "Acceptance Table"], "Dt row as printed.")))
        elif k == "3" and ROLLS[i] == "25":
            assert v == "D5"
            out.append(cell("D5", RB(["10.1f", "10.1"], "10.1 example: acceptance number 3, roll 25, D5.")))
        else:
            out.append(v)
    prov_rows.append([k] + out)
chart("acceptance-table-provisional", "Acceptance Table (provisional completion)",
      PV("Stands in for the Acceptance Table rows the text truncates (D6, D5, D4, A, and the empty Dt cells for acceptance numbers 7 to 10+). Cells printed in the text keep rulebook provenance. Made here: after the printed Dt range, each column gives max(0, 8 - AN) rolls each to D6, then D5, then D4, in that order of rising rolls, and the remaining rolls to A (so AN 8 or more always accepts, AN -3 or less never accepts at once, and the Dt blanks for AN 7+ are read as no distortion). Chosen to agree with the 10.1 example (AN 3, roll 25 -> D5) and to make better acceptance numbers never worse."),
      acc_cols, prov_rows, rules=["10.1f"], dice="d66", note=ACC_NOTE)

chart("acceptance-modifiers", "Acceptance Number modifiers",
      RB(["10.1f", "Acceptance Table"], "Transcribed from the method and type modifiers printed above the Acceptance Table."),
      [col("id", "string"), col("category", "string"), col("modifier", "int")],
      [["AO", "method", -1], ["AW", "method", 0], ["IPO", "method", 1], ["Attack", "type", -2], ["Non-Attack", "type", 0],
       row(["francis_army_commander", "austerlitz", -2], RB(["AUS 3.5"], "Austerlitz: if Kaiser Francis I takes army command, every acceptance calculation has -2."))],
      rules=["10.1f", "AUS 3.5"],
      note="AO = by aide, oral; AW = by aide, written; IPO = in person, oral. Acceptance Number = sender's leader rating + receiver's leader rating + one method + one type (+ the Austerlitz row when it applies).")

chart("acceptance-delay", "Delay reduction (Acceptance Table notes)",
      RB(["10.1f", "Acceptance Table"], "From the notes under the Acceptance Table and 10.1f."),
      [col("result", "string"), col("die_needed", "die_range", "One die, this or more, to accept")],
      [["D4", "4+"], ["D5", "5+"], ["D6", "6"]], rules=["10.1f"], dice="1d6",
      note="Rolled in each later Command Phase, starting the turn after the delay result; on success the order is accepted.")

# stoppage
DIVS = [str(d) for d in range(10, 0, -1)]
STOP_CODES = ["1", "2", "3", "4", "-"]
stop_cols = [col("wrecked", "int", "Wrecked divisions (+1 if the original corps commander is lost)")] + \
    [col(d, "result", f"{d} division(s) in the corps", codes=STOP_CODES) for d in DIVS]
STOP_NOTE = "Table 1 of the Corps Attack Stoppage Table: the cell is the column of Table 2 (nbs/stoppage-minimum-roll). '-' = not applicable (the printed chart is blank where a row cannot occur)."
stop_rows = [[0] + ["1"] * 10,
             row([1] + ["1"] * 6 + ["2"] * 3 + [cell(M, note="Row 1 prints nine values for ten columns; read left-aligned, the 1-division cell is the one not printed.")]),
             [2] + [M] * 10, [3] + [M] * 10,
             [4] + [M] * 7 + [cell("4", RB(["10.3a"], "From the 10.3a example: three wrecked divisions plus the lost commander (4) in a corps of 3 divisions gives column 4."))] + [M] * 2]
chart("stoppage-column", "Corps Attack Stoppage Table, Table 1 (column number)",
      RB(["10.3a", "Corps Attack Stoppage Table"], "Part Three prints rows 0 and 1 only, and row 1 with nine values for ten columns (read left-aligned, as the 3.2c Austerlitz case with two divisions needs). Rows 2 and up are not in the text; rows 2-4 are listed with missing cells (one cell of row 4 comes from the 10.3a example); how many rows the printed chart has is unknown."),
      stop_cols, stop_rows, rules=["10.3a", "10.3d", "10.3e"], note=STOP_NOTE)

def stop_col(w, d):
    if w > d + 1:
        return "-"
    # fraction f = w/d
    if 4 * w < d:
        return "1"
    if 2 * w <= d:
        return "2"
    if w < d:
        return "3"
    return "4"
sp_rows = []
for w in range(0, 12):
    cells = []
    for d in range(10, 0, -1):
        v = stop_col(w, d)
        if w == 0 or (w == 1 and d > 1):
            cells.append(cell(v, RB(["10.3a", "Corps Attack Stoppage Table"], "As printed.")))
        elif w == 4 and d == 3:
            cells.append(cell(v, RB(["10.3a"], "10.3a example.")))
        else:
            cells.append(v)
    sp_rows.append([w] + cells)
chart("stoppage-column-provisional", "Corps Attack Stoppage Table, Table 1 (provisional completion)",
      PV("Stands in for the rows of Table 1 the text truncates (2 wrecked and up) and the 1-division cell of row 1. Printed cells keep rulebook provenance. Made here from the share f = wrecked/divisions: column 1 if f < 1/4, 2 if 1/4 <= f <= 1/2, 3 if 1/2 < f < 1, 4 if f >= 1; '-' where wrecked exceeds divisions + 1 (cannot occur). This rule reproduces every printed cell of rows 0 and 1, the 10.3a example (4 wrecked, 3 divisions -> 4) and the AUS 3.2c case (1 of 2 wrecked -> 2)."),
      stop_cols, sp_rows, rules=["10.3a", "10.3d", "10.3e"], note=STOP_NOTE)

chart("stoppage-minimum-roll", "Corps Attack Stoppage Table, Table 2 (minimum two-dice roll)",
      RB(["10.3a", "Corps Attack Stoppage Table"], "Transcribed from Table 2 in Part Three; complete."),
      [col("rating", "die_range", "Corps leader's rating")] + [col(c, "int", f"Column {c}") for c in ["1", "2", "3", "4"]],
      [["3-4", 3, 5, 8, 10], ["1-2", 3, 6, 9, 11], ["0", 4, 7, 10, 12]], rules=["10.3a"], dice="2d6",
      note="Roll this total or more on two dice (summed) to pass; otherwise corps attack stoppage occurs (10.3b). At night -3 from the dice (nbs/stoppage-modifiers).")

chart("stoppage-modifiers", "Corps Attack Stoppage Table modifiers",
      RB(["10.3a", "Corps Attack Stoppage Table"], "From the notes under Table 2."),
      [col("id", "string"), col("modifier", "int", "Added to the two-dice total")],
      [["night", -3]], rules=["10.3a", "28.0d"])

# ------------------------------------------------------------------ movement
MV_COLS = [col("unit", "string", "Unit / formation"), col("ma", "int", "Movement Allowance"),
           col("formation_change", "cost", "Formation change cost"),
           col("clear", "cost", "Clear"), col("primary_road", "cost", "Pri Rd"), col("secondary_road", "cost", "Sec Rd"),
           col("forest", "cost", "Forest"), col("elevation", "cost", "Elevation (1)"), col("slope", "cost", "Slope (1)"),
           col("ford_stream", "cost", "Ford, Stream"), col("creek_river_lake", "cost", "Creek, River, Lake"),
           col("tributary", "cost", "Tributary"), col("extreme_slope", "cost", "Ext Slope"),
           col("walled_farm_town", "cost", "Walled Farm or Town"), col("swamp", "cost", "Swamp"),
           col("orchard_vineyard", "cost", "Orchard/Vineyard")]
MV_UNITS = ["Infantry, Line", "Infantry, Column", "Skirmishers", "Light Cavalry", "Heavy Cavalry", "Blown Cavalry",
            "Foot Artillery", "Horse Artillery", "Leaders and HQs"]
E22 = lambda what: RB(["Movement Chart", "Errata: Movement Chart Addenda"], f"ERR-22 (Part Four, Charts & Tables): {what}.")
E18 = "ERR-18 (Part Four, Charts & Tables): the cavalry Swamp cell carries '*' (automatic DG unless on a road) and note (2) (no charge from the hex)."
LINE = ["Infantry, Line", 5, 1, 1, "NA", "NA", 3, "+1", "+2", "+1", "P", "all", cell("all", note="Printed 'All'."), 2]
COLM = {"ma": cell(8, RB(["11.0a"], "From the 11.0a example: a column has an MA of 8.")),
        "slope": cell("+1", E22("Infantry Column slope +1")), "extreme_slope": cell("+3", E22("Infantry Column extreme slope +3"))}
colids = [c["id"] for c in MV_COLS]
def mv_row(unit, known):
    cells = [unit] + [M] * (len(colids) - 1)
    for k, v in known.items():
        cells[colids.index(k)] = v
    return cells
mv_rule_rows = [row(LINE + [M, M], note="The only row printed in the text; read left to right against the printed heads (the alignment cannot be checked). Swamp and Orchard/Vineyard cells are not printed."),
                mv_row("Infantry, Column", COLM),
                mv_row("Skirmishers", {"slope": cell("+1", E22("skirmishers slope +1"))}),
                mv_row("Light Cavalry", {"swamp": cell(M, RB(["Movement Chart", "Errata: Charts & Tables"], E18))}),
                mv_row("Heavy Cavalry", {"swamp": cell(M, RB(["Movement Chart", "Errata: Charts & Tables"], E18))}),
                mv_row("Blown Cavalry", {}),
                mv_row("Foot Artillery", {"secondary_road": cell(1, E22("Foot Artillery secondary road 1"))}),
                mv_row("Horse Artillery", {"secondary_road": cell(1, E22("Horse Artillery secondary road 1"))}),
                mv_row("Leaders and HQs", {})]
MV_NOTE = ("Costs: a number is MP to enter (hex) or to add (hexside, '+n'); P prohibited; NA not allowed (e.g. road rates for a line); all = the whole allowance. "
           "Chart notes: '*' automatic DG if cavalry enters such a hex not along a road; (1) elevation and slope costs apply up or down hill; (2) charging is not possible from such a hex. "
           "Squares and unlimbered batteries cannot move (11.2), so they have no row; artillery rows are for limbered guns. Elevation vs slope on one hexside: pay the dearer (16.2e). "
           "The rows other than Infantry, Line are those the text implies (errata 18 and 22 name column, skirmisher, light and heavy cavalry and foot and horse artillery rows; 24.2b gives blown cavalry its own MA; leaders move as units, 26.2); the printed chart's exact row list is not in the text. " + ERRATA_NOTE)
chart("movement-chart", "Movement Chart",
      RB(["11.0a", "16.1", "Movement Chart"], "Part Three prints only the Infantry, Line row (without its Swamp and Orchard/Vineyard cells). The errata change five cells of other rows and mark the cavalry Swamp cells; the column MA comes from the 11.0a example. Everything else is \"missing\"."),
      MV_COLS, mv_rule_rows, key="unit", rules=["11.0a", "16.1", "16.2", "24.0", "Movement Chart"], note=MV_NOTE)

PROV_MV = {
    "Infantry, Line":   [5, 1, 1, "NA", "NA", 3, "+1", "+2", "+1", "P", "all", "all", 2, 3, 2],
    "Infantry, Column": [8, 1, 1, "1/2", 1, 2, "+1", "+1", "+1", "P", "all", "+3", 1, 2, 2],
    "Skirmishers":      [8, "NA", 1, "1/2", 1, 2, "+1", "+1", "+1", "P", "+2", "+2", 1, 2, 1],
    "Light Cavalry":    [12, "NA", 1, "1/2", 1, 3, "+1", "+2", "+1", "P", "all", "P", 2, 3, 2],
    "Heavy Cavalry":    [10, "NA", 1, "1/2", 1, 3, "+1", "+2", "+1", "P", "all", "P", 2, 3, 2],
    "Blown Cavalry":    [6, "NA", 1, "1/2", 1, 3, "+1", "+2", "+1", "P", "all", "P", 2, 3, 2],
    "Foot Artillery":   [6, 2, 1, "1/2", 1, 4, "+1", "+2", "+2", "P", "all", "P", 2, "P", 2],
    "Horse Artillery":  [10, 1, 1, "1/2", 1, 4, "+1", "+2", "+2", "P", "all", "P", 2, "P", 2],
    "Leaders and HQs":  [12, "NA", 1, "1/2", "1/2", 2, "+1", "+1", "+1", "P", "+2", "+2", 1, 2, 1],
}
mv_prov_rows = []
for r in mv_rule_rows:
    rc = r["cells"] if isinstance(r, dict) else r
    unit = rc[0]
    vals = PROV_MV[unit]
    cells = [unit]
    for j, v in enumerate(vals, start=1):
        known = rc[j]
        if known != M and not (isinstance(known, dict) and known["value"] == M):
            kv = known["value"] if isinstance(known, dict) else known
            assert str(kv) == str(v), (unit, colids[j], kv, v)
            if isinstance(known, dict) and "provenance" in known:
                cells.append(known)
            else:
                cells.append(cell(v, RB(["Movement Chart"], "Infantry, Line row as printed.")))
        else:
            if isinstance(known, dict) and "provenance" in known:
                cells.append(cell(v, note=known["provenance"]["note"]))
            else:
                cells.append(v)
    mv_prov_rows.append(cells)
chart("movement-chart-provisional", "Movement Chart (provisional completion)",
      PV("Stands in for the Movement Chart rows and cells the text truncates. Cells printed in the text, the errata cells and the column MA of the 11.0a example keep rulebook provenance. Made here, following the printed Line row and the rules: columns move faster than lines and may use roads (MA 8 per 11.0a; the 11.0a proportional example needs nothing else); skirmishers are nimble in rough terrain; cavalry is fast in the open, may not cross extreme slopes and pays more in forest and swamp; limbered artillery cannot enter swamps or cross extreme slopes; leaders (and HQs, 10.0c) are the fastest (MA 12, so a 10-MP-per-turn aide route of 10.1e is a little slower than a leader). Hexside costs that the Line row gives as P (creek, river, lake) stay P for everyone; tributaries stay 'all' for formed troops."),
      MV_COLS, mv_prov_rows, key="unit", rules=["11.0a", "16.1", "16.2", "24.0", "Movement Chart"], note=MV_NOTE)

# ------------------------------------------------------------------ fire points
INF_COLS = [col("row", "string"), col("formation", "string"), col("range", "string"),
            col("A", "ratio", "A (and larger: fire levels above A fire as A, 6.5c)"), col("B", "ratio"), col("C", "ratio")]
inf_rule = [["line-cc", "Line", "Close Combat", 6, 6, 3], ["line-1", "Line", "1 Hex", 2, 2, 1],
            ["french-column-cc", "French \"Mixed\" Column", "Close Combat", 5, 4, 2],
            ["french-column-1", "French \"Mixed\" Column", "1 Hex", 2, 1, 1],
            ["column-cc", "Non-French Column", "Close Combat", 4, 2, 2],
            ["column-1", "Non-French Column", "1 Hex", cell(1, RB(["25.2"], "From the 25.2 example: an A-strength non-French column at range one gives 1 fire point (column 1, shifted +3 to column 4).")), M, M],
            ["square-cc", "Square", "Close Combat", M, M, M], ["square-1", "Square", "1 Hex", M, M, M]]
INF_NOTE = "Small arms fire points per firing unit by fire level and range (20.1, 23.1h); a hex fires at most one A (20.2a, 12.3). ERR-20 (Part Four) eliminates the separate Square-vs-Cavalry table: the one Square table serves all square fires, with the +1 cavalry-target modifier. Disorganized firers: halve the total and round down (20.1). " + ERRATA_NOTE
chart("small-arms-chart", "Fire Point Tables: infantry small arms (fire levels A, B, C)",
      RB(["20.1", "23.1h", "Fire Point Tables"], "Part Three prints the Line, French Mixed Column and Non-French Column close-combat rows; the Non-French Column 1-hex row and the Square table are not in the text (the A cell of the non-French column at 1 hex comes from the 25.2 example)."),
      INF_COLS, inf_rule, key="row", rules=["20.1", "23.1h", "11.3"], note=INF_NOTE)
inf_prov = []
PV_INF = {"column-1": [1, 1, "1/2"], "square-cc": [2, 2, 1], "square-1": [1, 1, "1/2"]}
for r in inf_rule:
    if r[0] in PV_INF:
        cells = r[:1] + [cell(x, RB(["Fire Point Tables"], "Row label as printed." if r[0] != "column-1" else "Row label as printed.")) if r[0] == "column-1" else cell(x, RB(["Fire Point Tables", "Errata: Charts & Tables"], "The one Square table left by ERR-20.")) for x in r[1:3]]
        for j, v in enumerate(PV_INF[r[0]]):
            k = r[3 + j]
            cells.append(k if isinstance(k, dict) else v)
        inf_prov.append(cells)
    else:
        inf_prov.append(row(r, RB(["Fire Point Tables"], "As printed.")))
chart("small-arms-chart-provisional", "Fire Point Tables: infantry small arms (provisional completion)",
      PV("Stands in for the Non-French Column 1-hex row (B and C) and the Square table, which the text does not contain. Printed rows and the 25.2 example cell keep rulebook provenance. Made here: a non-French column never out-fires the French mixed column (B 1, C 1/2 against 1, 1); a square, with a quarter of its men facing any one side, fires like a weak column (close combat 2, 2, 1; one hex 1, 1, 1/2)."),
      INF_COLS, inf_prov, key="row", rules=["20.1", "23.1h", "11.3"], note=INF_NOTE)

chart("skirmisher-fire-points", "Fire Point Tables: skirmishers",
      RB(["11.5", "20.1", "Fire Point Tables"], "Transcribed from the chart in Part Three; complete."),
      [col("row", "string"), col("nationality", "string"), col("range", "string"), col("full", "ratio", "Full strength"), col("reduced", "ratio", "Reduced strength")],
      [["french-cc", "French", "Close Combat", 3, 2], ["french-1", "French", "1 Hex", 2, 1],
       ["nonfrench-cc", "Non-French", "Close Combat", 2, 1], ["nonfrench-1", "Non-French", "1 Hex", 1, "1/2"]],
      key="row", rules=["11.5", "20.1"])

ART_COLS = [col("gun_points", "int", "Gun Points"), col("close_combat", "ratio", "Close Combat"), col("1", "ratio", "1 hex"),
            col("2", "ratio", "2 hexes"), col("3", "ratio", "3 hexes"), col("4", "ratio", "4 hexes"),
            col("5-6", "ratio", "5-6 hexes"), col("7-8", "ratio", "7-8 hexes")]
HEAVY = [[5, 10, 5, 4, 3, 2, 1, "1/2"], [4, 8, 4, 3, 2, 2, 1, "1/2"], [3, 6, 3, 3, 2, 1, "1/2", "1/2"]]
LIGHT = [[5, 10, 5, 4, 2, 1, 1, "1/2"], [4, 8, 4, 3, 1, 1, "1/2", 0], [3, 6, 3, 2, 1, "1/2", 0, 0]]
for kind, printed, small in [("heavy", HEAVY, [[2, 4, 2, 2, 1, "1/2", "1/2", 0], [1, 2, 1, 1, "1/2", "1/2", 0, 0]]),
                             ("light", LIGHT, [[2, 4, 2, 1, "1/2", 0, 0, 0], [1, 2, 1, "1/2", 0, 0, 0, 0]])]:
    rows_ = [row(r, RB(["27.3", "Fire Point Tables"], "As printed.")) for r in printed] + small
    chart(f"{kind}-artillery-fire-points-provisional", f"{kind.title()} Artillery fire points by range (provisional completion)",
          PV(f"Stands in for the 2- and 1-gun-point rows (detached batteries, 27.1) that the text does not contain; rows 5-3 are nbs/{kind}-artillery-fire-points as printed. Made here: roughly 2/5 and 1/5 of the 5-GP row, rounded so that no cell exceeds the row above it or the cell to its left, with 0 where the 3-GP row already falls to 1/2 or 0."),
          ART_COLS, rows_, rules=["20.1", "27.3"],
          note="Selective fire at enemy artillery not on top of its stack is x1/2 (Fire Point Tables note, 20.2g).")

# ------------------------------------------------------------------ fire modifiers
MOD_COLS = [col("id", "string"), col("line", "int", "Printed line (each line applies at most once per combat, 20.3b)"),
            col("modifier", "int", "Fire Table column shift"), col("condition", "string")]
E21 = RB(["Fire Table Modifiers", "Errata: Charts & Tables"], "ERR-21 (Part Four): the cavalry-target modifier is +1 instead of the printed +3; column, massed and square stay +3.")
chart("fire-modifiers", "Fire Table Modifiers: Regular Fires",
      RB(["20.0", "20.3", "Fire Table Modifiers"], "Transcribed from the list in Part Three, one row per condition, with ERR-21 applied."),
      MOD_COLS,
      [["up_slope", 1, -1, "Up Slope or Extreme Slope (only if every fire crosses a slope hexside, 20.3c)"],
       ["target_skirmisher_only", 2, -2, "Target is skirmishers only"],
       ["target_protected_terrain", 2, -2, "Target in Protected Terrain (town, city or walled farm)"],
       ["target_skirmisher_only_in_protected_terrain", 3, -3, "Target is skirmishers only, in Protected Terrain"],
       ["target_skirmisher_only_in_forest", 3, -3, "Target is skirmishers only, in forest"],
       ["sunken_road_or_trench", 4, -2, "Sunken road or trench, for a target in line or skirmishers"],
       ["night", 5, -3, "Night"],
       ["redoubt", 6, -4, "Target is infantry, skirmishers and/or artillery in a redoubt"],
       ["defender_fire_struck_in_flank", 7, -5, "Defender's fire in close combat or a cavalry charge when struck in the flank"],
       ["target_limbered", 8, 3, "Target is limbered"],
       ["flank_target", 8, 3, "Flank target"],
       ["target_routed", 8, 3, "Target is routed"],
       ["target_disorganized", 8, 3, "Target is disorganized"],
       row(["target_cavalry", 9, 1, "Target is cavalry"], E21, "Printed +3 on the same line as column, massed and square."),
       ["target_column", 9, 3, "Target in column"],
       ["target_massed", 9, 3, "Target massed (AA or more in the hex)"],
       ["target_square", 9, 3, "Target in square"]],
      rules=["20.0", "20.3", "13.0b"],
      note="Shifts the Fire Combat Table column, not the roll; total all modifiers first; shifts beyond the table use the last column (20.0). Each printed line applies at most once per combat (20.3b): on line 9 the cavalry condition gives +1 and the others +3 (how the two combine on one line is left to the rules: digest 8.4 item 21). Lines 2 and 3 overlap for skirmisher-only targets (digest 8.4 item 20). Terrain modifiers apply only to the defender in close combat. " + ERRATA_NOTE)

chart("cavalry-fire-modifiers", "Fire Table Modifiers: Exclusively Cavalry Fires",
      RB(["24.0", "24.1", "Fire Table Modifiers"], "Transcribed from the list in Part Three."),
      MOD_COLS,
      [["defender_fire_struck_in_flank", 1, -5, "Defender's fire when struck in the flank"],
       ["target_heavy_cavalry_only", 2, -3, "Target is exclusively heavy cavalry"],
       ["firer_heavy_or_mixed_cavalry", 3, 1, "Firer is heavy cavalry or a mix of heavy and light cavalry"]],
      rules=["24.0", "24.1"],
      note="For cavalry attacks (Cavalry Attack Table) when only cavalry fires; with other firers use nbs/fire-modifiers (24.0).")

# ------------------------------------------------------------------ fire combat table
FC_KEYS = ["1-"] + [str(c) for c in range(2, 17)] + ["17+"]
FC_CODES = ["NE", "MC Up Two", "MC Up One", "MC", "1", "1, (1)", "2, (1)", "2, (2)", "3, (2)", "3, (3)", "4, (3)"]
FC_NOTE = ("Stored expanded: one row per printed fire point column, one column per 11..66 roll. Results: NE no effect; MC a morale check; 'MC Up One'/'MC Up Two' a morale check shifted one or two rows (20.4a); 'c, (s)' c casualties (bold on the printed chart) and s stragglers, every numeric result also calling for a morale check. "
           "Any roll of 55 or 66 kills a leader in the target hex (20.4d), whatever the cell. Fractional totals use the '1 or less' column (20.2f); shifted columns stop at the ends of the table (20.0).")
known_fc = {("4", "12"): ("MC", "25.2 example: column 4 (1 fire point +3 square), roll 12, a Morale Check."),
            ("4", "46"): ("1, (1)", "20.4 example 1: column 4, roll 46, 1 casualty and 1 straggler."),
            ("10", "44"): ("2, (1)", "25.2 example: column 10 (7 fire points +3 flank), roll 44, 2 casualties and 1 straggler."),
            ("13", "65"): ("3, (2)", "20.4 example 2: column 13 (10 fire points +3 flank), roll 65, 3 casualties and 2 stragglers.")}
NE_PRINTED = {"1-": 33, "2": 24, "3": 11}
fc_rule = []
for k in FC_KEYS:
    cells = []
    for r in ROLLS:
        if k in NE_PRINTED and IDX[r] <= IDX[str(NE_PRINTED[k])]:
            cells.append("NE")
        elif (k, r) in known_fc:
            v, n = known_fc[(k, r)]
            cells.append(cell(v, RB(["20.4", "25.2"], n)))
        else:
            cells.append(M)
    fc_rule.append([k] + cells)
chart("fire-combat-table", "Fire Combat Table",
      RB(["20.0", "20.4", "Fire Combat Table"], "Part Three prints only the start of the No Effect row (11..33 in the '1 or less' column, 11..24 in column 2, 11 in column 3; the '11' may itself be cut short) and none of the other result rows. Four cells come from the worked examples of 20.4 and 25.2; everything else is \"missing\"."),
      [col("fire_points", "die_range", "Fire points after column shifts")] + ROLL_COLS("result"),
      fc_rule, rules=["20.0", "20.4"], dice="d66", note=FC_NOTE)

FC_COUNTS = {"1-": [("NE", 15), ("MC Up Two", 9), ("MC Up One", 6), ("MC", 4), ("1", 2)],
             "2": [("NE", 10), ("MC Up Two", 8), ("MC Up One", 7), ("MC", 7), ("1", 3), ("1, (1)", 1)],
             "3": [("NE", 1), ("MC Up Two", 7), ("MC Up One", 8), ("MC", 10), ("1", 6), ("1, (1)", 4)]}
FC_T = [(0, "MC Up One"), (1, "MC"), (13, "1"), (20, "1, (1)"), (31, "2, (1)"), (38, "2, (2)"), (44, "3, (2)"), (54, "3, (3)"), (59, "4, (3)")]
def fc_prov(k, i):
    if k in FC_COUNTS:
        seq = []
        for v, n in FC_COUNTS[k]:
            seq += [v] * n
        assert len(seq) == 36
        return seq[i]
    c = 17 if k == "17+" else int(k)
    t = i + 2 * (c - 4)
    v = None
    for lo, code in FC_T:
        if t >= lo:
            v = code
    return v
fc_pv = []
grid = {}
for ri, k in enumerate(FC_KEYS):
    cells = []
    for i, r in enumerate(ROLLS):
        v = fc_prov(k, i)
        grid[(ri, i)] = FC_CODES.index(v)
        rc = fc_rule[ri][1 + i]
        if rc != M:
            rv = rc["value"] if isinstance(rc, dict) else rc
            assert rv == v, (k, r, rv, v)
            cells.append(rc if isinstance(rc, dict) else cell(v, RB(["Fire Combat Table"], "No Effect row as printed.")))
        else:
            cells.append(v)
    fc_pv.append([k] + cells)
for ri in range(len(FC_KEYS)):
    for i in range(36):
        if i > 0:
            assert grid[(ri, i)] >= grid[(ri, i - 1)], ("roll mono", ri, i)
        if ri > 0:
            assert grid[(ri, i)] >= grid[(ri - 1, i)], ("col mono", ri, i)
chart("fire-combat-table-provisional", "Fire Combat Table (provisional completion)",
      PV("Stands in for the Fire Combat Table, which the text truncates after three cells of the No Effect row. Printed cells and the four example cells keep rulebook provenance. Made here: columns '1 or less' to 3 extend the printed No Effect ranges with weak morale-check results (MC Up Two, MC Up One, MC) and a rare casualty; from column 4 on (where the printed No Effect row is empty) every column reads the same ladder of results two rolls further along than the column before (position = roll index + 2 x (column - 4); thresholds 0 MC Up One, 1 MC, 13 '1', 20 '1, (1)', 31 '2, (1)', 38 '2, (2)', 44 '3, (2)', 54 '3, (3)', 59 '4, (3)'). Results never get milder with a higher roll or a higher column. Chosen to agree with every worked example: column 4 roll 12 MC, column 4 roll 46 '1, (1)', column 10 roll 44 '2, (1)', column 13 roll 65 '3, (2)'."),
      [col("fire_points", "die_range", "Fire points after column shifts")] + ROLL_COLS("result", FC_CODES),
      fc_pv, rules=["20.0", "20.4"], dice="d66", note=FC_NOTE)

# ------------------------------------------------------------------ morale
chart("generic-morale-values", "Generic Morale Values Chart",
      RB(["25.2b", "Generic Morale Values Chart"], "Transcribed from the chart in Part Three; complete."),
      [col("unit", "string", "Unit & Type"), col("morale", "string")],
      [["Horse Artillery", "B"], ["Guard Artillery (Foot or Horse)", "A"], ["Other Artillery", "C"],
       ["French Skirmishers", "B"], ["Non-French Skirmishers", "C"]],
      rules=["25.2b", "11.5"], note="Used only when no other unit in the hex can make the check.")

chart("blood-lust-check", "Blood Lust Morale Check",
      RB(["25.2c", "Blood Lust Morale Check"], "Transcribed from the chart in Part Three; complete."),
      [col("roll", "die_range"), col("result", "result", codes=["No Effect", "Remove Blood Lust"])],
      [["11-43", "No Effect"], ["44-66", "Remove Blood Lust"]], rules=["25.2c", "25.5"], dice="d66",
      note="No modifiers apply. Rolls are 11..66 sequential rolls (5.3), compared as the two-digit number.")

chart("rally", "Rally Diagram",
      RB(["25.5", "Rally Diagram"], "Transcribed from the diagram in Part Three."),
      [col("from", "string"), col("to", "string"), col("method", "string"), col("die_needed", "string", "One die (plus the rating of a leader in the hex) needed, or '-'")],
      [["Routed", "Disorganized", "roll one die, add the rating of a stacked leader", "5+"],
       ["Disorganized", "Shaken", "automatic", "-"],
       ["Shaken", "Normal", "automatic", "-"],
       ["Blood Lust", "Normal", "automatic if not adjacent to the enemy; otherwise the Blood Lust Morale Check", "-"]],
      key="from", rules=["25.5"], dice="1d6")

chart("morale-state-effects", "Morale State Effects",
      RB(["25.1a", "Morale State Effects"], "Transcribed from the chart in Part Three; NE = no effect."),
      [col("state", "string"), col("fire", "string"), col("movement", "string"), col("close_combat", "string")],
      [["Blood Lust", "NE", "NE", "Yes"], ["Normal", "NE", "NE", "Yes"], ["Shaken", "NE", "NE", "No"],
       ["Disorganized", "1/2 (round down)", "1/2 (round up)", "No"], ["Routed", "No", "Special (25.1b)", "No"]],
      rules=["25.1a"])

MR_COLS = [col("column", "int", "Morale Table column"), col("result", "result", codes=["BL", "NE", "Sh", "DG", "R"]),
           col("retreat", "int", "Retreat hexes"), col("stragglers", "int", "Straggler SPs")]
MR_NOTE = "The result heads of the Morale Table: BL Blood Lust, NE no effect, Sh Shaken, DG Disorganized, R Routed. '-' on the printed chart is written 0. Stragglers apply to infantry only and are casualties in a cavalry charge resolution (25.2e, 24.1j); retreats are in hexes (25.3a)."
MR_RES = ["BL", "NE", "Sh", "Sh", "Sh", "Sh", "DG", "DG", "DG", "R", "R"]
MR_RET = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
MR_STR = [0, 0, 0, 1, 1, 2, 2]
chart("morale-table-results", "Morale Table: results by column",
      RB(["25.2", "Morale Table"], "Transcribed from the head of the Morale Table in Part Three. The stragglers line prints seven values; columns 8 to 11 are not in the text."),
      MR_COLS, [[c + 1, MR_RES[c], MR_RET[c], MR_STR[c] if c < 7 else M] for c in range(11)],
      key="column", rules=["25.2", "25.3"], note=MR_NOTE)
MR_PV_STR = {8: 2, 9: 3, 10: 3, 11: 4}
chart("morale-table-results-provisional", "Morale Table: results by column (provisional completion)",
      PV("Stands in for the straggler cells of columns 8 to 11, which the text truncates. Printed cells keep rulebook provenance. Made here: columns 8 and 9 (both DG, retreat 2) and 10 and 11 (both R, retreat 2) must differ in stragglers or the chart would not print them apart; 2, 3, 3, 4 continues the printed 0, 0, 0, 1, 1, 2, 2 and gives column 11 the 4 stragglers of the 25.2 example (bottom row, roll 66: Routed, retreat 2, 4 SPs lost)."),
      MR_COLS, [row([c + 1, MR_RES[c], MR_RET[c], MR_STR[c]], RB(["Morale Table"], "As printed.")) if c < 7 else
                [c + 1, cell(MR_RES[c], RB(["Morale Table"], "As printed.")), cell(MR_RET[c], RB(["Morale Table"], "As printed.")), MR_PV_STR[c + 1]]
                for c in range(11)],
      key="column", rules=["25.2", "25.3"], note=MR_NOTE)

MT_COLS = [col("row", "string", "Morale row (A-E as printed; unlabelled rows named from their neighbours)"),
           col("rows_below_c", "int", "Position: rows below the C row (negative = above)")] + ROLL_COLS("int")
MT_NOTE = ("Stored expanded: one row per morale row, top to bottom, one column per 11..66 roll; the cell is the Morale Table column (1-11) whose range holds the roll, read against nbs/morale-table-results. "
           "Procedure (25.2): start at the unit's morale row, move up one row per + and down one per - of the total modifiers, roll 11..66. The printed rows include unlabelled '-' rows above and below A-E; here they are named A+1, A+2... (above A) and E-1, E-2... (below E), and the last row 'bottom'.")
chart("morale-table", "Morale Table",
      RB(["25.2", "Morale Table"], "Part Three prints only the head of the Morale Table (results, retreats, part of the stragglers; see nbs/morale-table-results): every dice range and the unlabelled rows are missing. Known structure: B lies directly above C and the bottom row lies 6 rows below C (both from the 25.2 example); the positions of A, D and E are not stated. The 25.2 example also gives B roll 56 = a Shaken result and bottom roll 66 = Routed, retreat 2, 4 stragglers, but not which column: those cells are missing too."),
      MT_COLS,
      [["A", M] + [M] * 36,
       ["B", cell(-1, RB(["25.2"], "25.2 example: a C unit with +1 uses the B row."))] + [M] * 36,
       ["C", 0] + [M] * 36, ["D", M] + [M] * 36, ["E", M] + [M] * 36,
       ["bottom", cell(6, RB(["25.2"], "25.2 example: dropping 6 rows from the C row gives the bottom row."))] + [M] * 36],
      key="row", rules=["25.2", "26.3a", "8.5"], dice="d66", note=MT_NOTE)

MT_NAMES = ["A+3", "A+2", "A+1", "A", "B", "C", "D", "E", "E-1", "E-2", "E-3", "bottom"]
MT_T = [(0, 1), (3, 2), (41, 3), (47, 4), (51, 5), (55, 6), (59, 7), (63, 8), (67, 9), (71, 10), (75, 11)]
def mt_col(r, i):
    p = i + 4 * r
    v = None
    for lo, c in MT_T:
        if p >= lo:
            v = c
    return v
mt_rows = []
for r, name in enumerate(MT_NAMES):
    pos = r - 5
    vals = [mt_col(r, i) for i in range(36)]
    for i in range(1, 36):
        assert vals[i] >= vals[i - 1]
    if name in ("B", "bottom"):
        pos_cell = cell(pos, RB(["25.2"], "25.2 example."))
    elif name == "C":
        pos_cell = cell(pos, RB(["25.2"], "The reference row."))
    else:
        pos_cell = pos
    mt_rows.append([name, pos_cell] + vals)
assert mt_col(4, IDX["56"]) == 3 and mt_col(11, IDX["66"]) == 11
chart("morale-table-provisional", "Morale Table (provisional completion)",
      PV("Stands in for the Morale Table body, which the text does not contain. Made here: three unlabelled rows above A (as the Straggler Recovery Table has), A-E in order, and four unlabelled rows below E so that the bottom row lies 6 below C (25.2 example). Row r (0 = top) reads position p = roll index (11 -> 0 ... 66 -> 35) + 4r against fixed thresholds: p 0-2 column 1 (BL), 3-40 column 2 (NE), 41-46 column 3, 47-50 column 4, 51-54 column 5, 55-58 column 6, 59-62 column 7, 63-66 column 8, 67-70 column 9, 71-74 column 10, 75+ column 11. Higher rolls and lower rows are never better. Chosen to agree with the 25.2 example: row B roll 56 -> column 3 (Shaken, no retreat, no stragglers); bottom row roll 66 -> column 11 (Routed, retreat 2, 4 stragglers with nbs/morale-table-results-provisional). Shifts beyond the top or bottom row stop there."),
      MT_COLS, mt_rows, key="row", rules=["25.2", "26.3a", "8.5"], dice="d66", note=MT_NOTE)

MM_COLS = [col("id", "string"), col("modifier", "int", "Rows up (+) or down (-)"),
           col("multiplier", "string", "What the modifier is multiplied by ('-' = applied once)"), col("condition", "string")]
LEADER = ["leader", 1, "leader rating - 1", "Leader in the hex (the most senior one only, 26.3a); a 0 leader gives one row down"]
WREL = lambda lst: row(["wrecked_elite_division", -1, "elite value of each wrecked elite division in the army", "Wrecked elite divisions (25.6)"],
                       RB(["25.6"], f"Not on the printed {lst} list; 25.6 applies the elite value of every wrecked elite division to all morale checks. Austerlitz names no elite divisions."))
def mm(name, title, rules, rows_, extra_note=""):
    chart(f"morale-modifiers-{name}", f"Morale Modifiers: {title}",
          RB(rules + ["Morale Modifiers"], f"Transcribed from the {title} list in Part Three." + extra_note),
          MM_COLS, rows_, rules=rules,
          note="Total all modifiers and shift the morale row by the total, + up (25.2). 'in place of' rows replace the plain wrecked-brigade row.")
mm("standard", "Standard", ["25.2", "20.4"],
   [LEADER,
    ["skirmisher_in_protective_terrain", 2, "-", "Checking unit is a skirmisher in Protective Terrain"],
    ["elite_division", 1, "-", "Checking unit belongs to an elite division"],
    ["square", 1, "-", "Checking unit is in square"],
    ["protective_terrain", 1, "-", "Checking unit is in Protective Terrain and is not a skirmisher"],
    ["shaken", -1, "-", "Checking unit is Shaken"],
    ["disorganized", -2, "-", "Checking unit is Disorganized"],
    ["night", -2, "-", "Night"],
    ["blown_cavalry", -2, "-", "Checking unit is blown cavalry"],
    ["wrecked_brigade", -2, "-", "Checking unit is a wrecked brigade"],
    ["wrecked_brigade_of_wrecked_division", -3, "-", "Checking unit is a wrecked brigade of a wrecked division (in place of wrecked_brigade)"],
    row(["flank_target", -3, "-", "Checking unit was a flank target"], RB(["13.0b", "25.2"], "Not on the printed list; 13.0b applies the flank modifiers to the Morale Table and the 25.2 example uses -3 for a flank target.")),
    WREL("Standard")], " Two rows the rules add elsewhere carry their own provenance.")
mm("close-combat", "Close Combat", ["23.0"],
   [["elite_division", 2, "-", "Checking unit belongs to an elite division"],
    ["skirmisher_in_protective_terrain", 2, "-", "Checking unit is a skirmisher in Protective Terrain"],
    ["french_column_attacking", 1, "-", "Checking unit is a French column in the attack"],
    ["protective_terrain", 1, "-", "Checking unit is in Protective Terrain and is not a skirmisher"],
    LEADER,
    ["shaken", -1, "-", "Checking unit is Shaken"],
    ["line", -1, "-", "Checking unit is in line"],
    ["attacker", -1, "-", "Checking unit is a close combat attacker (not for attackers in column)"],
    ["disorganized", -2, "-", "Checking unit is Disorganized"],
    ["night", -2, "-", "Night"],
    ["blown_cavalry", -2, "-", "Checking unit is blown cavalry"],
    WREL("Close Combat")])
mm("charge-resolution", "Charge Resolution (attacker or defender)", ["24.1"],
   [["elite_division", 2, "-", "Checking unit belongs to an elite division"],
    ["defender_in_square", 2, "-", "Defender in square"],
    ["attacking_heavy_cavalry", 2, "-", "Attacking heavy cavalry"],
    LEADER,
    ["shaken", -1, "-", "Checking unit is Shaken"],
    ["line", -1, "-", "Checking unit is in line"],
    ["disorganized", -2, "-", "Checking unit is Disorganized"],
    ["blown_cavalry", -2, "-", "Checking unit is blown cavalry"],
    ["wrecked_brigade", -2, "-", "Checking unit is a wrecked brigade"],
    ["defender_not_square", -2, "-", "Defender (except in square)"],
    ["wrecked_brigade_of_wrecked_division", -3, "-", "Checking unit is a wrecked brigade of a wrecked division (in place of wrecked_brigade)"],
    WREL("Charge Resolution")])
mm("square-check", "Square Check", ["8.5", "11.6b"],
   [LEADER,
    ["elite_division", 1, "-", "Checking unit belongs to an elite division"],
    ["charge_declared_3_or_more_hexes", 1, "-", "The check is made because of a cavalry charge declared 3 or more hexes from the checking unit"],
    ["shaken", -1, "-", "Checking unit is Shaken"],
    ["line", -1, "-", "Checking unit is in line"],
    ["reaction_charge", -2, "-", "Checking unit attempts square because of a reaction charge"],
    ["wrecked_brigade", -2, "-", "Checking unit is a wrecked brigade"],
    ["wrecked_brigade_of_wrecked_division", -3, "-", "Checking unit is a wrecked brigade of a wrecked division (in place of wrecked_brigade)"],
    ["wrecked_elite_division", -1, "elite value of each wrecked elite division in the army", "Each wrecked elite division in the checking unit's army"]])

STATES = ["Normal", "Blood Lust", "Shaken", "Disorganized", "Routed"]
ADD = {"Normal": ["Blood Lust", "Shaken", "Disorganized", "Routed"],
       "Blood Lust": ["Blood Lust", "Blood Lust", "Normal", "Shaken"],
       "Shaken": ["Blood Lust", "Shaken", "Disorganized", "Routed"],
       "Disorganized": ["Normal", "Disorganized", "Routed", "Routed"],
       "Routed": ["Shaken", "Routed", "Routed", "Routed"]}
chart("morale-additive-effects", "Additive morale effects",
      RB(["25.4"], "From 25.4: DG + DG = R, DG + BL = Normal, R + BL = Sh, Sh + BL = BL; otherwise the worse of the two states, or no change when they are equal. A Normal stack simply takes the new result."),
      [col("state", "string", "Current state of the stack")] + [col(r, "result", f"New result {r}", codes=STATES) for r in ["BL", "Sh", "DG", "R"]],
      [[s] + ADD[s] for s in STATES], key="state", rules=["25.4"],
      note="Additive effects never add retreats or straggler losses (25.4). Momentary stacks adopt the worst state instead (25.3c).")

# ------------------------------------------------------------------ stragglers
SR_NAMES = ["A+3", "A+2", "A+1", "A", "B", "C", "D or E"]
SR = {"A+3": [(11, 14, 0), (15, 46, 1), (51, 66, 2)], "A+2": [(11, 22, 0), (23, 52, 1), (53, 66, 2)],
      "A+1": [(11, 33, 0), (34, 56, 1), (61, 66, 2)], "A": [(11, 43, 0), (44, 64, 1), (65, 66, 2)],
      "B": [(11, 53, 0), (54, 66, 1)], "C": [(11, 63, 0), (64, 66, 1)]}
SR_COLS = [col("row", "string", "Morale row (the three rows above A are unlabelled on the chart)")] + ROLL_COLS("int")
SR_NOTE = "Stored expanded: one row per printed row, one column per 11..66 roll; the cell is the number of straggler SPs recovered (0, 1 or 2). Row shifts: nbs/straggler-recovery-shifts. Eligibility: 21.2 a-f."
chart("straggler-recovery-table", "Straggler Recovery Table",
      RB(["21.2", "Straggler Recovery Table"], "Transcribed from the chart in Part Three. The D or E row is empty in the text, so its cells are missing."),
      SR_COLS, [[n] + (expand(SR[n]) if n in SR else [M] * 36) for n in SR_NAMES], key="row", rules=["21.2"], dice="d66", note=SR_NOTE)
chart("straggler-recovery-table-provisional", "Straggler Recovery Table (provisional completion)",
      PV("Stands in for the D or E row, which is empty in the text. Made here: no recovery on any roll, continuing the printed pattern (the upper end of the 0 range rises 14, 22, 33, 43, 53, 63 row by row, so the next row covers every roll). The printed rows keep rulebook provenance."),
      SR_COLS, [row([n] + expand(SR[n]), RB(["Straggler Recovery Table"], "As printed.")) if n in SR else [n] + [0] * 36 for n in SR_NAMES],
      key="row", rules=["21.2"], dice="d66", note=SR_NOTE)
chart("straggler-recovery-shifts", "Straggler Recovery Table row shifts",
      RB(["21.2", "Straggler Recovery Table"], "From the shifts printed under the chart."),
      MM_COLS[:3] + [col("condition", "string")],
      [["leader", 1, "leader rating - 1", "Stacked with a leader"], ["no_leader", -1, "-", "Not stacked with a leader"],
       ["night", 2, "-", "Attempted at night"]], rules=["21.2"],
      note="+ = up the chart (more recovery).")

chart("gun-loss-table", "Gun Loss Table",
      RB(["27.4", "Gun Loss Table"], "Transcribed from the chart in Part Three; complete."),
      [col("roll", "die_range"), col("gun_points_lost", "int")],
      [["1-3", 0], ["4", 1], ["5", 2], ["6", 3]], rules=["27.4"], dice="1d6",
      note="Rolled for artillery that must limber in close combat or a cavalry charge resolution; unlimbered guns must limber to retreat.")

ST = {"A": [(1, 5, 0), (6, 9, 1)], "B": [(1, 3, 0), (4, 7, 1), (8, 9, 2)], "C": [(1, 2, 0), (3, 6, 1), (7, 9, 2)],
      "D": [(1, 5, 1), (6, 8, 2), (9, 9, 3)], "E": [(1, 3, 1), (4, 6, 2), (7, 9, 3)]}
def st_row(m):
    out = {}
    for lo, hi, v in ST[m]:
        for x in range(lo, hi + 1):
            out[x] = v
    return [m] + [out[x] for x in range(1, 10)]
chart("straggler-table", "Straggler Table",
      RB(["21.1", "Straggler Table"], "Transcribed from the chart in Part Three; complete."),
      [col("morale", "string")] + [col(str(x), "int", f"Modified roll {x}" + (" or less" if x == 1 else (" or more" if x == 9 else ""))) for x in range(1, 10)],
      [st_row(m) for m in "ABCDE"], key="morale", rules=["21.1", "10.4", "18.0b"], dice="1d6",
      note="Stored expanded: one column per modified die roll; the cell is straggler SPs. The printed ranges ('5 or less', '6-9', ...) end at 9; blank printed cells are results that cannot occur. Modifiers: nbs/straggler-table-modifiers. Used only for emergency corps retreat (10.4) and forced march (18.0).")
chart("straggler-table-modifiers", "Straggler Table modifiers",
      RB(["21.1", "Straggler Table"], "From the modifiers printed under the chart."),
      [col("id", "string"), col("modifier", "int"), col("condition", "string")],
      [["disorganized", 1, "Unit is DG"], ["routed_wrecked_or_night", 2, "Unit is Routed or Wrecked, or it is night"]],
      rules=["21.1"], note="The +2 line names three conditions; the printed ranges stop at 9 (6 + 1 + 2), which suggests it applies once.")

# ------------------------------------------------------------------ close combat
chart("odds-strength", "Odds Table Strength Determination",
      RB(["23.0", "Odds Table Strength Determination"], "Transcribed from the chart in Part Three; complete."),
      [col("formation", "string")] + [col(c, "int") for c in ["AA+", "AB", "A", "B", "C"]],
      [["Line", 6, 5, 4, 2, 1], ["Column", 12, 10, 8, 4, 2], ["Square", 4, 3, 2, 1, 1]],
      key="formation", rules=["23.0", "23.1j"], note="AA+ = AA or more; strength over AA has no further effect (23.1j). Other units and the terrain doubling: nbs/odds-strength-other.")
chart("odds-strength-other", "Odds Table Strength Determination: other units and terrain",
      RB(["23.0", "Odds Table Strength Determination"], "From the notes printed with the chart."),
      [col("id", "string"), col("kind", "string", "strength or multiplier"), col("value", "ratio")],
      [["skirmisher_full", "strength", 2], ["skirmisher_reduced", "strength", 1],
       ["artillery_unlimbered", "strength", "1/4"], ["artillery_limbered", "strength", "1/8"],
       ["defender_in_protective_position", "multiplier", 2]],
      rules=["23.0"], note="The defender's strength is doubled in a sunken road, redoubt, walled farm, town or trench. Skirmishers count wherever they are in the stack (11.5h D).")
ODDS_COLS = [col("die", "die_range", "Modified die roll")] + [col(c, "result", codes=["-", "1/2", "A"]) for c in ["1:2", "1:1", "2:1", "3:1", "4:1+"]]
ODDS_NOTE = "'-' the defender wins; 'A' the attacker wins; '1/2' roll one more die (nbs/odds-half-result). The loser retreats one hex (23.0 F). Die roll modifiers: nbs/odds-drm."
ODDS = [["1-", "-", "-", "-", "-", "1/2"], ["2", "-", "-", "-", "1/2", "A"], ["3", "-", "-", "1/2", "A", "A"], ["4", "-", "1/2", "A", "A", "A"]]
chart("odds-table", "Odds Table",
      RB(["23.0", "Odds Table"], "Part Three prints rows 1 or less to 4 in full and only the 1:2 cell of row 5; row 5's other cells and any row above 5 are not in the text. A 6+ row is listed because an unmodified 6 (and modified rolls up to 8) must read somewhere; its cells are missing."),
      ODDS_COLS, ODDS + [["5", "1/2", M, M, M, M], ["6+", M, M, M, M, M]], rules=["23.0"], dice="1d6", note=ODDS_NOTE)
chart("odds-table-provisional", "Odds Table (provisional completion)",
      PV("Stands in for row 5 (except its 1:2 cell) and row 6+, which the text truncates. Made here by continuing the printed diagonal: each better odds column reaches '1/2' one row lower and 'A' the row after, so row 5 reads 1/2, A, A, A, A and row 6+ reads A in every column. Printed cells keep rulebook provenance."),
      ODDS_COLS, [row(r, RB(["Odds Table"], "As printed.")) for r in ODDS] +
      [["5", cell("1/2", RB(["Odds Table"], "As printed.")), "A", "A", "A", "A"], ["6+", "A", "A", "A", "A", "A"]],
      rules=["23.0"], dice="1d6", note=ODDS_NOTE)
chart("odds-half-result", "Odds Table '1/2' result",
      RB(["23.0", "Odds Table"], "From the result key printed under the Odds Table."),
      [col("roll", "die_range"), col("winner", "result", codes=["Attacker", "Defender"])],
      [["1-3", "Defender"], ["4-6", "Attacker"]], rules=["23.0"], dice="1d6")
chart("odds-drm", "Odds Table die roll modifiers",
      RB(["23.0", "Odds Table"], "From the die roll modifiers printed under the Odds Table."),
      [col("id", "string"), col("modifier", "int"), col("condition", "string")],
      [["defender_wrecked_brigade", 1, "Defender is a wrecked brigade"],
       ["defender_wrecked_brigade_of_wrecked_division", 2, "Defender is a wrecked brigade of a wrecked division"],
       ["attacker_wrecked_brigade", -2, "Attacker is a wrecked brigade"]], rules=["23.0"])

# ------------------------------------------------------------------ cavalry
RC_COLS = [col("morale", "string")] + [col(c, "int", n) for c, n in [("0", "Best leader in the stack 0 or none"), ("1-2", "Best leader 1-2"), ("3", "Best leader 3"), ("4", "Best leader 4")]]
RC = [["A", 3, 3, 2, 2], ["B", 4, 3, 3, 2], ["C", 5, 4, 4, 3], ["D", 6, 5, 5, 4]]
RC_NOTE = "Roll this or more on one die to recall the charge (24.1 C). Modifiers: nbs/recall-modifiers."
chart("recall-table", "Recall Attempt Table",
      RB(["24.1", "Recall Attempt Table"], "Transcribed from the chart in Part Three; it prints rows A-D and no E row."),
      RC_COLS, RC, key="morale", rules=["24.1"], dice="1d6", note=RC_NOTE)
chart("recall-table-provisional", "Recall Attempt Table (provisional completion)",
      PV("Adds an E row, which the printed chart does not have, so that E-rated cavalry can attempt a recall. Made here by continuing each column one step worse than D, capped at 6: 6, 6, 6, 5. Rows A-D are as printed."),
      RC_COLS, [row(r, RB(["Recall Attempt Table"], "As printed.")) for r in RC] + [["E", 6, 6, 6, 5]],
      key="morale", rules=["24.1"], dice="1d6", note=RC_NOTE)
chart("recall-modifiers", "Recall Attempt Table modifiers",
      RB(["24.1", "Recall Attempt Table"], "From the note printed with the chart."),
      [col("id", "string"), col("modifier", "int"), col("condition", "string")],
      [["british_not_kgl", -1, "Cavalry recalling is British and not of the King's German Legion (none at Austerlitz)"]], rules=["24.1"])
chart("blown-recovery-table", "Blown Cavalry Recovery Table",
      RB(["24.2c", "Blown Cavalry Recovery Table"], "Transcribed from the chart in Part Three; complete."),
      [col("morale", "string"), col("no", "die_range", "Stays blown"), col("yes", "die_range", "Recovers")],
      [["A", "1-", "2+"], ["B", "2-", "3+"], ["C", "3-", "4+"], ["D", "4-", "5+"], ["E", "5-", "6+"]],
      key="morale", rules=["24.2c"], dice="1d6", note="One die plus nbs/blown-recovery-modifiers.")
chart("blown-recovery-modifiers", "Blown Cavalry Recovery Table modifiers",
      RB(["24.2c", "Blown Cavalry Recovery Table"], "From the modifiers printed with the chart."),
      [col("id", "string"), col("modifier", "int"), col("condition", "string")],
      [["leader_rated_2_3", 1, "Stacked with a leader rated 2 or 3"], ["leader_rated_4", 2, "Stacked with a leader rated 4"],
       ["wrecked", -1, "Unit is wrecked"]], rules=["24.2c"])

# ------------------------------------------------------------------ Austerlitz
chart("aus-loss-vp", "Austerlitz: Points for Losses",
      RB(["AUS 6.1"], "Transcribed from the table in AUS 6.1; complete."),
      [col("vp", "int", "VPs awarded to the opponent"), col("french_losses", "die_range", "French casualty SPs"), col("allied_losses", "die_range", "Allied casualty SPs")],
      [[0, "0-84", "0-89"], [5, "85-109", "90-119"], [10, "110-139", "120-149"], [15, "140-164", "150-179"],
       [20, "165-194", "180-209"], [25, "195-219", "210-239"], [30, "220-274", "240-299"], [35, "275+", "300+"]],
      key="vp", rules=["AUS 6.1", "1.1f"], note="Casualties only (the casualty track), not stragglers. Scenarios 3-5.")
chart("aus-formation-vp", "Austerlitz: Points for Wrecked Formations",
      RB(["AUS 6.2"], "Transcribed from the two tables in AUS 6.2; complete."),
      [col("formation", "string"), col("side", "string", "Side owning the formation"), col("vp", "int", "VPs to the opponent")],
      [["1 Corps", "French", 4], ["3 Corps", "French", 4], ["4 Corps", "French", 8], ["5 Corps", "French", 8],
       ["Cavalry Corps", "French", 6], ["Imperial Guard", "French", 8],
       ["AG-L", "Allied", 2], ["1-L", "Allied", 6], ["2-L", "Allied", 4], ["3-L", "Allied", 3], ["Center", "Allied", 6],
       ["Right", "Allied", 6], ["Allied Cavalry", "Allied", 5], ["Russian Imp. Gd", "Allied", 6]],
      key="formation", rules=["AUS 6.2"],
      note="Awarded when 50% or more of the formation's brigades are wrecked by casualties alone, counting original affiliations. The printed tables name both cavalry formations 'Cavalry'; they are told apart here by side.")
chart("aus-victory-levels", "Austerlitz: Balance of Victory",
      RB(["AUS 6.4"], "Transcribed from the table in AUS 6.4; complete."),
      [col("allied_minus_french", "die_range", "Allied VPs minus French VPs"), col("result", "result")],
      [["-25-", "French Massive Victory"], ["-24--18", "French Major Victory"], ["-17--10", "French Minor Victory"],
       ["-9-9", "Draw"], ["10-17", "Allied Minor Victory"], ["18-24", "Allied Major Victory"], ["25+", "Allied Massive Victory"]],
      rules=["AUS 6.4"], note="Look up with get_roll(difference).")
chart("aus-leader-loss-vp", "Austerlitz: Leader Losses",
      RB(["AUS 6.3"], "From AUS 6.3."),
      [col("event", "string"), col("effect", "string"), col("vp", "int", "VPs to the opponent (0 when the effect is a victory)")],
      [["Napoleon killed", "Allied Massive Victory at once", 0], ["Alexander killed", "French Massive Victory at once", 0],
       ["Napoleon wounded", "VPs", 20], ["Alexander wounded", "VPs", 20], ["Francis killed or wounded", "VPs", 20]],
      key="event", rules=["AUS 6.3"])
chart("aus-variant-vp", "Austerlitz: minor variants and their VP cost",
      RB(["AUS 4.1", "AUS 4.2"], "From AUS 4.1a-4.2c."),
      [col("variant", "string"), col("beneficiary", "string", "Player who receives the VPs"), col("vp", "int"), col("per", "string", "What the VPs are counted per")],
      [["AUS 4.1a", "Allied", 2, "Emperor selected"], ["AUS 4.1b", "Allied", 8, "-"], ["AUS 4.1c", "Allied", 5, "-"],
       ["AUS 4.2a", "French", 5, "-"], ["AUS 4.2b", "French", 8, "-"], ["AUS 4.2c", "French", 2, "column returned to Bagration"]],
      key="variant", rules=["AUS 4.1", "AUS 4.2"], note="4.1 options are the French player's choices (VPs to the Allied player); 4.2 options are the Allied player's (VPs to the French player).")

os.makedirs(OUT, exist_ok=True)
for name, text in FILES.items():
    json.loads(text)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        f.write(text)
print(len(FILES), "files")
