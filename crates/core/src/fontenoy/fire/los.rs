//! 12.6 Line of Sight: the Frontal arc a fire leaves through (12.2b, 12.6a), what blocks the
//! line (12.6a, 12.6b: units and terrain, lone commanders never; F-9.3, F-9.4: the hexsides),
//! elevation (12.6c), howitzers over friends (12.6d), enfilade and fire through a flank or rear
//! (12.6e, 19.9b), partial LOS along a blocking hexside (12.6f) and terrain halving the
//! multiplier (12.7a).
//!
//! Readings (docs/coverage/fontenoy.md): a line leaving exactly along the edge of the Frontal
//! arc (through the vertex between a Frontal and a Flank hex) is in the arc; a line running
//! along the side between two hexes is blocked only when both block, and is partial when one
//! does; a slope hexside (F-9.4D, the ridge) is seen across only by a unit whose hex borders
//! a slope.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::board::side as hs;
use super::super::geometry::{self, Arc, Placed};
use super::super::occupancy::Occupancy;
use super::super::state::State;
use super::super::types::{Arm, Formation};
use super::super::units::UnitId;
use crate::engine::{Illegal, Side};
use crate::hex::{Hex, LosStep, los};

/// What a line of sight from a firing hex to a target hex gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// The adjacent hex the line leaves through (the target itself when adjacent).
    pub lane: Hex,
    /// The hexes the line passes through, firer first, target last (hexside and corner
    /// steps left out).
    pub path: Vec<Hex>,
    /// The line runs along a blocking hexside: firing SP halved (12.6f).
    pub partial: bool,
    /// A howitzer fires over friendly units: its SP halved (12.6d).
    pub over_friends: bool,
    /// The line passes into or through terrain that halves the multiplier (12.7a).
    pub halves: bool,
}

impl Fontenoy {
    /// The adjacent hexes a line from `from` to `at` leaves through: the target when adjacent,
    /// else the first hex of the line, or both hexes when it leaves along a hexside.
    pub(crate) fn lanes(&self, from: Hex, at: Hex) -> Vec<Hex> {
        if from.distance(at) <= 1 {
            return alloc::vec![at];
        }
        for step in los::trace(from, at) {
            match step {
                LosStep::Hex(h) => return alloc::vec![h],
                LosStep::Hexside(a, b) => return alloc::vec![a, b],
                LosStep::Corner(_) => {}
            }
        }
        alloc::vec![at]
    }

    /// The one adjacent hex a fire from `from` at `at` goes through (for a Square's three
    /// non-adjacent hexes, 12.2g): the first of [`Fontenoy::lanes`].
    pub(crate) fn lane_of(&self, from: Hex, at: Hex) -> Hex {
        self.lanes(from, at).first().copied().unwrap_or(at)
    }

    /// Whether `h` blocks a line of sight traced by `side` from `from` to `at` (12.6a): terrain
    /// that blocks, or any combat unit (a howitzer of `side` sees over friends nearer to it
    /// than to the target, 12.6d). The second value says the howitzer's exception was used.
    #[allow(clippy::too_many_arguments)]
    fn obstacle(
        &self,
        s: &State,
        o: &Occupancy,
        h: Hex,
        side: Side,
        howitzer: bool,
        from: Hex,
        at: Hex,
    ) -> (bool, bool) {
        let terrain = self.tables.fx(self.board.hex(h).terrain).blocks_los || self.smouldering(h);
        let mut units = false;
        let mut over = false;
        for u in o.combat_at(self, h) {
            if !s.unit(u).on_map() {
                continue;
            }
            let friend = self.units[usize::from(u)].side == side;
            if howitzer && friend && from.distance(h) < h.distance(at) {
                over = true;
            } else {
                units = true;
            }
        }
        (terrain || units, over && !terrain && !units)
    }

    /// Whether an obstacle in `h` blocks under the elevation rule (12.6c): with both ends at
    /// one height every obstacle blocks; otherwise one nearer the lower end, or midway, blocks
    /// and one nearer the higher end does not.
    fn blocks_by_height(&self, from: Hex, at: Hex, h: Hex) -> bool {
        let ef = self.board.hex(from).elevation;
        let et = self.board.hex(at).elevation;
        if ef == et {
            return true;
        }
        let (low, high) = if ef < et { (from, at) } else { (at, from) };
        h.distance(low) <= h.distance(high)
    }

    /// Whether the ground of `h` itself blocks (12.6c): higher than both ends, or as high as
    /// the higher end when the ends differ.
    fn ground_blocks(&self, from: Hex, at: Hex, h: Hex) -> bool {
        let ef = self.board.hex(from).elevation;
        let et = self.board.hex(at).elevation;
        let eh = self.board.hex(h).elevation;
        let hi = ef.max(et);
        eh > hi || (ef != et && eh >= hi)
    }

    /// Whether the hexside between the adjacent hexes `a` and `b` stops a line traced from
    /// `from` (F-9.3, F-9.4D): abatis and field fortifications unless the firer stands next to
    /// them; slopes unless the firer's hex borders a slope.
    fn side_blocks(&self, from: Hex, a: Hex, b: Hex) -> bool {
        let Some(d) = a.direction_to(b) else {
            return false;
        };
        let bits = self.board.side(a, d);
        if bits == 0 {
            return false;
        }
        for (bit, _) in hs::IDS {
            if bits & bit == 0 || (bit == hs::ABATIS && self.sees_over_abatis(from)) {
                continue; // F-3.5d: the large redoubts see past the abatis
            }
            let kind = self.tables.fire.side(bit).map_or(0, |x| x.blocks);
            let touches = from == a || from == b;
            match kind {
                1 if !touches => return true,
                2 if !touches && !self.borders_slope(from) => return true,
                _ => {}
            }
        }
        false
    }

    fn borders_slope(&self, h: Hex) -> bool {
        crate::hex::Direction::ALL
            .iter()
            .any(|&d| self.board.side(h, d) & hs::SLOPE != 0)
    }

    /// The line of sight of `unit` (firing with `arm` for `side`) from `from` to `at`: the
    /// arc it leaves through (12.2b) and what lies on the line (12.6), or why it may not fire.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sight(
        &self,
        s: &State,
        o: &Occupancy,
        from: Hex,
        at: Hex,
        unit: UnitId,
        arm: Arm,
        side: Side,
    ) -> Result<Sight, Illegal> {
        let lanes = self.lanes(from, at);
        let u = s.unit(unit);
        let Some(placed) = u.placed() else {
            return Err(Illegal::new("12.6a", "the firing unit is not on the map"));
        };
        // 12.4e: a gun firing from another hex of its Line reads its Fire Arc from that hex.
        let moved = Placed::at(from, placed.facing);
        let p = if placed.hexes.contains(from) {
            placed
        } else {
            &moved
        };
        let in_arc = u.formation == Formation::Square
            || lanes
                .iter()
                .any(|&l| self.frontal_for(s, unit, u.formation, p, from, l));
        if !in_arc {
            return Err(Illegal::new(
                "12.2b",
                format!(
                    "{} is not in front of {}: fire goes only into or through Frontal hexes",
                    self.label(at),
                    self.unit_name(unit)
                ),
            ));
        }
        let howitzer = arm == Arm::Artillery
            && self.units[usize::from(unit)].caliber.as_deref() == Some("howitzer");
        // F-7.7: an Allied howitzer more than 4 hexes away fires indirectly, over the hexside
        // features (the blocking part of their modifiers).
        let indirect =
            howitzer && self.option("7.7") && side == super::super::ALLIED && from.distance(at) > 4;
        // F-3.5c: the guns at S1012 fire over everything not next to the target.
        let battery = self.calonne_battery(from, side, arm);
        let mut sight = Sight {
            lane: lanes.first().copied().unwrap_or(at),
            path: alloc::vec![from],
            partial: false,
            over_friends: false,
            halves: self.tables.fx(self.board.hex(at).terrain).halves_multiplier,
        };
        if from.distance(at) > 1 {
            let blocked = || {
                Illegal::new(
                    "12.6a",
                    format!(
                        "{} has no line of sight from {} to {}",
                        self.unit_name(unit),
                        self.label(from),
                        self.label(at)
                    ),
                )
            };
            for step in los::trace(from, at) {
                match step {
                    LosStep::Hex(h) if battery && h.distance(at) > 1 => sight.path.push(h),
                    LosStep::Hex(h) => {
                        if self.ground_blocks(from, at, h) {
                            return Err(blocked());
                        }
                        let (ob, over) = self.obstacle(s, o, h, side, howitzer, from, at);
                        if ob && self.blocks_by_height(from, at, h) {
                            return Err(blocked());
                        }
                        sight.over_friends |= over;
                        sight.halves |= self.tables.fx(self.board.hex(h).terrain).halves_multiplier;
                        sight.path.push(h);
                    }
                    LosStep::Hexside(a, b)
                        if battery && a.distance(at) > 1 && b.distance(at) > 1 => {}
                    LosStep::Hexside(a, b) => {
                        let ba = self.obstacle(s, o, a, side, howitzer, from, at).0
                            && self.blocks_by_height(from, at, a)
                            || self.ground_blocks(from, at, a);
                        let bb = self.obstacle(s, o, b, side, howitzer, from, at).0
                            && self.blocks_by_height(from, at, b)
                            || self.ground_blocks(from, at, b);
                        if ba && bb {
                            return Err(blocked());
                        }
                        // 12.6f: along a hexside with one blocking hex, or a blocking hexside
                        // feature, the line is partial.
                        let feature =
                            !indirect && self.side_blocks(from, a, b) && from != a && from != b;
                        sight.partial |= ba || bb || feature;
                    }
                    LosStep::Corner(_) => {}
                }
            }
            sight.path.push(at);
            for w in sight.path.windows(2) {
                let over = battery && w[1] != at;
                if !indirect
                    && !over
                    && w[0].distance(w[1]) == 1
                    && self.side_blocks(from, w[0], w[1])
                {
                    return Err(blocked());
                }
            }
        } else {
            sight.path.push(at);
        }
        Ok(sight)
    }

    /// Whether a unit of `side` at `from` sees `at` in any direction (12.6a–c: terrain, units,
    /// elevation and hexside features block as for fire, without the fire arc): the Line of
    /// Sight of 13.4a (reactions) and of optional 13.1d (charges).
    pub(crate) fn clear_sight(
        &self,
        s: &State,
        o: &Occupancy,
        from: Hex,
        at: Hex,
        side: Side,
    ) -> bool {
        if from.distance(at) <= 1 {
            return true;
        }
        let mut path = alloc::vec![from];
        for step in los::trace(from, at) {
            match step {
                LosStep::Hex(h) => {
                    if self.ground_blocks(from, at, h)
                        || (self.obstacle(s, o, h, side, false, from, at).0
                            && self.blocks_by_height(from, at, h))
                    {
                        return false;
                    }
                    path.push(h);
                }
                LosStep::Hexside(a, b) => {
                    let blocks = |h: Hex| {
                        self.obstacle(s, o, h, side, false, from, at).0
                            && self.blocks_by_height(from, at, h)
                            || self.ground_blocks(from, at, h)
                    };
                    if blocks(a) && blocks(b) {
                        return false;
                    }
                }
                LosStep::Corner(_) => {}
            }
        }
        path.push(at);
        !path
            .windows(2)
            .any(|w| w[0].distance(w[1]) == 1 && self.side_blocks(from, w[0], w[1]))
    }

    /// Whether any hex of `a` sees any hex of `b` ([`Fontenoy::clear_sight`]).
    pub(crate) fn units_see(&self, s: &State, o: &Occupancy, a: UnitId, b: &[Hex]) -> bool {
        let Some(p) = s.unit(a).placed() else {
            return false;
        };
        let side = self.units[usize::from(a)].side;
        p.hexes
            .as_slice()
            .iter()
            .any(|&h| b.iter().any(|&t| self.clear_sight(s, o, h, t, side)))
    }

    /// Whether the adjacent hex `lane` of `from` is Frontal for a unit in `f` at `p` (12.2b).
    pub(crate) fn frontal_from(&self, f: Formation, p: &Placed, from: Hex, lane: Hex) -> bool {
        from.distance(lane) == 1 && geometry::arc_of(f, p, lane) == Some(Arc::Frontal)
    }

    /// Whether a fire along `path` (firer first, target last) takes a target in `f` at `p`
    /// through a Flank hex (12.6e: enfilade; the firer standing there counts) and through a
    /// Flank or Rear hex (19.9b).
    pub(crate) fn angle(
        &self,
        s: &State,
        path: &[Hex],
        u: Option<UnitId>,
        f: Formation,
        p: &Placed,
    ) -> (bool, bool) {
        let mut enfilade = false;
        let mut flank = false;
        for &h in path {
            let arc = match u {
                Some(u) => self.arc_for(s, u, f, p, h),
                None => geometry::arc_of(f, p, h),
            };
            match arc {
                Some(Arc::Flank) => {
                    enfilade = true;
                    flank = true;
                }
                Some(Arc::Rear) => flank = true,
                _ => {}
            }
        }
        (enfilade, flank)
    }
}
