//! Set-up (§193–§223): the three Battle Scenarios load, and the position matches what the text
//! prints (digest §6 lists the same facts).

use alloc::string::String;

use crate::data::Library;
use crate::hov::state::{GarrisonPlace, LeaderPlace, Phase, Supply};
use crate::hov::types::{Army, COALITION, FRENCH};
use crate::hov::{Area, Hov};

fn load(id: &str) -> Hov {
    let lib = Library::builtin().expect("the built-in library");
    let s = lib.scenario(id).expect(id);
    Hov::new(&s).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn hex(h: &Hov, label: &str) -> crate::hex::Hex {
    h.board.grid.parse(label).expect(label)
}

/// The leader `id`'s place, and the strength on his track of unit `unit`.
fn leader_at(h: &Hov, id: &str) -> LeaderPlace {
    let l = h.manifest.leader(id).expect(id);
    h.initial().leaders[usize::from(l)].place
}

fn track(h: &Hov, unit: &str) -> (String, u8) {
    let u = h.manifest.unit(unit).expect(unit);
    let st = h.initial().units[usize::from(u)];
    let l = st.leader.expect("on a track");
    (h.manifest.leaders[usize::from(l)].id.clone(), st.sp)
}

#[test]
fn e221_battle_scenario_1_pultusk_golymin() {
    let h = load("hov/pultusk-golymin");
    let p = &h.params;
    // §221: French first, turns 24 Dec – 2 Jan, morale 0, 5 commands each, the south area.
    assert_eq!(p.first_player, FRENCH);
    assert_eq!((p.first_turn, p.last_turn), (7, 10));
    assert_eq!(p.morale, 0);
    assert_eq!(p.commands, [5, 5]);
    assert_eq!(p.area, Area::South);
    let s = h.initial();
    assert_eq!(s.phase, Phase::Setup);
    assert_eq!(s.phasing, FRENCH);
    // Supply sources: Russian Ostrolenka (3938), French 0151.
    assert_eq!(
        s.supply[Army::Russian.index()],
        Supply::Active(hex(&h, "3938"))
    );
    assert_eq!(
        s.supply[Army::French.index()],
        Supply::Active(hex(&h, "0151"))
    );
    // Leaders and tracks as printed.
    assert_eq!(
        leader_at(&h, "R-buxhowden"),
        LeaderPlace::Map(hex(&h, "3346"))
    );
    assert_eq!(
        leader_at(&h, "R-bennigsen"),
        LeaderPlace::Map(hex(&h, "3245"))
    );
    assert_eq!(track(&h, "R-div-8"), ("R-buxhowden".into(), 3));
    assert_eq!(track(&h, "R-div-2"), ("R-bennigsen".into(), 3));
    assert_eq!(track(&h, "R-div-4"), ("R-bennigsen".into(), 2));
    assert_eq!(track(&h, "R-div-6"), ("R-bennigsen".into(), 2));
    assert_eq!(
        leader_at(&h, "F-napoleon"),
        LeaderPlace::Map(hex(&h, "2744"))
    );
    let nap = h.manifest.leader("F-napoleon").unwrap();
    assert_eq!(leader_at(&h, "F-bessieres"), LeaderPlace::Portrait(nap));
    assert_eq!(track(&h, "F-IG-inf"), ("F-bessieres".into(), 1));
    assert_eq!(leader_at(&h, "F-davout"), LeaderPlace::Map(hex(&h, "2945")));
    // Redoubts at Praga and Sierock, French.
    assert!(p.redoubts.contains(&(hex(&h, "3152"), FRENCH)));
    assert!(p.redoubts.contains(&(hex(&h, "3148"), FRENCH)));
    // §208: the French hold the class A and B depots, the Coalition the rest.
    for (d, owner) in h.board.depots.iter().zip(&s.depots) {
        let french = matches!(d.class, Some('A') | Some('B'));
        assert_eq!(*owner == FRENCH, french, "depot {}", d.name);
    }
    // A bridge is damaged at 2649.
    assert!(!s.broken.is_empty());
}

#[test]
fn e222_battle_scenario_2_eylau() {
    let h = load("hov/eylau");
    let p = &h.params;
    assert_eq!(p.first_player, FRENCH);
    assert_eq!((p.first_turn, p.last_turn), (22, 24));
    assert_eq!(p.commands, [4, 5]);
    assert_eq!(p.area, Area::North);
    let s = h.initial();
    // Supply sources: Coalition Insterburg (3909), French Thorn (0138).
    assert_eq!(
        s.supply[Army::Russian.index()],
        Supply::Active(hex(&h, "3909"))
    );
    assert_eq!(
        s.supply[Army::French.index()],
        Supply::Active(hex(&h, "0138"))
    );
    assert_eq!(
        leader_at(&h, "P-lestocq"),
        LeaderPlace::Map(hex(&h, "1814"))
    );
    let le = h.manifest.leader("P-lestocq").unwrap();
    let r = h.manifest.leaders[usize::from(le)].ratings;
    assert_eq!(
        (r.initiative, r.subordination, r.span),
        (4, 2, 4),
        "§222: L'Estocq 4[2]4"
    );
    assert_eq!(track(&h, "P-inf-auer"), ("P-lestocq".into(), 1));
    assert_eq!(
        leader_at(&h, "R-bennigsen"),
        LeaderPlace::Map(hex(&h, "2414"))
    );
    assert_eq!(track(&h, "R-div-3"), ("R-bennigsen".into(), 2));
    assert_eq!(
        leader_at(&h, "F-napoleon"),
        LeaderPlace::Map(hex(&h, "2423"))
    );
    // Four bridges damaged (0225, 0324, 0519, 0816).
    assert!(s.broken.len() >= 4);
}

#[test]
fn e223_battle_scenario_3_friedland() {
    let h = load("hov/friedland");
    let p = &h.params;
    assert_eq!(p.first_player, COALITION);
    assert_eq!((p.first_turn, p.last_turn), (64, 66));
    assert_eq!(p.commands, [7, 5]);
    let s = h.initial();
    assert_eq!(s.phasing, COALITION);
    assert_eq!(
        s.supply[Army::French.index()],
        Supply::Active(hex(&h, "0113"))
    );
    assert_eq!(
        leader_at(&h, "R-kamenski"),
        LeaderPlace::Map(hex(&h, "2407"))
    );
    assert_eq!(
        leader_at(&h, "F-napoleon"),
        LeaderPlace::Map(hex(&h, "2513"))
    );
    assert_eq!(track(&h, "F-IG-inf"), ("F-bessieres".into(), 2));
    assert!(s.broken.is_empty(), "§223: no bridges damaged");
}

#[test]
fn e207_garrisons_stand_in_their_towns() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        for &g in &h.params.garrisons {
            let st = h.initial().garrisons[usize::from(g)];
            let GarrisonPlace::Map(at) = st.place else {
                panic!("{id}: garrison not on the map")
            };
            assert!(h.board.hex(at).settlement != crate::hov::board::Settlement::None);
            assert_eq!(st.sp, h.manifest.garrisons[usize::from(g)].strength);
        }
    }
}

#[test]
fn e221_2_e222_3_e223_2_the_play_area_and_the_commands() {
    // §221: south of the Language Boundary; §222, §223: north of it; the boundary hexes are in
    // play in all three. §223: Coalition 5 commands, French 7.
    let south = load("hov/pultusk-golymin");
    let north = load("hov/eylau");
    let friedland = load("hov/friedland");
    assert_eq!(south.params.area, Area::South);
    assert_eq!(north.params.area, Area::North);
    assert_eq!(friedland.params.area, Area::North);
    assert_eq!(friedland.params.commands, [7, 5]);
    let hexes = south.board.grid.hexes();
    let find = |f: &dyn Fn(&crate::hov::board::HexInfo) -> bool| {
        hexes
            .iter()
            .copied()
            .find(|&x| {
                let i = south.board.hex(x);
                i.on_map && f(&i)
            })
            .expect("such a hex")
    };
    let n = find(&|i| i.north && !i.south);
    let s = find(&|i| i.south && !i.north);
    let both = find(&|i| i.north && i.south);
    assert!(!south.in_area(n) && south.in_area(s) && south.in_area(both));
    assert!(north.in_area(n) && !north.in_area(s) && north.in_area(both));
    // No counter of a Battle Scenario sets up outside its area.
    for h in [&south, &north, &friedland] {
        for (i, l) in h.initial().leaders.iter().enumerate() {
            if let LeaderPlace::Map(at) = l.place {
                assert!(h.in_area(at), "{} {}", h.scenario, h.manifest.leaders[i].id);
            }
        }
    }
}

#[test]
fn e221_3_e222_4_the_damaged_bridges() {
    // §221: 2649; §222: 0225, 0324, 0519, 0816 (reading A24: the bridges of those hexes);
    // §223: none.
    for (id, printed) in [
        ("hov/pultusk-golymin", &["2649"][..]),
        ("hov/eylau", &["0225", "0324", "0519", "0816"][..]),
        ("hov/friedland", &[][..]),
    ] {
        let h = load(id);
        let broken = &h.initial().broken;
        for label in printed {
            let at = hex(&h, label);
            assert!(broken.iter().any(|b| b.touches(at)), "{id} {label}");
        }
        for b in broken {
            assert!(
                printed.iter().any(|l| b.touches(hex(&h, l))),
                "{id}: a broken bridge not printed"
            );
        }
        assert_eq!(broken.is_empty(), printed.is_empty(), "{id}");
    }
}

#[test]
fn e222_7_e222_8_eylau_russian_and_french_set_up() {
    let h = load("hov/eylau");
    let ben = h.manifest.leader("R-bennigsen").unwrap();
    assert_eq!(
        leader_at(&h, "R-bennigsen"),
        LeaderPlace::Map(hex(&h, "2414"))
    );
    // Ostermann 1i, Sacken 2i, Kamenski 2i, Dochturov 2i, artillery Right 1, Center 1,
    // Reserve 2.
    for (u, sp) in [
        ("R-div-2", 1),
        ("R-div-3", 2),
        ("R-div-4", 2),
        ("R-div-7", 2),
        ("R-art-rt", 1),
        ("R-art-ct", 1),
        ("R-art-rs", 2),
    ] {
        assert_eq!(track(&h, u), ("R-bennigsen".into(), sp), "{u}");
    }
    let s = h.initial();
    assert!(s.units.iter().all(|u| u.leader != Some(ben) || u.sp > 0));
    // Removed: Buxhowden and Lannes.
    assert_eq!(leader_at(&h, "R-buxhowden"), LeaderPlace::Out);
    assert_eq!(leader_at(&h, "F-lannes"), LeaderPlace::Out);
    // Napoleon and the Guard at 2423: Bessieres on his portrait, Hulin 1i, Walther 1c, Couin 1a.
    assert_eq!(
        leader_at(&h, "F-napoleon"),
        LeaderPlace::Map(hex(&h, "2423"))
    );
    let nap = h.manifest.leader("F-napoleon").unwrap();
    assert_eq!(leader_at(&h, "F-bessieres"), LeaderPlace::Portrait(nap));
    for u in ["F-IG-inf", "F-IG-cav", "F-IG-art"] {
        assert_eq!(track(&h, u), ("F-bessieres".into(), 1), "{u}");
    }
    // Vedette pool: Borosdin; the French none.
    let bor = h
        .manifest
        .vedettes
        .iter()
        .position(|v| v.id == "R-ved-borosdin")
        .unwrap();
    assert_eq!(s.vedettes[bor].place, crate::hov::state::VedettePlace::Pool);
}

#[test]
fn e223_4_to_e223_7_friedland_set_up_and_forces_out_of_play() {
    let h = load("hov/friedland");
    let s = h.initial();
    // §223 4: the Poles, Sacken, Ostermann and Pahlen are out of play for the whole game: no
    // set-up, no reinforcement, never drawn as a substitute or March Division.
    assert_eq!(leader_at(&h, "R-sacken"), LeaderPlace::Out);
    for id in [
        "F-pol-dombrowski",
        "F-pol-zajaczak",
        "R-div-2",
        "R-div-3",
        "R-cav-ct",
    ] {
        let u = h.manifest.unit(id).expect(id);
        assert_eq!(s.units[usize::from(u)].leader, None, "{id}");
        assert!(!h.counter_free(s, u), "{id} may never come into play");
    }
    assert!(
        !h.params
            .reinforcements
            .iter()
            .any(|r| h.manifest.leaders[usize::from(r.leader)].id == "R-sacken")
    );
    // §223 5: L'Estocq at 2407 with Rembow 1i 1c, Diericke 1i, Hartmann 1a; Stutterheim at
    // Mehlsack (1916) with 1i.
    let kam = h.manifest.leader("R-kamenski").unwrap();
    assert_eq!(leader_at(&h, "P-lestocq"), LeaderPlace::Portrait(kam));
    for u in [
        "P-inf-rembow",
        "P-cav-rembow",
        "P-inf-diericke",
        "P-art-hartmann",
    ] {
        assert_eq!(track(&h, u), ("P-lestocq".into(), 1), "{u}");
    }
    assert_eq!(
        leader_at(&h, "P-stutterheim"),
        LeaderPlace::Map(hex(&h, "1916"))
    );
    assert_eq!(track(&h, "P-inf-stutterheim"), ("P-stutterheim".into(), 1));
    // §223 6: Kamenski at 2407 with his division 3i; Olsufief at 3011 with division 14 2i and
    // the Reserve artillery 2a; Bennigsen at 1919 with Ouvarov; Buxhowden removed.
    assert_eq!(
        leader_at(&h, "R-kamenski"),
        LeaderPlace::Map(hex(&h, "2407"))
    );
    assert_eq!(track(&h, "R-div-4"), ("R-kamenski".into(), 3));
    assert_eq!(
        leader_at(&h, "R-olsufief"),
        LeaderPlace::Map(hex(&h, "3011"))
    );
    assert_eq!(track(&h, "R-div-14"), ("R-olsufief".into(), 2));
    assert_eq!(track(&h, "R-art-rs"), ("R-olsufief".into(), 2));
    assert_eq!(
        leader_at(&h, "R-bennigsen"),
        LeaderPlace::Map(hex(&h, "1919"))
    );
    assert_eq!(track(&h, "R-cav-rt").0, "R-bennigsen");
    assert_eq!(leader_at(&h, "R-buxhowden"), LeaderPlace::Out);
    // §223 7: Napoleon and the Guard at Pr. Eylau (2513): Hulin 2i, Walther 1c, Couin 1a; the
    // French pool Bruyere.
    let nap = h.manifest.leader("F-napoleon").unwrap();
    assert_eq!(
        leader_at(&h, "F-napoleon"),
        LeaderPlace::Map(hex(&h, "2513"))
    );
    assert_eq!(leader_at(&h, "F-bessieres"), LeaderPlace::Portrait(nap));
    assert_eq!(track(&h, "F-IG-inf"), ("F-bessieres".into(), 2));
    assert_eq!(track(&h, "F-IG-cav"), ("F-bessieres".into(), 1));
    assert_eq!(track(&h, "F-IG-art"), ("F-bessieres".into(), 1));
    let pool: alloc::vec::Vec<&str> = h
        .manifest
        .vedettes
        .iter()
        .zip(&s.vedettes)
        .filter(|(_, v)| v.place == crate::hov::state::VedettePlace::Pool)
        .map(|(m, _)| m.id.as_str())
        .collect();
    assert!(pool.contains(&"F-ved-bruyere"), "{pool:?}");
}

#[test]
fn e223_4_an_out_of_play_counter_set_up_is_refused() {
    // The data may not both set up and remove a counter.
    let lib = Library::builtin().expect("the built-in library");
    let mut sc = lib.scenario("hov/eylau").expect("eylau");
    sc.scenario.rules.insert(
        "removed".into(),
        serde_json::json!(["R-buxhowden", "R-bennigsen"]),
    );
    assert!(Hov::new(&sc).is_err());
}

#[test]
fn e198_a_mixed_unit_has_a_counter_per_arm_set_up_on_one_track() {
    use crate::hov::types::Arm;
    let h = load("hov/eylau");
    // §198: the Guard, Russian divisions 9, 10, 17, 18 and the avant-guards of Baggovut and
    // Borosdin have an infantry and a cavalry counter (the Guard an artillery one too).
    for f in [
        "F-IG",
        "R-div-9",
        "R-div-10",
        "R-div-17",
        "R-div-18",
        "R-ag-baggovut",
        "R-ag-borosdin",
    ] {
        let arms: alloc::vec::Vec<Arm> = h
            .manifest
            .units
            .iter()
            .filter(|u| u.formation.as_deref() == Some(f))
            .map(|u| u.arm)
            .collect();
        assert!(arms.contains(&Arm::Infantry), "{f}");
        assert!(arms.contains(&Arm::Cavalry), "{f}");
        if f == "F-IG" {
            assert!(arms.contains(&Arm::Artillery));
        }
    }
    // At set-up the counters of one formation share a track.
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        let s = h.initial();
        for (i, a) in h.manifest.units.iter().enumerate() {
            for (j, b) in h.manifest.units.iter().enumerate() {
                let (x, y) = (s.units[i].leader, s.units[j].leader);
                if a.formation.is_some() && a.formation == b.formation && x.is_some() && y.is_some()
                {
                    assert_eq!(x, y, "{id}: {} and {}", a.id, b.id);
                }
            }
        }
    }
}

#[test]
fn e217_1_at_most_two_vedettes_with_a_coalition_force_and_one_with_a_french() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let h = load(id);
        for &(v, l) in &h.params.vedettes_with {
            let side = h.manifest.leaders[usize::from(l)].side;
            let n = h.params.vedettes_with.iter().filter(|x| x.1 == l).count();
            assert!(n <= if side == COALITION { 2 } else { 1 }, "{id}");
            assert_eq!(h.manifest.vedettes[usize::from(v)].side, side);
        }
    }
    // A second vedette with a French Force is refused when the scenario loads.
    let lib = Library::builtin().expect("the built-in library");
    let mut sc = lib.scenario("hov/eylau").expect("eylau");
    let ved = sc.scenario.rules["vedettes"]["french"]["placed_with"]
        .as_array_mut()
        .expect("placed_with");
    let first = ved[0]["leader"].clone();
    ved[1]["leader"] = first;
    assert!(Hov::new(&sc).is_err());
}

#[test]
fn e196_1_an_mg_line_is_led_by_a_major_general_of_that_type() {
    use crate::hov::types::Arm;
    // The set-up lines "MG Infantry" / "MG Cavalry": the data names one Major General counter
    // of that type.
    for (id, mg, arm, at) in [
        ("hov/eylau", "P-MG-inf-2", Arm::Infantry, Some("2315")),
        ("hov/pultusk-golymin", "R-MG-inf-1", Arm::Infantry, None),
        ("hov/friedland", "F-MG-cav-1", Arm::Cavalry, None),
        ("hov/friedland", "R-MG-cav-1", Arm::Cavalry, None),
    ] {
        let h = load(id);
        let l = h.manifest.leader(mg).expect(mg);
        assert_eq!(
            h.manifest.leaders[usize::from(l)].mg,
            Some(arm),
            "{id} {mg}"
        );
        let place = leader_at(&h, mg);
        assert!(
            matches!(
                place,
                LeaderPlace::Map(_) | LeaderPlace::Waiting | LeaderPlace::Portrait(_)
            ),
            "{id} {mg}: {place:?}"
        );
        if let Some(at) = at {
            assert_eq!(place, LeaderPlace::Map(hex(&h, at)));
        }
        // Any counter of the type would do: every Major General of one nationality and type
        // carries the same ratings.
        for x in &h.manifest.leaders {
            let info = &h.manifest.leaders[usize::from(l)];
            if x.id.contains("-MG-") && x.mg == info.mg && x.nationality == info.nationality {
                assert_eq!(x.ratings, info.ratings, "{id}: {} and {mg}", x.id);
            }
        }
    }
}
