"""The provisional geography of the hov map (Poland and East Prussia, 1806-07): sea, towns,
rivers, roads, terrain regions. Hexes the rulebook names carry their rule; everything else is
laid out here from general knowledge of the region, placed around the gazetteer ids
(digest 5.12) so that the CCRR numbering (column west to east, row north to south) holds."""

# ---------------------------------------------------------------------------- sea (absent)
# Last absent row per column: the Baltic and the Gulf of Danzig (north edge), the Frisches Haff
# (cols 4-23, with the Frische Nehrung folded into it), the Samland coast (row 1).
SEA_TO = {1: 12, 2: 11, 3: 10, 4: 11, 5: 11, 6: 11, 7: 11, 8: 11, 9: 11, 10: 11, 11: 10,
          12: 10, 13: 10, 14: 10, 15: 10, 16: 10}
# Columns 17-23: Baltic row 1, Samland rows 2-5, the Haff from row 6 to this row.
HAFF_TO = {17: 9, 18: 9, 19: 8, 20: 8, 21: 7, 22: 7, 23: 6}
NORTH_COAST_COLS = range(17, 40)  # row 1 is sea


def sea(x, y):
    if x in SEA_TO:
        return y <= SEA_TO[x]
    if x in HAFF_TO:
        return y == 1 or 6 <= y <= HAFF_TO[x]
    return y == 1


# ---------------------------------------------------------------------------- places
# (id, name, hex, settlement kind or None, rulebook rules or None)
# settlement kinds: town, capital (capital_city terrain), fortified (fortified_town),
# citadel (citadel + capital_city where §179 names it).
R = "rulebook"
TOWNS = [
    # rulebook hexes (digest 5.12)
    ("danzig", "Danzig", "0113", "citadel", ["§43", "§98", "§179", "§223"]),
    ("thorn", "Thorn", "0138", "capital", ["§179", "§222"]),
    ("gollub", "Gollub", "0635", "town", ["§225"]),
    ("strasburg", "Strasburg", "1232", "town", ["§224"]),
    ("kutno", "Kutno", "1253", "town", ["§224"]),
    ("braunsberg", "Braunsberg", "1612", "town", ["§182", "§226"]),
    ("lindenau", "Lindenau", "1714", "town", ["§226"]),
    ("spanden", "Spanden", "1717", "town", ["§225", "§226"]),
    ("mehlsack", "Mehlsack", "1916", "town", ["§223"]),
    ("arnsdorf", "Arnsdorf", "2018", "town", ["§225"]),
    ("plonsk", "Plonsk", "2346", "town", ["§225"]),
    ("koenigsberg", "Königsberg", "2406", "citadel", ["§43", "§97", "§179"]),
    ("landsberg", "Landsberg", "2414", "town", ["§222"]),
    ("allenstein", "Allenstein", "2424", "town", ["§178"]),
    ("neidenburg", "Neidenburg", "2431", "town", ["§224", "§225"]),
    ("eylau", "Preussisch Eylau", "2513", "town", ["§182", "§223", "§226"]),
    ("heilsberg", "Heilsberg", "2518", "town", ["§225", "§226"]),
    ("lopaczin", "Lopaczin", "2744", "town", ["§221"]),
    ("nowydwor", "Nowydwor", "2749", "town", ["§224"]),
    ("prasznitz", "Prasznitz", "2939", "town", ["§225"]),
    ("friedland", "Friedland", "3010", "town", ["§182"]),
    ("sierock", "Sierock", "3148", "town", ["§221", "§224"]),
    ("praga", "Praga", "3152", "town", ["§221", "§225"]),
    ("warsaw", "Warsaw", "3153", "citadel", ["§43", "§99", "§179", "§181"]),
    ("pultusk", "Pultusk", "3245", "capital", ["§178", "§179", "§181", "§221"]),
    ("popowo", "Popowo", "3346", "town", ["§221"]),
    ("ostrolenka", "Ostrolenka", "3837", "town", ["§224"]),
    ("insterburg", "Insterburg", "3909", "town", ["§222", "§223"]),
    # provisional towns (names from the region; hexes placed here)
    ("graudenz", "Graudenz", "0226", "citadel", None),
    ("culm", "Culm", "0232", "town", None),
    ("dirschau", "Dirschau", "0217", "town", None),
    ("marienwerder", "Marienwerder", "0421", "town", None),
    ("marienburg", "Marienburg", "0816", "town", None),
    ("elbing", "Elbing", "1012", "town", None),
    ("pr-holland", "Preussisch Holland", "1217", "town", None),
    ("finckenstein", "Finckenstein", "1024", "town", None),
    ("saalfeld", "Saalfeld", "1222", "town", None),
    ("deutsch-eylau", "Deutsch Eylau", "0927", "town", None),
    ("mohrungen", "Mohrungen", "1521", "town", None),
    ("osterode", "Osterode", "1528", "town", None),
    ("liebstadt", "Liebstadt", "1820", "town", None),
    ("pillau", "Pillau", "1705", "fortified", None),
    ("heiligenbeil", "Heiligenbeil", "1910", "town", None),
    ("zinten", "Zinten", "2111", "town", None),
    ("kreuzburg", "Kreuzburg", "2309", "town", None),
    ("guttstadt", "Guttstadt", "2222", "town", None),
    ("hohenstein", "Hohenstein", "2027", "town", None),
    ("gilgenburg", "Gilgenburg", "1631", "town", None),
    ("lautenburg", "Lautenburg", "1435", "town", None),
    ("soldau", "Soldau", "1937", "town", None),
    ("mlawa", "Mlawa", "2140", "town", None),
    ("domnau", "Domnau", "2710", "town", None),
    ("tapiau", "Tapiau", "2906", "town", None),
    ("wehlau", "Wehlau", "3206", "town", None),
    ("bartenstein", "Bartenstein", "2816", "town", None),
    ("schippenbeil", "Schippenbeil", "3014", "town", None),
    ("gerdauen", "Gerdauen", "3514", "town", None),
    ("seeburg", "Seeburg", "2721", "town", None),
    ("rastenburg", "Rastenburg", "3220", "town", None),
    ("bischofsburg", "Bischofsburg", "2925", "town", None),
    ("passenheim", "Passenheim", "2628", "town", None),
    ("ortelsburg", "Ortelsburg", "3030", "town", None),
    ("willenberg", "Willenberg", "3034", "town", None),
    ("loetzen", "Lötzen", "3524", "town", None),
    ("angerburg", "Angerburg", "3719", "town", None),
    ("johannisburg", "Johannisburg", "3531", "town", None),
    ("lyck", "Lyck", "3928", "town", None),
    ("ciechanow", "Ciechanow", "2542", "town", None),
    ("golymin", "Golymin", "2843", "town", None),
    ("nasielsk", "Nasielsk", "2846", "town", None),
    ("makow", "Makow", "3242", "town", None),
    ("rozan", "Rozan", "3441", "town", None),
    ("wyszkow", "Wyszkow", "3547", "town", None),
    ("zakroczym", "Zakroczym", "2650", "town", None),
    ("wyszogrod", "Wyszogrod", "2149", "town", None),
    ("plock", "Plock", "1547", "town", None),
    ("sierpc", "Sierpc", "1443", "town", None),
    ("rypin", "Rypin", "1038", "town", None),
    ("wloclawek", "Wloclawek", "0843", "town", None),
    ("brzesc", "Brzesc Kujawski", "0647", "town", None),
    ("gostynin", "Gostynin", "1550", "town", None),
    ("lowicz", "Lowicz", "2053", "town", None),
    ("sochaczew", "Sochaczew", "2451", "town", None),
    ("blonie", "Blonie", "2852", "town", None),
    ("okuniew", "Okuniew", "3451", "town", None),
    ("wegrow", "Wegrow", "3849", "town", None),
    ("siedlce", "Siedlce", "3852", "town", None),
]

# ---------------------------------------------------------------------------- rivers
# Each river is a list of waypoint corners (hex, corner), corners numbered from the hex's
# east corner clockwise: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE. Consecutive waypoints are joined
# along hexsides by the shortest vertex path. `must` lists hexsides the course must use.
RIVERS = [
    {"id": "vistula", "name": "Vistula", "feature": "primary_river",
     "parts": [
         [("3354", 2), ("3153", "3253"), ("3153", "3152"), ("3052", "3152"), ("2850", "2851"),
          ("2749", "2750"), ("2649", "2650"), ("2149", "2150"), ("1848", "1849"), ("1547", "1548"),
          ("1246", "1247"), ("1045", "1046"), ("0944", "0945"), ("0842", "0843"), ("0540", "0541"), ("0138", "0139")],
         [("0132", 4), ("0131", "0231"), ("0127", "0227"), ("0126", "0226"), ("0125", "0225"),
          ("0222", "0322"), ("0218", "0318"), ("0217", "0317"), ("0215", "0315"), ("0113", "0213"), ("0113", 5)],
     ],
     "must": [("3153", "3152"), ("2749", "2750"), ("1547", "1548"), ("0138", "0139"),
              ("0126", "0226"), ("0113", "0213")]},
    {"id": "nogat", "name": "Nogat", "feature": "secondary_river",
     "parts": [[("0319", 0), ("0519", "0619"), ("0717", "0817"), ("0816", "0916"), ("0913", "1013"), ("0912", 5)]]},
    {"id": "narew", "name": "Narew", "feature": "primary_river",
     "parts": [[("3933", 5), ("3836", "3837"), ("3441", "3442"), ("3245", "3345"), ("3148", "3248"),
                ("3148", "3149"), ("2947", "2948"), ("2847", "2848"), ("2749", "2849"), ("2850", 5)]],
     "must": [("3148", "3149"), ("2847", "2848")]},
    {"id": "bug", "name": "Bug", "feature": "primary_river",
     "parts": [[("3946", 0), ("3547", "3548"), ("3348", "3349"), ("3248", "3249")]]},
    {"id": "wkra", "name": "Wkra", "feature": "secondary_river",
     "parts": [[("1937", 0), ("2241", "2341"), ("2445", "2545"), ("2649", "2749"), ("2649", 0)]],
     "must": [("2649", "2749")]},
    {"id": "drewenz", "name": "Drewenz", "feature": "secondary_river",
     "parts": [[("1528", 3), ("1232", "1332"), ("0735", "0736"), ("0338", "0438"), ("0339", 4)]]},
    {"id": "ossa", "name": "Ossa", "feature": "secondary_river",
     "parts": [[("0927", 4), ("0524", "0525"), ("0324", "0325"), ("0225", "0226"), ("0225", 2)]],
     "must": [("0225", "0226")]},
    {"id": "passarge", "name": "Passarge", "feature": "secondary_river",
     "parts": [[("2128", 4), ("2219", "2319"), ("2020", "2120"), ("1921", "2021"), ("1819", "1919"),
                ("1717", "1817"), ("1613", "1713"), ("1611", 5)]]},
    {"id": "alle", "name": "Alle", "feature": "primary_river",
     "parts": [[("2430", 1), ("2424", "2524"), ("2222", "2322"), ("2518", "2618"), ("2816", "2916"),
                ("3013", "3113"), ("3010", "3110"), ("3206", "3207"), ("3206", 2)]],
     "must": [("3010", "3110"), ("3013", "3113")]},
    {"id": "pregel", "name": "Pregel", "feature": "primary_river",
     "parts": [[("3909", 0), ("3909", "3910"), ("3206", "3207"), ("2906", "2907"), ("2406", "2407"), ("2306", 0)]],
     "must": [("2406", "2407")]},
    {"id": "frisching", "name": "Frisching", "feature": "secondary_river",
     "parts": [[("2615", 5), ("2310", "2410"), ("2209", "2309"), ("2108", 4)]]},
    {"id": "angerapp", "name": "Angerapp", "feature": "secondary_river",
     "parts": [[("3719", 2), ("3813", "3913"), ("3910", "3911")]]},
    {"id": "omulew", "name": "Omulew", "feature": "secondary_river",
     "parts": [[("3034", 2), ("3438", "3439"), ("3539", 0)]]},
]

# Lakes: hexside lines drawn like rivers (the Masurian and Oberland lakes).
LAKES = [
    [("3421", 0), ("3526", 2)],          # Mauersee - Löwentin
    [("3627", 1), ("3231", 2)],          # Spirding
    [("3723", 0), ("3827", 1)],          # Lyck lakes
    [("1725", 0), ("1529", 0)],          # Drewenz lake, Osterode
    [("0927", 0), ("0923", 2)],          # Geserich lake
    [("2625", 1), ("2728", 2)],          # Wadang lakes
]

# ---------------------------------------------------------------------------- terrain
# Regions as (terrain, [hex waypoints of a strip], width): every hex within `width` of the
# strip's line is that terrain unless it is a town or a rulebook hex.
REGIONS = [
    ("woods", [("3630", "3936")], 1),         # Johannisburg heath
    ("woods", [("3539", "3843")], 1),         # Kurpie forest (Puszcza Zielona)
    ("woods", [("3446", "3546")], 0),         # woods east of Pultusk (3446 is woods, §13)
    ("woods", [("2743", "2945")], 0),         # Golymin woods
    ("swamp", [("2842", "3043")], 0),         # the marshes at Golymin
    ("swamp", [("3543", "3845")], 0),         # Narew marshes
    ("swamp", [("0812", "1013")], 0),         # Drausen lowland by Elbing
    ("woods", [("1826", "2129")], 1),         # the forests between Osterode and Allenstein
    ("woods", [("2303", "2704")], 0),         # Samland woods
    ("woods", [("3207", "3609")], 0),         # the Pregel forests
    ("woods", [("2716", "2919")], 0),         # woods south of Bartenstein
    ("hills", [("1213", "1314")], 0),         # Elbinger Höhe
    ("wooded_hills", [("1114", "1115")], 0),
    ("hills", [("2120", "2320")], 0),         # the heights between Guttstadt and Heilsberg
    ("hills", [("2612", "2614")], 0),         # heights by Eylau
    ("woods", [("0530", "0733")], 0),         # woods by the Drewenz
    ("swamp", [("1840", "2043")], 0),         # Wkra marshes
    ("woods", [("1650", "1852")], 0),         # Gostynin woods
]
CLEAR = {"3244": ["§13"]}
WOODS = {"3446": ["§13"]}

# ---------------------------------------------------------------------------- roads
# (kind, [waypoint hexes]): each leg is the straight hex line between waypoints.
ROADS = [
    # primary: the post roads
    ("primary", ["0151", "0452", "1253", "1652", "2053", "2451", "2852", "3153"]),     # Posen - Kutno - Warsaw
    ("primary", ["3153", "3152", "3149", "3148", "3147", "3146", "3245", "3244", "3343", "3441", "3837", "3938"]),             # Warsaw - Pultusk - Ostrolenka
    ("primary", ["3245", "3242", "2939", "3034", "3030", "2628", "2424", "2324", "2223", "2222",
                 "2518", "2414", "2513", "2407", "2406"]),                              # Pultusk - Allenstein - Königsberg
    ("primary", ["0113", "0217", "0317", "0717", "0816", "0916", "1012", "1612", "1910", "2309", "2406"]),     # Danzig - Elbing - Königsberg
    ("primary", ["0138", "0232", "0226", "0421", "0619", "0519", "0717"]),                             # Thorn - Graudenz - Marienburg
    ("primary", ["2406", "2505", "2805", "2906", "3206", "3909"]),                                      # Königsberg - Insterburg
    ("primary", ["0138", "0635", "1232", "1435", "1937", "2431", "2424"]),             # Thorn - Strasburg - Neidenburg
    # the Osterode - Warsaw highway (§59): secondary until turn 36
    ("highway", ["1528", "1631", "1937", "2140", "2346", "2749", "2750", "2852", "3153"]),
    # secondary roads
    ("secondary", ["0139", "0440", "0743", "0843", "0945", "1046", "1147", "1347", "1548", "1849", "2150", "2449", "2650", "2750"]),
    ("secondary", ["0138", "0139"]),
    ("secondary", ["2749", "2649", "2650"]),
    ("secondary", ["2346", "2149", "2150", "2451"]),
    ("secondary", ["2846", "2847", "2848", "3151", "3152"]),                   # left bank: Thorn - Plock - Zakroczym
    ("secondary", ["1547", "1550", "1253"]),
    ("secondary", ["1547", "1443", "1038", "0635"]),
    ("secondary", ["1443", "1937"]),
    ("secondary", ["0843", "0647", "0452"]),
    ("secondary", ["2053", "2451"]),
    ("secondary", ["2346", "2542", "2939"]),
    ("secondary", ["2542", "2843", "3245"]),
    ("secondary", ["2346", "2846", "2843"]),
    ("secondary", ["2846", "3148"]),
    ("secondary", ["2749", "2846"]),
    ("secondary", ["3148", "3547", "3849"]),
    ("secondary", ["3152", "3451", "3852"]),
    ("secondary", ["3451", "3547", "3441"]),
    ("secondary", ["3245", "3346", "3547"]),
    ("secondary", ["2744", "2542"]),
    ("secondary", ["2744", "2846"]),
    ("secondary", ["3837", "3928", "3531", "3030"]),
    ("secondary", ["3531", "3524", "3719"]),
    ("secondary", ["3524", "3220", "2925", "2628"]),
    ("secondary", ["3220", "2721", "2518"]),
    ("secondary", ["3220", "3514", "3915"]),
    ("secondary", ["3719", "3514"]),
    ("secondary", ["3909", "3719"]),
    ("secondary", ["3514", "3014", "2816", "2518"]),
    ("secondary", ["2816", "3010", "2710", "2406"]),
    ("secondary", ["3010", "3110", "3206"]),
    ("secondary", ["3014", "3010"]),
    ("secondary", ["2513", "2710"]),
    ("secondary", ["2513", "2816"]),
    ("secondary", ["2513", "2111", "1910"]),
    ("secondary", ["2111", "1916", "1612"]),
    ("secondary", ["1916", "1714", "1612"]),
    ("secondary", ["1916", "2018", "2222"]),
    ("secondary", ["1916", "1820", "1521", "1528"]),
    ("secondary", ["1717", "1820"]),
    ("secondary", ["1717", "1217", "1012"]),
    ("secondary", ["1521", "1217"]),
    ("secondary", ["1521", "1222", "1024", "0927", "0421"]),
    ("secondary", ["0927", "1528"]),
    ("secondary", ["1528", "2027", "2424"]),
    ("secondary", ["2027", "2431"]),
    ("secondary", ["2431", "3030"]),
    ("secondary", ["2431", "2140"]),
    ("secondary", ["1232", "1528"]),
    ("secondary", ["1232", "0927"]),
    ("secondary", ["0232", "0635"]),
    ("secondary", ["0226", "0927"]),
    ("secondary", ["0126", "0226"]),
    ("secondary", ["0217", "0126"]),
    ("secondary", ["2406", "2405", "2305", "2005", "1705"]),
    ("secondary", ["2518", "2721", "2925"]),
    ("secondary", ["2222", "1820"]),
    ("secondary", ["3034", "3438", "3837"]),
    ("secondary", ["2939", "3438"]),
    ("secondary", ["2309", "2513"]),
]

# Conflicts between the text's hex ids for one place, and the reading chosen.
PLACE_NOTES = {
    "insterburg": "§97 prints Insterburg (3908); Battle Scenarios 2 and 3 print Insterburg (3909) as the Coalition supply source. The town is put at 3909, the hex two scenarios use; 3908 is the hex next to it.",
    "ostrolenka": "CS1 (§224) prints Ostrolenka (3837) for Bennigsen and the Russian C/O and (3938) for the Russian source; BS1 (§221) prints 'Ostrolenka (3938)' for the source. The town is put at 3837; 3938 is the east-edge supply source beside it.",
    "eylau": "Printed Preussisch Eylau, Preussische Eylau, Pr. Eylau and Eylau (2513).",
    "neidenburg": "Printed Neidenburg (§224) and Niedenburg (§225).",
    "braunsberg": "Printed Braunsberg (§182, §226 set-up) and Braunsburg (§226 commentary).",
    "graudenz": "§43 counts Graudenz among the citadels with a bridgehead; §50 calls it a Fortified Town. Citadel is used (§43).",
}
