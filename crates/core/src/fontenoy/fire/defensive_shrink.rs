//! 13.10f: a multi-hex attacker that Defensive Fire shrinks keeps the hexes next to as many of
//! the defending hexes as it can (12.9j keeps a formation's first hexes otherwise).
//!
//! Reading: the rule speaks of a shrink into one hex; a longer Line shrinking by one hex keeps
//! its run of hexes next to most defending hexes in the same way; on a tie the first hexes stay
//! (as 12.9j).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::geometry::{Hexes, Placed};
use super::super::state::{Place, State};
use super::super::types::Formation;
use super::super::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// Moves each Line of `before` (its units and where they stood before the losses) that
    /// shrank to the run of its old hexes next to most hexes of the close combat's defenders.
    pub(crate) fn shrink_toward_defenders(&self, s: &mut State, before: &[(UnitId, Placed)]) {
        let Some(c) = self.close_segment(s).and_then(|c| c.current.as_ref()) else {
            return;
        };
        let targets: Vec<Hex> = c
            .defenders
            .iter()
            .flat_map(|g| g.hexes.iter().map(|h| h.0))
            .collect();
        for &(u, old) in before {
            let Some(&now) = s.unit(u).placed() else {
                continue;
            };
            let n = now.hexes.len();
            let all = old.hexes.as_slice();
            if n >= all.len() || n == 0 || s.unit(u).formation != Formation::Line {
                continue;
            }
            let touching = |run: &[Hex]| {
                targets
                    .iter()
                    .filter(|t| run.iter().any(|h| h.distance(**t) == 1))
                    .count()
            };
            let mut best = 0;
            let mut score = touching(&all[..n]);
            for k in 1..=all.len() - n {
                let v = touching(&all[k..k + n]);
                if v > score {
                    best = k;
                    score = v;
                }
            }
            if best == 0 {
                continue;
            }
            let Some(hexes) = Hexes::from_slice(&all[best..best + n]) else {
                continue;
            };
            s.unit_mut(u).place = Place::Map(Placed { hexes, ..now });
        }
    }
}
