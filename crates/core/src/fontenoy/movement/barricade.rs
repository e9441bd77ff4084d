//! F-3.6 Barricades (scenarios 4, 5 and 6): markers in road hexes of the Bois de Barry. No
//! unit enters one by Road Movement (the hook is in `step_cost`); a unit in the hex removes it
//! by spending all its MP there, and is Disordered (skirmishers never are, 18.4); any
//! non-skirmisher in a barricade hex has a Fire Defense Value of 5 (fire/target.rs).
//!
//! Readings (docs/coverage/fontenoy.md): the French player places the markers at set-up, one
//! by one, in road hexes of the scenario's area (setup/works.rs); a
//! unit removes a barricade only before it has spent any MP in the segment ("all its movement
//! points"), and its move is then over.

use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::board::Board;
use super::super::event::Event;
use super::super::state::State;
use super::super::types::Pts;
use super::super::units::UnitId;
use crate::data::DataError;
use crate::engine::Illegal;
use crate::hex::Hex;

/// The scenario's barricades (F-3.6, `rules.barricades`): how many the French place, the road
/// hexes of the area they may go in, and the data's default hexes (offered first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarricadeRules {
    /// How many markers the French player places.
    pub count: u8,
    /// The hexes he may place them in: road hexes (a road, path or the Major Road crosses a
    /// side) of the scenario's area, sorted.
    pub hexes: Vec<Hex>,
    /// The data's suggested hexes, offered first.
    pub defaults: Vec<Hex>,
}

/// The scenario's `rules.barricades`: `count`, `area` (a place of the map; its road hexes are
/// the choices), `default_hexes` (each such a hex).
pub(crate) fn read(
    id: &str,
    v: Option<&serde_json::Value>,
    board: &Board,
) -> Result<Option<BarricadeRules>, DataError> {
    let Some(v) = v else {
        return Ok(None);
    };
    let count = v
        .get("count")
        .and_then(serde_json::Value::as_u64)
        .and_then(|c| u8::try_from(c).ok())
        .ok_or_else(|| DataError::new(id, "rules.barricades.count", "expected a small count"))?;
    let area = v
        .get("area")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| DataError::new(id, "rules.barricades.area", "expected a place id"))?;
    let place = board
        .place(area)
        .ok_or_else(|| DataError::new(id, "rules.barricades.area", "no such place on the map"))?;
    let mut hexes: Vec<Hex> = place
        .hexes
        .iter()
        .copied()
        .filter(|&h| {
            board.on_map(h)
                && crate::hex::Direction::ALL
                    .iter()
                    .any(|&d| board.side(h, d) & super::super::board::side::ANY_ROAD != 0)
        })
        .collect();
    hexes.sort();
    hexes.dedup();
    let mut defaults = Vec::new();
    let list = v
        .get("default_hexes")
        .and_then(serde_json::Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (k, h) in list.iter().enumerate() {
        let path = format!("rules.barricades.default_hexes[{k}]");
        let text = h
            .as_str()
            .ok_or_else(|| DataError::new(id, path.clone(), "expected a hex id"))?;
        let hex = super::super::fhex::parse(text)
            .filter(|x| hexes.binary_search(x).is_ok())
            .ok_or_else(|| DataError::new(id, path.clone(), "not a road hex of the area"))?;
        if !defaults.contains(&hex) {
            defaults.push(hex);
        }
    }
    if usize::from(count) > hexes.len() {
        return Err(DataError::new(
            id,
            "rules.barricades.count",
            "more barricades than road hexes to put them in",
        ));
    }
    Ok(Some(BarricadeRules {
        count,
        hexes,
        defaults,
    }))
}

impl Fontenoy {
    /// Whether `u` may remove the barricade in its hex now (F-3.6): activated and able to
    /// move, in a barricade hex, no MP spent yet this segment.
    fn may_remove_barricade(&self, s: &State, u: UnitId) -> bool {
        self.units[usize::from(u)].is_combat()
            && self.may_move(s, u)
            && self
                .moving(s, u)
                .is_none_or(|m| m.spent == Pts::ZERO && m.by_hand == 0)
            && s.unit(u)
                .placed()
                .is_some_and(|p| p.hexes.as_slice().iter().any(|h| s.barricades.contains(h)))
    }

    /// The barricade removals open now (F-3.6).
    pub(super) fn barricade_actions(
        &self,
        s: &State,
        current: Option<UnitId>,
        out: &mut Vec<Action>,
    ) {
        if s.barricades.is_empty() {
            return;
        }
        for (i, unit) in s.units.iter().enumerate() {
            let u = i as UnitId;
            if unit.act != super::super::state::Act::Active
                || current.is_some_and(|c| c != u)
                || !self.may_remove_barricade(s, u)
            {
                continue;
            }
            out.push(Action::RemoveBarricade { unit: u });
        }
    }

    /// F-3.6: `unit` removes the barricade in its hex, spends all its MP and is Disordered.
    pub(super) fn apply_remove_barricade(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.may_remove_barricade(s, unit) {
            return Err(Illegal::new(
                "F-3.6",
                format!(
                    "{} cannot remove a barricade now (an activated unit in a barricade hex that has spent no MP this segment)",
                    self.unit_name(unit)
                ),
            ));
        }
        let Some(hex) = s.unit(unit).placed().and_then(|p| {
            p.hexes
                .as_slice()
                .iter()
                .copied()
                .find(|h| s.barricades.contains(h))
        }) else {
            return Err(Illegal::new("F-3.6", "no barricade".to_string()));
        };
        s.barricades.retain(|&h| h != hex);
        let all = self.mp_left(s, unit);
        self.spend(s, unit, all, None, false);
        ev.push(Event::BarricadeRemoved { unit, hex });
        self.disorder_units(s, &[unit], "F-3.6", ev);
        self.finish(s, unit, ev);
        Ok(())
    }
}
