//! F-3.3e: Richelieu, once free to move (the Perimeter breached, F-6.8, or the King gone), may
//! be activated on his own as a Division Commander: he then picks up to five unactivated
//! units of his side within his Command Distance, whatever their Division (Regimental
//! Integrity plays no part), and they move and fight in his activation, In Command.
//!
//! Readings: his activation is one of the activating player's choices when a Division is to
//! be chosen (6.3), a Division-less activation; he and the units he picks are In Command by
//! the rule itself (no Line of Command, no Initiative roll: the text places them In Command);
//! the five are the whole activation: no Independent, Non-Divisional Commander or 6.4
//! attachment joins it (an Independent may be one of the five); Routed units are not picked
//! (6.3e); one force only (24.2a). Joining a Division's activation as a Special Commander
//! (6.6) is the other way the text offers (command/mod.rs `open_ndcs`).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::event::Event;
use super::super::state::{Act, State};
use super::super::types::Morale;
use super::super::units::UnitId;
use crate::engine::{Illegal, Side};

/// F-3.3e: at most five units in Richelieu's own activation.
pub const RICHELIEU_UNITS: usize = 5;

impl Fontenoy {
    /// F-3.3e: whether `c` is Richelieu free to activate on his own now: on the map,
    /// unactivated, no longer held in the King's hex.
    fn richelieu_free(&self, s: &State, c: UnitId) -> bool {
        let u = s.unit(c);
        self.is_commander(c, "richelieu")
            && u.on_map()
            && u.act == Act::Unactivated
            && !self.held_commander(s, c)
    }

    /// F-3.3e: the units Richelieu `c` may still pick: his side's unactivated, not Routed
    /// combat units on the map with a hex within his Command Distance, of his force.
    pub(crate) fn richelieu_candidates(&self, s: &State, c: UnitId) -> Vec<UnitId> {
        let info = &self.units[usize::from(c)];
        let Some(at) = s.unit(c).placed().map(|p| p.hex()) else {
            return Vec::new();
        };
        let reach = u32::from(info.command_distance);
        let force = self.force_of(s, c);
        (0..s.units.len() as UnitId)
            .filter(|&u| {
                let i = &self.units[usize::from(u)];
                let unit = s.unit(u);
                i.side == info.side
                    && i.is_combat()
                    && unit.act == Act::Unactivated
                    && unit.morale != Morale::Routed
                    && self.force_of(s, u) == force
                    && unit
                        .placed()
                        .is_some_and(|p| p.hexes.as_slice().iter().any(|h| h.distance(at) <= reach))
            })
            .collect()
    }

    /// F-3.3e: the commanders of `side` who may be activated on their own now (Richelieu
    /// free, with a unit to pick).
    pub(crate) fn own_commander_activations(&self, s: &State, side: Side) -> Vec<UnitId> {
        self.org.armies[side.index()]
            .special
            .iter()
            .copied()
            .filter(|&c| self.richelieu_free(s, c) && !self.richelieu_candidates(s, c).is_empty())
            .collect()
    }

    /// F-3.3e: Richelieu `c` begins his own activation (a Division Commander's without a
    /// Division); he picks his units in the Command Control Segment.
    pub(crate) fn begin_richelieu(
        &self,
        s: &mut State,
        side: Side,
        c: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if !self.own_commander_activations(s, side).contains(&c) {
            return Err(Illegal::new(
                "F-3.3e",
                format!(
                    "{} cannot be activated on his own: only Richelieu, unactivated on the map, free of the King's hex (the Perimeter breached, F-6.8), with an unactivated unit within his Command Distance",
                    self.unit_name(c)
                ),
            ));
        }
        ev.push(Event::CommanderActivation { commander: c });
        self.activate(s, side, Vec::new(), None, ev);
        s.unit_mut(c).act = Act::Active;
        if let Some(a) = s.activation.as_mut() {
            a.lead.richelieu = Some(c);
        }
        Ok(())
    }

    /// F-3.3e: the designations of Richelieu's own activation: up to five units.
    pub(crate) fn richelieu_designations(
        &self,
        s: &State,
        c: UnitId,
        picked: usize,
        out: &mut Vec<super::super::action::Action>,
    ) {
        if picked >= RICHELIEU_UNITS {
            return;
        }
        for u in self.richelieu_candidates(s, c) {
            out.push(super::super::action::Action::Attach { unit: u });
        }
    }

    /// F-3.3e: Richelieu picks `unit` for his activation.
    pub(crate) fn richelieu_pick(
        &self,
        s: &mut State,
        c: UnitId,
        picked: usize,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if picked >= RICHELIEU_UNITS {
            return Err(Illegal::new(
                "F-3.3e",
                format!("{} activates at most five units", self.unit_name(c)),
            ));
        }
        if !self.richelieu_candidates(s, c).contains(&unit) {
            return Err(Illegal::new(
                "F-3.3e",
                format!(
                    "{} cannot join {}'s activation: it must be an unactivated, not Routed combat unit of his side within his Command Distance",
                    self.unit_name(unit),
                    self.unit_name(c)
                ),
            ));
        }
        s.unit_mut(unit).act = Act::Active;
        if let Some(x) = s.activation.as_mut() {
            x.attached.push(unit);
        }
        ev.push(Event::Attached { unit });
        Ok(())
    }
}
