#!/usr/bin/env python3
"""Generates the Prussia's Glory battle data: maps (scenarios/pg/maps/), counter sets
(scenarios/pg/counters/) and scenario files (scenarios/pg/scenarios/).

Deterministic, Python 3 stdlib only. Run from anywhere:  python3 tools/pg-scenarios/gen.py
Everything here that the rulebook text or a cited public source does not give is provisional;
docs/pg-scenarios.md says which is which.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from pgdata import (  # noqa: E402
    FORMAT, PLAYBOOK, VP_SCHEDULE_SOURCES, MapBuilder, counters_json, hid, parse, prov_prov,
    prov_public, prov_rule, write,
)
from units import Roster  # noqa: E402
from checks import check_setup, los  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PG_DIR = os.path.join(ROOT, "scenarios", "pg")  # one folder per kind (docs/data-format.md)
MAP_DIR = os.path.join(PG_DIR, "maps")
COUNTERS_DIR = os.path.join(PG_DIR, "counters")
OUT_DIR = os.path.join(PG_DIR, "scenarios")

CHARTS = ["pg/crt", "pg/bombardment", "pg/cc-drm", "pg/bombardment-drm", "pg/rally", "pg/leader-loss"]

BRITISH_BATTLES = "https://www.britishbattles.com/frederick-the-great-wars/seven-years-war/"
KRONOSKAF = "http://kronoskaf.com/syw/index.php?title="
FIG = "https://www.figuren.miniatures.de/schlacht-bei-rossbach-1757.html"

PROV_MAP = ("Provisional map: the physical battle map is not available. The hexes the rulebook "
            "examples and the cited public sources name are placed as they say (see their notes); "
            "every other hex, slope and edge is laid out here from the historical battlefield in "
            "outline and stands in for the printed map.")
PROV_COUNTERS = ("Provisional counters: the counter sheets are not available. Units, ratings, steps, "
                 "shock points, Fast flags, bombardment strengths and leader values are made here at "
                 "the game's scale (rule 1.0) from the historical order of battle in outline; names are "
                 "labels, not the printed counters. Values the rulebook states carry their own provenance.")
PROV_SCENARIO = ("Provisional scenario: the scenario rules are not in the rulebook text. Values from "
                 "the rulebook examples or public sources carry their own provenance or are listed in "
                 "docs/pg-scenarios.md; set-up, turns, army morale, activation costs and victory "
                 "conditions otherwise stand in for the published scenario.")

WINGS_NOTE = "rules.wings/groups/detachments: see docs/pg-data.md"


def wing(wid, side, name):
    return {"id": wid, "side": side, "name": name}


def scenario_json(battle, name, turns, sides, units, rules, victory, provenance=None, note=None,
                  sid=None):
    setup, reinf = [], []
    for u in units:
        if u.hex:
            e = {"unit": u.id, "hex": u.hex}
            if u.in_column:
                e["fields"] = {"in_column": True}
            setup.append(e)
        elif u.reinforcement:
            t, h = u.reinforcement
            reinf.append({"unit": u.id, "turn": t, "hex": h})
    out = {
        "format": FORMAT,
        "kind": "scenario",
        "id": sid or ("pg/" + battle),
        "system": "pg",
        "name": name,
        "provenance": provenance or prov_prov(PROV_SCENARIO),
    }
    if note:
        out["note"] = note
    out.update({
        "map": "pg/" + battle,
        "counters": ["pg/%s-counters" % battle],
        "charts": CHARTS,
        "turns": turns,
        "sides": sides,
        "setup": setup,
    })
    if reinf:
        out["reinforcements"] = reinf
    out["victory"] = victory
    out["rules"] = rules
    return out


def common_vp(public=True):
    """The PG II common VP schedule (public); its use for PG I battles is unconfirmed."""
    return {
        "id": "vp-schedule",
        "text": "At the end each side scores 1 VP per enemy unit destroyed or fled off the map, 2 VP "
                "per captured enemy infantry or cavalry unit and 2 VP per captured enemy artillery step.",
        "fields": {"destroyed_or_fled": 1, "captured_unit": 2, "captured_artillery_step": 2},
        "provenance": prov_public(
            VP_SCHEDULE_SOURCES,
            "Prussia's Glory II common VP schedule; that the PG I battles use the same schedule is "
            "not confirmed (digest section 7)."),
    }


def levels_entry(battle, text, fields, prov):
    return {"id": "levels", "text": text, "fields": fields, "provenance": prov}


STD_LEVELS = {
    "prussian_decisive": {"enemy": "broken", "own_not": "demoralized", "differential_at_least": 22},
    "prussian_substantive": {"enemy": "broken", "own_not": "demoralized", "differential_at_least": 16},
    "prussian_marginal": {"enemy": "demoralized_or_broken", "own_not": "demoralized",
                          "differential_at_least": 6},
    "coalition_decisive": {"prussian": "demoralized", "differential_at_most": 0},
    "coalition_substantive": {"coalition_not": "demoralized", "differential_at_most": 6},
    "coalition_marginal": "otherwise",
    "differential": "prussian VP minus coalition VP",
}


# =============================================================================================
# Rossbach, 5 November 1757


def rossbach():
    b = "rossbach"
    m = MapBuilder(
        b, "Rossbach (5 November 1757)", 40, 30, prov_prov(PROV_MAP),
        "Orientation (provisional): the named hexes put Klein/Grosskayna (1607, 1608, 1706) and "
        "Reichardtswerben (2604-2606) ten columns apart in the same rows, and the two villages lie "
        "north and south of each other on the ground, so this map is laid out with its top edge "
        "facing roughly east (toward the Saale): map west is north, map east is south, map south "
        "is west. Open rolling country with two low hills (Janus, Pölzen); almost no cover.")
    # towns
    kayna = ["1607", "1608", "1706"]
    rwerben = ["2604", "2605", "2606"]
    m.set_terrain(kayna + rwerben, "town")
    for h in kayna:
        m.note_hex(h, "Klein/Grosskayna town hex (PG I revised playbook, scenario 21 victory conditions).",
                   prov_public(PLAYBOOK, "Named as a Klein/Grosskayna hex in the Rossbach victory conditions."))
    for h in rwerben:
        m.note_hex(h, "Reichardtswerben town hex (PG I revised playbook, scenario 21 victory conditions).",
                   prov_public(PLAYBOOK, "Named as a Reichardtswerben hex in the Rossbach victory conditions."))
    towns = {
        "tagewerben": ("Tagewerben", ["2805"]),
        "rossbach": ("Rossbach", ["1915", "2015"]),
        "bedra": ("Bedra", ["1218", "1219"]),
        "lunstadt": ("Lunstädt", ["1412"]),
        "schortau": ("Schortau", ["1720"]),
        "leiha": ("Leiha", ["1122"]),
        "pettstadt": ("Pettstädt", ["2810"]),
        "obschutz": ("Obschütz", ["3109"]),
        "zeuchfeld": ("Zeuchfeld", ["2923"]),
        "mucheln": ("Mücheln", ["2028", "2128"]),
        "branderoda": ("Branderoda", ["1127"]),
        "burgwerben": ("Burgwerben", ["3402"]),
        "braunsdorf": ("Braunsdorf", ["2519"]),
    }
    for hs in (v[1] for v in towns.values()):
        m.set_terrain(hs, "town")
    # ground: the low ridge from the Lunstädt heights to the Janus hill, the Janus hill (crest at
    # 2107/2207), the Pölzen hill, the Schortau hill/Galgenberg.
    ridge = []
    for c in ["1511", "1610", "1710", "1809", "1909", "2008"]:
        ridge += m.blob(c, 1)
    m.raise_to(ridge, 1)
    m.raise_to(m.blob("2107", 2), 1)
    m.raise_to(["2107", "2207"], 2)
    m.raise_to(m.blob("2403", 1), 1)
    m.raise_to(m.blob("1822", 1), 1)
    # cover and wet ground at the edges only
    m.set_terrain(["0328", "0329", "0428", "3728", "3828", "3829", "0402", "0502"], "woods")
    m.set_terrain(["0921", "1021", "0822", "2329", "2429", "2530"], "marsh")
    m.place("klein-grosskayna", "Klein/Grosskayna", "town", kayna, {"victory_points": 10},
            prov_public(PLAYBOOK))
    m.place("reichardtswerben", "Reichardtswerben", "town", rwerben, {"victory_points": 10},
            prov_public(PLAYBOOK))
    for pid, (name, hs) in towns.items():
        m.place(pid, name, "town", hs)
    m.place("janus-hill", "Janus hill", "hill", ["2107", "2207"])
    m.place("polzen-hill", "Pölzen hill", "hill", ["2403"])
    m.place("schortau-hill", "Schortau hill / Galgenberg", "hill", ["1822"])
    m.edge("north", "prussian", note="Geographic east: toward the Saale, Merseburg and Weissenfels.")
    m.edge("south", "coalition", note="Geographic west: toward Mücheln and Freyburg on the Unstrut.")
    m.edge("west", note="Geographic north (the Leiha brook side).")
    m.edge("east", note="Geographic south (Tagewerben, Pettstädt, Zeuchfeld side).")

    r = Roster("ros")
    P, C = "prussian", "coalition"
    # Prussian army (public: 16,600 infantry, 5,400 cavalry, 79 guns; britishbattles.com)
    W = {"f": "ros-p-ferdinand", "h": "ros-p-henry", "k": "ros-p-keith", "m": "ros-p-mayr", "s": "ros-p-seydlitz"}
    r.add(P, "f1", "P3", "First line brigade (right)", "prussian", W["f"], "1317")
    r.add(P, "f2", "P2w", "First line regiment", "prussian", W["f"], "1417")
    r.add(P, "f3", "P2w", "First line regiment", "prussian", W["f"], "1517")
    r.add(P, "f4", "P2w", "First line regiment (left)", "prussian", W["f"], "1617")
    r.add(P, "h1", "P2w", "Second line regiment", "prussian", W["h"], "1316")
    r.add(P, "h2", "P2w", "Second line regiment", "prussian", W["h"], "1416")
    r.add(P, "h3", "P2w", "Second line regiment", "prussian", W["h"], "1516")
    r.add(P, "h4", "P2w", "Second line regiment", "prussian", W["h"], "1616")
    r.add(P, "k1", "G1s", "Grenadier battalion", "prussian", W["k"], "1716")
    r.add(P, "k2", "G1s", "Grenadier battalion", "prussian", W["k"], "1717")
    r.add(P, "k3", "G1s", "Grenadier battalion", "prussian", W["k"], "1816")
    r.add(P, "k4", "G1s", "Grenadier battalion", "prussian", W["k"], "1817")
    rear = "The rear guard of Freibataillon Mayr, the Székely hussars (H1) and two squadrons of the Seydlitz hussars (H8) is public (" + FIG + "); the values are provisional."
    r.add(P, "mayr", "FK", "Freibataillon Mayr", "prussian", W["m"], "1719", note=rear)
    r.add(P, "szekely", "H2", "Székely hussars", "prussian", W["m"], "1818", note=rear)
    r.add(P, "h8", "H1", "Seydlitz hussars (two squadrons)", "prussian", W["m"], "1918", note=rear)
    r.add(P, "gdc", "K3", "Garde du Corps and Gensdarmes", "prussian", W["s"], "2016")
    r.add(P, "c1", "K2", "Cuirassier regiment", "prussian", W["s"], "2116")
    r.add(P, "c2", "K2", "Cuirassier regiment", "prussian", W["s"], "2017")
    r.add(P, "d1", "D2", "Dragoon regiment", "prussian", W["s"], "2117")
    r.add(P, "d2", "D2", "Dragoon regiment", "prussian", W["s"], "2216")
    r.art(P, "a1", "PHV", "Heavy battery", "prussian", "1417")
    r.art(P, "a2", "PHV", "Heavy battery", "prussian", "1516")
    r.art(P, "a3", "PFD", "Field battery", "prussian", "1617")
    r.art(P, "a4", "PFD", "Field battery", "prussian", "1316")
    r.art(P, "a5", "PFD", "Field battery", "prussian", "1816")
    r.leader(P, "frederick", "Frederick II", "prussian", "army_commander", initiative=4, special="I",
             morale_mod=2, ma=10, hex_="1915",
             note="Initiative 4 and \"I\" as in the rulebook's Zorndorf example (4.5); assumed here.")
    r.leader(P, "moritz", "Moritz of Anhalt-Dessau", "prussian", "army_commander", initiative=3, morale_mod=1,
             ma=10, note="Not set up: takes over as army commander only if Frederick is killed or "
                         "wounded (PG I revised playbook); see rules.substitute_army_commander.",
             prov=prov_prov("Counter values provisional; the substitute role is from the PG I revised "
                            "playbook (" + PLAYBOOK + ")."))
    r.leader(P, "ferdinand", "Prince Ferdinand of Brunswick", "prussian", "wing_leader", W["f"], morale_mod=1,
             hex_="1417")
    r.leader(P, "henry", "Prince Henry", "prussian", "wing_leader", W["h"], initiative=3, special="I",
             morale_mod=1, hex_="1416")
    r.leader(P, "keith", "Keith", "prussian", "wing_leader", W["k"], morale_mod=1, hex_="1716")
    r.leader(P, "mayr-l", "Mayr", "prussian", "wing_leader", W["m"], morale_mod=0, hex_="1719")
    r.leader(P, "seydlitz", "Seydlitz", "prussian", "wing_leader", W["s"], initiative=5, special="C",
             morale_mod=1, ma=10, hex_="2016",
             note="Initiative 5 and \"C\" as in the rulebook's Zorndorf example (4.5); assumed here.")
    # Franco-Imperial army (public: French 30,200 and 60 guns; Reichsarmee with Austrians 10,900
    # and 45 guns; britishbattles.com; St. Germain's corps about 6,000 (Brockhaus 1837))
    V = {"b": "ros-c-broglie", "hi": "ros-c-hildburghausen", "ca": "ros-c-castries",
         "ho": "ros-c-hohenzollern", "sg": "ros-c-stgermain", "lo": "ros-c-loudon"}
    r.add(C, "piemont", "F4", "Piémont brigade", "french", V["b"], "1425")
    r.add(C, "mailly", "F4", "Mailly brigade", "french", V["b"], "1525")
    r.add(C, "poitou", "F4", "Poitou brigade", "french", V["b"], "1625")
    r.add(C, "castellas", "F4S", "Castellas brigade (Sw)", "swiss", V["b"], "1725")
    r.add(C, "planta", "F4S", "Planta brigade (Sw)", "swiss", V["b"], "1825")
    r.add(C, "lamarck", "F3G", "La Marck brigade (Ger)", "german", V["b"], "1925")
    r.add(C, "kreis1", "RA3", "Franconian Kreis regiments", "reichsarmee", V["hi"], "1426")
    r.add(C, "kreis2", "RA3", "Swabian Kreis regiments", "reichsarmee", V["hi"], "1526")
    r.add(C, "kreis3", "RA3", "Upper Rhine Kreis regiments", "reichsarmee", V["hi"], "1626")
    r.add(C, "kreis4", "RA3", "Bavarian Kreis regiments", "reichsarmee", V["hi"], "1726")
    r.add(C, "fcav1", "FK2", "French cavalry brigade", "french", V["ca"], "2025")
    r.add(C, "fcav2", "FK2", "French cavalry brigade", "french", V["ca"], "2125")
    r.add(C, "fcav3", "FK2", "French cavalry brigade", "french", V["ca"], "2026")
    r.add(C, "fcav4", "FK2", "French cavalry brigade", "french", V["ca"], "2126")
    r.add(C, "gendarmerie", "FG2", "Gendarmerie", "french", V["ca"], "2225")
    cuir = "The cuirassier regiments Bretlach and Hohenzollern at the head of the German cavalry are public (" + FIG + "); the values are provisional."
    r.add(C, "bretlach", "AK2", "Bretlach cuirassiers", "austrian", V["ho"], "1225", note=cuir)
    r.add(C, "hohenzollern-c", "AK2", "Hohenzollern cuirassiers", "austrian", V["ho"], "1325", note=cuir)
    r.add(C, "rkav1", "RK2", "Kreis cavalry", "reichsarmee", V["ho"], "1226")
    r.add(C, "rkav2", "RK2", "Kreis cavalry", "reichsarmee", V["ho"], "1326")
    r.add(C, "sg1", "F4", "St. Germain's brigade", "french", V["sg"], "1723")
    r.add(C, "sg2", "F4", "St. Germain's brigade", "french", V["sg"], "1823")
    r.add(C, "sg3", "F4", "St. Germain's brigade", "french", V["sg"], "1923")
    r.add(C, "croats1", "AL2", "Croats", "austrian", V["lo"], "2422")
    r.add(C, "croats2", "AL2", "Croats", "austrian", V["lo"], "2523")
    r.add(C, "szechenyi", "AH2", "Széchényi hussars", "austrian", V["lo"], "2423")
    r.art(C, "fa1", "FFD", "French battery", "french", "1525")
    r.art(C, "fa2", "FFD", "French battery", "french", "1725")
    r.art(C, "fa3", "FFD", "French battery", "french", "1925")
    r.art(C, "fa4", "FFD", "French battery (St. Germain)", "french", "1823")
    r.art(C, "ra1", "RAF", "Kreis battery", "reichsarmee", "1526")
    r.art(C, "ra2", "RAF", "Kreis battery", "reichsarmee", "1626")
    r.leader(C, "soubise", "Soubise", "french", "army_commander", initiative=1, morale_mod=0, hex_="1825")
    r.leader(C, "hildburghausen", "Hildburghausen", "reichsarmee", "wing_leader", V["hi"], initiative=2,
             special="*", morale_mod=0, hex_="1526")
    r.leader(C, "broglie", "Broglie", "french", "wing_leader", V["b"], morale_mod=1, hex_="1625")
    r.leader(C, "castries", "Castries", "french", "wing_leader", V["ca"], morale_mod=0, hex_="2125")
    r.leader(C, "hohenzollern", "Hohenzollern", "austrian", "wing_leader", V["ho"], morale_mod=0, hex_="1225")
    r.leader(C, "stgermain", "St. Germain", "french", "wing_leader", V["sg"], initiative=2, morale_mod=1,
             hex_="1823")
    r.leader(C, "loudon", "Loudon", "austrian", "wing_leader", V["lo"], initiative=3, morale_mod=1, hex_="2423")

    wings = [
        wing(W["f"], P, "Prince Ferdinand (first line)"),
        wing(W["h"], P, "Prince Henry (second line)"),
        wing(W["k"], P, "Keith (grenadiers)"),
        wing(W["m"], P, "Mayr (rear guard)"),
        wing(W["s"], P, "Seydlitz (cavalry)"),
        wing(V["b"], C, "Broglie (French infantry)"),
        wing(V["hi"], C, "Hildburghausen (Reichsarmee infantry)"),
        wing(V["ca"], C, "Castries (French cavalry)"),
        wing(V["ho"], C, "Hohenzollern (German cavalry)"),
        wing(V["sg"], C, "St. Germain (flank corps)"),
        wing(V["lo"], C, "Loudon (light troops)"),
    ]
    rules = {
        "battle_scenario": False,
        "army_morale": {"prussian": 14, "coalition": 16},
        "activation_cost": {"prussian": [1, 0], "coalition": [3]},
        "command_ratings": {"prussian": {"inf_art": 5, "cav": 5}, "coalition": {"inf_art": 2, "cav": 3}},
        "groups": [{"id": "ros-c-stg-l", "side": C, "name": "St. Germain/Loudon", "rating": 3,
                    "wings": [V["sg"], V["lo"]]}],
        "detachments": [{"id": "ros-c-det-stgermain", "side": C, "wings": [V["sg"]], "rating": 3}],
        "wings": wings,
        "victory": {
            "objectives": [
                {"hexes": kayna, "side": C, "vp": 10, "units": 3, "unit_type": "infantry",
                 "in_or_adjacent": True, "exclusive_group": "fre-bonus"},
                {"hexes": rwerben, "side": C, "vp": 10, "units": 3, "unit_type": "infantry",
                 "in_or_adjacent": True, "exclusive_group": "fre-bonus"},
            ],
            "levels": "rossbach",
        },
        "substitute_army_commander": {"prussian": "ros-p-moritz"},
    }
    victory = [
        {"id": "fre-town-bonus",
         "text": "The French/Empire side gains 10 VP at the end if 3 of its infantry units are in or "
                 "adjacent to Klein/Grosskayna (1607, 1608, 1706) or to Reichardtswerben (2604, 2605, "
                 "2606); only one such bonus is scored.",
         "fields": {"vp": 10, "units": 3, "sets": [kayna, rwerben], "only_one": True},
         "provenance": prov_public(PLAYBOOK, "PG I revised playbook, scenario 21 (Rossbach), additional "
                                   "VP; in the battle scenario only Reichardtswerben counts.")},
        common_vp(),
        levels_entry(b, "Judged after the last turn: Prussian Decisive (FrE Broken, Prussians not "
                     "Demoralized, differential at least +22), Substantive (same, at least +16), "
                     "Marginal (FrE Demoralized or Broken, Prussians not Demoralized, at least +6); "
                     "FrE Decisive (Prussians Demoralized, differential 0 or less), Substantive (FrE "
                     "not Demoralized, 6 or less), otherwise FrE Marginal.",
                     STD_LEVELS, prov_public(PLAYBOOK, "PG I revised playbook, scenario 21 victory levels; "
                                             "the order in which they are tested is not given.")),
    ]
    turns = {"first": 1, "last": 10,
             "labels": {str(i + 1): "%02d:30" % (8 + i) for i in range(10)},
             "note": "Main scenario 08:30-17:30, 10 turns (PG I revised playbook, scenario 21)."}
    sides = [
        {"id": P, "name": "Prussian", "friendly_edges": ["north"]},
        {"id": C, "name": "French/Empire (FrE)", "friendly_edges": ["south"]},
    ]
    return m, r.units, wings, rules, scenario_json(
        b, "Rossbach (main scenario)", turns, sides, r.units, rules, victory,
        note="Public values (PG I revised playbook, scenario 21): 10 turns 08:30-17:30; Prussian army "
             "morale 14; Prussian activation cost 1 AM on the first attempt, then free; Prussian group "
             "command ratings 5 and 5; the FrE town bonus and victory levels. Rulebook (4.5 example): "
             "FrE Basic Infantry/Artillery CR 2, Basic Cavalry CR 3, Specific Group St. Germain/Loudon "
             "CR 3. Everything else is provisional (docs/pg-scenarios.md).")


# =============================================================================================
# Leuthen, 5 December 1757


def leuthen():
    b = "leuthen"
    m = MapBuilder(
        b, "Leuthen (5 December 1757)", 40, 30, prov_prov(PROV_MAP),
        "Top edge north. The Austrian line runs north-south from Nippern through Frobelwitz and "
        "Leuthen to Sagschütz; the Prussians approach from the west past Borne, screened by the low "
        "Borne-Lobetinz hills. The hexes of the 8.1 and 8.2.2 examples are placed as the examples "
        "require (see their notes).")
    towns = {
        "nippern": ("Nippern", ["2903"]),
        "frobelwitz": ("Frobelwitz", ["3007", "3008"]),
        "leuthen": ("Leuthen", ["3012", "3013", "3014"]),
        "sagschutz": ("Sagschütz", ["2922"]),
        "lobetinz": ("Lobetinz", ["1423"]),
        "borne": ("Borne", ["0809"]),
        "radaxdorf": ("Radaxdorf", ["3403"]),
        "lissa": ("Lissa", ["3812", "3813"]),
        "saara": ("Saara", ["3220"]),
    }
    for hs in (v[1] for v in towns.values()):
        m.set_terrain(hs, "town")
    for c in ["1010", "1212", "1215", "1218", "1321"]:
        m.raise_to(m.blob(c, 1), 1)  # Schmiedeberg and the Borne-Lobetinz hills
    m.raise_to(m.blob("2723", 1), 1)  # Kiefernberg by Sagschütz
    m.raise_to(m.blob("2910", 1), 1)  # Butterberg north of Leuthen
    m.raise_to(m.blob("3304", 1), 1)  # Radaxdorf heights
    # The heights east of Leuthen: a plateau with a knoll at 3512 and a hollow at 3615 (8.2.2).
    m.raise_to(m.blob("3614", 2) + m.blob("3512", 1) + [parse("3617"), parse("3517"), parse("3717")], 1)
    m.set_level(["3615"], 0)
    m.set_level(["3512"], 2)
    m.set_terrain(["2801", "2802", "2701", "2524", "2624", "2625", "1502", "1602", "1603",
                   "0526", "0527", "0627"], "woods")
    m.set_terrain(["4010", "4011", "4014", "4015", "2605"], "marsh")
    for a, c in [("2922", "2822"), ("2922", "2823"), ("2922", "2923")]:
        m.add_entrenchment(a, c, "Abatis at Sagschütz (provisional).")
    # notes on the rulebook hexes
    r81 = "Named in the 8.1 example (Leuthen map); its terrain is provisional."
    for h in ["3106", "3107", "3207", "3305"]:
        m.note_hex(h, r81)
    m.note_hex("3512", "8.2.2 example: on the high side of the slopes toward 3513 and 3613 (level 2).")
    m.note_hex("3615", "8.2.2 example: low ground between two opposite slopes on the line 3617-3512 (level 0).")
    for h in ["3617", "3616", "3514", "3513", "3613", "3614"]:
        m.note_hex(h, "Named in the 8.2.2 example; level 1 (provisional).")
    d822 = prov_rule(["8.2.2"], "Derived from the 8.2.2 example: units in 3513 and 3613 are directly "
                              "downslope of 3512, so these hexsides are slopes with 3512 on the high side.")
    m.note_slope("3512", "3513", "8.2.2 example", d822)
    m.note_slope("3512", "3613", "8.2.2 example", d822)
    low = prov_rule(["8.2.2", "8.2.1.1"], "Derived from the 8.2.2 example: the line 3617-3512 reaches "
                    "3615 from 3616 and leaves it for 3514, and 3615 is low ground, i.e. between two "
                    "slopes in opposite directions on that line.")
    m.note_slope("3616", "3615", "8.2.2 example (low ground)", low)
    m.note_slope("3615", "3514", "8.2.2 example (low ground)", low)
    m.place("leuthen-town", "Leuthen", "victory", towns["leuthen"][1], {"victory_points": 10})
    for pid, (name, hs) in towns.items():
        m.place(pid, name, "town", hs)
    m.place("butterberg", "Butterberg", "hill", ["2910"])
    m.place("kiefernberg", "Kiefernberg", "hill", ["2723"])
    m.place("schmiedeberg", "Schmiedeberg", "hill", ["1010"])
    m.place("east-heights", "Heights east of Leuthen (8.2.2 example)", "hill", ["3512", "3614"])
    m.edge("west", "prussian", note="Toward Neumarkt, the Prussian approach.")
    m.edge("east", "coalition", note="Toward Lissa and Breslau.")
    m.edge("north")
    m.edge("south")

    r = Roster("leu")
    P, C = "prussian", "coalition"
    W = {"w": "leu-p-wedel", "i": "leu-p-itzenplitz", "r": "leu-p-retzow", "f": "leu-p-forcade",
         "z": "leu-p-zieten", "d": "leu-p-driesen", "e": "leu-p-wurttemberg"}
    r.add(P, "w1", "P3", "Advance guard brigade", "prussian", W["w"], "0908")
    r.add(P, "w2", "P2w", "Advance guard regiment", "prussian", W["w"], "1008")
    r.add(P, "w3", "G1s", "Grenadier battalion", "prussian", W["w"], "0909")
    r.add(P, "w4", "G1s", "Grenadier battalion", "prussian", W["w"], "1009")
    for i, (t, h) in enumerate([("P3", "0208"), ("P3", "0308"), ("P2w", "0408"), ("P2w", "0508")], 1):
        r.add(P, "i%d" % i, t, "Right wing infantry", "prussian", W["i"], h, in_column=True)
    for i, (t, h) in enumerate([("P3", "0211"), ("P2w", "0311"), ("P2w", "0411"), ("P2w", "0511")], 1):
        r.add(P, "r%d" % i, t, "Left wing infantry", "prussian", W["r"], h, in_column=True)
    for i, (t, h) in enumerate([("P2w", "0213"), ("P2w", "0313"), ("P2w", "0413")], 1):
        r.add(P, "f%d" % i, t, "Second line infantry", "prussian", W["f"], h, in_column=True)
    for i, (t, h, n) in enumerate([("K2", "0305", "Cuirassier regiment"), ("K2", "0405", "Cuirassier regiment"),
                                   ("D3", "0505", "Dragoon regiment"), ("H2", "0605", "Hussar regiment"),
                                   ("H2", "0705", "Hussar regiment")], 1):
        r.add(P, "z%d" % i, t, n, "prussian", W["z"], h)
    for i, (t, h, n) in enumerate([("K3", "0215", "Cuirassier brigade"), ("K2", "0315", "Cuirassier regiment"),
                                   ("D2", "0415", "Dragoon regiment"), ("D2", "0515", "Dragoon regiment")], 1):
        r.add(P, "d%d" % i, t, n, "prussian", W["d"], h)
    r.add(P, "e1", "D2", "Advance guard dragoons", "prussian", W["e"], "1107")
    r.add(P, "e2", "H2", "Advance guard hussars", "prussian", W["e"], "1108")
    r.add(P, "e3", "H2", "Advance guard hussars", "prussian", W["e"], "1207")
    for i, (t, h) in enumerate([("PHV", "0610"), ("PHV", "0710"), ("PFD", "0611"), ("PFD", "0711"),
                                ("PFD", "0612"), ("PFD", "0712")], 1):
        r.art(P, "a%d" % i, t, "Heavy battery" if t == "PHV" else "Field battery", "prussian", h)
    r.leader(P, "frederick", "Frederick II", "prussian", "army_commander", initiative=4, special="I",
             morale_mod=2, ma=10, hex_="0909",
             note="Initiative 4 and \"I\" as in the rulebook's Zorndorf example (4.5); assumed here.")
    r.leader(P, "moritz", "Moritz of Anhalt-Dessau", "prussian", "army_commander", initiative=3, morale_mod=1,
             ma=10, note="Not set up: takes over as army commander only if Frederick is killed or "
                         "wounded (PG I revised playbook); see rules.substitute_army_commander.",
             prov=prov_prov("Counter values provisional; the substitute role is from the PG I revised "
                            "playbook (" + PLAYBOOK + ")."))
    r.leader(P, "wedel", "Wedel", "prussian", "wing_leader", W["w"], morale_mod=1, hex_="0908")
    r.leader(P, "itzenplitz", "Itzenplitz", "prussian", "wing_leader", W["i"], morale_mod=1, hex_="0508",
             in_column=True)
    r.leader(P, "retzow", "Retzow", "prussian", "wing_leader", W["r"], morale_mod=1, hex_="0511", in_column=True)
    r.leader(P, "forcade", "Forcade", "prussian", "wing_leader", W["f"], morale_mod=0, hex_="0413",
             in_column=True)
    r.leader(P, "zieten", "Zieten", "prussian", "wing_leader", W["z"], initiative=4, special="C", morale_mod=1,
             ma=10, hex_="0505")
    r.leader(P, "driesen", "Driesen", "prussian", "wing_leader", W["d"], initiative=4, special="C",
             morale_mod=1, ma=10, hex_="0315")
    r.leader(P, "wurttemberg", "Eugen of Württemberg", "prussian", "wing_leader", W["e"], morale_mod=1,
             ma=10, hex_="1108")

    V = {"l": "leu-c-lucchesi", "d": "leu-c-daun", "k": "leu-c-kheul", "n": "leu-c-nadasdy",
         "s": "leu-c-serbelloni", "a": "leu-c-arenberg", "x": "leu-c-nostitz"}
    for i, (t, h, n) in enumerate([("AK2", "3002", "Cuirassier regiment"), ("AK2", "3103", "Cuirassier regiment"),
                                   ("AD2", "3203", "Dragoon regiment"), ("AD2", "3004", "Dragoon regiment"),
                                   ("AH2", "3104", "Hussar regiment")], 1):
        r.add(C, "l%d" % i, t, n, "austrian", V["l"], h)
    for i, (t, h) in enumerate([("A4", "2804"), ("A4", "2805"), ("A3", "2806"), ("A3", "2807"), ("A2", "2808")], 1):
        r.add(C, "d%d" % i, t, "Right wing infantry", "austrian", V["d"], h)
    for i, (t, h) in enumerate([("A4", "2809"), ("A4", "2810"), ("A3", "2811"), ("A3", "2812"), ("A2", "2813"),
                                ("AL2", "2814")], 1):
        r.add(C, "k%d" % i, t, "Grenzer" if t == "AL2" else "Centre infantry", "austrian", V["k"], h)
    r.add(C, "wurt1", "W3", "Württemberg brigade (Wurt)", "wurttemberg", V["n"], "2817")
    r.add(C, "wurt2", "W3", "Württemberg brigade (Wurt)", "wurttemberg", V["n"], "2818")
    r.add(C, "bav", "W3", "Bavarian brigade (Bav)", "bavarian", V["n"], "2819")
    r.add(C, "wurz", "W2", "Würzburg regiment (Wurz)", "wurzburg", V["n"], "2820")
    r.add(C, "croat1", "AL2", "Croats", "austrian", V["n"], "2922")
    r.add(C, "croat2", "AL2", "Croats", "austrian", V["n"], "2723")
    r.add(C, "n-drag", "AD2", "Dragoon regiment", "austrian", V["n"], "2923")
    r.add(C, "n-huss", "AH2", "Hussar regiment", "austrian", V["n"], "3024")
    r.add(C, "s1", "AK2", "Cuirassier regiment", "austrian", V["s"], "3020")
    r.add(C, "s2", "AK2", "Cuirassier regiment", "austrian", V["s"], "3120")
    r.add(C, "s3", "AD2", "Dragoon regiment", "austrian", V["s"], "3121")
    for i, (t, h) in enumerate([("A3", "3109"), ("A3", "3110"), ("A2", "3111"), ("A2", "3115"), ("A2", "3116")], 1):
        r.add(C, "a%d" % i, t, "Reserve infantry", "austrian", V["a"], h)
    r.add(C, "x1", "SX2", "Saxon chevaulegers", "saxon", V["x"], "1608")
    r.add(C, "x2", "SX2", "Saxon chevaulegers", "saxon", V["x"], "1609")
    r.add(C, "x3", "AH2", "Hussar outpost", "austrian", V["x"], "1709")
    for i, (t, h) in enumerate([("AHV", "2805"), ("AFD", "2810"), ("AFD", "2812"), ("AFD", "2818"),
                                ("AFD", "2723"), ("AHV", "2910"), ("AFD", "3013"), ("AFD", "2816")], 1):
        r.art(C, "art%d" % i, t, "Heavy battery" if t == "AHV" else "Battery", "austrian", h)
    r.leader(C, "charles", "Charles of Lorraine", "austrian", "army_commander", initiative=2, morale_mod=0,
             hex_="3112")
    r.leader(C, "daun", "Daun", "austrian", "wing_leader", V["d"], initiative=3, special="*", morale_mod=1,
             hex_="2806")
    r.leader(C, "lucchesi", "Lucchesi", "austrian", "wing_leader", V["l"], morale_mod=0, ma=10, hex_="3103")
    r.leader(C, "kheul", "Kheul", "austrian", "wing_leader", V["k"], morale_mod=0, hex_="2811")
    r.leader(C, "nadasdy", "Nádasdy", "austrian", "wing_leader", V["n"], initiative=2, morale_mod=0, hex_="2819")
    r.leader(C, "serbelloni", "Serbelloni", "austrian", "wing_leader", V["s"], morale_mod=0, ma=10, hex_="3120")
    r.leader(C, "arenberg", "Arenberg", "austrian", "wing_leader", V["a"], morale_mod=0, hex_="3110")
    r.leader(C, "nostitz", "Nostitz", "saxon", "wing_leader", V["x"], morale_mod=0, ma=10, hex_="1608")

    wings = [
        wing(W["w"], P, "Wedel (advance guard)"), wing(W["i"], P, "Itzenplitz (right wing infantry)"),
        wing(W["r"], P, "Retzow (left wing infantry)"), wing(W["f"], P, "Forcade (second line)"),
        wing(W["z"], P, "Zieten (right wing cavalry)"), wing(W["d"], P, "Driesen (left wing cavalry)"),
        wing(W["e"], P, "Eugen of Württemberg (advance guard cavalry)"),
        wing(V["l"], C, "Lucchesi (right wing cavalry)"), wing(V["d"], C, "Daun (right wing infantry)"),
        wing(V["k"], C, "Kheul (centre infantry)"), wing(V["n"], C, "Nádasdy (left wing)"),
        wing(V["s"], C, "Serbelloni (left wing cavalry)"), wing(V["a"], C, "Arenberg (reserve)"),
        wing(V["x"], C, "Nostitz (Saxon outpost at Borne)"),
    ]
    rules = {
        "battle_scenario": False,
        "army_morale": {"prussian": 18, "coalition": 22},
        "activation_cost": {"prussian": [1, 0], "coalition": [3]},
        "command_ratings": {"prussian": {"inf_art": 5, "cav": 5}, "coalition": {"inf_art": 3, "cav": 3}},
        "groups": [{"id": "leu-c-nadasdy-corps", "side": C, "name": "Nádasdy's corps", "rating": 3,
                    "wings": [V["n"]]}],
        "detachments": [{"id": "leu-c-det-nostitz", "side": C, "wings": [V["x"]], "rating": 2}],
        "wings": wings,
        "victory": {
            "objectives": [
                {"hexes": towns["leuthen"][1], "side": P, "vp": 10, "units": 3, "unit_type": "infantry",
                 "in_or_adjacent": True},
                {"hexes": towns["sagschutz"][1] + towns["frobelwitz"][1], "side": C, "vp": 5, "units": 2,
                 "unit_type": "infantry", "in_or_adjacent": True},
            ],
            "levels": "rossbach",
        },
        "substitute_army_commander": {"prussian": "leu-p-moritz"},
    }
    victory = [
        {"id": "objectives", "text": "Prussians 10 VP for 3 infantry units in or adjacent to Leuthen at the "
         "end; Austrians 5 VP for 2 infantry units in or adjacent to Sagschütz or Frobelwitz.",
         "fields": {"see": "rules.victory.objectives"}},
        common_vp(),
        levels_entry(b, "Victory levels as in Rossbach (provisional stand-in).", STD_LEVELS,
                     prov_prov("Stand-in: the Leuthen victory levels are not available; the Rossbach "
                               "levels are used.")),
    ]
    turns = {"first": 1, "last": 10, "labels": {str(i + 1): "%02d:00" % (8 + i) for i in range(10)},
             "note": "Provisional: 08:00-17:00 (the Prussians reached Borne in the early morning; dusk "
                     "about 16:30)."}
    sides = [
        {"id": P, "name": "Prussian", "friendly_edges": ["west"]},
        {"id": C, "name": "Austrian", "friendly_edges": ["east"]},
    ]
    return m, r.units, wings, rules, scenario_json(
        b, "Leuthen (main scenario)", turns, sides, r.units, rules, victory,
        note="Public: Prussians about 28,600-39,000 men and 165-170 guns, Austrians about 52,000-66,000 "
             "men and 210-214 guns (obscurebattles.blogspot.com, histhrill.com). Everything else is "
             "provisional (docs/pg-scenarios.md).")


# =============================================================================================
# Zorndorf, 25 August 1758


def zorndorf():
    b = "zorndorf"
    m = MapBuilder(
        b, "Zorndorf (25 August 1758)", 40, 30, prov_prov(PROV_MAP),
        "Top edge north (the Mietzel). A plateau (level 1) between the Mietzel valley (rows 1-3) and "
        "the low ground south of Zorndorf (rows 19+), cut by ravines (Gründe) and with a hill at "
        "1724 (level 2). Slopes are placed wherever adjacent levels differ; the slopes of the 7.3 and "
        "8.2.1 examples are placed as those examples require (see their notes).")
    for c in range(1, 41):
        for rr in range(4, 19):
            m.set_level([(c, rr)], 1)
    # Galgen-Grund (low ground at 2106: 8.2.1.1 example), Zabern-Grund (1709: 7.3 example),
    # Langer Grund.
    m.set_level(["1806", "1906", "2006", "2106", "2206", "2306", "2406"], 0)
    m.set_level(["1707", "1708", "1709", "1710", "1711", "1712", "1613", "1614"], 0)
    m.set_level(["2509", "2510", "2611", "2612", "2613"], 0)
    # the hill at 1724 (8.2.1.1 example)
    m.set_level(["1723", "1725", "1624", "1625", "1824", "1825", "1823", "1523"], 1)
    m.set_level(["1724"], 2)
    towns = {
        "zorndorf": ("Zorndorf", ["2119", "2120"]),
        "quartschen": ("Quartschen", ["2502", "2602"]),
        "zicher": ("Zicher", ["0814"]),
        "klein-kammin": ("Klein Kammin", ["0409"]),
        "darmietzel": ("Darmietzel", ["3303"]),
        "wilkersdorf": ("Wilkersdorf", ["3525"]),
    }
    for hs in (v[1] for v in towns.values()):
        m.set_terrain(hs, "town")
    m.set_terrain(["2702", "2703", "2802", "0915", "1015", "1711", "1712"], "marsh")
    m.set_terrain(m.blob("0322", 2) + m.blob("3723", 1), "woods")
    # notes on the rulebook hexes and slopes
    m.note_hex("1809", "7.3 example: clear, entered from 1709 up a slope hexside (level 1).",
               prov_rule(["7.3"], "The 7.3 example charges 1 MP for the clear hex 1809 plus 1 for the slope."))
    m.note_hex("1709", "7.3 example: below the slope to 1809 (Zabern-Grund, level 0; terrain provisional).")
    m.note_slope("1709", "1809", "7.3 example",
                 prov_rule(["7.3"], "1709 to 1809 crosses an upslope hexside (+1 MP going up); 1809 high."))
    m.note_slope("2103", "2104", "8.2.1 example",
                 prov_rule(["8.2.1"], "Derived: 2104 sees 2102 over 2103 because it is adjacent to the slope, "
                           "and 2105 cannot see 2103 because it is not; so this hexside is a slope with "
                           "2104 on the high side."))
    inferred = ("Inferred (provisional): placed so that the 8.2.1.1 example holds; the example fixes "
                "the LOS results, not which hexsides are slopes.")
    for a, c in [("2105", "2106"), ("2106", "2107"), ("2106", "2207"), ("2105", "2206"), ("2206", "2207"),
                 ("1724", "1824"), ("1824", "1923"), ("1724", "1624"), ("1523", "1423"), ("1823", "1922"),
                 ("1823", "1923")]:
        m.note_slope(a, c, inferred)
    for h in ["2102", "2103", "2104", "2105", "2106", "2107", "2108", "2206", "2207"]:
        m.note_hex(h, "Named in the 8.2.1/8.2.1.1 examples; level %d (provisional placement)." % m.level(h))
    for h in ["1724", "1824", "1923", "2023", "1922", "1823", "1624", "1523", "1423"]:
        m.note_hex(h, "Named in the 8.2.1.1 example; level %d (provisional placement)." % m.level(h))
    for h in ["2702", "2703", "2802"]:
        m.note_hex(h, "Marsh/pond (the 7.3 example says Zorndorf has marsh/pond hexes; placement provisional).")
    for pid, (name, hs) in towns.items():
        m.place(pid, name, "town", hs)
    m.place("zorndorf-village", "Zorndorf", "victory", towns["zorndorf"][1], {"victory_points": 5})
    m.place("hill-1724", "Hill south-west of Zorndorf (8.2.1.1 example)", "hill", ["1724"])
    m.place("galgengrund", "Galgen-Grund", "ravine", ["1806", "1906", "2006", "2106", "2206", "2306", "2406"])
    m.place("zaberngrund", "Zabern-Grund", "ravine", ["1707", "1708", "1709", "1710", "1711", "1712"])
    m.place("hofebruch", "Hofebruch", "marsh", ["2702", "2703", "2802"])
    m.edge("south", "prussian", note="Toward Küstrin and the Prussian approach.")
    m.edge("north", "coalition", note="The Mietzel side, behind the Russian position.")
    m.edge("east")
    m.edge("west")

    r = Roster("zor")
    P, C = "prussian", "coalition"
    W = {"m": "zor-p-manteuffel", "k": "zor-p-kanitz", "d": "zor-p-dohna", "f": "zor-p-forcade",
         "s": "zor-p-seydlitz", "c": "zor-p-schorlemer"}
    for i, (t, h) in enumerate([("P3", "2525"), ("G1s", "2625"), ("G1s", "2425")], 1):
        r.add(P, "m%d" % i, t, "Grenadier battalion" if t == "G1s" else "Advance guard brigade", "prussian",
              W["m"], h)
    for i, (t, h) in enumerate([("P3", "2127"), ("P3", "2227"), ("P2w", "2327")], 1):
        r.add(P, "k%d" % i, t, "Left wing infantry", "prussian", W["k"], h)
    for i, (t, h) in enumerate([("P3", "2527"), ("P3", "2627"), ("P2w", "2727"), ("P2w", "2827")], 1):
        r.add(P, "d%d" % i, t, "Right wing infantry", "prussian", W["d"], h)
    for i, (t, h) in enumerate([("P2w", "2429"), ("P2w", "2529")], 1):
        r.add(P, "f%d" % i, t, "Second line infantry", "prussian", W["f"], h)
    for i, (t, h, n) in enumerate([("K2", "1427", "Cuirassier regiment"), ("K2", "1527", "Cuirassier regiment"),
                                   ("K2", "1627", "Cuirassier regiment"), ("D3", "1727", "Dragoon regiment"),
                                   ("H2", "1827", "Hussar regiment"), ("D2", "1328", "Dragoon regiment")], 1):
        r.add(P, "s%d" % i, t, n, "prussian", W["s"], h)
    for i, (t, h, n) in enumerate([("D3", "3126", "Dragoon regiment"), ("D2", "3226", "Dragoon regiment"),
                                   ("K2", "3326", "Cuirassier regiment"), ("H2", "3426", "Hussar regiment"),
                                   ("K2", "3127", "Cuirassier regiment")], 1):
        r.add(P, "c%d" % i, t, n, "prussian", W["c"], h)
    for i, (t, h) in enumerate([("PHV", "2226"), ("PFD", "2226"), ("PHV", "2526"), ("PHV", "2626"),
                                ("PFD", "2826"), ("PFD", "2926"), ("PFD", "2426")], 1):
        r.art(P, "a%d" % i, t, "Heavy battery" if t == "PHV" else "Field battery", "prussian", h,
              note="Stacked with Frederick and Kanitz as in the 4.5 example." if h == "2226" else None)
    r45 = prov_rule(["4.5"], "Zorndorf example: Frederick is a Special Leader with a 4I Initiative.")
    r.leader(P, "frederick", "Frederick II", "prussian", "army_commander", initiative=4, special="I",
             morale_mod=2, ma=10, hex_="2226", values_prov={"initiative": r45, "special": r45},
             note="Set up with Kanitz and two artillery units, the stack of the 4.5 example.")
    r.leader(P, "moritz", "Moritz of Anhalt-Dessau", "prussian", "army_commander", initiative=3, morale_mod=1,
             ma=10, note="Not set up: takes over as army commander only if Frederick is killed or "
                         "wounded (PG I revised playbook); see rules.substitute_army_commander.",
             prov=prov_prov("Counter values provisional; the substitute role is from the PG I revised "
                            "playbook (" + PLAYBOOK + ")."))
    r.leader(P, "manteuffel", "Manteuffel", "prussian", "wing_leader", W["m"], morale_mod=1, hex_="2525")
    r.leader(P, "kanitz", "Kanitz", "prussian", "wing_leader", W["k"], morale_mod=0, hex_="2226",
             values_prov={"role": prov_rule(["4.5"], "Zorndorf example: Wing Leader Kanitz leads an "
                                            "infantry wing.")})
    r.leader(P, "dohna", "Dohna", "prussian", "wing_leader", W["d"], morale_mod=1, hex_="2727")
    r.leader(P, "forcade", "Forcade", "prussian", "wing_leader", W["f"], morale_mod=0, hex_="2429")
    r5c = prov_rule(["4.5"], "Zorndorf example: Seydlitz is a Special Leader with a 5C Initiative.")
    r.leader(P, "seydlitz", "Seydlitz", "prussian", "wing_leader", W["s"], initiative=5, special="C",
             morale_mod=1, ma=10, hex_="1627", values_prov={"initiative": r5c, "special": r5c})
    r.leader(P, "schorlemer", "Schorlemer", "prussian", "wing_leader", W["c"], morale_mod=1, ma=10, hex_="3226")

    V = {"b": "zor-c-browne", "g": "zor-c-golitsyn", "c": "zor-c-chernyshev", "d": "zor-c-demiku",
         "k": "zor-c-cossacks"}
    for i, h in enumerate(["1315", "1415", "1515", "1615"], 1):
        r.add(C, "b%d" % i, "RO3", "Observation Corps brigade", "russian", V["b"], h)
    for i, (t, h) in enumerate([("R4", "1815"), ("R4", "1915"), ("R3", "2015"), ("R3", "2115"), ("RG3", "2215")], 1):
        r.add(C, "g%d" % i, t, "Grenadiers" if t == "RG3" else "Infantry brigade", "russian", V["g"], h)
    for i, (t, h) in enumerate([("R4", "2415"), ("R4", "2515"), ("R3", "2615"), ("R3", "2715"), ("RG3", "2815")], 1):
        r.add(C, "c%d" % i, t, "Grenadiers" if t == "RG3" else "Infantry brigade", "russian", V["c"], h)
    for i, (t, h, n) in enumerate([("RK2c", "1911", "Cuirassier regiment"), ("RK2c", "2011", "Cuirassier regiment"),
                                   ("RHG2", "2111", "Horse grenadier regiment"),
                                   ("RHG2", "2211", "Horse grenadier regiment")], 1):
        r.add(C, "d%d" % i, t, n, "russian", V["d"], h)
    for i, (t, h, n) in enumerate([("CO2", "3010", "Cossacks"), ("CO2", "3011", "Cossacks"), ("CO2", "3110", "Cossacks"),
                                   ("RH2", "3111", "Hussar regiment"), ("RH2", "3210", "Hussar regiment")], 1):
        r.add(C, "k%d" % i, t, n, "russian", V["k"], h)
    for i, (t, h) in enumerate([("RUH", "1416"), ("RUH", "1716"), ("RUH", "1916"), ("RUS", "2016"),
                                ("RUH", "2116"), ("RUH", "2316"), ("RUS", "2516"), ("RUH", "2716")], 1):
        r.art(C, "art%d" % i, t, "Shuvalov howitzers" if t == "RUS" else "Battery", "russian", h)
    r.leader(C, "fermor", "Fermor", "russian", "army_commander", initiative=1, morale_mod=0, hex_="2013")
    r.leader(C, "browne", "Browne", "russian", "wing_leader", V["b"], morale_mod=0, hex_="1415")
    r.leader(C, "golitsyn", "Golitsyn", "russian", "wing_leader", V["g"], morale_mod=1, hex_="2015")
    r.leader(C, "chernyshev", "Chernyshev", "russian", "wing_leader", V["c"], morale_mod=1, hex_="2615")
    r.leader(C, "demiku", "Demiku", "russian", "wing_leader", V["d"], morale_mod=0, ma=10, hex_="2011")
    r.leader(C, "cossack-l", "Cossack ataman", "russian", "wing_leader", V["k"], morale_mod=0, ma=10,
             hex_="3011", note="Name provisional.")

    wings = [
        wing(W["m"], P, "Manteuffel (advance guard)"), wing(W["k"], P, "Kanitz (left wing infantry)"),
        wing(W["d"], P, "Dohna (right wing infantry)"), wing(W["f"], P, "Forcade (second line)"),
        wing(W["s"], P, "Seydlitz (left wing cavalry)"), wing(W["c"], P, "Schorlemer (right wing cavalry)"),
        wing(V["b"], C, "Browne (Observation Corps)"), wing(V["g"], C, "Golitsyn (right/centre)"),
        wing(V["c"], C, "Chernyshev (left)"), wing(V["d"], C, "Demiku (heavy cavalry)"),
        wing(V["k"], C, "Cossacks and hussars"),
    ]
    rules = {
        "battle_scenario": False,
        "army_morale": {"prussian": 18, "coalition": 20},
        "activation_cost": {"prussian": [1, 0], "coalition": [3]},
        "command_ratings": {"prussian": {"inf_art": 4, "cav": 4}, "coalition": {"inf_art": 2, "cav": 2}},
        "groups": [{"id": "zor-c-observation", "side": C, "name": "Observation Corps", "rating": 2,
                    "wings": [V["b"]]}],
        "detachments": [],
        "wings": wings,
        "victory": {
            "objectives": [
                {"hexes": towns["zorndorf"][1], "side": P, "vp": 5, "units": 2, "unit_type": "infantry",
                 "in_or_adjacent": True},
                {"hexes": towns["quartschen"][1], "side": C, "vp": 5, "units": 2, "unit_type": "infantry",
                 "in_or_adjacent": True},
            ],
            "levels": "rossbach",
        },
        "marsh_cavalry_mp": 3,
        "substitute_army_commander": {"prussian": "zor-p-moritz"},
    }
    victory = [
        {"id": "objectives", "text": "Each side 5 VP for 2 infantry units in or adjacent to its objective "
         "(Prussians: Zorndorf; Russians: Quartschen) at the end.",
         "fields": {"see": "rules.victory.objectives"}},
        common_vp(),
        levels_entry(b, "Victory levels as in Rossbach (provisional stand-in).", STD_LEVELS,
                     prov_prov("Stand-in: the Zorndorf victory levels are not available; the Rossbach "
                               "levels are used.")),
    ]
    turns = {"first": 1, "last": 12, "labels": {str(i + 1): "%02d:00" % (8 + i) for i in range(12)},
             "note": "Provisional: the battle began about 08:00 and lasted until dark (08:00-19:00)."}
    sides = [
        {"id": P, "name": "Prussian", "friendly_edges": ["south"]},
        {"id": C, "name": "Russian", "friendly_edges": ["north"]},
    ]
    return m, r.units, wings, rules, scenario_json(
        b, "Zorndorf (main scenario)", turns, sides, r.units, rules, victory,
        note="Rulebook: Prussian group command ratings 4 and 4, Frederick 4I, Seydlitz 5C, Wing Leader "
             "Kanitz (4.5 example); marsh/pond costs cavalry 3 MP on this map (7.3 example). Public: "
             "Prussians 25,000 infantry, 10,500 cavalry, 193 guns; Russians 36,500 infantry, 3,500 "
             "cavalry, 3,000 Cossacks, 136 guns (britishbattles.com). Everything else is provisional.")


# =============================================================================================
# Torgau, 3 November 1760


def torgau():
    b = "torgau"
    m = MapBuilder(
        b, "Torgau (3 November 1760)", 40, 30, prov_prov(PROV_MAP),
        "Top edge north. The Süptitz heights (levels 1-2) between Süptitz (west) and Zinna (east), "
        "the Röhrgraben marsh along their south foot, the Grosser Teich by Zinna, the Dommitzsch "
        "heath (woods, crossed by two tracks) to the north-west, Torgau and the Elbe meadows on the "
        "east edge. Historical layout in outline only.")
    for c in range(20, 33):
        for rr in range(11, 18):
            m.set_level([(c, rr)], 1)
    for c in range(23, 30):
        for rr in range(13, 16):
            m.set_level([(c, rr)], 2)
    towns = {
        "suptitz": ("Süptitz", ["1916"]),
        "zinna": ("Zinna", ["3314"]),
        "grosswig": ("Grosswig", ["3121"]),
        "neiden": ("Neiden", ["2609"]),
        "elsnig": ("Elsnig", ["2404"]),
        "torgau": ("Torgau", ["3714", "3715", "3814"]),
        "weidenhain": ("Weidenhain", ["1307"]),
    }
    woods = []
    for c in range(4, 23):
        for rr in range(1, 10):
            if rr in (4, 7) or c == 18:
                continue  # the tracks through the heath
            woods.append((c, rr))
    for c in range(8, 15):
        for rr in range(20, 25):
            woods.append((c, rr))
    m.set_terrain(woods, "woods")
    for hs in (v[1] for v in towns.values()):
        m.set_terrain(hs, "town")
    marsh = [(c, 18) for c in range(19, 31) if c not in (22, 26)]
    marsh += [parse(h) for h in ["3417", "3418", "3517", "3518", "3312"]]
    marsh += [(40, rr) for rr in range(1, 31)]
    m.set_terrain(marsh, "marsh")
    for c in range(22, 29):
        m.add_entrenchment(hid(c, 17), hid(c, 18), "Austrian works on the south face (provisional).")
    for a, c in [("2013", "1913"), ("2014", "1914"), ("2015", "1915")]:
        m.add_entrenchment(a, c, "Abatis on the west face (provisional).")
    for pid, (name, hs) in towns.items():
        m.place(pid, name, "town", hs)
    m.place("suptitz-heights", "Süptitz heights", "victory", ["2514", "2614", "2714"], {"victory_points": 10})
    m.place("rohrgraben", "Röhrgraben", "marsh", [hid(c, 18) for c in range(19, 31) if c not in (22, 26)])
    m.place("grosser-teich", "Grosser Teich", "marsh", ["3417", "3418", "3517", "3518"])
    m.edge("west", "prussian", entry_hexes=["0104", "0107"], note="Toward Schildau, the Prussian approach.")
    m.edge("east", "coalition", note="The Elbe and the Torgau bridges.")
    m.edge("north")
    m.edge("south")

    r = Roster("tor")
    P, C = "prussian", "coalition"
    W = {"g": "tor-p-syburg", "h": "tor-p-hulsen", "o": "tor-p-holstein", "z": "tor-p-zieten", "k": "tor-p-kleist"}
    for i, (t, h) in enumerate([("P3", "1304"), ("P3", "1404"), ("P2", "1504"), ("P2", "1604"), ("G1", "1704"),
                                ("G1", "1804")], 1):
        r.add(P, "g%d" % i, t, "Grenadier battalion" if t == "G1" else "Grenadier brigade", "prussian", W["g"], h,
              in_column=True)
    for i, (t, h) in enumerate([("P4", "0807"), ("P3", "0907"), ("P3", "1007"), ("P2", "1107")], 1):
        r.add(P, "h%d" % i, t, "Infantry brigade", "prussian", W["h"], h, in_column=True)
    for i, (t, turn, h, n) in enumerate([("K2", 2, "0104", "Cuirassier regiment"), ("K2", 2, "0104", "Cuirassier regiment"),
                                         ("D3", 2, "0107", "Dragoon regiment"), ("D2", 3, "0104", "Dragoon regiment"),
                                         ("H2", 3, "0107", "Hussar regiment"), ("K2", 3, "0104", "Cuirassier regiment"),
                                         ("D3", 4, "0104", "Dragoon regiment")], 1):
        r.add(P, "o%d" % i, t, n, "prussian", W["o"], reinforcement=(turn, h))
    for i, (t, h) in enumerate([("P4", "1523"), ("P3", "1623"), ("P3", "1723"), ("P3", "1624"), ("P2", "1724")], 1):
        r.add(P, "z%d" % i, t, "Infantry brigade", "prussian", W["z"], h)
    for i, (t, h, n) in enumerate([("K2", "1825", "Cuirassier regiment"), ("D3", "1925", "Dragoon regiment"),
                                   ("D2", "2025", "Dragoon regiment"), ("H2", "2125", "Hussar regiment"),
                                   ("H2", "1826", "Hussar regiment"), ("D2", "1926", "Dragoon regiment")], 1):
        r.add(P, "k%d" % i, t, n, "prussian", W["k"], h)
    for i, (t, h) in enumerate([("PHV", "1104"), ("PFD", "1204"), ("PHV", "0607"), ("PFD", "0707"),
                                ("PHV", "1524"), ("PHV", "1824"), ("PFD", "2024"), ("PFD", "2124")], 1):
        r.art(P, "a%d" % i, t, "Heavy battery" if t == "PHV" else "Field battery", "prussian", h)
    r.leader(P, "frederick", "Frederick II", "prussian", "army_commander", initiative=4, special="I",
             morale_mod=2, ma=10, hex_="1704",
             note="Initiative 4 and \"I\" as in the rulebook's Zorndorf example (4.5); assumed here.")
    r.leader(P, "syburg", "Syburg", "prussian", "wing_leader", W["g"], morale_mod=1, hex_="1804", in_column=True)
    r.leader(P, "hulsen", "Hülsen", "prussian", "wing_leader", W["h"], morale_mod=1, hex_="1107", in_column=True)
    r.leader(P, "holstein", "Holstein", "prussian", "wing_leader", W["o"], morale_mod=0, ma=10,
             reinforcement=(2, "0104"))
    r.leader(P, "zieten", "Zieten", "prussian", "wing_leader", W["z"], initiative=4, special="*", morale_mod=1,
             ma=10, hex_="1623")
    r.leader(P, "kleist", "Kleist", "prussian", "wing_leader", W["k"], morale_mod=1, ma=10, hex_="1925")

    V = {"s": "tor-c-sincere", "a": "tor-c-arenberg", "l": "tor-c-lacy", "o": "tor-c-odonnell", "r": "tor-c-ried"}
    for i, (t, h) in enumerate([("A4", "2217"), ("A4", "2417"), ("A4", "2617"), ("A4", "2817"), ("A3", "2317"),
                                ("A3", "2717")], 1):
        r.add(C, "s%d" % i, t, "First line infantry", "austrian", V["s"], h)
    for i, (t, h) in enumerate([("A4", "2313"), ("A3", "2513"), ("A3", "2713"), ("A3", "2413"), ("A2", "2613")], 1):
        r.add(C, "a%d" % i, t, "Second line infantry", "austrian", V["a"], h)
    for i, (t, h, n) in enumerate([("A4", "3219", "Infantry brigade"), ("A3", "3220", "Infantry brigade"),
                                   ("A3", "3321", "Infantry brigade"), ("AL2", "3121", "Grenzer"),
                                   ("AD2", "3322", "Dragoon regiment"), ("AH2", "3422", "Hussar regiment")], 1):
        r.add(C, "l%d" % i, t, n, "austrian", V["l"], h)
    for i, (t, h, n, nat) in enumerate([("AK2", "2311", "Cuirassier regiment", "austrian"),
                                        ("AK2", "2511", "Cuirassier regiment", "austrian"),
                                        ("AK2", "2711", "Cuirassier regiment", "austrian"),
                                        ("AD2", "2411", "Dragoon regiment", "austrian"),
                                        ("AD2", "2611", "Dragoon regiment", "austrian"),
                                        ("SX2", "2811", "Saxon chevaulegers", "saxon"),
                                        ("SX2", "2911", "Saxon chevaulegers", "saxon"),
                                        ("AK2", "2410", "Cuirassier regiment", "austrian"),
                                        ("AK2", "2610", "Cuirassier regiment", "austrian")], 1):
        r.add(C, "o%d" % i, t, n, nat, V["o"], h)
    for i, (t, h, n) in enumerate([("AL2", "1908", "Croats"), ("AL2", "2108", "Croats"), ("AL2", "2208", "Croats"),
                                   ("AH2", "2309", "Hussar regiment")], 1):
        r.add(C, "r%d" % i, t, n, "austrian", V["r"], h)
    for i, (t, h) in enumerate([("AHV", "2216"), ("AHV", "2416"), ("AHV", "2616"), ("AHV", "2816"), ("AFD", "2314"),
                                ("AFD", "2614"), ("AFD", "2914"), ("AFD", "3016"), ("AFD", "2112"), ("AFD", "3320")], 1):
        r.art(C, "art%d" % i, t, "Heavy battery" if t == "AHV" else "Battery", "austrian", h)
    r.leader(C, "daun", "Daun", "austrian", "army_commander", initiative=2, morale_mod=1, hex_="2614")
    r.leader(C, "lacy", "Lacy", "austrian", "wing_leader", V["l"], initiative=3, special="*", morale_mod=1,
             hex_="3220")
    r.leader(C, "sincere", "Sincère", "austrian", "wing_leader", V["s"], morale_mod=0, hex_="2417")
    r.leader(C, "arenberg", "Arenberg", "austrian", "wing_leader", V["a"], morale_mod=0, hex_="2513")
    r.leader(C, "odonnell", "O'Donnell", "austrian", "wing_leader", V["o"], morale_mod=1, ma=10, hex_="2511")
    r.leader(C, "ried", "Ried", "austrian", "wing_leader", V["r"], morale_mod=0, hex_="2108")

    wings = [
        wing(W["g"], P, "Syburg (grenadier column)"), wing(W["h"], P, "Hülsen (infantry column)"),
        wing(W["o"], P, "Holstein (cavalry column)"), wing(W["z"], P, "Zieten (infantry)"),
        wing(W["k"], P, "Kleist (Zieten's cavalry)"),
        wing(V["s"], C, "Sincère (first line)"), wing(V["a"], C, "Arenberg (second line)"),
        wing(V["l"], C, "Lacy (corps)"), wing(V["o"], C, "O'Donnell (cavalry)"),
        wing(V["r"], C, "Ried (light troops)"),
    ]
    rules = {
        "battle_scenario": False,
        "army_morale": {"prussian": 20, "coalition": 22},
        "activation_cost": {"prussian": [1, 0], "coalition": [3]},
        "command_ratings": {"prussian": {"inf_art": 4, "cav": 4}, "coalition": {"inf_art": 3, "cav": 3}},
        "groups": [
            {"id": "tor-p-zieten-corps", "side": P, "name": "Zieten's corps", "rating": 4,
             "wings": [W["z"], W["k"]]},
            {"id": "tor-c-lacy-corps", "side": C, "name": "Lacy's corps", "rating": 3, "wings": [V["l"]]},
        ],
        "detachments": [{"id": "tor-c-det-ried", "side": C, "wings": [V["r"]], "rating": 2}],
        "wings": wings,
        "victory": {
            "objectives": [
                {"hexes": ["2514", "2614", "2714"], "side": P, "vp": 10, "units": 3, "unit_type": "infantry",
                 "in_or_adjacent": True},
                {"hexes": ["2514", "2614", "2714"], "side": C, "vp": 5, "units": 3, "unit_type": "infantry",
                 "in_or_adjacent": True},
            ],
            "levels": "rossbach",
        },
    }
    victory = [
        {"id": "objectives", "text": "Süptitz heights crest (2514, 2614, 2714): 10 VP to the Prussians, or "
         "5 VP to the Austrians, for 3 infantry units in or adjacent at the end.",
         "fields": {"see": "rules.victory.objectives"}},
        common_vp(),
        levels_entry(b, "Victory levels as in Rossbach (provisional stand-in).", STD_LEVELS,
                     prov_prov("Stand-in: the Torgau victory levels are not available; the Rossbach "
                               "levels are used.")),
    ]
    turns = {"first": 1, "last": 8, "labels": {str(i + 1): "%02d:00" % (12 + i) for i in range(8)},
             "note": "Provisional: 12:00-19:00 (Frederick's columns left the heath about midday; Zieten's "
                     "attack went in at dusk)."}
    sides = [
        {"id": P, "name": "Prussian", "friendly_edges": ["west"]},
        {"id": C, "name": "Austrian", "friendly_edges": ["east"]},
    ]
    return m, r.units, wings, rules, scenario_json(
        b, "Torgau (main scenario)", turns, sides, r.units, rules, victory,
        note="Public: Prussians 35,000 infantry, 13,500 cavalry, 309 guns; Austrians 42,000 infantry, "
             "10,000 cavalry, 275 guns (britishbattles.com); Zieten's corps 21 battalions and 54 "
             "squadrons (es.knowledger.de). Everything else is provisional (docs/pg-scenarios.md).")


# =============================================================================================
# Training: the units of the rulebook examples on a small map


def training():
    b = "training"
    m = MapBuilder(
        b, "Training ground", 12, 10,
        prov_prov("Made-up 12 x 10 training map; it stands in for no published map."),
        "A town (0605) between the two sides, two woods, a marsh and a low hill with slopes.")
    m.set_terrain(["0605"], "town")
    m.set_terrain(["0303", "0304", "0908", "0909"], "woods")
    m.set_terrain(["1002"], "marsh")
    m.raise_to(m.blob("0803", 1), 1)
    m.place("dorf", "Dorf", "victory", ["0605"], {"victory_points": 5})
    m.place("hill", "Training hill", "hill", ["0803"])
    m.edge("west", "prussian")
    m.edge("east", "coalition")
    m.edge("north")
    m.edge("south")

    r = Roster("trn")
    P, C = "prussian", "coalition"
    r10813 = prov_rule(["10.8.1.3"], "The example's Prussian 3-step 7-5-3 becomes 5-4-3 after a step loss.")
    r10814 = prov_rule(["10.8.1.4"], "Example 1: a Prussian 4-step 8-6-3 steps to 7-5-3 and then 5-4-3.")
    r103 = prov_rule(["10.3"], "Example: two Prussian 2-step 5-5-3s in one hex.")
    r10835 = prov_rule(["10.8.3.5"], "Example: Austrian 2-step 3-3-5, 4-3-3 and 4-4-3 (which steps to 2-2-2).")
    r1051 = prov_rule(["10.5.1"], "Example: the Austrian hussar has 0 shock points.")
    shock_split = prov_prov("10.5.1 example: the cuirassier and two dragoons total 4 shock points; the "
                            "split 2/1/1 is assumed.")
    r45 = prov_rule(["4.5"], "Zorndorf example values (Frederick 4I, Seydlitz 5C).")

    def c(v, p):
        return {"value": v, "provenance": p}

    WP, WC, WPC, WCC = "trn-p-infantry", "trn-c-infantry", "trn-p-cavalry", "trn-c-cavalry"
    r.add(P, "753", "P3", "Prussian 7-5-3 brigade", "prussian", WP, "0305",
          lines={3: c([7, 5, 3], r10813), 2: c([5, 4, 3], r10813), 1: [3, 3, 3]},
          note="Top of the 10.8.1.4 example stack (7-5-3 over 8-6-3).")
    r.add(P, "863", "P4", "Prussian 8-6-3 brigade", "prussian", WP, "0305",
          lines={4: c([8, 6, 3], r10814), 3: c([7, 5, 3], r10814), 2: c([5, 4, 3], r10814), 1: [3, 3, 3]})
    r.add(P, "553a", "P2", "Prussian 5-5-3 regiment", "prussian", WP, "0307",
          lines={2: c([5, 5, 3], r103), 1: [3, 4, 3]})
    r.add(P, "553b", "P2", "Prussian 5-5-3 regiment", "prussian", WP, "0307",
          lines={2: c([5, 5, 3], r103), 1: [3, 4, 3]})
    r.add(P, "cuir", "K2", "Prussian cuirassiers", "prussian", WPC, "0208", shock=c(2, shock_split))
    r.add(P, "drag1", "D2", "Prussian dragoons", "prussian", WPC, "0208", shock=c(1, shock_split))
    r.add(P, "drag2", "D2", "Prussian dragoons", "prussian", WPC, "0209", shock=c(1, shock_split))
    r.art(P, "art1", "PHV", "Prussian heavy battery", "prussian", "0206")
    r.art(P, "art2", "PFD", "Prussian field battery", "prussian", "0406")
    r.leader(P, "frederick", "Frederick II", "prussian", "army_commander", initiative=4, special="I", morale_mod=2,
             ma=10, hex_="0306", values_prov={"initiative": r45, "special": r45})
    r.leader(P, "kanitz", "Kanitz", "prussian", "wing_leader", WP, morale_mod=0, hex_="0305")
    r.leader(P, "seydlitz", "Seydlitz", "prussian", "wing_leader", WPC, initiative=5, special="C", morale_mod=1,
             ma=10, hex_="0208", values_prov={"initiative": r45, "special": r45})
    r.add(C, "335", "AL2", "Austrian 3-3-5 light infantry", "austrian", WC, "0905",
          lines={2: c([3, 3, 5], r10835), 1: [2, 2, 5]}, note="Top of the 10.8.3.5 example stack.")
    r.add(C, "433", "A3", "Austrian 4-3-3 regiment", "austrian", WC, "0905",
          lines={2: c([4, 3, 3], r10835), 1: [2, 2, 3]})
    r.add(C, "443", "A2", "Austrian 4-4-3 regiment", "austrian", WC, "0905",
          lines={2: c([4, 4, 3], r10835), 1: c([2, 2, 2], r10835)}, note="Bottom of the 10.8.3.5 example stack.")
    r.add(C, "bde", "A4", "Austrian infantry brigade", "austrian", WC, "0906")
    r.add(C, "hussar", "AH2", "Austrian hussars", "austrian", WCC, "1003", shock=c(0, r1051))
    r.add(C, "cuir", "AK2", "Austrian cuirassiers", "austrian", WCC, "1008")
    r.art(C, "art1", "AHV", "Austrian heavy battery", "austrian", "1005")
    r.art(C, "art2", "AFD", "Austrian battery", "austrian", "1006")
    r.leader(C, "charles", "Charles of Lorraine", "austrian", "army_commander", initiative=2, morale_mod=0,
             hex_="1006")
    r.leader(C, "arenberg", "Arenberg", "austrian", "wing_leader", WC, morale_mod=0, hex_="0905")
    r.leader(C, "lucchesi", "Lucchesi", "austrian", "wing_leader", WCC, morale_mod=0, ma=10, hex_="1003")

    wings = [wing(WP, P, "Prussian infantry"), wing(WPC, P, "Prussian cavalry"),
             wing(WC, C, "Austrian infantry"), wing(WCC, C, "Austrian cavalry")]
    rules = {
        "battle_scenario": True,
        "army_morale": {"prussian": 8, "coalition": 8},
        "activation_cost": {"prussian": [0], "coalition": [0]},
        "command_ratings": {"prussian": {"inf_art": 4, "cav": 4}, "coalition": {"inf_art": 3, "cav": 3}},
        "groups": [],
        "detachments": [],
        "wings": wings,
        "victory": {
            "objectives": [
                {"hexes": ["0605"], "side": P, "vp": 5, "units": 1, "unit_type": "infantry", "in_or_adjacent": False},
                {"hexes": ["0605"], "side": C, "vp": 5, "units": 1, "unit_type": "infantry", "in_or_adjacent": False},
            ],
            "levels": "rossbach",
        },
    }
    victory = [
        {"id": "hold-dorf", "text": "5 VP to the side with an infantry unit in Dorf (0605) at the end.",
         "fields": {"see": "rules.victory.objectives"}},
        common_vp(),
        levels_entry(b, "Victory levels as in Rossbach (provisional stand-in).", STD_LEVELS,
                     prov_prov("Training scenario: the Rossbach levels are used.")),
    ]
    turns = {"first": 1, "last": 6, "note": "Training scenario: 6 turns."}
    sides = [
        {"id": P, "name": "Prussian", "friendly_edges": ["west"]},
        {"id": C, "name": "Austrian", "friendly_edges": ["east"]},
    ]
    return m, r.units, wings, rules, scenario_json(
        b, "Training (battle scenario)", turns, sides, r.units, rules, victory,
        provenance=prov_prov("Training scenario made here from the units of the rulebook examples; it "
                             "stands in for no published scenario."),
        note="Both armies are active (battle scenario, 4.1). The example units keep the ratings the "
             "examples give (with rulebook provenance); everything else is provisional.")


# =============================================================================================


LOS_EXAMPLES = {
    # (from, to, alternative intervening sequences, units, expected)
    "zorndorf": [
        ("2104", "2102", [["2103"]], (), True),
        ("2105", "2103", [["2104"]], (), False),
        ("2105", "2107", [["2106"]], (), True),
        ("2105", "2108", [["2106", "2107"]], (), True),
        ("2105", "2207", [["2106"], ["2206"]], (), True),
        ("1724", "1923", [["1824"]], (), True),
        ("1724", "2023", [["1824", "1923"]], (), True),
        ("1724", "1922", [["1824", "1823"]], (), False),
        ("1724", "1423", [["1624", "1523"]], (), False),
    ],
    "leuthen": [
        ("3617", "3512", [["3616", "3615", "3514", "3513"]], ("3615",), True),
        ("3512", "3614", [["3513"], ["3613"]], ("3513", "3613"), True),
    ],
}


def check_los(name, m):
    for a, z, choices, units, expected in LOS_EXAMPLES.get(name, []):
        fwd = los(m, a, z, choices, units)
        back = los(m, z, a, [list(reversed(c)) for c in choices], units)
        if fwd != expected or back != expected:
            raise SystemExit("%s: LOS %s-%s expected %s, got %s/%s" % (name, a, z, expected, fwd, back))


def main():
    for d in (MAP_DIR, COUNTERS_DIR, OUT_DIR):
        os.makedirs(d, exist_ok=True)
    summary = []
    for fn in (rossbach, leuthen, zorndorf, torgau, training):
        m, units, wings, rules, scen = fn()
        name = m.battle
        check_setup(name, m, units, wings, rules)
        check_los(name, m)
        if name == "zorndorf":
            assert m.level("1809") == m.level("1709") + 1 and m.terrain_of("1809") == "clear"
        if name == "leuthen":
            assert m.level("3512") > m.level("3513") and m.level("3512") > m.level("3613")
        write(os.path.join(MAP_DIR, "%s.json" % name), m.to_json(), inline_from=3)
        cname = {"training": "Training"}.get(name, name.capitalize())
        write(os.path.join(COUNTERS_DIR, "%s-counters.json" % name),
              counters_json(name, "%s counters" % cname, units, prov_prov(PROV_COUNTERS)
                            if name != "training" else prov_prov(
                                "Training counters: the rulebook example units (with rulebook provenance on "
                                "the values the examples give) and made-up companions."),
                            "Ratings s4..s1 are [SP, MR, MA] for each step count (docs/pg-data.md)."),
              inline_from=4)
        write(os.path.join(OUT_DIR, "%s.json" % name), scen, inline_from=3)
        for side in ("prussian", "coalition"):
            us = [u for u in units if u.side == side and u.type != "leader"]
            def sp(t):
                tot = 0
                for u in us:
                    if u.type == t:
                        line = u.raw("s%d" % u.raw("steps"))
                        tot += (line["value"] if isinstance(line, dict) else line)[0]
                return tot
            summary.append("%-9s %-9s infantry %3d SP (~%d men), cavalry %3d SP (~%d men), artillery %d steps" % (
                name, side, sp("infantry"), 400 * sp("infantry"), sp("cavalry"), 200 * sp("cavalry"),
                sum(u.raw("steps") for u in us if u.type == "artillery")))
            summary.append("%-9s %-9s units %2d (inf %2d, cav %2d, art %2d), leaders %d, on map %d" % (
                name, side, len(us), sum(u.type == "infantry" for u in us), sum(u.type == "cavalry" for u in us),
                sum(u.type == "artillery" for u in us),
                sum(1 for u in units if u.side == side and u.type == "leader"),
                sum(1 for u in us if u.hex)))
    print("\n".join(summary))


if __name__ == "__main__":
    main()
