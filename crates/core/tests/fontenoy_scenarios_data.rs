//! Fontenoy scenario data (docs/fontenoy-scenarios.md): the map of the N and S sheets, the two
//! counter sets and every set-up under `scenarios/fontenoy/` (`maps/`, `counters/`,
//! `scenarios/`), checked against the rulebook (special rules 1-9, 10.0) and against the
//! regenerated files of `tools/fontenoy-scenarios/gen.py`; each scenario's own facts (10.1-10.4)
//! are in `fontenoy_scenario_facts.rs`.

mod fontenoy_data;
use fontenoy_data::*;

// ------------------------------------------------------------------ the files

#[test]
fn every_file_loads_and_every_scenario_resolves() {
    let lib = lib();
    assert!(lib.map("fontenoy/fontenoy").is_some());
    assert!(lib.counters("fontenoy/french").is_some());
    assert!(lib.counters("fontenoy/allied").is_some());
    for id in SCENARIOS {
        let s = lib.scenario(id).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.map.id, "fontenoy/fontenoy");
        assert_eq!(s.counters.len(), 2);
        // Every chart of the booklet (tools/fontenoy-scenarios lists scenarios/fontenoy/charts).
        assert!(
            s.charts
                .iter()
                .any(|c| c.id == "fontenoy/end-of-turn-track-provisional"),
            "{id}: the scenario lists the chart booklet"
        );
        let sides: Vec<&str> = s.scenario.sides.iter().map(|x| x.id.as_str()).collect();
        assert_eq!(sides, ["french", "allied"], "{id}");
    }
    // Scenarios 5-9 (F-10.5 to F-10.9) are absent from the text: they are listed as
    // incomplete, with what is missing, and not invented.
    let all: Vec<&str> = lib
        .scenario_ids()
        .into_iter()
        .filter(|i| i.starts_with("fontenoy/"))
        .collect();
    assert_eq!(all.len(), 9, "{all:?}");
    for id in all {
        let s = lib.scenario(id).unwrap();
        assert_eq!(
            s.scenario.incomplete.is_some(),
            !SCENARIOS.contains(&id),
            "{id}: only scenarios 5-9 are incomplete"
        );
    }
}

#[test]
fn rules_objects_have_the_agreed_keys() {
    let common = [
        "maps",
        "eotn",
        "initiative",
        "rules_in_force",
        "organisation",
        "command_overrides",
        "morale_tracks",
        "boundaries",
        "army_loss_at_start",
        "notes",
    ];
    let extra: [(&str, &[&str]); 4] = [
        ("ingoldsby", &["number", "redoubts", "always_in_command"]),
        (
            "dutch-attack",
            &["number", "redoubts", "potential_reinforcements"],
        ),
        (
            "english-attack",
            &[
                "number",
                "redoubts",
                "infernal_column",
                "lowendahl",
                "single_map_variant",
                "option_setups",
            ],
        ),
        (
            "battle",
            &[
                "number",
                "redoubts",
                "barricades",
                "lowendahl_detachment",
                "tournay",
                "option_setups",
            ],
        ),
    ];
    for (id, more) in extra {
        let s = scen(id);
        let keys: BTreeSet<&str> = rules(&s).keys().map(String::as_str).collect();
        let want: BTreeSet<&str> = common.iter().chain(more.iter()).copied().collect();
        assert_eq!(keys, want, "{id}");
        // organisation: exactly the agreed shape
        for side in ["french", "allied"] {
            let o = rules(&s)["organisation"][side].as_object().expect("side");
            let keys =
                |v: &Json| -> BTreeSet<String> { v.as_object().unwrap().keys().cloned().collect() };
            let set =
                |k: &[&str]| -> BTreeSet<String> { k.iter().map(|x| x.to_string()).collect() };
            assert_eq!(
                keys(&rules(&s)["organisation"][side]),
                set(&[
                    "cinc",
                    "wings",
                    "divisions",
                    "independent_units",
                    "special_commanders"
                ]),
                "{id} {side}"
            );
            for d in o["divisions"].as_array().unwrap() {
                assert_eq!(
                    keys(d),
                    set(&[
                        "id",
                        "name",
                        "commander",
                        "units",
                        "flexible",
                        "independent"
                    ]),
                    "{id}"
                );
            }
            for w in o["wings"].as_array().unwrap() {
                assert_eq!(
                    keys(w),
                    set(&["id", "name", "commander", "divisions"]),
                    "{id}"
                );
            }
        }
    }
}

#[test]
fn r10_0c_organisation_names_every_placed_unit_once() {
    for id in ["ingoldsby", "dutch-attack", "english-attack", "battle"] {
        let s = scen(id);
        for side in ["french", "allied"] {
            let o = &rules(&s)["organisation"][side];
            let mut seen = BTreeSet::new();
            let mut add = |u: &str| {
                assert!(seen.insert(u.to_string()), "{id}: {u} twice");
                assert!(placed(&s, u), "{id}: {u} in the organisation is not placed");
                assert_eq!(s.counter(u).expect(u).side, side, "{id}: {u}");
            };
            for d in o["divisions"].as_array().unwrap() {
                add(d["commander"].as_str().unwrap());
                for u in d["units"].as_array().unwrap() {
                    add(u.as_str().unwrap());
                }
            }
            for w in o["wings"].as_array().unwrap() {
                add(w["commander"].as_str().unwrap());
                for d in w["divisions"].as_array().unwrap() {
                    let d = d.as_str().unwrap();
                    let div = o["divisions"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|x| x["id"] == d)
                        .unwrap_or_else(|| panic!("{id}: wing division {d}"));
                    assert_eq!(div["independent"], false, "{id}: {d}");
                }
            }
            for u in o["independent_units"]
                .as_array()
                .unwrap()
                .iter()
                .chain(o["special_commanders"].as_array().unwrap())
            {
                add(u.as_str().unwrap());
            }
            if let Some(c) = o["cinc"].as_str() {
                add(c);
            }
            // every placed combat unit of the side belongs somewhere
            for p in s
                .scenario
                .setup
                .iter()
                .map(|p| &p.unit)
                .chain(s.scenario.reinforcements.iter().map(|r| &r.unit))
            {
                let c = s.counter(p).unwrap();
                if c.side == side && is_combat(c) {
                    assert!(seen.contains(p), "{id}: {p} is in no division or list");
                }
            }
        }
    }
}

// ------------------------------------------------------------------ counters

#[test]
fn r10_0c_counter_ids_are_side_qualified_and_names_as_printed() {
    let lib = lib();
    let fr = lib.counters("fontenoy/french").unwrap();
    let al = lib.counters("fontenoy/allied").unwrap();
    for c in &fr.counters {
        assert!(c.id.starts_with("fr-") && c.side == "french", "{}", c.id);
    }
    for c in &al.counters {
        assert!(c.id.starts_with("al-") && c.side == "allied", "{}", c.id);
    }
    for (set, id, name) in [
        (fr, "fr-1-gfr", "1 GFR"),
        (fr, "fr-car-b", "CAR b"),
        (fr, "fr-4lb-7", "4 LB #7"),
        (fr, "fr-4lbs-1", "4 LB S #1"),
        (fr, "fr-4lbs-8", "4 LB S *8"),
        (fr, "fr-mdc", "MDC"),
        (fr, "fr-1-dur", "1 DUR"),
        (fr, "fr-lal", "LAL"),
        (fr, "fr-1-deu", "1 D'EU"),
        (fr, "fr-16lb", "16 LB"),
        (al, "al-dur", "DUR"),
        (al, "al-lal", "LAL"),
        (al, "al-nl-3lb-1", "3 LB #1"),
        (al, "al-hn-3lb-1", "3 LB #1"),
        (al, "al-nl-how", "Howitzers"),
        (al, "al-en-how", "Howitzers"),
    ] {
        let c = set.counter(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(c.name.as_deref(), Some(name), "{id}");
    }
    // 10.2b, 10.2c: French Du Roy and English Duroure's share the code DUR
    assert_eq!(
        text(fr.counter("fr-1-dur").unwrap(), "nationality"),
        Some("french")
    );
    assert_eq!(
        text(al.counter("al-dur").unwrap(), "nationality"),
        Some("english")
    );
    // the two Noailles are two counters
    assert_eq!(
        text(fr.counter("fr-noailles").unwrap(), "rank"),
        Some("Marshal")
    );
    assert_eq!(
        text(fr.counter("fr-mdc-noailles").unwrap(), "rank"),
        Some("MDC")
    );
}

#[test]
fn r3_1_4_1_every_counter_declares_its_attributes() {
    let lib = lib();
    let nats = ["french", "english", "hanoverian", "dutch", "austrian"];
    let tags = [
        "french", "irish", "scots", "swiss", "german", "corsican", "croat",
    ];
    for set in ["fontenoy/french", "fontenoy/allied"] {
        for c in &lib.counters(set).unwrap().counters {
            let nat = text(c, "nationality").unwrap_or_else(|| panic!("{}", c.id));
            assert!(nats.contains(&nat), "{}", c.id);
            match c.unit_type.as_str() {
                "infantry" | "cavalry" => {
                    let class = text(c, "class").unwrap_or_else(|| panic!("{} class", c.id));
                    let ok: &[&str] = if c.unit_type == "infantry" {
                        &[
                            "line",
                            "guards",
                            "militia",
                            "grenadiers",
                            "dismounted_dragoons",
                            "skirmishers",
                        ]
                    } else {
                        &["cavalry", "light_cavalry"]
                    };
                    assert!(ok.contains(&class), "{} {class}", c.id);
                    let reg = text(c, "regiment").unwrap();
                    // F-6.5a: GCH is GCF's mounted counter, of GCF's regiment.
                    let other_mode = c.id == "fr-gch" && reg == "GCF";
                    assert!(
                        c.name.as_deref().unwrap().contains(reg)
                            || reg.starts_with("MIL-")
                            || other_mode,
                        "{} {reg}",
                        c.id
                    );
                    let sk = text(c, "skirmish").unwrap();
                    assert!(["none", "capable", "skirmished"].contains(&sk), "{}", c.id);
                    assert_eq!(sk == "skirmished", class == "skirmishers", "{}", c.id);
                    if let Some(t) = text(c, "tag") {
                        assert!(tags.contains(&t), "{}", c.id);
                    }
                }
                "artillery" => {
                    let cal = text(c, "caliber").unwrap();
                    assert!(
                        ["1.5", "3", "4", "4S", "6", "8", "12", "16", "howitzer"].contains(&cal),
                        "{}",
                        c.id
                    );
                    let bh = text(c, "by_hand").unwrap();
                    assert!(["none", "P", "FP", "FP2"].contains(&bh), "{}", c.id);
                }
                "commander" => {
                    assert!(text(c, "rank").is_some(), "{}", c.id);
                    for k in [
                        "command_distance",
                        "initiative",
                        "cc_bonus",
                        "er_bonus",
                        "loss_points",
                        "mp",
                    ] {
                        assert!(int(c, k).is_some(), "{} {k}", c.id);
                    }
                    assert!((0..=9).contains(&int(c, "initiative").unwrap()), "{}", c.id);
                }
                t => panic!("{}: type {t}", c.id),
            }
            if is_combat(c) {
                for k in ["sp", "mp", "er", "cr"] {
                    assert!(int(c, k).is_some(), "{} {k}", c.id);
                }
                let er = int(c, "er").unwrap();
                assert!((23..=33).contains(&er), "{} ER {er}", c.id);
            }
        }
    }
}

#[test]
fn r3_2a_only_the_irish_brigade_has_a_printed_colour() {
    let lib = lib();
    let fr = lib.counters("fontenoy/french").unwrap();
    let irish: Vec<&str> = fr
        .counters
        .iter()
        .filter(|c| text(c, "tag") == Some("irish"))
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(
        irish,
        ["fr-cla", "fr-roo", "fr-lal", "fr-bwk", "fr-dil", "fr-bul"]
    );
    for c in &fr.counters {
        if matches!(c.unit_type.as_str(), "infantry" | "cavalry") && text(c, "tag").is_none() {
            assert!(c.values["tag"].is_missing(), "{}", c.id);
        }
    }
}

#[test]
fn r3_1c_4_1e_charge_ranges() {
    let lib = lib();
    for set in ["fontenoy/french", "fontenoy/allied"] {
        for c in lib
            .counters(set)
            .unwrap()
            .counters
            .iter()
            .filter(|c| c.unit_type == "cavalry")
        {
            let light = text(c, "class") == Some("light_cavalry");
            let want = match (text(c, "nationality").unwrap(), light) {
                ("french", false) => 3,
                ("french", true) | ("austrian", _) => 2,
                _ => 1,
            };
            assert_eq!(int(c, "charge_range"), Some(want), "{}", c.id);
            assert!(rulebook(c, "charge_range"), "{}", c.id);
        }
    }
}

#[test]
fn r2_11_3_7a_by_hand_marks() {
    let lib = lib();
    for set in ["fontenoy/french", "fontenoy/allied"] {
        for c in lib
            .counters(set)
            .unwrap()
            .counters
            .iter()
            .filter(|c| c.unit_type == "artillery")
        {
            let french = c.side == "french";
            let want = match (french, text(c, "caliber").unwrap()) {
                (true, "8" | "12" | "16") => "none",
                (true, "4S") => "FP2",
                (true, "4") => "P",
                (false, "6" | "4") => "P",
                (false, "3" | "howitzer") => "FP",
                // F-7.5: the regimental 1.5-pounders, light as the 3-pounders (provisional).
                (false, "1.5") => "FP",
                (_, cal) => panic!("{} caliber {cal}", c.id),
            };
            assert_eq!(text(c, "by_hand"), Some(want), "{}", c.id);
            // 2.11 says nothing of the French plain 4-pounders
            let plain_french_4 = french && text(c, "caliber") == Some("4");
            let regimental = text(c, "caliber") == Some("1.5");
            assert_eq!(
                provisional(c, "by_hand"),
                plain_french_4 || regimental,
                "{}",
                c.id
            );
        }
    }
}

#[test]
fn r3_3b_4_2a_army_commander_ratings_as_printed() {
    let lib = lib();
    let fr = lib.counters("fontenoy/french").unwrap();
    let al = lib.counters("fontenoy/allied").unwrap();
    for (set, id, cr, wan) in [
        (fr, "fr-saxe", Some(5), Some(5)),
        (fr, "fr-noailles", Some(3), Some(6)),
        (fr, "fr-lutteaux", Some(4), Some(7)),
        (al, "al-cumberland", Some(4), Some(6)),
        (al, "al-konigsegg", Some(2), Some(7)),
        (al, "al-waldeck", Some(3), Some(8)),
        (al, "al-ligonier", Some(4), Some(8)),
        (al, "al-cumberland-cd3", Some(2), Some(9)),
    ] {
        let c = set.counter(id).unwrap();
        assert_eq!(int(c, "command_rating"), cr, "{id}");
        assert_eq!(int(c, "wan"), wan, "{id}");
        assert!(rulebook(c, "command_rating") && rulebook(c, "wan"), "{id}");
    }
    // 4.2a: Cumberland's two counters, Command Distance 6 and 3
    assert_eq!(
        int(al.counter("al-cumberland").unwrap(), "command_distance"),
        Some(6)
    );
    assert_eq!(
        int(al.counter("al-cumberland-cd3").unwrap(), "command_distance"),
        Some(3)
    );
    // 6.9a, 6.9c: Louis XV
    let k = fr.counter("fr-louis-xv").unwrap();
    assert_eq!(int(k, "command_distance"), Some(5));
    assert_eq!(int(k, "er_bonus"), Some(-5));
    assert_eq!(int(k, "cc_bonus"), Some(1));
    assert_eq!(int(k, "loss_points"), Some(50));
    for a in ["command_distance", "er_bonus", "cc_bonus", "loss_points"] {
        assert!(rulebook(k, a), "{a}");
    }
    // every commander the special rules name is a counter
    for id in [
        "fr-louis-xv",
        "fr-saxe",
        "fr-noailles",
        "fr-du-brocard",
        "fr-richelieu",
        "fr-lowendahl",
        "fr-langeron",
        "fr-grammont",
    ] {
        assert!(fr.counter(id).is_some(), "{id}");
    }
    for id in [
        "al-cumberland",
        "al-konigsegg",
        "al-waldeck",
        "al-moltke",
        "al-forgach",
        "al-ingoldsby",
        "al-campbell",
        "al-van-yssel",
        "al-ligonier",
    ] {
        assert!(al.counter(id).is_some(), "{id}");
    }
    // 2.5a: 20 French, 10 Dutch, 10 English/Hanoverian replacement counters
    let repl = |set: &grognard::data::CounterSet, p: &str| {
        set.counters.iter().filter(|c| c.id.starts_with(p)).count()
    };
    assert_eq!(repl(fr, "fr-repl-"), 20);
    assert_eq!(repl(al, "al-repl-nl-"), 10);
    assert_eq!(repl(al, "al-repl-en-"), 10);
}

#[test]
fn r1_6a_printed_values_are_provisional_unless_the_text_gives_them() {
    let lib = lib();
    let mut rulebook_values = Vec::new();
    for set in ["fontenoy/french", "fontenoy/allied"] {
        let cs = lib.counters(set).unwrap();
        for c in &cs.counters {
            for k in ["sp", "mp", "er", "cr"] {
                if c.values.contains_key(k) && !provisional(c, k) {
                    rulebook_values.push(format!("{} {k}", c.id));
                }
            }
        }
        let file = lib.get(Kind::Counters, set).unwrap();
        assert!(
            file.check_strict(set).is_err(),
            "{set}: strict mode refuses it"
        );
    }
    // 7.5a (the 3-SP English howitzer), 7.4 (English artillery 2 MP, the regimental guns of
    // 7.5 too), 6.9c (Louis XV)
    assert_eq!(
        rulebook_values,
        [
            "fr-louis-xv mp",
            "al-en-how sp",
            "al-en-how mp",
            "al-en-6lb-1 mp",
            "al-en-6lb-2 mp",
            "al-en-rg-alb mp",
            "al-en-rg-chu mp",
            "al-en-rg-pon mp",
            "al-en-rg-ske mp",
            "al-en-rg-bli mp"
        ]
    );
    let c = lib
        .counters("fontenoy/allied")
        .unwrap()
        .counter("al-en-how")
        .unwrap();
    assert_eq!(int(c, "sp"), Some(3));
    assert_eq!(int(c, "mp"), Some(2));
}

#[test]
fn r3_5a_redoubt_garrisons_fit_their_redoubts() {
    // small: 8 infantry SP and 2 artillery SP; large: 12 and 2
    let s = scen("battle");
    for r in rules(&s)["redoubts"].as_array().unwrap() {
        let h = r["hex"].as_str().unwrap();
        let (inf_max, art_max) = if r["size"] == "small" {
            (8, 2)
        } else {
            (12, 2)
        };
        let (mut inf, mut art) = (0, 0);
        for p in s
            .scenario
            .setup
            .iter()
            .filter(|p| p.hex.len() == 1 && p.hex[0] == h)
        {
            let c = s.counter(&p.unit).unwrap();
            match c.unit_type.as_str() {
                "infantry" => inf += int(c, "sp").unwrap(),
                "artillery" => art += int(c, "sp").unwrap(),
                "cavalry" => panic!("cavalry in redoubt {h}"),
                _ => {}
            }
        }
        assert!(
            inf > 0 && inf <= inf_max && art <= art_max,
            "{h}: {inf} {art}"
        );
    }
}

// ------------------------------------------------------------------ the map

#[test]
fn r10_0c_the_map_joins_n_and_s_as_grid_fontenoy() {
    let s = scen("battle");
    let g = Grid::fontenoy();
    for id in [
        "N0101", "N1421", "N4633", "N7033", "S0101", "S4405", "S4001", "S7034", "S6434", "S7028",
        "S7016",
    ] {
        assert_eq!(s.map.hex_of(id), g.parse(id).ok(), "{id}");
    }
    // N row 33 directly north of S row 01; the sheets' extents (provisional) hold every
    // hex the text names
    assert_eq!(dist(&s, "N4033", "S4001"), 1);
    for id in ["N7101", "N0001", "S7101", "S0135", "N0134"] {
        assert!(s.map.hex_of(id).is_none(), "{id} is off the map");
    }
}

#[test]
fn r10_3b_10_4b_brigade_lines_across_the_seam_are_contiguous() {
    let s = scen("battle");
    for line in [
        &["S4002", "S4001", "N4033"][..],
        &["S4202", "S4301", "N4333", "N4433", "N4432", "N4531"],
        &["S3401", "N3533", "N3532", "N3632"],
    ] {
        for w in line.windows(2) {
            assert_eq!(dist(&s, w[0], w[1]), 1, "{} {}", w[0], w[1]);
        }
    }
    // the same lines are set up so in scenario 3 and 4
    for id in ["english-attack", "battle"] {
        let s = scen(id);
        assert_eq!(at(&s, "fr-3-vai"), "N4033");
        assert_eq!(at(&s, "fr-lal"), "N4333");
        assert_eq!(at(&s, "fr-pen-b"), "N3533");
    }
}

#[test]
fn r10_3a_d_the_line_s4111_s5920_is_a_straight_hex_line() {
    let s = scen("english-attack");
    let line: Vec<String> = s.map.place("s3-line").unwrap().hexes.clone();
    let diag: Vec<&String> = line.iter().skip_while(|h| *h != "S4111").collect();
    assert_eq!(diag.first().map(|h| h.as_str()), Some("S4111"));
    assert_eq!(diag.last().map(|h| h.as_str()), Some("S5920"));
    assert_eq!(diag.len(), 19, "18 steps south-east");
    for w in diag.windows(2) {
        assert_eq!(dist(&s, w[0], w[1]), 1);
    }
    assert_eq!(dist(&s, "S4111", "S5920"), 18);
}

#[test]
fn r9_2m_the_escaut_has_one_crossing_the_bridge_n1421() {
    let s = scen("battle");
    let all = all_hexes(&s);
    let bridges: Vec<&String> = all
        .values()
        .filter(|id| s.map.terrain_of(id).contains(&"bridge"))
        .collect();
    assert_eq!(bridges, ["N1421"]);
    let river: BTreeSet<Hex> = all
        .iter()
        .filter(|(_, id)| s.map.terrain_of(id).contains(&"river"))
        .map(|(h, _)| *h)
        .collect();
    assert!(river.len() > 50);
    let reach = |blocked: &BTreeSet<Hex>, from: &str| {
        let start = hex(&s, from);
        let mut seen = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(h) = todo.pop() {
            for n in h.neighbors() {
                if all.contains_key(&n) && !blocked.contains(&n) && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        seen
    };
    let with_bridge = reach(&river, "S1012");
    let mut closed = river.clone();
    closed.insert(hex(&s, "N1421"));
    let without = reach(&closed, "S1012");
    let antoin = hex(&s, "S1712");
    assert!(!without.contains(&antoin), "only the bridge crosses");
    assert!(with_bridge.contains(&antoin));
    // the west-bank place is exactly the far side
    let west: BTreeSet<Hex> = place(&s, "west-bank").iter().map(|h| hex(&s, h)).collect();
    assert_eq!(west, without);
    // roads cross the river only at the bridge
    for side in &s.map.hexsides {
        if matches!(side.feature.as_str(), "road" | "major_road" | "path") {
            let [a, b] = side.between.as_ref().unwrap();
            for h in [a, b] {
                assert!(
                    !s.map.terrain_of(h).contains(&"river"),
                    "road side {a}-{b} on the river"
                );
            }
        }
    }
}

#[test]
fn r9_2_named_hexes_have_their_terrain() {
    let s = scen("battle");
    for (h, t) in [
        ("S1712", "keep"),
        ("N1421", "bridge"),
        ("S4403", "broken"),
        ("S4502", "broken"),
        ("S4215", "broken"),
        ("S4315", "broken"),
        ("S4620", "broken"),
        ("S4721", "broken"),
        ("S4822", "broken"),
    ] {
        assert_eq!(s.map.terrain_of(h), [t], "{h}");
        let p = s.map.hexes[h].provenance.as_ref().expect(h);
        assert_eq!(p.kind_name(), "rulebook", "{h}");
    }
    // 9.2i: Antoin is the only town; the Keep is in it
    let towns: BTreeSet<String> = all_hexes(&s)
        .into_values()
        .filter(|id| s.map.terrain_of(id).contains(&"town"))
        .collect();
    let antoin = place(&s, "antoin");
    assert!(towns.iter().all(|t| antoin.contains(t)));
    assert!(antoin.contains("S1712"));
    assert_eq!(place(&s, "keep"), BTreeSet::from(["S1712".to_string()]));
    for v in place(&s, "fontenoy") {
        assert_eq!(s.map.terrain_of(&v), ["village"], "{v}");
    }
    for w in place(&s, "bois-de-barry")
        .iter()
        .chain(&place(&s, "bois-de-breuze"))
    {
        assert_eq!(s.map.terrain_of(w), ["woods"], "{w}");
    }
    assert_eq!(place(&s, "calonne"), BTreeSet::from(["S1012".to_string()]));
    assert_eq!(
        place(&s, "bourquembray"),
        BTreeSet::from(["N3706".to_string()])
    );
    assert!(place(&s, "chateau-de-bourquembray").contains("N3609"));
    assert!(place(&s, "notre-dame-au-bois").contains("N3527"));
    let la = place(&s, "louis-xv-area");
    assert!(la.contains("N3527") && la.contains("N3630"));
}

#[test]
fn r3_5c_s1012_is_behind_minor_field_fortifications() {
    let s = scen("battle");
    let fronts: Vec<&str> = s
        .map
        .hexsides
        .iter()
        .filter(|x| {
            x.feature == "fieldworks_minor"
                && x.between.as_ref().unwrap().contains(&"S1012".to_string())
        })
        .map(|x| x.toward.as_deref().unwrap())
        .collect();
    assert!(!fronts.is_empty());
    assert!(fronts.iter().all(|f| *f != "S1012"), "S1012 is behind them");
    // 9.3c: the works south and east of Antoin are major
    assert!(s.map.hexsides.iter().any(|x| {
        x.feature == "fieldworks_major"
            && x.between
                .as_ref()
                .unwrap()
                .iter()
                .any(|h| place(&s, "antoin").contains(h))
    }));
}

#[test]
fn r3_5a_redoubt_places() {
    let s = scen("battle");
    for (p, h, size) in [
        ("redoubt-s4405", "S4405", "large"),
        ("redoubt-n4633", "N4633", "large"),
        ("redoubt-s2914", "S2914", "small"),
        ("redoubt-s3314", "S3314", "small"),
        ("redoubt-s3714", "S3714", "small"),
    ] {
        let pl = s.map.place(p).unwrap();
        assert_eq!(pl.kind, "redoubt");
        assert_eq!(pl.hexes, [h]);
        assert_eq!(pl.fields["size"], size);
    }
    // 6.2: the optional site, within 1 hex of S4208
    let site = place(&s, "redoubt-site-s4208");
    assert_eq!(site.len(), 7);
    assert!(site.iter().all(|h| dist(&s, h, "S4208") <= 1));
}

#[test]
fn r3_5d_the_abatis_joins_s4405_and_n4633() {
    let s = scen("battle");
    let sides: Vec<[String; 2]> = s
        .map
        .hexsides
        .iter()
        .filter(|x| x.feature == "abatis")
        .map(|x| x.between.clone().unwrap())
        .collect();
    let touches = |h: &str| sides.iter().any(|[a, b]| a == h || b == h);
    assert!(touches("S4405") && touches("N4633"));
    // a continuous line: consecutive sides share a hex
    for w in sides.windows(2) {
        assert!(
            w[0].iter().any(|h| w[1].contains(h)),
            "{:?} {:?}",
            w[0],
            w[1]
        );
    }
}

#[test]
fn r9_4d_the_ridge_runs_from_n2228_to_n4417() {
    let s = scen("battle");
    let slopes: Vec<_> = s
        .map
        .hexsides
        .iter()
        .filter(|x| x.feature == "slope_gentle")
        .collect();
    assert!(slopes.len() > 30);
    for end in ["N2228", "N4417"] {
        assert!(
            slopes.iter().any(|x| x.toward.as_deref() == Some(end)),
            "{end} is on the high side of the ridge"
        );
    }
    // the King's hexes are above it, the front line below
    let high: BTreeSet<&str> = slopes.iter().filter_map(|x| x.toward.as_deref()).collect();
    let low: BTreeSet<&str> = slopes
        .iter()
        .map(|x| {
            let [a, b] = x.between.as_ref().unwrap();
            if Some(a.as_str()) == x.toward.as_deref() {
                b.as_str()
            } else {
                a.as_str()
            }
        })
        .collect();
    assert!(high.is_disjoint(&low));
    assert_eq!(place(&s, "ridge").len(), high.len());
}

#[test]
fn r6_8a_perimeter_passes_its_named_points() {
    let s = scen("battle");
    let line = &s.map.place("perimeter").unwrap().hexes;
    for p in [
        "S2914", "S3314", "S3714", "S4405", "N4633", "N4512", "N3609",
    ] {
        assert!(line.contains(&p.to_string()), "{p}");
    }
    for w in line.windows(2) {
        assert_eq!(dist(&s, &w[0], &w[1]), 1, "{} {}", w[0], w[1]);
    }
    assert!(line.last().unwrap().ends_with("01"), "north off the map");
    let inside = place(&s, "perimeter-inside");
    for h in ["N3630", "N3527", "S1012"] {
        assert_eq!(inside.contains(h), h != "S1012", "{h}");
    }
    for h in ["S6012", "S4807", "S2222"] {
        assert!(!inside.contains(h), "{h}");
    }
}

#[test]
fn r4_4_4_5_3_9c_map_exits() {
    let s = scen("battle");
    let road_hexes: BTreeSet<&str> = s
        .map
        .hexsides
        .iter()
        .filter(|x| matches!(x.feature.as_str(), "road" | "major_road"))
        .flat_map(|x| x.between.as_ref().unwrap().iter().map(String::as_str))
        .collect();
    for h in place(&s, "supply-exits")
        .iter()
        .chain(&place(&s, "allied-retreat-exits"))
        .chain(&place(&s, "french-retreat-exits"))
    {
        assert!(road_hexes.contains(h.as_str()), "{h} is a road hex");
    }
    assert_eq!(
        place(&s, "supply-exits"),
        BTreeSet::from(["S6434".to_string(), "S7028".to_string()])
    );
    for h in place(&s, "allied-retreat-exits") {
        let (col, row): (u32, u32) = (h[1..3].parse().unwrap(), h[3..].parse().unwrap());
        assert!(
            (row == 34 && col > 52) || (col == 70 && row > 16),
            "{h}: 4.5"
        );
    }
    // N1801: the main road to Tournay is a Major Road
    assert!(
        s.map.hexsides.iter().any(|x| x.feature == "major_road"
            && x.between.as_ref().unwrap().contains(&"N1801".to_string()))
    );
    // 10.1a D: the road S6213-S4205
    let r = &s.map.place("s1-road").unwrap().hexes;
    assert_eq!((r[0].as_str(), r[r.len() - 1].as_str()), ("S6213", "S4205"));
    for w in r.windows(2) {
        assert!(
            s.map
                .features_between(&w[0], &w[1])
                .iter()
                .any(|x| x.feature == "road")
        );
    }
}

#[test]
fn r3_6_barricade_hexes_are_road_hexes_of_the_wood() {
    let s = scen("battle");
    let b = &rules(&s)["barricades"];
    assert_eq!(b["count"], 6);
    let area = place(&s, "bois-de-barry-north");
    let road_hexes: BTreeSet<&str> = s
        .map
        .hexsides
        .iter()
        .filter(|x| x.feature == "road")
        .flat_map(|x| x.between.as_ref().unwrap().iter().map(String::as_str))
        .collect();
    let d = b["default_hexes"].as_array().unwrap();
    assert_eq!(d.len(), 6);
    for h in d {
        let h = h.as_str().unwrap();
        assert!(area.contains(h) && road_hexes.contains(h), "{h}");
    }
}

// ------------------------------------------------------------------ every set-up

#[test]
fn r9_2_every_setup_hex_is_on_the_map_in_an_allowed_terrain() {
    for id in ["ingoldsby", "dutch-attack", "english-attack", "battle"] {
        let s = scen(id);
        let maps: Vec<&str> = rules(&s)["maps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let entries = s
            .scenario
            .setup
            .iter()
            .map(|p| (&p.unit, &p.hex, &p.fields))
            .chain(
                s.scenario
                    .reinforcements
                    .iter()
                    .map(|r| (&r.unit, &r.hex, &r.fields)),
            );
        for (unit, hx, fields) in entries {
            let c = s.counter(unit).unwrap();
            for h in hx {
                assert!(s.map.contains(h), "{id}: {unit} {h}");
                assert!(
                    maps.contains(&&h[..1]),
                    "{id}: {unit} {h} on a map not in use"
                );
                let t = s.map.terrain_of(h);
                assert!(!t.contains(&"river"), "{id}: {unit} in the Escaut");
                if matches!(c.unit_type.as_str(), "cavalry" | "artillery") {
                    assert!(
                        !t.contains(&"keep"),
                        "{id}: {unit} may not stop in the Keep"
                    );
                }
                if c.unit_type == "cavalry" {
                    assert!(!t.contains(&"walled_farm"), "{id}: {unit} in a walled farm");
                }
                if let Some(a) = fields.get("area").and_then(Json::as_str) {
                    assert!(place(&s, a).contains(h), "{id}: {unit} {h} outside {a}");
                }
                if let Some(w) = fields.get("within") {
                    if let Some(c) = w["hex"].as_str() {
                        let r = w["radius"].as_u64().unwrap() as u32;
                        assert!(dist(&s, h, c) <= r, "{id}: {unit} {h}");
                    }
                }
            }
            if hx.len() == 2 {
                assert_eq!(dist(&s, &hx[0], &hx[1]), 1, "{id}: {unit} two-hex unit");
            }
            if let Some(d) = fields.get("with_division").and_then(Json::as_str) {
                let org = &rules(&s)["organisation"][&c.side];
                let div = org["divisions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|x| x["id"] == d)
                    .unwrap_or_else(|| panic!("{id}: {unit} division {d}"));
                let units: Vec<&str> = div["units"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|u| u.as_str().unwrap())
                    .collect();
                assert!(
                    units.iter().any(|u| hexes(&s, u).contains(&hx[0])),
                    "{id}: {unit} is not with a unit of {d}"
                );
            }
        }
    }
}

#[test]
fn r10_0c_no_hex_holds_both_sides_at_start() {
    for id in ["ingoldsby", "dutch-attack", "english-attack", "battle"] {
        let s = scen(id);
        let mut sides: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for p in &s.scenario.setup {
            let side = s.counter(&p.unit).unwrap().side.as_str();
            for h in &p.hex {
                sides.entry(h.as_str()).or_default().insert(side);
            }
        }
        for (h, v) in sides {
            assert_eq!(v.len(), 1, "{id}: {h} holds both sides");
        }
    }
}

#[test]
fn r10_0c_choices_left_to_the_player_are_provisional_defaults() {
    for id in ["ingoldsby", "dutch-attack", "english-attack", "battle"] {
        let s = scen(id);
        for p in &s.scenario.setup {
            let chosen = ["area", "within", "with_division", "anywhere", "with_any"]
                .iter()
                .any(|k| p.fields.contains_key(*k));
            if chosen {
                assert!(
                    p.provenance
                        .as_ref()
                        .is_some_and(Provenance::is_provisional),
                    "{id}: {}",
                    p.unit
                );
            }
        }
        let parts = s.provisional_parts();
        assert!(parts.iter().any(|p| p.kind == Kind::Map && p.provisional));
        assert!(s.check_strict().is_err(), "{id}");
    }
}
