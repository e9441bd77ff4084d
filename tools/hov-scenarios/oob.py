"""The counter manifest of The Habit of Victory as far as the text names it: every leader,
combat unit, vedette and garrison of the scenario set-ups (§221-§226) and of the rules that
name counters (§19, §22, §50, §80, §112, §115, §181, §183, §198), plus unnamed Major
Generals and provisional vedettes, garrisons and units that complete the truncated set-ups.
The counter sheet is not in the text: printed ratings and strengths are provisional unless a
rule gives them (L'Estocq 4[2]4, Napoleon's Initiative 5, the Graudenz garrison's 1 SP)."""

# ---------------------------------------------------------------------------- leaders
# (id, name, side, nationality, initiative, subordination, span, bonus, mg type or None,
#  rules naming the counter or None (provisional counter), note)
LEADERS = [
    # French
    ("F-napoleon", "Napoleon", "french", "french", 5, 4, 8, 1, None, ["§108", "§188", "§221", "§222", "§223", "§225", "§226"], None),
    ("F-bessieres", "Bessieres", "french", "guard", 3, 2, 4, 0, None, ["§221", "§222", "§223", "§225", "§226"], "Commands the Imperial Guard (code G/IG in the set-ups)."),
    ("F-davout", "Davout", "french", "french", 4, 2, 5, 1, None, ["§19", "§22", "§115", "§221", "§224", "§225"], None),
    ("F-lannes", "Lannes", "french", "french", 4, 2, 5, 1, None, ["§222", "§225"], "Removed in BS2; sick in CS2."),
    ("F-bernadotte", "Bernadotte", "french", "french", 3, 3, 4, 0, None, ["§115", "§225"], None),
    ("F-murat", "Murat", "french", "french", 4, 3, 5, 1, None, ["§115", "§225"], None),
    ("F-ney", "Ney", "french", "french", 4, 3, 5, 1, None, ["§114", "§115", "§226"], None),
    ("F-massena", "Massena", "french", "french", 4, 3, 5, 1, None, ["§115", "§226"], None),
    ("F-victor", "Victor", "french", "french", 3, 2, 4, 0, None, ["§50"], None),
    ("F-soult", "Soult", "french", "french", 4, 2, 5, 0, None, None, "Commander of IV Corps, which the cut-off French set-ups of BS2 and BS3 are completed with."),
    ("F-augereau", "Augereau", "french", "french", 3, 2, 4, 0, None, None, "Commander of VII Corps (completes the cut-off BS1 and BS2 French set-ups)."),
    ("F-mortier", "Mortier", "french", "french", 3, 2, 4, 0, None, None, "Commander of VIII Corps (completes the cut-off BS3 French set-up)."),
    ("F-hautpoul", "d'Hautpoul", "french", "french", 3, 2, 2, 0, "cavalry", ["§225"], "A named Major General (§21) with his eponymous 2nd Cuirassier Division (§22)."),
    ("F-friant", "Friant", "french", "french", 3, 2, 2, 0, "infantry", ["§19"], "A named Major General: he must command the Friant Division while his counter is in play (§19)."),
    # Russian
    ("R-bennigsen", "Bennigsen", "coalition", "russian", 3, 3, 6, 0, None, ["§108", "§115", "§161", "§221", "§222", "§223", "§224", "§225"], None),
    ("R-buxhowden", "Buxhowden", "coalition", "russian", 2, 3, 5, 0, None, ["§108", "§113", "§221"], "Removed in BS2, BS3, CS2 and CS3; withdrawn by Russian card No. 4 (§113)."),
    ("R-kamenski", "Kamenski", "coalition", "russian", 3, 2, 3, 0, None, ["§223", "§226"], "Eponymous leader of the 4th Division 'Kamenski (Somow)' (§22)."),
    ("R-olsufief", "Olsufief", "coalition", "russian", 2, 2, 3, 0, None, ["§223"], "Eponymous leader of the 14th Division 'Olsufief (Anrepp)'."),
    ("R-sacken", "Sacken", "coalition", "russian", 3, 2, 3, 0, None, ["§223", "§226"], "Eponymous leader of the 3rd Division."),
    ("R-gallitzin", "Gallitzin V", "coalition", "russian", 3, 2, 3, 0, None, ["§226"], "Eponymous leader of the Reserve cavalry 'Gallitzin' (Rs)."),
    ("R-essen", "Essen I", "coalition", "russian", 2, 2, 4, 0, None, ["§226"], "'Essen's troops' are off the map in CS3 (§226); not the 8th Division's Essen III."),
    ("R-konstantine", "Konstantine", "coalition", "russian", 2, 4, 4, 0, None, ["§115"], None),
    ("R-gortchakov", "Gortchakov", "coalition", "russian", 3, 2, 4, 0, None, None, "Provisional leader for the Russian right wing at Friedland (BS3 reinforcement)."),
    ("R-bagration", "Bagration", "coalition", "russian", 4, 2, 4, 1, None, None, "Provisional leader of the Russian advanced guard (BS2 and BS3 completions)."),
    # Prussian
    ("P-lestocq", "L'Estocq", "coalition", "prussian", 4, 2, 4, 0, None, ["§197", "§222", "§223", "§224", "§225", "§226"], None),
    ("P-stutterheim", "Stutterheim", "coalition", "prussian", 3, 2, 2, 0, "infantry", ["§222", "§223", "§225"], "Leads the Advanced Guard (AG) unit of his name: a named Major General (§21, §22)."),
    ("P-kohler", "Kohler", "coalition", "prussian", 3, 2, 2, 0, "cavalry", ["§197", "§224", "§226"], "'Kohler (MG Cavalry)' in CS3."),
    ("P-plotz", "Plotz", "coalition", "prussian", 2, 2, 2, 0, "infantry", ["§197", "§224"], "'Plotz (MG #1 Inf)': the infantry Major General No. 1, with his eponymous unit (§197)."),
    ("P-rembow", "Rembow", "coalition", "prussian", 2, 2, 2, 0, "infantry", ["§226"], "'Rembow (MG Infantry)' in CS3."),
    ("P-buelow", "Buelow", "coalition", "prussian", 2, 2, 3, 0, None, ["§224"], "Sets up at 1133 with his eponymous unit in CS1."),
    ("P-bluecher", "Blücher", "coalition", "prussian", 4, 2, 4, 1, None, ["§112", "§226"], "A prisoner of war at the start of CS1 (§112, optional); enters on turn 29 otherwise."),
    # Austrian
    ("A-charles", "Archduke Charles", "coalition", "austrian", 4, 3, 6, 1, None, ["§183"], "Enters only after the Austrian Realignment (§183)."),
]

# Unnamed Major Generals (§21, ¶68): (prefix, side, nationality, type, count)
MGS = [
    ("F-MG-inf-", "french", "french", "infantry", 6),
    ("F-MG-cav-", "french", "french", "cavalry", 4),
    ("R-MG-inf-", "coalition", "russian", "infantry", 5),
    ("R-MG-cav-", "coalition", "russian", "cavalry", 3),
    ("P-MG-inf-", "coalition", "prussian", "infantry", 2),
    ("P-MG-cav-", "coalition", "prussian", "cavalry", 1),
]

# ---------------------------------------------------------------------------- combat units
# (id, name, side, type, nationality, code, max strength, guard, organic, formation,
#  eponymous leader, rules naming the unit or None, note)
I, C, A = "infantry", "cavalry", "artillery"
UNITS = [
    # French: Imperial Guard (a unitary formation, §198)
    ("F-IG-inf", "Hulin (Soules)", "french", I, "guard", "IG", 3, "old", None, "F-IG", None, ["§198", "§221", "§222", "§223", "§225", "§226"], "Printed 'Hulin (Soules)' in BS1 and 'Hulin' elsewhere."),
    ("F-IG-cav", "Walther", "french", C, "guard", "IG", 2, "old", None, "F-IG", None, ["§198", "§221", "§222", "§223", "§225", "§226"], None),
    ("F-IG-art", "Couin", "french", A, "guard", "IG", 1, "old", None, "F-IG", None, ["§198", "§222", "§223", "§225", "§226"], "The Guard's third (artillery) counter (§198)."),
    # corps: organic units and their substitute divisions (§19)
    ("F-I", "I Corps", "french", I, "french", "I", 7, "line", None, None, "F-bernadotte", ["§222", "§223", "§226"], "Only the heading 'I CORPS' and code 'I' survive in BS2, BS3 and CS3."),
    ("F-I-dupont", "Dupont", "french", I, "french", "I", 3, "line", "F-I", None, None, None, None),
    ("F-I-drouet", "Drouet", "french", I, "french", "I", 3, "line", "F-I", None, None, None, None),
    ("F-I-rivaud", "Rivaud", "french", I, "french", "I", 3, "line", "F-I", None, None, None, None),
    ("F-III", "III Corps", "french", I, "french", "III", 9, "line", None, None, "F-davout", ["§19", "§22", "§221", "§224"], None),
    ("F-III-morand", "Morand", "french", I, "french", "III", 3, "line", "F-III", None, None, ["§19", "§224"], None),
    ("F-III-friant", "Friant", "french", I, "french", "III", 3, "line", "F-III", None, "F-friant", ["§19", "§224"], None),
    ("F-III-gudin", "Gudin", "french", I, "french", "III", 3, "line", "F-III", None, None, ["§19", "§224"], None),
    ("F-IV", "IV Corps", "french", I, "french", "IV", 9, "line", None, None, "F-soult", None, None),
    ("F-IV-st-hilaire", "St Hilaire", "french", I, "french", "IV", 3, "line", "F-IV", None, None, None, None),
    ("F-IV-legrand", "Legrand", "french", I, "french", "IV", 3, "line", "F-IV", None, None, None, None),
    ("F-IV-leval", "Leval", "french", I, "french", "IV", 3, "line", "F-IV", None, None, None, None),
    ("F-V", "V Corps", "french", I, "french", "V", 6, "line", None, None, "F-lannes", None, "Lannes is removed in BS2 and sick in CS2 (§222, §225)."),
    ("F-V-suchet", "Suchet", "french", I, "french", "V", 3, "line", "F-V", None, None, None, None),
    ("F-V-gazan", "Gazan", "french", I, "french", "V", 3, "line", "F-V", None, None, None, None),
    ("F-V-oudinot", "Oudinot", "french", I, "french", "V", 3, "line", "F-V", None, None, None, "The grenadier division of Lannes' reserve corps in June 1807."),
    ("F-VI", "VI Corps", "french", I, "french", "VI", 6, "line", None, None, "F-ney", None, None),
    ("F-VI-marchand", "Marchand", "french", I, "french", "VI", 3, "line", "F-VI", None, None, None, None),
    ("F-VI-bisson", "Bisson", "french", I, "french", "VI", 3, "line", "F-VI", None, None, None, None),
    ("F-VII", "VII Corps", "french", I, "french", "VII", 5, "line", None, None, "F-augereau", None, None),
    ("F-VII-desjardins", "Desjardins", "french", I, "french", "VII", 3, "line", "F-VII", None, None, None, None),
    ("F-VII-heudelet", "Heudelet", "french", I, "french", "VII", 3, "line", "F-VII", None, None, None, None),
    ("F-VIII", "VIII Corps", "french", I, "french", "VIII", 4, "line", None, None, "F-mortier", None, None),
    # reserve cavalry
    ("F-1C", "Nansouty", "french", C, "french", "1C", 2, "line", None, None, None, None, "1st Cuirassier Division."),
    ("F-2C", "d'Hautpoul", "french", C, "french", "2C", 2, "line", None, None, "F-hautpoul", ["§225"], "Only the code '2C' survives under d'Hautpoul in CS2 (2nd Cuirassier Division)."),
    ("F-1D", "Klein", "french", C, "french", "1D", 2, "line", None, None, None, None, "1st Dragoon Division."),
    ("F-2D", "Grouchy", "french", C, "french", "2D", 2, "line", None, None, None, None, "2nd Dragoon Division."),
    ("F-3D", "Milhaud", "french", C, "french", "3D", 2, "line", None, None, None, None, "3rd Dragoon Division."),
    ("F-LC", "Lasalle", "french", C, "french", "LC", 2, "line", None, None, None, None, "Light cavalry division."),
    # allies
    ("F-pol-dombrowski", "Dombrowski", "french", I, "polish", "Pol", 2, "line", None, None, None, ["§181"], "Polish reinforcement due in June (§181)."),
    ("F-pol-zajaczak", "Zajaczak", "french", I, "polish", "Pol", 2, "line", None, None, None, ["§181"], "Polish reinforcement due in March (§181)."),
    ("F-pol-kamieniecki", "Kamieniecki", "french", C, "polish", "Pol", 1, "line", None, None, None, ["§181"], "Arrives only if Poland is declared (§181)."),
    ("F-pol-bronikowski", "Bronikowski", "french", I, "polish", "Pol", 1, "line", None, None, None, ["§118"], "Must enter under a Major General (§118, whose turn number is cut off)."),
    # Russian divisions
    ("R-div-2", "Ostermann", "coalition", I, "russian", "2", 4, "line", None, None, None, ["§221", "§222", "§223", "§225", "§226"], None),
    ("R-div-3", "Sacken", "coalition", I, "russian", "3", 4, "line", None, None, "R-sacken", ["§222", "§225", "§226"], None),
    ("R-div-4", "Kamenski (Somow)", "coalition", I, "russian", "4", 4, "line", None, None, "R-kamenski", ["§221", "§222", "§223", "§224", "§225", "§226"], "Printed 'Kamenski (Somow)' or 'Kamenski'."),
    ("R-div-5", "Tutchkov", "coalition", I, "russian", "5", 4, "line", None, None, None, ["§225"], None),
    ("R-div-6", "Sedmaratzki", "coalition", I, "russian", "6", 4, "line", None, None, None, ["§221", "§224"], None),
    ("R-div-7", "Dochturov", "coalition", I, "russian", "7", 4, "line", None, None, None, ["§222", "§225"], None),
    ("R-div-8", "Essen III", "coalition", I, "russian", "8", 4, "line", None, None, None, ["§221", "§225"], None),
    ("R-div-14", "Olsufief (Anrepp)", "coalition", I, "russian", "14", 4, "line", None, None, "R-olsufief", ["§221", "§222", "§223"], "Printed 'Olsufief (Anrepp)' in BS1; only its code '14' survives in BS2."),
    ("R-div-9", "9th Division", "coalition", I, "russian", "9", 3, "line", None, "R-div-9", None, ["§198"], None),
    ("R-div-9-cav", "9th Division cavalry", "coalition", C, "russian", "9", 1, "line", None, "R-div-9", None, ["§198"], None),
    ("R-div-10", "10th Division", "coalition", I, "russian", "10", 3, "line", None, "R-div-10", None, ["§198"], None),
    ("R-div-10-cav", "10th Division cavalry", "coalition", C, "russian", "10", 1, "line", None, "R-div-10", None, ["§198"], None),
    ("R-div-17", "17th Division", "coalition", I, "russian", "17", 3, "line", None, "R-div-17", None, ["§198"], None),
    ("R-div-17-cav", "17th Division cavalry", "coalition", C, "russian", "17", 1, "line", None, "R-div-17", None, ["§198"], None),
    ("R-div-18", "18th Division", "coalition", I, "russian", "18", 3, "line", None, "R-div-18", None, ["§198"], None),
    ("R-div-18-cav", "18th Division cavalry", "coalition", C, "russian", "18", 1, "line", None, "R-div-18", None, ["§198"], None),
    ("R-ag-baggovut", "Baggovut", "coalition", I, "russian", "AG", 2, "line", None, "R-ag-baggovut", None, ["§198"], "Advanced guard with infantry and cavalry counters (§198)."),
    ("R-ag-baggovut-cav", "Baggovut cavalry", "coalition", C, "russian", "AG", 1, "line", None, "R-ag-baggovut", None, ["§198"], None),
    ("R-ag-borosdin", "Borosdin", "coalition", I, "russian", "AG", 2, "line", None, "R-ag-borosdin", None, ["§198"], "Advanced guard with infantry and cavalry counters (§198)."),
    ("R-ag-borosdin-cav", "Borosdin cavalry", "coalition", C, "russian", "AG", 1, "line", None, "R-ag-borosdin", None, ["§198"], None),
    ("R-guard", "Russian Guard", "coalition", I, "russian", "G", 3, "line", None, None, "R-konstantine", None, "Konstantine's Guard (June 1807)."),
    # Russian cavalry and artillery
    ("R-cav-korff", "Korff", "coalition", C, "russian", "", 2, "line", None, None, None, ["§221"], None),
    ("R-cav-ct", "Pahlen", "coalition", C, "russian", "Ct", 2, "line", None, None, None, ["§223", "§224"], "Center cavalry (Ct)."),
    ("R-cav-rt", "Ouvarov", "coalition", C, "russian", "Rt", 2, "line", None, None, None, ["§223", "§226"], "Right cavalry (Rt)."),
    ("R-cav-rs", "Gallitzin", "coalition", C, "russian", "Rs", 2, "line", None, None, "R-gallitzin", ["§224", "§226"], "Reserve cavalry (Rs)."),
    ("R-cav-lf", "Left", "coalition", C, "russian", "Lf", 2, "line", None, None, None, None, "Left cavalry (Lf, §16); its name is not in the text."),
    ("R-cos-platov", "Platov", "coalition", C, "russian", "Cos", 3, "line", None, None, None, ["§80"], "Cossacks: the circled numeral is 3, the number of Platov vedettes (§80)."),
    ("R-art-rt", "Right", "coalition", A, "russian", "Rt", 1, "line", None, None, None, ["§222"], "Artillery of the right."),
    ("R-art-ct", "Center", "coalition", A, "russian", "Ct", 2, "line", None, None, None, ["§222", "§224", "§225"], "Artillery of the center."),
    ("R-art-rs", "Reserve", "coalition", A, "russian", "Rs", 2, "line", None, None, None, ["§222", "§223", "§224"], "Reserve artillery."),
    ("R-art-lf", "Left", "coalition", A, "russian", "Lf", 1, "line", None, None, None, None, "Artillery of the left (the name is not in the text)."),
    # Prussian
    ("P-inf-auer", "Auer", "coalition", I, "prussian", "3", 2, "line", None, None, None, ["§222", "§225"], None),
    ("P-inf-rembow", "Rembow", "coalition", I, "prussian", "2", 2, "line", None, "P-rembow", "P-rembow", ["§222", "§223", "§225", "§226"], "BS3 prints 'Rembow 1i, 1c': an infantry and a cavalry counter."),
    ("P-cav-rembow", "Rembow cavalry", "coalition", C, "prussian", "2", 1, "line", None, "P-rembow", None, ["§223"], None),
    ("P-inf-diericke", "Diericke", "coalition", I, "prussian", "1", 2, "line", None, "P-diericke", None, ["§223", "§224", "§226"], "CS3 prints 'Diericke 2i' and 'Diericke 1c': two counters."),
    ("P-cav-diericke", "Diericke cavalry", "coalition", C, "prussian", "1", 1, "line", None, "P-diericke", None, ["§222", "§225", "§226"], None),
    ("P-inf-prittwitz", "Prittwitz", "coalition", I, "prussian", "RG", 1, "line", None, None, None, ["§222", "§225"], "Rear guard; a vedette also bears the name."),
    ("P-art-hartmann", "Hartmann", "coalition", A, "prussian", "", 1, "line", None, None, None, ["§222", "§223", "§224", "§225"], None),
    ("P-inf-stutterheim", "Stutterheim", "coalition", I, "prussian", "AG", 1, "line", None, None, "P-stutterheim", ["§222", "§223", "§225", "§226"], None),
    ("P-cav-kohler", "Kohler", "coalition", C, "prussian", "", 1, "line", None, None, "P-kohler", ["§197", "§224", "§226"], None),
    ("P-inf-buelow", "Buelow", "coalition", I, "prussian", "", 1, "line", None, None, "P-buelow", ["§224"], None),
    ("P-inf-plotz", "Plotz", "coalition", I, "prussian", "", 1, "line", None, None, "P-plotz", ["§197", "§224"], None),
    ("P-cav-bluecher", "Blücher", "coalition", C, "prussian", "", 2, "line", None, None, "P-bluecher", ["§112", "§226"], "Blücher's second counter (§112)."),
    # Austrian
    ("A-inf-1", "Austrian infantry", "coalition", I, "austrian", "", 6, "line", None, None, "A-charles", ["§183"], "Archduke Charles' force; its composition is not in the text."),
    ("A-cav-1", "Austrian cavalry", "coalition", C, "austrian", "", 2, "line", None, None, None, ["§183"], "Archduke Charles' force; its composition is not in the text."),
]

# ---------------------------------------------------------------------------- vedettes
# (id, name, side, nationality, kind, cossack, freikorps, rules or None, note)
VEDETTES = [
    ("F-ved-marulaz", "Marulaz", "french", "french", "cavalry", False, False, ["§224"], None),
    ("F-ved-bruyere", "Bruyere", "french", "french", "cavalry", False, False, ["§223", "§224"], None),
    ("F-ved-1", "French vedette 1", "french", "french", "cavalry", False, False, None, None),
    ("F-ved-2", "French vedette 2", "french", "french", "cavalry", False, False, None, None),
    ("F-ved-3", "French vedette 3", "french", "polish", "cavalry", False, False, None, None),
    ("R-ved-borosdin", "Borosdin", "coalition", "russian", "cavalry", False, False, ["§221", "§222", "§225", "§226"], None),
    ("R-ved-dolgoruki", "Dolgoruki", "coalition", "russian", "cavalry", False, False, ["§221", "§223", "§224"], None),
    ("R-ved-baggovut", "Baggovut", "coalition", "russian", "cavalry", False, False, ["§224"], None),
    ("R-ved-don", "Don", "coalition", "russian", "cavalry", True, False, ["§80"], "Cossacks: may cut the French LOC (§80)."),
    ("R-ved-platov-lf", "Platov (left)", "coalition", "russian", "cavalry", True, False, ["§80"], None),
    ("R-ved-platov-ct", "Platov (center)", "coalition", "russian", "cavalry", True, False, ["§80"], None),
    ("R-ved-platov-rt", "Platov (right)", "coalition", "russian", "cavalry", True, False, ["§80"], None),
    ("R-ved-1", "Russian vedette 1", "coalition", "russian", "cavalry", False, False, None, None),
    ("P-ved-prittwitz", "Prittwitz", "coalition", "prussian", "cavalry", False, False, ["§222", "§223", "§224", "§225", "§226"], None),
    ("P-ved-marwitz", "Marwitz", "coalition", "prussian", "cavalry", False, True, ["§80", "§223"], "Freikorps: may cut the French LOC; lost for good when eliminated (§80)."),
    ("P-ved-inf-1", "Prussian infantry vedette 1", "coalition", "prussian", "infantry", False, False, ["§66"], "One of the three Prussian infantry vedettes (§66)."),
    ("P-ved-inf-2", "Prussian infantry vedette 2", "coalition", "prussian", "infantry", False, False, ["§66"], "One of the three Prussian infantry vedettes (§66)."),
    ("P-ved-inf-3", "Prussian infantry vedette 3", "coalition", "prussian", "infantry", False, False, ["§66"], "One of the three Prussian infantry vedettes (§66)."),
    ("P-ved-1", "Prussian vedette 1", "coalition", "prussian", "cavalry", False, False, None, None),
]

# ---------------------------------------------------------------------------- garrisons
# (id, town name, town place id, side, nationality, strength, rules or None, note)
GARRISONS = [
    ("P-gar-graudenz", "Graudenz", "graudenz", "coalition", "prussian", 1, ["§50"], "§50: the Coalition force in Graudenz is 1 SP when CS3 starts (derived: read here as its garrison)."),
    ("P-gar-danzig", "Danzig", "danzig", "coalition", "prussian", 4, None, None),
    ("P-gar-koenigsberg", "Königsberg", "koenigsberg", "coalition", "prussian", 2, None, None),
    ("P-gar-pillau", "Pillau", "pillau", "coalition", "prussian", 1, None, None),
    ("P-gar-1", "Coalition garrison", None, "coalition", "prussian", 1, ["§51"], "A generic garrison for a captured fort (§51)."),
    ("F-gar-warsaw", "Warsaw", "warsaw", "french", "french", 1, None, None),
    ("F-gar-thorn", "Thorn", "thorn", "french", "french", 1, None, None),
    ("F-gar-praga", "Praga", "praga", "french", "polish", 1, None, None),
    ("F-gar-1", "French garrison", None, "french", "french", 1, ["§51"], "A generic garrison for a captured fort (§51)."),
    ("F-gar-2", "French garrison", None, "french", "french", 1, ["§51"], "A generic garrison for a captured fort (§51)."),
]
