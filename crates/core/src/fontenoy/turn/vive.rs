//! F-8.2f Vive le Roi!: every unit of the chosen Division must move (toward the nearest
//! Allied force: each step is checked by `vive_step_ok`, turn/special.rs).
//!
//! Reading (docs/coverage/fontenoy.md, F-8.2f): "must move" is read as "changes place": a
//! step, sidle, rearward move, wheel or column turn. A unit of the Division that has not yet
//! changed place while a step, sidle or rearward move toward the enemy is open to it (the
//! moves the listing offers) may not end its move, and the Movement Segment may not end,
//! until it has moved; a unit with no such move open (blocked, out of MP, no enemy nearer
//! by any step) is not held.
//!
//! Forced March (reading): as the Movement Segment begins, a unit of the Division that may
//! Forced March (11.4) and that needs more MP than it has, but no more than Forced March gives
//! it, to stand next to a non-Routed Allied combat unit must declare Forced March before
//! anything else of its move; the others may, as usual. The MP needed are the cheapest of the
//! places its moves reach ([`Fontenoy::reach`], the others where they stand) plus 1 MP for
//! each hex still to go from there (the search stops where a Fire Reaction may come).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::state::{Segment, SpecialKind, State};
use super::super::types::Morale;
use super::super::units::UnitId;
use crate::engine::{Illegal, Rules};

impl Fontenoy {
    fn vive_active(s: &State) -> bool {
        s.special
            .act
            .as_ref()
            .is_some_and(|a| a.kind == SpecialKind::ViveLeRoi)
    }

    /// A combat unit activated under Vive le Roi! (its commander is not held to move).
    fn vive_unit(&self, s: &State, u: UnitId) -> bool {
        self.units[usize::from(u)].is_combat() && self.under_vive_le_roi(s, u)
    }

    /// F-8.2f: `unit` (and the group it moved with) changed place.
    pub(crate) fn vive_record_move(&self, s: &mut State, unit: UnitId) {
        if !self.under_vive_le_roi(s, unit) {
            return;
        }
        let mut group = self.group_of(s, unit);
        if !group.contains(&unit) {
            group.push(unit);
        }
        if let Some(a) = s.special.act.as_mut() {
            for g in group {
                if !a.moved.contains(&g) {
                    a.moved.push(g);
                }
            }
        }
    }

    /// F-8.2f: a unit of the Vive le Roi! Division that has not moved and to which one of the
    /// moves `offered` (a step, sidle or rearward move) is open: it must move.
    pub(crate) fn vive_move_due(&self, s: &State, offered: &[Action]) -> Option<UnitId> {
        if !Self::vive_active(s) {
            return None;
        }
        let moved = s
            .special
            .act
            .as_ref()
            .map_or(&[][..], |a| a.moved.as_slice());
        offered.iter().find_map(|a| match *a {
            Action::Step { unit, .. }
            | Action::Sidle { unit, .. }
            | Action::Rearward { unit, .. }
                if self.vive_unit(s, unit) && !moved.contains(&unit) =>
            {
                Some(unit)
            }
            _ => None,
        })
    }

    /// F-8.2f: whether every unit of the Vive le Roi! Division that can move has moved (the
    /// Movement Segment may end).
    pub(crate) fn vive_moves_done(&self, s: &State) -> Result<(), Illegal> {
        if !Self::vive_active(s) {
            return Ok(());
        }
        let mut offered = Vec::new();
        self.movement_actions(s, &mut offered);
        match self.vive_move_due(s, &offered) {
            None => Ok(()),
            Some(u) => Err(Illegal::new(
                "F-8.2f",
                format!(
                    "Vive le Roi!: {} must move toward the nearest Allied force before the segment ends",
                    self.unit_name(u)
                ),
            )),
        }
    }

    /// F-8.2f: `EndMove` for `unit` is refused while it must still move (a move toward the
    /// enemy is open to it and it has not changed place).
    pub(crate) fn vive_end_move_ok(&self, s: &State, unit: UnitId) -> Result<(), Illegal> {
        if !Self::vive_active(s) || !self.vive_unit(s, unit) {
            return Ok(());
        }
        let mut offered = Vec::new();
        self.movement_actions(s, &mut offered);
        offered.retain(|a| {
            matches!(*a, Action::Step { unit: u, .. } | Action::Sidle { unit: u, .. } | Action::Rearward { unit: u, .. } if u == unit)
        });
        match self.vive_move_due(s, &offered) {
            None => Ok(()),
            Some(u) => Err(Illegal::new(
                "F-8.2f",
                format!(
                    "Vive le Roi!: {} must move toward the nearest Allied force; it cannot end its move in place",
                    self.unit_name(u)
                ),
            )),
        }
    }

    /// F-8.2f: drops from the listing `out` the ends of move of the units that must move.
    pub(crate) fn vive_filter(&self, s: &State, out: &mut Vec<Action>) {
        if !Self::vive_active(s) {
            return;
        }
        let moved = s
            .special
            .act
            .as_ref()
            .map_or(&[][..], |a| a.moved.as_slice());
        let due: Vec<UnitId> = out
            .iter()
            .filter_map(|a| match *a {
                Action::Step { unit, .. }
                | Action::Sidle { unit, .. }
                | Action::Rearward { unit, .. }
                    if self.vive_unit(s, unit) && !moved.contains(&unit) =>
                {
                    Some(unit)
                }
                _ => None,
            })
            .collect();
        if !due.is_empty() {
            out.retain(|a| !matches!(*a, Action::EndMove { unit } if due.contains(&unit)));
        }
        // Forced March first where it lets a unit attack.
        if s.special
            .act
            .as_ref()
            .is_some_and(|a| !a.must_force.is_empty())
        {
            out.retain(|a| self.vive_forced_ok(s, a).is_ok());
        }
    }

    /// F-8.2f: the MP (in sixths) `u` needs from now to stand next to a non-Routed enemy
    /// combat unit (from where it could attack): the cheapest of the places its moves reach
    /// ([`Fontenoy::reach`]) plus 1 MP a hex from there (the search stops where the rules hand
    /// the decision to the other player, a Fire Reaction's range); `None` with no enemy.
    fn attack_cost(&self, s: &State, u: UnitId) -> Option<u32> {
        let side = self.units[usize::from(u)].side;
        let enemy: Vec<crate::hex::Hex> = (0..s.units.len() as UnitId)
            .filter(|&e| {
                let info = &self.units[usize::from(e)];
                info.side != side && info.is_combat() && s.unit(e).morale != Morale::Routed
            })
            .filter_map(|e| s.unit(e).placed().copied())
            .flat_map(|p| p.hexes.as_slice().to_vec())
            .collect();
        let gap = |hexes: &mut dyn Iterator<Item = crate::hex::Hex>| -> Option<u32> {
            hexes
                .flat_map(|h| enemy.iter().map(move |&e| e.distance(h)))
                .min()
                .map(|d| 6 * d.saturating_sub(1))
        };
        let start = self.moving(s, u).map_or(0, |m| u32::from(m.spent.0));
        let mut best = s
            .unit(u)
            .placed()
            .and_then(|p| gap(&mut p.hexes.as_slice().iter().copied()))?;
        if let Ok(found) = self.reach(s, u) {
            for (r, _) in &found {
                let more = gap(&mut core::iter::once(r.hex).chain(r.also.iter().copied()));
                if let Some(m) = more {
                    best = best.min(r.cost.saturating_sub(start) + m);
                }
            }
        }
        Some(best)
    }

    /// F-8.2f: as the Movement Segment begins, the units Forced March would let attack: those
    /// that need more MP than they have to stand next to an enemy, and no more than Forced
    /// March gives them.
    pub(crate) fn vive_forced_marches(&self, s: &mut State) {
        if !Self::vive_active(s) {
            return;
        }
        let mut probe = s.clone();
        probe.steps.clear();
        if let Some(a) = probe.activation.as_mut() {
            a.segment = Segment::Movement;
        }
        let mut must = Vec::new();
        for u in 0..s.units.len() as UnitId {
            if !self.vive_unit(&probe, u) || !s.unit(u).on_map() {
                continue;
            }
            let group = self.group_of(&probe, u);
            if !self.may_force_march(&probe, &group) {
                continue;
            }
            let own = u32::from(self.mp_left(&probe, u).0);
            let mut forced = probe.clone();
            let mut ev = Vec::new();
            if self
                .apply(&mut forced, &Action::ForcedMarch { unit: u }, &mut ev)
                .is_err()
            {
                continue;
            }
            let more = u32::from(self.mp_left(&forced, u).0);
            if self
                .attack_cost(&forced, u)
                .is_some_and(|need| need > own && need <= more)
            {
                must.push(u);
            }
        }
        if let Some(a) = s.special.act.as_mut() {
            a.must_force = must;
        }
    }

    /// F-8.2f: the unit of `group` that must still declare Forced March before it moves.
    fn must_force_first(&self, s: &State, group: &[UnitId]) -> Option<UnitId> {
        let must = s
            .special
            .act
            .as_ref()
            .map_or(&[][..], |a| a.must_force.as_slice());
        if must.is_empty() {
            return None;
        }
        group
            .iter()
            .copied()
            .find(|&g| must.contains(&g) && self.moving(s, g).is_none())
            .filter(|_| self.may_force_march(s, group))
    }

    /// The unit a movement action moves (the lead of its group), for the Forced March rule.
    fn moved_by(a: &Action) -> Option<UnitId> {
        match *a {
            Action::Step { unit, .. }
            | Action::Face { unit, .. }
            | Action::Wheel { unit, .. }
            | Action::ColumnTurn { unit, .. }
            | Action::Rearward { unit, .. }
            | Action::Sidle { unit, .. }
            | Action::Extend { unit, .. }
            | Action::Shrink { unit, .. }
            | Action::Reform { unit, .. }
            | Action::ByHand { unit, .. } => Some(unit),
            _ => None,
        }
    }

    /// F-8.2f: refuses a move of a unit that must first declare Forced March.
    pub(crate) fn vive_forced_ok(&self, s: &State, a: &Action) -> Result<(), Illegal> {
        let Some(unit) = Self::moved_by(a) else {
            return Ok(());
        };
        if !Self::vive_active(s) {
            return Ok(());
        }
        let group = self.group_of(s, unit);
        match self.must_force_first(s, &group) {
            None => Ok(()),
            Some(u) => Err(Illegal::new(
                "F-8.2f",
                format!(
                    "Vive le Roi!: Forced March lets {} attack, so it declares Forced March before it moves",
                    self.unit_name(u)
                ),
            )),
        }
    }
}
