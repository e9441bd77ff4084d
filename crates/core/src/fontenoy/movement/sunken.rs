//! F-5.5 (option `5.5`, in place of F-2.10): the expanded sunken road rules. Movement: a unit
//! that steps into a sunken-road hex off the road pays the hex's other terrain, and pays the
//! rest of the TET's sunken-road cost when it climbs out across a side the road does not run
//! through (it crossed the road, F-5.5b); a turn in the road costs 1 more and a DC(A) once the
//! move is over; skirmishers and commanders use the other terrain throughout. Combat: the
//! TET's sunken-road effects (Fire Defense 15, Morale −5/−10, CR −3 both ways) count only for
//! a unit in Road Column on the road, a skirmisher, or a Line with a Flank hex in the sunken
//! road, and not against fire reaching the hex along the road (F-5.5c); otherwise the other
//! terrain's. Charging or pursuing cavalry pays the sunken-road SCM only when crossing, the
//! other terrain's along the road (F-5.5d).
//!
//! Readings (docs/coverage/fontenoy.md): a step "crosses" when it leaves a sunken-road hex
//! across a hexside the road does not run through; "parallel" is a step across a road
//! hexside; fire "into the flank" is a line whose last step into the hex runs across a road
//! hexside (the artillery clause of F-5.5c is read the same way).

use super::super::Fontenoy;
use super::super::board::{Terrain, side as hs};
use super::super::geometry::{self, Arc, Placed};
use super::super::state::State;
use super::super::tables::{MoveClass, Mp};
use super::super::types::{Formation, Pts};
use super::super::units::{Skirmish, UnitId};
use crate::hex::{Direction, Facing, Hex, LosStep};

impl Fontenoy {
    /// Whether option `5.5` replaces F-2.10.
    pub(crate) fn expanded_sunken(&self) -> bool {
        self.option("5.5")
    }

    /// Whether `h` is a sunken-road hex.
    pub(crate) fn is_sunken(&self, h: Hex) -> bool {
        self.board.hex(h).terrain == Terrain::SunkenRoad
    }

    /// Whether a road runs through the side between the adjacent hexes `a` and `b`.
    pub(crate) fn road_side(&self, a: Hex, b: Hex) -> bool {
        a.direction_to(b)
            .is_some_and(|d| self.board.side(a, d) & hs::ANY_ROAD != 0)
    }

    /// F-5.5b: the units the expanded rules leave out (skirmishers and commanders use the
    /// other terrain).
    pub(crate) fn sunken_exempt(&self, s: &State, u: UnitId) -> bool {
        self.sunken_exempt_as(u, s.unit(u).formation)
    }

    /// [`sunken_exempt`](Self::sunken_exempt) for `u` standing in formation `f`.
    pub(crate) fn sunken_exempt_as(&self, u: UnitId, f: Formation) -> bool {
        let info = &self.units[usize::from(u)];
        !info.is_combat() || f == Formation::Skirmish || info.skirmish == Skirmish::Always
    }

    /// F-5.5c: whether unit `u` takes the sunken road's combat effects in `h`: always under
    /// F-2.10c; under the option, in Road Column, as a skirmisher, or in Line with a Flank hex
    /// in the sunken road.
    pub(crate) fn sunken_counts(&self, s: &State, u: UnitId, h: Hex) -> bool {
        if !self.is_sunken(h) {
            return false;
        }
        if !self.expanded_sunken() {
            return true;
        }
        let x = s.unit(u);
        if x.formation == Formation::RoadColumn || self.is_skirmisher(s, u) {
            return true;
        }
        if x.formation != Formation::Line {
            return false;
        }
        let Some(p) = x.placed() else { return false };
        let mut flank = false;
        geometry::for_each_in_arc(x.formation, p, Arc::Flank, |f| {
            flank |= f.distance(h) == 1 && self.is_sunken(f);
        });
        flank
    }

    /// The terrain whose combat effects `u` takes in `h` (F-5.5c): the hex's own, or the other
    /// terrain of a sunken-road hex where the road's effects do not count for it.
    pub(crate) fn combat_terrain(&self, s: &State, u: UnitId, h: Hex) -> Terrain {
        let info = self.board.hex(h);
        if info.terrain == Terrain::SunkenRoad
            && self.expanded_sunken()
            && !self.sunken_counts(s, u, h)
        {
            info.under
        } else {
            info.terrain
        }
    }

    /// F-5.5c: whether a fire from `from` reaches the sunken-road hex `h` along the road (its
    /// last step into `h` across a road hexside).
    pub(crate) fn fire_along_road(&self, from: Hex, h: Hex) -> bool {
        if from.distance(h) <= 1 {
            return self.road_side(from, h);
        }
        let last = crate::hex::los::trace(from, h)
            .into_iter()
            .rev()
            .find_map(|st| match st {
                LosStep::Hex(x) if x != h => Some(alloc::vec![x]),
                LosStep::Hexside(a, b) => Some(alloc::vec![a, b]),
                _ => None,
            })
            .unwrap_or_default();
        last.into_iter()
            .any(|x| x.distance(h) == 1 && self.road_side(x, h))
    }

    /// F-5.5b, F-5.5d: the terrain a unit pays entering sunken-road hex `to` from `from` off
    /// the road: the other terrain.
    pub(crate) fn entry_terrain(&self, to: Hex) -> Terrain {
        let info = self.board.hex(to);
        if info.terrain == Terrain::SunkenRoad && self.expanded_sunken() {
            info.under
        } else {
            info.terrain
        }
    }

    /// F-5.5b, F-5.5d: whether a step from `from` to `to` climbs out of the sunken road across
    /// it (a side the road does not run through).
    pub(crate) fn crosses_sunken(&self, from: Hex, to: Hex) -> bool {
        self.expanded_sunken() && self.is_sunken(from) && !self.road_side(from, to)
    }

    /// F-5.5b: the rest of the TET's sunken-road cost for `class` over the other terrain of
    /// `h` (nothing where either is not a number of MP).
    pub(crate) fn sunken_surcharge(&self, h: Hex, class: MoveClass) -> Pts {
        let full = self.tables.fx(Terrain::SunkenRoad).mp[class as usize];
        let other = self.tables.fx(self.board.hex(h).under).mp[class as usize];
        match (full, other) {
            (Mp::Pts(a), Mp::Pts(b)) => a.minus(b).unwrap_or(Pts::ZERO),
            _ => Pts::ZERO,
        }
    }

    /// F-5.5b: whether a facing change of `u` at `p` is a turn in a sunken-road hex under the
    /// option (not for skirmishers and commanders).
    pub(crate) fn turns_in_sunken(&self, s: &State, u: UnitId, p: &Placed) -> bool {
        self.expanded_sunken()
            && !self.sunken_exempt(s, u)
            && p.hexes.as_slice().iter().any(|&h| self.is_sunken(h))
    }

    /// F-5.5b: whether a column at `p` lies along a road: it faces a hexside the road runs
    /// through from its head hex.
    pub(crate) fn column_along_road(&self, p: &Placed) -> bool {
        let head = p.hex();
        Direction::ALL
            .iter()
            .find(|&&d| Facing::side(d) == p.facing)
            .is_some_and(|&d| self.board.side(head, d) & hs::ANY_ROAD != 0)
    }
}
