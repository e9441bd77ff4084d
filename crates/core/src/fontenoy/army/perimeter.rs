//! F-6.8 Perimeter Breach (option `6.8`; not with F-6.1): when at least 10 Allied infantry or
//! cavalry units are clearly through the French Perimeter, the French Army Morale Checks get
//! +2 (F-6.8c), and from the start of a turn on which it is breached the French make no
//! cavalry Wing Activation (F-6.8d).
//!
//! The line is not drawn in the text beyond its named points: the map's places `perimeter`
//! (the line) and `perimeter-inside` (the French side of it) are provisional data, and strict
//! mode refuses them. Reading (F-6.8b): a unit is "clearly" through when every hex it holds is
//! inside and none of them is on the line or next to it; Routed units do not count.

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::State;
use super::super::types::{Kind, Morale};
use crate::hex::Hex;

/// The Allied units clearly through the Perimeter that breach it (F-6.8b).
pub const BREACH_UNITS: u8 = 10;

impl Fontenoy {
    /// F-6.8b: how many Allied infantry and cavalry units are clearly through the French
    /// Perimeter (0 without the option or the map's perimeter).
    pub fn perimeter_crossers(&self, s: &State) -> u8 {
        if !self.option("6.8") || self.option("6.1") {
            return 0;
        }
        let (Some(line), Some(inside)) = (
            self.board.place("perimeter"),
            self.board.place("perimeter-inside"),
        ) else {
            return 0;
        };
        let mut line: Vec<Hex> = line.hexes.clone();
        line.sort();
        let mut inside: Vec<Hex> = inside.hexes.clone();
        inside.sort();
        let clear = |h: &Hex| {
            inside.binary_search(h).is_ok()
                && line.binary_search(h).is_err()
                && h.neighbors().iter().all(|n| line.binary_search(n).is_err())
        };
        let mut n: u8 = 0;
        for (i, u) in s.units.iter().enumerate() {
            let info = &self.units[i];
            if info.side != super::super::ALLIED
                || !matches!(info.kind, Kind::Infantry | Kind::Cavalry)
                || u.morale == Morale::Routed
            {
                continue;
            }
            if u.placed()
                .is_some_and(|p| p.hexes.as_slice().iter().all(clear))
            {
                n = n.saturating_add(1);
            }
        }
        n
    }

    /// F-6.8c: whether the Perimeter is breached now.
    pub fn perimeter_breached(&self, s: &State) -> bool {
        self.perimeter_crossers(s) >= BREACH_UNITS
    }

    /// F-6.8d: at the start of a turn, records whether the Perimeter is breached (announced
    /// when that changes).
    pub(crate) fn perimeter_turn_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.option("6.8") {
            return;
        }
        let units = self.perimeter_crossers(s);
        let breached = units >= BREACH_UNITS;
        if breached != s.victory.perimeter_breached {
            s.victory.perimeter_breached = breached;
            ev.push(Event::PerimeterBreach { breached, units });
        }
    }
}
