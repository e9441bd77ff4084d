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
