//! F-10.0d: a reinforcement that enters the map by Road Movement is In Command for as long as
//! it keeps to Road Movement: it entered in Road Column at its map-edge road hex, and every
//! step since has followed a road in Road Column.

use super::super::Fontenoy;
use super::super::reinforcements::Entry;
use super::super::state::State;
use super::super::types::Formation;
use super::super::units::UnitId;
use crate::hex::Hex;

impl Fontenoy {
    /// F-10.0d: `u` has just entered at `hex` in `formation`; in Road Column through a
    /// map-edge road hex it is on Road Movement.
    pub(crate) fn note_road_entry(&self, s: &mut State, u: UnitId, hex: Hex, formation: Formation) {
        let edge = self
            .scenario_rules
            .arrivals
            .iter()
            .any(|a| a.unit == u && a.entry == Entry::Edge(hex));
        let road = crate::hex::Direction::ALL
            .iter()
            .any(|&d| self.board.side(hex, d) & super::super::board::side::ANY_ROAD != 0);
        if edge && road && formation == Formation::RoadColumn {
            if let Err(i) = s.road_entrants.binary_search(&u) {
                s.road_entrants.insert(i, u);
            }
        }
    }

    /// F-10.0d: `group` steps from `from` to `to` in `formation`; a step that does not follow
    /// a road in Road Column ends their Road Movement.
    pub(crate) fn note_road_step(
        &self,
        s: &mut State,
        group: &[UnitId],
        formation: Formation,
        from: Hex,
        to: Hex,
    ) {
        if s.road_entrants.is_empty() {
            return;
        }
        if formation == Formation::RoadColumn && self.board.road_between(from, to) {
            return;
        }
        s.road_entrants.retain(|u| !group.contains(u));
    }

    /// F-10.0d: whether `u` is still on the Road Movement it entered by (In Command).
    pub(crate) fn on_road_entry(&self, s: &State, u: UnitId) -> bool {
        s.road_entrants.binary_search(&u).is_ok()
            && s.unit(u).formation == Formation::RoadColumn
            && s.unit(u).on_map()
    }
}
