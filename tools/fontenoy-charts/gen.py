#!/usr/bin/env python3
"""Generates the Fontenoy chart files and terrain.json (docs/fontenoy-charts.md).

Usage: python3 tools/fontenoy-charts/gen.py scenarios/fontenoy   (the system folder to write).

Rule numbers: bare = series (Standard) rules, F-x = Fontenoy special rules."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import K, P, col, FILES, pair, complete_chart  # noqa: E402
import terrain  # noqa: E402

NATIONS = ["french", "dutch", "english", "hanoverian", "austrian"]
NATION_COLS = lambda ty, codes=None: [col(n, ty, n.capitalize(), codes) for n in NATIONS]  # noqa: E731


def round_half(num, den):
    """1.5b "round": add 1/2 and round down, for num/den >= 0."""
    return (2 * num + den) // (2 * den)


# ============================================================ stacking (8.0, 8.1, 10.4g, 10.11, F-3.5a)
pair("stacking", "Stacking limits outside the Terrain Effects Table",
     ["8.0", "8.1", "10.4g", "10.11a", "F-3.5a"],
     "The per-hex limits by terrain and formation are on the Terrain Effects Table (F-1.6b, F-9.1A), kept in "
     "fontenoy/terrain. These are the limits the text states elsewhere; the skirmisher limit 8.5a refers to "
     "is not given.",
     "Completes the skirmisher limit, which 8.5a mentions without a number: 4 SP of skirmishers per hex, "
     "a Road Column's own figure.",
     [col("item", "string"), col("value", "int")],
     [["road_column_sp_per_hex", K(4, ["8.1f", "10.11a"])],
      ["road_column_artillery_sp_per_hex", K(1, ["8.1i", "10.4g"])],
      ["artillery_sp_weight", K(4, ["10.4g"], "Each artillery SP counts 4 with infantry, in Road Column and for target size.")],
      ["line_min_sp_per_hex_cavalry", K(4, ["8.1a", "8.1d"], "Cavalry Line and March Column need 4 SP in each hex.")],
      ["square_min_sp", K(3, ["8.1e", "8.4g"])],
      ["line_max_hexes_infantry", K(2, ["8.1a"])],
      ["line_max_hexes_cavalry", K(3, ["8.1a"])],
      ["hook_max_hexes", K(2, ["8.1b"])],
      ["march_column_max_hexes_infantry", K(2, ["8.1d", "8.4a"])],
      ["march_column_max_hexes_cavalry", K(3, ["8.1d", "8.4a"])],
      ["redoubt_small_infantry_sp", K(8, ["F-3.5a"])],
      ["redoubt_small_artillery_sp", K(2, ["F-3.5a"])],
      ["redoubt_large_infantry_sp", K(12, ["F-3.5a"])],
      ["redoubt_large_artillery_sp", K(2, ["F-3.5a"])],
      ["skirmisher_sp_per_hex", P(4)]],
     key="item",
     note="Minimum infantry SP for a 2-hex Line or March Column: chart fontenoy/infantry-line-sp. "
          "Cavalry and skirmishers may not be inside a redoubt (F-3.5a A).")

# ============================================================ Infantry Line Formation SP Table (8.1a, 12.3c, 18.5a)
MIN2 = {3: 6, 4: 8}  # provisional: SP needed for a 2-hex Line / March Column


def fire_hex(sp, ranks):
    return min(4, sp) if ranks == 3 else min(4, round_half(3 * sp, 4))


line_rows = []
for n in range(1, 25):
    split = [-(-n // 2), n // 2]
    r = [str(n)]
    for ranks in (3, 4):
        r.append(P(2 if n >= MIN2[ranks] else 1))
    r.append(K(split if n >= 2 else [], ["8.1a"], "Spread as evenly as possible, the extra SP in the right-hand hex."))
    for ranks in (3, 4):
        r.append(P(fire_hex(n, ranks)))
    for ranks in (3, 4):
        r.append(P([fire_hex(s, ranks) for s in split] if n >= MIN2[ranks] else []))
    line_rows.append(r)
pair("infantry-line-sp", "Infantry Line Formation Strength Point Chart", ["8.1a", "8.1d", "12.3c", "18.5a", "F-3.1b", "F-4.1e"],
     "The chart itself is not in the text. It has a 3-rank column (all Allied infantry, F-4.1e A) and a 4-rank "
     "column (French infantry, F-3.1b); it gives the SP needed for a 1- or 2-hex Line or March Column (8.1a, 8.1d), "
     "how the SP are spread (rule 8.1a: as evenly as possible, the extra in the right-hand hex, given here) and "
     "how many may fire from each hex (12.3c).",
     "Made here: a 2-hex Line or March Column needs 3 SP per hex in three ranks (6 SP) and 4 in four ranks "
     "(8 SP). Every SP of a 3-rank hex fires, up to the 4 per Line hex of the firing formations chart; a 4-rank "
     "hex fires three quarters of its SP (round), up to 4. This gives the 18.5a example: 9 SP in a 4-rank 2-hex "
     "Line fire 4 and 3 (5 and 4 SP in the hexes), 10 SP in a 3-rank 2-hex Line fire 4 and 4; Disordered, each "
     "hex's 4 or 3 is halved (round) to 2. It also allows the 2-hex Lines of 8 and 10 SP in the 13.11 and 12.4c "
     "examples, and a 2-hex Line of two 4-SP units must shrink when one leaves (10.8d), as there.",
     [col("sp", "die_range", "Infantry SP in the formation"),
      col("hexes_3_rank", "int", "Most hexes, 3 ranks (1 or 2)"),
      col("hexes_4_rank", "int", "Most hexes, 4 ranks (1 or 2)"),
      col("split_2_hex", "ints", "SP per hex in 2 hexes [right, left]"),
      col("fire_1_hex_3_rank", "int", "Firing SP, 1-hex Line, 3 ranks"),
      col("fire_1_hex_4_rank", "int", "Firing SP, 1-hex Line, 4 ranks"),
      col("fire_2_hex_3_rank", "ints", "Firing SP per hex, 2-hex Line, 3 ranks [right, left]; [] = not allowed"),
      col("fire_2_hex_4_rank", "ints", "Firing SP per hex, 2-hex Line, 4 ranks [right, left]; [] = not allowed")],
     line_rows,
     note="Formed units; a Disordered hex fires half (round), a hex with partial LOS half, both a quarter (12.3a, "
          "fontenoy/fire-strength-modifiers). A 2-hex Line may fire each hex at its own target or both at one "
          "(12.2h); the stacking limits of the hex still apply (fontenoy/terrain).")

# ============================================================ Firing Formations Table (12.0, 12.2g, 12.3a, 12.4c, F-3.5a D)
FF_COLS = [col("formation", "string"),
           col("french_formed", "int", "French, Formed"), col("french_disordered", "int", "French, Disordered"),
           col("allied_formed", "int", "Allied, Formed"), col("allied_disordered", "int", "Allied, Disordered")]


def ff(name, formed, dis, rules=None, note=None, known=False):
    mk = (lambda v: K(v, rules, note)) if known else P
    return [name, mk(formed), mk(dis), mk(formed), mk(dis)]


pair("firing-formations", "Firing Formations Table", ["12.0", "12.2g", "12.3a", "12.4c", "F-3.5a"],
     "Maximum firing SP per hex (or per target or hexside where named) by formation, nationality and "
     "organisational state. The text states the Square (12.2g), artillery (12.4c), General Order and redoubt "
     "(F-3.5a D) figures; a Disordered unit fires half (round, 12.3a). Line, Hook, Attack Column and Skirmish "
     "figures are not in the text.",
     "Made here: 4 SP per Line, Hook or Attack Column hex (2 Disordered), the figure of the 12.1, 12.4c and "
     "18.5a examples; skirmishers fire 2 SP (never Disordered, 18.4). Nationality changes nothing here; the "
     "ranks (fontenoy/infantry-line-sp) carry the French/Allied difference.",
     FF_COLS,
     [ff("line_per_hex", 4, 2),
      ff("hook_per_hex", 4, 2),
      ff("attack_column", 4, 2),
      ff("skirmish", 2, 2),
      ["general_order_per_hexside", K(3, ["F-3.5a"], "Redoubt fire is limited to 3 SP per hexside 'as with General Order'."),
       K(2, ["12.3a", "F-3.5a"], "3 halved (round)."), K(3, ["F-3.5a"]), K(2, ["12.3a", "F-3.5a"])],
      ff("square_per_target", 4, 2, ["12.2g"], known=True),
      ff("square_total", 12, 6, ["12.2g"], known=True),
      ["artillery_per_hex", K(4, ["12.4c"]), K(2, ["12.3a", "12.4c"], "4 halved (round)."), K(4, ["12.4c"]), K(2, ["12.3a", "12.4c"])],
      ["redoubt_per_hexside", K(3, ["F-3.5a"]), K(2, ["12.3a", "F-3.5a"], "3 halved (round)."), K(3, ["F-3.5a"]), K(2, ["12.3a", "F-3.5a"])]],
     key="formation",
     note="Artillery SP count 1:1 here (12.4c). A Square fires at three non-adjacent hexes, a third of its SP at "
          "each (12.2g). Units in a redoubt may fire at several targets and combine infantry with artillery "
          "(F-3.5a D).")

# ============================================================ Fire Multiplier and Range Table (12.0, F-1.6f, F-2.4b, F-7.5c, F-7.6)
RANGES = list(range(1, 17))


def bands(spec):
    """[(lo, hi, mult)] -> multipliers for ranges 1..16 (0 outside)."""
    out = {r: 0 for r in RANGES}
    for lo, hi, m in spec:
        for r in range(lo, hi + 1):
            out[r] = m
    return [out[r] for r in RANGES]


ART = {
    "16pdr": [(1, 3, 7), (4, 6, 5), (7, 10, 4), (11, 14, 3), (15, 16, 2)],
    "12pdr": [(1, 3, 6), (4, 6, 4), (7, 10, 3), (11, 14, 2), (15, 16, 1)],
    "8pdr": [(1, 3, 5), (4, 6, 3), (7, 10, 2), (11, 13, 1)],
    "6pdr": [(1, 3, 5), (4, 6, 3), (7, 9, 2), (10, 12, 1)],
    "4pdr": [(1, 3, 4), (4, 6, 2), (7, 9, 1)],
    "4pdr_suedoise": [(1, 3, 4), (4, 6, 2), (7, 8, 1)],
    "3pdr": [(1, 3, 4), (4, 6, 2), (7, 8, 1)],
    "1_5pdr": [(1, 3, 3), (4, 5, 1)],
    "howitzer": [(1, 3, 4), (4, 6, 3), (7, 10, 2)],
}
R2A = "No infantry fires at 2 hexes except skirmishers, English infantry and French infantry in redoubts, walled farms or behind field fortifications (F-2.4b)."
R3 = "Infantry has one or two multipliers: range 1 or 2 (12.0)."
mult_rows = []


def inf(tid, nat, arm, r1, r2, r2f, short, r3=None, r3rules=None):
    """Infantry and skirmisher rows; r1/r2/r2f/short/r3 are K/P/plain cells."""
    cells = [r1, r2]
    if arm == "skirmisher":
        cells.append(r3)
        rest = [K(0, ["F-2.4b", "F-3.1d"], "Skirmishers fire at 2 or 3 hexes at most (F-2.4b B).")] * (len(RANGES) - 3)
    else:
        cells.append(K(0, ["12.0"], R3))
        rest = [K(0, ["12.0"], R3)] * (len(RANGES) - 3)
    mult_rows.append([tid, nat, arm, short] + cells + rest + [r2f])


def art(tid, nat, kind, short):
    m = bands(ART[kind])
    mult_rows.append([tid, nat, "artillery", short] + [P(v) for v in m] + [P(m[1])])


NO2 = lambda: K(0, ["F-2.4b"], R2A)  # noqa: E731
ONE = lambda: K(1, ["F-2.4b"], "Range 1 only (F-2.4b A).")  # noqa: E731
FORT = "French infantry in a redoubt, walled farm or behind field fortifications fires at 2 hexes, the multiplier printed in parentheses (F-2.4b D)."
NOFORT = lambda: K(0, ["F-2.4b"], "Only French infantry gains range 2 in fortifications (F-2.4b D).")  # noqa: E731
for tid, r1, r2f in [("french_infanterie", 3, 2), ("french_gardes", 4, 3), ("french_milice", 2, 1),
                     ("french_grenadiers", 4, 3), ("french_dragons_demontes", 3, 2), ("french_carabiniers_demontes", 3, 2)]:
    inf(tid, "french", "infantry", P(r1), NO2(), P(r2f, FORT), ONE())
inf("french_fantassins", "french", "skirmisher", P(2), P(2), P(2), K(3, ["F-3.1d"], "French skirmishers fire at 3 hexes, Opportunity Fire included."), P(1))
for k in ["4pdr_suedoise", "4pdr", "8pdr", "12pdr", "16pdr"]:
    art(f"french_{k}", "french", k, K(3, ["F-3.5b"], "'The usual 3-hex short range' of French artillery (F-3.5b G)."))
for tid, r1 in [("dutch_gardes", 4), ("dutch_mariniers", 3), ("dutch_musketiere", 3)]:
    inf(tid, "dutch", "infantry", P(r1), NO2(), NOFORT(), ONE())
for k in ["3pdr", "6pdr", "howitzer"]:
    art(f"dutch_{k}", "dutch", k, P(3))
ENG2 = lambda: K(2, ["F-2.4b"], "English infantry fires at 2 hexes at every target (F-2.4b C).")  # noqa: E731
for tid, r1, r2 in [("english_foot", 4, 1), ("english_foot_guards", 5, 1), ("english_fusiliers", 4, 1)]:
    inf(tid, "english", "infantry", P(r1), P(r2, "English infantry fires at 2 hexes (F-2.4b C); the multiplier is not given."), P(r2), ENG2())
for k in ["1_5pdr", "3pdr", "6pdr", "howitzer"]:
    art(f"english_{k}", "english", k, P(3))
inf("hanoverian_musketier", "hanoverian", "infantry", P(3), NO2(), NOFORT(), ONE())
art("hanoverian_3pdr", "hanoverian", "3pdr", P(3))
inf("austrian_compagnies_franches", "austrian", "skirmisher", P(2), P(1), P(1), P(2), P(0))
# Optional rules 7.5c and 7.6: the text gives these rows in full.
V75 = "Optional F-7.5c (English regimental artillery as counters): foot x4 and x0, guards x5 and x0."
V76 = "Optional F-7.6 (Dutch and Hanoverian guns kept with their regiments)."
for tid, r1, r2, rl, nt in [("english_foot_7_5c", 4, 0, "F-7.5c", V75), ("english_foot_guards_7_5c", 5, 0, "F-7.5c", V75),
                            ("dutch_gardes_7_6", 4, 1, "F-7.6", V76), ("dutch_infantry_7_6", 3, 1, "F-7.6", V76),
                            ("hanoverian_musketier_7_6", 4, 1, "F-7.6", V76)]:
    nat = tid.split("_")[0]
    inf(tid, nat, "infantry", K(r1, [rl], nt), K(r2, [rl], nt), K(r2, [rl], nt),
        K(2 if r2 else 1, [rl], "Its range: 2 hexes with a second multiplier, else 1 (12.0)."))
pair("fire-multipliers", "Fire Combat Multiplier and Range Table", ["12.0", "12.1", "12.2i", "12.8", "F-1.6f", "F-2.4b"],
     "Multipliers by unit type and range in hexes; 0 = cannot fire at that range. What the text gives: infantry "
     "ranges (one or two multipliers, 12.0; no 2-hex fire but for skirmishers, English infantry and French "
     "infantry in fortifications, F-2.4b; French skirmishers to 3 hexes, F-3.1d), the 3-hex short range of "
     "French artillery (F-3.5b G) and the whole rows of optional rules F-7.5c and F-7.6. Every other "
     "multiplier, and the artillery ranges, are missing.",
     "Made here: line infantry x3 at 1 hex (guards and grenadiers x4, militia x2), French x2 at 2 hexes in "
     "fortifications (one less than at 1 hex); English foot x4 and x1 at 2 hexes, guards x5 and x1 (the "
     "battalion guns folded in: optional F-7.5c moves exactly that 2-hex fire to gun counters and leaves x4 and "
     "x5); Dutch and Hanoverian infantry x4 (guards) or x3 and no 2-hex fire, which optional F-7.6 turns into "
     "x4/x3 and x1. Skirmishers x2, x2 (French) or x1 (Austrian) at 2 hexes, French x1 at 3. Artillery in range "
     "bands 1-3 (short range, canister), 4-6, 7-10, 11-14, 15-16, heavier guns reaching further; the 12-pounder "
     "fires x3 at 7-10 hexes, the 12.1 example's band (2 SP at 8 hexes: fire strength 6). Short range 3 for "
     "all artillery, as the French (F-3.5b G).",
     [col("type", "string"), col("nationality", "string"), col("arm", "string", codes=None),
      col("short_range", "int", "Fire Reaction range: artillery short range (12.2i, 12.8, 12.9f); infantry its normal range")]
     + [col(f"r{r}", "int", f"Multiplier at {r} hex{'es' if r > 1 else ''}") for r in RANGES]
     + [col("r2_fortified", "int", "Multiplier at 2 hexes for French infantry in a redoubt, walled farm or behind field fortifications (F-2.4b D); others as r2")],
     mult_rows, key="type",
     note="Fire strength = firing SP x multiplier (12.1), with the multiplier modifiers of "
          "fontenoy/fire-strength-modifiers. Type ids follow the unit types of F-3.1a and F-4.1a-d; "
          "rows *_7_5c and *_7_6 replace the normal rows when those optional rules are used (fusiliers use "
          "the foot row). Scenario 1 (F-10.1e): Ingoldsby's infantry has no regimental guns and no 2-hex "
          "fire. Optional F-7.7: howitzers beyond 4 hexes may fire indirectly.")

# ============================================================ fire strength modifiers (complete)
complete_chart("fire-strength-modifiers", "Fire strength and multiplier modifiers",
               ["12.3a", "12.6d", "12.7", "F-2.9", "F-3.5a", "F-3.5b", "F-3.5e"],
               "Stated in the rules; the field fortification reduction for fire out through their front "
               "(F-3.5b D) is a terrain value (fontenoy/terrain, hexside attribute fire_strength_out).",
               [col("modifier", "string"),
                col("applies_to", "result", codes=["firing_sp", "multiplier", "fire_strength"]),
                col("operation", "result", codes=["times", "plus"]),
                col("value", "ratio"),
                col("rounding", "result", codes=["round", "round_down", "none"])],
               [["disordered", "firing_sp", "times", "1/2", K("round", ["12.3a", "18.5a"])],
                ["partial_los", "firing_sp", "times", "1/2", K("round", ["12.3a", "12.6f"])],
                ["disordered_and_partial_los", "firing_sp", "times", "1/4", K("round", ["12.3a"])],
                ["howitzer_over_friends", "firing_sp", "times", "1/2", K("round", ["12.6d"])],
                ["terrain_halving", "multiplier", "times", "1/2", K("round_down", ["12.7a"])],
                ["enfilade", "multiplier", "plus", 1, K("none", ["12.6e", "12.7b"], "Optional F-5.1a: one column right instead.")],
                ["general_order", "multiplier", "plus", -1, K("none", ["12.7c", "F-2.9"], "Not for French units in a walled farm, redoubt or town.")],
                ["french_fortified", "fire_strength", "times", "3/2", K("round", ["F-3.5a", "F-3.5b", "F-3.5e"], "French units firing from a redoubt, a walled farm or behind field fortifications.")]],
               key="modifier",
               note="Order of the multiplier modifiers is not stated (digest reading: halve first, then add).")

# ============================================================ Fire Combat Table (12.1, 12.9)
FCT_COLS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
FCT_CODES = ["-", "R/D", "1", "2", "3", "4", "5", "6"]
FCT_T = {  # lowest modified roll for R/D, 1, 2, 3, 4, 5, 6 (None: never)
    "1:3": [70, 85, 95, 100, None, None, None],
    "1:2": [60, 75, 88, 97, None, None, None],
    "1:1": [50, 65, 78, 90, 98, None, None],
    "2:1": [40, 55, 68, 80, 91, 100, None],
    "3:1": [30, 45, 58, 70, 82, 93, None],
    "4:1": [25, 38, 50, 62, 74, 86, 97],
    "5:1": [20, 30, 42, 54, 66, 78, 90],
}


def fct(c, roll):
    res = "-"
    for code, t in zip(FCT_CODES[1:], FCT_T[c]):
        if t is not None and roll >= t:
            res = code
    return res


fct_keys = [("-1-", -1)] + [(str(r), r) for r in range(100)] + [("100+", 100)]
pair("fire-combat-table", "Fire Combat Table", ["12.1", "12.9", "F-5.3", "F-8.6d", "F-8.7b"],
     "The table is not in the text. Its shape is: ratio columns 1:3 to 5:1 (the lowest is 1:3, F-5.3, F-8.6d, "
     "F-8.7b; above 5:1 the 5:1 column with +10 per full step, 12.1), the modified d100 roll as rows, results "
     "SP lost 1-6, R/D or no effect (12.9). Stored one row per modified roll, so every cell is missing.",
     "Made here: in each column a result needs at least a threshold roll, thresholds falling from column to "
     "column (R/D from 70 at 1:3 to 20 at 5:1; 1 SP from 85 to 30; 2 SP from 95 to 42; 3 SP from 100 to 54; "
     "4 SP from 98 at 1:1 to 66; 5 SP from 100 at 2:1 to 78; 6 SP only at 4:1 (97) and 5:1 (90)). Results "
     "never get milder with a higher roll or a better column. Rolls below 0 read as no effect, above 99 as 100.",
     [col("roll", "die_range", "Modified d100 roll")] + [col(c, "result", c, FCT_CODES) for c in FCT_COLS],
     [[k] + [P(fct(c, r)) for c in FCT_COLS] for k, r in fct_keys],
     dice="d100",
     note="Results: '-' no effect; 'R/D' Return Fire chance (R, ordinary Fire Combat Segment) or Disorder Check (D, "
          "Fire Reaction: DC C; Defensive Fire: DC E) (12.9i); '1'..'6' SP lost, x1.5 (round) against March or "
          "Attack Column or Square, Road Column also Routs (12.9h). An unmodified 00-09 is a special result "
          "(12.11: fontenoy/special-infantry-fire, -defensive-fire, -artillery-fire) and an unmodified even roll "
          "with a loss brings MC(A) (12.9d). Below 1:3 there is no fire (optional F-5.3: artillery may fire, "
          "with effect only through a special result).")

# ============================================================ fire DRMs (complete) and target size (pair)
complete_chart("fire-modifiers", "Fire Combat die roll modifiers stated in the rules",
               ["12.1", "12.5f", "13.10g", "F-6.4", "F-8.5f", "F-8.7g"],
               "Every die roll modifier the text states; the target size modifiers (12.5e) are in "
               "fontenoy/fire-target-size.",
               [col("modifier", "string"), col("drm", "int"), col("applies", "string")],
               [["skirmisher_target", K(-10, ["12.5f"]), "Target is skirmishers; no target size modifier then"],
                ["defensive_fire_vs_cavalry", K(10, ["13.10g"]), "Defensive Fire at cavalry"],
                ["defensive_fire_vs_infantry", K(20, ["13.10g"]), "Defensive Fire at infantry"],
                ["ratio_above_5_to_1_per_step", K(10, ["12.1"]), "Per full step above 5:1, firing on the 5:1 column (7:1: +20)"],
                ["defensive_fire_vs_french_cavalry_charge", K(0, ["F-6.4"], "Optional F-6.4: no +10 against French cavalry charging a Line or Square through its front."),
                 "Optional F-6.4: replaces defensive_fire_vs_cavalry"],
                ["heavy_smoke_infantry", K(-20, ["F-8.5f"]), "Special result Heavy Smoke at 1 hex, with the original modifiers"],
                ["heavy_smoke_artillery_per_hex", K(-10, ["F-8.7g"]), "Special result Heavy Smoke, per hex of range"]],
               key="modifier")

ts_keys = [str(n) for n in range(1, 41)] + ["41+"]
TS = [(1, 2, -10), (3, 5, -5), (6, 11, 0), (12, 17, 5), (18, 23, 10), (24, 31, 15), (32, 99, 20)]


def ts(n):
    return next(m for lo, hi, m in TS if lo <= n <= hi)


pair("fire-target-size", "Fire Combat Die Roll Modifiers Table: target size", ["12.5", "12.5e"],
     "The target size modifiers are not in the text. Stored one row per target size (12.5: infantry SP x1, "
     "cavalry x2, artillery x4, multi-hex formations divided by their hexes), every cell missing.",
     "Made here: bigger targets are easier to hit: size 1-2 -10, 3-5 -5, 6-11 0, 12-17 +5, 18-23 +10, "
     "24-31 +15, 32 and more +20 (the 12.5 examples: size 16 gets +5, size 11 none).",
     [col("size", "die_range", "Target size"), col("drm", "int")],
     [[k, P(ts(int(k.rstrip("+"))))] for k in ts_keys],
     note="Skirmisher targets take -10 instead (12.5f, fontenoy/fire-modifiers).")

# ============================================================ facing changes (9.3, 9.5, 9.6, 9.7, F-1.6h)
ALL_MPO = "A 180-degree turn is an About-Face, the unit's only action that segment: its whole MPo (9.6a, 13.4e)."
pair("facing-change-costs", "Single-Hex Formation Facing Change Cost", ["9.3a", "9.3b", "9.4", "9.5", "9.6", "9.7", "F-1.6h"],
     "The diagram is not in the text. F-1.6h: the two left-hand diagrams serve French infantry in three "
     "formations shown there (which three is not said), the right-hand ones every other unit. The text gives "
     "General Order (whole MPo, any direction, once, 9.3b), the Hook (cannot turn, 9.7) and the About-Face.",
     "Made here: 1 MP for a 60-degree turn and 2 for 120 degrees (the 9.4b example: a cavalry Line's one-"
     "hexside turn costs 1; 13.4e: a Line facing change 'normally costing 2'); French infantry facing a vertex "
     "(Line, taken as the left-hand diagrams' formations with a vertex facing) pays one more, 2 and 3, for its "
     "four ranks; unlimbered artillery turns any amount for 1 (9.5 gives no cost; the Swedish guns' by-hand "
     "rate of F-3.7a).",
     [col("group", "string"), col("turn_1", "cost", "60 degrees"), col("turn_2", "cost", "120 degrees"),
      col("turn_3", "cost", "180 degrees")],
     [["french_infantry_vertex", P(2), P(3), K("all", ["9.6a", "13.4e"], ALL_MPO)],
      ["french_infantry_hexside", P(1), P(2), K("all", ["9.6a", "13.4e"], ALL_MPO)],
      ["vertex", P(1), P(2), K("all", ["9.6a", "13.4e"], ALL_MPO)],
      ["hexside", P(1), P(2), K("all", ["9.6a", "13.4e"], ALL_MPO)],
      ["general_order", K("all", ["9.3b"]), K("all", ["9.3b"]), K("all", ["9.3b"])],
      ["unlimbered_artillery", P(1), P(1), P(1)],
      ["hook", K("NA", ["9.7"]), K("NA", ["9.7"]), K("NA", ["9.7"])]],
     key="group",
     note="vertex: Line, Attack Column, unlimbered artillery's Line-like facing; hexside: March and Road "
          "Column, limbered artillery (9.5). A turn wholly or partly in an EZOC costs 1 more (9.1). A multi-hex "
          "Line wheels (9.4b: this cost + 1 per hex the moving end enters + difficult terrain); a multi-hex "
          "column turns at its head (9.4a); a Road Column along one road pays nothing. Unlimbered artillery "
          "turns only if it did not fire in the preceding Fire Combat Segment (9.5).")

# ============================================================ reformations (8.4, 8.6, F-1.6g)
FIXED = [
    ("road_to_march_column", 1, ["8.4a"], "1 per hex shorter, at least 1; a Road Column hex not in line with the head costs 2."),
    ("march_to_road_column", 1, ["8.4b"], "Plus 1 per hex longer."),
    ("march_to_attack_column", 1, ["8.4d"], "Plus 1 per hex of length difference (Attack Column is not used at Fontenoy, F-2.4a)."),
    ("attack_to_march_column", 1, ["8.4e"], "Plus 1 per hex of length difference (Attack Column is not used at Fontenoy, F-2.4a)."),
    ("to_square", "all", ["8.4f"], "From March Column or Line; not Disordered."),
    ("from_square", "all", ["8.4g"], "To March Column or Line, any facing."),
    ("skirmish_in_or_out", 1, ["8.4h"], "Any single-hex formation, any facing."),
    ("skirmished_unit_rallies", 0, ["8.4h"], None),
    ("general_order_out", "all", ["8.4i"], "The remaining MP, ending the segment; must begin it adjacent to the hex entered."),
    ("line_hook", 1, ["8.4j"], "Either way; no length change at the same time."),
    ("limber_unlimber", 2, ["8.6b"], "Either way; no limbering after firing in the activation (8.6a)."),
    ("rally_from_rout", 0, ["8.4k", "19.5e"], "Into any single-hex formation."),
]
ref_rows = [[rid] + [K(v, rl, nt) for _ in NATIONS] for rid, v, rl, nt in FIXED]
DIAG = {("infantry", "mc_to_line"): [1, 2, 2, 3], ("infantry", "line_to_mc"): [1, 2, 2, 3],
        ("cavalry", "mc_to_line"): [1, 3, 3, 4], ("cavalry", "line_to_mc"): [1, 3, 3, 4]}
for (arm, kind), costs in DIAG.items():
    for d, c in zip(["ahead", "right", "left", "rear"], costs):
        ref_rows.append([f"{arm}_{kind}_{d}"] + [P(c) for _ in NATIONS])
pair("reformation-costs", "Reformation Table (Formation Change Table)", ["8.1", "8.3a", "8.4", "8.6", "F-1.6g"],
     "Costs in MP by nationality. The fixed costs of 8.4 and 8.6 are in the text (same for every nationality: "
     "the text gives no other). The March Column <-> Line costs are on the Reformation Table's diagrams "
     "(8.4c: by turning direction; F-1.6g: by nationality, the highest in a mixed group; cavalry diagrams for "
     "3-hex units): missing.",
     "Made here, the same for every nationality (nothing in the text tells them apart): infantry 1 to deploy "
     "ahead (13.4f example: a March Column into Line 'normally costs 1'), 2 turning right or left, 3 to the rear; "
     "cavalry 1 ahead, 3 right or left (8.4c example: a 1-hex cavalry March Column into a 3-hex Line turning "
     "right: 3 + 2 for the length = 5), 4 to the rear.",
     [col("reformation", "string")] + NATION_COLS("cost"), ref_rows, key="reformation",
     note="Plus 1 per hex of length difference for the marked (*) reformations of 8.4 (reform first, then add or "
          "remove hexes, 8.4c); in difficult terrain those cost all MP and bring DC(A) (8.7). Directions of the "
          "March Column <-> Line rows: ahead = the new facing lies 30 degrees from the old, right/left = 90 "
          "degrees, rear = 150 degrees. In an EZOC +1 (9.1).")

# ============================================================ formation geometry (9.0, 9.1, F-1.6h)
VF, VL, VR = [-30, 30], [-90, 90], [-150, 150]
HF, HL, HR = [0], [-120, -60, 60, 120], [180]
ALL = [-120, -60, 0, 60, 120, 180]
CC = [-60, -30, 0, 30, 60]
NOCC = lambda: K([], ["13.5b"], "Only cavalry in Line or Attack Column may countercharge.")  # noqa: E731
GEO_COLS = [col("formation", "string"), col("facing", "result", codes=["vertex", "hexside", "all_round", "none"]),
            col("frontal", "ints"), col("flank", "ints"), col("rear", "ints"), col("zoc", "ints"),
            col("move", "ints", "Hexes it may move into in ordinary movement"),
            col("countercharge", "ints", "Hexes two away (angle) from which a charger may be countercharged (13.5a)")]


def geo(name, facing, fr, fl, re, mv, cc):
    zoc = fr if not isinstance(fr, K) else K(fr.value, ["9.1"], "The ZOC is the frontal hexes.")
    if isinstance(fr, P):
        zoc = P(fr.value)
    return [name, facing, fr, fl, re, zoc, mv, cc]


geo_rows = [
    geo("line", K("vertex", ["8.4c"]), P(VF), P(VL), P(VR), P(VF), P(CC)),
    geo("hook_right", K("vertex", ["8.1b"]), P(VF + [90]), P([-90]), P(VR), P(VF), NOCC()),
    geo("hook_left", K("vertex", ["8.1b"]), P([-90] + VF), P([90]), P(VR), P(VF), NOCC()),
    geo("attack_column", K("vertex", ["8.4d"]), P(VF), P(VL), P(VR), P(VF), P(CC)),
    geo("march_column", K("hexside", ["8.4c"]), P(HF), P(HL), P(HR), P(HF), NOCC()),
    geo("road_column", K("hexside", ["8.1f"]), K(HF, ["8.1f"]), K(HL, ["8.1f"]), K(HR, ["8.1f"]), K(HF, ["11.1a"]), NOCC()),
    geo("limbered_artillery", K("hexside", ["8.1i", "9.5"], "Limbered artillery is in March Column."), P(HF), P(HL), P(HR), P(HF), NOCC()),
    geo("unlimbered_artillery", K("vertex", ["10.4c", "9.6b"], "It shares a Line's facing when grouped with one (10.4c)."), P(VF), P(VL), P(VR),
        P([-150, -30, 30, 150], "By hand: one hex into a frontal or rear hex, keeping its facing (11.6)."), NOCC()),
    geo("general_order", P("vertex"), P(VF), P(VL), P(VR), P(VF + VL + VR), NOCC()),
    geo("square", P("all_round"), P(ALL), P([]), P([]), P(ALL), NOCC()),
    geo("skirmish", P("vertex"), P([-90, -30, 30, 90]), P([-150, 150]), P([]), P([-90, -30, 30, 90]), NOCC()),
    geo("rout", P("none"), P([]), P([]), P(ALL), K([], ["19.7b"], "A Routed unit does not move; it only retreats."), NOCC()),
    geo("redoubt_infantry", K("all_round", ["F-3.5a"]), K(ALL, ["F-3.5a"], "Infantry in a redoubt has all six neighbours frontal."),
        K([], ["F-3.5a"]), K([], ["F-3.5a"]), P(ALL), NOCC()),
    geo("keep_infantry", K("all_round", ["F-9.2d"]), K(ALL, ["F-9.2d"], "Its ZOC reaches all six neighbours, as in a redoubt."),
        K([], ["F-9.2d"]), K([], ["F-9.2d"]), P(ALL), NOCC()),
]
pair("formation-geometry", "Formation and Fire Arc Diagrams: frontal, flank and rear hexes",
     ["8.1", "9.0", "9.1", "11.1a", "12.2b", "13.5a", "F-1.6h"],
     "The diagrams are not in the text. Each neighbour of a formation hex is frontal, flank or rear (9.0); the "
     "ZOC is the frontal hexes (9.1); fire and attacks go through frontal hexsides (9.1, 12.2b); units move into "
     "frontal hexes (11.1a). The text gives the facings (Line and Attack Column a vertex, columns a hexside, "
     "8.4c, 8.4d), the Road Column (one frontal and one rear hex, the rest flank, 8.1f) and the all-round "
     "redoubt and Keep (F-3.5a C, F-9.2d).",
     "Made here (digest fontenoy-rules.md 4.4.1): a vertex-facing hex has its two hexes at the faced vertex "
     "frontal, the next one on each side flank, the two behind rear; a 2-hex Line thus has 3 frontal, 1+1 flank "
     "and 3 rear hexes (the 13.11c example's 'two of C's three Rear hexes'). March Column and limbered artillery "
     "as Road Column. A Hook adds the flank hex at its hooked end to its front and moves only into the Line's "
     "frontal hexes ('MV'). Square all round; Skirmish frontal through 180 degrees with its two rearmost "
     "neighbours flank (11.8a: skirmishers step back into a flank hex); General Order like a Line but may step "
     "into any neighbour (8.1h); Rout has no front and no ZOC. Countercharge sector: the five hexes two away "
     "across the front of a vertex-facing cavalry unit.",
     GEO_COLS, geo_rows, key="formation",
     note="Directions are angles in degrees from the facing, clockwise (multiples of 30: the 12 Facing values of "
          "docs/engine.md 4.2); a neighbour of a hex lies at an odd multiple of 30 from a vertex facing, an even "
          "one from a hexside facing; countercharge lists hexes two away by the same angles. A multi-hex "
          "formation's frontal, flank and rear hexes are the union over its hexes (each column hex turned as its "
          "own facing), leaving out hexes of the formation; a hex that is frontal to one hex and flank or rear to "
          "another counts as frontal. all_round and none list all six neighbours from an arbitrary hexside. "
          "Behind field fortifications on two of its hexsides a Line, Skirmish or unlimbered artillery unit has "
          "every hex beyond them frontal (F-3.5b E).")

# ============================================================ Close Combat Results Table (13.11, 14.1)
CC_COLS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
CC_SHIFT = dict(zip(CC_COLS, [-4, -2, 0, 2, 4, 6, 8, 10]))
CC_LADDER = [(14, "-/S"), (12, "-/3R"), (10, "1/3R"), (8, "1D/2R"), (6, "1D/1R"), (4, "1/1R"), (2, "1/1"),
             (-1, "M"), (-3, "2/1"), (-5, "1R/1"), (-7, "1R/1D"), (-9, "2R/1D"), (-11, "3R/1"), (-13, "3R/-"),
             (-999, "S/-")]
CC_CODES = sorted({r for _, r in CC_LADDER}, key=lambda r: [x for _, x in CC_LADDER].index(r))


def crt(c, diff):
    n = diff + CC_SHIFT[c]
    return next(r for lo, r in CC_LADDER if n >= lo)


cc_keys = [("-15-", -15)] + [(str(d), d) for d in range(-14, 15)] + [("15+", 15)]
pair("close-combat-table", "Close Combat Results Table", ["13.11", "14.1", "14.2", "14.3", "14.4", "14.6", "14.7"],
     "The table is not in the text. Its shape: ratio columns 1:3 to 6:1 (13.11: beyond them the die roll "
     "modifiers of fontenoy/close-combat-ratio-drm), rows the attacker's modified roll minus the defender's "
     "(14.1a), results in attacker/defender notation: a number of SP lost, D Disordered, M Morale Check (G) "
     "for both sides, R Rout, S Surrender, - no effect (14.1b). Every cell is missing.",
     "Made here: the column adds to the difference (1:3 -4, 1:2 -2, 1:1 0, then +2 per column to 6:1 +10) and "
     "the sum reads one ladder, from 'S/-' (-14 or less) through '3R/-', '3R/1', '2R/1D', '1R/1D', '1R/1', "
     "'2/1', 'M' (-1 to +1), '1/1', '1/1R', '1D/1R', '1D/2R', '1/3R', '-/3R' to '-/S' (+14 or more); the "
     "winner of a clear result may be Disordered (14.3a). Results used by the examples occur: '1D/2R' (14.2c), "
     "'1D/1R' (16.2c), 'M' (14.4). Results never get better for the defender with a higher difference or a "
     "better column.",
     [col("difference", "die_range", "Attacker's modified roll minus defender's")] + [col(c, "result", c, CC_CODES) for c in CC_COLS],
     [[k] + [P(crt(c, d)) for c in CC_COLS] for k, d in cc_keys],
     dice="d10",
     note="Each side rolls one d10 and adds its final CR (13.11). An unmodified 0 on either die gives a Special "
          "Close Combat Result instead (14.8, fontenoy/special-close-combat). SP losses first, alternating, "
          "attacker first (14.2a); then D, M, R or S. Optional F-7.1d C: Infernal Column units may turn 1R/2R/3R "
          "into 1M/2M/3M for one more SP.")

complete_chart("close-combat-ratio-drm", "Close Combat ratio die roll modifiers", ["13.11"],
               "Stated in 13.11: beyond 6:1 the attacker adds 1 per full step (8:1 +2), below 1:3 the defender "
               "adds 1 per full step (1:4 +1).",
               [col("rule", "string"), col("side", "result", codes=["attacker", "defender"]),
                col("from_ratio", "string", "Last column of the table on that side"), col("per_step", "int")],
               [["above_6_to_1", "attacker", "6:1", 1], ["below_1_to_3", "defender", "1:3", 1]],
               key="rule",
               note="Ratios are rounded in the defender's favour (13.11). n:1 above 6:1 gives the attacker n-6; "
                    "1:n below 1:3 gives the defender n-3.")

# ============================================================ CR modifiers (13.11c and Fontenoy), complete
CRM = [
    ("sp_losses", "halve", 0, "Printed CR halved (round) at losses of 50% or more of printed SP; applied first", True, ["13.11c"]),
    ("shaken", "plus", -5, "Shaken unit or group", True, ["13.11c", "19.6c"]),
    ("infantry_line_vs_cavalry_renewed", "plus", 2, "Infantry Line defending solely against cavalry, renewed rounds only", True, ["13.11c", "14.5"]),
    ("square_vs_cavalry", "plus", 5, "Square against cavalry", True, ["13.11c"]),
    ("square_vs_infantry", "plus", -5, "Square against infantry", True, ["13.11c"]),
    ("skirmishers_open_vs_infantry", "plus", -4, "Skirmishers defending in open terrain against infantry", True, ["13.11c"]),
    ("skirmishers_difficult_vs_infantry", "plus", -2, "Skirmishers defending in difficult terrain against infantry", True, ["13.11c"]),
    ("skirmishers_open_vs_cavalry", "plus", -6, "Skirmishers defending in open terrain against cavalry", True, ["13.11c"]),
    ("skirmishers_difficult_vs_cavalry", "plus", -2, "Skirmishers defending in difficult terrain against cavalry", True, ["13.11c"]),
    ("defender_column_or_limbered", "plus", -4, "Defender in Road or March Column, or limbered artillery", True, ["13.11c"]),
    ("attack_column_in_line_front", "flanked", 0, "An Attack Column in a Line's frontal hexes counts as flanked (Attack Column unused, F-2.4a)", False, ["13.11c"]),
    ("cavalry_heavy_or_medium", "plus", 2, "Heavy or medium cavalry with an opponent in its ZOC; none in woods, village or town (F-2.8b)", False, ["13.11c", "F-2.8b"]),
    ("cavalry_light", "plus", 1, "Light cavalry with an opponent in its ZOC; none in woods, village or town (F-2.8b)", False, ["13.11c", "F-2.8b"]),
    ("charge_per_hex", "plus", 1, "Per hex of charge or countercharge movement, opponent in ZOC; none for Hanoverians (F-4.1e D)", False, ["13.11c", "F-4.1e"]),
    ("flanking", "plus", 3, "Occupying a Flank or Rear hex of an opponent in the combat (once)", False, ["13.11c"]),
    ("flanked_by_non_participant", "plus", -3, "In the Flank or Rear hex... of an enemy not in this combat that faces the unit (once)", False, ["13.11c"]),
    ("commander", "plus", 1, "Times the Close Combat Bonus of one commander grouped with the group", True, ["13.11c", "21.2b"]),
    ("wild_geese", "plus", 1, "Irish and Scottish units in French service against English or Hanoverian troops", True, ["F-3.2b"]),
    ("victoire", "plus", 1, "Units under a Victoire! marker", True, ["F-8.3c"]),
    ("english_taunting_low", "plus", -1, "English Taunting against French infantry, d10 0-2; or against French cavalry", True, ["F-8.6a"]),
    ("english_taunting_high", "plus", 1, "English Taunting against French infantry, d10 3-9", True, ["F-8.6a"]),
    ("french_politesse_vs_cavalry", "plus", -1, "French Politesse when the attacker is cavalry (defenders)", True, ["F-8.6b"]),
    ("dutch_hesitation", "plus", -1, "Dutch Hesitation (Dutch defenders)", True, ["F-8.6c"]),
    ("louis_xv", "plus", 1, "Units within 5 hexes of Louis XV and in his LOS", True, ["F-6.9a"]),
    ("infernal_column_attacking", "plus", 2, "Optional F-7.1: Infernal Column units attacking (not into village, town, redoubt or wholly North-map hexes)", True, ["F-7.1d"]),
    ("infernal_column_vs_cavalry", "plus", 5, "Optional F-7.1: Infernal Column units attacked by cavalry through their front", True, ["F-7.1d"]),
    ("french_cavalry_charge_6_4", "plus", -1, "Optional F-6.4: French cavalry charging a Line or Square through its front: the whole hex-traversed modifier", False, ["F-6.4"]),
]
complete_chart("cr-modifiers", "Close Combat Rating modifiers", ["13.11c", "F-2.8b", "F-3.2b", "F-6.9a", "F-8.3c", "F-8.6"],
               "The list of 13.11c and the Fontenoy modifiers of the special rules and special results; terrain "
               "modifiers are in fontenoy/terrain.",
               [col("modifier", "string"), col("operation", "result", codes=["plus", "halve", "flanked"]),
                col("value", "int"), col("applies", "string"),
                col("renewed", "bool", "Applies in renewed rounds (14.5): cavalry and flanking modifiers do not")],
               [[m, K(op, rl), v, a, r] for m, op, v, a, r, rl in CRM],
               key="modifier",
               note="Cavalry modifiers apply only with an opponent in the cavalry's ZOC (13.11c). A side with several "
                    "groups uses the average of their CRs (13.11). F-2.8b: cavalry in woods, village or town gets no "
                    "cavalry or terrain bonus.")

# ============================================================ Disorder Check Table (18.x, F-1.6i)
DC_T = list("ABCDEFG")
dcols = [col("modifier", "string")] + [col(t, "int", f"DC({t})") for t in DC_T] + [col("applies", "string")]


def dc_row(name, vals, applies):
    return [name] + vals + [applies]


def only(t, cell, zero_rules):
    return [cell if x == t else K(0, zero_rules) for x in DC_T]


PASS = "Passage of Lines (10.7a, 19.4d): the Disorder Check Table lists its situations (10.7c); +10 as in the 18.2b example."
dc_rows = [
    dc_row("base", [P(0) for _ in DC_T], "Each check type's own modifier on the Fontenoy table (none known)"),
    dc_row("disordered", [K(5, ["18.5a"]) for _ in DC_T], "The unit is already Disordered"),
    dc_row("commander", [K(1, ["21.3"]) for _ in DC_T], "Times the ER bonus of one commander grouped with the unit"),
    dc_row("louis_xv", [K(-5, ["F-6.9a"]) for _ in DC_T], "Within 5 hexes of Louis XV and in his LOS (his ER bonus)"),
    dc_row("louis_xv_revenge", [K(-5, ["F-6.9c"]) for _ in DC_T], "French units after Louis XV is killed or captured with an unmodified 0"),
    dc_row("forced_march", only("A", K(5, ["11.4a"]), ["18.1b"]), "Forced March"),
    dc_row("difficult_terrain_first", only("A", P(5, "The 8.7 (woods) and 18.2b (village) examples."), ["18.1b"]), "The first DC(A) hex or hexside passed"),
    dc_row("difficult_terrain_each_additional", only("A", K(5, ["11.2e"]), ["18.1b"]), "Each further DC(A) hex or hexside"),
    dc_row("reform_in_difficult_terrain", only("A", P(5, "The 8.7 example: +5 for the woods hex."), ["18.1b"]), "A * reformation in difficult terrain (8.7)"),
    dc_row("line_rearward", only("A", P(5), ["18.1b"]), "Line Rearward Movement (11.7)"),
] + [dc_row(f"passage_of_lines_{s}", only("A", P(10, PASS), ["18.1b"]), d) for s, d in [
    ("different_type", "Through units of another type"), ("different_facing", "Through units of another facing"),
    ("different_formation", "Through units of another formation"), ("over_stacking", "Same type, formation and facing, stacking limit exceeded"),
    ("different_organisation", "Formed through Disordered or the reverse"), ("different_morale", "Routed through non-Routed or the reverse; Shaken through non-Shaken (19.4d)")]] + [
    dc_row("defender_reaction_per_mp", only("D", K(10, ["13.4e"]), ["13.4e"]), "Times the normal MP cost of the facing or formation change"),
    dc_row("defender_reaction_whole_mpo", only("D", K(40, ["13.4e"]), ["13.4e"]), "A change that takes the whole MPo (About-Face, Square)"),
]
pair("disorder-check-table", "Disorder Check Table", ["18.1", "18.2", "18.5a", "10.7c", "F-1.6i"],
     "ER modifiers by Disorder Check type A-G (18.1b): d100 below the modified ER means Disordered. The text "
     "states Forced March +5 (11.4a), +5 per further DC(A) terrain (11.2e), +5 if already Disordered (18.5a), "
     "the Defender's Reaction +10 per MP or +40 (13.4e) and the commander and Louis XV bonuses; each type's "
     "own modifier, the first difficult terrain, Passage of Lines and Line Rearward values are on the missing "
     "table. 0 = does not apply to that type.",
     "Made here: no base modifier for any type; the first difficult hex or hexside +5 (the 8.7 woods and 18.2b "
     "village examples), a reformation in difficult terrain +5, Line Rearward +5, every Passage of Lines +10 "
     "(18.2b). With these the 18.2b example reads +5 Forced March, +5 village, +10 Passage of Lines, -5 "
     "commander: +15.",
     dcols, dc_rows, key="modifier",
     note="A: movement (taken once after movement, modifiers summed, 18.2b); B: Attack Column facing change "
          "(unused at Fontenoy); C: Fire Reaction result; D: Defender's Reaction; E: Defensive Fire result; F: "
          "Cavalry Recall; G: rally from Disorder (never special, 18.6d). Special results: "
          "fontenoy/special-disorder-morale.")

# ============================================================ Morale Check Table (19.8 summary, 19.9, F-1.6i)
MC_T = list("ABCDEFGHIJ")
mcols = [col("modifier", "string"), col("value", "int", "ER modifier")] + \
        [col(t, "bool", f"Applies to MC({t})") for t in MC_T] + [col("applies", "string")]
STD = "Which standard modifiers apply to each type is on the Morale Check Summary Table (19.8), not in the text."


def mc_std(name, v, rules, applies):
    return [name, K(v, rules)] + [P(True) for _ in MC_T] + [applies]


def mc_only(name, v, rules, types, applies):
    cells = [K(t in types, rules) for t in MC_T]
    return [name, K(v, rules)] + cells + [applies]


mc_rows = [
    mc_std("half_strength", 10, ["19.8a"], "Current SP 50% or less of printed SP"),
    mc_std("shaken", 10, ["19.8b", "19.6b"], "Shaken"),
    mc_std("disordered", 5, ["19.8b"], "Disordered"),
    mc_std("disordered_and_shaken", 15, ["19.8b"], "Disordered and Shaken (instead of the two above)"),
    mc_std("column_or_general_order", 5, ["19.8c", "F-2.9"], "Road or March Column or General Order (not French in walled farm, redoubt or town, F-2.9)"),
    mc_std("square", -10, ["19.8c"], "Square"),
    mc_std("attack_column", -5, ["19.8c"], "Attack Column (unused at Fontenoy)"),
    mc_std("commander", 1, ["19.8d", "21.3"], "Times the ER bonus of one commander grouped with the unit"),
    mc_std("flanked", 10, ["19.8e"], "A non-Routed enemy in a Flank or Rear hex (once)"),
    mc_std("supported_line", -10, ["19.8f"], "Line or Hook with each Flank hex holding a friend (not Routed or Shaken) or difficult terrain"),
    mc_std("army_morale", 1, ["19.8g", "23.2a"], "Times the army's Army Morale Modifier"),
    mc_std("terrain", 1, ["19.8h"], "Times the terrain modifiers (fontenoy/terrain, cumulative; the least favourable hex of a multi-hex formation)"),
    mc_only("fire_loss_2_or_3", 10, ["19.9a", "12.9d"], "A", "2 or 3 SP lost (unmodified even fire roll)"),
    mc_only("fire_loss_4_plus", 20, ["19.9a", "12.9d"], "A", "4, 5 or 6 SP lost"),
    mc_only("fired_on_through_flank_or_rear", 5, ["19.9b"], "A", "Fired on through a Flank or Rear hex"),
    mc_only("non_cavalry_defender_vs_cavalry", 5, ["19.9d"], "B", "Non-cavalry defender attacked by cavalry"),
    mc_only("rally_in_ezoc", 10, ["19.9c"], "I", "Rally attempted in an EZOC"),
    mc_only("rally_routed", 15, ["19.9c"], "I", "Routed unit rallying"),
    mc_only("voluntary_rout_passed_through", 10, ["19.10d"], "J", "Voluntary routers of its Division passed through it"),
    mc_only("furia_francese", 5, ["F-6.7"], "BG", "Optional F-6.7: French defending in open, marsh, mud or broken terrain, not behind fortifications, slope or water"),
    mc_only("vive_le_roi", -10, ["F-8.2f"], "B", "Division under Vive le Roi!, MC(B) before close combat"),
    mc_only("sauve_qui_peut_routed_near", 15, ["F-8.3b"], "G", "Sauve qui peut!: a Routed friend already within 2 hexes"),
    mc_only("victoire", -10, ["F-8.3c"], MC_T, "Units under a Victoire! marker (all morale purposes)"),
    mc_only("infernal_column", -10, ["F-7.1d"], MC_T, "Optional F-7.1: Anglo-Hanoverian infantry within Cumberland's 3 hexes"),
    mc_only("louis_xv", -5, ["F-6.9a"], MC_T, "Within 5 hexes of Louis XV and in his LOS (his ER bonus)"),
    mc_only("louis_xv_revenge", -5, ["F-6.9c"], MC_T, "French units after Louis XV is killed or captured with an unmodified 0"),
]
pair("morale-check-table", "Morale Check Table (Morale Check Summary Table)", ["19.1", "19.8", "19.9", "F-1.6i"],
     "ER modifiers for Morale Checks A-J (19.1b): d100 below the modified ER fails. The values are in the text; "
     "which standard modifiers (19.8a-h) apply to which type is on the missing summary table (each cell "
     "missing). Specific and Fontenoy modifiers name their types.",
     "Made here: every standard modifier applies to every type, as the first sentence of 19.8 says ('used in "
     "all Morale Checks when these circumstances are present'). It gives the 14.8 example (+10 for half "
     "strength in MC(G)) and the 19.5c example (a Routed unit rallies at ER +15 only).",
     mcols, mc_rows, key="modifier",
     note="A fire loss, B before close combat, C countercharge, D after RBCC, E unactivated or artillery with "
          "destroyed attackers, F friendly retreat, G close combat M or special result, H Cavalry Reaction, I "
          "rally, J voluntary rout. Special results: fontenoy/special-disorder-morale.")

# ============================================================ Special Results Tables (section 8)
SI_CODES = ["Army Morale", "Leader Initiative", "Divisional Confusion", "Dutch Divisional Confusion", "Free Combat Segment",
            "Special Rally", "Command Lethargy", "Dutch Command Lethargy", "Vive le Roi! Unauthorized Attack",
            "On y va! Hasty Orders", "Commander Initiative"]
SI_FR = ["Vive le Roi! Unauthorized Attack", "Divisional Confusion", "Command Lethargy", "Leader Initiative", "Special Rally",
         "Free Combat Segment", "On y va! Hasty Orders", "Leader Initiative", "Free Combat Segment"]
SI_AL = ["Dutch Divisional Confusion", "Divisional Confusion", "Dutch Command Lethargy", "Command Lethargy", "Special Rally",
         "Leader Initiative", "Free Combat Segment", "Leader Initiative", "Free Combat Segment"]
AM = K("Army Morale", ["F-2.12", "F-8.2h"], "An Initiative roll of 00: every army checks Army Morale at once (once a turn).")
pair("special-initiative", "Special Initiative Results Table", ["6.1d", "6.9", "F-1.6e", "F-2.12", "F-8.2"],
     "Read with the non-zero die when exactly one Initiative die is 0 (6.9a), in the roller's army's column "
     "(F-1.6e). Row 0 is the double zero, the Army Morale result (F-2.12, F-8.2h). Which of the results of "
     "F-8.2 each die gives is not in the text.",
     "Made here: the French column has Vive le Roi! on 1 (the Allied player picks the division), the two "
     "misfortunes (Divisional Confusion, Command Lethargy) on 2-3, the gains on 4-9 (Leader Initiative and Free "
     "Combat Segment twice, Special Rally, On y va!); the Allied column has the Dutch and general misfortunes "
     "on 1-4 (scenario 3 rules ignore a rolled Dutch Confusion/Lethargy, F-10.3a L, so the Allied column has "
     "them) and the gains on 5-9. 'Commander Initiative' (F-7.1e B) is taken to be Leader Initiative and is "
     "given no roll of its own.",
     [col("roll", "die_range", "The non-zero die (0: both dice 0)"), col("french", "result", "French", SI_CODES),
      col("allied", "result", "Allied", SI_CODES)],
     [["0", AM, AM]] + [[str(i + 1), P(f), P(a)] for i, (f, a) in enumerate(zip(SI_FR, SI_AL))],
     dice="d10",
     note="Not re-rolled; the result belongs to the player whose die is not 0 (6.9a). A scenario's limit per turn "
          "makes further zeros ordinary rolls (6.9b). Flexible Divisions: no special results (F-2.1).")

DM_CODES = ["Normal roll", "Sauve qui peut!", "Victoire!", "Recall Fails", "Pass", "Fail", "Fail*",
            "Re-roll +0", "Re-roll +10", "Re-roll -10"]
ROLLS10 = [f"0{i}" for i in range(10)]
CHECKS = [f"DC-{t}" for t in "ABCDEFG"] + [f"MC-{t}" for t in "ABCDEFGHIJ"]
DM_MC = ["Sauve qui peut!", "Fail*", "Fail", "Re-roll +10", "Re-roll +0", "Re-roll +0", "Re-roll -10", "Pass", "Pass", "Victoire!"]
DM_DC = ["Fail*", "Fail", "Fail", "Re-roll +10", "Re-roll +0", "Re-roll +0", "Re-roll -10", "Pass", "Pass", "Pass"]
DM_DCF = ["Recall Fails"] + DM_DC[1:]


def dm_prov(nation, check):
    if check.startswith("MC"):
        seq = list(DM_MC)
        if nation == "french":
            seq[8] = "Victoire!"
        if nation == "dutch":
            seq[1] = "Sauve qui peut!"
        if check == "MC-G":
            seq = [seq[0]] + ["Normal roll"] * 8 + [seq[9]]
        return seq
    return list(DM_DCF if check == "DC-F" else DM_DC)


dm_rows = []
for n in NATIONS:
    for c in CHECKS:
        if c == "DC-G":
            cells = [K("Normal roll", ["18.1a", "18.6d"], "A rally from Disorder never gives a special result.")] * 10
        elif c == "MC-I":
            cells = [K("Normal roll", ["19.1a", "19.5f"], "A rally Morale Check never gives a special result.")] * 10
        elif c == "MC-G":
            p = dm_prov(n, c)
            cells = [P(p[0])] + [K("Normal roll", ["F-8.3a"], "MC(G): only 00 and 09 are special in Fontenoy.")] * 8 + [P(p[9])]
        else:
            cells = [P(v) for v in dm_prov(n, c)]
        dm_rows.append([f"{n}/{c}", n, c] + cells)
pair("special-disorder-morale", "Special Disorder/Morale Check Results Table", ["18.1a", "19.1a", "16.3c", "F-1.6e", "F-1.6i", "F-8.3"],
     "Read with an unmodified 00-09 on a Disorder or Morale Check, by check type and the unit's nationality "
     "(F-8.3a). The text says: a rally from Disorder (DC G) and a rally Morale Check (MC I) are never special "
     "(18.1a, 19.5f); in Fontenoy MC(G) is special only on 00 and 09 (F-8.3a, against 14.4d and 14.8c); the "
     "named results are Sauve qui peut! and Victoire! (morale, F-8.3b, F-8.3c) and Recall Fails (the Recall "
     "check F, F-8.3d); results marked * may cost a commander (F-8.3a). The rest of the mapping is missing.",
     "Made here, with plain outcomes besides the three named results: 'Pass' and 'Fail' (the check passes or "
     "fails whatever the ER), 'Fail*' (fails and every commander with the unit checks for loss, 21.4d: 0-3 "
     "killed), 'Re-roll +n' (roll again with only that ER modifier, F-8.3a). Morale checks: 00 Sauve qui peut!, "
     "01 Fail*, 02 Fail, 03-06 re-rolls (+10, +0, +0, -10), 07-08 Pass, 09 Victoire!; the French also have "
     "Victoire! on 08, the Dutch Sauve qui peut! on 01 too (MC(G) keeps only 00 and 09). Disorder checks: 00 "
     "Fail* (Recall Fails for DC F), 01-02 Fail, 03-06 re-rolls, 07-09 Pass.",
     [col("table", "string", "nationality/check"), col("nationality", "string"), col("check", "string")]
     + [col(r, "result", r, DM_CODES) for r in ROLLS10],
     dm_rows, key="table",
     note="A re-roll called for by a special result is never special itself (18.1a, 19.1a, F-8.1). 'Normal roll' "
          "marks rolls that are not special for that check. Mixed Allied nationalities: the one with more SP; on a "
          "tie the French player picks (F-8.1). The text's '#1/#2/#3' sequences (apply #1 if it can be applied, "
          "else #2, F-8.3a) are not needed by this completion: every result here can always be applied.")


def special_pair(name, title, rules, pub, prov, codes, table, note, extra_rows=None):
    rows = [[str(i)] + [P(table[n][i]) for n in NATIONS] for i in range(10)]
    pair(name, title, rules, pub, prov, [col("roll", "die_range", "Unmodified roll 00-09 (units digit)")] + NATION_COLS("result", codes),
         rows, dice="d100", note=note)


PUR_CODES = ["Blood Lust", "Out of Control", "Hesitation", "No Pursuit"]


def pur(spec):
    out = []
    for lo, hi, r in spec:
        out += [r] * (hi - lo + 1)
    assert len(out) == 10
    return out


PUR = {
    "french": pur([(0, 1, "No Pursuit"), (2, 4, "Hesitation"), (5, 7, "Out of Control"), (8, 9, "Blood Lust")]),
    "dutch": pur([(0, 2, "No Pursuit"), (3, 5, "Hesitation"), (6, 7, "Out of Control"), (8, 9, "Blood Lust")]),
    "english": pur([(0, 0, "No Pursuit"), (1, 2, "Hesitation"), (3, 7, "Out of Control"), (8, 9, "Blood Lust")]),
    "hanoverian": pur([(0, 2, "No Pursuit"), (3, 6, "Hesitation"), (7, 8, "Out of Control"), (9, 9, "Blood Lust")]),
    "austrian": pur([(0, 0, "No Pursuit"), (1, 3, "Hesitation"), (4, 6, "Out of Control"), (7, 9, "Blood Lust")]),
}
pair("special-pursuit", "Special Pursuit Results Table", ["16.2a", "F-1.6e", "F-8.4"],
     "After an unmodified 0 on the Pursuit Points die, the die is rolled again and read on this table by the "
     "pursuers' nationality (16.2a). The four results are named and described in F-8.4; which roll gives which "
     "is not in the text.",
     "Made here: low rolls the timid results (No Pursuit, Hesitation), high rolls the wild ones (Out of Control, "
     "Blood Lust): French 0-1 / 2-4 / 5-7 / 8-9; the English more often Out of Control (3-7), the Hanoverians "
     "and Dutch more often hesitant, the Austrian hussars keener (Blood Lust 7-9).",
     [col("roll", "die_range", "The second d10")] + NATION_COLS("result", PUR_CODES),
     [[str(i)] + [P(PUR[n][i]) for n in NATIONS] for i in range(10)], dice="d10",
     note="Blood Lust, Out of Control and Hesitation roll the Pursuit Points again (F-8.4a-c); a commander's +1 "
          "(F-2.7) is added before halving for Disorder.")


INF_CODES = ["Free Fire", "Full Volley", "Regimental Guns", "Low Ammo", "Ammo Exhausted", "Heavy Smoke", "Dutch Rifles"]
INF = {
    "french": ["Free Fire", "Full Volley", "Heavy Smoke", "Regimental Guns", "Low Ammo", "Full Volley", "Heavy Smoke", "Low Ammo", "Ammo Exhausted", "Free Fire"],
    "dutch": ["Dutch Rifles", "Low Ammo", "Heavy Smoke", "Ammo Exhausted", "Low Ammo", "Full Volley", "Regimental Guns", "Free Fire", "Ammo Exhausted", "Dutch Rifles"],
    "english": ["Full Volley", "Regimental Guns", "Heavy Smoke", "Full Volley", "Regimental Guns", "Free Fire", "Low Ammo", "Regimental Guns", "Heavy Smoke", "Ammo Exhausted"],
    "hanoverian": ["Full Volley", "Low Ammo", "Heavy Smoke", "Regimental Guns", "Low Ammo", "Free Fire", "Heavy Smoke", "Regimental Guns", "Ammo Exhausted", "Full Volley"],
    "austrian": ["Free Fire", "Full Volley", "Heavy Smoke", "Low Ammo", "Regimental Guns", "Full Volley", "Low Ammo", "Free Fire", "Heavy Smoke", "Ammo Exhausted"],
}
RG_RULE = ("Regimental Guns is never on 00 or 09 and never next to itself (scenario 1 optional rule F-10.1e rolls for the "
           "result above or below it)")
special_pair("special-infantry-fire", "Special Infantry Fire Combat Results Table", ["12.11", "F-1.6e", "F-8.5", "F-7.6", "F-10.1e"],
             "Read with an unmodified 00-09 on infantry fire (ordinary fire and Fire Reaction, 12.11), by the firers' "
             "nationality. The results are named and described in F-8.5; 02, 04, 06, 08 also bring the Special "
             "Commander Loss Result (F-8.5, F-8.8). Which roll gives which result is not in the text.",
             "Made here: each nationality's column spreads the results of F-8.5 over 00-09; Dutch Rifles only in the "
             "Dutch column (00 and 09); " + RG_RULE + "; the Dutch column's 03 is not Regimental Guns (optional "
             "F-7.6 puts Regimental Guns there 'instead of the result otherwise shown').",
             INF_CODES, INF,
             "Re-rolls keep all earlier modifiers and are not special, except after Dutch Rifles (F-8.5, F-8.1). "
             "Optional F-7.6: Dutch roll 03 reads Regimental Guns. Commander losses: fontenoy/special-commander-loss.")
DEF_CODES = ["English Taunting", "French Politesse", "Dutch Hesitation", "Whites of Their Eyes", "Regimental Guns", "Premature Fire", "Heavy Smoke"]
DEF = {
    "french": ["French Politesse", "Whites of Their Eyes", "Heavy Smoke", "Regimental Guns", "Premature Fire", "Whites of Their Eyes", "Heavy Smoke", "Premature Fire", "Whites of Their Eyes", "French Politesse"],
    "dutch": ["Dutch Hesitation", "Premature Fire", "Heavy Smoke", "Whites of Their Eyes", "Dutch Hesitation", "Premature Fire", "Regimental Guns", "Whites of Their Eyes", "Heavy Smoke", "Dutch Hesitation"],
    "english": ["English Taunting", "Whites of Their Eyes", "Heavy Smoke", "Regimental Guns", "Premature Fire", "Whites of Their Eyes", "Regimental Guns", "Premature Fire", "Heavy Smoke", "English Taunting"],
    "hanoverian": ["Whites of Their Eyes", "Premature Fire", "Heavy Smoke", "Regimental Guns", "Whites of Their Eyes", "Premature Fire", "Heavy Smoke", "Regimental Guns", "Premature Fire", "Whites of Their Eyes"],
    "austrian": ["Whites of Their Eyes", "Premature Fire", "Heavy Smoke", "Whites of Their Eyes", "Regimental Guns", "Premature Fire", "Heavy Smoke", "Whites of Their Eyes", "Premature Fire", "Heavy Smoke"],
}
special_pair("special-defensive-fire", "Special Defensive Fire Results Table", ["12.11", "13.10", "F-1.6e", "F-8.6", "F-7.6", "F-10.1e"],
             "Read with an unmodified 00-09 on any Defensive Fire (infantry, artillery or both, 12.11), by the "
             "defenders' nationality. Results named and described in F-8.6; 02, 04, 06, 08 also bring the Special "
             "Commander Loss Result. The mapping is not in the text.",
             "Made here: English Taunting only English (00, 09), French Politesse only French (00, 09), Dutch "
             "Hesitation only Dutch (00, 04, 09); " + RG_RULE + "; the Dutch column's 04 and 05 are not Regimental "
             "Guns (optional F-7.6 puts it there instead of the result shown).",
             DEF_CODES, DEF,
             "Re-rolls keep all earlier modifiers and are not special (F-8.6, F-8.1). Optional F-7.6: Dutch rolls 04 "
             "and 05 read Regimental Guns.")
ART_CODES = ["Rapid Fire", "Accurate Fire", "Caisson Explosion", "Wild Fire", "Heavy Smoke", "Low Ammo", "Ammo Exhausted"]
ARTS = {
    "french": ["Rapid Fire", "Accurate Fire", "Heavy Smoke", "Caisson Explosion", "Wild Fire", "Accurate Fire", "Low Ammo", "Rapid Fire", "Heavy Smoke", "Ammo Exhausted"],
    "dutch": ["Accurate Fire", "Rapid Fire", "Wild Fire", "Caisson Explosion", "Heavy Smoke", "Low Ammo", "Wild Fire", "Accurate Fire", "Low Ammo", "Ammo Exhausted"],
    "english": ["Rapid Fire", "Accurate Fire", "Heavy Smoke", "Wild Fire", "Low Ammo", "Rapid Fire", "Caisson Explosion", "Accurate Fire", "Heavy Smoke", "Ammo Exhausted"],
    "hanoverian": ["Accurate Fire", "Wild Fire", "Heavy Smoke", "Low Ammo", "Caisson Explosion", "Rapid Fire", "Low Ammo", "Wild Fire", "Heavy Smoke", "Ammo Exhausted"],
    "austrian": ["Accurate Fire", "Wild Fire", "Heavy Smoke", "Low Ammo", "Caisson Explosion", "Rapid Fire", "Low Ammo", "Wild Fire", "Heavy Smoke", "Ammo Exhausted"],
}
special_pair("special-artillery-fire", "Special Artillery Fire Results Table", ["12.11", "F-1.6e", "F-8.7"],
             "Read with an unmodified 00-09 on artillery fire (ordinary fire and Fire Reaction), by the firers' "
             "nationality. Results named and described in F-8.7 (its letters repeat 'd'; the results are keyed by "
             "name); 02, 04, 06, 08 also bring the Special Commander Loss Result. The mapping is not in the text.",
             "Made here: each column spreads the seven results of F-8.7 over 00-09, the good ones (Rapid Fire, "
             "Accurate Fire) twice, Ammo Exhausted on 09. The Austrians have no artillery (F-4.1a); their column "
             "repeats the Hanoverian one.",
             ART_CODES, ARTS,
             "Re-rolls keep all earlier modifiers and are not special (F-8.7, F-8.1). Optional F-7.5b: English "
             "regimental guns firing with their infantry use the infantry or defensive tables.")
CL_CODES = ["Fate", "The Lucky Shot", "In the Line of Fire", "Braving Enemy Fire"]
CL = ["Fate", "The Lucky Shot", "The Lucky Shot", "The Lucky Shot", "In the Line of Fire", "In the Line of Fire",
      "In the Line of Fire", "Braving Enemy Fire", "Braving Enemy Fire", "Braving Enemy Fire"]
pair("special-commander-loss", "Special Commander Loss Result", ["12.11", "21.4", "F-1.6e", "F-8.5", "F-8.8"],
     "Which of the four commander loss results of F-8.8 (Fate, The Lucky Shot, In the Line of Fire, Braving "
     "Enemy Fire) applies after an even special fire result (02, 04, 06, 08), a Dutch Ammo Exhausted (F-8.5e) or "
     "Dutch Rifles (F-8.5g, 'a Commander Loss roll on the Special Results table') is not in the text.",
     "Made here: a d10 read on this table, 0 Fate (the rarest, as it may strike any commander), 1-3 The Lucky "
     "Shot, 4-6 In the Line of Fire, 7-9 Braving Enemy Fire; after an even special fire roll the table is read "
     "at that roll's units digit (02 Lucky Shot, 04 and 06 Line of Fire, 08 Braving Enemy Fire), otherwise a "
     "new d10 is rolled. Every nationality alike.",
     [col("roll", "die_range", "d10 (or the special roll's units digit)")] + NATION_COLS("result", CL_CODES),
     [[str(i)] + [P(CL[i]) for _ in NATIONS] for i in range(10)], dice="d10",
     note="The outcome of each result (killed, wounded, no effect) is in fontenoy/commander-loss-results; close "
          "combat commander losses come from the Special Close Combat Results instead (F-8.8, 14.8b).")

cl_rows = []
for key, n in [("0-", 0)] + [(str(i), i) for i in range(1, 10)]:
    fate = "killed" if n <= 0 else "wounded" if n == 1 else "none"
    lucky = "killed" if n <= 3 else "wounded" if n <= 7 else "none"
    line = "killed" if n <= 1 else "wounded" if n <= 4 else "none"
    cc = "killed" if n <= 3 else "none"
    cl_rows.append([key, K(fate, ["F-8.8a"]), K(lucky, ["F-8.8b"]), K(line, ["F-8.8c"]), K(line, ["F-8.8d"]), K(cc, ["14.8b", "21.4d"])])
KW = ["killed", "wounded", "none"]
complete_chart("commander-loss-results", "Commander loss rolls", ["14.8b", "21.4", "F-8.8"],
               "The d10 outcomes of F-8.8a-d and the close combat check of 14.8b, as stated.",
               [col("roll", "die_range", "d10 (0- covers the -1 of F-8.8)"), col("fate", "result", "Fate (8.8a)", KW),
                col("lucky_shot", "result", "The Lucky Shot (8.8b)", KW), col("line_of_fire", "result", "In the Line of Fire (8.8c)", KW),
                col("braving_fire", "result", "Braving Enemy Fire (8.8d)", KW),
                col("close_combat", "result", "Special Close Combat Result check (14.8b): killed, never wounded", KW)],
               cl_rows, dice="d10",
               note="F-8.8: subtract 1 from the Lucky Shot, Line of Fire and Braving rolls when any firer is artillery "
                    "at 1-3 hexes, a skirmisher, Dutch infantry or dismounted French carabineers. Fate picks any enemy "
                    "commander (Louis XV only within twice some Allied unit's range, F-6.9d); Lucky Shot one at random in "
                    "range and LOS; Line of Fire each in or next to the target hex; Braving each in the target hex. A "
                    "wounded commander: fontenoy/commander-wound; a second wound kills (21.4c).")
complete_chart("commander-wound", "Commander Wound Result", ["21.4c", "F-8.8e", "1.5b"],
               "F-8.8e: the commander is away for half the d10 roll in turns, rounded (1.5b: add one half and round "
               "down, so 1 gives 1 and 9 gives 5).",
               [col("roll", "die_range", "d10"), col("turns", "int", "Turns away")],
               [[str(i), round_half(i, 2)] for i in range(10)], dice="d10",
               note="He is placed on the Turn Track at his return turn and stays 'wounded' for 21.4c.")

SCC_CODES = ["2*/2*", "1/1", "1/2", "2/2*", "2/1", "1*/1", "1/3", "3/1", "1/1*", "2/2"]
SCC = {0: "2*/2*", 1: "1/1", 2: "1/2", 3: "2/2*", 4: "2/1", 5: "1*/1", 6: "1/3", 7: "3/1", 8: "1/1*", 9: "2/2"}
pair("special-close-combat", "Special Close Combat Results Table", ["14.8", "F-1.6f", "F-8.9"],
     "Read when either close combat die shows an unmodified 0, with the roll 00-09 the two dice make (14.8a), "
     "on the page of the fire multipliers (F-1.6f); F-8.9 refers to 14.8. The results are SP losses in "
     "attacker/defender notation, '*' a commander loss check for that side (the 14.8 example: '2/2*', the "
     "defender checks), always followed by MC(G) for every group (14.8b). The table is not in the text.",
     "Made here: losses of 1 to 3 per side, star on one side or both; roll 3 is '2/2*', the 14.8 example's "
     "result for dice '0' and '3'.",
     [col("roll", "die_range", "The other die (0: both dice 0)"), col("result", "result", "Result", SCC_CODES)],
     [[str(i), P(SCC[i])] for i in range(10)], dice="d10",
     note="14.8b: apply the losses (14.2a), check each commander whose bonus a starred side used (d10 0-3 killed, "
          "fontenoy/commander-loss-results), then MC(G) for every group from the worst ER to the best; a side all "
          "of whose groups fail loses; if both sides keep a group, the combat is renewed. In Fontenoy MC(G) is "
          "special on 00 and 09 (F-8.3a).")

# ============================================================ Army Morale (23.x, F-1.6a, F-2.2, F-4.3, F-6.9b)
AM_CODES = ["0", "+5", "+10", "+15"]
AMT = {
    "french_1": [(6, "0"), (99, "+5")],
    "french_2": [(5, "0"), (9, "+5"), (99, "+10")],
    "french_3": [(5, "0"), (8, "+5"), (99, "+10")],
    "allied_1": [(6, "0"), (99, "+5")],
    "allied_2": [(5, "0"), (9, "+5"), (99, "+10")],
    "allied_3": [(5, "0"), (8, "+5"), (99, "+10")],
    "dutch_1": [(5, "0"), (8, "+5"), (99, "+10")],
    "dutch_2": [(4, "0"), (7, "+5"), (99, "+10")],
    "dutch_3": [(3, "0"), (7, "+5"), (9, "+10"), (99, "+15")],
}
AM_IDS = list(AMT)


def amr(c, roll):
    return next(r for hi, r in AMT[c] if roll <= hi)


am_keys = [("-1-", -1)] + [(str(i), i) for i in range(10)] + [("10+", 10)]
pair("army-morale-table", "Army Morale Tables", ["23.1", "23.2", "F-1.6a", "F-2.2", "F-4.3", "F-6.9b"],
     "One table per army: the French, and two for the Allies (the Dutch, and the English, Hanoverians and "
     "Austrians together, F-4.3). Columns are loss levels (their lowest Current Loss Total in "
     "fontenoy/army-morale-columns), rows the d10 less any Command Rating spent (23.2b), results '0' or '+#' "
     "added to the Army Morale Modifier (23.2a). Three columns per army are declared, as in the 23.1e example; "
     "every cell is missing.",
     "Made here: the French and the Anglo-Allied tables give, on their third (highest) column, +10 on 9 or "
     "more, +5 on 6-8, nothing on 5 or less (the 23.2c example), on their second +10 only from 10 (possible "
     "with the +2 of optional F-6.8c), on their first +5 from 7. The Dutch table is harsher (they retreat "
     "together with the others at a combined +40, F-2.2a): +10 from 9, 8 and 8 on its columns, +15 from 10 on "
     "the third. Rows below 0 read as 0, above 9 as 10.",
     [col("roll", "die_range", "d10 minus Command Rating spent (plus or minus Fontenoy modifiers)")]
     + [col(c, "result", c, AM_CODES) for c in AM_IDS],
     [[k] + [P(amr(c, r)) for c in AM_IDS] for k, r in am_keys],
     dice="d10",
     note="Army Retreat: the French at +30, the Anglo-Hanoverians at +30 or both Allied armies together at +40 "
          "(F-2.2a); these are rules, not table cells. Louis XV checks (F-6.9b, F-6.9c) read the current column; "
          "before any loss level, the French lowest column (50+) less 1.")
AMC = {"french_1": K(50, ["F-6.9b"], "'The lowest column (50+)' of the French table."), "french_2": P(76), "french_3": P(100),
       "allied_1": P(40), "allied_2": P(70), "allied_3": P(100), "dutch_1": P(25), "dutch_2": P(50), "dutch_3": P(75)}
pair("army-morale-columns", "Army Morale Table loss levels (Army Loss Record grey boxes)", ["23.1b", "F-1.6a", "F-4.3", "F-6.9b"],
     "The lowest Current Loss Total of each column (the '#+' heads, 23.1b), which the Army Loss Record shows as "
     "grey boxes (F-1.6a C). The text gives the French first column, 50+ (F-6.9b); the others are missing.",
     "Made here: French 50+, 76+, 100+ (the columns of the 23.1e example, whose first agrees with F-6.9b); the "
     "English, Hanoverian and Austrian track 40+, 70+, 100+; the smaller Dutch army 25+, 50+, 75+.",
     [col("column", "string"), col("army", "result", codes=["french", "allied", "dutch"]), col("min_clt", "int", "Lowest Current Loss Total")],
     [[c, c.split("_")[0], AMC[c]] for c in AM_IDS], key="column",
     note="'allied' is the English, Hanoverian and Austrian track (F-4.3); scenario 2 keeps one track for the Dutch "
          "and their allies (F-10.2a D). A column is used once, except the rightmost, used at every hour its range "
          "holds; never a column left of the last used (23.1c-e); an Initiative 00 forces a check on the current "
          "column (F-2.12).")
complete_chart("army-loss-record", "Army Loss Record", ["23.1a", "F-1.6a", "F-2.5b", "F-6.9c"],
               "Boxes shaded on a nationality's Army Loss Record (F-1.6a B), as stated.",
               [col("item", "string"), col("boxes", "int"), col("applies", "string")],
               [["infantry_sp", K(1, ["F-1.6a"]), "Per infantry SP lost"],
                ["cavalry_sp", K(1, ["F-1.6a"]), "Per cavalry SP lost"],
                ["artillery_sp", K(2, ["F-1.6a"]), "Per artillery SP lost"],
                ["commander_killed", K(1, ["F-1.6a", "F-2.5b", "21.4b"]), "Times the commander's loss value (Loss Charts)"],
                ["replacement_commander_killed", K(-2, ["F-2.5b"]), "Added to the original commander's loss value"],
                ["louis_xv_killed_or_captured", K(50, ["F-6.9c"]), "Once, on the French record"],
                ["louis_xv_wounded", K(20, ["F-6.9c"]), "On the French record, not restored if he returns"]],
               key="item",
               note="The Current Loss Total also counts the SP now Routed (23.1a). Reaching a grey box (a loss level of "
                    "fontenoy/army-morale-columns) brings an Army Morale Check on the next :00 turn (F-1.6a C). "
                    "Losses of the two Dutch reserve units go on the Dutch record (F-4.3).")

# ============================================================ End-of-Turn track per scenario (6.7, F-1.6d, F-10.x)
pair("end-of-turn-track", "Turn Track and End-of-Turn track by scenario", ["6.1c", "6.7", "F-1.6d", "F-10.1a", "F-10.2a", "F-10.3a", "F-10.4a"],
     "First and last turn and End-of-Turn Number of the scenarios in the text (1-4; the file stops in scenario 4, "
     "without its last turn). The End Turn marker starts each turn on 0 (F-1.6d); how many boxes lie between 0 "
     "and END is not in the text. Scenario 1 rolls no Initiative and has no End-of-Turn Number (eotn 0, boxes 0).",
     "Made here: 5 numbered boxes before END, as in the 6.7 example (from box 5 the next roll above the number "
     "reaches END); scenario 4 ends with the 19:40 turn, the end optional F-5.4a sets for the full battle.",
     [col("scenario", "string"), col("first_turn", "string"), col("last_turn", "string"),
      col("eotn", "int", "End-of-Turn Number (0: not used)"), col("boxes", "int", "Numbered boxes between 0 and END")],
     [["1", K("6:00", ["F-10.1a"]), K("9:00", ["F-10.1a"]), K(0, ["F-10.1a"], "No Initiative rolls and no End-of-Turn Number."), K(0, ["F-10.1a"])],
      ["2", K("9:00", ["F-10.2a"]), K("11:20", ["F-10.2a"]), K(4, ["F-10.2a"]), P(5)],
      ["3", K("10:20", ["F-10.3a"]), K("14:00", ["F-10.3a"], "2:00 PM."), K(8, ["F-10.3a", "F-7.1a"], "Already allows for the Infernal Column (F-7.1a C)."), P(5)],
      ["4", K("9:00", ["F-10.4a"]), P("19:40"), K(11, ["F-10.4a"]), P(5)]],
     key="scenario",
     note="A sum of the unmodified Initiative dice above the number moves the marker one box (6.1c, 6.7a). The "
          "Infernal Column (optional F-7.1) sets the marker to 1 when it activates and lowers the number by 1 in "
          "scenarios 4-6; fast play (optional F-5.2a H) uses 9 for scenarios 4-6 and 10 for 7. Scenarios 5-9 are "
          "not in the text.")

# ============================================================ cavalry charge range and retreat (F-3.1c, F-4.1e)
complete_chart("cavalry-charge", "Cavalry charge ranges and retreat before close combat", ["13.1e", "20.1", "F-3.1c", "F-4.1e"],
               "As stated in F-3.1c and F-4.1e.",
               [col("cavalry", "string"), col("charge_range", "int", "Hexes (13.1e)"),
                col("hex_bonus", "bool", "+1 CR per hex of charge movement (13.11c)"),
                col("may_retreat_from", "result", "Retreat before close combat when attacked only by", ["infantry", "not_light_cavalry"])],
               [["french", K(3, ["F-3.1c"]), K(True, ["13.11c"]), K("infantry", ["F-3.1c"])],
                ["french_light", K(2, ["F-3.1c"]), K(True, ["13.11c"]), K("not_light_cavalry", ["F-3.1c"])],
                ["austrian", K(2, ["F-4.1e"]), K(True, ["13.11c"]), K("infantry", ["F-4.1e"])],
                ["austrian_light", K(2, ["F-4.1e"], "Austrian cavalry, light included (F-4.1e B, F)."), K(True, ["13.11c"]),
                 K("not_light_cavalry", ["F-4.1e"], "The two Austrian light cavalry units (F-4.1e F).")],
                ["dutch", K(1, ["F-4.1e"]), K(True, ["13.11c"]), K("infantry", ["F-4.1e"])],
                ["english", K(1, ["F-4.1e"]), K(True, ["13.11c"]), K("infantry", ["F-4.1e"])],
                ["hanoverian", K(1, ["F-4.1e"]), K(False, ["F-4.1e"], "No charge bonus for the hex traversed (F-4.1e D; optional F-7.9)."),
                 K("infantry", ["F-4.1e"])]],
               key="cavalry",
               note="A group charges at its shortest range (13.3a). Optional F-6.4: French cavalry charging a Line or "
                    "Square through its front gets -1 in all for hexes traversed.")

terrain.build()

if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "charts"), exist_ok=True)
    for path, text in sorted(FILES.items()):
        with open(os.path.join(out, path), "w") as f:
            f.write(text)
    print(f"{len(FILES)} files")
