//! The French Special Commanders' limits (F-3.3): Louis XV never leaves his hex and commands
//! nobody (F-3.3a); Noailles (F-3.3c) and Richelieu (F-3.3e) stay in the King's hex until the
//! Perimeter is breached (F-6.8), Noailles also once he is the CinC.

use super::super::Fontenoy;
use super::super::state::State;
use super::super::units::UnitId;

/// Whether counter id `id` is the commander `key` of either army's counter file (`fr-noailles`,
/// not `fr-mdc-noailles`), or a hand-built position's counter named so.
pub(crate) fn is_named(id: &str, key: &str) -> bool {
    id == key
        || id
            .strip_prefix("fr-")
            .or_else(|| id.strip_prefix("al-"))
            .is_some_and(|rest| rest == key)
}

impl Fontenoy {
    /// Whether commander `c` is the counter `key` (see [`is_named`]).
    pub(crate) fn is_commander(&self, c: UnitId, key: &str) -> bool {
        self.units
            .get(usize::from(c))
            .is_some_and(|i| !i.is_combat() && is_named(&i.id, key))
    }

    /// F-3.3a: Louis XV.
    pub(crate) fn is_king(&self, c: UnitId) -> bool {
        self.is_commander(c, "louis-xv")
    }

    /// The King's counter, if the scenario has him on the map.
    fn king_on_map(&self, s: &State) -> Option<UnitId> {
        (0..s.units.len() as UnitId).find(|&c| self.is_king(c) && s.unit(c).on_map())
    }

    /// F-3.3a, F-3.3c, F-3.3e: whether commander `c` may not move now: the King never; Noailles
    /// while the King is on the map, the Perimeter holds (F-6.8) and he is not the CinC;
    /// Richelieu while the King is on the map and the Perimeter holds.
    pub(crate) fn held_commander(&self, s: &State, c: UnitId) -> bool {
        if self.is_king(c) {
            // F-6.9b: with option 6.9 he moves, within the limits of commanders/king.rs;
            // F-6.9c C: not while the enemy holds him.
            return !self.option("6.9") || s.king.held;
        }
        let noailles = self.is_commander(c, "noailles");
        let richelieu = self.is_commander(c, "richelieu");
        if !noailles && !richelieu {
            return false;
        }
        if s.victory.perimeter_breached || self.king_on_map(s).is_none() {
            return false;
        }
        let side = self.units[usize::from(c)].side;
        !(noailles && s.armies[side.index()].cinc == Some(c))
    }

    /// F-3.3a: the King commands nobody: he is never activated as a Non-Divisional Commander
    /// (6.6) and traces no Line of Command.
    pub(crate) fn commands_nobody(&self, c: UnitId) -> bool {
        self.is_king(c)
    }
}
