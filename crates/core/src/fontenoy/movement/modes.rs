//! Optional rule F-6.5 French Dragoons: the five dragoon regiments, the Carabiniers and the
//! Grassins may change mode, mounted or dismounted (a), in the Movement Segment of their
//! activation: every counter of the unit in one hex or next to a common hex, none Disordered,
//! Shaken or Routed, none having spent MP or fired this activation, no enemy near; the new
//! counters may not move that activation (b). Losses are halved (1.5b rounding) dismounting,
//! doubled mounting, spread as evenly as possible over the new counters (c).
//!
//! The counters of the other mode are provisional data (counters/french.json, `optional` 6.5),
//! loaded with the option; a unit's two modes are its regiment's counters of the two arms.
//! Readings (docs/coverage/fontenoy.md): "out of Opportunity Fire or Charge range" is no enemy
//! combat unit within 4 hexes (musket, canister and charge ranges; long artillery ranges
//! ignored); the change is made before the unit spends any MP; the new counters are set up by
//! its owner, one at a time, in any formation its type and the hex allow, in the common hex or
//! a hex next to it (a two-hex formation over the common hex and one next to it); a new counter
//! whose share of the losses reaches its SP, or that has nowhere to stand, is not set up.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Act, Moving, Place, State, Step};
use super::super::types::{Formation, Kind, Morale, Pts, round};
use super::super::units::UnitId;
use crate::engine::Illegal;
use crate::hex::Hex;

/// One unit's counters in its two modes (F-6.5a).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModeGroup {
    /// The mounted counters (cavalry).
    pub mounted: Vec<UnitId>,
    /// The dismounted counters (infantry).
    pub dismounted: Vec<UnitId>,
}

/// The groups of `units` (French infantry and cavalry of one regiment in both arms).
pub(crate) fn groups(units: &[super::super::units::UnitInfo]) -> Vec<ModeGroup> {
    let mut out: Vec<(&str, ModeGroup)> = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let Some(reg) = u.regiment.as_deref() else {
            continue;
        };
        if u.side != super::super::FRENCH || !matches!(u.kind, Kind::Infantry | Kind::Cavalry) {
            continue;
        }
        let k = match out.iter().position(|g| g.0 == reg) {
            Some(k) => k,
            None => {
                out.push((reg, ModeGroup::default()));
                out.len() - 1
            }
        };
        if u.kind == Kind::Cavalry {
            out[k].1.mounted.push(i as UnitId);
        } else {
            out[k].1.dismounted.push(i as UnitId);
        }
    }
    out.into_iter()
        .map(|g| g.1)
        .filter(|g| !g.mounted.is_empty() && !g.dismounted.is_empty())
        .collect()
}

/// F-6.5c: a unit's losses after a change of mode: halved (1.5b rounding) dismounting,
/// doubled mounting.
pub fn mode_losses(lost: u16, mounting: bool) -> u16 {
    if mounting {
        lost.saturating_mul(2)
    } else {
        u16::try_from(round(i32::from(lost), 2)).unwrap_or(0)
    }
}

/// What a change of mode does.
struct Change {
    /// The counters on the map now.
    from: Vec<UnitId>,
    /// The counters to set up.
    to: Vec<UnitId>,
    /// The common hex.
    common: Hex,
    /// Mounting.
    mounting: bool,
    /// The losses now.
    lost: u16,
}

impl Fontenoy {
    /// Why `u` may not change mode now, or the change (F-6.5a–b).
    fn mode_change(&self, s: &State, u: UnitId) -> Result<Change, Illegal> {
        let name = || self.unit_name(u);
        let group = self
            .scenario_rules
            .modes
            .iter()
            .find(|g| g.mounted.contains(&u) || g.dismounted.contains(&u))
            .filter(|_| self.option("6.5"))
            .ok_or_else(|| {
                Illegal::new(
                    "F-6.5a",
                    format!(
                        "{} does not change mode (option 6.5: dragoons, carabiniers, Grassins)",
                        name()
                    ),
                )
            })?;
        let mounting = group.dismounted.contains(&u);
        let (old, new) = if mounting {
            (&group.dismounted, &group.mounted)
        } else {
            (&group.mounted, &group.dismounted)
        };
        let bad = |why: &str| {
            Err(Illegal::new(
                "F-6.5b",
                format!("{} may not change mode: {why}", name()),
            ))
        };
        let mut from = Vec::new();
        let mut lost: u16 = 0;
        for &c in old.iter() {
            let unit = s.unit(c);
            let printed = self.units[usize::from(c)].sp;
            match unit.place {
                Place::Destroyed => lost += u16::from(printed),
                Place::Map(_) => {
                    if unit.act != Act::Active || !self.may_move(s, c) {
                        return bad("every counter must be activated and free to move");
                    }
                    if self
                        .moving(s, c)
                        .is_some_and(|m| m.spent > Pts::ZERO || m.by_hand > 0)
                    {
                        return bad("a counter has spent MP this activation");
                    }
                    if self.gun_fired(s, c) {
                        return bad("a counter fired this activation");
                    }
                    if unit.disordered || unit.morale != Morale::Good {
                        return bad("a counter is Disordered, Shaken or Routed");
                    }
                    lost += u16::from(printed.saturating_sub(unit.sp));
                    from.push(c);
                }
                _ => return bad("a counter is off the map"),
            }
        }
        if from.is_empty() {
            return bad("none of its counters is on the map");
        }
        let to: Vec<UnitId> = new
            .iter()
            .copied()
            .filter(|&c| s.unit(c).place == Place::Waiting)
            .collect();
        if to.is_empty() {
            return bad("no counter of the other mode is left");
        }
        let hexes: Vec<Hex> = from
            .iter()
            .filter_map(|&c| s.unit(c).placed())
            .flat_map(|p| p.hexes.as_slice().to_vec())
            .collect();
        let first = hexes[0];
        let common = core::iter::once(first)
            .chain(first.neighbors())
            .find(|h| self.board.on_map(*h) && hexes.iter().all(|x| x.distance(*h) <= 1));
        let Some(common) = common else {
            return bad("its counters are not in one hex or next to a common hex");
        };
        let near = s.units.iter().enumerate().any(|(i, x)| {
            self.units[i].side != super::super::FRENCH
                && self.units[i].is_combat()
                && x.placed().is_some_and(|p| {
                    p.hexes
                        .as_slice()
                        .iter()
                        .any(|e| hexes.iter().any(|h| h.distance(*e) <= 4))
                })
        });
        if near {
            return bad("an enemy unit is within reach (4 hexes)");
        }
        Ok(Change {
            from,
            to,
            common,
            mounting,
            lost,
        })
    }

    /// The changes of mode open now (F-6.5).
    pub(super) fn mode_actions(&self, s: &State, current: Option<UnitId>, out: &mut Vec<Action>) {
        if self.scenario_rules.modes.is_empty() || current.is_some() {
            return;
        }
        for g in &self.scenario_rules.modes {
            for list in [&g.mounted, &g.dismounted] {
                let Some(&u) = list.iter().find(|&&c| s.unit(c).on_map()) else {
                    continue;
                };
                if s.unit(u).act == Act::Active && self.mode_change(s, u).is_ok() {
                    out.push(Action::ChangeMode { unit: u });
                }
            }
        }
    }

    /// F-6.5b–c: the unit of `unit` changes mode.
    pub(super) fn apply_change_mode(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let c = self.mode_change(s, unit)?;
        let first = s.unit(c.from[0]);
        let (act, command) = (first.act, first.command);
        for &x in &c.from {
            if let Some(m) = self.record(s, x) {
                m.done = true;
            }
            let u = s.unit_mut(x);
            u.place = Place::Waiting;
            u.act = Act::Finished;
        }
        let after = mode_losses(c.lost, c.mounting);
        let n = c.to.len() as u16;
        let mut to_set: Vec<UnitId> = Vec::new();
        for (k, &x) in c.to.iter().enumerate() {
            let share = after / n + u16::from((k as u16) < after % n);
            let printed = u16::from(self.units[usize::from(x)].sp);
            if share >= printed {
                s.unit_mut(x).place = Place::Destroyed;
                continue;
            }
            let u = s.unit_mut(x);
            u.sp = u8::try_from(printed - share).unwrap_or(0);
            u.disordered = false;
            u.morale = Morale::Good;
            u.act = act;
            u.command = command;
            let mpo = self.mpo(s, x);
            if let Some(a) = s.activation.as_mut() {
                a.moving.retain(|m| m.unit != x);
                a.moving.push(Moving {
                    unit: x,
                    mpo,
                    done: true,
                    ..Moving::default()
                });
            }
            to_set.push(x);
        }
        ev.push(Event::ModeChanged {
            from: c.from,
            to: c.to,
            mounted: c.mounting,
            lost_before: u8::try_from(c.lost).unwrap_or(u8::MAX),
            lost_after: u8::try_from(after).unwrap_or(u8::MAX),
        });
        // F-6.5b: the owner sets up each new counter, the first first.
        for &x in to_set.iter().rev() {
            s.steps.push(Step::ModeSetUp {
                unit: x,
                common: c.common,
            });
        }
        self.mode_setup_next(s);
        Ok(())
    }

    /// F-6.5b: where new counter `x` may be set up: any formation its type allows (as at
    /// set-up, F-10.0c) in the common hex or a hex next to it, or a two-hex formation over the
    /// common hex and one next to it when its SP allow two hexes (8.1a, 8.1d); where it may
    /// stand with the units there (10.1-10.4, the Stacking Table's limits).
    fn mode_spots(&self, s: &State, x: UnitId, common: Hex) -> Vec<(Formation, Placed)> {
        let o = Occupancy::build(self, s);
        let info = &self.units[usize::from(x)];
        let sp = u16::from(s.unit(x).sp);
        let near: Vec<Hex> = common
            .neighbors()
            .into_iter()
            .filter(|&h| self.board.on_map(h))
            .collect();
        let mut out = Vec::new();
        let singles = core::iter::once(common)
            .filter(|&h| self.board.on_map(h))
            .chain(near.iter().copied());
        for h in singles {
            for (f, p) in self.setup_stances(x, &[h]) {
                if self.fits_at(s, &o, &[x], &p, f) {
                    out.push((f, p));
                }
            }
        }
        for &h in &near {
            for (f, p) in self.setup_stances(x, &[common, h]) {
                let long_enough = self
                    .max_hexes(info.kind, info.side, f, sp)
                    .is_some_and(|m| m >= 2);
                if long_enough && self.fits_at(s, &o, &[x], &p, f) {
                    out.push((f, p));
                }
            }
        }
        out
    }

    /// The set-ups open to new counter `x` (F-6.5b).
    pub(crate) fn mode_setup_actions(
        &self,
        s: &State,
        x: UnitId,
        common: Hex,
        out: &mut Vec<Action>,
    ) {
        for (formation, to) in self.mode_spots(s, x, common) {
            out.push(Action::ModeSetUp {
                unit: x,
                formation,
                to,
            });
        }
    }

    /// Applies the set-up of new counter `x` (F-6.5b).
    pub(crate) fn apply_mode_setup(
        &self,
        s: &mut State,
        x: UnitId,
        common: Hex,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Action::ModeSetUp {
            unit,
            formation,
            ref to,
        } = *a
        else {
            return Err(Illegal::new(
                "F-6.5b",
                format!("{} is to be set up in its new mode", self.unit_name(x)),
            ));
        };
        if unit != x {
            return Err(Illegal::new(
                "F-6.5b",
                format!("{} is the counter to set up now", self.unit_name(x)),
            ));
        }
        let (hex, facing) = (to.hex(), to.facing.index());
        let Some((f, p)) = self
            .mode_spots(s, x, common)
            .into_iter()
            .find(|(f, p)| *f == formation && p == to)
        else {
            return Err(Illegal::new(
                "F-6.5b",
                format!(
                    "{} cannot set up in {} in {formation} facing {facing}: in {} or next to it, in a formation its type and the hex allow, where it may stand",
                    self.unit_name(x),
                    self.label(hex),
                    self.label(common)
                ),
            ));
        };
        let u = s.unit_mut(x);
        u.place = Place::Map(p);
        u.formation = f;
        ev.push(Event::ModeSetUp {
            unit: x,
            hex,
            formation,
            facing,
        });
        self.mode_setup_next(s);
        Ok(())
    }

    /// The next new counter to set up: one with nowhere to stand is not set up (F-6.5c: as
    /// a counter whose share of the losses reaches its SP).
    fn mode_setup_next(&self, s: &mut State) {
        while let Some(&Step::ModeSetUp { unit, common }) = s.steps.last() {
            if !self.mode_spots(s, unit, common).is_empty() {
                return;
            }
            s.steps.pop();
            s.unit_mut(unit).place = Place::Destroyed;
        }
    }
}
