"""Set-ups of scenarios 1-4 as printed (10.1b-10.4c), group by group. A parenthesised hex
applies to every unit listed since the previous hex (10.0c); two hexes joined by
'-' are both occupied (10.0c)."""

import re

import oob

FR_BY_NAME = {u["name"]: u["id"] for u in oob.FRENCH}
AL_BY_NAME = {}
for u in oob.ALLIED:
    AL_BY_NAME.setdefault(u["name"], u["id"])
# allied names printed for more than one counter: resolved by the group's nationality
AL_ART = {
    ("dutch", "3 LB"): "al-nl-3lb-%s", ("hanoverian", "3 LB"): "al-hn-3lb-%s",
    ("dutch", "Howitzers"): "al-nl-how", ("english", "Howitzers"): "al-en-how",
    ("dutch", "6 LB"): "al-nl-6lb", ("english", "6 LB"): "al-en-6lb-%s",
}


def parse(text, side, nationality=None):
    """'1 PIE (S1815), 2 PIE, 4 LB #1 (S1915)' -> [(id, [hexes])]."""
    out, pending = [], []
    for tok in re.findall(r"[^,(]+(?:\([^)]*\))?", text):
        tok = tok.strip()
        if not tok:
            continue
        m = re.match(r"^(.*?)\s*(?:\(([^)]*)\))?$", tok)
        name, hexes = m.group(1).strip(), m.group(2)
        if name:
            pending.append(unit_id(name, side, nationality))
        if hexes:
            hx = hexes.split("-")
            if len(hx) == 2:
                hx = [hx[0], hx[0][0] + hx[1]]
            for u in pending:
                out.append((u, hx))
            pending = []
    assert not pending, (text, pending)
    return out


def unit_id(name, side, nationality):
    if side == "french":
        return FR_BY_NAME[name]
    m = re.match(r"^(3 LB|6 LB|Howitzers)(?: #(\d+))?$", name)
    if m:
        pat = AL_ART[(nationality, m.group(1))]
        return pat % m.group(2) if "%s" in pat else pat
    return AL_BY_NAME[name]


# Divisions: id -> (name, commander, heading rule). Wings: id -> (name, commander).
FR_DIVISIONS = {
    "fr-deu": ("Brigade d'Eu", "fr-chambonnas"),
    "fr-grassin": ("Arquebusiers de Grassin", "fr-grassin"),
    "fr-piemont": ("Piemont Brigade", "fr-la-marck"),
    "fr-crillon": ("Crillon Brigade", "fr-la-motte-hugues"),
    "fr-dragons": ("Dragons Demontes", "fr-chevreuse"),
    "fr-bettens": ("Bettens Brigade", "fr-bettens"),
    "fr-dauphin": ("Dauphin Brigade", "fr-la-vauguyon"),
    "fr-du-roy": ("Du Roy Brigade", "fr-la-serre"),
    "fr-colonel-general": ("Colonel-General Brigade", "fr-harcourt"),
    "fr-etranger": ("Etranger Brigade", "fr-du-chayla"),
    "fr-aubeterre": ("Aubeterre Brigade", "fr-anlezy"),
    "fr-gardes": ("Les Gardes", "fr-repl-01"),
    "fr-irish": ("The Irish Brigade", "fr-clare"),
    "fr-couronne": ("Couronne Brigade", "fr-havre"),
    "fr-royal": ("Royal Brigade", "fr-croissy"),
    "fr-vaisseaux": ("Vaisseaux Brigade", "fr-guerchy"),
    "fr-normandie": ("Normandie Brigade", "fr-salency"),
    "fr-clermont-prince": ("Clermont-Prince Brigade", "fr-penthievre"),
    "fr-fiennes": ("Fiennes Brigade", "fr-estrees"),
    "fr-brionne": ("Brionne Brigade", "fr-apcher"),
    "fr-st-jal": ("St Jal Brigade", "fr-aguessau"),
    "fr-noailles": ("Noailles Brigade", "fr-mdc-noailles"),
    "fr-roussillon": ("Roussilon Brigade", "fr-pons"),
    "fr-maison-du-roy": ("Maison du Roy", "fr-montesson"),
    "fr-carabiniers": ("Carabiniers", "fr-crequy"),
}
FR_WINGS = {
    "fr-lutteaux-wing": ("Lutteaux's Wing", "fr-lutteaux"),
    "fr-biron-wing": ("Biron's Wing", "fr-biron"),
    "fr-chabannes-wing": ("Chabannes' Wing", "fr-chabannes"),
    "fr-danois-wing": ("Danois' Wing", "fr-danois"),
    "fr-berenger-wing": ("Berenger's Wing", "fr-berenger"),
}
AL_DIVISIONS = {
    "al-ingoldsby": ("Ingoldsby's Brigade", "al-ingoldsby"),
    "al-salis": ("Salis' Brigade", "al-salis"),
    "al-elias": ("Elias' Brigade", "al-elias"),
    "al-halket": ("Halket's Brigade", "al-halket"),
    "al-cannenburg": ("Cannenburg's Brigade", "al-cannenburg"),
    "al-brackel": ("Brackel's Brigade", "al-brackel"),
    "al-sandouville": ("Sandouville's Brigade", "al-sandouville"),
    "al-hompesch": ("Hompesch's Brigade", "al-hompesch"),
    "al-vrybergen": ("Vrybergen's Brigade", "al-vrybergen"),
    "al-sturler": ("Sturler's Brigade", "al-sturler"),
    "al-burmania": ("Burmania's Brigade", "al-burmania"),
    "al-efferen": ("Efferen's Brigade", "al-efferen"),
    "al-austrians": ("Austrian reinforcements (Konigsegg)", "al-konigsegg"),
    "al-albemarle": ("Albemarle's Brigade", "al-albemarle"),
    "al-churchill": ("Churchill's Brigade", "al-churchill"),
    "al-ponsonby": ("Ponsonby's Brigade", "al-ponsonby"),
    "al-skelton": ("Skelton's Brigade", "al-skelton"),
    "al-bligh": ("Bligh's Brigade", "al-bligh"),
    "al-ilten": ("Ilten's Brigade", "al-ilten"),
    "al-zastrow": ("Zastrow's Brigade", "al-zastrow"),
    "al-reserve": ("Allied Reserve (Moltke)", "al-moltke"),
}
AL_WINGS = {
    "al-cronstrom-wing": ("Cronstrom's Wing", "al-cronstrom"),
    "al-hesse-wing": ("Hesse-Philipsthal's Cavalry Wing", "al-hesse-philipsthal"),
    "al-coenders-wing": ("Coenders' Cavalry Wing", "al-coenders"),
    "al-schwartzenberg-wing": ("Schwartzenberg's Wing", "al-schwartzenberg"),
    "al-ligonier-wing": ("Ligonier's Wing", "al-ligonier"),
    "al-de-wendt-wing": ("De Wendt's Hanoverian Wing", "al-de-wendt"),
}

# ---- French groups, as printed (shared by 10.2b, 10.3b and 10.4b where the text repeats them)
PIEMONT = "1 PIE (S1815), 2 PIE, 4 LB #1 (S1915), 3 PIE, 4 LB #2 (S2015), 4 PIE, 4 LB #3 (S2114), MAR (S2113)"
CRILLON = "BIR (S2412), 1 CRI, 4 LB S #1 (S2512), 2 CRI (S2712), 3 CRI (S2813)"
DRAGONS = "MDC (S3013-3113), BEF (S3213-3313), ROD (S3413-3513)"
BETTENS = "1 DIE, 4 LB #4 (S2914), 2 DIE, 4 LB #5 (S3314), 3 DIE, 4 LB #6 (S3714), 1 BET (S3614), 2 BET (S3814)"
DAUPHIN = "1 DAU, 8 LB #1 (S3914), 2 DAU, 8 LB #2 (S4014), 3 DAU, 8 LB #3 (S4013), BEA (S4012)"
DU_ROY = "1 DUR, 2 DUR (S3712), 3 DUR, 4 DUR (S3711)"
COLONEL_GENERAL = "COL a (S2910), COL b (S3010), DEB a (S3009), DEB b (S3108)"
ETRANGER = "ETR a (S2610), ETR b (S2709), CHB a (S2708), CHB b (S2808)"
GARDES = "1 GFR (S4007), 2 GFR (S4106), 3 GFR (S4105), 4 GFR (S4205), 1 GSU (S4204), 2 GSU (S4203), 4 LB S #3 (S4106)"
IRISH = "CLA (S4202), ROO (S4301), LAL (N4333), BWK (N4433), DIL (N4432), BUL (N4531), 4 LB S #4 (S4402)"
COURONNE = "1 LAC (S3610), 2 LAC (S3609), 3 LAC (S3608), SOI (S3607), 4 LB S #5 (S3708)"
ROYAL = "1 ROY (S3705), 2 ROY (S3805), 3 ROY (S3804), HAI (S3903)"
CLERMONT = "CPR a (S3207), CPR b (S3306), FZJ a (S3305), FZJ b (S3405)"
FIENNES = "FIE a (S3503), FIE b (S3603), CRA a (S3602), CRA b (S3701)"
BRIONNE = "BRI a (S2906), BRI b (S3006), PON a (S3005), PON b (S3104)"
ST_JAL = "BER a (S3203), BER b (S3302)"
NOAILLES = "PEN a (S3401), PEN b (N3533), NOA a (N3532), NOA b (N3632)"
ROUSSILLON = "PRC a (N4029), PRC b (N4128), ROU a (N4228), ROU b (N4327)"
MAISON = "GAC (N3728), GDC N (N3727), GDC C (N3726), GDC V (N3725), GDC H (N3724), MOU 1 (N3723), MOU 2 (N3722), CHL (N3721), GDG (N3720)"
CARABINIERS = "CAR a (N3718), CAR b (N3717), CAR c (N3716), CAR d (N3715), CAR e (N3714)"
AUBETERRE = "AUB (S4011), 1 COU (S4010), 2 COU (S4009), 3 COU (S4008), 4 LB S #2 (S4110)"

# ---- Allied groups
SALIS = "HOL (S2222), AIJ (S2321)"
ELIAS = "BUD (S2520), OVR (S2620), OSL (S2719)"
HALKET = "SMI (S2423), LAL (S2522), BRN (S2622)"
CANNENBURG = "MAS b (S2426), MAS a (S2525), HES (S2625)"
BRACKEL = "GIN (S2724), SHK (S2824), LIJ (S2923)"
SANDOUVILLE = "GRD b (S3525), GRD a (S3625)"
HOMPESCH = "KRB, MVN (S3724), HOP (S3824)"
VRYBERGEN = "SAN (S3923), BUI, REC (S4023)"
STURLER = "RIJ (S4119), 2 SAL (S4318), 1 SAL (S4418), BEN (S4517), CRO (S4617)"
BURMANIA = "BRK (S4121), 2 STU (S4221), 1 STU (S4420)"
EFFEREN = "3 CON (S4619), 2 CON (S4718), 1 CON (S4818), DOR (S4917)"
DUTCH_ART = "3 LB #1 (S2421), 3 LB #2 (S2323), 3 LB #3 (S4219), 3 LB #4 (S4716), 3 LB #5 (S4320), 3 LB #6 (S4519), Howitzers (S2221), 6 LB (S2121)"
EN_ART3 = "Howitzers (S4911), 6 LB #1 (S4706), 6 LB #2 (S4708)"
HN_ART3 = "3 LB #1 (S4711), 3 LB #2 (S4712), 3 LB #3 (S4713)"
ALBEMARLE = "FGD (S4807), SGD (S4808), TGD (S4809)"
CHURCHILL = "RNB (S4810), NBF (S4811), HAN (S4812)"
PONSONBY = "ONS (S4813), ROT (S4814), JOH (S4815), GRH (S4816)"
SKELTON = "BUF (S5008), RWF (S5009), SKE (S5010)"
BLIGH = "SOW (S5011), BRA (S5012), CHO (S5013), BLI (S5014)"
ILTEN = "OBU (S5015), CAM (S5016)"
ZASTROW = "ZAS (S5211), SPO (S5212)"
