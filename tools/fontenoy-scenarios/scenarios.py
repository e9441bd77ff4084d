"""Scenarios 1-4 (10.1-10.4): set-ups, reinforcements, victory, options and the `rules`
object the Fontenoy rules code reads (docs/fontenoy-scenarios.md, "The rules object")."""

import mapgen
import oob
from hexes import hdist, hid, xy
from scen import (
    AL_DIVISIONS, AL_WINGS, FR_DIVISIONS, FR_WINGS, parse,
    PIEMONT, CRILLON, DRAGONS, BETTENS, DAUPHIN, DU_ROY, COLONEL_GENERAL, ETRANGER, GARDES,
    IRISH, COURONNE, ROYAL, CLERMONT, FIENNES, BRIONNE, ST_JAL, NOAILLES, ROUSSILLON, MAISON,
    CARABINIERS, AUBETERRE, SALIS, ELIAS, HALKET, CANNENBURG, BRACKEL, SANDOUVILLE, HOMPESCH,
    VRYBERGEN, STURLER, BURMANIA, EFFEREN, DUTCH_ART, EN_ART3, HN_ART3, ALBEMARLE, CHURCHILL,
    PONSONBY, SKELTON, BLIGH, ILTEN, ZASTROW,
)

SCEN_RULE = {"ingoldsby": "10.1", "dutch-attack": "10.2", "english-attack": "10.3", "battle": "10.4"}
EXTRA_APPEARS = {
    "fr-stj": ["10.3b", "10.4b"], "fr-sep-a": ["10.4b", "6.5a"], "fr-sep-b": ["10.4b", "6.5a"],
    "fr-eco": ["10.4b"], "fr-1-low": ["3.8a", "10.4b"], "fr-2-low": ["3.8a", "10.4b"],
    "fr-gen-b": ["6.3a"], "fr-tai-b": ["3.8a", "6.3d"],
}
for i in range(4, 11):
    EXTRA_APPEARS["fr-mil-%02d" % i] = ["10.4b"]

def _charts():
    """Every chart of scenarios/fontenoy/charts (written by tools/fontenoy-charts/gen.py): the
    rules read each `-provisional` completion where there is one, else the published chart."""
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    folder = os.path.join(here, "..", "..", "scenarios", "fontenoy", "charts")
    return ["fontenoy/" + f[:-5] for f in sorted(os.listdir(folder)) if f.endswith(".json")]


CHARTS = _charts()


def rule(*rules, note=None):
    p = {"kind": "rulebook", "rules": list(rules)}
    if note:
        p["note"] = note
    return p


def prov(note):
    return {"kind": "provisional", "note": note}


def label(minutes):
    return "%02d:%02d" % (minutes // 60, minutes % 60)


def turns(start, end, note):
    n = (end - start) // 20 + 1
    return {"first": 1, "last": n, "labels": {str(i + 1): label(start + 20 * i) for i in range(n)}, "note": note}


def turn_of(start, hhmm):
    h, m = hhmm
    return (h * 60 + m - start) // 20 + 1


UNIT_TYPE = {u["id"]: u["type"] for u in oob.FRENCH + oob.ALLIED}
UNIT_NAT = {u["id"]: u["nationality"] for u in oob.FRENCH + oob.ALLIED}


class Scenario:
    def __init__(self, sid, name, rule_no):
        self.sid, self.name, self.rule_no = sid, name, rule_no
        self.setup, self.reinf = [], []
        self.org = {"french": self._side(), "allied": self._side()}
        self.div_units = {}
        self.org_notes = []

    @staticmethod
    def _side():
        return {"cinc": None, "wings": [], "divisions": [], "independent_units": [], "special_commanders": []}

    # --- placement
    def place(self, unit, hexes, provenance=None, fields=None, note=None):
        e = {"unit": unit, "hex": hexes[0] if len(hexes) == 1 else hexes}
        if fields:
            e["fields"] = fields
        if provenance:
            e["provenance"] = provenance
        if note:
            e["note"] = note
        self.setup.append(e)

    def group(self, text, side, nationality=None, division=None, provenance=None, fields=None, note=None):
        placed = parse(text, side, nationality)
        for u, hx in placed:
            self.place(u, hx, provenance, fields, note)
            if division:
                self.div_units.setdefault(division, []).append(u)
        return [u for u, _ in placed]

    def hex_of(self, unit):
        for e in self.setup + self.reinf:
            if e["unit"] == unit:
                return e["hex"] if isinstance(e["hex"], str) else e["hex"][0]
        raise KeyError(unit)

    def commander(self, cmdr, division, rules, provenance=None):
        """A Division Commander placed with any unit of his division (10.0c): default hex the
        first unit's."""
        first = self.div_units[division][0]
        self.place(cmdr, [self.hex_of(first)], provenance or prov(
            "10.0c: a Division Commander is placed with any unit of his division; the default is the hex of %s (%s)." % (first, rules)),
            {"with_division": division})

    def anywhere(self, cmdr, hexid, why, rules):
        self.place(cmdr, [hexid], prov("%s: placed anywhere; the default hex (%s) is chosen here." % (rules, why)), {"anywhere": True})

    # --- organisation
    def division(self, side, did, flexible=False, wing=None, commander=None, units=None, note=None):
        name, cmdr = (FR_DIVISIONS if side == "french" else AL_DIVISIONS)[did]
        d = {"id": did, "name": name, "commander": commander or cmdr,
             "units": units if units is not None else self.div_units[did],
             "flexible": flexible, "independent": wing is None}
        if note:
            self.org_notes.append("%s: %s" % (did, note))
        self.org[side]["divisions"].append(d)
        if wing:
            ws = self.org[side]["wings"]
            w = next((w for w in ws if w["id"] == wing), None)
            if w is None:
                wname, wcmd = (FR_WINGS if side == "french" else AL_WINGS)[wing]
                w = {"id": wing, "name": wname, "commander": wcmd, "divisions": []}
                ws.append(w)
            w["divisions"].append(did)

    def wing_note(self, side, wing, note):
        self.org_notes.append("%s: %s" % (wing, note))


def fr_setup_common(s, groups):
    for did, text in groups:
        s.group(text, "french", division=did)


# ------------------------------------------------------------------- scenario 1
def ingoldsby():
    start = 6 * 60
    s = Scenario("ingoldsby", "Scenario 1: Ingoldsby's Attack", "10.1")
    s.group("1 D'EU, 4 LB #7 (S4405)", "french", division="fr-deu")
    s.commander("fr-chambonnas", "fr-deu", "10.1b")
    grassin_hexes = ["S4704", "S4804", "S4904", "S4703"]
    for u, h in zip(["fr-1-gap", "fr-2-gap", "fr-3-gap", "fr-gcf"], grassin_hexes):
        s.place(u, [h], prov("10.1b: anywhere in the Bois de Barry; the default hex is a woods hex of the wood's corner facing the redoubt, chosen here."), {"area": "bois-de-barry"})
        s.div_units.setdefault("fr-grassin", []).append(u)
    s.commander("fr-grassin", "fr-grassin", "10.1b")
    ing = ["al-dur", "al-pul", "al-sem", "al-bos", "al-bou"]
    for u, h in zip(ing, ["S6012", "S6011", "S5911", "S6111", "S6011"]):
        s.place(u, [h], prov("10.1c: within 1 hex of S6012; the default hex is chosen here."), {"within": {"hex": "S6012", "radius": 1}})
        s.div_units.setdefault("al-ingoldsby", []).append(u)
    s.commander("al-ingoldsby", "al-ingoldsby", "10.1c")
    s.reinf.append({"unit": "al-en-6lb-2", "turn": turn_of(start, (7, 0)), "hex": "S5611",
                    "fields": {"placed_before_allied_activation": True}, "provenance": rule("10.1c", note="At 7:00 placed in S5611 before the Allies move.")})
    s.division("french", "fr-deu")
    s.division("french", "fr-grassin", flexible=True)
    s.division("allied", "al-ingoldsby", note="Ingoldsby's Special Division (4.2d).")
    s.org["allied"]["independent_units"] = ["al-en-6lb-2"]
    rules = {
        "maps": ["S"],
        "eotn": None,
        "initiative": "allies_then_french",
        "rules_in_force": ["1", "2.4", "2.10", "3.1", "3.5a", "4.1", "4.2d", "8", "9"],
        "organisation": s.org,
        "command_overrides": {
            "al-ingoldsby": {"initiative_roll_every_turn": True, "rule": "10.1a E", "note": "Outside his Army Commander's Command Distance."},
            "fr-grassin": {"initiative_roll_every_turn": True, "rule": "10.1a E", "note": "Outside his Army Commander's Command Distance."},
        },
        "morale_tracks": {
            "french": [{"id": "french", "name": "French", "nationalities": ["french"]}],
            "allied": [{"id": "allied", "name": "Allied", "nationalities": ["english", "hanoverian", "austrian"],
                        "note": "4.3 is not among scenario 1's rules (10.1a B): one Allied track, as the series rules (23.0)."}],
        },
        "boundaries": [
            {"id": "grassin-in-wood", "rule": "10.1a C", "applies_to": {"divisions": ["fr-grassin"]}, "in_bounds": "bois-de-barry",
             "note": "De Grassin's units may not leave the Bois de Barry."},
            {"id": "allied-along-or-north-of-road", "rule": "10.1a D", "applies_to": {"sides": ["allied"]}, "out_of_bounds": "s1-south-of-road",
             "line": "s1-road", "line_in_bounds": True, "note": "Only along or north of the road S6213-S4205."},
            {"id": "allied-one-hex-into-wood", "rule": "10.1a D", "applies_to": {"sides": ["allied"]}, "out_of_bounds": "bois-de-barry-deep",
             "note": "At most 1 hex into the Bois de Barry: no close combat against a unit 2 hexes deep."},
        ],
        "army_loss_at_start": None,
        "redoubts": [{"place": "redoubt-s4405", "hex": "S4405", "size": "large", "units_inside": True, "rule": "10.1b"}],
        "always_in_command": [{"side": "french", "place": "redoubt-s4405", "rule": "10.1a E", "note": "French units in the redoubt."}],
        "notes": ("Allies activate first, then the French, every turn; no Initiative rolls, no Special Initiative Results and no End-of-Turn "
                  "Number (10.1a A). No Army Commander is on the map (10.1a E). 10.1d does not define capture: the reading is an Allied unit "
                  "in S4405 with no French unit there, at any time. The 10.1a F option (Ingoldsby Out of Command puts his units Out of "
                  "Command) and 10.1e (no fire at 2 hexes; Regimental Guns results re-rolled) are options."),
    }
    victory = [{"id": "capture-redoubt-deu", "text": "Allied victory if an Allied unit captures the redoubt d'Eu (S4405); otherwise French victory.",
                "rules": ["10.1d"], "fields": {"winner": "allied", "otherwise": "french", "hex": "S4405", "place": "redoubt-s4405",
                                                "captured_when": "allied_unit_in_hex_no_french", "when": "any_time"},
                "provenance": rule("10.1d", note="'Capture' is not defined; the fields hold the reading (an Allied unit in S4405 with no French unit, at any time; docs/fontenoy-scenarios.md).")}]
    options = [
        {"id": "10.1a-f", "name": "Ingoldsby Out of Command puts all his units Out of Command (series 7.6d)", "default": False, "rules": ["10.1a F"]},
        {"id": "10.1e", "name": "No regimental guns: Ingoldsby's infantry cannot fire at 2 hexes; a Regimental Guns result is re-rolled (0-4 the result above, 5-9 the one below)", "default": False, "rules": ["10.1e"]},
        {"id": "9.2b-smouldering", "name": "The smouldering area S4620-S4822 blocks LOS", "default": False, "rules": ["9.2b"]},
        LOS_OPTION,
    ]
    return finish(s, start, 9 * 60, rules, victory, options,
                  "Cumberland's attempt on the redoubt d'Eu: Ingoldsby's division against the Brigade d'Eu and de Grassin's light troops. South map only; 6:00 to 9:00.",
                  "Ten 20-minute turns, 6:00 to 9:00 (10.1a A).")


# ------------------------------------------------------------------- scenario 2
def dutch_attack():
    start = 9 * 60
    s = Scenario("dutch-attack", "Scenario 2: The Dutch Attack", "10.2")
    s.anywhere("fr-saxe", "S3411", "behind the line of small redoubts", "10.2b")
    s.group("16 LB (S1012)", "french")
    fr_setup_common(s, [("fr-piemont", PIEMONT), ("fr-crillon", CRILLON), ("fr-dragons", DRAGONS), ("fr-bettens", BETTENS),
                        ("fr-dauphin", DAUPHIN), ("fr-du-roy", DU_ROY), ("fr-colonel-general", COLONEL_GENERAL),
                        ("fr-etranger", ETRANGER)])
    for c, d in (("fr-la-marck", "fr-piemont"), ("fr-la-motte-hugues", "fr-crillon"), ("fr-chevreuse", "fr-dragons"),
                 ("fr-bettens", "fr-bettens"), ("fr-la-vauguyon", "fr-dauphin"), ("fr-la-serre", "fr-du-roy"),
                 ("fr-harcourt", "fr-colonel-general"), ("fr-du-chayla", "fr-etranger")):
        s.commander(c, d, "10.2b")
    s.anywhere("fr-lutteaux", s.hex_of("fr-1-cri"), "with Crillon's brigade", "10.0c, 10.2b")
    s.anywhere("fr-biron", s.hex_of("fr-1-dau"), "with the Dauphin brigade", "10.0c, 10.2b")
    dutch_setup(s)
    for u, h, d in (("al-lig", "S4322", "al-austrians"), ("al-lim", "S4322", "al-austrians"), ("al-sch-a", "S4223", None),
                    ("al-sch-b", "S4223", None), ("al-wal", "S4614", None), ("al-dur", "S4713", None), ("al-sem", "S4613", None)):
        s.reinf.append({"unit": u, "turn": turn_of(start, (10, 0)), "hex": h, "fields": {"placed_before_initiative": True},
                        "provenance": rule("10.2c", "10.2a E")})
        if d:
            s.div_units.setdefault(d, []).append(u)
    s.reinf.insert(0, {"unit": "al-konigsegg", "turn": turn_of(start, (10, 0)), "hex": "S4322", "fields": {"placed_before_initiative": True},
                       "provenance": rule("10.2c", "10.2a E", note="Konigsegg arrives with LIG and LIM and commands them as a division.")})
    s.org["french"]["cinc"] = "fr-saxe"
    s.division("french", "fr-piemont", note="Listed before Lutteaux's Wing heading (10.2b): read as an Independent Division (a reading, docs/fontenoy-scenarios.md).")
    s.division("french", "fr-crillon", wing="fr-lutteaux-wing")
    s.division("french", "fr-dragons", wing="fr-lutteaux-wing")
    s.division("french", "fr-bettens", wing="fr-lutteaux-wing")
    s.division("french", "fr-dauphin", wing="fr-biron-wing")
    s.division("french", "fr-du-roy", wing="fr-biron-wing", note="A Potential French Reinforcement (10.2a F); its Wing is read from 10.4b, where it follows Dauphin under Biron.")
    s.division("french", "fr-colonel-general", note="A Potential French Reinforcement (10.2a F); French cavalry divisions are Independent (3.4).")
    s.division("french", "fr-etranger", note="A Potential French Reinforcement (10.2a F); French cavalry divisions are Independent (3.4).")
    s.org["french"]["independent_units"] = ["fr-16lb"]
    dutch_org(s)
    s.org["allied"]["cinc"] = "al-waldeck"
    s.division("allied", "al-austrians", commander="al-konigsegg", note="The Austrian reinforcements form a division under Konigsegg (10.2a E).")
    s.org["allied"]["independent_units"] += ["al-sch-a", "al-sch-b", "al-wal", "al-dur", "al-sem"]
    rules = {
        "maps": ["S"],
        "eotn": 4,
        "initiative": "rolled",
        "rules_in_force": ["1", "2.4", "2.5", "2.6", "2.7", "2.8", "2.9", "2.10", "2.11", "2.12", "3.1", "3.3b", "3.5", "3.9c", "4.1",
                           "4.2b", "4.2c", "4.2f", "4.5", "8", "9"],
        "organisation": s.org,
        "command_overrides": {
            "al-waldeck": {"role": "army_commander", "command_rating": 3, "wan": 6, "keeps_4_2c": True, "replacement": None,
                           "rule": "10.2a C", "note": "Cumberland is absent; Waldeck commands the Allies with his 4.2c abilities. No replacement: series 21.6 if he is lost."},
            "fr-saxe": {"succession": ["fr-noailles", "fr-lutteaux", "any_lg"], "place_new_counters": True, "rule": "10.2a C",
                        "note": "3.3b order; Noailles is not set up and is placed if he succeeds."},
        },
        "morale_tracks": {
            "french": [],
            "allied": [{"id": "allied", "name": "Dutch and their Allies", "nationalities": ["dutch", "english", "austrian"],
                        "results_apply_to": ["dutch"], "note": "One track for every Allied loss (10.2a D); Austrian and English units ignore negative Dutch Army Morale results (10.2a E)."}],
        },
        "boundaries": [
            {"id": "row-11-east-of-s4111", "rule": "10.2a G", "applies_to": {"sides": ["french", "allied"]}, "out_of_bounds": "s2-out-of-bounds",
             "line": "s2-line", "line_in_bounds": True, "note": "No unit crosses the row of xx11 hexes east of S4111: the row may be entered, not crossed (a reading)."},
        ],
        "army_loss_at_start": None,
        "redoubts": [{"place": p, "hex": h, "size": "small", "units_inside": True, "rule": "10.2b"}
                     for p, h in (("redoubt-s2914", "S2914"), ("redoubt-s3314", "S3314"), ("redoubt-s3714", "S3714"))],
        "potential_reinforcements": {"divisions": ["fr-du-roy", "fr-colonel-general", "fr-etranger"], "rule": "10.2a F",
                                     "activated_by": ["french_choice", "attacked_in_close_combat", "fired_on_by_non_artillery"],
                                     "vp_per_activated_division": 1},
        "notes": ("The French keep no army loss track and take no Army Morale Check (10.2a D). Reinforcements of 10:00 are placed before "
                  "that turn's Initiative rolls and may be activated (10.2a E). The Potential French Reinforcements stand until activated "
                  "(10.2a F). The boundary hex '4111' is read as S4111."),
    }
    victory = dutch_vp()
    options = [
        {"id": "10.2d-troops-only", "name": "Judge the troops alone: the Dutch start with 3 victory points", "default": False, "rules": ["10.2d"]},
        {"id": "9.2b-smouldering", "name": "The smouldering area S4620-S4822 blocks LOS", "default": False, "rules": ["9.2b"]},
        LOS_OPTION,
    ]
    return finish(s, start, 11 * 60 + 20, rules, victory, options,
                  "The Dutch attack on the French right between Antoin and Fontenoy. South map only; 9:00 to 11:20.",
                  "Eight 20-minute turns, 9:00 to 11:20 (10.2a A).")


def dutch_setup(s, provenance=None, first_part=True):
    """10.2c (scenario 2); in scenario 4 the text stops after Hesse-Philipsthal's heading."""
    groups = [("al-salis", SALIS), ("al-elias", ELIAS), ("al-halket", HALKET)]
    rest = [("al-cannenburg", CANNENBURG), ("al-brackel", BRACKEL), ("al-sandouville", SANDOUVILLE), ("al-hompesch", HOMPESCH),
            ("al-vrybergen", VRYBERGEN), ("al-sturler", STURLER), ("al-burmania", BURMANIA), ("al-efferen", EFFEREN)]
    for did, text in groups:
        s.group(text, "allied", division=did)
    for did, text in rest:
        s.group(text, "allied", division=did, provenance=provenance)
    s.group(DUTCH_ART, "allied", "dutch", provenance=provenance)
    cm = [("al-salis", "al-salis"), ("al-elias", "al-elias"), ("al-halket", "al-halket")]
    for c, d in cm:
        s.commander(c, d, "10.2c" if provenance is None else "10.4c")
    for c, d in (("al-cannenburg", "al-cannenburg"), ("al-brackel", "al-brackel"), ("al-sandouville", "al-sandouville"),
                 ("al-hompesch", "al-hompesch"), ("al-vrybergen", "al-vrybergen"), ("al-sturler", "al-sturler"),
                 ("al-burmania", "al-burmania"), ("al-efferen", "al-efferen")):
        s.commander(c, d, "10.2c", provenance=None if provenance is None else prov(
            "Completion of the cut-off 10.4c from 10.2c (same 9:00 start): a Division Commander with the first unit of his division."))
    wing_hexes = [("al-cronstrom", "al-salis"), ("al-hesse-philipsthal", "al-cannenburg"), ("al-coenders", "al-sandouville"),
                  ("al-schwartzenberg", "al-sturler")]
    for c, d in wing_hexes:
        if provenance is None or c in ("al-cronstrom", "al-hesse-philipsthal"):
            s.anywhere(c, s.hex_of(s.div_units[d][0]), "with the first unit of his wing", "10.0c, 10.2c" if provenance is None else "10.0c, 10.4c")
        else:
            s.place(c, [s.hex_of(s.div_units[d][0])], prov("Completion of the cut-off 10.4c from 10.2c: a Wing Commander (anywhere, 10.0c), with the first unit of his wing."), {"anywhere": True})
    wp = prov("10.2c: Waldeck with any unit of Sturler's Brigade; the default hex is RIJ's." if provenance is None else
              "Completion of the cut-off 10.4c from 10.2c: Waldeck with any unit of Sturler's Brigade (default RIJ's hex).")
    s.place("al-waldeck", [s.hex_of("al-rij")], wp, {"with_division": "al-sturler"})
    vp = prov("10.2c: van Yssel with any artillery unit; the default hex is 3 LB #3's (by the battery south-west of Bourgeon, 4.2f)." if provenance is None else
              "Completion of the cut-off 10.4c from 10.2c: van Yssel with any artillery unit (default 3 LB #3's hex).")
    s.place("al-van-yssel", [s.hex_of("al-nl-3lb-3")], vp, {"with_any": {"type": "artillery", "nationality": "dutch"}})


def dutch_org(s, note=None):
    for did, wing in (("al-salis", "al-cronstrom-wing"), ("al-elias", "al-cronstrom-wing"), ("al-halket", "al-cronstrom-wing"),
                      ("al-cannenburg", "al-hesse-wing"), ("al-brackel", "al-hesse-wing"), ("al-sandouville", "al-coenders-wing"),
                      ("al-hompesch", "al-coenders-wing"), ("al-vrybergen", "al-coenders-wing"), ("al-sturler", "al-schwartzenberg-wing"),
                      ("al-burmania", "al-schwartzenberg-wing"), ("al-efferen", "al-schwartzenberg-wing")):
        s.division("allied", did, wing=wing)
    s.org["allied"]["independent_units"] += ["al-nl-3lb-%d" % i for i in range(1, 7)] + ["al-nl-how", "al-nl-6lb"]
    s.org["allied"]["special_commanders"] += ["al-van-yssel"]


def dutch_vp():
    p = rule("10.2d")
    return [
        {"id": "vp-fontenoy", "text": "+1 if an Allied unit enters Fontenoy; +1 more if an Allied unit is still there at the end.", "rules": ["10.2d"],
         "fields": {"vp": 1, "place": "fontenoy", "event": "allied_unit_enters", "held_at_end_vp": 1}, "provenance": p},
        {"id": "vp-antoin", "text": "+2 if an Allied unit enters Antoin; +1 more if an Allied unit is still there at the end.", "rules": ["10.2d"],
         "fields": {"vp": 2, "place": "antoin", "event": "allied_unit_enters", "held_at_end_vp": 1}, "provenance": p},
        {"id": "vp-redoubts", "text": "+1 for each redoubt an Allied unit captures; +1 more for each still held by an Allied unit at the end.", "rules": ["10.2d"],
         "fields": {"vp": 1, "per": "redoubt", "places": ["redoubt-s2914", "redoubt-s3314", "redoubt-s3714"], "event": "allied_unit_captures", "held_at_end_vp": 1}, "provenance": p},
        {"id": "vp-perimeter", "text": "+5 if the Dutch have breached the French Perimeter (6.8).", "rules": ["10.2d", "6.8b"],
         "fields": {"vp": 5, "place": "perimeter-inside", "event": "perimeter_breached"}, "provenance": p},
        {"id": "vp-french-reinforcements", "text": "+1 for each Potential French Reinforcement brigade activated.", "rules": ["10.2d", "10.2a F"],
         "fields": {"vp": 1, "per": "activated_division", "divisions": ["fr-du-roy", "fr-colonel-general", "fr-etranger"]}, "provenance": p},
        {"id": "vp-dutch-losses", "text": "-2 for every full 25 boxes shaded on the Allied (Dutch) army loss track.", "rules": ["10.2d", "10.2a D"],
         "fields": {"vp": -2, "per_boxes": 25, "track": "allied"}, "provenance": rule("10.2d", note="The 'Dutch Army Morale Loss Track' is read as the single Allied track of 10.2a D.")},
        {"id": "levels", "text": "Dutch points 3 or more: overwhelming Dutch victory; 1-2: narrow Dutch victory; -2 to 0: narrow French victory; -3 or less: overwhelming French victory.",
         "rules": ["10.2d"], "fields": {"start_vp": 0, "levels": [
             {"min": 3, "result": "overwhelming_dutch_victory"}, {"min": 1, "max": 2, "result": "narrow_dutch_victory"},
             {"min": -2, "max": 0, "result": "narrow_french_victory"}, {"max": -3, "result": "overwhelming_french_victory"}]}, "provenance": p},
    ]


# ------------------------------------------------------------------- scenario 3
def english_attack():
    start = 10 * 60 + 20
    s = Scenario("english-attack", "Scenario 3: The English Attack", "10.3")
    king(s, "N3630", "N3730")
    s.anywhere("fr-saxe", "N3629", "beside the King", "10.3b")
    org = french_centre(s, scenario=3)
    s.reinf.append({"unit": "fr-lowendahl", "turn": turn_of(start, (12, 0)), "hex": "N4728",
                    "fields": {"within": {"division": "fr-normandie", "radius": 5}},
                    "provenance": prov("10.3b: at 12:00 within 5 hexes of any Normandie unit; the default hex (next to 1 NOR at N4630) is chosen here.")})
    allied_english(s, shift=0)
    s.org["french"]["cinc"] = "fr-saxe"
    s.org["french"]["special_commanders"] = ["fr-louis-xv", "fr-noailles", "fr-richelieu", "fr-lowendahl"]
    for did, wing in org:
        s.division("french", did, wing=wing)
    s.wing_note("french", "fr-chabannes-wing", "The 10.3b text is scrambled: the Irish Brigade and the Brigade d'Eu come before any Wing heading and the Gardes' units before the headings; the wings are read as in 10.4b (a reading, docs/fontenoy-scenarios.md).")
    french_cavalry_org(s)
    s.org["allied"]["cinc"] = "al-cumberland"
    rules = {
        "option_setups": option_setups(s, 3),
        "maps": ["N", "S"],
        "eotn": 8,
        "initiative": "rolled",
        "rules_in_force": ["1"] + ["2.%d" % i for i in range(1, 13)] + ["3.1", "3.2", "3.3", "3.4", "3.5", "3.7", "3.8c", "3.9c", "3.9d"]
                          + ["4.%d" % i for i in range(1, 6)] + ["7.1", "8", "9"],
        "organisation": s.org,
        "command_overrides": {
            "fr-lowendahl": {"role": "super_command_leader", "detachment_leader": False, "rule": "10.3b", "note": "Not a Detachment Commander here: he acts under 3.3f."},
            "fr-repl-01": {"replaces": "fr-grammont", "division": "fr-gardes", "rule": "10.3a G", "note": "The replacement drawn for Grammont (2.5a); #01 is the default draw."},
        },
        "morale_tracks": allied_tracks(),
        "boundaries": [
            {"id": "no-bois-de-barry", "rule": "10.3a B", "applies_to": {"sides": ["french", "allied"]}, "out_of_bounds": "bois-de-barry"},
            {"id": "french-limit", "rule": "10.3a C", "applies_to": {"sides": ["french"]}, "out_of_bounds": "s3-french-limit",
             "note": "No French unit south of the Bois de Barry or east of the S46xx column (a reading; place note)."},
            {"id": "diagonal", "rule": "10.3a D", "applies_to": {"sides": ["french", "allied"]}, "out_of_bounds": "s3-out-of-bounds",
             "line": "s3-line", "line_in_bounds": True,
             "outside_at_start": {"allied": "end_activation_inside", "french": "may_stay_outside_no_return"},
             "note": "The line S4111-S5920 and the xx11 row west of S4111; the line's hexes may be entered, not crossed (a reading). Allied units that start an activation outside must end it inside; French units outside need not come in, but may not go back out."},
        ],
        "army_loss_at_start": {
            "french": {"points": 10, "commanders_lost": ["fr-grammont", "fr-du-brocard"], "track": "french", "rule": "10.3a G",
                       "note": "10 points for the fight against the Dutch, and the commander losses (both Grammont's and du Brocard's are read as recorded; docs/fontenoy-scenarios.md)."},
            "allied": {"points": 0, "commanders_lost": ["al-campbell"], "track": "anglo-austro-hanoverian", "rule": "10.3a H"},
        },
        "redoubts": [{"place": p, "hex": h, "size": "large", "units_inside": True, "rule": "10.3b"}
                     for p, h in (("redoubt-s4405", "S4405"), ("redoubt-n4633", "N4633"))],
        "infernal_column": {"use": "required", "declare_by_turn": turn_of(start, (11, 0)), "declare_by_label": "11:00",
                            "eotn_already_reduced": True, "rule": "10.3a E", "note": "7.1a C: the EOTN of 8 already allows for the column and does not change."},
        "lowendahl": {"mode": "super_command_leader", "arrives_turn": turn_of(start, (12, 0)), "rule": "10.3b",
                      "note": "Only Lowendahl himself is used (3.8c); 3.8 is not."},
        "single_map_variant": {
            "rule": "10.3e",
            "omit": ["fr-louis-xv", "fr-noailles", "fr-richelieu", "fr-gdc-l", "fr-4lb-11", "fr-2-deu", "fr-4lb-8", "fr-cor"],
            "omit_redoubts": ["redoubt-n4633"],
            "enter_on_first_activation": [
                {"division": "fr-irish", "within": {"hex": "S4301", "radius": 3}},
                {"division": "fr-vaisseaux", "within": {"hex": "S4001", "radius": 3}},
                {"division": "fr-noailles", "within": {"hex": "S3501", "radius": 3}},
            ],
            "enter_at_turn": [
                {"divisions": ["fr-roussillon"], "turn": turn_of(start, (11, 0)), "within": {"hex": "S3801", "radius": 3}},
                {"divisions": ["fr-normandie"], "units": ["fr-lowendahl"], "turn": turn_of(start, (12, 0)), "within": {"hex": "S4101", "radius": 3}},
                {"divisions": ["fr-maison-du-roy", "fr-carabiniers"], "units": ["fr-gen-a"], "turn": turn_of(start, (12, 0)), "within": {"hex": "S3801", "radius": 3}},
            ],
            "victory": {"side": "allied", "sp_exited": 25, "exit_hex": "S3801"},
            "maps": ["S"],
            "move": {"fr-saxe": "S3804"},
            "move_provenance": prov("10.3e: de Saxe sets up anywhere (10.3b); on the single map his default hex is with 3 ROY at S3804, chosen here."),
            "note": "Only the North-map units of each brigade enter, with their commanders; 4 LB #11 leaves with the King's party and GEN a is read as entering with the Maison du Roy (the text names neither; a reading, docs/fontenoy-scenarios.md). De Saxe and the wing commanders, placed anywhere, are placed on the South map.",
        },
        "notes": ("Both maps (a single-map version is option 10.3e). Not used: 3.6 barricades, 3.8 (Lowendahl arrives only as a leader), 3.9a-b "
                  "(bridgehead), the Grassins (10.3a F). The French have lost Grammont (a replacement commands Les Gardes) and du Brocard; the "
                  "English have lost Campbell (10.3a G-H). Dutch Command Confusion/Lethargy results are ignored and the roll repeated (10.3a L). "
                  "STJ is at Tournay (not in play). The French set-up text is scrambled (the Gardes' units before the headings, 10.3b printed "
                  "twice); it is read as 10.4b's structure. Albemarle's Brigade, listed before Ligonier's Wing heading, is read as part of it."),
    }
    victory = [{"id": "control-n3630", "text": "Allied victory if the Allies control N3630 at the end of the game; otherwise French victory.",
                "rules": ["10.3d"], "fields": {"winner": "allied", "otherwise": "french", "hex": "N3630", "when": "end",
                                                "control": "last_occupied"},
                "provenance": rule("10.3d", note="'Control' is not defined in the text; the reading is the last side to occupy the hex (a reading, docs/fontenoy-scenarios.md).")}]
    options = [
        {"id": "10.3e-single-map", "name": "Single-map version (rules.single_map_variant)", "default": False, "rules": ["10.3e"]},
    ] + general_options(3)
    return finish(s, start, 14 * 60, rules, victory, options,
                  "The Anglo-Hanoverian attack on the French centre, separated from the rest of the field by the scenario lines. Both maps; 10:20 to 14:00.",
                  "Twelve 20-minute turns, 10:20 to 14:00 (10.3a A).")


def king(s, king_hex, gun_hex):
    rules_no = "10.3b" if king_hex == "N3630" else "10.4b"
    s.group("GDC L (%s), 4 LB #11 (%s)" % (king_hex, gun_hex), "french")
    for c in ("fr-louis-xv", "fr-noailles", "fr-richelieu"):
        s.place(c, [king_hex], None)
    s.org["french"]["independent_units"] += ["fr-gdc-l", "fr-4lb-11"]


def french_centre(s, scenario):
    """The French groups shared by 10.3b and 10.4b (with their differences)."""
    s.group(AUBETERRE, "french", division="fr-aubeterre")
    s.commander("fr-anlezy", "fr-aubeterre", "10.%db" % scenario)
    s.group(GARDES, "french", division="fr-gardes")
    s.place("fr-repl-01", [s.hex_of("fr-1-gfr")], prov("10.%da G/B: Grammont is lost and a replacement (2.5a) commands Les Gardes; the replacement drawn (#01) and its hex (with 1 GFR) are defaults chosen here." % scenario),
            {"with_division": "fr-gardes", "replaces": "fr-grammont"})
    s.group(IRISH, "french", division="fr-irish")
    s.commander("fr-clare", "fr-irish", "10.%db" % scenario)
    if scenario == 3:
        s.group("1 D'EU, 4 LB #7 (S4405), 2 D'EU, 4 LB #8 (N4633), COR (N4631)", "french", division="fr-deu")
    else:
        s.group("1 D'EU, 4 LB #7 (S4405), 2 D'EU, 4 LB #8 (N4633), ANG (N3708), 4 LB #10 (N3609)", "french", division="fr-deu")
        s.place("fr-cor", ["N4608"], None, {"attached_to": "fr-normandie"}, "10.4b: COR with LG de Salency at N4608, attached to his division.")
        s.div_units["fr-deu"].append("fr-cor")
    s.commander("fr-chambonnas", "fr-deu", "10.%db" % scenario)
    s.group(COURONNE, "french", division="fr-couronne")
    s.commander("fr-havre", "fr-couronne", "10.%db" % scenario)
    s.group(ROYAL, "french", division="fr-royal")
    s.commander("fr-croissy", "fr-royal", "10.%db" % scenario)
    if scenario == 3:
        s.group("1 VAI (S4002), 2 VAI (S4001), 3 VAI (N4033), 4 LB S #6 (S4101)", "french", division="fr-vaisseaux")
    else:
        s.group("1 VAI (S4002), 2 VAI (S4001), 3 VAI (N4033), 4 LB S #6 (S4101), TRA, 4 LB #9 (N4512)", "french", division="fr-vaisseaux")
    s.commander("fr-guerchy", "fr-vaisseaux", "10.%db" % scenario)
    if scenario == 3:
        s.group("1 NOR (N4630), 2 NOR (N4729), 3 NOR (N4829), 4 NOR (N4928), 4 LB S #7 (N4929)", "french", division="fr-normandie")
        s.commander("fr-salency", "fr-normandie", "10.3b")
    else:
        s.group("1 NOR (N4612), 2 NOR (N4611), 3 NOR (N4610), 4 NOR (N4609), 4 LB S #7 (N4612)", "french", division="fr-normandie")
        s.place("fr-salency", ["N4608"], None, None, "10.4b: Salency at N4608 with COR.")
    for did, text, cmdr in (("fr-colonel-general", COLONEL_GENERAL, "fr-harcourt"), ("fr-clermont-prince", CLERMONT, "fr-penthievre"),
                            ("fr-fiennes", FIENNES, "fr-estrees"), ("fr-etranger", ETRANGER, "fr-du-chayla"),
                            ("fr-brionne", BRIONNE, "fr-apcher"), ("fr-st-jal", ST_JAL, "fr-aguessau"),
                            ("fr-noailles", NOAILLES, "fr-mdc-noailles"), ("fr-roussillon", ROUSSILLON, "fr-pons"),
                            ("fr-maison-du-roy", MAISON, "fr-montesson"), ("fr-carabiniers", CARABINIERS, "fr-crequy")):
        s.group(text, "french", division=did)
        s.commander(cmdr, did, "10.%db" % scenario)
        if did == "fr-maison-du-roy":
            s.group("GEN a (N3719)", "french")
    # wings
    s.anywhere("fr-chabannes", s.hex_of("fr-1-gfr"), "with Les Gardes", "10.0c, 10.%db" % scenario)
    s.anywhere("fr-danois", s.hex_of("fr-1-lac"), "with the Couronne brigade", "10.0c, 10.%db" % scenario)
    s.anywhere("fr-berenger", s.hex_of("fr-1-vai"), "with the Vaisseaux brigade", "10.0c, 10.%db" % scenario)
    org = [("fr-aubeterre", "fr-chabannes-wing"), ("fr-gardes", "fr-chabannes-wing"), ("fr-irish", "fr-chabannes-wing"),
           ("fr-deu", "fr-chabannes-wing"), ("fr-couronne", "fr-danois-wing"), ("fr-royal", "fr-danois-wing"),
           ("fr-vaisseaux", "fr-berenger-wing"), ("fr-normandie", "fr-berenger-wing")]
    return org


def french_cavalry_org(s):
    for did in ("fr-colonel-general", "fr-clermont-prince", "fr-fiennes", "fr-etranger", "fr-brionne", "fr-st-jal", "fr-noailles",
                "fr-roussillon", "fr-maison-du-roy", "fr-carabiniers"):
        s.division("french", did, note="A French cavalry division: Independent (3.4)." if did == "fr-colonel-general" else None)
    s.org["french"]["independent_units"] += ["fr-gen-a"]


def allied_english(s, shift):
    """10.3c (shift 0) or its positions moved `shift` columns east for the 9:00 completion of 10.4c."""
    def mv(text):
        if not shift:
            return text
        import re
        return re.sub(r"S(\d\d)(\d\d)(?:-(\d\d)(\d\d))?", lambda m: "S%02d%s" % (int(m.group(1)) + shift, m.group(2)) + (
            "-%02d%s" % (int(m.group(3)) + shift, m.group(4)) if m.group(3) else ""), text)
    p = None if not shift else prov("Completion of the cut-off 10.4c: the 10.3c (10:20) position moved %d columns east, standing in for the 9:00 position." % shift)
    s.group(mv(EN_ART3), "allied", "english", provenance=p)
    s.group(mv(HN_ART3), "allied", "hanoverian", provenance=p)
    if not shift:
        s.group("PUL (S5007-5107), BOS (S4806-4906)", "allied", note="Remnants of Ingoldsby's Command (4.2d: the division is dissolved in scenario 3).")
    for did, text in (("al-albemarle", ALBEMARLE), ("al-churchill", CHURCHILL), ("al-ponsonby", PONSONBY), ("al-skelton", SKELTON),
                      ("al-bligh", BLIGH), ("al-ilten", ILTEN), ("al-zastrow", ZASTROW)):
        s.group(mv(text), "allied", division=did, provenance=p)
        s.commander(did, did, "10.3c", provenance=None if not shift else prov(
            "Completion of the cut-off 10.4c: a Division Commander with the first unit of his division (positions as 10.3c moved east)."))
    first = s.hex_of("al-fgd")
    if not shift:
        s.place("al-cumberland", [first], prov("10.3c: Cumberland (the Command Distance 6 counter) with any Allied infantry unit; the default is FGD's hex."), {"with_any": {"type": "infantry"}})
        s.anywhere("al-ligonier", s.hex_of("al-rnb"), "with Churchill's brigade", "10.0c, 10.3c")
        s.anywhere("al-de-wendt", s.hex_of("al-obu"), "with Ilten's brigade", "10.0c, 10.3c")
    else:
        s.place("al-cumberland", [first], prov("Completion of the cut-off 10.4c: Cumberland (Command Distance 6 counter) with FGD, as in 10.3c."), {"with_any": {"type": "infantry"}})
        s.place("al-ligonier", [s.hex_of("al-rnb")], prov("Completion of the cut-off 10.4c: Ligonier (Wing Commander, anywhere) with Churchill's brigade as in 10.3c."), {"anywhere": True})
        s.place("al-de-wendt", [s.hex_of("al-obu")], prov("Completion of the cut-off 10.4c: de Wendt (Wing Commander, anywhere) with Ilten's brigade as in 10.3c."), {"anywhere": True})
    for did in ("al-albemarle", "al-churchill", "al-ponsonby", "al-skelton", "al-bligh"):
        s.division("allied", did, wing="al-ligonier-wing", note="Listed before Ligonier's Wing heading (10.3c): read as part of his wing (a reading, docs/fontenoy-scenarios.md)." if did == "al-albemarle" else None)
    for did in ("al-ilten", "al-zastrow"):
        s.division("allied", did, wing="al-de-wendt-wing")
    s.org["allied"]["independent_units"] += ["al-en-how", "al-en-6lb-1", "al-en-6lb-2", "al-hn-3lb-1", "al-hn-3lb-2", "al-hn-3lb-3"]
    if not shift:
        s.org["allied"]["independent_units"] += ["al-pul", "al-bos"]


def allied_tracks():
    return {
        "french": [{"id": "french", "name": "French", "nationalities": ["french"]}],
        "allied": [
            {"id": "dutch", "name": "Dutch", "nationalities": ["dutch"], "note": "4.3: Dutch losses, including the Dutch units of the Reserve."},
            {"id": "anglo-austro-hanoverian", "name": "Anglo-Austro-Hanoverian", "nationalities": ["english", "hanoverian", "austrian"]},
        ],
    }


# Series 13.1d's optional Line of Sight for charges: open to every scenario.
LOS_OPTION = {"id": "13.1d", "name": "Line of Sight for cavalry charges (series 13.1d)", "default": False, "rules": ["13.1d"],
              "note": "A charge's target must be in the cavalry's Line of Sight when the attack is designated."}


def general_options(n):
    opts = [
        ("5.1", "Flanking Fire", None), ("5.3", "Artillery Fire at Low Ratios", None), ("5.5", "Expanded Sunken Road Rules", None),
        ("6.2", "A Missing Redoubt (large redoubt within 1 hex of S4208)", None), ("6.4", "Use of Cavalry in the French Army", None),
        ("6.5", "French Dragoons (change mode)", None), ("6.7", "Furia Francese", None), ("6.8", "Perimeter Breach", None),
        ("6.9", "Louis XV", None), ("7.4", "English Artillery Movement (4 MP)", None),
        ("7.5", "English Regimental Artillery", "Provisional counters, one for each English infantry Division (rules.option_setups; none in scenario 2)."),
        ("7.6", "Dutch and Hanoverian Guns kept with their regiments", None), ("7.7", "Allied Howitzers (indirect fire)", None),
        ("7.9", "Hanoverian Cavalry pistol fire", None), ("9.2b", "The smouldering area S4620-S4822 blocks LOS", None),
        ("13.1d", "Line of Sight for cavalry charges (series 13.1d)", "A charge's target must be in the cavalry's Line of Sight when the attack is designated."),
    ]
    if n == 4:
        opts += [
            ("5.2", "Fast-Play Fontenoy (EOTN 9)", None), ("5.4", "Modified Army Retreat Rules (play on to 19:40)", None),
            ("5.4c-rearward", "A retreating army moves rearward (F-5.4c, with 5.4)",
             "Each step of a combat unit of the retreating army must end nearer its rear unless its player declares one of the rule's three exceptions for it (RearException)."),
            ("6.1", "No Field Fortifications", None), ("6.3a", "The Gendarmes (GEN b)", None),
            ("6.3b", "The Hussars", "Four provisional counters (BSB a-b, LIN a-b): the text names none (rules.option_setups)."),
            ("6.3c", "De Saxe's Volunteers", "Two provisional counters (VDS a-b): the text names none (rules.option_setups)."),
            ("6.3d", "Taillerand (TAI b)", None), ("6.6", "Tournay (rules.tournay)", None),
            ("7.1", "The Infernal Column", "Strongly recommended in scenario 4 (10.4a D): default on."),
            ("7.3", "Additional Anglo-Hanoverian Infantry", "Provisional counters: the text names the regiments but prints no values (rules.option_setups)."),
            ("7.8", "Allied Detachments: before play the Allies may form up to two Detachments under Waldeck, Konigsegg or Ligonier", None),
        ]
    out = []
    for r, name, note in sorted(opts, key=lambda o: [int(x) if x.isdigit() else x for x in o[0].replace(".", " ").replace("a", " a").replace("b", " b").replace("c", " c").replace("d", " d").split()]):
        o = {"id": r if r != "9.2b" else "9.2b-smouldering", "name": name, "default": r == "7.1", "rules": [r.split("-")[0]]}
        if note:
            o["note"] = note
        out.append(o)
    return out


def _clear_free(s, occupied=()):
    """The hexes no set-up entry holds, clear terrain (no entry in the map's hexes)."""
    taken = set(occupied)
    for e in s.setup:
        taken.update([e["hex"]] if isinstance(e["hex"], str) else e["hex"])
    terrain = mapgen.build_map()
    return lambda h: h not in taken and h not in terrain


def _near(s, centre, n, ok, within=None):
    """`n` free clear hexes nearest `centre` (ties by id), each within `within` = (hex, radius)."""
    cx, cy = xy(centre)
    cands = []
    for dx in range(-4, 5):
        for dy in range(-4, 5):
            x, y = cx + dx, cy + dy
            if not (1 <= x <= 70 and 34 <= y <= 67):
                continue
            h = hid(x, y)
            if h == centre or not ok(h) or hdist(h, centre) > 3:
                continue
            if within and hdist(h, within[0]) > within[1]:
                continue
            cands.append((hdist(h, centre), h))
    cands.sort()
    out = [h for _, h in cands[:n]]
    assert len(out) == n, (centre, n)
    return out


def option_setups(s, scenario):
    """What options 7.3 (scenario 4) and 7.5 (scenarios 3 and 4) add to the set-up
    (`rules.option_setups`, read by the engine when the option is on)."""
    out = {}
    ok = _clear_free(s)
    if scenario == 4:
        cum = s.hex_of("al-cumberland")
        ing = s.hex_of("al-ingoldsby")
        new = ["al-bar", "al-fle", "al-pon", "al-lgr"]
        hexes = _near(s, ing, len(new), ok, within=(cum, 10))
        ok = _clear_free(s, hexes)
        bor = _near(s, s.hex_of("al-spo"), 1, ok)
        ok = _clear_free(s, hexes + bor)
        pn = prov("7.3a: Ingoldsby's new brigade anywhere within 10 hexes of Cumberland; the default hexes, the free clear hexes "
                  "nearest Ingoldsby, are chosen here.")
        out["7.3"] = {
            "rule": "7.3",
            "setup": [{"unit": u, "hex": h, "provenance": pn} for u, h in zip(new, hexes)]
            + [{"unit": "al-bor", "hex": bor[0], "provenance": prov("7.3b: von der Borch joins Zastrow's Division; the default hex, "
                                                                      "the free clear hex nearest SPO, is chosen here.")}],
            "division_units": {"al-ingoldsby": new},
            "join_division": {"al-zastrow": ["al-bor"]},
            "independent_units": list(s.div_units["al-ingoldsby"]),
            "note": ("7.3a: the regiments of Ingoldsby's former Division go back to their original Divisions, within 2 hexes of "
                     "their commanders. Those Divisions are in the Order of Battle, not in the text: the units stay where they "
                     "stand as Independents, as scenario 3 keeps PUL and BOS (a reading)."),
        }
    guns, g_hexes = [], []
    for div, tag in oob.REGIMENTAL_GUNS:
        if div not in s.div_units:
            continue
        first = s.hex_of(s.div_units[div][0])
        h = _near(s, first, 1, ok, within=(first, 1))[0]
        ok = _clear_free(s, g_hexes + [h] + [e["hex"] for e in out.get("7.3", {}).get("setup", [])])
        g_hexes.append(h)
        guns.append({"unit": "al-en-rg-%s" % tag.lower(), "hex": h, "division": div,
                     "provenance": prov("7.5a: within 1 hex of any unit of its Division; the default hex, the free clear hex "
                                        "nearest the Division's first unit, is chosen here.")})
    # 7.6: the Dutch and Hanoverian 3-pounders leave the game (the 6-pounders and howitzers stay).
    three = [u for u in ("al-hn-3lb-1", "al-hn-3lb-2", "al-hn-3lb-3", "al-nl-3lb-1", "al-nl-3lb-2", "al-nl-3lb-3",
                         "al-nl-3lb-4", "al-nl-3lb-5", "al-nl-3lb-6") if any(e["unit"] == u for e in s.setup)]
    if three and scenario in (3, 4):
        out["7.6"] = {
            "rule": "7.6",
            "remove": three,
            "note": ("7.6: the Dutch and Hanoverian guns leave the game but the Dutch 6-pounders; the guns removed are the "
                     "3-pounders, the regimental pieces the rule gives back to their regiments (the Dutch howitzers stay: a "
                     "reading, as 7.7 treats them on their own)."),
        }
    if scenario == 4:
        hus = [("fr-hus-bsb-a", "N1505"), ("fr-hus-bsb-b", "N1506"), ("fr-hus-lin-a", "N1605"), ("fr-hus-lin-b", "N1606")]
        out["6.3b"] = {
            "rule": "6.3b",
            "side": "french",
            "setup": [{"unit": u, "hex": h, "fields": {"sheet": "N"},
                       "provenance": prov("6.3b: anywhere on the North map; the default hex is chosen here.")} for u, h in hus],
            "independent_units": [u for u, _ in hus],
            "note": "6.3b: four Independent hussar units anywhere on the North map.",
        }
        vds = [("fr-vds-a", "N3320"), ("fr-vds-b", "N3321")]
        out["6.3c"] = {
            "rule": "6.3c",
            "side": "french",
            "setup": [{"unit": u, "hex": h, "fields": {"area": "perimeter-inside"},
                       "provenance": prov("6.3c: anywhere behind the French lines (inside the Perimeter, a reading); the default "
                                          "hex is chosen here.")} for u, h in vds],
            "independent_units": [u for u, _ in vds],
            "note": ("6.3c: two Independent units of de Saxe's Volontaires anywhere behind the French lines, read as inside "
                     "the French Perimeter (6.8)."),
        }
    if guns:
        out["7.5"] = {
            "rule": "7.5",
            "setup": [{k: v for k, v in g.items() if k != "division"} for g in guns],
            "join_division": {g["division"]: [g["unit"]] for g in guns},
            "remove": ["al-en-how"],
            "note": "7.5a: the English regimental guns set up with their Divisions; the 3-SP English howitzer is not used.",
        }
    return out


# ------------------------------------------------------------------- scenario 4
def battle():
    start = 9 * 60
    s = Scenario("battle", "Scenario 4: The Battle of Fontenoy, 11 May 1745", "10.4")
    king(s, "N3527", "N3528")
    s.anywhere("fr-saxe", "N3528", "beside the King", "10.4b")
    fr_setup_common(s, [("fr-piemont", PIEMONT), ("fr-crillon", CRILLON), ("fr-dragons", DRAGONS), ("fr-bettens", BETTENS),
                        ("fr-dauphin", DAUPHIN), ("fr-du-roy", DU_ROY)])
    for c, d in (("fr-la-marck", "fr-piemont"), ("fr-la-motte-hugues", "fr-crillon"), ("fr-chevreuse", "fr-dragons"),
                 ("fr-bettens", "fr-bettens"), ("fr-la-vauguyon", "fr-dauphin"), ("fr-la-serre", "fr-du-roy")):
        s.commander(c, d, "10.4b")
    s.anywhere("fr-lutteaux", s.hex_of("fr-1-cri"), "with Crillon's brigade", "10.0c, 10.4b")
    s.anywhere("fr-biron", s.hex_of("fr-1-dau"), "with the Dauphin brigade", "10.0c, 10.4b")
    org = french_centre(s, scenario=4)
    # Grassins: anywhere in the Bois de Barry in or north of row Sxx06
    for u, h in zip(["fr-1-gap", "fr-2-gap", "fr-3-gap", "fr-gcf"], ["S4703", "S4803", "S4903", "S5004"]):
        s.place(u, [h], prov("10.4b: anywhere in the Bois de Barry in or north of the Sxx06 row; the default hex (the wood's corner facing the redoubt d'Eu) is chosen here."), {"area": "bois-de-barry-north"})
        s.div_units.setdefault("fr-grassin", []).append(u)
    s.commander("fr-grassin", "fr-grassin", "10.4b")
    # bridgehead
    bh = ["N1520", "N1521", "N1420", "N1620", "N1621", "N1622"]
    for u, h in zip(["fr-5-gfr", "fr-6-gfr", "fr-3-gsu", "fr-12lb-1", "fr-12lb-2", "fr-mil-01", "fr-mil-02", "fr-mil-03"],
                    bh + ["N1519", "N1419"]):
        note = "10.4b: any 3 of the ten Milice units; Milice 1-3 are the default choice." if u.startswith("fr-mil") else None
        s.place(u, [h], prov("10.4b: anywhere in the bridgehead; the default hex is chosen here."), {"area": "bridgehead"}, note)
    # west of the Escaut
    s.group("16 LB (S1012)", "french")
    for u, h in zip(["fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"], ["N1322", "N1223", "N1224"]):
        s.place(u, [h], prov("10.4b: within 10 hexes of N1421 on the west bank; the default hex is chosen here."),
                {"area": "west-bank", "within": {"hex": "N1421", "radius": 10}})
    # organisation
    s.org["french"]["cinc"] = "fr-saxe"
    s.org["french"]["special_commanders"] = ["fr-louis-xv", "fr-noailles", "fr-richelieu", "fr-lowendahl"]
    s.division("french", "fr-piemont", note="Listed before Lutteaux's Wing heading (10.4b): read as an Independent Division (a reading, docs/fontenoy-scenarios.md).")
    for did in ("fr-crillon", "fr-dragons", "fr-bettens"):
        s.division("french", did, wing="fr-lutteaux-wing")
    for did in ("fr-dauphin", "fr-du-roy"):
        s.division("french", did, wing="fr-biron-wing")
    for did, wing in org:
        s.division("french", did, wing=wing)
    s.wing_note("french", "fr-chabannes-wing", "Les Gardes, the Irish Brigade and the Brigade d'Eu follow Chabannes' heading in 10.4b; their wing is read from the heading order (a reading, docs/fontenoy-scenarios.md).")
    french_cavalry_org(s)
    s.division("french", "fr-grassin", flexible=True)
    s.org["french"]["independent_units"] += ["fr-5-gfr", "fr-6-gfr", "fr-3-gsu", "fr-12lb-1", "fr-12lb-2", "fr-mil-01", "fr-mil-02",
                                             "fr-mil-03", "fr-16lb", "fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"]
    # Lowendahl's Detachment (3.8): enters under 3.8d
    t13 = turn_of(start, (13, 0))
    det = [("fr-lowendahl", "leader"), ("fr-egd-a", "cavalry"), ("fr-egd-b", "cavalry"), ("fr-4lbs-8", "infantry_artillery"), ("fr-4lbs-9", "infantry_artillery")]
    for u, grp in det:
        s.reinf.append({"unit": u, "turn": t13, "hex": "N1801", "fields": {"detachment": "lowendahl", "group": grp, "arrival": "3.8d"},
                        "provenance": prov("3.8d: the Detachment enters through N1801 at a variable turn; 13:00 (the first turn with a marker if it enters the game at 12:00) stands in for it. rules.lowendahl_detachment gives the procedure; the engine ignores this turn and lets each group appear on its F-3.8d B roll.")})
    s.org["french"]["independent_units"] += ["fr-egd-a", "fr-egd-b", "fr-4lbs-8", "fr-4lbs-9"]
    # ---- Allied (10.4c, cut off in the text)
    dutch_setup(s, provenance=prov("Completion of the cut-off 10.4c (the text stops at Hesse-Philipsthal's heading): 10.2c's position, which starts at the same 9:00."))
    dutch_org(s)
    # Ingoldsby's division at the edge of the wood facing the redoubt d'Eu (4.2d: in existence at the start of scenario 4)
    ip = prov("Completion of the cut-off 10.4c: Ingoldsby's division (4.2d) between its scenario 1 start and its scenario 3 remnants, facing the redoubt d'Eu.")
    for u, hx in (("al-pul", ["S5007", "S5107"]), ("al-bos", ["S4806", "S4906"]), ("al-dur", ["S4908"]), ("al-sem", ["S5108"]), ("al-bou", ["S4907"])):
        s.place(u, hx, ip)
        s.div_units.setdefault("al-ingoldsby", []).append(u)
    s.commander("al-ingoldsby", "al-ingoldsby", "10.4c", provenance=ip)
    allied_english(s, shift=4)
    s.place("al-konigsegg", [s.hex_of("al-cumberland")], prov("Completion of the cut-off 10.4c: Konigsegg (Special Commander, anywhere) with Cumberland."), {"anywhere": True})
    # 10:00: as scenario 2's reinforcements
    t10 = turn_of(start, (10, 0))
    rp = prov("Completion of the cut-off 10.4c: the units that reach the Dutch attack at 10:00 in 10.2c arrive at the same hexes and turn; LIG, LIM, SCH a and SCH b are read as Moltke's Reserve (2.1: its units stood in different places; 4.3: it holds two Dutch units).")
    for u, h in (("al-moltke", "S4322"), ("al-lig", "S4322"), ("al-lim", "S4322"), ("al-sch-a", "S4223"), ("al-sch-b", "S4223"), ("al-wal", "S4614")):
        s.reinf.append({"unit": u, "turn": t10, "hex": h, "fields": {"placed_before_initiative": True}, "provenance": rp})
    s.org["allied"]["cinc"] = "al-cumberland"
    s.org["allied"]["special_commanders"] = ["al-waldeck", "al-konigsegg", "al-van-yssel"]
    s.division("allied", "al-ingoldsby", note="Ingoldsby's Special Division (4.2d); may be dissolved from 10:00.")
    s.division("allied", "al-reserve", flexible=True, units=["al-lig", "al-lim", "al-sch-a", "al-sch-b"],
               note="Moltke's Reserve, a Flexible Division (2.1); its composition is provisional (see the reinforcements' provenance).")
    s.org["allied"]["independent_units"] += ["al-wal"]
    t12 = turn_of(start, (12, 0))
    rules = {
        "option_setups": option_setups(s, 4),
        "maps": ["N", "S"],
        "eotn": 11,
        "initiative": "rolled",
        "rules_in_force": ["1"] + ["2.%d" % i for i in range(1, 13)] + ["3.%d" % i for i in range(1, 10)] + ["4.%d" % i for i in range(1, 6)] + ["8", "9"],
        "organisation": s.org,
        "command_overrides": {
            "fr-repl-01": {"replaces": "fr-grammont", "division": "fr-gardes", "rule": "10.4a B", "note": "The replacement drawn for Grammont (2.5a); #01 is the default draw."},
            "al-ingoldsby": {"may_dissolve_from_turn": t10, "rule": "4.2d"},
        },
        "morale_tracks": allied_tracks(),
        "boundaries": [
            {"id": "west-bank-artillery", "rule": "3.9d", "applies_to": {"units": ["fr-16lb", "fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"]},
             "in_bounds": "west-bank", "note": "Artillery that starts on the west bank may never cross to the east bank."},
            {"id": "swedish-guns-near-bridge", "rule": "10.4b", "applies_to": {"units": ["fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"]},
             "within": {"hex": "N1421", "radius": 10}},
        ],
        "army_loss_at_start": {
            "french": {"points": 0, "commanders_lost": ["fr-grammont", "fr-du-brocard"], "track": "french", "rule": "10.4a B",
                       "note": "10.4b also prints 'MDC du Brocard (S4110)' with the Aubeterre Brigade; 10.4a B (lost) is followed (a reading, docs/fontenoy-scenarios.md)."},
            "allied": {"points": 0, "commanders_lost": ["al-campbell"], "track": "anglo-austro-hanoverian", "rule": "10.4a C"},
        },
        "redoubts": [{"place": p, "hex": h, "size": z, "units_inside": True, "rule": "10.4b"}
                     for p, h, z in (("redoubt-s2914", "S2914", "small"), ("redoubt-s3314", "S3314", "small"),
                                     ("redoubt-s3714", "S3714", "small"), ("redoubt-s4405", "S4405", "large"),
                                     ("redoubt-n4633", "N4633", "large"))],
        "barricades": {"count": 6, "area": "bois-de-barry-north", "road_hexes_only": True, "rule": "10.4b",
                       "default_hexes": ["S6206", "S6205", "S6204", "S6203", "S6202", "S6201"],
                       "note": "3.6: on road hexes of the Bois de Barry; 10.4b: in or north of the Sxx06 row. The default hexes (the Barry road) are chosen here."},
        "lowendahl_detachment": {
            "rule": "3.8d", "leader": "fr-lowendahl", "entry_hex": "N1801",
            "enters_game_on": ["allied_unit_exits_north_side_of_bois_de_barry", "turn_reached", "perimeter_breached_at_turn_start"],
            "turn_reached": t12,
            "markers": [9, 8, 7, 6, 5, 4, 3, 2, 1], "first_marker_after_turns": 3,
            "groups": {"cavalry": ["fr-egd-a", "fr-egd-b"], "infantry_artillery": ["fr-4lbs-8", "fr-4lbs-9"]},
            "note": "3.8a: the Detachment is the Wings and Divisions the Order of Battle marks [W] plus EGD a, EGD b, 4 LB S *8, *9; the Order of Battle is not in the text, so only these four units are here. The reinforcement entries' turn (13:00) is a placeholder.",
        },
        "tournay": {
            "option": "6.6", "entry_hex": "N1801", "delay_turns": 3,
            "exits": ["N%02d%02d" % (1, r) for r in range(1, 14)] + ["N1801"],
            "exits_provenance": prov("6.6c: units answering a sortie leave by the west edge north of the Escaut or the main road at N1801; "
                                     "the Escaut meets the west edge at N0114 on the provisional map, so N0101-N0113 are its hexes north of the river."),
            "units": [{"unit": "fr-sep-a"}, {"unit": "fr-sep-b"}, {"unit": "fr-stj", "division": "fr-st-jal"},
                      {"unit": "fr-eco", "division": "fr-irish"}, {"unit": "fr-1-low"}, {"unit": "fr-2-low"}]
                     + [{"unit": "fr-mil-%02d" % i} for i in range(4, 11)],
            "note": "With option 6.6 these units are at Tournay besides the divisions the Order of Battle marks (T) (not in the text). 1 LOW and 2 LOW belong to Brigadier Duras's division of Lowendahl's Wing (3.8a).",
        },
        "notes": ("All maps, units and rules (10.4a A). The French have lost Grammont (a replacement commands Les Gardes) and du Brocard; the "
                  "English have lost Campbell, who is not replaced (10.4a B-C). Barricades (3.6), Lowendahl's Detachment (3.8d), the "
                  "bridgehead garrison (3.9b) and west-bank artillery (3.9d) apply. The text stops inside 10.4c: the Allied set-up after "
                  "Hesse-Philipsthal's heading, 10.4d and 10.4e are missing. The completion here (every such entry says so) uses 10.2c for the "
                  "Dutch, 10.3c moved four columns east for the Anglo-Hanoverians, Ingoldsby's division by the wood and the 10:00 arrivals of "
                  "10.2c; the English and Hanoverian cavalry, Austrian hussars and the rest of Moltke's Reserve are not named anywhere in the "
                  "text and are absent. The last turn (19:40) is read from 5.4a."),
    }
    victory = [
        {"id": "army-retreat", "text": "The side that first declares an Army Retreat (2.2: army morale, or the events of 2.2b) loses.",
         "rules": ["2.2", "2.2a", "2.2b"], "fields": {"loser": "first_to_retreat", "french_retreat_at": 30, "allied_retreat_at": 30,
                                                      "allied_combined_retreat_at": 40, "triggers": ["3.9b", "4.4", "6.6c"]},
         "provenance": rule("2.2", note="2.2 decides scenarios 4-7; 10.4d itself is cut off.")},
        {"id": "no-retreat", "text": "If neither army has declared a Retreat by the last turn: a draw.", "rules": ["2.2"],
         "fields": {"result": "draw"}, "provenance": prov("10.4d is cut off; the text does not say what happens if neither side retreats by the end. A draw stands in for it.")},
    ]
    options = general_options(4)
    return finish(s, start, 19 * 60 + 40, rules, victory, options,
                  "The historical battle from the Dutch attack at 9:00, both armies close to each other. Both maps.",
                  "9:00 to 19:40 in 20-minute turns. 10.4a gives no last turn; 19:40 is read from 5.4a (a declared Retreat plays on to 19:40).",
                  turns_provenance=True)


def finish(s, start, end, rules, victory, options, note, turns_note, turns_provenance=False):
    t = turns(start, end, turns_note)
    # The scenario's number in section 10: its row of the End-of-Turn track chart.
    rules = {"number": int(s.rule_no.split(".")[1]), **rules}
    if s.org_notes:
        rules["notes"] += " Organisation: " + " ".join(s.org_notes)
    f = {"format": "grognard/1", "kind": "scenario", "id": "fontenoy/" + s.sid, "system": "fontenoy", "name": s.name,
         "provenance": rule(s.rule_no, note="Set-up, reinforcements, special rules and victory as %s gives them; hexes chosen inside a zone the text leaves to the player are provisional (each entry says so)." % s.rule_no),
         "note": note, "map": "fontenoy/fontenoy", "counters": ["fontenoy/french", "fontenoy/allied"], "charts": CHARTS,
         "turns": t,
         "sides": [{"id": "french", "name": "French", "friendly_edges": ["north", "west"], "note": "Sets up first (10.0c)."},
                   {"id": "allied", "name": "Allied", "friendly_edges": ["south", "east"]}],
         "setup": s.setup, "reinforcements": s.reinf, "victory": victory, "options": options, "rules": rules}
    return f


# ------------------------------------------------------------------- scenarios 5-9
# The rulebook's text stops inside 10.4c: 10.5-10.9 are not in it. Each is listed with what the
# other rules say of it (`incomplete.known`) and what is missing; the facade refuses to start
# one unless the caller chooses its `provisional` option, where there is a completion to play.
TEXT_STOPS = "The rulebook's text stops inside 10.4c"

INCOMPLETE = {
    "battle-early": {
        "number": 5, "name": "Scenario 5: The Battle of Fontenoy, earlier start (incomplete)",
        "missing": ["the start time and last turn (10.5a)", "the special rules (10.5a)", "the French set-up (10.5b)",
                    "the Allied set-up (10.5c)", "the victory conditions (10.5d)", "the scenario's options (10.5e)"],
        "known": ["10.0a D: the actual battle in full, starting earlier than scenario 4 (9:00)",
                  "4.2e: LG Campbell takes part", "4.2d: Ingoldsby's division exists at the start",
                  "3.6, 3.8, 3.9d: barricades, Lowendahl's Detachment and the west-bank guns are used",
                  "6.1, 6.2, 6.3, 6.6, 7.1, 7.2, 7.3: the French and Allied options may be used",
                  "5.2a H: Fast-Play End-of-Turn Number 9", "2.2: victory by the Army Retreat"],
        "note": "The actual battle from an earlier start (10.0a D)."},
    "what-if-flank-march": {
        "number": 6, "name": "Scenario 6: Fontenoy, what might have happened (the Allied flank march; incomplete)",
        "missing": ["the turns (10.6a)", "the special rules (10.6a)", "the French set-up (10.6b)", "the Allied set-up (10.6c)",
                    "the victory conditions (10.6d)", "the scenario's options (10.6e)",
                    "the off-map manoeuvre board and its areas X, Y and Z (1.4, 3.8d A)"],
        "known": ["10.0a E: a what-if battle with freer deployment", "1.4, 3.8d A: an off-map manoeuvre board for an Allied "
                  "flank march; entering the North map by areas X, Y or Z brings in Lowendahl's Detachment",
                  "4.2e: LG Campbell takes part", "4.2d: Ingoldsby's division is not used (but see 7.3a)",
                  "7.8a: the Allied Detachments are required", "3.6: barricades", "5.2a H: Fast-Play End-of-Turn Number 9",
                  "2.2: victory by the Army Retreat"],
        "note": "What might have happened at Fontenoy, with an Allied flank march (10.0a E)."},
    "what-if-lowendahl": {
        "number": 7, "name": "Scenario 7: Fontenoy, what might have happened (Lowendahl's Detachment; incomplete)",
        "missing": ["the turns (10.7a)", "the special rules (10.7a)", "the French set-up (10.7b)", "the Allied set-up (10.7c)",
                    "the victory conditions (10.7d)", "the scenario's options (10.7e)",
                    "the Order of Battle's [W] units of Lowendahl's Detachment (3.8a, 3.8c)"],
        "known": ["10.0a E: a what-if battle with freer deployment", "3.8c: the whole of Lowendahl's Detachment is used, with "
                  "rules of its own", "7.2: the supply train moves north (required)", "7.8a: the Allied Detachments are required",
                  "5.2a H: Fast-Play End-of-Turn Number 10", "2.2: victory by the Army Retreat"],
        "note": "What might have happened at Fontenoy, with Lowendahl's Detachment on the field (10.0a E)."},
    "melle": {
        "number": 8, "name": "Scenario 8: Historical Melle (incomplete)",
        "missing": ["the Melle map (1.4)", "the Melle Order of Battle and counters (1.6c B)", "the turns (10.8a)",
                    "the special rules (10.8a)", "the French set-up (10.8b)", "the Allied set-up (10.8c)",
                    "the victory conditions (10.8d)", "the scenario's options (10.8e)"],
        "known": ["10.0a B: about 3 hours of play, with somewhat more special rules than scenario 9",
                  "1.4: played on the Melle map, whose hexes have no N or S prefix", "3.8b: no Lowendahl's Detachment",
                  "7.5a: no English regimental artillery", "6.5a: GCH (the mounted Grassins) starts mounted"],
        "note": "The action at Melle, as fought (10.0a B)."},
    "melle-hypothetical": {
        "number": 9, "name": "Scenario 9: Hypothetical Melle (incomplete)",
        "missing": ["the Melle map (1.4)", "the Melle Order of Battle and counters (1.6c B)", "the turns (10.9a)",
                    "the French set-up (10.9b)", "the Allied set-up (10.9c)", "the victory conditions (10.9d)",
                    "the scenario's options (10.9e)"],
        "known": ["10.0a A: 2-3 hours of play, almost free of special rules", "1.1: needs no special rules at all",
                  "4.2b: GM Forgach takes part in his own right", "3.8b: no Lowendahl's Detachment",
                  "7.5a: no regimental artillery"],
        "note": "A hypothetical action at Melle (10.0a A)."},
}


def incomplete(sid):
    """Scenario 5-9 `sid`: the text's facts, and for 5-7 a provisional completion (scenario 4's
    set-up, turns, rules and victory) that plays only when its `provisional` option is chosen."""
    import copy
    d = INCOMPLETE[sid]
    n = d["number"]
    melle = n >= 8
    inc = {"missing": d["missing"], "known": d["known"]}
    if melle:
        inc["note"] = TEXT_STOPS + "; no provisional completion exists: the Melle map and Order of Battle are not in the data."
        f = {"format": "grognard/1", "kind": "scenario", "id": "fontenoy/" + sid, "system": "fontenoy", "name": d["name"],
             "provenance": prov(TEXT_STOPS + ": only the scenario's name and what other rules say of it are known."),
             "note": d["note"], "map": "fontenoy/fontenoy", "counters": ["fontenoy/french", "fontenoy/allied"],
             "turns": {"first": 1, "last": 1, "note": "Not in the text."},
             "sides": [{"id": "french", "name": "French"}, {"id": "allied", "name": "Allied"}],
             "incomplete": inc}
        return f
    f = copy.deepcopy(battle())
    inc["provisional_option"] = "provisional"
    inc["note"] = (TEXT_STOPS + ". The provisional completion is scenario 4 as the data has it (its set-up, turns, rules, "
                   "victory and options), not the published scenario %d." % n)
    f["id"] = "fontenoy/" + sid
    f["name"] = d["name"]
    f["note"] = d["note"]
    f["provenance"] = prov(inc["note"])
    f["incomplete"] = inc
    opts = f["options"]
    opts.insert(0, {"id": "provisional", "name": "Play the provisional completion (scenario 4's data, not the published "
                    "scenario %d)" % n, "default": False, "rules": ["10.%d" % n]})
    # 7.2 may be used in scenarios 5 and 6 and is required in 7.
    opts.append({"id": "7.2", "name": "The Supply Train Moves (F-4.4 not used)" + (" (required in scenario 7)" if n == 7 else ""),
                 "default": n == 7, "rules": ["7.2"]})
    # 7.8a: the Allied Detachments must be used in scenarios 6 and 7.
    for o in opts:
        if o["id"] == "7.8" and n in (6, 7):
            o["default"] = True
            o["name"] += " (required in this scenario)"
    # rules.number stays 4: the completion plays as scenario 4 (its End-of-Turn track row).
    return f


def build_all():
    out = {"ingoldsby": ingoldsby(), "dutch-attack": dutch_attack(), "english-attack": english_attack(), "battle": battle()}
    for sid in INCOMPLETE:
        out[sid] = incomplete(sid)
    return out
