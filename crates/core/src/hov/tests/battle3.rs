//! The battle procedure's remaining cases (¶146 step 4, ¶150–¶158, ¶20, ¶22, ¶32–¶33) read
//! through whole battles: the Cavalry Differential on the bombardment die, artillery last to
//! lose, several forces in a hex, what both sides see from step 6, and leaders' capture.

use alloc::vec::Vec;

use super::battle::{act, duel, legal, load, roll, to_resolution};
use crate::engine::{Actor, Rules};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderId, LeaderPlace, State};
use crate::hov::types::{Arm, COALITION, Chit, FRENCH, Guard};

/// Gives force `l` exactly one unit of each arm (line infantry) at these strengths (0: none), and no
/// subordinates.
pub(super) fn compose(h: &Hov, s: &mut State, l: LeaderId, inf: u8, cav: u8, art: u8) {
    for u in s.units.iter_mut().filter(|u| u.leader == Some(l)) {
        u.leader = None;
        u.sp = 0;
    }
    for x in &mut s.leaders {
        if x.place == LeaderPlace::Portrait(l) {
            x.place = LeaderPlace::Out;
        }
    }
    let side = h.manifest.leaders[usize::from(l)].side;
    let busy: Vec<LeaderId> = (0..s.leaders.len() as LeaderId)
        .filter(|&x| x != l && h.hex_of(s, x).is_some())
        .collect();
    for (arm, sp) in [
        (Arm::Infantry, inf),
        (Arm::Cavalry, cav),
        (Arm::Artillery, art),
    ] {
        if sp == 0 {
            continue;
        }
        let i = (0..s.units.len())
            .find(|&i| {
                let m = &h.manifest.units[i];
                m.side == side
                    && m.arm == arm
                    && (m.guard == Guard::Line || arm != Arm::Infantry)
                    && !s.units[i]
                        .leader
                        .is_some_and(|x| busy.contains(&x) || x == l)
            })
            .expect("a unit of that arm");
        s.units[i].leader = Some(l);
        s.units[i].sp = sp;
    }
}

/// Attacks with the first legal attack and shows both chits.
fn open(h: &Hov, s: &mut State, chits: [Chit; 2]) -> Vec<Event> {
    let a = legal(h, s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    let mut ev = act(h, s, &a);
    ev.extend(act(h, s, &Action::Chit(chits[0])));
    ev.extend(act(h, s, &Action::Chit(chits[1])));
    ev
}

/// The bombardment modifiers of each side that fires, attacker first.
fn bombard_drms(h: &Hov, s: &mut State, die: u8) -> Vec<(crate::engine::Side, i8)> {
    let mut out = Vec::new();
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Bombard)
    {
        for e in act(h, s, &roll(die)) {
            if let Event::Bombardment { side, drm, .. } = e {
                out.push((side, drm));
            }
        }
    }
    out
}

#[test]
fn r146_step4_r157_1_a_two_to_one_cavalry_edge_of_two_sp_lowers_the_bombardment_die() {
    let h = load("hov/eylau");
    let (s0, f, c, _) = duel(&h);
    // (French cavalry, Coalition cavalry) -> the French modifier.
    for (fc, cc, want) in [(4, 2, -1), (4, 3, 0), (2, 0, -1), (1, 0, 0), (3, 2, 0)] {
        let mut s = s0.clone();
        compose(&h, &mut s, f, 6, fc, 2);
        compose(&h, &mut s, c, 6, cc, 0);
        open(&h, &mut s, [Chit::Pursuit, Chit::Pursuit]);
        let d = bombard_drms(&h, &mut s, 6);
        assert_eq!(d, alloc::vec![(FRENCH, want)], "cavalry {fc} against {cc}");
    }
}

#[test]
fn r158_2_artillery_loses_no_sp_to_bombardment_while_other_units_stand_in_the_hex() {
    let h = load("hov/eylau");
    let (s0, f, c, _) = duel(&h);
    // The French stack (1 infantry SP, 6 artillery SP) under the Coalition's fire.
    let mut hit = false;
    for die in 1..=6u8 {
        let mut s = s0.clone();
        compose(&h, &mut s, f, 1, 0, 6);
        compose(&h, &mut s, c, 2, 0, 9);
        open(&h, &mut s, [Chit::Pursuit, Chit::Pursuit]);
        let before: Vec<(u8, Arm)> = s
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.leader == Some(f))
            .map(|(i, u)| (u.sp, h.manifest.units[i].arm))
            .collect();
        let ev: Vec<Event> = {
            let mut v = Vec::new();
            while s
                .battle
                .as_ref()
                .is_some_and(|b| b.step == BattleStep::Bombard)
            {
                v.extend(act(&h, &mut s, &roll(die)));
            }
            v
        };
        let french_lost: u32 = ev
            .iter()
            .filter_map(|e| match e {
                Event::BattleLoss { side, sp, .. } if *side == FRENCH => Some(u32::from(*sp)),
                _ => None,
            })
            .sum();
        let art_now: u8 = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.leader == Some(f) && h.manifest.units[*i].arm == Arm::Artillery)
            .map(|(_, u)| u.sp)
            .sum();
        let art_before: u8 = before
            .iter()
            .filter(|x| x.1 == Arm::Artillery)
            .map(|x| x.0)
            .sum();
        if french_lost == 0 {
            continue;
        }
        hit = true;
        // The single infantry SP goes first; only what is left falls on the artillery.
        assert_eq!(
            u32::from(art_before - art_now),
            french_lost - 1,
            "die {die}: lost {french_lost}"
        );
    }
    assert!(hit, "some die of the Coalition bombardment hits");
}

/// Plays the battle under way to its end: capture dice `cap`, every other die `die`, the
/// first legal decision otherwise.
fn finish_battle(h: &Hov, s: &mut State, die: u8, cap: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    for _ in 0..400 {
        let Some(b) = &s.battle else { break };
        let a = match h.actor(s) {
            Actor::Chance(_) if !b.captures.is_empty() => roll(cap),
            Actor::Chance(_) => roll(die),
            _ => legal(h, s)[0].clone(),
        };
        ev.extend(act(h, s, &a));
    }
    ev
}

fn shown_units(h: &Hov, o: &State, l: LeaderId) -> Vec<(usize, u8)> {
    let _ = h;
    o.units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.leader == Some(l))
        .map(|(i, u)| (i, u.sp))
        .collect()
}

#[test]
fn r20_1_r22_from_step_6_both_sides_see_the_battle_strengths_and_its_leaders() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    compose(&h, &mut s, f, 7, 2, 3);
    compose(&h, &mut s, c, 8, 3, 0);
    // Before the attack: the Coalition force is an unknown stack, its track hidden.
    let o = h.observation(&s, FRENCH);
    assert_eq!(o.leaders[usize::from(c)].place, LeaderPlace::Out);
    assert!(shown_units(&h, &o, c).is_empty());
    // Steps 1–2 (¶22): the leaders engaged are shown; the strengths not yet (only announced).
    open(&h, &mut s, [Chit::Pursuit, Chit::Pursuit]);
    assert_eq!(s.battle.as_ref().unwrap().step, BattleStep::Bombard);
    let o = h.observation(&s, FRENCH);
    assert_eq!(o.leaders[usize::from(c)].place, LeaderPlace::Map(hexes[1]));
    assert!(shown_units(&h, &o, c).is_empty(), "not before the odds");
    let o = h.observation(&s, COALITION);
    assert_eq!(o.leaders[usize::from(f)].place, LeaderPlace::Map(hexes[0]));
    assert!(shown_units(&h, &o, f).is_empty(), "not before the odds");
    // Step 6 (¶20): the exact strengths of both forces are known to both players.
    while s
        .battle
        .as_ref()
        .is_some_and(|b| b.step == BattleStep::Bombard)
    {
        act(&h, &mut s, &roll(6));
    }
    let o = h.observation(&s, FRENCH);
    assert_eq!(shown_units(&h, &o, c), shown_units(&h, &s, c));
    assert!(!shown_units(&h, &o, c).is_empty());
    let o = h.observation(&s, COALITION);
    assert_eq!(shown_units(&h, &o, f), shown_units(&h, &s, f));
    // Units of forces outside the battle stay hidden.
    let outside = s
        .units
        .iter()
        .enumerate()
        .find(|(i, u)| h.manifest.units[*i].side == COALITION && u.sp > 0 && u.leader != Some(c))
        .map(|(i, _)| i);
    if let Some(i) = outside {
        assert_eq!(h.observation(&s, FRENCH).units[i].sp, 0);
    }
}

#[test]
fn r22_the_leaders_shown_in_battle_are_hidden_again_when_the_combat_phase_ends() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    to_resolution(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert!(s.leaders[usize::from(f)].revealed && s.leaders[usize::from(c)].revealed);
    finish_battle(&h, &mut s, 3, 1);
    assert!(s.battle.is_none());
    for _ in 0..50 {
        if s.phase != crate::hov::state::Phase::BattleResolution {
            break;
        }
        let acts = legal(&h, &s);
        let a = if acts.contains(&Action::Done) {
            Action::Done
        } else {
            acts[0].clone()
        };
        act(&h, &mut s, &a);
    }
    assert_ne!(s.phase, crate::hov::state::Phase::BattleResolution);
    for l in [f, c] {
        assert!(!s.leaders[usize::from(l)].revealed, "¶22: hidden again");
    }
    if let LeaderPlace::Map(_) = s.leaders[usize::from(c)].place {
        let o = h.observation(&s, FRENCH);
        assert_eq!(o.leaders[usize::from(c)].place, LeaderPlace::Out);
    }
}

#[test]
fn r153_two_forces_in_the_defending_hex_defend_together() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    let c2 = super::fort::leader_with_infantry(&h, &s, COALITION, &[c]);
    s.leaders[usize::from(c2)].place = LeaderPlace::Map(hexes[1]);
    compose(&h, &mut s, f, 9, 0, 0);
    compose(&h, &mut s, c, 3, 0, 0);
    compose(&h, &mut s, c2, 4, 0, 0);
    let acts: Vec<Action> = legal(&h, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    // One target, the hex: never one force of it alone.
    assert_eq!(
        acts,
        alloc::vec![Action::Attack {
            leader: f,
            parts: Vec::new(),
            hexes: alloc::vec![hexes[1]],
        }]
    );
    let ev = open(&h, &mut s, [Chit::Pursuit, Chit::Pitched]);
    let announced = ev
        .iter()
        .find_map(|e| match e {
            Event::Attack { announced, .. } => Some(*announced),
            _ => None,
        })
        .unwrap();
    assert_eq!(announced[1], crate::hov::types::announced(7));
    let b = s.battle.clone().unwrap();
    let sides = h.sides(&s, &b);
    let mut d = sides.fls[COALITION.index()].clone();
    d.sort_unstable();
    let mut want = alloc::vec![c, c2];
    want.sort_unstable();
    assert_eq!(d, want);
    // A Pitched loss of more than one force's SP is spread over both forces.
    assert!(s.leaders[usize::from(c2)].revealed && s.leaders[usize::from(c)].revealed);
}

#[test]
fn r152_r150_2_only_one_of_two_adjacent_forces_attacks_a_hex() {
    let h = load("hov/eylau");
    let s0 = h.initial_state();
    let f = super::battle::force_leaders(&h, &s0, FRENCH)[0];
    let f2 = super::battle::force_leaders(&h, &s0, FRENCH)[1];
    let c = super::battle::force_leaders(&h, &s0, COALITION)[0];
    let (mut s, hexes) = super::battle::position(&h, &[f, c, f2]);
    compose(&h, &mut s, f, 9, 0, 0);
    compose(&h, &mut s, f2, 9, 0, 0);
    compose(&h, &mut s, c, 9, 0, 0);
    let acts = legal(&h, &s);
    assert!(
        !acts.contains(&Action::Done),
        "¶150 2: the contact must be fought"
    );
    let by: Vec<LeaderId> = acts
        .iter()
        .filter_map(|a| match a {
            Action::Attack {
                leader, hexes: x, ..
            } if x == &alloc::vec![hexes[1]] => Some(*leader),
            _ => None,
        })
        .collect();
    assert!(
        by.contains(&f) && by.contains(&f2),
        "either may attack: {acts:?}"
    );
    let a = Action::Attack {
        leader: f,
        parts: Vec::new(),
        hexes: alloc::vec![hexes[1]],
    };
    act(&h, &mut s, &a);
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    act(&h, &mut s, &Action::Chit(Chit::Pursuit));
    finish_battle(&h, &mut s, 3, 1);
    assert!(s.battle.is_none());
    let acts = legal(&h, &s);
    assert!(
        !acts
            .iter()
            .any(|a| matches!(a, Action::Attack { leader, .. } if *leader == f2)),
        "¶152: the hex is not attacked twice: {acts:?}"
    );
    assert!(
        acts.contains(&Action::Done),
        "f2's obligation is met: {acts:?}"
    );
}

/// A duel where the Coalition force (one leader, 1 SP) loses everything at the combat.
fn doomed(h: &Hov) -> Option<(State, LeaderId)> {
    let (s0, f, c, _) = duel(h);
    for die in 1..=6u8 {
        let mut s = s0.clone();
        compose(h, &mut s, f, 9, 0, 0);
        compose(h, &mut s, c, 1, 0, 0);
        to_resolution(h, &mut s, [Chit::Pursuit, Chit::Pitched], die);
        for _ in 0..100 {
            let Some(b) = &s.battle else { break };
            if b.captures.contains(&c) {
                return Some((s, c));
            }
            let a = match h.actor(&s) {
                Actor::Chance(_) => roll(die),
                _ => legal(h, &s)[0].clone(),
            };
            act(h, &mut s, &a);
        }
    }
    None
}

#[test]
fn r32_1_r33_1_a_leader_whose_force_is_wiped_out_escapes_at_or_under_his_initiative() {
    let h = load("hov/eylau");
    let (s, c) = doomed(&h).expect("a die that wipes the Coalition force out");
    assert!(
        matches!(h.actor(&s), Actor::Chance(_)),
        "¶33: the capture die"
    );
    let ini = h.initiative_of(&s, c);
    assert!(ini < 6);
    // At his Initiative: he escapes, an Unemployed Leader on the map.
    let mut t = s.clone();
    let ev = act(&h, &mut t, &roll(ini));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Capture { leader, captured: false, .. } if *leader == c))
    );
    assert!(matches!(
        t.leaders[usize::from(c)].place,
        LeaderPlace::Map(_)
    ));
    assert_eq!(t.leaders[usize::from(c)].captures, 0);
    // Above it: captured, out for a full Game-Turn (¶33 2), one less Initiative on return.
    let mut t = s.clone();
    let ev = act(&h, &mut t, &roll(ini + 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Capture { leader, captured: true, .. } if *leader == c))
    );
    assert_eq!(
        t.leaders[usize::from(c)].place,
        LeaderPlace::Captured(s.turn + 2)
    );
    assert_eq!(t.leaders[usize::from(c)].captures, 1);
    assert_eq!(h.initiative_of(&t, c), ini.saturating_sub(1).max(1));
}
