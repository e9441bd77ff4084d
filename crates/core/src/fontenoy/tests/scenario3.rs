//! Scenario 3, the English Attack (F-10.3): the Allied units that begin an activation outside
//! the field (F-10.3a D, movement/come_in.rs) and the single-map version (F-10.3e).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::geometry::Placed;
use super::super::state::{Act, Phase, Place, Segment, State};
use super::super::types::Formation;
use super::super::units::UnitId;
use super::{hex, legal, scenario};
use crate::engine::{Rules, Side};
use crate::hex::{Compass, Direction, Facing, Hex};

fn unit(r: &Fontenoy, id: &str) -> UnitId {
    r.unit_index(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

fn place(r: &Fontenoy, id: &str) -> Vec<Hex> {
    r.board
        .place(id)
        .unwrap_or_else(|| panic!("no place {id}"))
        .hexes
        .clone()
}

/// The Allies activate the Division of `u` and reach its Movement Segment.
fn allied_movement(r: &Fontenoy, s: &mut State, u: UnitId) {
    let d = r.org.division_of[usize::from(u)].expect("a Division");
    s.steps.clear();
    s.phase = Phase::Activation;
    s.activation = Some(Fontenoy::new_activation(
        Side(1),
        alloc::vec![d],
        None,
        false,
    ));
    let div = &r.org.divisions[usize::from(d)];
    for &x in div.units.iter().chain(div.commander.iter()) {
        s.unit_mut(x).act = Act::Active;
    }
    let mut ev = Vec::new();
    r.enter_segment(s, Segment::Movement, &mut ev);
}

#[test]
fn f10_3a_d_an_allied_unit_that_begins_outside_the_field_must_end_its_activation_inside() {
    let (r, mut s) = scenario("fontenoy/english-attack");
    let out = place(&r, "s3-out-of-bounds");
    let grh = unit(&r, "al-grh");
    // GRH (set up at S4816) stands at S5318, beyond the line S4111–S5920 (S5317 is on it).
    assert!(out.contains(&hex("S4816")) && out.contains(&hex("S5318")));
    assert!(!out.contains(&hex("S5317")));
    let north = Facing::side(Direction::from_compass(Compass::N));
    s.unit_mut(grh).formation = Formation::MarchColumn;
    s.unit_mut(grh).place = Place::Map(Placed::at(hex("S5318"), north));
    allied_movement(&r, &mut s, grh);
    assert_eq!(s.activation.as_ref().unwrap().outside, alloc::vec![grh]);
    // The segment may not end while GRH can step nearer.
    assert!(!legal(&r, &s).contains(&Action::EndSegment));
    let before = s.clone();
    let mut ev = Vec::new();
    let e = r
        .apply(&mut s, &Action::EndSegment, &mut ev)
        .expect_err("GRH must come in");
    assert_eq!(e.rule, "10.3a D");
    assert!(e.reason.contains("GRH"), "{}", e.reason);
    assert_eq!(s, before);
    // Once it has begun to move it may not stop outside either.
    let step = legal(&r, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, to, .. } if *unit == grh && !out.contains(to)))
        .expect("a step onto the line");
    // A step that stays outside first (if any) leaves GRH unable to end there.
    let mut t = s.clone();
    if let Some(away) = legal(&r, &t)
        .into_iter()
        .find(|a| matches!(a, Action::Step { unit, to, .. } if *unit == grh && out.contains(to)))
    {
        super::apply(&r, &mut t, away);
        if r.must_come_in_now(&t, grh) {
            assert!(!legal(&r, &t).contains(&Action::EndMove { unit: grh }));
        }
    }
    // In: it may end, and the segment too.
    super::apply(&r, &mut s, step);
    assert!(legal(&r, &s).contains(&Action::EndMove { unit: grh }));
    assert!(legal(&r, &s).contains(&Action::EndSegment));
    // The French are not held so: French units outside may stay there.
    let (r, mut s) = scenario("fontenoy/english-attack");
    let fr = unit(&r, "fr-1-gfr");
    s.unit_mut(fr).place = Place::Map(Placed::at(hex("S4816"), north));
    s.unit_mut(fr).formation = Formation::MarchColumn;
    let d = r.org.division_of[usize::from(fr)].unwrap();
    s.steps.clear();
    s.phase = Phase::Activation;
    s.activation = Some(Fontenoy::new_activation(
        Side(0),
        alloc::vec![d],
        None,
        false,
    ));
    for &x in r.org.divisions[usize::from(d)].units.iter() {
        s.unit_mut(x).act = Act::Active;
    }
    let mut ev = Vec::new();
    r.enter_segment(&mut s, Segment::Movement, &mut ev);
    assert!(s.activation.as_ref().unwrap().outside.is_empty());
}

fn single_map() -> (Fontenoy, State) {
    super::scenarios::with_options("fontenoy/english-attack", &["10.3e-single-map"])
}

#[test]
fn f10_3e_the_single_map_version_leaves_out_the_north_map_and_its_units() {
    let (r, s) = single_map();
    // The South map only.
    assert!(!r.board.on_map(hex("N3630")));
    assert!(r.board.on_map(hex("S3801")));
    // Louis XV's party and the Brigade d'Eu's North-map units are out; the N4633 redoubt too.
    for id in [
        "fr-louis-xv",
        "fr-noailles",
        "fr-richelieu",
        "fr-gdc-l",
        "fr-4lb-11",
        "fr-2-deu",
        "fr-4lb-8",
        "fr-cor",
    ] {
        assert!(
            r.unit_index(id)
                .is_none_or(|u| !s.unit(u).on_map()
                    && !r.scenario_rules.arrivals.iter().any(|a| a.unit == u)),
            "{id}"
        );
    }
    assert!(
        r.scenario_rules
            .redoubts
            .iter()
            .all(|d| d.hex != hex("N4633"))
    );
    assert!(
        r.scenario_rules
            .redoubts
            .iter()
            .any(|d| d.hex == hex("S4405"))
    );
    // De Saxe sets up on the South map; every counter on the map stands on it.
    assert!(s.unit(unit(&r, "fr-saxe")).on_map());
    // The victory: 25 SP off through S3801.
    assert_eq!(
        r.scenario_rules.victory.victory,
        super::super::victory::Victory::Exit {
            hex: hex("S3801"),
            sp: 25
        }
    );
    // Both maps without the option.
    let (r, _) = scenario("fontenoy/english-attack");
    assert!(r.board.on_map(hex("N3630")));
}

#[test]
fn f10_3e_the_brigades_enter_at_11_00_and_12_00_within_3_hexes_of_their_hexes() {
    use super::super::reinforcements::Entry;
    let (r, mut s) = single_map();
    let due = |id: &str| {
        let u = unit(&r, id);
        let a = r
            .scenario_rules
            .arrivals
            .iter()
            .find(|a| a.unit == u)
            .unwrap_or_else(|| panic!("{id} arrives"));
        (r.turns[usize::from(a.turn)].clone(), a.entry.clone())
    };
    let near = |h: &str| Entry::Near(hex(h), 3);
    for id in ["fr-prc-a", "fr-rou-b", "fr-pons"] {
        assert_eq!(due(id), ("11:00".into(), near("S3801")), "{id}");
    }
    for id in ["fr-1-nor", "fr-4lbs-7", "fr-salency", "fr-lowendahl"] {
        assert_eq!(due(id), ("12:00".into(), near("S4101")), "{id}");
    }
    for id in [
        "fr-gac",
        "fr-gdg",
        "fr-montesson",
        "fr-gen-a",
        "fr-car-e",
        "fr-crequy",
    ] {
        assert_eq!(due(id), ("12:00".into(), near("S3801")), "{id}");
    }
    // At 11:00 the Roussillon Brigade is placed within 3 hexes of S3801.
    let t = r.turns.iter().position(|x| x == "11:00").unwrap() as u16;
    s.steps.clear();
    s.turn = t;
    s.phase = Phase::ArmyMorale;
    let mut ev = Vec::new();
    r.turn_start(&mut s, &mut ev);
    let prc = unit(&r, "fr-prc-a");
    let mut seen = false;
    while let Some(super::super::state::Step::Arrive { unit: u }) = s.steps.last().cloned() {
        let acts = legal(&r, &s);
        for a in &acts {
            let Action::Deploy { hex: h, .. } = a else {
                panic!("{a:?}")
            };
            assert!(h.distance(hex("S3801")) <= 3, "{a:?}");
        }
        seen |= u == prc;
        super::apply(&r, &mut s, acts[0].clone());
    }
    assert!(seen && s.unit(prc).on_map());
}

#[test]
fn f10_3e_the_irish_vaisseaux_and_noailles_come_on_their_division_s_first_activation() {
    use super::super::reinforcements::Entry;
    let (r, mut s) = single_map();
    let lal = unit(&r, "fr-lal");
    let irish = r.org.division_of[usize::from(lal)].unwrap();
    for (id, h) in [
        ("fr-lal", "S4301"),
        ("fr-3-vai", "S4001"),
        ("fr-noa-a", "S3501"),
    ] {
        let u = unit(&r, id);
        let a = r
            .scenario_rules
            .arrivals
            .iter()
            .find(|a| a.unit == u)
            .unwrap_or_else(|| panic!("{id} arrives"));
        assert_eq!(a.entry, Entry::Near(hex(h), 3), "{id}");
        assert_eq!(a.on_activation, r.org.division_of[usize::from(u)], "{id}");
        assert_eq!(r.due_turn(&s, a), None, "{id}: not before the activation");
    }
    // Not at a turn's start.
    s.steps.clear();
    s.turn = 2;
    s.phase = Phase::ArmyMorale;
    let mut ev = Vec::new();
    r.turn_start(&mut s, &mut ev);
    assert!(
        !s.steps
            .contains(&super::super::state::Step::Arrive { unit: lal })
    );
    // The Irish Brigade's first activation: its four North-map battalions enter now.
    s.steps.clear();
    s.phase = Phase::Activation;
    s.activation = Some(Fontenoy::new_activation(
        Side(0),
        alloc::vec![irish],
        None,
        false,
    ));
    let div = &r.org.divisions[usize::from(irish)];
    for &x in div.units.iter().chain(div.commander.iter()) {
        if s.unit(x).on_map() {
            s.unit_mut(x).act = Act::Active;
        }
    }
    let mut ev = Vec::new();
    r.enter_segment(&mut s, Segment::Movement, &mut ev);
    let mut placed = Vec::new();
    while let Some(super::super::state::Step::Arrive { unit: u }) = s.steps.last().cloned() {
        let a = legal(&r, &s).into_iter().next().expect("a placement");
        super::apply(&r, &mut s, a);
        placed.push(r.units[usize::from(u)].id.clone());
    }
    assert_eq!(placed, ["fr-lal", "fr-bwk", "fr-dil", "fr-bul"]);
    let p = s.unit(lal).placed().unwrap().hex();
    assert!(p.distance(hex("S4301")) <= 3);
    assert_eq!(
        s.unit(lal).act,
        Act::Active,
        "they move with the activation"
    );
    assert_eq!(s.unit(lal).command, Some(true));
    assert_eq!(s.entry_called, alloc::vec![(irish, 2)]);
}

#[test]
fn f10_3e_the_allies_win_by_taking_25_sp_off_through_s3801() {
    let (r, mut s) = single_map();
    let exit = hex("S3801");
    let north = Facing::side(Direction::from_compass(Compass::N));
    // Allied infantry off the map already: just under 25 SP.
    let allied: Vec<UnitId> = (0..s.units.len() as UnitId)
        .filter(|&u| {
            let i = &r.units[usize::from(u)];
            i.side == Side(1) && i.is_combat() && s.unit(u).on_map()
        })
        .collect();
    let mut off = 0u16;
    let mut k = 0;
    while off + u16::from(s.unit(allied[k]).sp) < 25 {
        off += u16::from(s.unit(allied[k]).sp);
        s.unit_mut(allied[k]).place = Place::Exited;
        k += 1;
    }
    let last = allied[k];
    assert_eq!(r.exited_sp(&s, Side(1)), off);
    // At the end short of 25, the French win.
    let mut t = s.clone();
    let mut ev = Vec::new();
    r.game_end(&mut t, &mut ev);
    assert_eq!(t.result.as_ref().unwrap().winner, Some(Side(0)));
    // The next one leaves through S3801 in its movement: the Allies win at once.
    s.unit_mut(last).formation = Formation::MarchColumn;
    s.unit_mut(last).place = Place::Map(Placed::at(exit, north));
    allied_movement(&r, &mut s, last);
    assert!(legal(&r, &s).contains(&Action::LeaveMap { unit: last }));
    let ev = super::apply(&r, &mut s, Action::LeaveMap { unit: last });
    assert!(ev.iter().any(
        |e| matches!(e, super::super::event::Event::ExitedField { unit, .. } if *unit == last)
    ));
    let res = s.result.as_ref().expect("the game is over");
    assert_eq!((res.winner, res.rule.as_str()), (Some(Side(1)), "F-10.3e"));
    // French units do not leave there.
    let (r, mut s) = single_map();
    let fr = unit(&r, "fr-1-roy");
    s.unit_mut(fr).formation = Formation::MarchColumn;
    s.unit_mut(fr).place = Place::Map(Placed::at(exit, north));
    let d = r.org.division_of[usize::from(fr)].unwrap();
    s.steps.clear();
    s.phase = Phase::Activation;
    s.activation = Some(Fontenoy::new_activation(
        Side(0),
        alloc::vec![d],
        None,
        false,
    ));
    s.unit_mut(fr).act = Act::Active;
    let mut ev = Vec::new();
    r.enter_segment(&mut s, Segment::Movement, &mut ev);
    assert!(!legal(&r, &s).contains(&Action::LeaveMap { unit: fr }));
}
