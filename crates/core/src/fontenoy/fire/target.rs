//! The target of a fire: its units (12.5a: whole units and groups; a multi-hex formation with
//! the units grouped in any of its hexes), their order for losses (12.9b; 12.9c movers first),
//! target size (12.5a–d) and its die modifier (12.5e, 12.5f), the Defense Rating of its
//! terrain (12.1: the hex nearest the firer it can see, the defender's best on a tie, with the
//! hexside across which the fire comes, F-9.3), and whether losses grow by half (12.9h).

use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::board::Terrain;
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::types::{Formation, Kind, round};
use super::super::units::UnitId;
use crate::engine::Side;
use crate::hex::Hex;

/// F-3.6: a non-skirmisher in a barricade hex has this Fire Defense Value.
const BARRICADE_FIRE_DEFENSE: u32 = 5;

impl Fontenoy {
    /// The enemy (of `side`) combat units a fire at `at` strikes, top first: those in `at`
    /// and, for a multi-hex formation there, those grouped in its other hexes (12.5b, 12.5c).
    pub(crate) fn target_units(
        &self,
        s: &State,
        o: &Occupancy,
        at: Hex,
        side: Side,
    ) -> Vec<UnitId> {
        self.units_struck(s, o, at, |u| self.units[usize::from(u)].side != side)
    }

    /// The combat units a fire at `at` strikes whoever they belong to (F-8.7d: Wild Fire).
    pub(crate) fn units_struck(
        &self,
        s: &State,
        o: &Occupancy,
        at: Hex,
        keep: impl Fn(UnitId) -> bool,
    ) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = self
            .stack_at(s, o, at)
            .into_iter()
            .filter(|&u| keep(u))
            .collect();
        let first = v.clone();
        for u in first {
            let Some(p) = s.unit(u).placed().copied() else {
                continue;
            };
            for &h in p.hexes.as_slice() {
                if h == at {
                    continue;
                }
                for x in self.stack_at(s, o, h) {
                    if keep(x) && !v.contains(&x) {
                        v.push(x);
                    }
                }
            }
        }
        v.sort_by_key(|&u| (s.unit(u).order, u));
        v
    }

    /// The units of `target` in the order they take losses: the movers of a Fire Reaction
    /// first (12.9c), then top first (12.9b).
    pub(crate) fn loss_order(
        &self,
        s: &State,
        target: &[UnitId],
        mover: Option<UnitId>,
    ) -> Vec<UnitId> {
        let mut v = target.to_vec();
        let movers: Vec<UnitId> = match mover {
            Some(m) => {
                let p = s.unit(m).placed().copied();
                target
                    .iter()
                    .copied()
                    .filter(|&u| {
                        u == m
                            || s.activation
                                .as_ref()
                                .is_some_and(|a| a.moving.iter().any(|x| x.unit == u && !x.done))
                                && s.unit(u).placed().copied() == p
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        v.sort_by_key(|&u| (!movers.contains(&u), s.unit(u).order, u));
        v
    }

    /// Target size (12.5a–d): infantry SP count 1, cavalry 2, guns 4; a multi-hex infantry
    /// formation divides its infantry SP by its hexes (round) and adds the guns whole; a
    /// multi-hex cavalry formation divides twice its SP by its hexes (round).
    pub fn target_size(&self, s: &State, target: &[UnitId]) -> u32 {
        let mut inf = 0i32;
        let mut cav = 0i32;
        let mut art = 0i32;
        let mut hexes = 1i32;
        for &u in target {
            let sp = i32::from(s.unit(u).sp);
            match self.units[usize::from(u)].kind {
                Kind::Infantry => inf += sp,
                Kind::Cavalry => cav += sp,
                Kind::Artillery => art += sp,
                Kind::Commander => {}
            }
            if let Some(p) = s.unit(u).placed() {
                hexes = hexes.max(p.hexes.len() as i32);
            }
        }
        let size = round(inf, hexes) + round(2 * cav, hexes) + 4 * art;
        size.max(0) as u32
    }

    /// Whether the target is all Skirmishers (12.5f: −10 and no size modifier).
    pub(crate) fn skirmisher_target(&self, s: &State, target: &[UnitId]) -> bool {
        !target.is_empty()
            && target
                .iter()
                .all(|&u| s.unit(u).formation == Formation::Skirmish)
    }

    /// Whether losses grow by half (12.9h): March or Attack Column (a Road Column is a March
    /// Column under its marker, 8.1f) or Square.
    pub(crate) fn heavy_formation(f: Formation) -> bool {
        matches!(
            f,
            Formation::MarchColumn
                | Formation::RoadColumn
                | Formation::AttackColumn
                | Formation::Square
        )
    }

    /// The Defense Rating against a fire from `from` (12.1): among the target's hexes the
    /// nearest to a firing hex that the firer sees, the one best for the defender on a tie;
    /// its terrain's rating plus the hexside the fire crosses into it (F-9.3: a slope's high
    /// side, behind field fortifications, abatis).
    pub(crate) fn defense_rating(
        &self,
        s: &State,
        o: &Occupancy,
        target: &[UnitId],
        from: &[Hex],
        at: Hex,
        indirect: bool,
    ) -> u32 {
        let mut hexes: Vec<Hex> = alloc::vec![at];
        for &u in target {
            if let Some(p) = s.unit(u).placed() {
                for &h in p.hexes.as_slice() {
                    if !hexes.contains(&h) {
                        hexes.push(h);
                    }
                }
            }
        }
        let mut best: Option<(u32, u32)> = None; // (distance, rating)
        for &h in &hexes {
            // The firer must see it: `at` is seen by construction; the others by a line clear
            // of obstacles from some firing hex.
            let seen = h == at
                || from.iter().any(|&f| {
                    f.distance(h) <= 1
                        || crate::hex::los::crossed(f, h).iter().all(|&x| {
                            o.combat_at(self, x).next().is_none()
                                && !self.tables.fx(self.board.hex(x).terrain).blocks_los
                        })
                });
            if !seen {
                continue;
            }
            let (dist, near) = from
                .iter()
                .map(|&f| (f.distance(h), f))
                .min()
                .unwrap_or((0, h));
            let mut rating = self.hex_defense(near, h, indirect, self.works_hold(from, h));
            // F-5.5c: the sunken road's rating only for units its effects count for, and not
            // against a fire along the road; otherwise its other terrain's.
            if self.is_sunken(h) && self.expanded_sunken() {
                let counts = !self.fire_along_road(near, h)
                    && target.iter().any(|&u| {
                        s.unit(u).placed().is_some_and(|p| p.hexes.contains(h))
                            && self.sunken_counts(s, u, h)
                    });
                if !counts {
                    let full = u32::from(self.tables.fx(Terrain::SunkenRoad).fire_defense);
                    let other = u32::from(self.tables.fx(self.board.hex(h).under).fire_defense);
                    rating = (rating + other).saturating_sub(full);
                }
            }
            // F-3.6: a non-skirmisher in a barricade hex has Fire Defense 5.
            if s.barricades.contains(&h)
                && target.iter().any(|&u| {
                    !self.is_skirmisher(s, u)
                        && s.unit(u).placed().is_some_and(|p| p.hexes.contains(h))
                })
            {
                rating = BARRICADE_FIRE_DEFENSE;
            }
            best = Some(match best {
                None => (dist, rating),
                Some((d, r)) if dist < d || (dist == d && rating > r) => (dist, rating),
                Some(b) => b,
            });
        }
        best.map_or_else(
            || self.hex_defense(at, at, indirect, self.works_hold(from, at)),
            |(_, r)| r,
        )
    }

    /// The Defense Rating of `h` against fire from `from`: the TET value and the hexside the
    /// line crosses last (none for a howitzer's indirect fire, F-7.7).
    fn hex_defense(&self, from: Hex, h: Hex, indirect: bool, hold: bool) -> u32 {
        let base = u32::from(self.tables.fx(self.board.hex(h).terrain).fire_defense);
        if indirect {
            return base;
        }
        // F-9.3: a line that reaches the target along a hexside (through the vertex where
        // two of its hexsides meet) gets the better of the two hexsides.
        let prevs: Vec<Hex> = if from.distance(h) <= 1 {
            alloc::vec![from]
        } else {
            crate::hex::los::trace(from, h)
                .into_iter()
                .rev()
                .find_map(|st| match st {
                    crate::hex::LosStep::Hex(x) => Some(alloc::vec![x]),
                    crate::hex::LosStep::Hexside(a, b) => Some(alloc::vec![a, b]),
                    _ => None,
                })
                .unwrap_or_default()
        };
        let bonus = prevs
            .into_iter()
            .filter(|&p| p != h && p.distance(h) == 1)
            .map(|p| self.side_defense(h, p, hold))
            .max()
            .unwrap_or(0);
        base + bonus
    }

    /// The Defense Rating bonus of the hexside of `h` toward its neighbour `prev` that a fire
    /// coming from `prev`'s side crosses (F-9.3: slopes when the target is above, field
    /// fortifications when it is behind them, the other features always).
    fn side_defense(&self, h: Hex, prev: Hex, hold: bool) -> u32 {
        let Some(d) = h.direction_to(prev) else {
            return 0;
        };
        let bits = self.board.side(h, d);
        let mut bonus = 0u32;
        for (bit, _) in super::super::board::side::IDS {
            if bits & bit == 0 {
                continue;
            }
            let Some(fx) = self.tables.fire.side(bit) else {
                continue;
            };
            let applies = if bit & super::super::board::side::SLOPE != 0 {
                // The target stands on the high side: `toward` from the firer's side is h.
                prev.direction_to(h)
                    .is_some_and(|d2| self.board.toward(prev, d2) & bit != 0)
            } else if bit & super::super::board::side::FIELDWORKS != 0 {
                // The target is behind them: the firer is on their front (`toward`) side, and
                // every firing hex is (F-3.5b C).
                hold && self.board.toward(h, d) & bit != 0
            } else {
                true
            };
            if applies {
                bonus += u32::from(fx.defense_bonus);
            }
        }
        bonus
    }
}
