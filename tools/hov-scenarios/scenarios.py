"""Battle Scenarios 1-3 (§221-§223) as printed, with their cut-off rows completed
provisionally (each completed entry says what it stands in for)."""

import calendar_hov as cal
import hexes as H
import mapgen


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


CHARTS = ["hov/crt", "hov/crt-affecting-columns", "hov/artillery-fire", "hov/initiative-comparison", "hov/pursuit",
          "hov/march-attrition", "hov/march-attrition-ap", "hov/weather", "hov/weather-drm", "hov/fort-masking",
          "hov/victory-points", "hov/austrian-realignment", "hov/paris-morale"]


class Scen:
    def __init__(self, rule_no, area):
        self.rule_no = rule_no
        self.area = area
        self.setup = []
        self.reinf = []
        self.placed = set()
        self.hex_of = {}

    def _check(self, unit, h):
        assert unit not in self.placed, unit
        self.placed.add(unit)
        assert h in mapgen.LAND_SET, (unit, h)
        ok = mapgen.south_area(h) if self.area == "south" else mapgen.north_area(h)
        assert ok, (self.rule_no, unit, h, "outside the area in play")

    def leader(self, lid, h, under=None, p=None, note=None):
        self._check(lid, h)
        self.hex_of[lid] = h
        e = {"unit": lid, "hex": h}
        if under:
            assert self.hex_of[under] == h
            e["fields"] = {"subordinate_to": under}
        if p:
            e["provenance"] = p
        if note:
            e["note"] = note
        self.setup.append(e)

    def unit(self, uid, leader, strength, p=None, note=None):
        h = self.hex_of[leader]
        self._check(uid, h)
        e = {"unit": uid, "hex": h, "fields": {"leader": leader, "strength": strength}}
        if p:
            e["provenance"] = p
        if note:
            e["note"] = note
        self.setup.append(e)

    def garrison(self, gid, h, p=None, note=None):
        self._check(gid, h)
        e = {"unit": gid, "hex": h}
        if p:
            e["provenance"] = p
        if note:
            e["note"] = note
        self.setup.append(e)

    def reinforce(self, turn, h, leader, units, under=None, note=None):
        """A provisional reinforcement: a leader and the units on his track."""
        p = prov("The Reinforcement Chart (§34, §218) is not in the text: " + note)
        self._check(leader, h)
        e = {"unit": leader, "turn": turn, "hex": h, "provenance": p}
        if under:
            e["fields"] = {"subordinate_to": under}
        self.reinf.append(e)
        for uid, s in units:
            self._check(uid, h)
            self.reinf.append({"unit": uid, "turn": turn, "hex": h, "fields": {"leader": leader, "strength": s}, "provenance": p})


def bridges_read(hexes_printed, m):
    """The printed damaged-bridge ids are hexes (digest 6.8): each is read as every bridge
    hexside of that hex on the provisional map."""
    out = {}
    for h in hexes_printed:
        sides = sorted(s["between"] for s in m["hexsides"]
                       if s["feature"] in ("primary_bridge", "secondary_bridge") and h in s["between"])
        assert sides, h
        out[h] = sides
    return out


def victory():
    return [
        {"id": "loss-ratio", "rules": ["§214"],
         "text": ("French Victory Points from the ratio of total strength lost, Coalition : French, to all causes (vedettes and "
                  "garrisons excluded): 1:2 -2, 1:1.5 -1, 1:1 0, 1.5:1 +1, 2:1 +2 (chart hov/victory-points)."),
         "fields": {"chart": "hov/victory-points", "excludes": ["vedette", "garrison"]}},
        {"id": "paris-morale", "rules": ["§214", "§215", "§220"],
         "text": ("Plus one French Victory Point per step of Paris Morale change between the start and the end of the scenario "
                  "(+1 at start and -1 at the end gives -2 VP). Once per game, a Coalition force off the map in the Coalition "
                  "Morale Phase moves Paris Morale +1 (§215)."),
         "fields": {"vp_per_step": 1, "coalition_off_map_once": 1}},
        {"id": "winner", "rules": ["§214"],
         "text": "The side with the most Victory Points at the end of the scenario wins.",
         "fields": {"reading": "positive total: French; negative: Coalition; zero: a draw"},
         "provenance": prov("§214 defines French VP only; reading the sign of the total as the winner, and zero as a draw, is a provisional choice.")},
    ]


def base_rules(first, mcs, sources, depot_classes, damaged, m, redoubts, area, ap_level):
    return {
        "first_player": first,
        "movement_commands": mcs,
        "supply_sources": sources,
        "depot_classes_french": depot_classes,
        "bridges_damaged": damaged,
        "bridges_damaged_hexsides": bridges_read(damaged, m),
        "redoubts": redoubts,
        "paris_morale": 0,
        "map_area": area,
        "attrition_column": ap_level,
        "bridge_trains": {"french": 3, "coalition": 3},
        "replacements": "none (§34)",
    }


def side_list():
    return [
        {"id": "french", "name": "French", "friendly_edges": ["west"],
         "note": "The French army with its Polish, Guard, Italian, German, Saxon, Bavarian and Dutch contingents (§18)."},
        {"id": "coalition", "name": "Coalition", "friendly_edges": ["east"],
         "note": "The Russian and Prussian armies (the Austrians only after the Realignment, §183). Prussian forces may not exit the map (§159)."},
    ]


def turns(first, last, rule_no):
    return {"first": first, "last": last, "labels": {str(t): cal.label(t) for t in range(first, last + 1)},
            "note": "%s prints the start and end dates; the turn numbers and labels follow the derived calendar (digest 5.14: turn n starts 6 Dec 1806 + 3(n-1) days; §59: turn 36 is 21 March)." % rule_no}


AP_NOTE = ("§210: each Battle Scenario has a fixed AP level that picks the Attrition Table column; the scenario information "
           "prints none (only Movement Commands). Provisional: the side's Movement Commands plus 2.")


# ---------------------------------------------------------------------------- BS1
def bs1(m):
    s = Scen("§221", "south")
    P = prov
    # Russian (as printed)
    s.leader("R-buxhowden", "3346")
    s.unit("R-div-8", "R-buxhowden", 3)
    s.unit("R-div-14", "R-buxhowden", 3)
    s.unit("R-cav-korff", "R-buxhowden", 1)
    s.leader("R-bennigsen", "3245")
    s.unit("R-div-2", "R-bennigsen", 3)
    s.unit("R-div-4", "R-bennigsen", 2)
    s.unit("R-div-6", "R-bennigsen", 2)
    # French (as printed, then the cut-off rows)
    s.leader("F-napoleon", "2744")
    s.leader("F-bessieres", "2744", under="F-napoleon")
    s.unit("F-IG-inf", "F-bessieres", 1)
    s.unit("F-IG-cav", "F-bessieres", 1, p=P("The row is cut off after the strength '1' at the foot of the source page: the type letter is missing. Walther is a cavalry unit ('1c' in every other scenario)."))
    s.leader("F-davout", "2945")
    cut = "The French list of §221 ends at Davout's row (cut off at the foot of the page): "
    s.unit("F-III-morand", "F-davout", 3, p=P(cut + "III Corps is given the three divisions of CS1 (§224) at their CS1 strengths."))
    s.unit("F-III-friant", "F-davout", 3, p=P(cut + "III Corps is given the three divisions of CS1 (§224) at their CS1 strengths."))
    s.unit("F-III-gudin", "F-davout", 2, p=P(cut + "III Corps is given the three divisions of CS1 (§224) at their CS1 strengths."))
    s.leader("F-lannes", "3049", p=P(cut + "V Corps, which fought at Pultusk."))
    s.unit("F-V", "F-lannes", 5, p=P(cut + "V Corps, which fought at Pultusk."))
    s.leader("F-augereau", "2645", p=P(cut + "VII Corps, which marched on Golymin."))
    s.unit("F-VII", "F-augereau", 4, p=P(cut + "VII Corps, which marched on Golymin."))
    s.leader("F-murat", "2844", p=P(cut + "the Reserve Cavalry, which fought at Golymin."))
    s.unit("F-1D", "F-murat", 2, p=P(cut + "the Reserve Cavalry, which fought at Golymin."))
    s.unit("F-LC", "F-murat", 1, p=P(cut + "the Reserve Cavalry, which fought at Golymin."))
    s.reinforce(8, "2346", "F-soult", [("F-IV", 7)], note="IV Corps arrives from Plonsk on turn 8.")
    s.reinforce(8, "3547", "R-gallitzin", [("R-cav-rs", 1), ("R-div-7", 2)], note="Gallitzin's cavalry and Dochturov's division, the Russian force at Golymin, arrive on turn 8 by the Wyszkow road.")
    s.reinforce(9, "3938", "R-MG-inf-1", [("R-div-5", 2)], note="Tutchkov's 5th Division arrives at the Russian supply source on turn 9.")
    rules = base_rules("french", {"french": 5, "coalition": 5}, {"russian": "3938", "french": "0151"}, ["A", "B"],
                       ["2649"], m, {"french": ["3152", "3148"]}, "south", {"french": 7, "coalition": 7})
    rules["replacements_accumulated"] = {"russian": {"infantry": 1, "cavalry": 1, "artillery": 1},
                                         "note": "Printed in §221 although §34 says Battle Scenarios use no replacements."}
    rules["vedettes"] = {
        "french": {"placed_with": [{"vedette": "F-ved-marulaz", "leader": "F-davout"}, {"vedette": "F-ved-bruyere", "leader": "F-lannes"},
                                   {"vedette": "F-ved-1", "leader": "F-murat"}],
                   "pool": [],
                   "note": "§221 prints 'Vedette Pool: None (all deployed)' but no French vedette row survives: Marulaz and Bruyere (deployed in CS1) and one provisional vedette are placed here, within 2 hexes of their force (§217)."},
        "coalition": {"placed_with": [], "pool": ["R-ved-borosdin", "R-ved-dolgoruki"]},
    }
    rules["removed"] = []
    rules["garrisons"] = [{"garrison": "F-gar-warsaw", "hex": "3153"}, {"garrison": "F-gar-praga", "hex": "3152"}]
    s.garrison("F-gar-warsaw", "3153", p=P("Garrisons are listed in the set-ups (§207), but no list survives: Warsaw is given a French garrison."))
    s.garrison("F-gar-praga", "3152", p=P("Garrisons are listed in the set-ups (§207), but no list survives: Praga (a French redoubt, §221) is given a French garrison."))
    rules["provisional"] = ["attrition_column", "garrisons", "vedettes.french.placed_with", "bridges_damaged_hexsides"]
    rules["notes"] = ("The supply source is printed 'Ostrolenka (3938)'; CS1 puts Ostrolenka at 3837 and the source at 3938 "
                      "(3938 is read as the source hex, the east-edge hex beside the town).")
    return finish(s, "pultusk-golymin", "Battle Scenario 1: The Battle of Pultusk/Golymin", "§221", 7, 10, rules, m,
                  "The French objective was to drive the Russian armies away from Warsaw (§221). Area in play: the map south of the Language Boundary, the boundary hexes included.")


# ---------------------------------------------------------------------------- BS2
def bs2(m):
    s = Scen("§222", "north")
    P = prov
    s.leader("P-lestocq", "1814")
    s.unit("P-inf-auer", "P-lestocq", 1)
    s.unit("P-inf-rembow", "P-lestocq", 1)
    s.unit("P-cav-diericke", "P-lestocq", 1)
    s.unit("P-inf-prittwitz", "P-lestocq", 1)
    s.leader("P-MG-inf-2", "2315", note="'MG Inf': an unnamed infantry Major General (§196, §201).")
    s.unit("P-art-hartmann", "P-MG-inf-2", 1)
    s.leader("P-stutterheim", "1815", p=P("The 'AG Stutterheim' row has no strength or hex in §222: placed beside L'Estocq as a separate force, his unit at its CS2 strength."))
    s.unit("P-inf-stutterheim", "P-stutterheim", 1, p=P("The 'AG Stutterheim' row has no strength in §222: 1i as in CS2 (§225)."))
    s.leader("R-bennigsen", "2414")
    s.unit("R-div-2", "R-bennigsen", 1)
    s.unit("R-div-3", "R-bennigsen", 2)
    s.unit("R-div-4", "R-bennigsen", 2)
    s.unit("R-div-7", "R-bennigsen", 2)
    s.unit("R-art-rt", "R-bennigsen", 1)
    s.unit("R-art-ct", "R-bennigsen", 1)
    s.unit("R-art-rs", "R-bennigsen", 2)
    s.unit("R-div-14", "R-bennigsen", 2, p=P("Only the code '14' survives at the foot of the Russian list: Olsufief's 14th Division, strength 2i (as in BS3)."))
    cutr = "The Russian list of §222 is cut off after the code '14': "
    s.leader("R-bagration", "2513", p=P(cutr + "the advanced guard that held Preussisch Eylau on 7 February."))
    s.unit("R-ag-baggovut", "R-bagration", 1, p=P(cutr + "the advanced guard that held Preussisch Eylau on 7 February."))
    s.unit("R-ag-baggovut-cav", "R-bagration", 1, p=P(cutr + "the advanced guard that held Preussisch Eylau on 7 February."))
    s.unit("R-div-8", "R-bagration", 2, p=P(cutr + "the advanced guard that held Preussisch Eylau on 7 February."))
    s.leader("F-napoleon", "2423")
    s.leader("F-bessieres", "2423", under="F-napoleon")
    s.unit("F-IG-inf", "F-bessieres", 1)
    s.unit("F-IG-cav", "F-bessieres", 1)
    s.unit("F-IG-art", "F-bessieres", 1)
    cut = "The French list of §222 is cut off at the 'I CORPS' heading: "
    s.leader("F-bernadotte", "1519", p=P(cut + "I Corps, on the western flank by Mohrungen."))
    s.unit("F-I", "F-bernadotte", 6, p=P(cut + "I Corps, on the western flank by Mohrungen."))
    s.leader("F-soult", "2422", p=P(cut + "IV Corps, with Napoleon's column."))
    s.unit("F-IV", "F-soult", 7, p=P(cut + "IV Corps, with Napoleon's column."))
    s.leader("F-augereau", "2522", p=P(cut + "VII Corps, with Napoleon's column."))
    s.unit("F-VII", "F-augereau", 4, p=P(cut + "VII Corps, with Napoleon's column."))
    s.leader("F-murat", "2323", p=P(cut + "the Reserve Cavalry."))
    s.unit("F-2D", "F-murat", 2, p=P(cut + "the Reserve Cavalry."))
    s.unit("F-3D", "F-murat", 2, p=P(cut + "the Reserve Cavalry."))
    s.unit("F-LC", "F-murat", 1, p=P(cut + "the Reserve Cavalry."))
    s.leader("F-hautpoul", "2323", under="F-murat", p=P(cut + "d'Hautpoul's cuirassiers under Murat."))
    s.unit("F-2C", "F-hautpoul", 2, p=P(cut + "d'Hautpoul's cuirassiers under Murat."))
    s.leader("F-davout", "2727", p=P(cut + "III Corps, marching up on the right."))
    s.unit("F-III", "F-davout", 7, p=P(cut + "III Corps, marching up on the right."))
    s.leader("F-ney", "1921", p=P(cut + "VI Corps, on the Passarge."))
    s.unit("F-VI", "F-ney", 5, p=P(cut + "VI Corps, on the Passarge."))
    s.reinforce(23, "3909", "R-gallitzin", [("R-cav-rs", 1)], note="Gallitzin's reserve cavalry arrives from Insterburg on turn 23.")
    s.reinforce(23, "3915", "R-MG-cav-1", [("R-cos-platov", 2)], note="Platov's Cossacks arrive on the east edge on turn 23.")
    rules = base_rules("french", {"french": 4, "coalition": 5}, {"coalition": "3909", "french": "0138"}, ["A", "B", "C"],
                       ["0225", "0324", "0519", "0816"], m, {}, "north", {"french": 6, "coalition": 7})
    rules["vedettes"] = {
        "french": {"placed_with": [{"vedette": "F-ved-marulaz", "leader": "F-davout"}, {"vedette": "F-ved-bruyere", "leader": "F-murat"},
                                   {"vedette": "F-ved-1", "leader": "F-ney"}, {"vedette": "F-ved-2", "leader": "F-bernadotte"}],
                   "pool": [],
                   "note": "§222 prints 'Vedette Pool: (none)'; the deployed vedettes are lost with the cut-off rows: four are placed here, one per force (§217)."},
        "coalition": {"placed_with": [{"vedette": "R-ved-dolgoruki", "leader": "R-bennigsen"}, {"vedette": "R-ved-1", "leader": "R-bagration"}],
                      "pool": ["P-ved-prittwitz", "P-ved-marwitz", "P-ved-inf-1", "P-ved-inf-2", "P-ved-inf-3", "P-ved-1", "R-ved-borosdin"],
                      "note": "Pools as printed: Prussian 'Prittwitz, all yellow vedettes not listed' (the yellow vedettes read as every Prussian vedette not placed), Russian 'Borosdin'. The two Russian vedettes placed with forces are provisional (the Russian list is cut off)."},
    }
    rules["removed"] = ["R-buxhowden", "F-lannes"]
    rules["garrisons"] = [{"garrison": "P-gar-koenigsberg", "hex": "2406"}, {"garrison": "P-gar-graudenz", "hex": "0226"},
                          {"garrison": "F-gar-thorn", "hex": "0138"}]
    s.garrison("P-gar-koenigsberg", "2406", p=P("No garrison list survives (§207): Königsberg is given its Prussian garrison."))
    s.garrison("P-gar-graudenz", "0226", p=P("No garrison list survives (§207): Graudenz is given its Prussian garrison."))
    s.garrison("F-gar-thorn", "0138", p=P("No garrison list survives (§207): Thorn, the French supply source, is given a French garrison."))
    rules["provisional"] = ["attrition_column", "garrisons", "vedettes.french.placed_with", "vedettes.coalition.placed_with", "bridges_damaged_hexsides"]
    rules["notes"] = ("The Coalition source is printed 'Insterburg (3909)'; §97 puts Insterburg at 3908 (the map place is 3909). "
                      "L'Estocq is printed 4[2]4.")
    return finish(s, "eylau", "Battle Scenario 2: The Battle of Eylau", "§222", 22, 24, rules, m,
                  "The Russian army turns at bay (§222). Area in play: the map north of the Language Boundary, the boundary hexes included.")


# ---------------------------------------------------------------------------- BS3
def bs3(m):
    s = Scen("§223", "north")
    P = prov
    s.leader("R-bennigsen", "1919")
    s.unit("R-cav-rt", "R-bennigsen", 1, p=P("Ouvarov's row has no strength in §223: 1c as in CS3 (§226)."))
    s.leader("R-kamenski", "2407")
    s.unit("R-div-4", "R-kamenski", 3)
    s.leader("P-lestocq", "2407", under="R-kamenski",
             note="§223 sets L'Estocq and Kamenski up in the same hex 2407. Two forces may not share a hex (¶80), so one must command the other: Kamenski (span 3: his division 1 + L'Estocq's subordination 2) is the force leader here; L'Estocq's own units stay on his track (¶28). Coalition leaders of both armies may mix (¶27, §197).")
    s.unit("P-inf-rembow", "P-lestocq", 1)
    s.unit("P-cav-rembow", "P-lestocq", 1)
    s.unit("P-inf-diericke", "P-lestocq", 1)
    s.unit("P-art-hartmann", "P-lestocq", 1)
    s.leader("P-stutterheim", "1916")
    s.unit("P-inf-stutterheim", "P-stutterheim", 1)
    s.garrison("P-gar-graudenz", "0226", p=P("The row 'G Garrison' gives no town or strength: the Prussian garrison of Graudenz, 1 SP as in §50."))
    s.leader("R-olsufief", "3011")
    s.unit("R-div-14", "R-olsufief", 2)
    s.unit("R-art-rs", "R-olsufief", 2)
    s.leader("F-napoleon", "2513")
    s.leader("F-bessieres", "2513", under="F-napoleon")
    s.unit("F-IG-inf", "F-bessieres", 2)
    s.unit("F-IG-cav", "F-bessieres", 1)
    s.unit("F-IG-art", "F-bessieres", 1)
    cut = "The French list of §223 is cut off at the 'I CORPS' heading: "
    for lid, h, uid, sp, what in [
        ("F-victor", "2413", "F-I", 6, "I Corps under Victor (Bernadotte was wounded on 5 June)"),
        ("F-lannes", "2712", "F-V", 5, "Lannes' corps, marching on Friedland"),
        ("F-mortier", "2614", "F-VIII", 4, "VIII Corps, following Lannes"),
        ("F-ney", "2415", "F-VI", 5, "VI Corps"),
        ("F-davout", "2211", "F-III", 7, "III Corps, on the road to Königsberg"),
        ("F-soult", "2110", "F-IV", 7, "IV Corps, on the road to Königsberg"),
    ]:
        s.leader(lid, h, p=P(cut + what + "."))
        s.unit(uid, lid, sp, p=P(cut + what + "."))
    s.leader("F-murat", "2310", p=P(cut + "the Reserve Cavalry."))
    for uid, sp in [("F-1C", 2), ("F-2D", 2), ("F-LC", 2)]:
        s.unit(uid, "F-murat", sp, p=P(cut + "the Reserve Cavalry."))
    s.leader("F-MG-cav-1", "2712", under="F-lannes", p=P(cut + "a dragoon division under a cavalry Major General with Lannes."))
    s.unit("F-1D", "F-MG-cav-1", 2, p=P(cut + "a dragoon division under a cavalry Major General with Lannes."))
    s.reinforce(64, "3909", "R-gortchakov", [("R-div-7", 2), ("R-div-8", 2)], note="the Russian right wing under Gortchakov arrives on turn 64.")
    s.reinforce(64, "3915", "R-bagration", [("R-ag-baggovut", 1), ("R-ag-baggovut-cav", 1), ("R-div-5", 2)], note="Bagration's advanced guard arrives on turn 64.")
    s.reinforce(65, "3909", "R-konstantine", [("R-guard", 3)], note="the Russian Guard arrives on turn 65.")
    s.reinforce(65, "3915", "R-MG-cav-1", [("R-cos-platov", 2)], note="Platov's Cossacks arrive on turn 65.")
    rules = base_rules("coalition", {"french": 7, "coalition": 5}, {"coalition": "3909", "french": "0113"}, ["A", "B", "C"],
                       [], m, {}, "north", {"french": 9, "coalition": 7})
    del rules["bridges_damaged_hexsides"]
    rules["vedettes"] = {
        "french": {"placed_with": [{"vedette": "F-ved-marulaz", "leader": "F-davout"}, {"vedette": "F-ved-1", "leader": "F-murat"},
                                   {"vedette": "F-ved-2", "leader": "F-lannes"}],
                   "pool": ["F-ved-bruyere"],
                   "note": "Pool as printed ('Bruyere'); the vedettes placed with forces are provisional (the French list is cut off)."},
        "coalition": {"placed_with": [{"vedette": "P-ved-marwitz", "leader": "P-stutterheim"}, {"vedette": "R-ved-dolgoruki", "leader": "R-olsufief"}],
                      "pool": ["P-ved-prittwitz", "P-ved-inf-1", "P-ved-inf-2", "P-ved-inf-3", "P-ved-1"],
                      "note": "As printed: Marwitz (Freikorps) with Stutterheim and Dolgoruki with Olsufief, placed within 2 hexes of their force (§217); Prussian pool 'Prittwitz, all yellow vedettes not listed'; Russian pool 'none'."},
    }
    rules["removed"] = ["R-buxhowden"]
    rules["out_of_play"] = {"printed": "Poles, Sacken, Ostermann and Pahlen (on map portion not in play)",
                            "counters": ["F-pol-dombrowski", "F-pol-zajaczak", "F-pol-kamieniecki", "F-pol-bronikowski",
                                         "R-sacken", "R-div-3", "R-div-2", "R-cav-ct"]}
    rules["garrisons"] = [{"garrison": "P-gar-graudenz", "hex": "0226"}]
    rules["provisional"] = ["attrition_column", "garrisons", "vedettes.french.placed_with"]
    rules["notes"] = ("The Coalition source is printed 'Insterburg (3909)' (§97: 3908). L'Estocq is printed 4[2]4 and shares hex 2407 "
                      "with Kamenski. No bridges are damaged.")
    return finish(s, "friedland", "Battle Scenario 3: The Battle of Friedland", "§223", 64, 66, rules, m,
                  "The race for Königsberg (§223). Area in play: the map north of the Language Boundary, the boundary hexes included.")


def finish(s, sid, name, rule_no, first, last, rules, m, note):
    rules["paris_morale"] = {"value": 0, "rule": "§220", "note": "Morale Condition 0"}["value"]
    rules["attrition_column"] = dict(rules["attrition_column"], note=AP_NOTE)
    return {
        "format": "grognard/1", "kind": "scenario", "id": "hov/" + sid, "system": "hov", "name": name,
        "provenance": rule(rule_no, "§196", "§197", "§204", "§208", "§211", "§213", "§214", "§217",
                           note="Transcribed from the scenario information; entries that complete the text's cut-off rows, the garrisons, the vedettes placed with forces and the reinforcements carry provisional provenance of their own."),
        "note": note,
        "map": "hov/poland", "counters": ["hov/french", "hov/coalition"], "charts": CHARTS,
        "turns": turns(first, last, rule_no),
        "sides": side_list(),
        "setup": s.setup,
        "reinforcements": s.reinf,
        "victory": victory(),
        "options": options(),
        "rules": rules,
    }


def options():
    """The scenario options: the vedette rules (reading A4, on) and the optional rules
    (§184-§188) and named readings, off unless the players choose them."""
    return [
        VEDETTE_OPTION,
        {"id": "battlefield-dynamics", "name": "Battlefield Dynamics (controlling the battle)", "default": False,
         "rules": ["§187", "§188"],
         "note": "Before each counterattack and re-attack the side about to attack rolls against its Force Leader's Initiative."},
        {"id": "sound-of-the-guns", "name": "The Sound of the Guns (marching to a battle's second round)", "default": False,
         "rules": ["§184", "§185", "§186"],
         "note": "A force whose Forced March roll failed, within 3 hexes of a friendly force attacked, may roll again before the battle's second round; if it passes it marches straight to the battle, checks attrition and joins round two (readings N70, N71)."},
        {"id": "vedette-repulse-free", "name": "A repulse in a ZOC Bond resting on a vedette costs no MP (reading A26)",
         "default": False, "rules": ["§70", "¶133"],
         "note": "Reading A26: by default a repulse declared in a ZOC Bond that rests on a vedette costs 1 MP more in the Movement Phase (§70); with this option it costs none, as ¶133 has it."},
        {"id": "fort-benefit-first-five", "name": "Fortified Towns double the first 5 SP of any defender (reading N5)",
         "default": False, "rules": ["§41", "§42"],
         "note": "The digest's reading: without it a single force of more than 5 SP gains nothing from a Fortified Town unless a garrison or a separate force of at most 5 SP is inside."},
    ]


# Reading A4: every Battle Scenario set-up lists vedettes and pools and §217 applies to "any
# scenario", so the vedette rules §66-§80 are in play unless the players switch them off.
VEDETTE_OPTION = {
    "id": "vedettes-in-battle-scenarios",
    "name": "Vedettes in the Battle Scenarios (§66-§80, §217)",
    "default": True,
    "rules": ["§66", "§67", "§68", "§69", "§70", "§71", "§72", "§73", "§74", "§75", "§76", "§77",
              "§78", "§79", "§80", "§217"],
    "note": "Reading A4: the set-ups place vedettes and list Vedette Pools, so this is on unless the players turn it off; off, no vedette enters play (none is placed at the start, every one stays in the pool).",
}


def build_all(m):
    return {"pultusk-golymin": bs1(m), "eylau": bs2(m), "friedland": bs3(m)}
