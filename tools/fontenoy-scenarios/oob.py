"""The counters of scenarios 1-4 (set-ups and reinforcements, 10.1b-10.4c), the commanders of
special rules 3.3, 3.4, 4.2, and the units the special rules name (3.8a, 6.3, 6.6, 10.4b).
What the text prints (codes, ranks, nationality by heading, charge ranges, by-hand marks, the
few ratings of 3.3, 4.2, 6.9, 7.1, 7.4, 7.5a) is rulebook; every other printed value is
provisional, by the profiles below (docs/fontenoy-scenarios.md)."""

# ---------------------------------------------------------------- combat units
# (id, name, type, nationality, profile, regiment, extra)
# profile selects the provisional ratings and the class reading (PROFILES below).

FRENCH = []
ALLIED = []


def fr(uid, name, ty, profile, regiment, **extra):
    FRENCH.append(dict(id=uid, name=name, type=ty, nationality="french", profile=profile,
                       regiment=regiment, **extra))


def al(uid, name, ty, nationality, profile, regiment, **extra):
    ALLIED.append(dict(id=uid, name=name, type=ty, nationality=nationality, profile=profile,
                       regiment=regiment, **extra))


def bns(code, n, profile, first=1, **extra):
    key = code.replace("'", "").lower()
    for i in range(first, first + n):
        fr("fr-%d-%s" % (i, key), "%d %s" % (i, code), "infantry", profile, code, **extra)


def sqns(code, letters, profile, **extra):
    key = code.lower()
    for L in letters:
        fr("fr-%s-%s" % (key, L.lower()), "%s %s" % (code, L), "cavalry", profile, code, **extra)


def one(code, ty, profile, **extra):
    fr("fr-%s" % code.lower(), code, ty, profile, code, **extra)


# French infantry
bns("D'EU", 2, "fr_line")
bns("GAP", 3, "fr_skirmisher")
one("GCF", "infantry", "fr_gcf")
bns("PIE", 4, "fr_line")
one("MAR", "infantry", "fr_line")
one("BIR", "infantry", "fr_line")
bns("CRI", 3, "fr_line")
for c in ("MDC", "BEF", "ROD"):
    one(c, "infantry", "fr_dismounted")
bns("DIE", 3, "fr_line")
bns("BET", 2, "fr_line")
bns("DAU", 3, "fr_line")
one("BEA", "infantry", "fr_line")
bns("DUR", 4, "fr_line")
bns("GFR", 6, "fr_guards")
bns("GSU", 3, "fr_guards")
for c in ("CLA", "ROO", "LAL", "BWK", "DIL", "BUL"):
    one(c, "infantry", "fr_irish")
one("COR", "infantry", "fr_line")
one("ANG", "infantry", "fr_line")
bns("LAC", 3, "fr_line")
one("SOI", "infantry", "fr_line")
bns("ROY", 3, "fr_line")
one("HAI", "infantry", "fr_line")
bns("VAI", 3, "fr_line")
one("TRA", "infantry", "fr_line")
bns("NOR", 4, "fr_line")
one("AUB", "infantry", "fr_line")
bns("COU", 3, "fr_line")
one("ECO", "infantry", "fr_line")
bns("LOW", 2, "fr_line")
for i in range(1, 11):
    fr("fr-mil-%02d" % i, "Milice %d" % i, "infantry", "fr_militia", "MIL-%02d" % i,
       name_note="The militia units' codes are not in the text (10.4b: ten Milice units, three at the bridgehead, seven at Tournay); name and id are made here.")
# French cavalry
for code in ("COL", "DEB", "ETR", "CHB", "CPR", "FZJ", "FIE", "CRA", "BRI", "PON", "BER", "PEN",
             "NOA", "PRC", "ROU", "SEP"):
    sqns(code, "ab", "fr_dragoons" if code == "SEP" else "fr_cavalry")
sqns("EGD", "ab", "fr_dragoons")
one("STJ", "cavalry", "fr_cavalry")
one("GAC", "cavalry", "fr_maison")
for L in "NCVH":
    fr("fr-gdc-%s" % L.lower(), "GDC %s" % L, "cavalry", "fr_maison", "GDC")
fr("fr-gdc-l", "GDC L", "cavalry", "fr_king_guard", "GDC")
for i in (1, 2):
    fr("fr-mou-%d" % i, "MOU %d" % i, "cavalry", "fr_maison", "MOU")
one("CHL", "cavalry", "fr_maison")
one("GDG", "cavalry", "fr_maison")
fr("fr-gen-a", "GEN a", "cavalry", "fr_gendarmes", "GEN")
fr("fr-gen-b", "GEN b", "cavalry", "fr_gendarmes", "GEN", optional=("6.3a", "Added only with optional rule 6.3a."))
sqns("CAR", "abcde", "fr_carabiniers")
fr("fr-tai-b", "TAI b", "cavalry", "fr_cavalry", "TAI", optional=("6.3d", "Added only with optional rule 6.3d (3.8a: not used if 6.3d is; the texts conflict; docs/fontenoy-scenarios.md)."))
# The other mode's counters of the units that change mode (optional rule 6.5): not in the text,
# provisional. Mounting doubles a unit's losses and dismounting halves them (6.5c), so the
# mounted SP are read as twice the dismounted: MDC, BEF, ROD (8 SP on foot) mount as two 8-SP
# squadrons; SEP and EGD (two 5-SP squadrons) dismount as one 5-SP unit; the Carabiniers (five
# 6-SP squadrons) as two units of 8 and 7; GCH, the Grassins' mounted counter (6.5a: the same
# unit as GCF), has 6.
TWIN = "Provisional: the counters of the other mode are not in the text (6.5a-c); counter and values are made here, at twice the dismounted SP (6.5c)."
for c in ("MDC", "BEF", "ROD"):
    for L in "ab":
        fr("fr-%s-m-%s" % (c.lower(), L), "%s %s (mounted)" % (c, L), "cavalry", "fr_mounted_twin", c,
           optional=("6.5", "Used only with optional rule 6.5."), twin=TWIN)
for c in ("SEP", "EGD"):
    fr("fr-%s-dis" % c.lower(), "%s (dismounted)" % c, "infantry", "fr_dismounted_twin", c,
       optional=("6.5", "Used only with optional rule 6.5."), twin=TWIN)
for i, prof in ((1, "fr_car_dismounted_8"), (2, "fr_car_dismounted_7")):
    fr("fr-car-dis-%d" % i, "CAR %d (dismounted)" % i, "infantry", prof, "CAR",
       optional=("6.5", "Used only with optional rule 6.5."), twin=TWIN)
# 6.3b, 6.3c: the hussars and de Saxe's Volontaires. The text names no counter: codes and
# values are made here (provisional counters, refused in strict mode).
for uid, code, reg, r, who in (
        ("fr-hus-bsb-a", "BSB a", "BSB", "6.3b", "one of the four hussar units of Beausobre (BSB) and Linden (LIN)"),
        ("fr-hus-bsb-b", "BSB b", "BSB", "6.3b", "one of the four hussar units of Beausobre (BSB) and Linden (LIN)"),
        ("fr-hus-lin-a", "LIN a", "LIN", "6.3b", "one of the four hussar units of Beausobre (BSB) and Linden (LIN)"),
        ("fr-hus-lin-b", "LIN b", "LIN", "6.3b", "one of the four hussar units of Beausobre (BSB) and Linden (LIN)"),
        ("fr-vds-a", "VDS a", "VDS", "6.3c", "one of the two units of de Saxe's Volontaires (light dragoons and lancers)"),
        ("fr-vds-b", "VDS b", "VDS", "6.3c", "one of the two units of de Saxe's Volontaires (light dragoons and lancers)")):
    fr(uid, code, "cavalry", "fr_light_made", reg, optional=(r, "Added only with optional rule %s." % r),
       twin="%s: %s. The text names no counter: its code and values are made here; strict mode refuses it." % (r, who))
fr("fr-gch", "GCH", "cavalry", "fr_gch", "GCF", optional=("6.5", "Used only with optional rule 6.5 at Fontenoy (6.5a: GCH, mounted at Melle, is GCF's other counter)."),
   twin=TWIN)

# French artillery
fr("fr-16lb", "16 LB", "artillery", "fr_16", None, caliber="16")
for i in range(1, 12):
    fr("fr-4lb-%d" % i, "4 LB #%d" % i, "artillery", "fr_4", None, caliber="4")
for i in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12):
    fr("fr-4lbs-%d" % i, "4 LB S #%d" % i, "artillery", "fr_4s", None, caliber="4S")
for i in (8, 9):
    fr("fr-4lbs-%d" % i, "4 LB S *%d" % i, "artillery", "fr_4s", None, caliber="4S",
       optional=("1.6a", "Printed '4 LB S *%d' in 3.8a; 1.6a marks optional units with an asterisk, so the asterisk is read as that mark (it may also be a misprint for #). 3.8a counts the unit in Lowendahl's Detachment." % i))
for i in (1, 2, 3):
    fr("fr-8lb-%d" % i, "8 LB #%d" % i, "artillery", "fr_8", None, caliber="8")
for i in (1, 2):
    fr("fr-12lb-%d" % i, "12 LB #%d" % i, "artillery", "fr_12", None, caliber="12")

# Allied: Dutch
for c in ("HOL", "AIJ", "BUD", "OVR", "OSL", "SMI", "LAL", "BRN", "RIJ", "BEN", "CRO", "BRK", "DOR"):
    al("al-%s" % c.lower(), c, "infantry", "dutch", "nl_foot", c)
for c, n in (("SAL", 2), ("STU", 2), ("CON", 3)):
    for i in range(1, n + 1):
        al("al-%d-%s" % (i, c.lower()), "%d %s" % (i, c), "infantry", "dutch", "nl_foot", c)
al("al-wal", "WAL", "infantry", "dutch", "nl_foot", "WAL",
   type_reading="10.2c gives WAL with no battalion number or squadron letter and no heading that says its arm; infantry is a reading (provisional).")
for c in ("HES", "GIN", "SHK", "LIJ", "KRB", "MVN", "HOP", "SAN", "BUI", "REC"):
    al("al-%s" % c.lower(), c, "cavalry", "dutch", "nl_cav", c)
for c in ("MAS", "GRD", "SCH"):
    for L in "ab":
        al("al-%s-%s" % (c.lower(), L), "%s %s" % (c, L), "cavalry", "dutch", "nl_cav", c)
for i in range(1, 7):
    al("al-nl-3lb-%d" % i, "3 LB #%d" % i, "artillery", "dutch", "nl_3", None, caliber="3")
al("al-nl-how", "Howitzers", "artillery", "dutch", "nl_how", None, caliber="howitzer")
al("al-nl-6lb", "6 LB", "artillery", "dutch", "nl_6", None, caliber="6")
# Austrian
al("al-lig", "LIG", "cavalry", "austrian", "at_cav", "LIG")
al("al-lim", "LIM", "cavalry", "austrian", "at_cav", "LIM")
al("al-bou", "BOU", "infantry", "austrian", "at_skirmisher", "BOU")
# English
for c in ("DUR", "PUL", "SEM", "RNB", "NBF", "HAN", "ONS", "ROT", "JOH", "GRH", "BUF", "RWF",
          "SKE", "SOW", "BRA", "CHO", "BLI"):
    al("al-%s" % c.lower(), c, "infantry", "english", "en_foot", c)
for c in ("FGD", "SGD", "TGD"):
    al("al-%s" % c.lower(), c, "infantry", "english", "en_guards", c)
al("al-en-how", "Howitzers", "artillery", "english", "en_how", None, caliber="howitzer")
for i in (1, 2):
    al("al-en-6lb-%d" % i, "6 LB #%d" % i, "artillery", "english", "en_6", None, caliber="6")
# Hanoverian
for c in ("BOS", "OBU", "CAM", "ZAS", "SPO"):
    al("al-%s" % c.lower(), c, "infantry", "hanoverian", "han_foot", c)
for i in (1, 2, 3):
    al("al-hn-3lb-%d" % i, "3 LB #%d" % i, "artillery", "hanoverian", "hn_3", None, caliber="3")

# Optional units of 7.3 and 7.5: the text names them (or says they exist) but prints no counter;
# each is a provisional counter derived from the text and comparable counters (its provenance).
OPT73 = ("The regiment is named in 7.3%s; its counter is not in the text: a provisional counter with the ratings of the "
         "comparable published %s counters (%s), code made here.")
for uid, code, where in (("al-bar", "BAR", "Barrel's, at Lessines"), ("al-fle", "FLE", "Fleming's, at Audenarde"),
                         ("al-pon", "PON", "Ponsonby's, at Bruges"), ("al-lgr", "LGR", "Ligonier's, at Ostende")):
    al(uid, code, "infantry", "english", "en_foot", code, optional=("7.3a", "Added only with optional rule 7.3 (7.3a)."),
       counter_note=OPT73 % ("a (%s)" % where, "English foot", "DUR, PUL, SEM: the en_foot profile"))
al("al-bor", "BOR", "infantry", "hanoverian", "han_foot", "BOR", optional=("7.3b", "Added only with optional rule 7.3 (7.3b)."),
   counter_note=OPT73 % ("b (von der Borch, left at Brussels)", "Hanoverian", "BOS, ZAS, SPO: the han_foot profile"))
# 7.5: English regimental guns, one counter for each English infantry Division of Ligonier's Wing (a reading: the
# text says the counters are coloured by Division, not how many there are; Ingoldsby's infantry had none, 10.1e).
REGIMENTAL_GUNS = [("al-albemarle", "ALB"), ("al-churchill", "CHU"), ("al-ponsonby", "PON"), ("al-skelton", "SKE"), ("al-bligh", "BLI")]
for div, tag in REGIMENTAL_GUNS:
    al("al-en-rg-%s" % tag.lower(), "RG %s" % tag, "artillery", "english", "en_rg", None, caliber="1.5",
       optional=("7.5a", "Added only with optional rule 7.5 (7.5a)."),
       counter_note=("7.5a: English regimental guns exist, coloured by the Division they belong to; the counters, their number and "
                     "values are not in the text. One counter for %s (a reading), with the ratings of the comparable published "
                     "small guns (the Dutch and Hanoverian 3-pounders: 1 SP, by hand FP, 2.11; calibre 1.5, the Fire Multipliers Chart's English 1.5-pounder row) and the English artillery's 2 MP "
                     "(7.4); 1 SP also fits 7.5d (one loss destroys it)." % div))

# ---------------------------------------------------------------- profiles
# class: (value, source) where source is a rule list (rulebook) or a note (provisional)
# ratings: sp, mp, er, cr (provisional unless named in RULEBOOK_VALUES)
PROFILES = {
    "fr_line": dict(cls=("line", None), sp=6, mp=4, er=28, cr=2, skirmish="none"),
    "fr_irish": dict(cls=("line", None), sp=5, mp=4, er=25, cr=3, skirmish="none", tag="irish"),
    "fr_guards": dict(cls=("guards", ["3.1a", "10.3b", "10.4b"]), sp=7, mp=4, er=25, cr=4, skirmish="none"),
    "fr_militia": dict(cls=("militia", ["3.1a", "10.4b"]), sp=5, mp=4, er=32, cr=2, skirmish="none"),
    "fr_dismounted": dict(cls=("dismounted_dragoons", ["3.1a", "6.5a", "10.2b"]), sp=8, mp=4, er=28, cr=2, skirmish="none"),
    "fr_skirmisher": dict(cls=("skirmishers", ["3.1a", "3.1d"]), sp=3, mp=4, er=27, cr=2, skirmish="skirmished"),
    "fr_gcf": dict(cls=("dismounted_dragoons", None), sp=3, mp=4, er=27, cr=2, skirmish="capable"),
    "fr_mounted_twin": dict(cls=("cavalry", ["3.1a", "6.5a"]), sp=8, mp=7, er=27, cr=3, skirmish="none", charge=3),
    "fr_dismounted_twin": dict(cls=("dismounted_dragoons", ["3.1a", "6.5a"]), sp=5, mp=4, er=28, cr=2, skirmish="none"),
    "fr_car_dismounted_8": dict(cls=("dismounted_dragoons", None), sp=8, mp=4, er=25, cr=2, skirmish="none"),
    "fr_car_dismounted_7": dict(cls=("dismounted_dragoons", None), sp=7, mp=4, er=25, cr=2, skirmish="none"),
    "fr_gch": dict(cls=("cavalry", None), sp=6, mp=7, er=27, cr=3, skirmish="none", charge=3),
    "fr_light_made": dict(cls=("light_cavalry", ["3.1a"]), sp=2, mp=8, er=27, cr=2, skirmish="none", charge=2),
    "fr_cavalry": dict(cls=("cavalry", None), sp=5, mp=7, er=27, cr=3, skirmish="none", charge=3),
    "fr_dragoons": dict(cls=("cavalry", ["3.1a", "6.5a"]), sp=5, mp=7, er=27, cr=3, skirmish="none", charge=3),
    "fr_carabiniers": dict(cls=("cavalry", ["3.1a", "6.5a"]), sp=6, mp=7, er=25, cr=3, skirmish="none", charge=3),
    "fr_maison": dict(cls=("cavalry", ["3.1a", "10.3b", "10.4b"]), sp=4, mp=7, er=23, cr=4, skirmish="none", charge=3),
    "fr_gendarmes": dict(cls=("cavalry", None), sp=4, mp=7, er=24, cr=4, skirmish="none", charge=3),
    "fr_king_guard": dict(cls=("cavalry", ["3.1a", "6.9e"]), sp=3, mp=7, er=23, cr=4, skirmish="none", charge=3),
    "nl_foot": dict(cls=("line", None), sp=6, mp=4, er=30, cr=2, skirmish="none"),
    "nl_cav": dict(cls=("cavalry", ["4.1b"]), sp=5, mp=7, er=29, cr=3, skirmish="none", charge=1),
    "at_cav": dict(cls=("cavalry", None), sp=5, mp=7, er=27, cr=3, skirmish="none", charge=2),
    "at_skirmisher": dict(cls=("skirmishers", ["4.1a", "4.2d"]), sp=2, mp=4, er=28, cr=2, skirmish="skirmished"),
    "en_foot": dict(cls=("line", None), sp=7, mp=4, er=26, cr=3, skirmish="none"),
    "en_guards": dict(cls=("guards", None), sp=8, mp=4, er=24, cr=4, skirmish="none"),
    "han_foot": dict(cls=("line", ["4.1d"]), sp=7, mp=4, er=27, cr=2, skirmish="none"),
    "fr_4": dict(sp=1, mp=3, er=28, cr=0, by_hand=("P", None)),
    "fr_4s": dict(sp=1, mp=3, er=28, cr=0, by_hand=("FP2", ["2.11", "3.7a"])),
    "fr_8": dict(sp=2, mp=2, er=28, cr=0, by_hand=("none", ["2.11"])),
    "fr_12": dict(sp=2, mp=2, er=28, cr=0, by_hand=("none", ["2.11"])),
    "fr_16": dict(sp=2, mp=2, er=28, cr=0, by_hand=("none", ["2.11"])),
    "nl_3": dict(sp=1, mp=3, er=30, cr=0, by_hand=("FP", ["2.11"])),
    "nl_6": dict(sp=2, mp=2, er=30, cr=0, by_hand=("P", ["2.11"])),
    "nl_how": dict(sp=1, mp=2, er=30, cr=0, by_hand=("FP", ["2.11"])),
    "en_6": dict(sp=2, mp=2, er=28, cr=0, by_hand=("P", ["2.11"])),
    "en_how": dict(sp=3, mp=2, er=28, cr=0, by_hand=("FP", ["2.11"])),
    "hn_3": dict(sp=1, mp=3, er=29, cr=0, by_hand=("FP", ["2.11"])),
    "en_rg": dict(sp=1, mp=2, er=28, cr=0, by_hand=("FP", None),
                  by_hand_note="2.11 does not cover the English regimental 1.5-pounders (7.5); FP, like the Allied 3-pounders, is provisional."),
}

CLASS_READING = {
    "fr_line": "French infantry not named as guards, militia, grenadiers or dismounted dragoons: line (the counter's type is not in the text)",
    "fr_irish": "line infantry of the Irish Brigade (the counter's type is not in the text)",
    "fr_gcf": "the Grassins a cheval dismounted at Fontenoy (6.5a lists GCF with the dragoons that change mode); dismounted dragoons is a reading",
    "fr_car_dismounted_8": "the Carabiniers on foot (6.5a lets them change mode); dismounted dragoons is a reading",
    "fr_car_dismounted_7": "the Carabiniers on foot (6.5a lets them change mode); dismounted dragoons is a reading",
    "fr_gch": "the Grassins a cheval mounted (6.5a); cavalry, not light, is a reading",
    "fr_cavalry": "French cavalry not named as hussars, light dragoons or lancers: cavalry, not light (a reading)",
    "fr_gendarmes": "the Gendarmerie: cavalry, not light (a reading)",
    "nl_foot": "Dutch guards, marines and musketeers (4.1b): which units are guards is not in the text; line",
    "at_cav": "Austrian dragoons or hussars (4.1a; two Austrian light cavalry units exist, 4.1e F): which is which is not in the text; dragoons (cavalry)",
    "en_foot": "English foot and fusiliers (4.1c): line",
    "en_guards": "FGD, SGD, TGD read as the three regiments of Foot Guards (4.1c)",
}

# Values the rulebook prints or fixes: (profile or id, attribute) -> (rules, note)
RULEBOOK_VALUES = {
    ("en_how", "sp"): (["7.5a"], "7.5a calls it the 3-SP English howitzer counter."),
    ("en_how", "mp"): (["7.4"], "7.4: English artillery has 2 MP limbered (4 with the option)."),
    ("en_6", "mp"): (["7.4"], "7.4: English artillery has 2 MP limbered (4 with the option)."),
    ("en_rg", "mp"): (["7.4"], "7.4: English artillery has 2 MP limbered (4 with the option)."),
}
CHARGE_RULES = {"french": ["3.1c"], "austrian": ["4.1e"], "dutch": ["4.1e"], "english": ["4.1e"], "hanoverian": ["4.1e"]}

# ---------------------------------------------------------------- commanders
# (id, name, side, nationality, rank, abbr, role, rules where named)
# role picks the provisional ratings (CMD_PROFILES); RATED gives printed ratings.
COMMANDERS = []


def cmd(uid, name, nationality, rank, abbr, role, rules, note=None):
    side = "french" if uid.startswith("fr-") else "allied"
    COMMANDERS.append(dict(id=uid, name=name, side=side, nationality=nationality, rank=rank,
                           abbr=abbr, role=role, rules=rules, note=note))


# French
cmd("fr-louis-xv", "Louis XV", "french", "King", None, "king", ["3.3a", "6.9", "10.3b", "10.4b"])
cmd("fr-saxe", "de Saxe", "french", "Marshal", None, "army", ["3.3b", "10.2b", "10.3b", "10.4b"])
cmd("fr-noailles", "Noailles", "french", "Marshal", None, "special_successor", ["3.3b", "3.3c", "10.3b", "10.4b"])
cmd("fr-richelieu", "Richelieu", "french", "ADC", None, "special", ["3.3e", "10.3b", "10.4b"])
cmd("fr-du-brocard", "du Brocard", "french", "MDC", None, "special_artillery", ["3.3d", "10.3a", "10.4a", "10.4b"])
cmd("fr-lowendahl", "Lowendahl", "french", "LG", None, "super", ["3.3f", "3.8", "10.3b", "10.4b"])
cmd("fr-lutteaux", "de Lutteaux", "french", "LG", "L", "wing_successor", ["3.3b", "10.2b", "10.4b"])
cmd("fr-biron", "de Biron", "french", "LG", "B", "wing", ["10.2b", "10.4b"])
cmd("fr-chabannes", "Chabannes", "french", "LG", "C", "wing", ["10.3b", "10.4b"])
cmd("fr-danois", "de Danois", "french", "LG", "D", "wing", ["10.3b", "10.4b"])
cmd("fr-berenger", "de Berenger", "french", "LG", "R", "wing", ["10.3b", "10.4b"])
cmd("fr-grammont", "Grammont", "french", "LG", None, "division", ["10.3a", "10.3b", "10.4a", "10.4b"],
    note="Lost before scenarios 3 and 4 begin (10.3a G, 10.4a B); his abbreviation is not printed.")
cmd("fr-langeron", "Langeron", "french", "LG", None, "wing", ["3.4c"],
    note="A Wing Commander named in 3.4c; his Wing is not in scenarios 1-4 (probably Lowendahl's Detachment).")
cmd("fr-herouville", "d'Herouville", "french", "MDC", None, "division", ["2.1", "6.6a"],
    note="Commands the Flexible Grenadiers Royaux, at Tournay (6.6a); not in the set-ups of scenarios 1-4.")
cmd("fr-duras", "Duras", "french", "B", None, "division", ["3.8a"],
    note="Brigadier of the division that includes 1 LOW and 2 LOW (3.8a); not in the set-ups of scenarios 1-4.")
for uid, name, rank, abbr, rules in (
        ("fr-chambonnas", "Chambonnas", "B", "Cb", ["10.1b", "10.3b", "10.4b"]),
        ("fr-grassin", "de Grassin", "Col", "Gn", ["2.1", "10.1b", "10.4b"]),
        ("fr-la-marck", "de la Marck", "MDC", "Ma", ["10.2b", "10.4b"]),
        ("fr-la-motte-hugues", "la Motte-Hugues", "B", "MH", ["10.2b", "10.4b"]),
        ("fr-chevreuse", "de Chevreuse", "MDC", "Cv", ["10.2b", "10.4b"]),
        ("fr-bettens", "de Bettens", "B", "Be", ["10.2b", "10.4b"]),
        ("fr-la-vauguyon", "de la Vauguyon", "MDC", "Va", ["10.2b", "10.4b"]),
        ("fr-la-serre", "de la Serre", "B", "Se", ["10.2b", "10.4b"]),
        ("fr-harcourt", "d'Harcourt", "LG", "Hr", ["10.2b", "10.3b", "10.4b"]),
        ("fr-du-chayla", "du Chayla", "LG", "Ch", ["10.2b", "10.3b", "10.4b"]),
        ("fr-anlezy", "d'Anlezy", "MDC", "An", ["10.3b", "10.4b"]),
        ("fr-clare", "Clare", "LG", "Cl", ["10.3b", "10.4b"]),
        ("fr-havre", "d'Havre", "B", "Ha", ["10.3b", "10.4b"]),
        ("fr-croissy", "de Croissy", "LG", "Cr", ["10.3b", "10.4b"]),
        ("fr-guerchy", "Guerchy", "B", "Gu", ["10.3b", "10.4b"]),
        ("fr-salency", "de Salency", "LG", "Sa", ["10.3b", "10.4b"]),
        ("fr-penthievre", "de Penthievre", "LG", "Pe", ["10.3b", "10.4b"]),
        ("fr-estrees", "d'Estrees", "LG", "Es", ["10.3b", "10.4b"]),
        ("fr-apcher", "d'Apcher", "LG", "Ap", ["10.3b", "10.4b"]),
        ("fr-aguessau", "d'Aguessau", "MDC", "Ag", ["10.3b", "10.4b"]),
        ("fr-mdc-noailles", "de Noailles", "MDC", "No", ["10.3b", "10.4b"]),
        ("fr-pons", "de Pons", "LG", "Po", ["10.3b", "10.4b"]),
        ("fr-montesson", "de Montesson", "LG", "Mo", ["10.3b", "10.4b"]),
        ("fr-crequy", "de Crequy", "MDC", "Cq", ["10.3b", "10.4b"])):
    note = None
    if uid == "fr-penthievre":
        note = "10.4b prints [Pe], 10.3b [Pc]; Pe is kept."
    if uid == "fr-mdc-noailles":
        note = "The brigade commander MDC de Noailles, not the Marechal (fr-noailles)."
    if uid == "fr-chambonnas":
        note = "10.1b prints no rank; 10.3b and 10.4b print B (Brigadier)."
    cmd(uid, name, "french", rank, abbr, "division_grassin" if uid == "fr-grassin" else "division", rules, note)
for i in range(1, 21):
    cmd("fr-repl-%02d" % i, "Replacement %d" % i, "french", "replacement", None, "replacement", ["2.5a"],
        note="2.5a: 20 French replacement commander counters with fictional names (not in the text) and two Command Distances.")

# Allied
cmd("al-cumberland", "Cumberland", "english", "Captain General", None, "army", ["4.2a", "10.3c"])
cmd("al-cumberland-cd3", "Cumberland (CD 3)", "english", "Captain General", None, "army_ic", ["4.2a", "7.1b"],
    note="4.2a: the second Cumberland counter, used only with optional rule 7.1 (the Infernal Column).")
cmd("al-konigsegg", "von Konigsegg", "austrian", "FM", None, "special_successor", ["4.2a", "4.2b", "10.2c"])
cmd("al-waldeck", "Waldeck", "dutch", "Prince", None, "special_successor", ["4.2a", "4.2c", "10.2a", "10.2c"])
cmd("al-ligonier", "Ligonier", "english", "LG", "L", "wing_successor", ["4.2a", "10.3c"])
cmd("al-moltke", "von Moltke", "austrian", "GL", None, "division", ["2.1", "4.2b"],
    note="Commands the Allied Reserve, a Flexible Division (2.1); its units are not in the surviving set-ups.")
cmd("al-forgach", "Forgach", "austrian", "GM", None, "division", ["4.2b"],
    note="Replaces von Moltke (4.2b); used in his own right only in scenario 9 (absent).")
cmd("al-ingoldsby", "Ingoldsby", "english", "BG", "In", "division_ingoldsby", ["4.2d", "10.1c"])
cmd("al-campbell", "Campbell", "english", "LG", None, "wing", ["4.2e", "10.3a", "10.4a"],
    note="Commander of the English Cavalry Wing; lost before scenarios 3 and 4 begin, used only in scenarios 5 and 6 (4.2e).")
cmd("al-van-yssel", "van Yssel", "dutch", "LK", None, "special_artillery", ["4.2f", "10.2c"])
for uid, name, nat, rank, abbr, role, rules in (
        ("al-cronstrom", "Cronstrom", "dutch", "General", "C", "wing", ["10.2c", "10.4c"]),
        ("al-salis", "Salis", "dutch", "BG", "Sa", "division", ["10.2c", "10.4c"]),
        ("al-elias", "Elias", "dutch", "BG", "El", "division", ["10.2c", "10.4c"]),
        ("al-halket", "Halket", "dutch", "BG", "Hk", "division", ["10.2c", "10.4c"]),
        ("al-hesse-philipsthal", "Hesse Philipsthal", "dutch", "LG", "H", "wing", ["10.2c", "10.4c"]),
        ("al-cannenburg", "Cannenburg", "dutch", "MG", "Ca", "division", ["10.2c"]),
        ("al-brackel", "Brackel", "dutch", "MG", "Br", "division", ["10.2c"]),
        ("al-coenders", "Coenders", "dutch", "LG", "N", "wing", ["10.2c"]),
        ("al-sandouville", "Sandouville", "dutch", "MG", "Sn", "division", ["10.2c"]),
        ("al-hompesch", "Hompesch", "dutch", "MG", "Ho", "division", ["10.2c"]),
        ("al-vrybergen", "Vrybergen", "dutch", "BG", "Vr", "division", ["10.2c"]),
        ("al-schwartzenberg", "Schwartzenberg", "dutch", "LG", "S", "wing", ["10.2c"]),
        ("al-sturler", "Sturler", "dutch", "BG", "St", "division", ["10.2c"]),
        ("al-burmania", "Burmania", "dutch", "BG", "Bu", "division", ["10.2c"]),
        ("al-efferen", "Efferen", "dutch", "BG", "Ef", "division", ["10.2c"]),
        ("al-albemarle", "Albemarle", "english", "MG", "Al", "division", ["10.3c"]),
        ("al-churchill", "Churchill", "english", "BG", "Ch", "division", ["10.3c"]),
        ("al-ponsonby", "Ponsonby", "english", "MG", "Po", "division", ["10.3c"]),
        ("al-skelton", "Skelton", "english", "BG", "Sk", "division", ["10.3c"]),
        ("al-bligh", "Bligh", "english", "BG", "Bl", "division", ["10.3c"]),
        ("al-de-wendt", "de Wendt", "hanoverian", "General", "W", "wing", ["10.3c"]),
        ("al-ilten", "Ilten", "hanoverian", "LG", "Il", "division", ["10.3c"]),
        ("al-zastrow", "Zastrow", "hanoverian", "MG", "Za", "division", ["10.3c"])):
    cmd(uid, name, nat, rank, abbr, role, rules)
for i in range(1, 11):
    cmd("al-repl-nl-%02d" % i, "Dutch replacement %d" % i, "dutch", "replacement", None, "replacement", ["2.5a"],
        note="2.5a: 10 Dutch replacement commander counters with fictional names (not in the text) and two Command Distances.")
for i in range(1, 11):
    cmd("al-repl-en-%02d" % i, "English replacement %d" % i, "english", "replacement", None, "replacement", ["2.5a"],
        note="2.5a: 10 replacement counters with the English flag, used for English and Hanoverian commanders; names and values are not in the text.")

# provisional ratings by role: command_distance, initiative, cc_bonus, er_bonus, loss_points, mp
CMD_PROFILES = {
    "army": (8, 7, 2, -5, 10, 10),
    "army_ic": (3, 6, 2, -5, 10, 10),
    "king": (5, 0, 1, -5, 50, 6),
    "special_successor": (6, 5, 1, -5, 6, 10),
    "special": (4, 6, 1, -5, 3, 10),
    "special_artillery": (4, 6, 0, -5, 3, 10),
    "super": (6, 7, 2, -5, 6, 10),
    "wing": (6, 6, 1, -5, 5, 10),
    "wing_successor": (6, 6, 2, -5, 5, 10),
    "division": (4, 5, 1, -5, 3, 10),
    "division_grassin": (4, 6, 1, -5, 2, 10),
    "division_ingoldsby": (4, 3, 1, -5, 3, 10),
    "replacement": (3, 4, 0, 0, 1, 10),
}
# Dutch and Austrian commanders one point lower on initiative (a reading of 4.2c, 8.2b/e:
# the rules single out Dutch command lethargy and confusion).
INITIATIVE_LOWER = ("dutch", "austrian")

# Printed ratings: id -> {attr: (value, rules, note)}
RATED = {
    "fr-saxe": {"command_rating": (5, ["3.3b"], None), "wan": (5, ["3.3b"], None)},
    "fr-noailles": {"command_rating": (3, ["3.3b"], "As de Saxe's first successor."), "wan": (6, ["3.3b"], "As de Saxe's first successor.")},
    "fr-lutteaux": {"command_rating": (4, ["3.3b"], "As de Saxe's second successor."), "wan": (7, ["3.3b"], "As de Saxe's second successor.")},
    "fr-louis-xv": {
        "command_distance": (5, ["6.9a"], "Counted in hexes; it cannot activate units."),
        "er_bonus": (-5, ["6.9a"], "Given to every unit within 5 hexes in his LOS (back of the counter)."),
        "cc_bonus": (1, ["6.9a"], "The CR +1 given to every unit within 5 hexes in his LOS (back of the counter)."),
        "loss_points": (50, ["6.9c"], "Killed or captured; 20 if wounded."),
        "mp": (6, ["6.9c"], "When sent off alone after capture; otherwise he may not move (3.3a) except under 6.9b."),
    },
    "al-cumberland": {"command_distance": (6, ["4.2a"], None), "wan": (6, ["4.2a"], None),
                      "command_rating": (4, ["7.1b"], "Derived: 7.1b reduces it by 2 to +2.")},
    "al-cumberland-cd3": {"command_distance": (3, ["4.2a", "7.1b"], None),
                          "command_rating": (2, ["7.1b"], "While commanding the Infernal Column."),
                          "wan": (9, ["7.1b"], "The Allied WAN while the Infernal Column exists.")},
    "al-konigsegg": {"command_rating": (2, ["4.2a"], "As Cumberland's first successor."), "wan": (7, ["4.2a"], "As Cumberland's first successor.")},
    "al-waldeck": {"command_rating": (3, ["4.2a"], "As Cumberland's second successor (scenario 2: +3, WAN 6, 10.2a C)."), "wan": (8, ["4.2a"], "As Cumberland's second successor (scenario 2: WAN 6, 10.2a C).")},
    "al-ligonier": {"command_rating": (4, ["4.2a"], "As Cumberland's third successor."), "wan": (8, ["4.2a"], "As Cumberland's third successor.")},
}
