//! F-6.9 (option `6.9`): Louis XV's powers. F-6.9a: within his Command Distance, counted in
//! hexes, and in his sight, French units take his ER and CR bonuses and are In Command (he
//! still activates nobody, F-3.3a). F-6.9d: the Fate result (F-8.8a) strikes him only within
//! twice the fire range of some Allied unit. F-6.9c A (his loss points) is in
//! [`super::losses`].
//!
//! Readings (docs/coverage/fontenoy.md): his sight is the terrain line the Lucky Shot's
//! commanders use (F-8.8b: blocking terrain between the hexes, units ignored); his bonuses are
//! a commander's bonuses, so a unit with another commander's bonus takes the better one, not
//! both (21.3, 21.2b: one commander's bonus serves); guns count toward F-6.9d only unlimbered.

use super::super::Fontenoy;
use super::super::state::State;
use super::super::types::{Formation, Kind};
use super::super::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// The King and his hex while option `6.9` gives him his powers (he is on the map).
    pub(crate) fn king_with_powers(&self, s: &State) -> Option<(UnitId, Hex)> {
        if !self.option("6.9") {
            return None;
        }
        (0..s.units.len() as UnitId)
            .filter(|&c| self.is_king(c))
            .find_map(|c| s.unit(c).placed().map(|p| (c, p.hex())))
    }

    /// F-6.9a: whether the King's bonuses reach `unit`: a French combat unit with a hex within
    /// his Command Distance (in hexes) whose line to his hex no blocking terrain crosses.
    pub(crate) fn king_reaches(&self, s: &State, unit: UnitId) -> bool {
        let Some((king, at)) = self.king_with_powers(s) else {
            return false;
        };
        let info = &self.units[usize::from(unit)];
        if !info.is_combat() || info.side != self.units[usize::from(king)].side {
            return false;
        }
        let Some(p) = s.unit(unit).placed() else {
            return false;
        };
        let reach = u32::from(self.units[usize::from(king)].command_distance);
        p.hexes
            .as_slice()
            .iter()
            .any(|&h| h.distance(at) <= reach && self.terrain_line_clear(at, h))
    }

    /// Whether no blocking terrain lies between `a` and `b` (the ends excluded).
    fn terrain_line_clear(&self, a: Hex, b: Hex) -> bool {
        crate::hex::los::crossed(a, b)
            .iter()
            .all(|&y| y == a || y == b || !self.tables.fx(self.board.hex(y).terrain).blocks_los)
    }

    /// F-6.9a: the ER bonus the King gives `unit`'s checks (his counter's, −5), if he reaches
    /// it.
    pub(crate) fn king_er_bonus(&self, s: &State, unit: UnitId) -> Option<i8> {
        let (king, _) = self.king_with_powers(s)?;
        self.king_reaches(s, unit)
            .then(|| self.units[usize::from(king)].er_bonus)
    }

    /// F-6.9a: the CR bonus the King gives `unit`'s close combat (his counter's, +1), if he
    /// reaches it.
    pub(crate) fn king_cr_bonus(&self, s: &State, unit: UnitId) -> Option<i8> {
        let (king, _) = self.king_with_powers(s)?;
        self.king_reaches(s, unit)
            .then(|| self.units[usize::from(king)].cc_bonus)
    }

    /// F-6.9d: whether the Fate result may strike commander `c`: always, unless he is the King
    /// under option `6.9` and no Allied combat unit on the map (guns unlimbered) has him within
    /// twice its fire range.
    pub(crate) fn fate_may_strike(&self, s: &State, c: UnitId) -> bool {
        let Some((king, at)) = self.king_with_powers(s) else {
            return true;
        };
        if king != c {
            return true;
        }
        let enemy = self.units[usize::from(king)].side.other();
        (0..s.units.len() as UnitId).any(|u| {
            let info = &self.units[usize::from(u)];
            let x = s.unit(u);
            if info.side != enemy || !info.is_combat() {
                return false;
            }
            if info.kind == Kind::Artillery && x.formation != Formation::Unlimbered {
                return false;
            }
            x.placed().is_some_and(|p| {
                p.hexes.as_slice().iter().any(|&h| {
                    let range = self.fire_range(s, u, h, super::super::state::FireKind::Segment);
                    range > 0 && h.distance(at) <= 2 * range
                })
            })
        })
    }
}
