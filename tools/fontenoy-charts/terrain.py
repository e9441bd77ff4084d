"""The Terrain Effects Table (F-1.6b, F-9.1A): scenarios/fontenoy/terrain.json (what the text gives,
"missing" elsewhere) and its provisional completion, charts terrain-effects-provisional and
hexside-effects-provisional."""
from common import K, P, RB, PV, col, emit, published_cell, twin_cell, chart_dict

YND = ["yes", "no", "may"]
GO = ["none", "infantry", "infantry_artillery", "all"]

HEX_ATTRS = [
    col("mp_infantry_line", "cost", "MP to enter, infantry not in a column (TET Line column)",
        rules=["11.2a", "11.2b", "F-1.6b", "F-9.1A"]),
    col("mp_infantry_column", "cost", "MP to enter, infantry in March or Road Column off the road (TET Column column)",
        rules=["11.2g", "F-1.6b", "F-9.1A"]),
    col("mp_cavalry_line", "cost", "MP to enter, cavalry not in a column", rules=["11.2a", "F-1.6b", "F-9.1A"]),
    col("mp_cavalry_column", "cost", "MP to enter, cavalry in March or Road Column off the road",
        rules=["11.2g", "F-1.6b", "F-9.1A"]),
    col("mp_artillery", "cost", "MP to enter, limbered artillery (its March or Road Column, 8.1i)",
        rules=["8.1i", "11.2g", "F-9.1A"]),
    col("mp_commander", "cost", "MP to enter, commanders (P: impassable to commanders, also for Lines of Command)",
        rules=["7.1", "21.1a"]),
    col("scm_cost", "cost", "Special Cavalry Movement cost: charge range or Pursuit Points spent to enter",
        rules=["11.10", "13.1f", "16.2b", "F-2.8a"]),
    col("stack_infantry_line", "int",
        "Most infantry SP per hex in Line, Hook, Square or General Order (artillery SP count 4, 10.4g); 0: may not end there",
        rules=["8.0", "10.1c", "10.4g", "F-9.1A"]),
    col("stack_infantry_column", "int",
        "Most infantry SP per hex in March Column (a Road Column holds at most 4 per hex anyway, 8.1f); 0: may not end there",
        rules=["8.0", "10.1c", "F-9.1A"]),
    col("stack_cavalry_line", "int", "Most cavalry SP per hex in Line; 0: may not end there",
        rules=["8.0", "10.1c", "F-9.1A"]),
    col("stack_cavalry_column", "int", "Most cavalry SP per hex in March Column; 0: may not end there",
        rules=["8.0", "10.1c", "F-9.1A"]),
    col("blocks_los", "bool", "Blocks line of sight (a unit always sees into an adjacent hex, 12.6b)",
        rules=["12.6a", "F-9.4C"]),
    col("disorder_check_a", "result", "Entering and then spending more MP brings a Disorder Check (A)", YND,
        ["11.2d", "11.2e"]),
    col("series_8_7", "bool", "Difficult terrain: a reformation marked * here follows series rule 8.7",
        rules=["8.7", "F-9.2"]),
    col("square_allowed", "bool", "Infantry may form Square in the hex", rules=["8.0", "F-9.2"]),
    col("general_order", "result", "Which units entering adopt General Order (not when using Road Movement in Road Column)",
        GO, ["8.4i", "F-2.9"]),
    col("cavalry_hampered", "bool",
        "Woods, village, town: cavalry in close combat here gets no cavalry, terrain or morale benefit; skirmishers here may retreat before cavalry",
        rules=["F-2.8b", "F-2.8d"]),
    col("close_combat_allowed", "bool", "A unit in the hex may be attacked in close combat", rules=["F-9.2d"]),
    col("cavalry_attack_allowed", "bool", "Cavalry may attack a unit in the hex", rules=["F-2.8c", "F-3.5a"]),
    col("fire_defense", "int", "Defense Rating (Fire Defense Value) of a unit fired on in the hex", rules=["12.1"]),
    col("fire_multiplier_halved", "bool", "LOS into or through the hex halves the firer's multiplier (round down)",
        rules=["12.7a"]),
    col("morale_modifier", "int", "ER modifier in Morale Checks for a unit in the hex (skirmishers: next attribute)",
        rules=["19.8h", "F-9.1C"]),
    col("morale_modifier_skirmisher", "int", "ER modifier in Morale Checks for skirmishers in the hex",
        rules=["19.8h", "F-2.10c"]),
    col("cr_defending", "int", "Combat Rating modifier of a unit defending in the hex", rules=["13.11c"]),
    col("cr_attacking_from", "int", "Combat Rating modifier of a unit attacking from the hex", rules=["13.11c"]),
]

PROTECTED = ("For a directed feature the protected side is the high side of a slope (fire and attacks going "
             "uphill are penalised) and the rear side of a field fortification (fire and attacks from the "
             "frontal side, the hex named by `toward`, are penalised); undirected features protect both ways.")

SIDE_ATTRS = [
    col("mp_infantry_line", "cost", "MP added for crossing (slopes: going up), infantry not in a column",
        rules=["11.2b", "F-9.1A"]),
    col("mp_infantry_column", "cost", "MP added for crossing (slopes: going up), infantry in a column",
        rules=["8.1d", "11.2b", "11.2g"]),
    col("mp_cavalry_line", "cost", "MP added for crossing (slopes: going up), cavalry not in a column",
        rules=["11.2b", "F-9.1A"]),
    col("mp_cavalry_column", "cost", "MP added for crossing (slopes: going up), cavalry in a column",
        rules=["8.1d", "11.2b", "11.2g"]),
    col("mp_artillery", "cost", "MP added for crossing (slopes: going up), limbered artillery", rules=["11.2b"]),
    col("mp_commander", "cost", "MP added for crossing (slopes: going up), commanders", rules=["21.1a"]),
    col("mp_downhill", "cost",
        "Slopes only: MP added for crossing downhill, any unit; NA for other features (their costs apply both ways)",
        rules=["F-9.3a"]),
    col("road_mp_open", "cost", "Road Movement cost per hex in Road Column along this road, open terrain and orchard",
        rules=["11.2c", "F-9.2n"]),
    col("road_mp_other", "cost", "Road Movement cost per hex in Road Column along this road, other terrain",
        rules=["11.2c", "F-9.2n"]),
    col("scm_cost", "cost", "Special Cavalry Movement cost added for crossing", rules=["11.10", "F-2.8a"]),
    col("blocks_los", "result", "Blocks line of sight", ["yes", "no", "unless_firer_adjacent", "slope_rules"],
        ["12.6", "F-9.3", "F-9.4"]),
    col("disorder_check_a", "result", "Crossing and then spending more MP brings a Disorder Check (A)", YND,
        ["11.2d"]),
    col("series_8_7", "bool", "Difficult terrain for series rule 8.7", rules=["8.7"]),
    col("cavalry_attack_allowed", "bool", "Cavalry may attack across it", rules=["F-2.8c", "F-9.3b"]),
    col("close_combat_allowed", "bool", "Close combat may be fought across it", rules=["F-9.3b"]),
    col("fire_defense_bonus", "int", "Added to the target's Defense Rating when the fire crosses it toward the protected side",
        rules=["12.1", "F-3.5b", "F-9.3a"], note=PROTECTED),
    col("fire_strength_out", "ratio",
        "Factor on the fire strength of units firing out across it from the protected side through its front (rounded)",
        rules=["F-3.5b"], note=PROTECTED),
    col("morale_modifier", "int", "ER modifier in Morale Checks for a unit on the protected side", rules=["19.8h", "F-9.1C"],
        note=PROTECTED),
    col("cr_attacking_across", "int", "CR modifier of a unit attacking across it toward the protected side",
        rules=["13.11c", "F-3.5b"], note=PROTECTED),
]

# Column order of the values below.
HA = [c["id"] for c in HEX_ATTRS]
SA = [c["id"] for c in SIDE_ATTRS]


def hexrow(*v):
    assert len(v) == len(HA), (len(v), len(HA))
    return dict(zip(HA, v))


def siderow(*v):
    assert len(v) == len(SA), (len(v), len(SA))
    return dict(zip(SA, v))


O = "other"
PS = "P"
GO_NOTE = "F-2.9: some terrain puts cavalry and/or artillery in General Order; which is on the TET only. None assumed here."
# Provisional notes reused below.
N_MP = "Movement costs made here: open ground 1 (agrees with the 11.5e and 11.7 examples), columns pay more than lines in soft or broken ground and less in woods, limbered guns cannot enter woods or marsh except by road."

#                    infL    infC    cavL    cavC    art     cmd     scm       stIL    stIC    stCL    stCC    los           dcA     8.7           square         GO                     hamp   CCok   cavAtk FD      halved   morale  moraleSk crDef   crAtk
HEX = [
    ("clear", "Clear", ["F-9.2c"], hexrow(
        P(1), P(1), P(1), P(1), P(1), P(1), K(1, ["13.1f", "F-9.2c"], "Each hex normally costs one hex of charge range (13.1f); clear is the base terrain."),
        P(12), P(12), P(18), P(12), False, "no", False, True, K("none", ["8.4i", "F-9.2c"]), False, True, True, P(10), P(False), P(0), P(0), P(0), P(0)), None),
    ("bog", "Bog", ["F-9.2a"], hexrow(
        P(2), P(3), P(2), P(3), P(4), P(1), "3/2",
        P(12), P(8), P(12), P(8), False, "no", False, True, P("none", GO_NOTE), False, True, True, P(10), P(False), P(0), P(0), P(-1), P(-1)),
     "An obstacle to columns and artillery in most cases (F-9.2a): the column and artillery costs are the values the TET gives."),
    ("broken", "Broken Terrain", ["F-9.2b"], hexrow(
        P(2), P(2), P(2), P(3), P(3), P(1), 2,
        P(10), P(8), P(12), P(8), K(False, None, "Optional F-9.2b: S4620 down to S4822 still smoulders and blocks LOS."), "yes", True, True, P("none", GO_NOTE), False, True, True, P(15), P(False), P(-3), P(-5), P(1), P(0)),
     "Two kinds with identical effects: cleared wood (brown, e.g. S4403) and burned buildings (brown/black/grey, e.g. S4215, S4721)."),
    ("keep", "Keep", ["F-9.2d"], hexrow(
        P(2), P(2), K(PS, ["F-9.2d"], "Cavalry and artillery may only pass through in Road Column."), P(PS, "Only passing through in Road Column, which the road rates cover."),
        K(PS, ["F-9.2d"], "Cavalry and artillery may only pass through in Road Column."), P(1), K(PS, ["F-9.2d"], "Cavalry may only pass through in Road Column, so never by SCM."),
        P(8), P(8), K(0, ["F-9.2d"], "Cavalry cannot stop in the Keep."), K(0, ["F-9.2d"], "Cavalry cannot stop in the Keep."),
        P(True), P("yes"), P(True), K(False, ["F-9.2d"], "Infantry in the Keep must be in General Order."), K("infantry", ["F-9.2d"]), P(True),
        K(False, ["F-9.2d"]), K(False, ["F-9.2d"], "No close combat against a unit in the Keep."), P(30), P(False), P(-15), P(-15), P(3), P(0)),
     "Only S1712. Its ZOC reaches all six adjacent hexes (formation-geometry, row keep_infantry); only the TET's combat modifiers apply."),
    ("marsh", "Marsh", ["F-9.2e"], hexrow(
        P(3), P(4), P(3), P(4), P(PS), P(2), 4,
        P(8), P(6), P(8), P(6), False, "yes", True, P(False), P("none", GO_NOTE), False, True, True, P(10), P(False), P(0), P(0),
        P(-2, "The text says marsh hurts attacker and defender alike (F-9.2e); -2 each."), P(-2, "The text says marsh hurts attacker and defender alike (F-9.2e); -2 each.")),
     "Negative close-combat effect for attacker and defender (F-9.2e); the size is the TET's."),
    ("orchard", "Orchard", ["F-9.2f", "F-9.2n"], hexrow(
        P(2), P(2), P(2), P(2), P(2), P(1), 2,
        P(12), P(12), P(12), P(12), True, "yes", True, P(False), P("none", GO_NOTE), False, True, True, P(15), P(False), P(-3), P(-5), P(1), P(0)),
     "A path through an orchard is Road Movement at 1/2 MP (F-9.2n A)."),
    ("redoubt", "Redoubt", ["F-9.2g", "F-3.5a"], hexrow(
        K(O, ["F-3.5a"], "Passing through or entering the redoubt costs nothing extra (F-3.5a B)."),
        K(O, ["F-3.5a"], "Passing through or entering the redoubt costs nothing extra (F-3.5a B)."),
        K(O, ["F-3.5a"], "Passing through the hex costs nothing extra (F-3.5a B)."),
        K(O, ["F-3.5a"], "Passing through the hex costs nothing extra (F-3.5a B)."),
        K(O, ["F-3.5a"], "Passing through or entering the redoubt costs nothing extra (F-3.5a B)."),
        P(O), K(O, ["F-2.8c"], "Cavalry attacking across an open hex of a redoubt uses the other terrain's cost (F-2.8c)."),
        P(12, "Inside the redoubt the stacking chart's redoubt rows apply (8 or 12 infantry SP, 2 artillery SP, F-3.5a A); outside it the hex's other terrain."),
        P(12, "As for the Line column."), P(18, "Cavalry may be in the hex but not inside the redoubt (F-3.5a A): the other terrain's limit."), P(12, "As for cavalry in Line."),
        P(False, "The redoubt itself blocks nothing beyond the hex's other terrain."), K("yes", ["F-3.5a"], "Entering the redoubt: General Order and a Disorder Check (A) at the end of movement (F-3.5a B)."),
        K(True, ["F-3.5a"], "Passing through a redoubt hex is a terrain feature calling for Disorder Checks as in series rule 8.7 (F-3.5a B)."),
        P(False), K("infantry_artillery", ["F-3.5a"], "All units inside a redoubt are in General Order; cavalry and skirmishers may not be inside (F-3.5a A, C)."),
        False, True, K(False, ["F-2.8c", "F-3.5a"], "Cavalry cannot attack units inside a redoubt (F-2.8c, F-3.5a F)."),
        P(20), P(False), P(-10), P(-10), P(3), P(0)),
     "Size (small S / large L) comes from the redoubt counter (F-3.5a A). Units in the hex but outside the redoubt ignore it in combat (F-3.5a B). French units inside do not take the General Order -1 multiplier or +5 ER (F-3.5a C) and fire at 1.5 times (F-3.5a E); infantry inside has all six neighbours frontal (formation-geometry, row redoubt_infantry)."),
    ("sunken_road", "Sunken Road", ["F-9.2h", "F-2.10", "F-5.5"], hexrow(
        P(2), P(3), P(3), P(3), P(3), P(1), P(2, "Crossing cost; optional F-5.5d uses the other terrain's cost when moving parallel to the road."),
        P(12), P(8), P(12), P(8), False, "may", True, P(False), P("none"), False, True, True,
        P(15, "Optional F-5.5c gives a sunken-road hex Fire Defense Value 15; used here for the basic rule too."), P(False),
        K(-5, ["F-2.10c"], "-5 for all units other than skirmishers."), K(-10, ["F-2.10c"], "-10 for skirmishers."),
        P(-3, "Optional F-5.5c: -3 defending in a sunken road; used here for the basic rule too."), P(-3, "Optional F-5.5c: -3 attacking from a sunken road; used here for the basic rule too.")),
     "Road Movement along it works normally, with the standard Disorder Check (A) when leaving the road (F-2.10a); units entering it otherwise pay the TET cost (F-2.10b)."),
    ("town", "Town", ["F-9.2i", "F-2.8", "F-2.9"], hexrow(
        P(2), P(2), P(2), P(2), P(2), P(1), P(3),
        P(12), P(12), P(8), P(8), True, "yes", True, P(False), K("all", ["F-9.2i"], "Units entering adopt General Order unless using Road Movement in Road Column; skirmishers stay in Skirmish."),
        True, True, True, P(20), P(False), P(-6), P(-6), P(2), P(0)),
     "Only Antoin (South map). French units here do not take the General Order -1 multiplier or +5 ER (F-2.9)."),
    ("village", "Village", ["F-9.2j", "F-2.8"], hexrow(
        P(2), P(2), P(3), P(3), P(2), P(1), 3,
        P(12), P(12), P(8), P(8), True, "yes", True, P(False), P("none", GO_NOTE), True, True, True, P(15), P(False),
        P(-6, "With minor field fortifications (-5) the total is -11, as F-9.1C states."), P(-6), P(1), P(0)),
     "F-9.1C: minor field fortifications plus village give a Morale Check modifier of -11 in all; the text does not split it."),
    ("walled_farm", "Walled Farm", ["F-9.2k", "F-3.5e", "F-2.8c"], hexrow(
        P(2), P(2), K(PS, ["F-9.2k"], "Cavalry may only pass through in Road Column."), P(PS, "Only passing through in Road Column, which the road rates cover."),
        P(2), P(1), K(PS, ["F-9.2k", "F-2.8c"], "Cavalry may only pass through in Road Column and cannot attack into it."),
        P(12), P(12), K(0, ["F-9.2k"], "Cavalry may only pass through."), K(0, ["F-9.2k"], "Cavalry may only pass through."),
        True, "yes", True, P(False), K("infantry_artillery", ["F-9.2k"], "Infantry and artillery entering adopt General Order unless using Road Movement in Road Column; skirmishers stay in Skirmish."),
        P(False, "F-2.8b names woods, villages and towns only; cavalry cannot stop here anyway."), True, K(False, ["F-2.8c"]), P(25), P(False), P(-10), P(-10), P(4), P(0)),
     "French units here keep their multiplier and ER (no General Order penalties), fire at 2 hexes and at 1.5 times (F-3.5e)."),
    ("woods", "Woods", ["F-9.2l", "F-2.8"], hexrow(
        P(3), P(2), P(4), P(3), P(PS), P(2), 3,
        P(8), P(8), P(6), P(6), True, "yes", True, P(False), P("none", GO_NOTE), True, True, True, P(15), P(False), P(-5), P(-5),
        P(1, "Agrees with the 13.11c example (woods +1)."), P(0)),
     None),
    ("river", "River (Escaut)", ["F-9.2m"], hexrow(
        PS, PS, PS, PS, PS, K(PS, ["F-9.2m"], "Movement is forbidden in river hexes."), K(PS, ["F-9.2m"], "Movement is forbidden in river hexes."),
        K(0, ["F-9.2m"], "No unit can be in a river hex."), K(0, ["F-9.2m"]), K(0, ["F-9.2m"]), K(0, ["F-9.2m"]),
        False, P("no"), P(False), P(False), K("none", ["8.4i", "F-9.2m"]), False, P(False, "No unit can be in a river hex."), P(False), P(10, "No unit can be in a river hex."), P(False), P(0), P(0), P(0), P(0)),
     "Movement is forbidden in river hexes; the Escaut is crossed only at the bridge N1421, in Road Column by Road Movement."),
    ("bridge", "Bridge over the Escaut", ["F-9.2m", "F-3.9a"], hexrow(
        K(PS, ["F-9.2m", "F-3.9a"], "Only Road Movement in Road Column crosses the bridge."), K(PS, ["F-3.9a"], "Only Road Movement in Road Column crosses the bridge."),
        K(PS, ["F-3.9a"]), K(PS, ["F-3.9a"]), K(PS, ["F-3.9a"]), P(1, "Commanders are not units in Road Column; they cross at 1."),
        K(PS, ["F-3.9a"], "Only Road Movement crosses the bridge, so never by SCM."),
        K(0, ["F-3.9a"], "Only a Road Column may be on the bridge."), P(4, "A Road Column's own limit (8.1f)."), K(0, ["F-3.9a"], "Only a Road Column may be on the bridge."), P(4, "A Road Column's own limit (8.1f)."),
        K(False, ["F-9.2m"], "River hexes do not block LOS."), P("no"), P(False), K(False, ["F-3.9a"]), K("none", ["8.4i", "F-9.2m"]), False, P(True), P(True),
        K(5, ["F-9.2m", "F-3.9a"], "A unit fired on in the bridge hex has Fire Defense Value 5."), P(False),
        K(10, ["F-9.2m"], "F-9.2m gives +10 for the Morale Check; F-3.9a says +5 (the texts conflict; the terrain section is followed)."),
        K(10, ["F-9.2m"], "As for other units."), P(-2), P(0)),
     "The bridge hex N1421: entered only by Road Movement in Road Column; units may remain there; no unit may Rout across it (F-3.9a)."),
    ("barricade", "Barricade (marker)", ["F-3.6"], hexrow(
        K(O, ["F-3.6"], "A marker in a road hex: movement pays the hex's other terrain; Road Movement may not enter or pass through."),
        K(O, ["F-3.6"]), K(O, ["F-3.6"]), K(O, ["F-3.6"]), K(O, ["F-3.6"]), K(O, ["F-3.6"]), P(O),
        P(12, "The hex's other terrain decides (the marker adds no limit)."), P(12, "As the Line column."), P(18, "As the Line column."), P(12, "As the Line column."),
        P(False, "The marker blocks nothing; the hex's other terrain decides."), P("no"), P(False), P(False), P("none"), False, True, True,
        K(5, ["F-3.6"], "Any non-skirmisher unit in a barricade hex has Fire Defense Value 5."), P(False), P(0), P(0), P(0), P(0)),
     "A marker placed in road hexes of the Bois de Barry (six, scenarios 4-6), listed here so a map or a position can name it as a second terrain of the hex. Removing it takes a unit's whole MP in the hex and Disorders it (skirmishers excepted). Its Fire Defense Value 5 replaces the hex's for non-skirmishers."),
]

SLOPE_NOTE = "Costs differ uphill and downhill (F-9.3a); firing downhill is never penalised."
#                        infL   infC   cavL   cavC   art    cmd    down   rdO    rdX    scm    los                  dcA   8.7   cavAtk  CCok   fdBonus  fsOut  morale  crAcross
SIDE = [
    ("slope_gentle", "Gentle slope", ["F-9.3a", "F-9.4D"], "the hex on the high side", siderow(
        P(0), P(0), P(0), P(0), P(1), P(0), P(0), "NA", "NA", P(0), "slope_rules", "no", False, True, True, P(2), P(1), P(0), P(0)),
     "The ridge from N2228 round the French positions to N4417 is a gentle slope (F-9.4D). " + SLOPE_NOTE),
    ("slope_regular", "Slope", ["F-9.3a"], "the hex on the high side", siderow(
        P(1), P(1), P(1, "Agrees with the 9.4b example (a slope adds 1 to a cavalry wheel)."), P(1), P(2), P(0), P(0), "NA", "NA", P(1), "slope_rules", "no", False, True, True, P(5), P(1), P(0), P(-1)),
     SLOPE_NOTE),
    ("slope_steep", "Steep slope", ["F-9.3a"], "the hex on the high side", siderow(
        P(2), P(2), P(2), P(2), P(PS), P(1), P(1), "NA", "NA", P(PS), "slope_rules", "yes", True, P(True), True, P(10), P(1), P(-5), P(-2)),
     SLOPE_NOTE),
    ("abatis", "Abatis", ["F-9.3b", "F-3.5d", "F-2.8c"], None, siderow(
        P(2, "Infantry crossing in Line is Disordered automatically (F-9.3b) besides the cost."), P(3), P(PS), P(PS), P(PS), P(1), "NA", "NA", "NA",
        K(PS, ["F-9.3b"], "Cavalry cannot attack or pursue across an abatis."), "unless_firer_adjacent", P("yes"), P(True),
        K(False, ["F-9.3b", "F-2.8c"]), K(False, ["F-9.3b"], "No close combat across an abatis hexside."), P(5), P(1), P(0), P(0)),
     "The large redoubts S4405 and N4633 see past their abatis (F-3.5d)."),
    ("fieldworks_minor", "Minor field fortifications", ["F-9.3c", "F-3.5b"], "the hex on the frontal side (attacks and fire from this side are penalised)", siderow(
        P(1), P(1), P(1), P(1), P(2), P(0), "NA", "NA", "NA", P(1), "unless_firer_adjacent", "yes", True,
        K(False, ["F-2.8c", "F-3.5b"], "Cavalry cannot attack units behind field fortifications."), True, P(5), P("1/2"),
        P(-5, "With a village (-6) the total is -11, as F-9.1C states."), P(-2)),
     "All field fortifications are minor except those south and east of Antoin (F-9.3c). They carry a ZOC (F-3.5b A); a Line, Skirmish or unlimbered artillery unit behind fortifications along two of its hexsides has every hex beyond them frontal (F-3.5b E); French units firing from behind them multiply their fire strength by 1.5 (F-3.5b F)."),
    ("fieldworks_major", "Major field fortifications", ["F-9.3c", "F-3.5b"], "the hex on the frontal side (attacks and fire from this side are penalised)", siderow(
        P(2), P(2), P(2), P(2), P(PS), P(1), "NA", "NA", "NA", P(2), "unless_firer_adjacent", "yes", True,
        K(False, ["F-2.8c", "F-3.5b"], "Cavalry cannot attack units behind field fortifications."), True, P(10), P("1/2"), P(-10), P(-4)),
     "Along the hexsides south and east of Antoin (F-9.3c)."),
    ("stream", "Stream", ["F-9.3d"], None, siderow(
        P(1), P(1), P(1), P(1), P(2), P(0), "NA", "NA", "NA", P(1), "no", "yes", True, P(True), P(True), P(0), P(1), P(0), P(-1)),
     "A minor water obstacle."),
    ("pond", "Pond", ["F-9.3e"], None, siderow(
        P(PS), P(PS), P(PS), P(PS), P(PS), P(PS), "NA", "NA", "NA", P(PS), "no", P("no"), P(False), P(False), P(False), P(0), P(1), P(0), P(0)),
     "Same effects as quarry (F-9.3e)."),
    ("quarry", "Quarry", ["F-9.3e"], None, siderow(
        P(PS), P(PS), P(PS), P(PS), P(PS), P(PS), "NA", "NA", "NA", P(PS), "no", P("no"), P(False), P(False), P(False), P(0), P(1), P(0), P(0)),
     "Same effects as pond (F-9.3e)."),
    ("path", "Path", ["F-9.2n", "11.2c"], None, siderow(
        K(0, ["11.2b"], "A path is not a hexside obstacle: a unit off the road pays the hex alone."), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]),
        "NA", "1/2", 1, P(0), K("no", ["F-9.2n"], "Roads do not change the hex's LOS."), P("no"), P(False), P(True), P(True), P(0), P(1), P(0), P(0)),
     "Recorded on each hexside the path crosses. Counts as a road for Wing and Army Commanders' Lines of Command (F-9.2n A). Road Movement ignores the other terrain except field fortifications or abatis blocking the path (F-9.2n C). Leaving a road for a non-road hex in Road Movement brings the standard Disorder Check (A) (F-2.10a)."),
    ("road", "Road", ["F-9.2n", "11.2c"], None, siderow(
        K(0, ["11.2b"], "A road is not a hexside obstacle: a unit off the road pays the hex alone."), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]),
        "NA", "1/2", "1/2", P(0), K("no", ["F-9.2n"], "Roads do not change the hex's LOS."), P("no"), P(False), P(True), P(True), P(0), P(1), P(0), P(0)),
     "Recorded on each hexside the road crosses (F-9.2n B). Leaving a road for a non-road hex in Road Movement brings the standard Disorder Check (A) (F-2.10a)."),
    ("major_road", "Major Road (Ath-Tournay)", ["F-9.2n", "11.2c"], None, siderow(
        K(0, ["11.2b"], "A road is not a hexside obstacle: a unit off the road pays the hex alone."), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]), K(0, ["11.2b"]),
        "NA", "1/3", "1/3", P(0), K("no", ["F-9.2n"], "Roads do not change the hex's LOS."), P("no"), P(False), P(True), P(True), P(0), P(1), P(0), P(0)),
     "Otherwise identical to a road (F-9.2n B)."),
]

TERRAIN_RULES = ["F-1.6b", "F-9.1", "F-9.2", "F-9.3", "F-9.4", "F-2.8", "F-2.10", "F-3.5", "F-3.6", "11.2", "11.10"]

HEX_PROV_NOTE = (
    "Stands in for the Terrain Effects Table (F-1.6b, F-9.1A), which is not in the text: every value "
    "scenarios/fontenoy/terrain.json gives keeps rulebook provenance here, and the rest is made up "
    "so the game can run. " + N_MP + " Stacking: 12 infantry SP per hex in the open in Line or column "
    "(two 6-SP battalions in one March Column, 10.11a; a 12-SP Square, 12.4d), 18 cavalry SP in Line "
    "(17 SP end in one hex in the 14.5b example) and 12 in column (the 8.4b 12-SP one-hex column); "
    "less in woods and marsh. Defense Ratings: 10 in the open, between the bridge's and barricade's "
    "5 (exposed) and the optional sunken road's 15 (covered); 15 for woods, orchard, village and broken "
    "ground, 20 for town and redoubt, 25 for a walled farm, 30 for the Keep. Morale: village -6 and "
    "minor field fortifications -5 make the -11 of F-9.1C; woods -5, town -6, walled farm and redoubt "
    "-10. Close combat: woods +1 defending (the 13.11c example), marsh -2 both ways (F-9.2e), better "
    "cover gives more. Square is not allowed in difficult terrain. No terrain halves fire multipliers "
    "(12.7a): Fontenoy names none, and its Defense Ratings carry the cover.")

SIDE_PROV_NOTE = (
    "Stands in for the hexside part of the Terrain Effects Table. Values the text gives keep rulebook "
    "provenance. Made here: slopes cost 0/1/2 going up (gentle/regular/steep), the regular slope's +1 "
    "agreeing with the 9.4b wheel example, and nothing going down except a steep slope (+1); limbered "
    "guns pay one more and cannot climb a steep slope; cavalry cannot charge up a steep slope. Firing "
    "uphill adds 2/5/10 to the Defense Rating; attacking uphill costs 0/-1/-2 CR. Field fortifications: "
    "minor +1 MP, +5 Defense Rating, -2 CR for attackers from the front, -5 morale (with a village's -6, "
    "the -11 of F-9.1C), fire out through the front halved; major doubles those and stops limbered "
    "guns. Abatis: infantry +2 in Line (+3 in column) and Disordered in Line, impassable to cavalry and "
    "guns. Stream: +1 (+2 guns), -1 CR across. Pond and quarry: impassable. Roads: no SCM change.")


def terrain_entry(tid, name, rules, values, note, directed=None):
    e = {"id": tid, "name": name, "rules": rules}
    if directed:
        e["directed"] = directed
    e["values"] = {k: published_cell(v, rules) for k, v in values.items()}
    if note:
        e["note"] = note
    return e


def build():
    t = {"format": "grognard/1", "kind": "terrain", "id": "fontenoy/terrain", "system": "fontenoy",
         "name": "Fontenoy terrain (Terrain Effects Table)",
         "provenance": RB(TERRAIN_RULES,
                          "Terrain names and the values stated in the Fontenoy special rules (F-9, F-2.8 to F-3.6) and the "
                          "series rules. The Terrain Effects Table itself (MP by unit type and formation, stacking in "
                          "parentheses, SCM, Defense Ratings, combat and morale modifiers, F-1.6b) is not in the text: "
                          "those values are \"missing\" here and completed in charts fontenoy/terrain-effects-provisional "
                          "and fontenoy/hexside-effects-provisional."),
         "note": ("Rule numbers: F-x = Fontenoy special rules, bare numbers = series rules. Roads, paths and the Major "
                  "Road are recorded on the hexsides they cross (F-9.2n lists them with the hexes); their rate replaces "
                  "the hex and hexside costs in Road Movement (F-9.2n C). The Melle map uses the same vocabulary. "
                  "Barricades (F-3.6) and redoubt counters are markers placed in play; both are listed so that a hex "
                  "can name them as a second terrain. All terrain modifiers are cumulative (F-9.1C)."),
         "hex_attributes": HEX_ATTRS, "hexside_attributes": SIDE_ATTRS,
         "hex_terrain": [terrain_entry(i, n, r, v, note) for i, n, r, v, note in HEX],
         "hexside_features": [terrain_entry(i, n, r, v, note, d) for i, n, r, d, v, note in SIDE]}
    emit("terrain.json", t)

    def effects(name, title, attrs, entries, note_prov, rules):
        columns = [col("terrain", "string", "Terrain id (fontenoy/terrain)")] + attrs
        rows = []
        for e in entries:
            tid, erules, values = e[0], e[2], e[-2]
            rows.append([tid] + [twin_cell(values[a["id"]], erules) for a in attrs])
        emit(f"charts/{name}.json", chart_dict(name, title, PV(note_prov), columns, rows, None, rules, None,
             "One row per terrain id of fontenoy/terrain, one column per attribute (same ids and types). "
             "Cells the text gives carry rulebook provenance; the rest are provisional."))

    effects("terrain-effects-provisional", "Terrain Effects Table, hexes (provisional completion)", HEX_ATTRS,
            [(i, n, r, v, note) for i, n, r, v, note in HEX], HEX_PROV_NOTE, ["F-1.6b", "F-9.1A", "F-9.2"])
    effects("hexside-effects-provisional", "Terrain Effects Table, hexsides (provisional completion)", SIDE_ATTRS,
            [(i, n, r, v, note) for i, n, r, d, v, note in SIDE], SIDE_PROV_NOTE, ["F-1.6b", "F-9.1A", "F-9.3"])
