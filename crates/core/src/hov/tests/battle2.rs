//! The battle procedure's rules in play (¶154, ¶160–¶161, ¶171 2): the odds, the die beyond
//! the table and the loss cap, read through whole battles rather than the arithmetic alone.

use alloc::vec::Vec;

use super::battle::{act, duel, legal, load, no_artillery, roll};
use super::fort::only_sp;
use crate::hov::Hov;
use crate::hov::action::Action;
use crate::hov::event::Event;
use crate::hov::state::{BattleStep, LeaderPlace, State};
use crate::hov::types::{COALITION, Chit, FRENCH};

/// Attacks, shows both chits and plays the die `die` to the combat result; the events.
fn fight(h: &Hov, s: &mut State, chits: [Chit; 2], die: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    let a = legal(h, s)
        .into_iter()
        .find(|a| matches!(a, Action::Attack { .. }))
        .expect("an attack");
    ev.extend(act(h, s, &a));
    ev.extend(act(h, s, &Action::Chit(chits[0])));
    ev.extend(act(h, s, &Action::Chit(chits[1])));
    while let Some(b) = &s.battle {
        if b.fight.is_some() {
            break;
        }
        let a = match b.step {
            BattleStep::Bombard => roll(6),
            BattleStep::Stake => Action::Stake(false),
            BattleStep::Resolve => roll(die),
            BattleStep::Bonus => Action::Bonus(0),
            _ => break,
        };
        ev.extend(act(h, s, &a));
    }
    ev
}

/// The duel with each force cut to `f` and `c` infantry SP, no artillery.
fn small_duel(h: &Hov, f_sp: u8, c_sp: u8) -> (State, u16, u16) {
    let (mut s, f, c, _) = duel(h);
    no_artillery(h, &mut s, f);
    only_sp(h, &mut s, f, f_sp);
    only_sp(h, &mut s, c, c_sp);
    (s, f, c)
}

#[test]
fn r160_r161_odds_beyond_six_to_one_take_the_last_column_and_lower_the_die() {
    let h = load("hov/eylau");
    let (s, _, _) = small_duel(&h, 9, 1);
    let mut t = s.clone();
    let ev = fight(&h, &mut t, [Chit::Pursuit, Chit::Pursuit], 1);
    let (column, drm) = ev
        .iter()
        .find_map(|e| match e {
            Event::Combat { column, drm, .. } => Some((*column, *drm)),
            _ => None,
        })
        .expect("the combat");
    assert_eq!(
        usize::from(column),
        h.charts.crt.len() - 1,
        "¶160: the last column"
    );
    assert!(
        drm <= -2,
        "¶161 2: 9:1 is three steps past 6:1 (reading A21): {drm}"
    );
    // ¶161 3: the die, 1 − 3, is read at 0.
    let b = t.battle.clone().unwrap();
    let cell = h.charts.crt[usize::from(column)][0];
    let f = b.fight.unwrap();
    let want = if cell.attacker_loses {
        FRENCH
    } else {
        COALITION
    };
    assert_eq!(f.loser, want);
}

#[test]
fn r171_2_the_winner_never_loses_more_than_a_destroyed_loser_had() {
    let h = load("hov/eylau");
    let mut seen = false;
    for f_sp in 1..=6u8 {
        for c_sp in 1..=2u8 {
            for die in 1..=6u8 {
                let (mut s, _, _) = small_duel(&h, f_sp, c_sp);
                fight(&h, &mut s, [Chit::Pursuit, Chit::Pursuit], die);
                let Some(b) = s.battle.clone() else { continue };
                let Some(x) = b.fight else { continue };
                let loser_sp = if x.loser == COALITION { c_sp } else { f_sp };
                if x.winner_n > loser_sp {
                    seen = true;
                    assert!(
                        x.winner_lost <= u16::from(loser_sp),
                        "f {f_sp} c {c_sp} die {die}: {x:?}"
                    );
                }
            }
        }
    }
    assert!(
        seen,
        "some result asks the winner for more than the loser has"
    );
}

#[test]
fn r154_only_one_defending_force_counterattacks() {
    let h = load("hov/eylau");
    let (mut s, f, c, hexes) = duel(&h);
    // A second Coalition force in the defending hex.
    let c2 = super::fort::leader_with_infantry(&h, &s, COALITION, &[c]);
    s.leaders[usize::from(c2)].place = LeaderPlace::Map(hexes[1]);
    let chits = [Chit::Pursuit, Chit::Pitched];
    let Some(die) = (1..=6).find(|&d| {
        let mut t = s.clone();
        fight(&h, &mut t, chits, d);
        t.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Counterattack)
    }) else {
        return;
    };
    fight(&h, &mut s, chits, die);
    let acts = legal(&h, &s);
    let counters: Vec<&Action> = acts
        .iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert!(
        counters.len() >= 2,
        "either force may counterattack: {acts:?}"
    );
    let a = counters[1].clone();
    act(&h, &mut s, &a);
    let b = s.battle.unwrap();
    assert!(b.counter);
    assert_eq!(b.attackers.len(), 1, "¶154: one force only");
    let _ = f;
}

#[test]
fn r169_1_a_staked_old_guard_takes_the_first_sp_of_the_loss() {
    let h = load("hov/eylau");
    let Some(og) = (0..h.manifest.units.len()).find(|&u| {
        h.manifest.units[u].guard == crate::hov::types::Guard::Old
            && h.manifest.units[u].side == FRENCH
            && h.manifest.units[u].arm == crate::hov::types::Arm::Infantry
    }) else {
        return;
    };
    let mut seen = false;
    for die in 1..=6u8 {
        let (mut s, f, _, _) = duel(&h);
        no_artillery(&h, &mut s, f);
        s.units[og].leader = Some(f);
        s.units[og].sp = 3;
        let a = legal(&h, &s)[0].clone();
        act(&h, &mut s, &a);
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        act(&h, &mut s, &Action::Chit(Chit::Pursuit));
        while s
            .battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bombard)
        {
            act(&h, &mut s, &roll(6));
        }
        if s.battle.as_ref().map(|b| b.step) != Some(BattleStep::Stake) {
            continue;
        }
        act(&h, &mut s, &Action::Stake(true));
        let before = s.lost[FRENCH.index()];
        act(&h, &mut s, &roll(die));
        if s.battle
            .as_ref()
            .is_some_and(|b| b.step == BattleStep::Bonus)
        {
            act(&h, &mut s, &Action::Bonus(0));
        }
        if s.lost[FRENCH.index()] > before {
            seen = true;
            assert!(
                s.units[og].sp < 3,
                "die {die}: ¶169 the Old Guard first: {:?}",
                s.battle
            );
        }
    }
    assert!(seen, "some die costs the French a SP");
}
