//! 16.2c Pursuit Completion: cavalry over the stacking limit once its pursuit is over splits
//! (10.8b), the lower units forming a new group in an empty hex next to it, Rear hexes first,
//! then Flank, then Frontal, never into an enemy ZOC, forbidden terrain or across a forbidden
//! hexside, with the same facing, formation and state.
//!
//! Readings: the units that stay are the top ones, as many as the hex holds (10.6g lets the
//! owner reorder first; the order at completion decides); among hexes of one arc the first in
//! the board's order is taken; a multi-hex formation is left as it is (its SP spread over its
//! hexes, 8.1a, hardly exceed the per-hex limit).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::geometry::{self, Arc, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::{Place, State};
use super::super::units::UnitId;
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// 16.2c: splits `units` (the pursuers, top first) if their hex holds more than the
    /// stacking limit.
    pub(crate) fn split_after_pursuit(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        let mut live: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|&u| s.unit(u).on_map() && s.unit(u).sp > 0)
            .collect();
        let Some(&lead) = live.first() else {
            return;
        };
        let Some(p) = s.unit(lead).placed().copied() else {
            return;
        };
        if p.hexes.len() != 1 || live.iter().any(|&u| s.unit(u).placed() != Some(&p)) {
            return;
        }
        let f = s.unit(lead).formation;
        let o = Occupancy::build(self, s);
        // 10.1c: the TET's most cavalry SP in the hex for the formation; other friendly
        // counters in the hex count too.
        let col = if f.is_column() { 3 } else { 2 };
        let limit = u16::from(self.tables.fx(self.board.hex(p.hex()).terrain).stack[col]);
        let others: u16 = o
            .combat_at(self, p.hex())
            .filter(|x| !live.contains(x))
            .map(|x| u16::from(s.unit(x).sp))
            .sum();
        let total: u16 = others + live.iter().map(|&u| u16::from(s.unit(u).sp)).sum::<u16>();
        if total <= limit {
            return;
        }
        // 10.6g: the order decides who stays: the top units, as many as fit (the top one
        // always).
        live.sort_by_key(|&u| s.unit(u).order);
        let mut held = others + u16::from(s.unit(live[0]).sp);
        let mut stay = 1;
        while stay < live.len() && held + u16::from(s.unit(live[stay]).sp) <= limit {
            held += u16::from(s.unit(live[stay]).sp);
            stay += 1;
        }
        let leave: Vec<UnitId> = live[stay..].to_vec();
        let side = self.units[usize::from(lead)].side;
        let class = self.retreat_class(s, lead);
        let at = p.hex();
        let rank = |h: Hex| match geometry::arc_of(f, &p, h) {
            Some(Arc::Rear) => 0,
            Some(Arc::Flank) => 1,
            _ => 2,
        };
        let mut options: Vec<(u8, Hex)> = Direction::ALL
            .iter()
            .map(|&d| at.neighbor(d))
            .filter(|&h| {
                self.board.on_map(h)
                    && o.at(self, h).units.is_empty()
                    && !o.ezoc(self, h, side)
                    && self.enterable(at, h, class)
            })
            .map(|h| (rank(h), h))
            .collect();
        options.sort();
        let Some(&(_, to)) = options.first() else {
            // Nowhere to go: the group stays as it is (the text gives no other way).
            return;
        };
        let q = Placed::at(to, p.facing);
        for &u in &leave {
            s.unit_mut(u).place = Place::Map(q);
        }
        ev.push(Event::PursuitSplit { units: leave, to });
    }
}
