//! Reaction charges (15.2), blown cavalry's withdrawal (24.2a) and the evasion offered to
//! skirmishers charged (11.5e).

use crate::engine::Illegal;
use crate::hex::{Direction, Hex};
use crate::nbs::charge::*;
use crate::nbs::event::Event;
use crate::nbs::state::{Phase, Place, State, Task, UnitId, flag};
use crate::nbs::tables::MoveClass;
use crate::nbs::types::{MoraleState, StepCost, UnitKind};
use crate::nbs::{Action, Nbs};
use alloc::format;
use alloc::vec::Vec;

impl Nbs {
    /// The non-phasing cavalry in `from` that may reaction charge `at`, with its route
    /// (15.2a–c, 24.1a, 24.1f, 28.0c; LOS condition B only, 24.1c).
    pub(in crate::nbs) fn reaction_units(
        &self,
        s: &State,
        from: Hex,
        at: Hex,
    ) -> Option<(Vec<UnitId>, Vec<Hex>)> {
        if s.phase != Phase::Movement || self.turn_info(s.turn).night {
            return None;
        }
        let side = self.phasing(s).other();
        let d = from.distance(at);
        if !(1..=3).contains(&d) || !self.enemy_in(s, at, side) {
            return None;
        }
        let mut units: Vec<UnitId> = self
            .combat_stack(s, from)
            .into_iter()
            .filter(|&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
            .collect();
        if units.is_empty() {
            return None;
        }
        if self
            .tables
            .no_charge_from(self.terrain_idx(self.board.hex(from).terrain))
        {
            return None;
        }
        if !self.clear_los(s, from, at) || (self.fog_charges && !self.visible(s, from, at)) {
            return None; // 15.2a sight; AUS 5.1 fog option
        }
        let route = forms(from)
            .into_iter()
            .filter(|p| p.len() as u32 == d && p.last() == Some(&at))
            .find(|p| self.route_check(s, &units, from, p, true).is_ok())?;
        units.extend(self.stack(s, from).into_iter().filter(|&u| {
            let i = &self.units[usize::from(u)];
            i.side == side && i.kind == UnitKind::Leader
        }));
        Some((units, route))
    }

    /// Offers a reaction window to the non-phasing player as `unit` leaves `at` (15.2a).
    pub(in crate::nbs) fn offer_reaction(
        &self,
        s: &mut State,
        unit: UnitId,
        at: Hex,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.phase != Phase::Movement || self.units[usize::from(unit)].side != self.phasing(s) {
            return false;
        }
        let side = self.phasing(s).other();
        let mut stacks: Vec<Hex> = (0..s.units.len() as UnitId)
            .filter(|&u| self.units[usize::from(u)].side == side && self.may_charge(s, u))
            .filter_map(|u| s.units[usize::from(u)].hex())
            .filter(|h| (1..=3).contains(&h.distance(at)))
            .collect();
        stacks.sort();
        stacks.dedup();
        stacks.retain(|&h| self.reaction_units(s, h, at).is_some());
        if stacks.is_empty() {
            return false;
        }
        ev.push(Event::ReactionOffered {
            at,
            from: stacks.clone(),
        });
        s.tasks
            .push(Task::Cavalry(CavTask::ReactionOffer { at, stacks, side }));
        true
    }

    /// Before a Movement-Phase step: the reaction window for the hex being left (15.2a; the
    /// step waits in a [`Task::Resume`]). Facing changes never come here (15.2f).
    pub(in crate::nbs) fn reaction_before_step(
        &self,
        s: &mut State,
        unit: UnitId,
        from: Hex,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.cavalry.offered.contains(&(unit, from)) {
            return false;
        }
        s.cavalry.offered.push((unit, from));
        let mark = s.tasks.len();
        s.tasks.push(Task::Resume {
            then: a.clone(),
            unit,
            at: from,
            changed: false,
            morale: s.units[usize::from(unit)].morale,
        });
        if self.offer_reaction(s, unit, from, ev) {
            return true;
        }
        s.tasks.truncate(mark);
        false
    }

    /// Before a retreat step (15.2a): the phasing player's units retreating in their own
    /// Movement Phase out of a hex of a Reaction Charge Zone open the window, once per unit and
    /// hex, as a move does; the retreat waits under the window and its owner then picks the
    /// step again (the charge strikes the hex being left, wherever the step was going).
    /// Decision: retreats made inside a charge's resolution (its target's or its own
    /// cavalry's) are part of that charge and open no window (one reaction per charge, none
    /// against a reaction). Retreats never open opportunity fire (15.1f).
    pub(in crate::nbs) fn reaction_before_retreat(
        &self,
        s: &mut State,
        units: &[UnitId],
        at: Hex,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.phase != Phase::Movement
            || s.tasks
                .iter()
                .any(|t| matches!(t, Task::Cavalry(CavTask::Charge(_))))
        {
            return false;
        }
        let Some(&lead) = units.iter().find(|&&u| {
            self.units[usize::from(u)].combat() && s.units[usize::from(u)].place == Place::At(at)
        }) else {
            return false;
        };
        if s.cavalry.offered.contains(&(lead, at)) {
            return false;
        }
        s.cavalry.offered.push((lead, at));
        self.offer_reaction(s, lead, at, ev)
    }

    // ----- blown withdrawal and the Cavalry Withdrawal segment ------------------------

    /// Hexes reachable from `at` in at most `steps` steps through passable hexes free of the
    /// enemy, with the step count.
    pub(in crate::nbs) fn passable_reach(
        &self,
        s: &State,
        units: &[UnitId],
        at: Hex,
        steps: u32,
        blown: bool,
    ) -> Vec<(Hex, u32)> {
        let Some(&lead) = units
            .iter()
            .find(|&&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
        else {
            return Vec::new();
        };
        let side = self.units[usize::from(lead)].side;
        let class = if blown {
            MoveClass::BlownCavalry
        } else {
            self.move_class(s, lead).unwrap_or(MoveClass::LightCavalry)
        };
        let mut seen: Vec<(Hex, u32)> = alloc::vec![(at, 0)];
        let mut frontier = alloc::vec![at];
        for k in 1..=steps {
            let mut next = Vec::new();
            for h in frontier {
                for d in Direction::ALL {
                    let n = h.neighbor(d);
                    if seen.iter().any(|x| x.0 == n)
                        || !self.board.on_map(n)
                        || self.enemy_in(s, n, side)
                    {
                        continue;
                    }
                    if matches!(
                        self.terrain_step(class, h, d, false).0,
                        StepCost::Prohibited(_)
                    ) {
                        continue;
                    }
                    seen.push((n, k));
                    next.push(n);
                }
            }
            frontier = next;
        }
        seen
    }

    /// Blown-withdrawal destinations (24.2a): 6–12 hexes from `at`, no nearer the enemy.
    pub(in crate::nbs) fn blown_destinations(
        &self,
        s: &State,
        units: &[UnitId],
        at: Hex,
    ) -> Vec<Hex> {
        let Some(&lead) = units.first() else {
            return Vec::new();
        };
        let side = self.units[usize::from(lead)].side;
        let near = self.enemy_distance(s, at, side).unwrap_or(u32::MAX);
        let mut v: Vec<Hex> = self
            .passable_reach(s, units, at, 12, true)
            .into_iter()
            .map(|x| x.0)
            .filter(|h| {
                (6..=12).contains(&h.distance(at))
                    && self.enemy_distance(s, *h, side).unwrap_or(u32::MAX) >= near.min(6)
            })
            .collect();
        v.sort();
        v
    }

    /// Cavalry that may withdraw in the segment (8.2, 24.2b): the non-phasing player's
    /// un-blown cavalry adjacent to an enemy unit, not yet withdrawn, not routed.
    pub(in crate::nbs) fn withdrawers(&self, s: &State) -> Vec<UnitId> {
        let side = self.phasing(s).other();
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let i = &self.units[usize::from(u)];
                let st = &s.units[usize::from(u)];
                i.side == side
                    && i.kind == UnitKind::Cavalry
                    && !st.has(flag::BLOWN)
                    && !st.has(flag::STOPPED)
                    && st.morale != MoraleState::Routed
                    && st.hex().is_some_and(|h| {
                        h.neighbors().into_iter().any(|n| self.enemy_in(s, n, side))
                    })
            })
            .collect()
    }

    pub(in crate::nbs) fn withdrawal_destinations(&self, s: &State, u: UnitId) -> Vec<Hex> {
        let Some(at) = s.units[usize::from(u)].hex() else {
            return Vec::new();
        };
        let side = self.units[usize::from(u)].side;
        let adjacent: Vec<Hex> = at
            .neighbors()
            .into_iter()
            .filter(|n| self.enemy_in(s, *n, side))
            .collect();
        let mut v: Vec<Hex> = self
            .passable_reach(s, &[u], at, 6, false)
            .into_iter()
            .map(|x| x.0)
            .filter(|h| *h != at && adjacent.iter().all(|e| e.distance(*h) > 1))
            .collect();
        v.sort();
        v
    }

    /// Whether the Cavalry Withdrawal segment has anything to decide.
    pub(in crate::nbs) fn any_withdrawal(&self, s: &State) -> bool {
        self.withdrawers(s)
            .into_iter()
            .any(|u| !self.withdrawal_destinations(s, u).is_empty())
    }

    /// The Cavalry Withdrawal segment's decisions.
    pub(in crate::nbs) fn withdrawal_actions(&self, s: &State, out: &mut Vec<Action>) {
        for u in self.withdrawers(s) {
            for h in self.withdrawal_destinations(s, u) {
                out.push(Action::Withdraw { unit: u, to: h });
            }
        }
        out.push(Action::EndSegment);
    }

    /// A Cavalry Withdrawal segment action (8.2, 24.2b).
    pub(in crate::nbs) fn withdrawal_do(
        &self,
        s: &mut State,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match a {
            Action::Withdraw { unit, to } => {
                self.unit_ref(s, *unit)?;
                if !self.withdrawers(s).contains(unit) {
                    return Err(Illegal::new(
                        "24.2b",
                        format!(
                            "{} may not withdraw: only the non-phasing player's un-blown cavalry adjacent to an enemy unit, once",
                            self.name(*unit)
                        ),
                    ));
                }
                if !self.withdrawal_destinations(s, *unit).contains(to) {
                    return Err(Illegal::new(
                        "8.2",
                        format!(
                            "{} is not a withdrawal hex for {}: at most 6 hexes through passable hexes free of the enemy, away from every adjacent enemy",
                            self.label(*to),
                            self.name(*unit)
                        ),
                    ));
                }
                let from = s.units[usize::from(*unit)].hex().unwrap_or(*to);
                let st = &mut s.units[usize::from(*unit)];
                st.place = Place::At(*to);
                st.flags |= flag::STOPPED;
                st.order = s.next_order;
                s.next_order = s.next_order.wrapping_add(1);
                self.merge_morale(s, *to);
                ev.push(Event::CavalryWithdrew {
                    units: alloc::vec![*unit],
                    from,
                    to: *to,
                    rule: "8.2".into(),
                });
                Ok(())
            }
            Action::EndSegment => {
                self.next_phase(s, ev);
                Ok(())
            }
            _ => Err(self.not_now(s, a)),
        }
    }

    // ----- ERR-9 -------------------------------------------------------------------------

    /// ERR-9: infantry declaring a close combat on a hex of cavalry alone: the cavalry may
    /// evade, becoming blown.
    pub(in crate::nbs) fn offer_evasion(&self, s: &mut State, target: Hex, _ev: &mut Vec<Event>) {
        let st = self.combat_stack(s, target);
        if st.is_empty()
            || !st
                .iter()
                .all(|&u| self.units[usize::from(u)].kind == UnitKind::Cavalry)
        {
            return;
        }
        let side = self.units[usize::from(st[0])].side;
        if self.blown_destinations(s, &st, target).is_empty() {
            return;
        }
        s.tasks
            .push(Task::Cavalry(CavTask::Evade { hex: target, side }));
    }
}
