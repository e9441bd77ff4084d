//! The facts of each Fontenoy scenario, 10.1-10.4 (turns, set-ups, reinforcements, lines,
//! victory conditions), read from its data under `scenarios/fontenoy/scenarios/`.

mod fontenoy_data;
use fontenoy_data::*;

// ------------------------------------------------------------------ scenario 1 (10.1)

#[test]
fn r10_1a_ingoldsby_turns_0600_to_0900_allies_then_french() {
    let s = scen("ingoldsby");
    let t = &s.scenario.turns;
    assert_eq!((t.first, t.last), (1, 10));
    assert_eq!((label(&s, 1), label(&s, 10)), ("06:00", "09:00"));
    assert_eq!(label(&s, 2), "06:20");
    let r = rules(&s);
    assert_eq!(r["maps"], serde_json::json!(["S"]));
    assert!(r["eotn"].is_null());
    assert_eq!(r["initiative"], "allies_then_french");
    assert!(r["organisation"]["french"]["cinc"].is_null());
    assert!(r["organisation"]["allied"]["cinc"].is_null());
    assert_eq!(
        r["rules_in_force"],
        serde_json::json!(["1", "2.4", "2.10", "3.1", "3.5a", "4.1", "4.2d", "8", "9"])
    );
    let opts: Vec<&str> = s.scenario.options.iter().map(|o| o.id.as_str()).collect();
    assert!(opts.contains(&"10.1e") && opts.contains(&"10.1a-f"));
}

#[test]
fn r10_1b_ingoldsby_french_setup() {
    let s = scen("ingoldsby");
    assert_eq!(counts(&s)[0], (6, 2, 0, 0));
    for u in ["fr-1-deu", "fr-4lb-7", "fr-chambonnas"] {
        assert_eq!(at(&s, u), "S4405", "{u}");
    }
    let r = rules(&s)["redoubts"].as_array().unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0]["hex"].as_str(), r[0]["size"].as_str()),
        (Some("S4405"), Some("large"))
    );
}

#[test]
fn r10_1b_grassins_anywhere_in_the_bois_de_barry() {
    let s = scen("ingoldsby");
    let wood = place(&s, "bois-de-barry");
    for u in ["fr-1-gap", "fr-2-gap", "fr-3-gap", "fr-gcf"] {
        let h = at(&s, u);
        assert!(wood.contains(&h), "{u} {h}");
        assert_eq!(s.map.terrain_of(&h), ["woods"], "{u}");
        assert!(h.starts_with('S'), "South map only");
    }
    let div = &rules(&s)["organisation"]["french"]["divisions"][1];
    assert_eq!(div["id"], "fr-grassin");
    assert_eq!(div["flexible"], true, "2.1");
}

#[test]
fn r10_1_ingoldsby_setup_within_one_hex_of_s6012() {
    let s = scen("ingoldsby");
    assert_eq!(counts(&s)[1], (5, 1, 1, 0));
    let south = place(&s, "s1-south-of-road");
    let deep = place(&s, "bois-de-barry-deep");
    for u in [
        "al-dur",
        "al-pul",
        "al-sem",
        "al-bos",
        "al-bou",
        "al-ingoldsby",
    ] {
        let h = at(&s, u);
        assert!(dist(&s, &h, "S6012") <= 1, "{u} {h}");
        // 10.1a D: along or north of the road, not deep in the wood
        assert!(!south.contains(&h) && !deep.contains(&h), "{u} {h}");
    }
    let units = &rules(&s)["organisation"]["allied"]["divisions"][0]["units"];
    assert_eq!(
        units,
        &serde_json::json!(["al-dur", "al-pul", "al-sem", "al-bos", "al-bou"]),
        "4.2d"
    );
}

#[test]
fn r10_1c_six_pounder_arrives_at_0700_in_s5611() {
    let s = scen("ingoldsby");
    let r = &s.scenario.reinforcements;
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].unit, "al-en-6lb-2");
    assert_eq!(label(&s, r[0].turn), "07:00");
    assert_eq!(r[0].hex, ["S5611"]);
}

#[test]
fn r10_1a_c_d_boundaries() {
    let s = scen("ingoldsby");
    let b = rules(&s)["boundaries"].as_array().unwrap();
    let by_rule: Vec<(&str, &str)> = b
        .iter()
        .map(|x| {
            (
                x["rule"].as_str().unwrap(),
                x.get("in_bounds")
                    .or(x.get("out_of_bounds"))
                    .unwrap()
                    .as_str()
                    .unwrap(),
            )
        })
        .collect();
    assert_eq!(
        by_rule,
        [
            ("10.1a C", "bois-de-barry"),
            ("10.1a D", "s1-south-of-road"),
            ("10.1a D", "bois-de-barry-deep")
        ]
    );
    // the road line itself is allowed; the deep wood is the wood minus its edge
    let road = place(&s, "s1-road");
    assert!(road.is_disjoint(&place(&s, "s1-south-of-road")));
    let wood = place(&s, "bois-de-barry");
    let deep = place(&s, "bois-de-barry-deep");
    assert!(deep.is_subset(&wood) && deep.len() < wood.len());
    assert!(!deep.contains("S4704"), "the edge of the wood");
}

#[test]
fn r10_1d_capture_of_s4405_wins() {
    let s = scen("ingoldsby");
    let v = &s.scenario.victory;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].fields["hex"], "S4405");
    assert_eq!(v[0].fields["winner"], "allied");
}

// ------------------------------------------------------------------ scenario 2 (10.2)

#[test]
fn r10_2a_dutch_attack_turns_0900_to_1120_eotn_4() {
    let s = scen("dutch-attack");
    let t = &s.scenario.turns;
    assert_eq!((t.first, t.last), (1, 8));
    assert_eq!((label(&s, 1), label(&s, 8)), ("09:00", "11:20"));
    assert_eq!(rules(&s)["eotn"], 4);
    assert_eq!(rules(&s)["maps"], serde_json::json!(["S"]));
    assert_eq!(rules(&s)["initiative"], "rolled");
}

#[test]
fn r10_2b_dutch_attack_french_setup() {
    let s = scen("dutch-attack");
    assert_eq!(counts(&s)[0], (44, 11, 0, 0));
    assert_eq!(artillery(&s, "french"), 11);
    for (u, h) in [
        ("fr-16lb", "S1012"),
        ("fr-1-pie", "S1815"),
        ("fr-2-pie", "S1915"),
        ("fr-4lb-1", "S1915"),
        ("fr-mar", "S2113"),
        ("fr-bea", "S4012"),
        ("fr-1-dur", "S3712"),
        ("fr-2-dur", "S3712"),
        ("fr-3-dur", "S3711"),
        ("fr-4-dur", "S3711"),
        ("fr-col-a", "S2910"),
        ("fr-chb-b", "S2808"),
    ] {
        assert_eq!(at(&s, u), h, "{u}");
    }
    assert_eq!(hexes(&s, "fr-mdc"), ["S3013", "S3113"]);
    assert_eq!(hexes(&s, "fr-bef"), ["S3213", "S3313"]);
    assert_eq!(hexes(&s, "fr-rod"), ["S3413", "S3513"]);
    let red: Vec<(&str, &str)> = rules(&s)["redoubts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["hex"].as_str().unwrap(), r["size"].as_str().unwrap()))
        .collect();
    assert_eq!(
        red,
        [("S2914", "small"), ("S3314", "small"), ("S3714", "small")]
    );
    for (u, h) in [
        ("fr-1-die", "S2914"),
        ("fr-2-die", "S3314"),
        ("fr-3-die", "S3714"),
    ] {
        assert_eq!(at(&s, u), h);
    }
    assert_eq!(rules(&s)["organisation"]["french"]["cinc"], "fr-saxe");
}

#[test]
fn r10_2a_f_potential_french_reinforcements() {
    let s = scen("dutch-attack");
    let p = &rules(&s)["potential_reinforcements"];
    assert_eq!(
        p["divisions"],
        serde_json::json!(["fr-du-roy", "fr-colonel-general", "fr-etranger"])
    );
    let units: usize = rules(&s)["organisation"]["french"]["divisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| p["divisions"].as_array().unwrap().contains(&d["id"]))
        .map(|d| d["units"].as_array().unwrap().len())
        .sum();
    assert_eq!(units, 12);
}

#[test]
fn r10_2c_dutch_setup() {
    let s = scen("dutch-attack");
    assert_eq!((counts(&s)[1].0, counts(&s)[1].1), (42, 17));
    assert_eq!(artillery(&s, "allied"), 8);
    for (u, h) in [
        ("al-hol", "S2222"),
        ("al-krb", "S3724"),
        ("al-mvn", "S3724"),
        ("al-bui", "S4023"),
        ("al-rec", "S4023"),
        ("al-dor", "S4917"),
        ("al-nl-how", "S2221"),
        ("al-nl-6lb", "S2121"),
        ("al-nl-3lb-4", "S4716"),
    ] {
        assert_eq!(at(&s, u), h, "{u}");
    }
    let org = &rules(&s)["organisation"]["allied"];
    assert_eq!(org["cinc"], "al-waldeck");
    let wings: Vec<&str> = org["wings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        wings,
        [
            "al-cronstrom-wing",
            "al-hesse-wing",
            "al-coenders-wing",
            "al-schwartzenberg-wing"
        ]
    );
    // Waldeck with a unit of Sturler's brigade
    let w = at(&s, "al-waldeck");
    assert!(
        ["al-rij", "al-1-sal", "al-2-sal", "al-ben", "al-cro"]
            .iter()
            .any(|u| at(&s, u) == w)
    );
}

#[test]
fn r10_2c_dutch_reinforcements_at_10_00() {
    let s = scen("dutch-attack");
    let got: Vec<(&str, &str, &str)> = s
        .scenario
        .reinforcements
        .iter()
        .map(|r| (r.unit.as_str(), label(&s, r.turn), r.hex[0].as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("al-konigsegg", "10:00", "S4322"),
            ("al-lig", "10:00", "S4322"),
            ("al-lim", "10:00", "S4322"),
            ("al-sch-a", "10:00", "S4223"),
            ("al-sch-b", "10:00", "S4223"),
            ("al-wal", "10:00", "S4614"),
            ("al-dur", "10:00", "S4713"),
            ("al-sem", "10:00", "S4613")
        ]
    );
    for r in &s.scenario.reinforcements {
        assert_eq!(r.fields["placed_before_initiative"], true);
    }
    assert_eq!(
        text(s.counter("al-lig").unwrap(), "nationality"),
        Some("austrian")
    );
    assert_eq!(
        text(s.counter("al-sem").unwrap(), "nationality"),
        Some("english")
    );
    let org = &rules(&s)["organisation"]["allied"];
    let austrians = org["divisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == "al-austrians")
        .unwrap();
    assert_eq!(austrians["commander"], "al-konigsegg");
    assert_eq!(austrians["units"], serde_json::json!(["al-lig", "al-lim"]));
    for u in ["al-sch-a", "al-sch-b", "al-wal", "al-dur", "al-sem"] {
        assert!(
            org["independent_units"]
                .as_array()
                .unwrap()
                .contains(&Json::from(u))
        );
    }
}

#[test]
fn r10_2a_c_waldeck_commands_with_cr3_wan6() {
    let s = scen("dutch-attack");
    let w = &rules(&s)["command_overrides"]["al-waldeck"];
    assert_eq!(
        (w["command_rating"].as_i64(), w["wan"].as_i64()),
        (Some(3), Some(6))
    );
    assert_eq!(w["keeps_4_2c"], true);
    assert!(w["replacement"].is_null());
}

#[test]
fn r10_2a_d_one_allied_morale_track_and_none_for_the_french() {
    let s = scen("dutch-attack");
    let m = &rules(&s)["morale_tracks"];
    assert!(m["french"].as_array().unwrap().is_empty());
    let a = m["allied"].as_array().unwrap();
    assert_eq!(a.len(), 1);
    assert_eq!(
        a[0]["nationalities"],
        serde_json::json!(["dutch", "english", "austrian"])
    );
}

#[test]
fn r10_2a_g_no_unit_crosses_row_11_east_of_s4111() {
    let s = scen("dutch-attack");
    let out = place(&s, "s2-out-of-bounds");
    for h in &out {
        let (col, row): (u32, u32) = (h[1..3].parse().unwrap(), h[3..].parse().unwrap());
        assert!(h.starts_with('S') && col >= 42 && row <= 10, "{h}");
    }
    assert_eq!(out.len(), 29 * 10);
    for p in &s.scenario.setup {
        assert!(p.hex.iter().all(|h| !out.contains(h)), "{}", p.unit);
    }
    for r in &s.scenario.reinforcements {
        assert!(!out.contains(&r.hex[0]), "{}", r.unit);
    }
}

#[test]
fn r10_2d_victory_points() {
    let s = scen("dutch-attack");
    let vp = |id: &str| -> i64 {
        s.scenario
            .victory
            .iter()
            .find(|v| v.id == id)
            .unwrap()
            .fields["vp"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(vp("vp-fontenoy"), 1);
    assert_eq!(vp("vp-antoin"), 2);
    assert_eq!(vp("vp-redoubts"), 1);
    assert_eq!(vp("vp-perimeter"), 5);
    assert_eq!(vp("vp-french-reinforcements"), 1);
    assert_eq!(vp("vp-dutch-losses"), -2);
    // the historical result: one brigade activated, 50 boxes shaded -> -3, overwhelming French
    let levels = &s
        .scenario
        .victory
        .iter()
        .find(|v| v.id == "levels")
        .unwrap()
        .fields["levels"];
    let result = |score: i64| -> String {
        levels
            .as_array()
            .unwrap()
            .iter()
            .find(|l| {
                l["min"].as_i64().is_none_or(|m| score >= m)
                    && l["max"].as_i64().is_none_or(|m| score <= m)
            })
            .unwrap()["result"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let historical = vp("vp-french-reinforcements") + 50 / 25 * vp("vp-dutch-losses");
    assert_eq!(historical, -3);
    assert_eq!(result(historical), "overwhelming_french_victory");
    assert_eq!(result(historical + 3), "narrow_french_victory");
    assert_eq!(result(1), "narrow_dutch_victory");
    assert_eq!(result(3), "overwhelming_dutch_victory");
    // the places the points name
    assert!(!place(&s, "fontenoy").is_empty() && !place(&s, "antoin").is_empty());
}

// ------------------------------------------------------------------ scenario 3 (10.3)

#[test]
fn r10_3a_english_attack_turns_1020_to_1400_eotn_8() {
    let s = scen("english-attack");
    let t = &s.scenario.turns;
    assert_eq!((t.first, t.last), (1, 12));
    assert_eq!((label(&s, 1), label(&s, 12)), ("10:20", "14:00"));
    assert_eq!(rules(&s)["eotn"], 8);
    assert_eq!(rules(&s)["maps"], serde_json::json!(["N", "S"]));
    let ic = &rules(&s)["infernal_column"];
    assert_eq!(ic["use"], "required");
    assert_eq!(
        label(&s, ic["declare_by_turn"].as_u64().unwrap() as u32),
        "11:00"
    );
    let rif = rules(&s)["rules_in_force"].as_array().unwrap();
    for r in ["3.6", "3.8", "3.9a", "3.9b"] {
        assert!(!rif.contains(&Json::from(r)), "10.3a F: {r} not used");
    }
    assert!(rif.contains(&Json::from("7.1")));
}

#[test]
fn r10_3b_english_attack_french_setup() {
    let s = scen("english-attack");
    assert_eq!(counts(&s)[0], (89, 25, 0, 1));
    for u in ["fr-louis-xv", "fr-noailles", "fr-richelieu", "fr-gdc-l"] {
        assert_eq!(at(&s, u), "N3630", "{u}");
    }
    for (u, h) in [
        ("fr-4lb-11", "N3730"),
        ("fr-2-gfr", "S4106"),
        ("fr-4lbs-3", "S4106"),
        ("fr-2-deu", "N4633"),
        ("fr-4lb-8", "N4633"),
        ("fr-cor", "N4631"),
        ("fr-3-vai", "N4033"),
        ("fr-4lbs-7", "N4929"),
        ("fr-gen-a", "N3719"),
        ("fr-car-e", "N3714"),
    ] {
        assert_eq!(at(&s, u), h, "{u}");
    }
    // not in scenario 3
    for u in [
        "fr-lutteaux",
        "fr-biron",
        "fr-1-pie",
        "fr-1-cri",
        "fr-mdc",
        "fr-1-die",
        "fr-1-dau",
        "fr-1-dur",
        "fr-1-gap",
        "fr-16lb",
        "fr-du-brocard",
        "fr-grammont",
        "fr-stj",
    ] {
        assert!(!placed(&s, u), "{u}");
    }
    // Grammont replaced
    assert_eq!(at(&s, "fr-repl-01"), at(&s, "fr-1-gfr"));
    let gardes = rules(&s)["organisation"]["french"]["divisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == "fr-gardes")
        .unwrap();
    assert_eq!(gardes["commander"], "fr-repl-01");
    let red: Vec<&str> = rules(&s)["redoubts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["hex"].as_str().unwrap())
        .collect();
    assert_eq!(red, ["S4405", "N4633"]);
}

#[test]
fn r10_3b_lowendahl_at_12_00_near_normandie() {
    let s = scen("english-attack");
    let r = &s.scenario.reinforcements;
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].unit, "fr-lowendahl");
    assert_eq!(label(&s, r[0].turn), "12:00");
    let h = &r[0].hex[0];
    assert!(
        ["fr-1-nor", "fr-2-nor", "fr-3-nor", "fr-4-nor"]
            .iter()
            .any(|u| dist(&s, h, &at(&s, u)) <= 5)
    );
    assert_eq!(rules(&s)["lowendahl"]["mode"], "super_command_leader");
}

#[test]
fn r10_3c_english_attack_allied_setup() {
    let s = scen("english-attack");
    assert_eq!(counts(&s)[1], (29, 10, 0, 0));
    assert_eq!(artillery(&s, "allied"), 6);
    assert_eq!(hexes(&s, "al-pul"), ["S5007", "S5107"]);
    assert_eq!(hexes(&s, "al-bos"), ["S4806", "S4906"]);
    for (u, h) in [
        ("al-en-how", "S4911"),
        ("al-en-6lb-1", "S4706"),
        ("al-en-6lb-2", "S4708"),
        ("al-hn-3lb-1", "S4711"),
        ("al-hn-3lb-3", "S4713"),
        ("al-fgd", "S4807"),
        ("al-grh", "S4816"),
        ("al-bli", "S5014"),
        ("al-cam", "S5016"),
        ("al-zas", "S5211"),
        ("al-spo", "S5212"),
    ] {
        assert_eq!(at(&s, u), h, "{u}");
    }
    let c = s.counter("al-cumberland").unwrap();
    assert_eq!(
        int(c, "command_distance"),
        Some(6),
        "10.3c: the CD 6 counter"
    );
    assert!(placed(&s, "al-cumberland") && !placed(&s, "al-cumberland-cd3"));
    assert_eq!(rules(&s)["organisation"]["allied"]["cinc"], "al-cumberland");
    for u in [
        "al-dur",
        "al-sem",
        "al-bou",
        "al-hol",
        "al-lig",
        "al-campbell",
    ] {
        assert!(!placed(&s, u), "{u}");
    }
}

#[test]
fn r10_3a_g_h_losses_at_start() {
    let s = scen("english-attack");
    let a = &rules(&s)["army_loss_at_start"];
    assert_eq!(a["french"]["points"], 10);
    assert_eq!(
        a["french"]["commanders_lost"],
        serde_json::json!(["fr-grammont", "fr-du-brocard"])
    );
    assert_eq!(
        a["allied"]["commanders_lost"],
        serde_json::json!(["al-campbell"])
    );
    assert_eq!(a["allied"]["track"], "anglo-austro-hanoverian");
    let m = &rules(&s)["morale_tracks"]["allied"];
    assert_eq!(m.as_array().unwrap().len(), 2, "4.3: two Allied tracks");
}

#[test]
fn r10_3a_b_c_d_scenario_lines() {
    let s = scen("english-attack");
    let wood = place(&s, "bois-de-barry");
    let limit = place(&s, "s3-french-limit");
    let out = place(&s, "s3-out-of-bounds");
    for p in &s.scenario.setup {
        let c = s.counter(&p.unit).unwrap();
        for h in &p.hex {
            assert!(!wood.contains(h), "10.3a B: {} in the wood", p.unit);
            if c.side == "french" {
                assert!(!limit.contains(h), "10.3a C: {}", p.unit);
                assert!(!out.contains(h), "10.3a D: {}", p.unit);
            }
        }
    }
    // S46xx is the French limit; S47xx is beyond it
    assert!(!limit.contains("S4601") && limit.contains("S4701"));
    // the line's south side is out; 10.3a D lets Allied units start there (GRH S4816)
    assert!(out.contains("S4816") && !out.contains("S4815") && !out.contains("S4011"));
    assert!(out.contains("S4012"));
}

#[test]
fn r10_3d_control_of_n3630() {
    let s = scen("english-attack");
    assert_eq!(s.scenario.victory[0].fields["hex"], "N3630");
    assert_eq!(s.scenario.victory[0].fields["when"], "end");
    let v = &rules(&s)["single_map_variant"]["victory"];
    assert_eq!(
        (v["sp_exited"].as_i64(), v["exit_hex"].as_str()),
        (Some(25), Some("S3801"))
    );
}

// ------------------------------------------------------------------ scenario 4 (10.4)

#[test]
fn r10_4a_battle_starts_0900_eotn_11_ends_1940() {
    let s = scen("battle");
    let t = &s.scenario.turns;
    assert_eq!(t.first, 1);
    assert_eq!((label(&s, 1), label(&s, t.last)), ("09:00", "19:40"));
    assert_eq!(t.last, 33);
    assert_eq!(rules(&s)["eotn"], 11);
    let ic = s.scenario.options.iter().find(|o| o.id == "7.1").unwrap();
    assert!(ic.default, "10.4a D: strongly recommended");
}

#[test]
fn r10_4b_battle_french_setup() {
    let s = scen("battle");
    assert_eq!(counts(&s)[0], (144, 34, 4, 1));
    assert_eq!(artillery(&s, "french"), 27);
    for u in ["fr-louis-xv", "fr-noailles", "fr-richelieu", "fr-gdc-l"] {
        assert_eq!(at(&s, u), "N3527", "{u}");
    }
    for (u, h) in [
        ("fr-4lb-11", "N3528"),
        ("fr-ang", "N3708"),
        ("fr-4lb-10", "N3609"),
        ("fr-tra", "N4512"),
        ("fr-4lb-9", "N4512"),
        ("fr-cor", "N4608"),
        ("fr-salency", "N4608"),
        ("fr-1-nor", "N4612"),
        ("fr-4lbs-7", "N4612"),
        ("fr-16lb", "S1012"),
        ("fr-1-pie", "S1815"),
        ("fr-bea", "S4012"),
    ] {
        assert_eq!(at(&s, u), h, "{u}");
    }
    let cor = s
        .scenario
        .setup
        .iter()
        .find(|p| p.unit == "fr-cor")
        .unwrap();
    assert_eq!(cor.fields["attached_to"], "fr-normandie");
    // 10.4a B: du Brocard and Grammont lost, Campbell too (10.4a C)
    assert!(!placed(&s, "fr-du-brocard") && !placed(&s, "fr-grammont"));
    assert!(!placed(&s, "al-campbell"));
    let a = &rules(&s)["army_loss_at_start"];
    assert_eq!(
        a["french"]["commanders_lost"],
        serde_json::json!(["fr-grammont", "fr-du-brocard"])
    );
    let red: Vec<&str> = rules(&s)["redoubts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["hex"].as_str().unwrap())
        .collect();
    assert_eq!(red, ["S2914", "S3314", "S3714", "S4405", "N4633"]);
}

#[test]
fn r10_4b_grassins_in_the_wood_north_of_row_06() {
    let s = scen("battle");
    let wood = place(&s, "bois-de-barry");
    for u in ["fr-1-gap", "fr-2-gap", "fr-3-gap", "fr-gcf"] {
        let h = at(&s, u);
        let row: u32 = h[3..].parse().unwrap();
        assert!(
            wood.contains(&h) && (h.starts_with('N') || row <= 6),
            "{u} {h}"
        );
    }
}

#[test]
fn r3_9b_bridgehead_garrison_at_start() {
    let s = scen("battle");
    let bh = place(&s, "bridgehead");
    let (mut units, mut guns, mut good) = (0, 0, 0);
    for p in &s.scenario.setup {
        if p.hex.iter().any(|h| bh.contains(h)) {
            let c = s.counter(&p.unit).unwrap();
            assert_eq!(c.side, "french");
            match c.unit_type.as_str() {
                "artillery" => guns += 1,
                "infantry" | "cavalry" => {
                    units += 1;
                    if int(c, "er").unwrap() <= 28 {
                        good += 1;
                    }
                }
                _ => {}
            }
        }
    }
    assert_eq!((units, guns), (6, 2));
    assert!(good >= 3);
    for u in ["fr-5-gfr", "fr-6-gfr", "fr-3-gsu", "fr-12lb-1", "fr-12lb-2"] {
        assert!(bh.contains(&at(&s, u)), "{u}");
    }
    let militia = s
        .scenario
        .setup
        .iter()
        .filter(|p| text(s.counter(&p.unit).unwrap(), "class") == Some("militia"))
        .count();
    assert_eq!(militia, 3, "any 3 militia units");
}

#[test]
fn r3_9d_west_bank_artillery() {
    let s = scen("battle");
    let west = place(&s, "west-bank");
    for u in ["fr-16lb", "fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"] {
        assert!(west.contains(&at(&s, u)), "{u}");
    }
    for u in ["fr-4lbs-10", "fr-4lbs-11", "fr-4lbs-12"] {
        assert!(dist(&s, &at(&s, u), "N1421") <= 10, "{u}");
    }
    assert!(!west.contains("N1421") && !west.contains("S1712"));
}

#[test]
fn r3_8_lowendahl_detachment() {
    let s = scen("battle");
    let d = &rules(&s)["lowendahl_detachment"];
    assert_eq!(d["entry_hex"], "N1801");
    assert_eq!(
        label(&s, d["turn_reached"].as_u64().unwrap() as u32),
        "12:00"
    );
    assert_eq!(d["markers"], serde_json::json!([9, 8, 7, 6, 5, 4, 3, 2, 1]));
    assert_eq!(
        d["groups"]["cavalry"],
        serde_json::json!(["fr-egd-a", "fr-egd-b"])
    );
    let arriving: Vec<&str> = s
        .scenario
        .reinforcements
        .iter()
        .filter(|r| r.fields.get("detachment").is_some())
        .map(|r| r.unit.as_str())
        .collect();
    assert_eq!(
        arriving,
        [
            "fr-lowendahl",
            "fr-egd-a",
            "fr-egd-b",
            "fr-4lbs-8",
            "fr-4lbs-9"
        ]
    );
    for r in &s.scenario.reinforcements {
        if r.fields.get("detachment").is_some() {
            assert_eq!(r.hex, ["N1801"]);
            assert!(
                r.provenance.as_ref().unwrap().is_provisional(),
                "3.8d: variable turn"
            );
        }
    }
    // 6.6: the Tournay units, with 7 militia
    let t = &rules(&s)["tournay"];
    assert_eq!(t["option"], "6.6");
    let units: Vec<&str> = t["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["unit"].as_str().unwrap())
        .collect();
    assert_eq!(units.iter().filter(|u| u.starts_with("fr-mil-")).count(), 7);
    for u in [
        "fr-sep-a", "fr-sep-b", "fr-stj", "fr-eco", "fr-1-low", "fr-2-low",
    ] {
        assert!(units.contains(&u) && !placed(&s, u), "{u}");
    }
}

#[test]
fn r10_4c_dutch_as_printed_and_the_completion_provisional() {
    let s = scen("battle");
    // the printed part: Cronstrom's wing as in 10.2c
    let two = scen("dutch-attack");
    for u in [
        "al-hol", "al-aij", "al-bud", "al-ovr", "al-osl", "al-smi", "al-lal", "al-brn",
    ] {
        assert_eq!(at(&s, u), at(&two, u), "{u}");
        let p = s.scenario.setup.iter().find(|p| p.unit == *u).unwrap();
        assert!(p.provenance.is_none(), "{u} is printed (rulebook)");
    }
    // everything after the cut is provisional, and says so
    for u in [
        "al-mas-a",
        "al-rij",
        "al-nl-how",
        "al-fgd",
        "al-pul",
        "al-cumberland",
    ] {
        let p = s.scenario.setup.iter().find(|p| p.unit == *u).unwrap();
        assert!(
            p.provenance
                .as_ref()
                .is_some_and(Provenance::is_provisional),
            "{u}"
        );
    }
    for r in &s.scenario.reinforcements {
        assert!(
            r.provenance.as_ref().unwrap().is_provisional(),
            "{}",
            r.unit
        );
    }
    assert_eq!((counts(&s)[1].0, counts(&s)[1].1), (74, 29));
    // 4.2d: Ingoldsby's division exists at the start of scenario 4
    let div = rules(&s)["organisation"]["allied"]["divisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == "al-ingoldsby")
        .unwrap()
        .clone();
    assert_eq!(
        div["units"],
        serde_json::json!(["al-pul", "al-bos", "al-dur", "al-sem", "al-bou"])
    );
}

#[test]
fn generator_reproduces_the_files() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::process::Command::new("python3")
        .arg(root.join("tools/fontenoy-scenarios/gen.py"))
        .arg("--check")
        .output();
    match out {
        Ok(o) => assert!(
            o.status.success(),
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => eprintln!("python3 not available, skipped: {e}"),
    }
}
