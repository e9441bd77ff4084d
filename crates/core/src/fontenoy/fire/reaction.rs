//! 12.8 Fire Reaction: when an active unit is about to leave a hex (12.8d) or has changed
//! facing or formation (12.8c; a forced General Order too) within the range of passive
//! infantry or the short range of passive guns, the passive player may fire at it: a decision
//! ([`FireStep::Reaction`]) of one infantry and one artillery fire at most per trigger (12.8c),
//! each combining the hexes that join (12.8b), losses to the movers first (12.9c), DC(C) on a
//! loss or "D" (12.9e), and a mover Disordered by it stops (18.5d). Each hex sets off one
//! reaction of each kind for a mover (12.8e).
//!
//! The movement section calls [`Fontenoy::reaction_before_leaving`] before a step and
//! [`Fontenoy::reaction_after_change`] after a change; a step that opens a reaction is not
//! made then: once the reaction is over, the mover (if it may still move) steps again, and the
//! used trigger lets it go. [`Fontenoy::reaction_end`] stops a mover the reaction Disordered.
//!
//! Readings: a trigger is used when the reaction is offered, fired or not; the key is the
//! mover (its group's first unit), the hex (its first hex) and the kind (digest A21); the
//! firer reads the mover's old and new formation and facing, whichever favours it (12.8c).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Decl, FireKind, FireStep, Moving, State, Step, Trigger, Triggered};
use super::super::types::{Arm, Formation, Kind, Morale, Pts};
use super::super::units::UnitId;
use super::log;
use crate::engine::Illegal;
use crate::hex::Hex;

fn bit(arm: Arm) -> u8 {
    match arm {
        Arm::Infantry => 1,
        Arm::Artillery => 2,
    }
}

impl Fontenoy {
    /// The longest reach of any reaction: infantry range, guns' short range (12.8).
    fn reaction_reach(&self) -> u32 {
        self.tables
            .fire
            .multipliers
            .iter()
            .map(|r| r.max_range(true).min(u32::from(r.short_range).max(2)))
            // guns react at short range, infantry at its range (French in works at 2)
            .max()
            .unwrap_or(3)
            .max(1)
    }

    /// A cheap look before the full one: whether some unit of the passive side able to fire
    /// stands within the longest reaction reach of `mover` (12.8a).
    fn reactor_near(&self, s: &State, mover: UnitId) -> bool {
        let Some(p) = s.unit(mover).placed() else {
            return false;
        };
        let side = self.units[usize::from(mover)].side.other();
        let reach = self.reaction_reach();
        let near = |h: Hex| p.hexes.as_slice().iter().any(|&m| m.distance(h) <= reach);
        s.units.iter().enumerate().any(|(i, u)| {
            self.units[i].side == side
                && u.placed()
                    .is_some_and(|q| q.hexes.as_slice().iter().any(|&h| near(h)))
                && self.can_fire(s, i as UnitId)
        })
    }

    /// The reactions the passive player may fire at `mover` (12.8a, 12.8b): each firing hex
    /// and arm not yet used for this trigger (`fired`), at each of the mover's hexes in reach.
    pub(crate) fn reaction_options(
        &self,
        s: &State,
        o: &Occupancy,
        mover: UnitId,
        fired: u8,
        first_only: bool,
    ) -> Vec<(Hex, Arm, Hex)> {
        let mut out = Vec::new();
        let Some(p) = s.unit(mover).placed().copied() else {
            return out;
        };
        let side = self.units[usize::from(mover)].side.other();
        let reach = self.reaction_reach();
        let near = |h: Hex| p.hexes.as_slice().iter().any(|&m| m.distance(h) <= reach);
        if !self.reactor_near(s, mover) {
            return out;
        }
        for (from, arm) in self.fire_elements(s, o, side, FireKind::Reaction) {
            if fired & bit(arm) != 0 || !near(from) {
                continue;
            }
            for &at in p.hexes.as_slice() {
                if self
                    .check_fire(s, o, FireKind::Reaction, side, from, arm, at)
                    .is_ok()
                {
                    out.push((from, arm, at));
                    if first_only {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Opens a Fire Reaction at `mover` in `hex` for `trigger` if one is possible and the
    /// trigger unused there (12.8e); returns whether it did.
    fn open_reaction(
        &self,
        s: &mut State,
        mover: UnitId,
        trigger: Trigger,
        before: Option<(Formation, Placed)>,
        ev: &mut Vec<Event>,
    ) -> bool {
        let Some(hex) = s.unit(mover).placed().map(|p| p.hex()) else {
            return false;
        };
        let used = log(s).is_some_and(|l| {
            l.triggers
                .iter()
                .any(|t| t.unit == mover && t.hex == hex && t.trigger == trigger)
        });
        if used || !self.reactor_near(s, mover) {
            return false;
        }
        let o = Occupancy::build(self, s);
        if self.reaction_options(s, &o, mover, 0, true).is_empty() {
            return false;
        }
        let Some(l) = super::log_mut(s) else {
            return false;
        };
        l.triggers.push(Triggered {
            unit: mover,
            hex,
            trigger,
        });
        let u = s.unit(mover);
        s.steps.push(Step::Fire(FireStep::ReactionEnd {
            mover,
            disordered: u.disordered,
            morale: u.morale,
        }));
        s.steps.push(Step::Fire(FireStep::Reaction {
            mover,
            trigger,
            fired: 0,
            before: before.map(|b| b.0),
            placed: before.map(|b| b.1),
        }));
        ev.push(Event::ReactionOffered {
            mover,
            hex,
            trigger,
        });
        true
    }

    /// 12.8d: before `mover` (a group's first unit) leaves its hex, the passive player may
    /// react. Returns whether a reaction was opened: the step is then not made now.
    pub(crate) fn reaction_before_leaving(
        &self,
        s: &mut State,
        mover: UnitId,
        ev: &mut Vec<Event>,
    ) -> bool {
        self.open_reaction(s, mover, Trigger::Leave, None, ev)
    }

    /// 12.8c: after `mover` changed facing or formation (it was in `before` at `placed`), the
    /// passive player may react. Returns whether a reaction was opened.
    pub(crate) fn reaction_after_change(
        &self,
        s: &mut State,
        mover: UnitId,
        before: Formation,
        placed: Placed,
        ev: &mut Vec<Event>,
    ) -> bool {
        self.open_reaction(s, mover, Trigger::Change, Some((before, placed)), ev)
    }

    /// The Fire Reaction decision's fire actions.
    pub(crate) fn reaction_actions(&self, s: &State, step: FireStep, out: &mut Vec<Action>) {
        let FireStep::Reaction { mover, fired, .. } = step else {
            return;
        };
        let o = Occupancy::build(self, s);
        for (from, arm, at) in self.reaction_options(s, &o, mover, fired, false) {
            out.push(Action::Fire { from, arm, at });
        }
    }

    /// A Fire Reaction: the passive player fires `arm` from `from` at the mover's hex `at`;
    /// the decision stays open for the other arm (12.8c).
    pub(crate) fn apply_reaction(
        &self,
        s: &mut State,
        step: FireStep,
        a: &Action,
        _ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let (
            FireStep::Reaction {
                mover,
                trigger,
                fired,
                before,
                placed,
            },
            Action::Fire { from, arm, at },
        ) = (step, a)
        else {
            return Err(Illegal::new("12.8", "not a Fire Reaction"));
        };
        let o = Occupancy::build(self, s);
        if !self
            .reaction_options(s, &o, mover, fired, false)
            .contains(&(*from, *arm, *at))
        {
            let side = self.units[usize::from(mover)].side.other();
            if fired & bit(*arm) != 0 {
                return Err(Illegal::new(
                    "12.8c",
                    alloc::format!(
                        "one {} Fire Reaction a trigger: it has been used at {}",
                        arm.name(),
                        self.unit_name(mover)
                    ),
                ));
            }
            self.check_fire(s, &o, FireKind::Reaction, side, *from, *arm, *at)?;
            return Err(Illegal::new(
                "12.8",
                alloc::format!(
                    "{} is not a hex of {}",
                    self.label(*at),
                    self.unit_name(mover)
                ),
            ));
        }
        s.steps.push(Step::Fire(FireStep::Reaction {
            mover,
            trigger,
            fired: fired | bit(*arm),
            before,
            placed,
        }));
        let side = self.units[usize::from(mover)].side.other();
        let extra = Decl {
            mover: Some(mover),
            before,
            placed,
            ..Self::blank_decl(side, *arm, *at)
        };
        self.begin_fire(s, FireKind::Reaction, side, *from, *arm, *at, extra)
    }

    /// The end of a Fire Reaction at `mover` (it was `disordered` and in `morale` before):
    /// a mover the reaction Disordered (or Routed) stops at once (18.5d); a mover only made
    /// Shaken goes on (19.2a). This is the hook the Disorder and Morale Checks of the reaction
    /// feed: it runs once they are resolved. A stopped mover that may not stand where it
    /// stopped routs (10.13b, 18.2e); the others owe their DC(A) now (18.2a).
    pub(crate) fn reaction_end(
        &self,
        s: &mut State,
        mover: UnitId,
        disordered: bool,
        morale: Morale,
        ev: &mut Vec<Event>,
    ) {
        let u = *s.unit(mover);
        let Some(p) = u.placed().copied() else {
            return;
        };
        let worse = (u.disordered && !disordered)
            || (u.morale == Morale::Routed && morale != Morale::Routed);
        if !worse {
            return;
        }
        let side = self.units[usize::from(mover)].side;
        let group: Vec<UnitId> = (0..s.units.len() as UnitId)
            .filter(|&x| {
                x == mover
                    || (self.units[usize::from(x)].side == side
                        && self.units[usize::from(x)].kind != Kind::Commander
                        && s.unit(x).placed() == Some(&p)
                        && s.unit(x).formation == u.formation
                        && s.unit(x).act == super::super::state::Act::Active)
            })
            .collect();
        let mpos: Vec<Pts> = group.iter().map(|&g| self.mpo(s, g)).collect();
        let Some(act) = s.activation.as_mut() else {
            return;
        };
        let mut stopped = false;
        // The movers whose move this stop ends (they owe their DC(A), or rout).
        let mut ended: Vec<UnitId> = Vec::new();
        for (g, mpo) in group.into_iter().zip(mpos) {
            match act.moving.iter_mut().find(|m| m.unit == g) {
                Some(m) if !m.done => {
                    stopped |= g == mover;
                    ended.push(g);
                }
                Some(_) => {}
                None => {
                    act.moving.push(Moving {
                        unit: g,
                        mpo,
                        spent: Pts::ZERO,
                        done: true,
                        last_side: None,
                        dca: 0,
                        dca_pending: false,
                        ..Moving::default()
                    });
                    stopped |= g == mover;
                }
            }
        }
        if stopped {
            ev.push(Event::MoveStopped { unit: mover });
        }
        let spent = |s: &State, g: UnitId| {
            s.activation
                .as_ref()
                .and_then(|a| a.moving.iter().find(|m| m.unit == g))
                .is_some_and(|m| m.spent > Pts::ZERO)
        };
        // 10.13b, 18.2e: the movers that moved into the hex and may not stay there rout.
        let movers: Vec<UnitId> = ended.iter().copied().filter(|&g| spent(s, g)).collect();
        if s.unit(mover).morale != Morale::Routed && self.stopped_in_group(s, &movers, ev) {
            ended.retain(|g| !movers.contains(g));
        }
        for g in ended {
            self.finish(s, g, ev);
        }
    }
}
