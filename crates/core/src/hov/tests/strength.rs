//! Strengths in battle (¶146 step 6, ¶157, ¶160, ¶162): artillery outside the odds unless it
//! defends alone, no edge from cavalry without artillery, no Pitched losses for artillery but
//! alone, artillery alone kept out of enemy ZOCs, and odds no player may lower.

use alloc::vec::Vec;

use super::battle::{act, clear_line, die_for, duel, legal, load, to_resolution};
use super::march::{advance, clear_map_but, place};
use super::terrain::{fight, give};
use crate::engine::{Actor, Rules};
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::combat::odds::odds;
use crate::hov::state::{Activation, LeaderId, March, Phase, State};
use crate::hov::types::{Arm, COALITION, Chit, FRENCH, Half, Mp};

fn clear_column(h: &Hov, att: u32, def: u32) -> u8 {
    odds(Half(att * 2), Half(def * 2), &h.charts.crt_columns, 0).column as u8
}

fn sp_of(h: &Hov, s: &State, l: LeaderId, arm: Arm) -> u32 {
    s.units
        .iter()
        .enumerate()
        .filter(|(i, u)| u.leader == Some(l) && h.manifest.units[*i].arm == arm)
        .map(|(_, u)| u32::from(u.sp))
        .sum()
}

#[test]
fn r162_1_artillery_defending_alone_is_one_infantry_sp_and_fires() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    give(&h, &mut s, f, &[(Arm::Infantry, 4)]);
    give(&h, &mut s, c, &[(Arm::Artillery, 3)]);
    let mut t = s.clone();
    let a = legal(&h, &t)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut t, &a);
    act(&h, &mut t, &Action::Chit(Chit::Pursuit));
    act(&h, &mut t, &Action::Chit(Chit::Pursuit));
    // It may bombard as an artillery force (the French have none to fire first).
    let b = t.battle.clone().unwrap();
    assert_eq!(h.next_to_fire(&t, &b), Some(COALITION));
    // It defends as 1 SP of infantry: 4 against 1.
    let (col, _, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert_eq!(col, clear_column(&h, 4, 1));
}

#[test]
fn r162_1_attacking_artillery_never_counts_toward_the_odds() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    // The French have one artillery SP (the Guard's).
    give(&h, &mut s, f, &[(Arm::Infantry, 2), (Arm::Artillery, 1)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 2)]);
    let (col, _, _) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert_eq!(
        col,
        clear_column(&h, 2, 2),
        "2 + 1 artillery against 2 is 1:1"
    );
    assert_ne!(col, clear_column(&h, 3, 2));
}

#[test]
fn r162_4_artillery_takes_no_pitched_losses_unless_alone() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    give(&h, &mut s, f, &[(Arm::Infantry, 9), (Arm::Artillery, 1)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 5), (Arm::Artillery, 2)]);
    let chits = [Chit::Pitched, Chit::Pitched];
    let die = die_for(&h, &s, chits, COALITION).expect("a die that beats the Coalition");
    let inf0 = sp_of(&h, &s, c, Arm::Infantry);
    to_resolution(&h, &mut s, chits, die);
    let b = s.battle.as_ref().unwrap();
    assert_eq!(b.fight.map(|f| f.loser), Some(COALITION));
    assert!(sp_of(&h, &s, c, Arm::Infantry) < inf0, "the infantry paid");
    assert_eq!(
        sp_of(&h, &s, c, Arm::Artillery),
        2,
        "¶162: not the artillery"
    );
    assert_eq!(sp_of(&h, &s, f, Arm::Artillery), 1, "nor the winner's");
    // Defending alone, the artillery takes the loss.
    let (mut s, f, c, _) = duel(&h);
    // (2 against the artillery's 1: a loss it can absorb, ¶206.)
    give(&h, &mut s, f, &[(Arm::Infantry, 2)]);
    give(&h, &mut s, c, &[(Arm::Artillery, 4)]);
    let die = die_for(&h, &s, chits, COALITION).expect("a die that beats the Coalition");
    to_resolution(&h, &mut s, chits, die);
    let fight = s.battle.as_ref().and_then(|b| b.fight).expect("a result");
    assert_eq!(fight.loser, COALITION);
    assert!(fight.loser_n > 0 && fight.loser_n <= 4, "{fight:?}");
    assert_eq!(
        sp_of(&h, &s, c, Arm::Artillery),
        4 - u32::from(fight.loser_n),
        "alone it pays"
    );
}

#[test]
fn r157_2_cavalry_gives_no_edge_in_combat_without_artillery() {
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    give(&h, &mut s, f, &[(Arm::Infantry, 4), (Arm::Cavalry, 4)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 8)]);
    let mut t = s.clone();
    let a = legal(&h, &t)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut t, &a);
    act(&h, &mut t, &Action::Chit(Chit::Pursuit));
    act(&h, &mut t, &Action::Chit(Chit::Pursuit));
    let b = t.battle.clone().unwrap();
    assert_eq!(h.next_to_fire(&t, &b), None, "no artillery, no fire");
    // The combat die carries no cavalry modifier (1:1, in Heat, no bonus, no stake).
    let (col, _, drm) = fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], 3);
    assert_eq!(col, clear_column(&h, 8, 8));
    assert_eq!(drm, 0);
    // With artillery the same cavalry takes one off the bombardment die (¶157 1).
    let (mut s, f, c, _) = duel(&h);
    give(
        &h,
        &mut s,
        f,
        &[(Arm::Infantry, 4), (Arm::Cavalry, 4), (Arm::Artillery, 1)],
    );
    give(&h, &mut s, c, &[(Arm::Infantry, 8)]);
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut s, &a);
    let b = s.battle.clone().unwrap();
    assert_eq!(h.bombard_drm(&s, &b, FRENCH), -1);
}

#[test]
fn r160_2_no_action_lowers_the_odds() {
    // Every SP of infantry and cavalry in the attacking force counts; no step of the battle
    // offers the attacker a way to hold any back before the combat die.
    let h = load("hov/eylau");
    let (mut s, f, c, _) = duel(&h);
    give(&h, &mut s, f, &[(Arm::Infantry, 9), (Arm::Cavalry, 3)]);
    give(&h, &mut s, c, &[(Arm::Infantry, 4)]);
    let a = legal(&h, &s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .unwrap();
    act(&h, &mut s, &a);
    for _ in 0..10 {
        let Some(b) = &s.battle else { break };
        if b.fight.is_some() {
            break;
        }
        let acts = legal(&h, &s);
        assert!(
            acts.iter().all(|a| matches!(
                a,
                Action::Chit(_) | Action::Stake(_) | Action::Bonus(_) | Action::Roll(_)
            )),
            "{acts:?}"
        );
        let next = acts
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::Chit(Chit::Pursuit) | Action::Stake(false) | Action::Bonus(0)
                )
            })
            .cloned()
            .unwrap_or_else(|| super::battle::roll(3));
        let ev = act(&h, &mut s, &next);
        for e in ev {
            if let crate::hov::event::Event::Combat { column, .. } = e {
                assert_eq!(column, clear_column(&h, 12, 4), "3:1 with all 12 SP");
            }
        }
    }
}

fn march(l: LeaderId, at: crate::hex::Hex) -> March {
    super::march::marching(l, at, Activation::Command, 4)
}

#[test]
fn r162_3_artillery_enters_an_enemy_zoc_only_with_infantry_or_cavalry() {
    let h = load("hov/eylau");
    let (a, d) = clear_line(&h, 3);
    let mid = a.neighbor(d);
    let enemy_at = mid.neighbor(d);
    for (make, ok) in [
        (alloc::vec![(Arm::Artillery, 3)], false),
        (alloc::vec![(Arm::Artillery, 3), (Arm::Infantry, 2)], true),
        (alloc::vec![(Arm::Artillery, 3), (Arm::Cavalry, 2)], true),
    ] {
        // The Coalition moves (the French have a single artillery SP).
        let mut s = h.initial_state();
        advance(&h, &mut s, Phase::MovementCommands, COALITION);
        let f = super::battle::force_leaders(&h, &s, COALITION)[0];
        let c = super::battle::force_leaders(&h, &s, FRENCH)[0];
        clear_map_but(&mut s, &[f, c]);
        place(&mut s, f, a);
        place(&mut s, c, enemy_at);
        give(&h, &mut s, f, &make);
        give(&h, &mut s, c, &[(Arm::Infantry, 4)]);
        s.march = Some(march(f, a));
        assert!(matches!(h.actor(&s), Actor::Player(x) if x == COALITION));
        let listed = legal(&h, &s)
            .iter()
            .any(|x| matches!(x, Action::Step { to } if *to == mid));
        assert_eq!(listed, ok, "{make:?}");
        let mut ev = Vec::new();
        let r = h.apply(&mut s, &Action::Step { to: mid }, &mut ev);
        match r {
            Ok(()) => assert!(ok),
            Err(e) => {
                assert!(!ok, "{e:?}");
                assert_eq!(e.rule, "¶162");
            }
        }
    }
}

/// The Initiative play of X31 and ¶127: a French force of Initiative 2 (the given cavalry and
/// 4 infantry) leaves the ZOC of a Coalition force of Initiative 3 (4 infantry and the given
/// cavalry) on open ground; returns the modifier and allowance of the Initiative die `roll`.
fn leave_ezoc(fr_cav: u8, co_cav: u8, roll: u8) -> Option<(i8, Mp)> {
    use super::march::{d6, open_ground};
    use crate::hex::Direction;
    let h = load("hov/pultusk-golymin");
    let mut s = h.initial_state();
    advance(&h, &mut s, Phase::InitiativeMovement, FRENCH);
    let pick = |side, init: u8| {
        (0..s.leaders.len() as LeaderId).find(|&l| {
            h.manifest.leaders[usize::from(l)].side == side
                && h.manifest.leaders[usize::from(l)].ratings.initiative == init
        })
    };
    let (f, c) = (pick(FRENCH, 2)?, pick(COALITION, 3)?);
    let at = open_ground(&h);
    clear_map_but(&mut s, &[]);
    place(&mut s, f, at);
    place(&mut s, c, at.neighbor(Direction::ALL[0]));
    let mut fm = alloc::vec![(Arm::Infantry, 4)];
    if fr_cav > 0 {
        fm.push((Arm::Cavalry, fr_cav));
    }
    let mut cm = alloc::vec![(Arm::Infantry, 4)];
    if co_cav > 0 {
        cm.push((Arm::Cavalry, co_cav));
    }
    give(&h, &mut s, f, &fm);
    give(&h, &mut s, c, &cm);
    assert_eq!(h.initiative_of(&s, f), 2);
    assert_eq!(h.initiative_of(&s, c), 3);
    let mut ev = Vec::new();
    h.apply(
        &mut s,
        &Action::Initiative {
            leader: f,
            parts: Vec::new(),
        },
        &mut ev,
    )
    .unwrap();
    assert!(s.march.as_ref().unwrap().from_ezoc, "¶126");
    h.apply(&mut s, &d6(roll), &mut ev).unwrap();
    let modifier = ev.iter().find_map(|e| match e {
        crate::hov::event::Event::InitiativeRoll { modifier, .. } => Some(*modifier),
        _ => None,
    })?;
    // The infantry's allowance (the event reports the larger, the cavalry's).
    Some((
        modifier,
        s.march.as_ref().map_or(Mp::ZERO, |m| m.allowance_inf),
    ))
}

#[test]
fn r106_x31_initiative_two_leaving_the_zoc_of_three_rolls_a_one_for_three_mp() {
    // ¶106: +1 against the better enemy leader; the 1 rolled becomes 2, the leader's own
    // Initiative: one MP less than the allowance, 3 of 4, of which the exit takes ½ (¶124).
    let Some((modifier, allowance)) = leave_ezoc(0, 0, 1) else {
        panic!("no leaders of Initiative 2 and 3");
    };
    assert_eq!(modifier, 1);
    assert_eq!(allowance, Mp::whole(3));
}

#[test]
fn r127_2_the_cavalry_differential_in_play_leaving_an_ezoc() {
    // The Resistance Modifier is +1 (2 against 3). A 2:1 cavalry edge is ±1; 1 SP is enough
    // against none; no modifier may make leaving better than 0 (¶127 4).
    for (fr, co, want) in [
        (0u8, 0u8, 1i8),
        (1, 0, 0),
        (0, 1, 2),
        (2, 1, 0),
        (1, 1, 1),
        (3, 2, 1),
    ] {
        let (m, _) = leave_ezoc(fr, co, 3).expect("leaders");
        assert_eq!(m, want, "French {fr} cavalry against {co}");
    }
}
