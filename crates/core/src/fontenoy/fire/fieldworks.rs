//! F-3.5 the French field fortifications in fire combat (and their arcs for close combat):
//! * F-3.5a C: infantry inside a redoubt has all six neighbours Frontal;
//! * F-3.5b D: a unit firing from the front side of a field fortification through it fires
//!   at the hexside chart's `fire_strength_out` (round); from and through the rear, in full;
//! * F-3.5b C: the defender gets the fortification's benefits (that reduction, its Defense
//!   Rating bonus) only when every firing hex fires across its front;
//! * F-3.5b E: a Line, skirmishers or unlimbered guns behind fortifications on two sides of
//!   their hex have every hex across those sides Frontal;
//! * F-3.5b G: adjacent French guns behind fortifications combine beyond short range.
//!
//! Readings (docs/coverage/fontenoy.md): "firing from the front side ... and through the
//! front" is read as the enemy standing on the fortification's front firing across it (the
//! fortification's defender fires out from its rear in full, F-3.5b D's second half); units in
//! a redoubt hex are inside it (F-3.5a B, as the rest of the code reads it).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::board::side as hs;
use super::super::geometry::{self, Arc, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::{FireKind, State};
use super::super::tables::fire::Frac;
use super::super::types::{Arm, Formation, Kind, Nationality, round};
use super::super::units::UnitId;
use super::strength::Part;
use crate::engine::Side;
use crate::hex::{Direction, Hex};

impl Fontenoy {
    /// The fortified hexside bits of `h` toward `d` that `h` stands behind (their front faces
    /// the neighbour).
    pub(crate) fn works_behind(&self, h: Hex, d: Direction) -> u16 {
        self.board.side(h, d) & self.board.toward(h, d) & hs::FIELDWORKS
    }

    /// How many sides of `h` it stands behind fortifications on (F-3.5b E).
    pub(crate) fn works_sides(&self, h: Hex) -> usize {
        Direction::ALL
            .iter()
            .filter(|&&d| self.works_behind(h, d) != 0)
            .count()
    }

    /// The arc of the adjacent hex `target` for unit `u` in `f` at `p`, with the fortifications'
    /// exceptions: infantry inside a redoubt has every neighbour Frontal (F-3.5a C); a Line,
    /// skirmishers or unlimbered guns behind fortifications on two sides of a hex have the
    /// hexes across those sides Frontal (F-3.5b E); otherwise the formation's arc.
    pub(crate) fn arc_for(
        &self,
        s: &State,
        u: UnitId,
        f: Formation,
        p: &Placed,
        target: Hex,
    ) -> Option<Arc> {
        let base = geometry::arc_of(f, p, target);
        if base.is_none() || base == Some(Arc::Frontal) {
            return base;
        }
        let kind = self.units[usize::from(u)].kind;
        for &h in p.hexes.as_slice() {
            let Some(d) = h.direction_to(target) else {
                continue;
            };
            // F-3.5a C: infantry inside a redoubt, and artillery inside with infantry (alone it
            // keeps General Order's flanks).
            if p.hexes.len() == 1 && self.inside_at(s, kind, f, h) {
                let with_infantry = kind == Kind::Infantry
                    || s.units.iter().enumerate().any(|(i, x)| {
                        self.units[i].kind == Kind::Infantry
                            && x.placed()
                                .is_some_and(|q| q.hexes.len() == 1 && q.hex() == h)
                            && self.inside_at(s, Kind::Infantry, x.formation, h)
                    });
                if with_infantry {
                    return Some(Arc::Frontal);
                }
            }
            if matches!(
                f,
                Formation::Line | Formation::Skirmish | Formation::Unlimbered
            ) && self.works_behind(h, d) != 0
                && self.works_sides(h) >= 2
            {
                return Some(Arc::Frontal);
            }
        }
        base
    }

    /// Whether the adjacent hex `lane` of `from` is Frontal for unit `u` (12.2b with F-3.5a C
    /// and F-3.5b E).
    pub(crate) fn frontal_for(
        &self,
        s: &State,
        u: UnitId,
        f: Formation,
        p: &Placed,
        from: Hex,
        lane: Hex,
    ) -> bool {
        from.distance(lane) == 1 && self.arc_for(s, u, f, p, lane) == Some(Arc::Frontal)
    }

    /// The fortified hexside a fire along `path` (firer first) crosses from its front side,
    /// if any: the bits of the first such side (F-3.5b D).
    pub(crate) fn works_crossed_from_front(&self, path: &[Hex]) -> u16 {
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            let Some(d) = b.direction_to(a) else { continue };
            // b stands behind the side toward a: its front faces the firer's side.
            let bits = self.works_behind(b, d);
            if bits != 0 {
                return bits;
            }
        }
        0
    }

    /// The neighbours of `at` a line from `from` enters it from: `from` itself when adjacent,
    /// else the last hex of the line, or both hexes when it comes along a hexside (F-9.3).
    pub(crate) fn entry_sides(&self, from: Hex, at: Hex) -> Vec<Hex> {
        if from.distance(at) <= 1 {
            return alloc::vec![from];
        }
        crate::hex::los::trace(from, at)
            .into_iter()
            .rev()
            .find_map(|st| match st {
                crate::hex::LosStep::Hex(x) => Some(alloc::vec![x]),
                crate::hex::LosStep::Hexside(a, b) => Some(alloc::vec![a, b]),
                _ => None,
            })
            .unwrap_or_default()
            .into_iter()
            .filter(|&p| p != at && p.distance(at) == 1)
            .collect()
    }

    /// The fortified bits of `at`'s sides that a line from `from` enters across their front.
    pub(crate) fn works_entered(&self, from: Hex, at: Hex) -> u16 {
        self.entry_sides(from, at)
            .into_iter()
            .filter_map(|p| at.direction_to(p))
            .fold(0, |acc, d| acc | self.works_behind(at, d))
    }

    /// F-3.5b C: every firing hex fires across the front of a fortification of the target
    /// hex `at` (none from its flank or rear).
    pub(crate) fn works_hold(&self, from: &[Hex], at: Hex) -> bool {
        !from.is_empty() && from.iter().all(|&f| self.works_entered(f, at) != 0)
    }

    /// F-3.5b C in close combat: every attacker hex next to a defender hex `to` attacks
    /// across the front of a fortification of that hex.
    pub(crate) fn works_hold_close(&self, attackers: &[Hex], to: &[Hex]) -> bool {
        attackers.iter().all(|&a| {
            let near: Vec<Hex> = to.iter().copied().filter(|&d| d.distance(a) == 1).collect();
            near.is_empty()
                || near.iter().any(|&d| {
                    d.direction_to(a)
                        .is_some_and(|dir| self.works_behind(d, dir) != 0)
                })
        })
    }

    /// F-3.5b D: a part's fire strength after firing across a fortification's front, when the
    /// defender keeps the fortification's benefits (F-3.5b C); the worst factor of the bits.
    pub(crate) fn works_fire_out(&self, part: &Part, strength: u32, hold: bool) -> u32 {
        if !hold {
            return strength;
        }
        let at = part.sight.path.last().copied().unwrap_or(part.hex);
        let bits =
            self.works_crossed_from_front(&part.sight.path) | self.works_entered(part.hex, at);
        if bits == 0 {
            return strength;
        }
        let mut f = Frac { num: 1, den: 1 };
        for (bit, _) in hs::IDS {
            if bits & bit == 0 {
                continue;
            }
            if let Some(x) = self.tables.fire.side(bit) {
                // The smaller fraction is the worse.
                if x.strength_out.num * f.den < f.num * x.strength_out.den {
                    f = x.strength_out;
                }
            }
        }
        round(strength as i32 * f.num, f.den.max(1)).max(0) as u32
    }

    /// F-3.5b G: the artillery hexes `from` (and `also`) are French guns behind field
    /// fortifications, each next to another of them, so they combine at any range.
    pub(crate) fn works_battery(
        &self,
        s: &State,
        o: &Occupancy,
        from: &[Hex],
        also: Option<Hex>,
        side: Side,
        kind: FireKind,
    ) -> bool {
        let mut all: Vec<Hex> = from.to_vec();
        all.extend(also);
        if all.len() < 2 {
            return false;
        }
        let french_behind = |h: Hex| {
            self.behind_fieldworks(h)
                && self
                    .firing_units(s, o, h, Arm::Artillery, side, kind)
                    .iter()
                    .all(|&u| self.units[usize::from(u)].nationality == Nationality::French)
        };
        all.iter()
            .all(|&h| french_behind(h) && all.iter().any(|&g| g != h && g.distance(h) == 1))
    }
}
