"""The Austerlitz order of battle as the rulebook gives it (Part Two, "Organization of the
Armies", AUS 2.x, 3.x, 24.0a with the Rules Update): brigades, leaders, HQs.

Each entry: (id, type, name, fields). `fields` carries the organisation. The printed counter
values (fire level, morale, loss chart, leader ratings) are not in the text: the provisional
stand-ins at the end of this file are written with provisional provenance."""

OB = "Organization of the Armies"

# --- French -------------------------------------------------------------------------------
# corps code, VP formation (AUS 6.2), corps leader, corps name
FRENCH_CORPS = [
    ("1", "1 Corps", "Bernadotte", "1st Corps"),
    ("3", "3 Corps", "Davout", "3rd Corps"),
    ("4", "4 Corps", "Soult", "4th Corps"),
    ("5", "5 Corps", "Lannes", "5th Corps"),
    ("C", "Cavalry Corps", "Murat", "Cavalry Corps"),
]

# division code, corps, leader (None: no division leader counter named), name
FRENCH_DIVISIONS = [
    ("1-1", "1", "Raffiniere", "1st Division"),
    ("2-1", "1", "Drouet", "2nd Division"),
    ("C-1", "1", "Kellermann", "Light Cavalry Division"),
    ("2-3", "3", "Friant", "2nd Division"),
    ("4D-3", "3", "Bourcier", "4th Dragoon Division"),
    ("1-4", "4", "St. Hilaire", "1st Division"),
    ("2-4", "4", "Vandamme", "2nd Division"),
    ("3-4", "4", "LeGrand", "3rd Division"),
    ("3D-4", "4", "Beaumont", "3rd Dragoon Division"),
    ("1-5", "5", "Cafarelli", "1st Division"),
    ("3-5", "5", "Suchet", "3rd Division"),
    ("G-5", "5", "Oudinot", "Grenadier Division"),
    ("2D-C", "C", "Wathier", "2nd Dragoon Division"),
    ("1HC-C", "C", "Nansoulty", "1st Heavy Cavalry Division"),
    ("2HC-C", "C", "d'Hautpoul", "2nd Heavy Cavalry Division"),
]

# brigade id, type, division (None = independent), corps, commander, regiments
FRENCH_BRIGADES = [
    ("1-1-1", "infantry", "1-1", "1", "Dumoulin", "8th, 45th Line"),
    ("2-1-1", "infantry", "1-1", "1", "Pacthod", "54th Line"),
    ("1-2-1", "infantry", "2-1", "1", "Werle", "27th Light"),
    ("2-2-1", "infantry", "2-1", "1", "Frere", "94th, 95th Line"),
    ("1-C-1", "cavalry", "C-1", "1", "Picard", "2nd, 4th Hussars"),
    ("2-C-1", "cavalry", "C-1", "1", "Milhaud", "16th, 22nd Chasseurs a Cheval"),
    ("3-C-1", "cavalry", "C-1", "1", "unknown", "5th Chasseurs a Cheval, 5th Hussars"),
    ("1-2-3", "infantry", "2-3", "3", "Kister", "15th Light, 33rd Line"),
    ("2-2-3", "infantry", "2-3", "3", "Lochet", "48th, 111th Line"),
    ("3-2-3", "infantry", "2-3", "3", "Heudelet", "108th Line"),
    ("1-4D-3", "cavalry", "4D-3", "3", "Laplanche", "15th, 17th, 18th Dragoons"),
    ("2-4D-3", "cavalry", "4D-3", "3", "Sahuc", "19th, 25th, 28th Dragoons"),
    ("1-1-4", "infantry", "1-4", "4", "Morand", "10th Light, 14th Line"),
    ("2-1-4", "infantry", "1-4", "4", "Thiebault", "36th, 43rd Line"),
    ("3-1-4", "infantry", "1-4", "4", "Ware", "55th Line"),
    ("1-2-4", "infantry", "2-4", "4", "Schiner", "24th Light, 4th Line"),
    ("2-2-4", "infantry", "2-4", "4", "Fery", "28th, 46th Line"),
    ("3-2-4", "infantry", "2-4", "4", "Candres", "57th Line"),
    ("1-3-4", "infantry", "3-4", "4", "Merle", "26th Light, Corse Chasseurs"),
    ("2-3-4", "infantry", "3-4", "4", "Ferey", "Tirailleurs du Po, 3rd Line"),
    ("3-3-4", "infantry", "3-4", "4", "Levasseur", "18th, 75th Line"),
    ("1-3D-4", "cavalry", "3D-4", "4", "Bayer", "5th, 8th, 9th Dragoons"),
    ("2-3D-4", "cavalry", "3D-4", "4", "Scalfort", "12th, 16th Dragoons"),
    ("Ind-C-4", "cavalry", None, "4", "Margaron", "11th, 26th Chasseurs a Cheval, 8th Hussars"),
    ("1-1-5", "infantry", "1-5", "5", "Demont", "17th, 30th, 51st Line"),
    ("2-1-5", "infantry", "1-5", "5", "Eppler", "13th Light, 61st Line"),
    ("1-3-5", "infantry", "3-5", "5", "Becker", "17th Light, 34th Line"),
    ("2-3-5", "infantry", "3-5", "5", "Valhubert", "40th, 64th Line"),
    ("3-3-5", "infantry", "3-5", "5", "Claparede", "88th Line"),
    ("1-G-5", "infantry", "G-5", "5", "Laplanche-Mortiers", "1st, 2nd Converged Grenadiers"),
    ("2-G-5", "infantry", "G-5", "5", "Dupas", "3rd, 4th Converged Grenadiers"),
    ("3-G-5", "infantry", "G-5", "5", "Ruffin", "5th Converged Grenadiers"),
    ("Ind-C-5", "cavalry", None, "5", "Treilhard", "9th, 10th Hussars"),
    ("1-2D-C", "cavalry", "2D-C", "C", "Royer", "3rd, 6th, 10th Dragoons"),
    ("2-2D-C", "cavalry", "2D-C", "C", "Boussard", "11th, 13th, 22nd Dragoons"),
    ("1-1HC-C", "cavalry", "1HC-C", "C", "Piston", "1st, 2nd Carabiniers"),
    ("2-1HC-C", "cavalry", "1HC-C", "C", "l'Houssaye", "2nd, 9th Cuirassiers"),
    ("3-1HC-C", "cavalry", "1HC-C", "C", "St. Germaine", "3rd, 12th Cuirassiers"),
    ("1-2HC-C", "cavalry", "2HC-C", "C", "St. Sulspice", "1st, 5th Cuirassiers"),
    ("2-2HC-C", "cavalry", "2HC-C", "C", "unknown", "10th, 11th Cuirassiers"),
    ("1i-IG", "infantry", "IG-i", "IG", "Hulin", "1st, 2nd Grenadiers of the Guard"),
    ("2i-IG", "infantry", "IG-i", "IG", "Soules", "1st, 2nd Chasseurs of the Guard"),
    ("3i-IG", "infantry", "IG-i", "IG", "Lecchi", "Italian Royal Guard"),
    ("1c-IG", "cavalry", "IG-c", "IG", "Ordener", "Grenadiers a Cheval"),
    ("2c-IG", "cavalry", "IG-c", "IG", "Morland", "Chasseurs a Cheval, Mamelukes"),
    ("3c-IG", "cavalry", "IG-c", "IG", "Savary", "Gendarmes d'Elite"),
]

# ids printed in the text (the rest follow the OB's brigade-division-corps pattern)
PRINTED_IDS = {
    "1-3-4", "2-3-4", "3-3-4", "Ind-C-4", "Ind-C-5", "1-1HC-C", "2-1HC-C", "3-1HC-C", "1-2HC-C",
    "2-2HC-C", "1c-IG", "4b(h-f)",
    "1-AG-L", "Y2-1-L", "V2-1-L", "B2-1-L", "V3-1-L", "G3-1-L", "1-1-L", "K2-2-L", "P2-2-L",
    "R3-2-L", "F3-2-L", "1a-2-C", "1b-2-C", "2a-2-C", "2b-2-C", "J1-Rgt", "A1-Rgt", "P1-Rgt",
    "3-Rgt", "1,2-1-Cv", "D1-3-Cv", "H1-3-Cv", "1a-Gd", "1b-Gd", "2a-Gd", "2b-Gd",
}

HEAVY_CAVALRY = {"1-1HC-C", "2-1HC-C", "3-1HC-C", "1-2HC-C", "2-2HC-C", "1c-IG",
                 "2b-Gd", "3-Rgt", "1,2-1-Cv"}

# --- Allied -------------------------------------------------------------------------------
# command code (AUS 3.2b), VP formation (AUS 6.2), commander, name, wing
ALLIED_COMMANDS = [
    ("AG-L", "AG-L", "Keinmeyer", "Advanced Guard, Left Wing", "L"),
    ("1-L", "1-L", "Doctorov", "1st Column, Left Wing", "L"),
    ("2-L", "2-L", "Langeron", "2nd Column, Left Wing", "L"),
    ("3-L", "3-L", "Przybyczewsky", "3rd Column, Left Wing", "L"),
    ("1-C", "Center", "Miloradovitch", "1st Division, Center", "C"),
    ("2-C", "Center", "Kollowrath", "2nd Division, Center", "C"),
    ("Cv", "Allied Cavalry", "Liechtenstein", "Cavalry", "Cv"),
    ("Right", "Right", "Bagration", "The Right Wing (Advanced Guard)", "Rgt"),
    ("Gd", "Russian Imp. Gd", "Constantine", "The Russian Imperial Guard", "Gd"),
]

# brigade id, type, command, commander, regiments, nationality (historical, provisional)
ALLIED_BRIGADES = [
    ("1-AG-L", "infantry", "AG-L", "Carneville", "Vienna Jaegers, Broder Grenz, 1st and 2nd Szekler Grenz", "Austrian"),
    ("2-AG-L", "cavalry", "AG-L", "Stutterheim", "O'Reilly Chevaulegers, Merveldt Uhlans", "Austrian"),
    ("3-AG-L", "cavalry", "AG-L", "Nostitz", "Schwartzenberg Uhlans, Hesse-Homberg Hussars", "Austrian"),
    ("4-AG-L", "cavalry", "AG-L", "Liechtenstein", "Szekler Hussars", "Austrian"),
    ("1-1-L", "infantry", "1-L", "Lewis", "5th, 7th Jaegers, New Ingremanland Musketeers", "Russian"),
    ("Y2-1-L", "infantry", "1-L", "Urasov", "Yaroslav Musketeers", "Russian"),
    ("V2-1-L", "infantry", "1-L", "Urasov", "Vladimir Musketeers", "Russian"),
    ("B2-1-L", "infantry", "1-L", "Urasov", "Briansk Musketeers", "Russian"),
    ("V3-1-L", "infantry", "1-L", "Lieders", "Viatka Musketeers", "Russian"),
    ("G3-1-L", "infantry", "1-L", "Lieders", "Moscow, Kiev Grenadiers", "Russian"),
    ("1-2-L", "infantry", "2-L", "Olsusiev", "8th Jaegers, Vyborg Musketeers", "Russian"),
    ("K2-2-L", "infantry", "2-L", "Kamenskoi", "Kursk Musketeers", "Russian"),
    ("P2-2-L", "infantry", "2-L", "Kamenskoi", "Perm Musketeers", "Russian"),
    ("R3-2-L", "infantry", "2-L", "Kamenski", "Riazan Musketeers", "Russian"),
    ("F3-2-L", "infantry", "2-L", "Kamenski", "Fangoria Musketeers", "Russian"),
    ("2-1-C", "infantry", "1-C", "Berg", "Maloslavitz, Smolensk Musketeers", "Russian"),
    ("3-1-C", "infantry", "1-C", "Repnin", "Apcheron, Novogorod Musketeers", "Russian"),
    ("1a-2-C", "infantry", "2-C", "Rottermund", "half of 6 bns Salzburg Landwehr, 1 bn Kaunitz, 1 bn Auersperg", "Austrian"),
    ("1b-2-C", "infantry", "2-C", "Rottermund", "half of 6 bns Salzburg Landwehr, 1 bn Kaunitz, 1 bn Auersperg", "Austrian"),
    ("2a-2-C", "infantry", "2-C", "Jurschek", "half of 8 assorted bns", "Austrian"),
    ("2b-2-C", "infantry", "2-C", "Jurschek", "half of 8 assorted bns", "Austrian"),
    ("J1-Rgt", "infantry", "Right", "Dolgoruki", "5th, 6th Jaegers", "Russian"),
    ("A1-Rgt", "infantry", "Right", "Dolgoruki", "Archangel Musketeers", "Russian"),
    ("P1-Rgt", "infantry", "Right", "Dolgoruki", "Pskov Musketeers", "Russian"),
    ("2-Rgt", "cavalry", "Right", "Engelhardt", "Ingremanland Dragoons", "Russian"),
    ("3-Rgt", "cavalry", "Right", "unknown", "Leib Kurassier, Tver and St. Petersburg Dragoons", "Russian"),
    ("4-Rgt", "cavalry", "Right", "Wittgenstein", "Pavlograd, Mariupol Hussars", "Russian"),
    ("5-Rgt", "cavalry", "Right", "Czaplitz", "Isejew, Kusilev, Charusmkov Cossacks", "Russian"),
    ("1,2-1-Cv", "cavalry", "Cv", "Carmelly, Weber", "Nassau #5, Lorraine #7, Kaiser #1 Cuirassiers", "Austrian"),
    ("1-2-Cv", "cavalry", "Cv", "Tchepelev", "Grand Duke Constantine Uhlans", "Russian"),
    ("D1-3-Cv", "cavalry", "Cv", "Penitzky", "Kharkov, Chernikov Dragoons", "Russian"),
    ("H1-3-Cv", "cavalry", "Cv", "Penitzky", "Elizabethgrad Hussars", "Russian"),
    ("1a-Gd", "infantry", "Gd", "Kollowrizov", "half of Guard Jaeger Bn, Semenovsky, Preobrazhensky, Ismailovsky, Leib Grenadiers", "Russian"),
    ("1b-Gd", "infantry", "Gd", "Kollowrizov", "half of Guard Jaeger Bn, Semenovsky, Preobrazhensky, Ismailovsky, Leib Grenadiers", "Russian"),
    ("2a-Gd", "cavalry", "Gd", "Jancowitz", "Guard Hussars, Chevalier Guard", "Russian"),
    ("2b-Gd", "cavalry", "Gd", "Jancowitz", "Horse Guard", "Russian"),
]

# leader name -> nationality (provisional except where a rule says)
ALLIED_LEADER_NATIONALITY = {
    "Katusov": "Russian", "Alexander I": "Russian", "Francis I": "Austrian",
    "Buxhowden": "Russian", "Keinmeyer": "Austrian", "Doctorov": "Russian",
    "Langeron": "Russian", "Przybyczewsky": "Russian", "Miloradovitch": "Russian",
    "Kollowrath": "Austrian", "Liechtenstein": "Austrian", "Bagration": "Russian",
    "Constantine": "Russian",
}

# AUS 3.3 seniority
ALLIED_SENIORITY = ["Katusov", "Alexander I", "Francis I", "Liechtenstein", "Bagration",
                    "Buxhowden", "Kollowrath"]


def leader_id(name):
    s = name.replace("'", "").replace(".", "").replace(" ", "-")
    return "L-" + s


# --- Provisional counter values -----------------------------------------------------------
# The counter sheets and loss charts are not in the text. These stand in for them so that an
# engine can play; every value derived from them is written with provisional provenance.
#
# brigade id -> (estimated men present, morale A-E, skirmisher boxes)
# Men: rough historical strengths on 2 December 1805 (French regiments about 1,400-1,700, Friant's
# division worn down by its forced march, Allied musketeer regiments about 1,500-1,800, the
# Austrian 2-C battalions of recent recruits). Morale by reputation: both Guards and Oudinot's
# grenadiers A; French line and light infantry B; French light cavalry and heavies B, dragoons C;
# Russian grenadiers B, musketeers and jaegers C; Austrian Grenz and jaegers C, Austrian recruits
# and landwehr (2-C) D; Austrian cavalry B; Cossacks D. Skirmisher boxes: French line brigades 1,
# a brigade with one light regiment 2, an all-light brigade 3; the Allies follow the unofficial
# OPT-1 allotment (1-AG-L two; 1-1-L, 1a-Gd, 2a-2-C, J1-Rgt one each; none elsewhere).
PROVISIONAL_UNITS = {
    # French infantry
    "1-1-1": (3400, "B", 1), "2-1-1": (1700, "B", 1), "1-2-1": (1700, "B", 3), "2-2-1": (3300, "B", 1),
    "1-2-3": (1500, "B", 2), "2-2-3": (1400, "B", 1), "3-2-3": (900, "B", 1),
    "1-1-4": (3000, "B", 2), "2-1-4": (3000, "B", 1), "3-1-4": (1500, "B", 1),
    "1-2-4": (3100, "B", 2), "2-2-4": (3000, "B", 1), "3-2-4": (1700, "B", 1),
    "1-3-4": (2300, "B", 3), "2-3-4": (2200, "B", 2), "3-3-4": (3000, "B", 1),
    "1-1-5": (4200, "B", 1), "2-1-5": (2800, "B", 2),
    "1-3-5": (2900, "B", 2), "2-3-5": (2700, "B", 1), "3-3-5": (1400, "B", 1),
    "1-G-5": (2300, "A", 1), "2-G-5": (2300, "A", 1), "3-G-5": (1100, "A", 1),
    "1i-IG": (2000, "A", 1), "2i-IG": (1600, "A", 2), "3i-IG": (900, "B", 1),
    # French cavalry
    "1-C-1": (800, "B", 0), "2-C-1": (800, "B", 0), "3-C-1": (700, "B", 0),
    "1-4D-3": (900, "C", 0), "2-4D-3": (900, "C", 0),
    "1-3D-4": (1000, "C", 0), "2-3D-4": (700, "C", 0), "Ind-C-4": (1100, "B", 0), "Ind-C-5": (700, "B", 0),
    "1-2D-C": (1000, "C", 0), "2-2D-C": (1000, "C", 0),
    "1-1HC-C": (700, "B", 0), "2-1HC-C": (800, "B", 0), "3-1HC-C": (800, "B", 0),
    "1-2HC-C": (800, "B", 0), "2-2HC-C": (800, "B", 0),
    "1c-IG": (700, "A", 0), "2c-IG": (600, "A", 0), "3c-IG": (300, "A", 0),
    # Allied infantry
    "1-AG-L": (3300, "C", 2),
    "1-1-L": (3000, "C", 1), "Y2-1-L": (1700, "C", 0), "V2-1-L": (1800, "C", 0), "B2-1-L": (1700, "C", 0),
    "V3-1-L": (1500, "C", 0), "G3-1-L": (3300, "B", 0),
    "1-2-L": (2400, "C", 0), "K2-2-L": (1600, "C", 0), "P2-2-L": (1600, "C", 0), "R3-2-L": (1600, "C", 0),
    "F3-2-L": (1700, "B", 0),
    "2-1-C": (3000, "C", 0), "3-1-C": (3000, "C", 0),
    "1a-2-C": (2000, "D", 0), "1b-2-C": (2000, "D", 0), "2a-2-C": (1900, "D", 1), "2b-2-C": (1900, "D", 0),
    "J1-Rgt": (2000, "C", 1), "A1-Rgt": (1800, "C", 0), "P1-Rgt": (1800, "C", 0),
    "1a-Gd": (2800, "A", 1), "1b-Gd": (2800, "A", 0),
    # Allied cavalry
    "2-AG-L": (1100, "B", 0), "3-AG-L": (900, "B", 0), "4-AG-L": (500, "B", 0),
    "2-Rgt": (700, "C", 0), "3-Rgt": (1600, "B", 0), "4-Rgt": (1300, "B", 0), "5-Rgt": (1000, "D", 0),
    "1,2-1-Cv": (1300, "B", 0), "1-2-Cv": (900, "C", 0), "D1-3-Cv": (1200, "C", 0), "H1-3-Cv": (800, "C", 0),
    "2a-Gd": (1300, "A", 0), "2b-Gd": (800, "A", 0),
}

# Men per strength point (NBS 4.0): infantry 150, cavalry 100.
MEN_PER_SP = {"infantry": 150, "cavalry": 100}

# Fire levels, smallest first (6.5a), with the fewest unmarked boxes that still give the level.
# Read off the 20.6 example row "A1 B4 C3": eight boxes are an A, four to seven a B, one to three
# a C; the larger levels continue in steps of four boxes (6.5b: an A is two Bs).
FIRE_LEVELS = [("C", 1), ("B", 4), ("A", 8), ("AB", 12), ("AA", 16), ("AAB", 20), ("AAA", 24)]

# Share of the loss boxes left of the wrecked mark, by morale: better troops stand more loss.
WRECK_SHARE = {"A": (2, 3), "B": (3, 5), "C": (1, 2), "D": (1, 2), "E": (1, 2)}

# Leader ratings 0-4 by historical reputation (provisional). The Emperors' 0 is rulebook (AUS 3.1).
PROVISIONAL_RATINGS = {
    "Napoleon": 4, "Davout": 4, "Lannes": 3, "Soult": 3, "Murat": 3, "Bernadotte": 2, "Bessieres": 3,
    "Raffiniere": 1, "Drouet": 2, "Kellermann": 2, "Friant": 3, "Bourcier": 1, "St. Hilaire": 3,
    "Vandamme": 3, "LeGrand": 2, "Beaumont": 1, "Cafarelli": 2, "Suchet": 2, "Oudinot": 2,
    "Wathier": 1, "Nansoulty": 2, "d'Hautpoul": 3,
    "Katusov": 2, "Buxhowden": 1, "Keinmeyer": 2, "Doctorov": 2, "Langeron": 1, "Przybyczewsky": 1,
    "Miloradovitch": 2, "Kollowrath": 1, "Liechtenstein": 2, "Bagration": 3, "Constantine": 2,
}


def loss_row(boxes):
    """Fire-level segments of a loss-chart row with `boxes` boxes, largest level first:
    [(label, n), ...]. The first segment is the unit's full-strength fire level."""
    assert boxes >= 1
    segs = []
    top = max(i for i, (_, t) in enumerate(FIRE_LEVELS) if t <= boxes)
    upper = boxes + 1
    for i in range(top, -1, -1):
        label, t = FIRE_LEVELS[i]
        segs.append((label, upper - t))
        upper = t
    return segs


def provisional_values(uid, t):
    """(men, fire_level, morale, loss_boxes, loss_chart, wreck_boxes, skirmisher_boxes)."""
    men, morale, skirm = PROVISIONAL_UNITS[uid]
    per = MEN_PER_SP[t]
    boxes = (men + per // 2) // per - skirm
    segs = loss_row(boxes)
    a, b = WRECK_SHARE[morale]
    wreck = max(1, boxes * a // b)
    assert wreck < boxes, uid
    chart = " ".join("%s%d" % s for s in segs)
    return men, segs[0][0], morale, boxes, chart, wreck, skirm
