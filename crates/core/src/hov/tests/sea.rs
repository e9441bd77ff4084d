//! Sea transport (§55–§58).

use alloc::vec::Vec;

use super::march::{advance, clear_map_but, legal, load, place};
use crate::engine::Rules;
use crate::hex::Hex;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::state::{LeaderId, LeaderPlace, Phase, State};
use crate::hov::types::{Arm, COALITION, FRENCH, Nationality};

/// Gives `l` `sp` SP of Russian units of `arm`, nothing else.
fn russians(h: &Hov, s: &mut State, l: LeaderId, arm: Arm, sp: u8) {
    for u in &mut s.units {
        if u.leader == Some(l) {
            u.leader = None;
            u.sp = 0;
        }
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
    let mut left = sp;
    for i in 0..h.manifest.units.len() {
        let m = &h.manifest.units[i];
        if left == 0 {
            break;
        }
        if m.nationality == Nationality::Russian && m.arm == arm && m.max > 0 {
            let take = left.min(m.max);
            s.units[i].leader = Some(l);
            s.units[i].sp = take;
            left -= take;
        }
    }
    assert_eq!(left, 0);
}

fn coast(h: &Hov) -> Vec<Hex> {
    let mut v: Vec<Hex> = h
        .board
        .grid
        .hexes()
        .into_iter()
        .filter(|&x| h.board.hex(x).coastal && h.in_area(x))
        .collect();
    v.sort_unstable();
    v
}

fn scene() -> Option<(Hov, State, LeaderId, Hex, Hex)> {
    let h = load("hov/friedland");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::MovementCommands, COALITION);
    let c = coast(&h);
    if c.len() < 2 {
        return None;
    }
    let l = (0..s.leaders.len() as LeaderId).find(|&l| {
        let m = &h.manifest.leaders[usize::from(l)];
        m.side == COALITION && m.mg.is_none()
    })?;
    clear_map_but(&mut s, &[l]);
    russians(&h, &mut s, l, Arm::Infantry, 3);
    let o = h.occupancy(&s);
    let free: Vec<Hex> = c
        .iter()
        .copied()
        .filter(|&x| !h.in_zoc_of(&s, &o, FRENCH, x, true))
        .collect();
    if free.len() < 2 {
        return None;
    }
    let (from, to) = (free[0], free[free.len() - 1]);
    place(&mut s, l, from);
    s.weather = h
        .charts
        .weather_names
        .iter()
        .position(|n| n == "Fair")
        .map(|i| i as u8);
    s.turn = s.turn.max(35);
    s.marched.clear();
    Some((h, s, l, from, to))
}

#[test]
fn e55_e57_a_russian_force_of_three_sp_goes_by_sea_once_a_phase() {
    let Some((h, mut s, l, from, to)) = scene() else {
        return;
    };
    let a = Action::SeaMove { leader: l, to };
    assert!(legal(&h, &s).contains(&a), "{:?}", legal(&h, &s));
    let mut ev = Vec::new();
    h.apply(&mut s, &a, &mut ev).unwrap();
    assert_eq!(s.leaders[usize::from(l)].place, LeaderPlace::Map(to));
    assert_ne!(from, to);
    // §58 1: no land move that turn; §57: one force a phase.
    assert!(!legal(&h, &s).iter().any(|a| matches!(
        a,
        Action::Command { leader, .. } | Action::SeaMove { leader, .. } if *leader == l
    )));
    assert!(
        !legal(&h, &s)
            .iter()
            .any(|a| matches!(a, Action::SeaMove { .. }))
    );
    // The French see a counter land, not whose it is.
    let o = h.observation(&s, FRENCH);
    assert_eq!(o.sea_move.unwrap().leader, u16::MAX);
}

#[test]
fn e56_e58_who_and_when_may_go_by_sea() {
    let Some((h, s, l, from, to)) = scene() else {
        return;
    };
    assert!(
        h.sea_refused(&s, l, Some(to)).is_none(),
        "{:?}",
        h.sea_refused(&s, l, Some(to))
    );
    // §56: not before 15 March, not in frost.
    let mut s2 = s.clone();
    s2.turn = 34;
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§56");
    let mut s2 = s.clone();
    s2.weather = h
        .charts
        .weather_names
        .iter()
        .position(|n| n == "Frost")
        .map(|i| i as u8);
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§56");
    // §58 4: at most 3 SP, no artillery.
    let mut s2 = s.clone();
    russians(&h, &mut s2, l, Arm::Infantry, 4);
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§57, §58 4");
    let mut s2 = s.clone();
    russians(&h, &mut s2, l, Arm::Artillery, 1);
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§57, §58 4");
    // §58 1: not from an enemy ZOC.
    let mut s2 = s.clone();
    let f = (0..s.leaders.len() as LeaderId)
        .find(|&x| {
            h.manifest.leaders[usize::from(x)].side == FRENCH
                && h.manifest.leaders[usize::from(x)].mg.is_none()
        })
        .unwrap();
    super::repulse::set_force(&h, &mut s2, f, Arm::Infantry, 1);
    let near = from
        .neighbors()
        .into_iter()
        .find(|&n| h.in_area(n) && h.board.on_map(n))
        .unwrap();
    place(&mut s2, f, near);
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§58 1");
    // §58 2: not onto an enemy-held hex.
    let mut s2 = s.clone();
    super::repulse::set_force(&h, &mut s2, f, Arm::Infantry, 1);
    place(&mut s2, f, to);
    assert_eq!(h.sea_refused(&s2, l, Some(to)).unwrap().rule, "§57, §58 2");
    // §58 5: the French have no sea transport.
    let mut s2 = s.clone();
    s2.phasing = FRENCH;
    assert!(h.sea_refused(&s2, l, Some(to)).is_some());
}
