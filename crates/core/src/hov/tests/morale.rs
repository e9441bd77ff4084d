//! IV. The Morale Phase (¶53, §215), retreat off the map (¶176, §61) and the optional
//! Battlefield Dynamics (§187–§188).

use alloc::vec::Vec;

use super::battle::{act, die_for, duel, legal, load, to_resolution};
use crate::engine::Rules;
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::combat::rounds::{BATTLEFIELD_DYNAMICS, Control, control};
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderPlace, Phase, Retreat, State};
use crate::hov::types::{COALITION, Chit, FRENCH};

/// An edge hex of the given printed column whose neighbour is off the map.
fn edge_hex(h: &Hov, col: &str) -> Hex {
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    hexes
        .into_iter()
        .find(|&x| {
            h.board.on_map(x)
                && h.label(x).starts_with(col)
                && x.neighbors().into_iter().any(|n| !h.board.on_map(n))
        })
        .expect("an edge hex")
}

#[test]
fn e61_2_the_west_edge_is_french_the_east_coalition() {
    let h = load("hov/eylau");
    assert_eq!(h.edge_side(edge_hex(&h, "01")), Some(FRENCH));
    assert_eq!(h.edge_side(edge_hex(&h, "39")), Some(COALITION));
    let mut hexes = h.board.grid.hexes();
    hexes.sort_unstable();
    let inland = hexes
        .into_iter()
        .find(|&x| h.label(x).starts_with("20") && h.board.on_map(x))
        .unwrap();
    assert_eq!(h.edge_side(inland), None);
}

/// A battle whose Coalition loser stands at `at` with nowhere left to go, short of its
/// distance.
fn stuck(h: &Hov, at: Hex, side: crate::engine::Side) -> (State, u16) {
    let (mut s, f, c, _) = duel(h);
    let a = legal(h, &s)[0].clone();
    act(h, &mut s, &a);
    let l = if side == COALITION { c } else { f };
    s.leaders[usize::from(l)].place = LeaderPlace::Map(at);
    let b = s.battle.as_mut().expect("a battle");
    b.retreats = alloc::vec![Retreat {
        leaders: alloc::vec![l],
        path: alloc::vec![at],
        need: 2,
        done: false,
    }];
    (s, l)
}

#[test]
fn r176_2_3_off_the_enemy_edge_a_force_is_lost_and_counts_for_the_critical_battle() {
    let h = load("hov/eylau");
    let (mut s, c) = stuck(&h, edge_hex(&h, "01"), COALITION);
    let before = s.lost[COALITION.index()];
    let mut ev = Vec::new();
    h.no_retreat_path(&mut s, &mut ev, 0, COALITION);
    assert!(matches!(
        s.leaders[usize::from(c)].place,
        LeaderPlace::Captured(_)
    ));
    assert!(s.units.iter().all(|u| u.leader != Some(c)));
    assert!(s.lost[COALITION.index()] > before);
    let b = s.battle.as_ref().unwrap();
    assert!(
        b.lost[COALITION.index()] > 0,
        "¶176 3: in the battle's tally"
    );
    assert!(b.retreats[0].done && b.captures.is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OffMap { lost: true, .. }))
    );
}

#[test]
fn e61_1_off_a_friendly_edge_a_force_waits_off_the_map() {
    let h = load("hov/eylau");
    let (mut s, c) = stuck(&h, edge_hex(&h, "39"), COALITION);
    let sp: u32 = s
        .units
        .iter()
        .filter(|u| u.leader == Some(c))
        .map(|u| u32::from(u.sp))
        .sum();
    let mut ev = Vec::new();
    h.no_retreat_path(&mut s, &mut ev, 0, COALITION);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Waiting);
    assert_eq!(
        s.off_map.iter().map(|x| x.leader).collect::<Vec<_>>(),
        alloc::vec![c]
    );
    let now: u32 = s
        .units
        .iter()
        .filter(|u| u.leader == Some(c))
        .map(|u| u32::from(u.sp))
        .sum();
    assert_eq!(now, sp, "no loss for leaving");
    assert!(h.coalition_off_map(&s));
}

#[test]
fn e62_a_force_off_the_map_comes_back_at_the_nearest_edge_road_hex_as_a_reinforcement() {
    let h = load("hov/eylau");
    let exit = edge_hex(&h, "39");
    let (mut s, c) = stuck(&h, exit, COALITION);
    let mut ev = Vec::new();
    h.no_retreat_path(&mut s, &mut ev, 0, COALITION);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Waiting);
    let back = h.reentry_hexes(exit);
    assert!(!back.is_empty(), "an edge road near {exit:?}");
    // The nearest such hexes: none nearer to the exit carries a road off the map.
    let d = back[0].distance(exit);
    assert!(back.iter().all(|x| x.distance(exit) == d));
    // Its next Movement Phase: the Coalition's Reinforcement Segment lists it there.
    s.battle = None;
    s.phase = Phase::Reinforcements;
    s.phasing = COALITION;
    let acts = legal(&h, &s);
    let enter: Vec<&Action> = acts
        .iter()
        .filter(|a| matches!(a, Action::Enter { leader, .. } if *leader == c))
        .collect();
    assert!(!enter.is_empty(), "{acts:?}");
    for a in &enter {
        let Action::Enter { hex, .. } = a else {
            unreachable!()
        };
        assert!(back.contains(hex), "{hex:?} is not among {back:?}");
    }
    let a = enter[0].clone();
    act(&h, &mut s, &a);
    assert!(matches!(
        s.leaders[usize::from(c)].place,
        LeaderPlace::Map(_)
    ));
    assert!(s.off_map.is_empty(), "back on the map");
    assert!(!h.coalition_off_map(&s));
    // Not in the French Movement Phase.
    let (mut t, c2) = stuck(&h, exit, COALITION);
    h.no_retreat_path(&mut t, &mut ev, 0, COALITION);
    t.battle = None;
    t.phase = Phase::Reinforcements;
    t.phasing = FRENCH;
    assert!(
        !legal(&h, &t)
            .iter()
            .any(|a| matches!(a, Action::Enter { leader, .. } if *leader == c2))
    );
}

#[test]
fn r176_1_a_retreat_blocked_inland_just_stops() {
    let h = load("hov/eylau");
    let (_, _, _, hexes) = duel(&h);
    let (mut s, c) = stuck(&h, hexes[1], COALITION);
    let mut ev = Vec::new();
    h.no_retreat_path(&mut s, &mut ev, 0, COALITION);
    assert_eq!(s.leaders[usize::from(c)].place, LeaderPlace::Map(hexes[1]));
    assert!(s.battle.as_ref().unwrap().retreats[0].done);
}

/// A state at the end of the Joint Consolidation Phase of the given side: the second
/// player is consolidating (¶52), so that one `Done` ends the phase.
fn before_morale(h: &Hov, side: crate::engine::Side) -> State {
    let mut s = h.initial_state();
    s.phase = Phase::JointConsolidation;
    s.joint_second = true;
    s.phasing = side;
    s.weather = Some(0);
    s
}

#[test]
fn e215_r53_a_coalition_force_off_the_map_gains_paris_morale_once() {
    let h = load("hov/eylau");
    let c = (0..h.manifest.leaders.len() as u16)
        .find(|&l| {
            h.manifest.leaders[usize::from(l)].side == COALITION
                && h.initial_state().units.iter().any(|u| u.leader == Some(l))
        })
        .unwrap();
    // The French Morale Phase: nothing.
    let mut s = before_morale(&h, FRENCH);
    s.leaders[usize::from(c)].place = LeaderPlace::Waiting;
    s.off_map.push(crate::hov::state::LeftMap {
        leader: c,
        hex: Hex::new(0, 0),
    });
    let m0 = s.morale;
    act(&h, &mut s, &Action::Done);
    assert_eq!(s.morale, m0, "only in the Coalition Morale Phase");
    // The Coalition Morale Phase: +1, once.
    let mut s = before_morale(&h, COALITION);
    s.leaders[usize::from(c)].place = LeaderPlace::Waiting;
    s.off_map.push(crate::hov::state::LeftMap {
        leader: c,
        hex: Hex::new(0, 0),
    });
    let ev = act(&h, &mut s, &Action::Done);
    assert_eq!(s.morale, m0 + 1);
    assert!(s.off_map_gain);
    assert!(ev.iter().any(|e| matches!(e, Event::Morale { by: 1, .. })));
    let mut t = before_morale(&h, COALITION);
    t.leaders = s.leaders.clone();
    t.off_map = s.off_map.clone();
    t.off_map_gain = true;
    t.morale = s.morale;
    act(&h, &mut t, &Action::Done);
    assert_eq!(t.morale, s.morale, "§215: once a game");
}

#[test]
fn e188_x19_napoleon_with_half_the_enemy_cavalry() {
    // Initiative 5, DRM +1: dice 1–3 keep control, 4 no attack, 5 must attack, 6 retreat.
    let got: Vec<Control> = (1..=6).map(|d| control(d + 1, 5)).collect();
    assert_eq!(
        got,
        alloc::vec![
            Control::Keep,
            Control::Keep,
            Control::Keep,
            Control::Skip,
            Control::Must,
            Control::Retreat
        ]
    );
}

/// The duel after a Pitched loss by the Coalition defender, with Battlefield Dynamics on or
/// off.
fn after_pitched_loss(on: bool) -> Option<(Hov, State)> {
    let mut h = load("hov/eylau");
    if on {
        h.params.options = alloc::vec![alloc::string::String::from(BATTLEFIELD_DYNAMICS)];
    }
    let (s, _, _, _) = duel(&h);
    let chits = [Chit::Pursuit, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION)?;
    let mut t = s.clone();
    to_resolution(&h, &mut t, chits, die);
    Some((h, t))
}

#[test]
fn e187_battlefield_dynamics_is_off_by_default_and_rolls_before_the_counterattack() {
    let (h, t) = after_pitched_loss(false).expect("a die where the defender loses");
    assert!(!h.option(BATTLEFIELD_DYNAMICS));
    assert_eq!(t.battle.unwrap().step, BattleStep::Counterattack);
    let (h, t) = after_pitched_loss(true).unwrap();
    assert!(h.option(BATTLEFIELD_DYNAMICS));
    let b = t.battle.clone().unwrap();
    assert_eq!(b.step, BattleStep::Dynamics, "§187: the die first");
    let (side, init, _) = h.dynamics_of(&t, &b);
    assert_eq!(side, COALITION, "the side about to counterattack rolls");
    // Each result of §188.
    for die in 1..=6u8 {
        let mut u = t.clone();
        let ev = act(&h, &mut u, &super::battle::roll(die));
        let Some(Event::Dynamics { drm, .. }) =
            ev.iter().find(|e| matches!(e, Event::Dynamics { .. }))
        else {
            panic!("no dynamics event: {ev:?}");
        };
        let c = control(i16::from(die) + i16::from(*drm), init);
        let b = u.battle.clone();
        match c {
            Control::Keep => {
                let b = b.unwrap();
                assert_eq!(b.step, BattleStep::Counterattack);
                assert!(legal(&h, &u).contains(&Action::Done), "§188 1: may decline");
            }
            Control::Must => {
                let b = b.unwrap();
                assert_eq!(b.step, BattleStep::Counterattack);
                assert!(
                    !legal(&h, &u).contains(&Action::Done),
                    "§188 3: must attack"
                );
            }
            Control::Skip => {
                // The French chit was Pursuit: the battle ends.
                assert!(b.is_none_or(|b| b.step == BattleStep::Morale));
            }
            Control::Retreat => {
                let b = b.unwrap();
                assert!(b.fight.is_some_and(|f| f.loser == COALITION));
                assert!(
                    matches!(
                        b.step,
                        BattleStep::Retreat | BattleStep::Pursuit | BattleStep::Morale
                    ),
                    "{:?}",
                    b.step
                );
            }
        }
    }
}

#[test]
fn e187_random_battles_with_battlefield_dynamics_run_without_dead_ends() {
    for id in ["hov/pultusk-golymin", "hov/eylau", "hov/friedland"] {
        let mut h = load(id);
        h.params.options = alloc::vec![alloc::string::String::from(BATTLEFIELD_DYNAMICS)];
        let s0 = h.initial_state();
        let fr = super::battle::force_leaders(&h, &s0, FRENCH);
        let co = super::battle::force_leaders(&h, &s0, COALITION);
        let mut line = Vec::new();
        for (f, c) in fr.iter().zip(&co).take(3) {
            line.push(*f);
            line.push(*c);
        }
        let (s, _) = super::battle::position(&h, &line);
        let mut battles = 0;
        for seed in 0..30 {
            battles += super::battle::random_play(&h, s.clone(), seed, 400);
        }
        assert!(battles >= 30, "{id}: {battles} battles");
        for seed in 0..2 {
            super::battle::random_play(&h, h.initial_state(), seed, 300);
        }
    }
}

fn leader_by_id(h: &Hov, id: &str) -> u16 {
    h.manifest
        .leaders
        .iter()
        .position(|l| l.id == id)
        .map(|i| i as u16)
        .unwrap_or_else(|| panic!("{id}"))
}

#[test]
fn r194_1_a_captured_major_personality_costs_his_side_a_space() {
    let h = load("hov/eylau");
    let (mut s, _, _, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    let major = (0..h.manifest.leaders.len() as u16)
        .find(|&l| {
            let x = &h.manifest.leaders[usize::from(l)];
            x.side == COALITION && (x.ratings.span >= 6 || x.ratings.bonus > 0)
        })
        .expect("a Coalition Major Personality");
    let minor = (0..h.manifest.leaders.len() as u16)
        .find(|&l| {
            let x = &h.manifest.leaders[usize::from(l)];
            x.side == COALITION && x.ratings.span < 6 && x.ratings.bonus == 0
        })
        .expect("a lesser Coalition leader");
    let m0 = s.morale;
    let mut ev = Vec::new();
    h.major_captured(&mut s, &mut ev, minor);
    assert_eq!(s.morale, m0);
    h.major_captured(&mut s, &mut ev, major);
    assert_eq!(s.morale, m0 + 1, "toward the French");
}

#[test]
fn r194_2_napoleons_capture_leaves_the_coalition_a_choice() {
    let h = load("hov/eylau");
    let nap = leader_by_id(&h, crate::hov::combat::battle::NAPOLEON);
    let (mut s, _, _, _) = duel(&h);
    let a = legal(&h, &s)[0].clone();
    act(&h, &mut s, &a);
    let mut ev = Vec::new();
    h.major_captured(&mut s, &mut ev, nap);
    assert!(matches!(h.actor(&s), crate::engine::Actor::Player(p) if p == COALITION));
    assert_eq!(
        legal(&h, &s),
        alloc::vec![
            Action::NapoleonCaptured { end_game: false },
            Action::NapoleonCaptured { end_game: true }
        ]
    );
    let m0 = s.morale;
    let mut t = s.clone();
    act(&h, &mut t, &Action::NapoleonCaptured { end_game: false });
    assert_eq!(t.morale, m0 - 2, "two spaces the Coalition's way");
    assert!(t.result.is_none());
    act(&h, &mut s, &Action::NapoleonCaptured { end_game: true });
    match h.actor(&s) {
        crate::engine::Actor::Terminal(o) => {
            assert_eq!(o.winner, Some(COALITION));
            assert_eq!(o.rule, "¶194");
        }
        other => panic!("{other:?}"),
    }
}
