//! 10.4d guns grouped with a multi-hex infantry Line or Hook: they stand in one of its hexes
//! (the one they entered, their owner's choice) and group with the whole Line; when the Line
//! leaves that hex they stay there, alone (10.4e).

use super::super::Fontenoy;
use super::super::geometry::Placed;
use super::super::stacking::{gun_in_line, together};
use super::super::state::State;
use super::super::types::{Formation, Kind, Morale};
use super::super::units::UnitId;

impl Fontenoy {
    /// `u`'s type, formation and place, when it is on the map.
    fn stand<'a>(&self, s: &'a State, u: UnitId) -> Option<(Kind, Formation, &'a Placed)> {
        let x = s.unit(u);
        x.placed()
            .map(|p| (self.units[usize::from(u)].kind, x.formation, p))
    }

    /// Whether `u` and `v` stand as one group by their places (10.4d: guns in any hex of a
    /// multi-hex Line or Hook are grouped with it).
    pub fn stand_together(&self, s: &State, u: UnitId, v: UnitId) -> bool {
        match (self.stand(s, u), self.stand(s, v)) {
            (Some(a), Some(b)) => together(a, b),
            _ => false,
        }
    }

    /// 10.4d: the multi-hex Line or Hook of `u`'s side (Routed with Routed, 10.1f) that
    /// unlimbered guns `u` stand with, if any; the group's other members are found from it.
    pub fn line_of_gun(&self, s: &State, u: UnitId) -> Option<UnitId> {
        let me = self.stand(s, u)?;
        if me.0 != Kind::Artillery || me.1 != Formation::Unlimbered {
            return None;
        }
        let side = self.units[usize::from(u)].side;
        let routed = s.unit(u).morale == Morale::Routed;
        (0..s.units.len() as UnitId).find(|&v| {
            self.units[usize::from(v)].side == side
                && (s.unit(v).morale == Morale::Routed) == routed
                && self.stand(s, v).is_some_and(|b| gun_in_line(me, b))
        })
    }
}
