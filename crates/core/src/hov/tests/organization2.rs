//! The set-up's organisation rules (§199–§201) and the self-employed leaders entering play
//! (§22 2); the first part of the Organization Segment is in `organization.rs`.

use alloc::vec::Vec;

use super::organization::{advance, leader, load, unit};
use crate::data::Library;
use crate::engine::Rules;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::state::{LeaderId, LeaderPlace, Phase};
use crate::hov::types::{Arm, COALITION};

const SCENARIOS: [&str; 3] = ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"];

#[test]
fn e201_units_set_up_apart_are_led_by_a_major_general_of_their_type() {
    for id in SCENARIOS {
        let h = load(id);
        let s = h.initial_state();
        let mut seen = 0;
        for (i, u) in s.units.iter().enumerate() {
            let Some(l) = u.leader else { continue };
            let Some(mg) = h.manifest.leaders[usize::from(l)].mg else {
                continue;
            };
            seen += 1;
            let arm = h.manifest.units[i].arm;
            assert!(
                arm == Arm::Artillery || arm == mg,
                "{id}: {} under {}",
                h.manifest.units[i].id,
                h.manifest.leaders[usize::from(l)].id
            );
        }
        assert!(seen > 0, "{id}: units under Major Generals");
    }
    // A set-up putting a cavalry unit under an infantry Major General is refused.
    let lib = Library::builtin().expect("the built-in library");
    let mut sc = lib.scenario("hov/eylau").expect("eylau");
    let h = load("hov/eylau");
    let cav_unit = sc
        .scenario
        .setup
        .iter()
        .position(|p| {
            h.manifest
                .units
                .iter()
                .any(|u| u.id == p.unit && u.arm == Arm::Cavalry)
                && p.fields.contains_key("leader")
        })
        .expect("a cavalry unit in the set-up");
    let inf_mg = h
        .manifest
        .leaders
        .iter()
        .find(|x| x.side == COALITION && x.mg == Some(Arm::Infantry))
        .expect("an infantry Major General")
        .id
        .clone();
    sc.scenario.setup[cav_unit]
        .fields
        .insert("leader".into(), serde_json::Value::String(inf_mg));
    let e = Hov::new(&sc).unwrap_err();
    assert!(alloc::format!("{e}").contains("§201"), "{e}");
}

#[test]
fn e200_a_mixed_units_cavalry_goes_to_a_cavalry_mg_only_without_its_infantry() {
    let h = load("hov/eylau");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, COALITION);
    let cav = unit(&h, "R-ag-baggovut-cav");
    let inf = unit(&h, "R-ag-baggovut");
    let bagration = leader(&h, "R-bagration");
    assert_eq!(s.units[usize::from(cav)].leader, Some(bagration));
    assert!(s.units[usize::from(inf)].sp > 0);
    let mg = (0..s.leaders.len() as LeaderId)
        .find(|&l| {
            let x = &h.manifest.leaders[usize::from(l)];
            x.side == COALITION
                && x.mg == Some(Arm::Cavalry)
                && s.leaders[usize::from(l)].place == LeaderPlace::Out
                && !h.manifest.units.iter().any(|u| u.eponymous == Some(l))
        })
        .expect("a Russian cavalry Major General out of play");
    let a = Action::ActivateMg {
        mg,
        units: alloc::vec![cav],
        under: None,
    };
    let mut t = s.clone();
    let e = h.apply(&mut t, &a, &mut Vec::new()).unwrap_err();
    assert_eq!(e.rule, "§200");
    assert_eq!(t, s);
    let mut ls = Vec::new();
    h.legal_actions(&s, &mut ls);
    assert!(!ls.contains(&a));
    // Its infantry counterpart eliminated, it may.
    s.units[usize::from(inf)].sp = 0;
    s.units[usize::from(inf)].leader = None;
    let mut t = s.clone();
    match h.apply(&mut t, &a, &mut Vec::new()) {
        Ok(()) => assert_eq!(t.units[usize::from(cav)].leader, Some(mg)),
        Err(e) => assert_ne!(e.rule, "§200", "{e:?}"),
    }
}

#[test]
fn e22_2_a_self_employed_leader_enters_play_with_his_unit_in_its_hex() {
    // Pultusk–Golymin: Kamenski's division 4 is in play under Bennigsen, Kamenski is not.
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Organization, COALITION);
    let kam = leader(&h, "R-kamenski");
    let div = unit(&h, "R-div-4");
    assert_eq!(s.leaders[usize::from(kam)].place, LeaderPlace::Out);
    let ben = s.units[usize::from(div)]
        .leader
        .expect("division 4 in play");
    let at = h.leader_hex(&s, ben).unwrap();
    let enter = Action::ActivateMg {
        mg: kam,
        units: alloc::vec![div],
        under: None,
    };
    let mut ls = Vec::new();
    h.legal_actions(&s, &mut ls);
    assert!(ls.contains(&enter), "§22 2: he may be brought into play");
    // Not without his own unit.
    let other = (0..s.units.len() as u16)
        .find(|&u| {
            u != div
                && s.units[usize::from(u)].leader == Some(ben)
                && s.units[usize::from(u)].sp > 0
        })
        .expect("another unit of Bennigsen's");
    let mut t = s.clone();
    assert!(
        h.apply(
            &mut t,
            &Action::ActivateMg {
                mg: kam,
                units: alloc::vec![other],
                under: None,
            },
            &mut Vec::new(),
        )
        .is_err()
    );
    assert_eq!(t, s);
    let mut t = s.clone();
    h.apply(&mut t, &enter, &mut Vec::new()).unwrap();
    assert_eq!(
        t.leaders[usize::from(kam)].place,
        LeaderPlace::Map(at),
        "in his unit's hex"
    );
    assert_eq!(t.units[usize::from(div)].leader, Some(kam));
    // Only a Major General is removed again (§22 2): no deactivation is offered for him.
    let mut ls = Vec::new();
    h.legal_actions(&t, &mut ls);
    assert!(
        !ls.iter()
            .any(|a| matches!(a, Action::DeactivateMg { mg, .. } if *mg == kam))
    );
    // A leader the scenario removes never enters (§222: Lannes at Eylau).
    let h = load("hov/eylau");
    let lannes = leader(&h, "F-lannes");
    assert!(h.params.removed.contains(&lannes));
    let s = h.initial_state();
    assert_eq!(h.enters_with(&s, lannes), None);
}

#[test]
fn r33_a_captured_leader_returns_after_a_complete_turn_at_the_supply_source() {
    // ¶33: out of play for one complete Game-Turn, then back (reading N73: as an Unemployed
    // Leader at his army's active Supply Source, in his side's Administrative Segment).
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::Administrative, crate::hov::types::FRENCH);
    let (lannes, davout) = (leader(&h, "F-lannes"), leader(&h, "F-davout"));
    let army = crate::hov::types::Army::of(h.manifest.leaders[usize::from(lannes)].nationality);
    let crate::hov::state::Supply::Active(source) = s.supply[army.index()] else {
        panic!("no active French source");
    };
    s.leaders[usize::from(lannes)].place = LeaderPlace::Captured(s.turn);
    s.leaders[usize::from(davout)].place = LeaderPlace::Captured(s.turn + 1);
    let mut ev = Vec::new();
    h.admin_begins(&mut s, &mut ev);
    assert_eq!(
        s.leaders[usize::from(lannes)].place,
        LeaderPlace::Map(source)
    );
    assert_eq!(
        s.leaders[usize::from(davout)].place,
        LeaderPlace::Captured(s.turn + 1),
        "not before his complete turn out"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        crate::hov::event::Event::LeaderPlaced { leader, rule, .. } if *leader == lannes && rule == "¶33"
    )));
    // While the source is captured he waits.
    s.leaders[usize::from(lannes)].place = LeaderPlace::Captured(s.turn);
    s.supply[army.index()] = crate::hov::state::Supply::Captured(s.turn);
    h.admin_begins(&mut s, &mut ev);
    assert_eq!(
        s.leaders[usize::from(lannes)].place,
        LeaderPlace::Captured(s.turn)
    );
}
