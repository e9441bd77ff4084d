//! The nbs bots beyond the generic `random`:
//! * `hasty`: uniform random choices, but ends each of its phases one time in four, so a battle
//!   takes a few thousand steps;
//! * `advance`: a random player with a plan — steps toward the nearest enemy, fires whenever it
//!   can, attacks when offered. Its games reach every part of the rules (fire, morale,
//!   retreats, close combat, rally), which is what the random-play test needs.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::state::{Phase, State, Task, flag};
use super::{Action, Nbs};
use crate::engine::{Bot, Rules};
use crate::hex::Hex;

/// A bot by name.
pub(super) fn named(name: &str) -> Option<Box<dyn Bot<Nbs>>> {
    match name {
        "hasty" => Some(Box::new(Hasty)),
        "advance" => Some(Box::new(Advance)),
        _ => None,
    }
}

fn is_end(a: &Action) -> bool {
    matches!(
        a,
        Action::EndMovement
            | Action::EndFire
            | Action::EndSegment
            | Action::EndCommand
            | Action::EndSetUp
    )
}

/// When the Movement Phase may not end yet (10.5a: units out of command radius must spend
/// their MPs getting back; 10.3b: a stopped corps must get clear), the steps that do what the
/// rules ask: any step of a unit out of radius (the listing offers only steps toward its
/// leader), else any step.
fn obligations(rules: &Nbs, s: &State, actions: &[Action]) -> Vec<usize> {
    if s.phase != Phase::Movement || !s.tasks.is_empty() || actions.iter().any(is_end) {
        return Vec::new();
    }
    let flagged: Vec<usize> = (0..actions.len())
        .filter(|&i| match &actions[i] {
            Action::Step { unit, .. } => s.units[usize::from(*unit)].has(flag::OUT_OF_RADIUS),
            _ => false,
        })
        .collect();
    if !flagged.is_empty() {
        return flagged;
    }
    // AUS 3.1: an Emperor astray steps toward the Army HQ or troops of his nation.
    let occ = super::query::Occ::new(rules, s);
    if let Some((e, _)) = rules.emperor_astray(s, &occ) {
        let now = s.units[usize::from(e)]
            .hex()
            .and_then(|h| rules.home_distance(s, e, h));
        let home: Vec<usize> = (0..actions.len())
            .filter(|&i| match &actions[i] {
                Action::Step { unit, to } => *unit == e && rules.home_distance(s, e, *to) < now,
                _ => false,
            })
            .collect();
        if !home.is_empty() {
            return home;
        }
    }
    // 11.5b: a skirmisher strayed beyond 2 hexes steps back toward its leash.
    let strays: Vec<usize> = (0..actions.len())
        .filter(|&i| match &actions[i] {
            Action::Step { unit, to } => {
                rules.is_skirmisher(*unit)
                    && rules.leash_now(s, *unit).is_some_and(|d| {
                        d > 2 && rules.leash_distance(s, *unit, *to).is_some_and(|n| n < d)
                    })
            }
            _ => false,
        })
        .collect();
    if !strays.is_empty() {
        return strays;
    }
    (0..actions.len())
        .filter(|&i| matches!(actions[i], Action::Step { .. }))
        .collect()
}

/// 1.4: while a unit is in hand in the Set-Up Phase, a random choice that keeps the set-up
/// complete (a leader with his troops, a battery with its brigades), so that the segment can
/// always end: a `Place` is tried on a few random hexes and the unit is put down otherwise.
fn placing_choice(
    rules: &Nbs,
    s: &State,
    actions: &[Action],
    random: &mut dyn FnMut(u64) -> u64,
) -> Option<usize> {
    let Some(Task::Placing { unit }) = s.tasks.last() else {
        return None;
    };
    let side = rules.units[usize::from(*unit)].side;
    let end = actions.iter().position(is_end)?;
    // AUS 4.1b: hide the unit one time in two when it may be.
    if let Some(h) = actions
        .iter()
        .position(|a| matches!(a, Action::Hide { hidden: true, .. }))
    {
        if random(2) == 0 {
            return Some(h);
        }
    }
    if random(3) == 0 {
        return Some(end);
    }
    for _ in 0..4 {
        let i = random(actions.len() as u64) as usize;
        match &actions[i] {
            Action::Place { .. } => {
                if rules
                    .applied(s, &actions[i])
                    .is_ok_and(|(n, _)| rules.setup_complete(&n, side).is_ok())
                {
                    return Some(i);
                }
            }
            _ => return Some(i),
        }
    }
    Some(end)
}

/// See the module docs.
pub struct Hasty;

impl Bot<Nbs> for Hasty {
    fn name(&self) -> &'static str {
        "hasty"
    }

    fn choose(
        &mut self,
        _rules: &Nbs,
        _state: &State,
        actions: &[Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        let must = obligations(_rules, _state, actions);
        if !must.is_empty() {
            return pick(&must, random);
        }
        if let Some(i) = placing_choice(_rules, _state, actions, random) {
            return i;
        }
        match actions.iter().position(is_end) {
            Some(e) if random(4) == 0 => e,
            _ => random(actions.len() as u64) as usize,
        }
    }
}

/// See the module docs.
pub struct Advance;

fn pick(idx: &[usize], random: &mut dyn FnMut(u64) -> u64) -> usize {
    idx[random(idx.len() as u64) as usize]
}

impl Bot<Nbs> for Advance {
    fn name(&self) -> &'static str {
        "advance"
    }

    fn choose(
        &mut self,
        rules: &Nbs,
        s: &State,
        actions: &[Action],
        random: &mut dyn FnMut(u64) -> u64,
    ) -> usize {
        let must = obligations(rules, s, actions);
        if !must.is_empty() {
            return pick(&must, random);
        }
        let all: Vec<usize> = (0..actions.len()).collect();
        let of = |f: &dyn Fn(&Action) -> bool| -> Vec<usize> {
            all.iter().copied().filter(|&i| f(&actions[i])).collect()
        };
        let end = actions.iter().position(is_end);
        match s.tasks.last() {
            Some(Task::Declaring(_)) => {
                // Whole fire mostly; a split share (20.2e) one time in eight.
                let add = if random(8) == 0 {
                    of(&|a| matches!(a, Action::AddFirer { .. }))
                } else {
                    of(&|a| matches!(a, Action::AddFirer { share: None, .. }))
                };
                if !add.is_empty() && random(3) != 0 {
                    return pick(&add, random);
                }
                let res = of(&|a| matches!(a, Action::Resolve));
                if !res.is_empty() {
                    return res[0];
                }
            }
            Some(Task::Assembling { .. }) => {
                // 23.1e: mostly attack with those named; now and then leave one out.
                let res = of(&|a| matches!(a, Action::Resolve));
                if !res.is_empty() && random(4) != 0 {
                    return res[0];
                }
                let w = of(&|a| matches!(a, Action::Withhold { .. }));
                if !w.is_empty() {
                    return pick(&w, random);
                }
            }
            Some(Task::OpportunityWindow { .. }) => {
                let f =
                    of(&|a| matches!(a, Action::OpportunityFire | Action::OpportunityFireAfter));
                if !f.is_empty() && random(4) != 0 {
                    return pick(&f, random);
                }
            }
            Some(Task::OrderWriting { .. }) => {
                let att = of(&|a| {
                    matches!(
                        a,
                        Action::IssueOrder {
                            kind: super::types::OrderKind::Attack,
                            ..
                        }
                    )
                });
                if !att.is_empty() {
                    return att[0];
                }
                // 10.2f: the Attack order is already on its way; write nothing rather than
                // a Non-Attack order that would cancel the orders held.
                if let Some(p) = actions.iter().position(|a| *a == Action::Pass) {
                    return p;
                }
            }
            Some(Task::Placing { .. }) => {
                if let Some(i) = placing_choice(rules, s, actions, random) {
                    return i;
                }
            }
            Some(_) => {}
            None => match s.phase {
                // 10.1: an Attack order to each command that has none (replacing a Non-Attack
                // one, such as the historical defensive orders), a few a turn as the Command
                // Points allow; otherwise the phase ends.
                Phase::Command => {
                    let side = rules.phasing(s);
                    let log = &s.orders[side.index()];
                    let fresh = of(&|a| match a {
                        Action::IssueOrder {
                            receiver,
                            kind: super::types::OrderKind::Attack,
                            ..
                        } => {
                            !matches!(receiver, super::types::Receiver::Unit(_))
                                && !log.orders().iter().any(|o| {
                                    o.receiver == *receiver
                                        && o.kind == super::types::OrderKind::Attack
                                        && !matches!(
                                            o.status,
                                            super::order_log::OrderStatus::Cancelled
                                                | super::order_log::OrderStatus::Distorted
                                        )
                                })
                        }
                        _ => false,
                    });
                    if !fresh.is_empty() {
                        return fresh[0];
                    }
                    if let Some(e) = end {
                        return e;
                    }
                }
                Phase::Movement => {
                    // Part cavalry: charge now and then (24.1).
                    let charge = of(&|a| matches!(a, Action::Charge { .. }));
                    if !charge.is_empty() && random(3) == 0 {
                        return pick(&charge, random);
                    }
                    let assault = of(&|a| matches!(a, Action::Assault { .. }));
                    if !assault.is_empty() && random(2) == 0 {
                        return pick(&assault, random);
                    }
                    // Sometimes skirmishers, Extensions, detached guns, forced march (11.5,
                    // 17.0, 27.1, 18.0).
                    let parts = of(&|a| {
                        matches!(
                            a,
                            Action::Release { .. }
                                | Action::Extend { .. }
                                | Action::Absorb { .. }
                                | Action::Split { .. }
                                | Action::Combine { .. }
                                | Action::Restack { .. }
                                | Action::Detach { .. }
                                | Action::Reattach { .. }
                                | Action::ForcedMarch { .. }
                                | Action::LeaveSquare { .. }
                        )
                    });
                    if !parts.is_empty() && random(12) == 0 {
                        return pick(&parts, random);
                    }
                    let side = rules.phasing(s);
                    let enemies: Vec<Hex> = s
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| rules.units[*i].side != side && rules.units[*i].combat())
                        .filter_map(|(_, u)| u.hex())
                        .collect();
                    let mut memo: alloc::collections::BTreeMap<Hex, u32> = Default::default();
                    let mut near = |h: Hex| {
                        *memo.entry(h).or_insert_with(|| {
                            enemies.iter().map(|e| e.distance(h)).min().unwrap_or(0)
                        })
                    };
                    let closer: Vec<usize> = all
                        .iter()
                        .copied()
                        .filter(|&i| match &actions[i] {
                            Action::Step { unit, to } => match s.units[usize::from(*unit)].hex() {
                                Some(from) => near(*to) < near(from),
                                None => false,
                            },
                            Action::Enter { .. } => true,
                            _ => false,
                        })
                        .collect();
                    if let Some(e) = end {
                        if random(30) == 0 {
                            return e;
                        }
                    }
                    if !closer.is_empty() && random(5) != 0 {
                        return pick(&closer, random);
                    }
                }
                Phase::DefensiveFire | Phase::OffensiveFire => {
                    let t = of(&|a| matches!(a, Action::Target { .. }));
                    if !t.is_empty() && random(8) != 0 {
                        return pick(&t, random);
                    }
                    if let Some(e) = end {
                        return e;
                    }
                }
                _ => {
                    if let Some(e) = end {
                        if random(3) == 0 {
                            return e;
                        }
                    }
                }
            },
        }
        random(actions.len() as u64) as usize
    }
}
