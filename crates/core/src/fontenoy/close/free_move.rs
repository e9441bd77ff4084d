//! 16.2b Free Movement and 16.2c Pursuit Completion: once Pursuit Movement is over because
//! the enemy was destroyed, the path was blocked or the cavalry was recalled (not because its
//! PP ran out or it entered an enemy ZOC), cavalry that spent at least 1 PP following the path
//! and has PP left may spend them moving into Frontal hexes at the TET's SCM costs (F-2.8a)
//! and turning (1 PP a turn, at most 2). It costs no MP (11.1e), is not movement (no Fire or
//! Cavalry Reaction, no DC(A), 18.2b) and the group stays together. Then the group may be
//! reordered (10.6g) before it checks the stacking limit (`pursuit_split.rs`).
//!
//! Readings: a move is refused while any enemy unit (Routed or not) is in a Frontal hex of the
//! hex left, into a hex a friendly combat unit holds, across terrain forbidden to SCM or to
//! cavalry in Line or Attack Column, or beyond the PP (each hex costs its SCM cost rounded up,
//! at least 1 PP, as in Pursuit Movement); Out of Control cavalry (F-8.4b) takes its recall
//! check only after Free Movement, and each hex it enters must be farther from the hex the
//! pursuit began in (its run goes on the enemy's way); after Recall Fails (F-8.3d) it may not
//! stop while it can still move or turn.

use alloc::vec::Vec;

use super::{CloseStep, Cont, SpecialPursuit};
use crate::fontenoy::Fontenoy;
use crate::fontenoy::action::Action;
use crate::fontenoy::checks::{CheckKind, CheckReq};
use crate::fontenoy::event::Event;
use crate::fontenoy::geometry::{Hexes, Placed};
use crate::fontenoy::occupancy::Occupancy;
use crate::fontenoy::state::{Place, Pursuit, State, Step};
use crate::fontenoy::types::{DisorderCheck, Morale};
use crate::fontenoy::units::UnitId;
use crate::hex::{Facing, Hex};

impl Fontenoy {
    /// Pursuit Movement and its recall check are over: Free Movement if the cavalry may make
    /// it (16.2b), else (Out of Control, F-8.4b) the recall check not yet taken, else the
    /// Pursuit Completion Step.
    pub(crate) fn free_or_finish(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            self.next_pursuit(s, ev);
            return;
        };
        let top = p.units[0];
        let alive = s.unit(top).on_map() && s.unit(top).morale != Morale::Routed;
        if p.free && !p.free_done && p.pp >= 1 && p.spent >= 1 && alive {
            if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
                x.free_done = true;
            }
            let side = self.side_of(top);
            s.steps.push(Step::Close(CloseStep::FreeMove { side }));
            return;
        }
        if !p.recall_tried && s.unit(top).on_map() {
            if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
                x.recall_tried = true;
            }
            s.steps
                .push(Step::Close(CloseStep::Resume(Cont::PursuitOver)));
            self.queue_checks(
                s,
                &[CheckReq {
                    unit: top,
                    kind: CheckKind::Disorder(DisorderCheck::F),
                    er_mod: 0,
                }],
            );
            return;
        }
        self.finish_pursuit(s, ev);
    }

    /// The hexes a Free Movement step may enter, with their PP cost (16.2b).
    pub(crate) fn free_steps(&self, s: &State, p: &Pursuit) -> Vec<(Hex, u8)> {
        let mut out = Vec::new();
        let top = p.units[0];
        let Some(at) = s.unit(top).placed().copied() else {
            return out;
        };
        if p.pp == 0 || at.hexes.len() != 1 {
            return out;
        }
        let o = Occupancy::build(self, s);
        let side = self.side_of(top);
        let front = self.frontal_hexes(s, top);
        // An enemy, Routed or not, in a Frontal hex: the cavalry must turn before it leaves.
        if front
            .iter()
            .any(|&h| o.combat_at(self, h).any(|x| self.side_of(x) != side))
        {
            return out;
        }
        let class = self.retreat_class(s, top);
        let here = at.hex();
        for h in front {
            if !self.board.on_map(h)
                || o.combat_at(self, h).next().is_some()
                || !self.enterable(here, h, class)
            {
                continue;
            }
            let Some(c) = self.scm_cost(here, h) else {
                continue;
            };
            let cost = c.sixths().div_ceil(6).max(1);
            if cost > u16::from(p.pp) {
                continue;
            }
            if p.special == Some(SpecialPursuit::OutOfControl) {
                if let Some(o) = p.origin {
                    if h.distance(o.0) <= here.distance(o.0) {
                        continue;
                    }
                }
            }
            out.push((h, cost as u8));
        }
        out
    }

    /// The facings a Free Movement turn may take (16.2b: any other of the formation's kind).
    fn free_turns(&self, s: &State, p: &Pursuit) -> Vec<u8> {
        let mut out = Vec::new();
        if p.pp == 0 || p.turns >= 2 {
            return out;
        }
        let Some(at) = s.unit(p.units[0]).placed() else {
            return out;
        };
        for f in 0..12u8 {
            if f != at.facing.index() && (f % 2 == 1) == at.facing.is_corner() {
                out.push(f);
            }
        }
        out
    }

    /// The pursuing player's Free Movement choices: a hex, a turn, or the end (16.2b).
    pub(crate) fn free_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.as_ref()) else {
            return;
        };
        let unit = p.units[0];
        let n = out.len();
        for (to, _) in self.free_steps(s, p) {
            out.push(Action::Step {
                unit,
                to,
                alone: false,
            });
        }
        for facing in self.free_turns(s, p) {
            out.push(Action::Face { unit, facing });
        }
        // F-8.3d: after Recall Fails the PP are spent to the last one that can be.
        if out.len() == n || !p.recall_fails {
            out.push(Action::EndMove { unit });
        }
    }

    /// One hex of Free Movement (16.2b): the group and its commanders move, keeping facing.
    pub(crate) fn free_step(&self, s: &mut State, to: Hex, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let Some(&(_, cost)) = self.free_steps(s, &p).iter().find(|(h, _)| *h == to) else {
            return;
        };
        let top = p.units[0];
        let Some(at) = s.unit(top).placed().copied() else {
            return;
        };
        let side = self.side_of(top);
        let commanders = self.commanders_in(s, at.hexes.as_slice(), side);
        for &u in &p.units {
            let facing = s.unit(u).placed().map_or(at.facing, |q| q.facing);
            s.unit_mut(u).place = Place::Map(Placed {
                hexes: Hexes::one(to),
                facing,
                hook: None,
            });
        }
        for c in commanders {
            s.unit_mut(c).place = Place::Map(Placed::at(to, at.facing));
        }
        let pp = p.pp.saturating_sub(cost);
        if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
            x.pp = pp;
        }
        ev.push(Event::FreeMoved { unit: top, to, pp });
        self.free_go_on(s, ev);
    }

    /// A Free Movement turn (16.2b): the hex turns as one, for 1 PP.
    pub(crate) fn free_turn(&self, s: &mut State, facing: u8, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let top = p.units[0];
        let (Some(at), Some(f)) = (s.unit(top).placed().copied(), Facing::new(facing)) else {
            return;
        };
        let turn = f.index() as i8 - at.facing.index() as i8;
        for u in 0..s.units.len() as UnitId {
            if let Place::Map(q) = &mut s.unit_mut(u).place {
                if q.hexes == at.hexes {
                    q.facing = q.facing.rotate(turn);
                }
            }
        }
        let pp = p.pp.saturating_sub(1);
        if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
            x.pp = pp;
            x.turns += 1;
        }
        ev.push(Event::FreeTurned {
            unit: top,
            facing,
            pp,
        });
        self.free_go_on(s, ev);
    }

    /// After a Free Movement step or turn: it ends in an enemy ZOC, with no PP left or no
    /// legal move; else the player decides again.
    fn free_go_on(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let top = p.units[0];
        let side = self.side_of(top);
        let o = Occupancy::build(self, s);
        let in_ezoc = s
            .unit(top)
            .placed()
            .is_some_and(|q| o.ezoc(self, q.hex(), side));
        let why = if in_ezoc {
            Some("16.2b: Free Movement entered an enemy ZOC")
        } else if p.pp == 0 {
            Some("16.2b: no Pursuit Points left")
        } else if self.free_steps(s, &p).is_empty() && self.free_turns(s, &p).is_empty() {
            Some("16.2b: no legal Free Movement left")
        } else {
            None
        };
        match why {
            Some(why) => {
                ev.push(Event::PursuitEnds {
                    unit: top,
                    why: why.into(),
                });
                self.free_or_finish(s, ev);
            }
            None => s.steps.push(Step::Close(CloseStep::FreeMove { side })),
        }
    }

    /// The pursuing player declares Free Movement complete (16.2b).
    pub(crate) fn free_end(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.as_ref()) {
            ev.push(Event::PursuitEnds {
                unit: p.units[0],
                why: "16.2b: Free Movement declared complete".into(),
            });
        }
        self.free_or_finish(s, ev);
    }

    /// 10.6g: the units of the pursuing group that may be put on top at Pursuit Completion:
    /// not the top one, and each once (any order can still be made, and the choice ends).
    pub(crate) fn pursuit_order_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.as_ref()) else {
            return;
        };
        for (i, u) in self.pursuers_left(s, p).into_iter().enumerate() {
            if i > 0 && !p.reordered.contains(&u) {
                out.push(Action::Reorder { unit: u, top: true });
            }
        }
    }

    /// The pursuing units still in the group, top first.
    pub(crate) fn pursuers_left(&self, s: &State, p: &Pursuit) -> Vec<UnitId> {
        let mut live: Vec<UnitId> = p
            .units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map() && s.unit(u).morale != Morale::Routed)
            .collect();
        live.sort_by_key(|&u| (s.unit(u).order, u));
        live
    }

    /// 10.6g: `unit` goes on top of the pursuing group; the others keep their order.
    pub(crate) fn pursuit_reorder(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            return;
        };
        let live = self.pursuers_left(s, &p);
        let order: Vec<UnitId> = core::iter::once(unit)
            .chain(live.iter().copied().filter(|&u| u != unit))
            .collect();
        self.set_order(s, &order, unit, true, "10.6g", ev);
        if let Some(x) = self.cs_mut(s).and_then(|c| c.pursuit.as_mut()) {
            x.reordered.push(unit);
            // The group's units, top first, as they now stand.
            x.units
                .sort_by_key(|&u| order.iter().position(|&v| v == u).unwrap_or(usize::MAX));
        }
        self.pursuit_order_or_complete(s, ev);
    }

    /// Pursuit Completion (16.2c): the reordering on offer (10.6g), or the stacking check.
    pub(crate) fn pursuit_order_or_complete(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(p) = self.close_segment(s).and_then(|c| c.pursuit.clone()) else {
            self.next_pursuit(s, ev);
            return;
        };
        let mut any = Vec::new();
        self.pursuit_order_actions(s, &mut any);
        if self.pursuers_left(s, &p).len() >= 2 && !any.is_empty() {
            let side = self.side_of(p.units[0]);
            s.steps.push(Step::Close(CloseStep::PursuitOrder { side }));
            return;
        }
        self.complete_pursuit(s, ev);
    }

    /// The pursuit is over: the group splits if it is over the stacking limit (16.2c); the
    /// next pursuit.
    pub(crate) fn complete_pursuit(&self, s: &mut State, ev: &mut Vec<Event>) {
        let units = self
            .cs_mut(s)
            .and_then(|c| c.pursuit.take())
            .map(|p| p.units)
            .unwrap_or_default();
        self.split_after_pursuit(s, &units, ev);
        self.next_pursuit(s, ev);
    }
}
