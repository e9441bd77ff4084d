//! Leaving the map by an exit hex: French units toward the Allied supply train by the roads at
//! S6434 and S7028 (F-4.4), and after a Dutch sortie back toward Tournay by the west edge north
//! of the Escaut or the main road at N1801 (F-6.6c); in scenario 3 on one map, Allied units
//! through S3801 (F-10.3e). Units that leave never come back.
//!
//! Readings (docs/coverage/fontenoy.md): a unit leaves during its own movement, from an exit
//! hex it stands in (any of its hexes), while it may still move, at no MP cost; routed units
//! never do (F-6.6c; they do not move in the Movement Segment); commanders do not (only SP
//! count).

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Act, Place, State};
use super::super::units::UnitId;
use super::super::{ALLIED, FRENCH};
use crate::engine::Illegal;
use crate::hex::Hex;

impl Fontenoy {
    /// The exit hex `u` may leave the map by now, and whether toward Tournay.
    fn exit_of(&self, s: &State, u: UnitId) -> Option<(Hex, bool)> {
        let sr = &self.scenario_rules;
        let tournay = sr
            .tournay
            .as_ref()
            .filter(|_| self.sortie_open(s))
            .map(|t| t.exits.as_slice())
            .unwrap_or(&[]);
        let supply: &[Hex] = if s.victory.train_taken.is_none() {
            &sr.supply_exits
        } else {
            &[]
        };
        let info = &self.units[usize::from(u)];
        // F-10.3e: Allied units leave through S3801.
        if let Some(hex) = sr.victory.victory.exit_hex() {
            if info.side == ALLIED && info.is_combat() && self.may_move(s, u) {
                let p = s.unit(u).placed()?;
                return p.hexes.contains(hex).then_some((hex, false));
            }
        }
        if tournay.is_empty() && supply.is_empty() {
            return None;
        }
        if info.side != FRENCH || !info.is_combat() || !self.may_move(s, u) {
            return None;
        }
        let p = s.unit(u).placed()?;
        for &h in p.hexes.as_slice() {
            if tournay.contains(&h) {
                return Some((h, true));
            }
            if supply.contains(&h) {
                return Some((h, false));
            }
        }
        None
    }

    /// The exits open now (F-4.4, F-6.6c): cheap unless an exit is open at all.
    pub(super) fn exit_actions(&self, s: &State, current: Option<UnitId>, out: &mut Vec<Action>) {
        let sr = &self.scenario_rules;
        if sr.supply_exits.is_empty()
            && !(sr.tournay.is_some() && self.sortie_open(s))
            && sr.victory.victory.exit_hex().is_none()
        {
            return;
        }
        for (i, unit) in s.units.iter().enumerate() {
            let u = i as UnitId;
            if unit.act != Act::Active || current.is_some_and(|c| c != u) {
                continue;
            }
            if self.exit_of(s, u).is_some() {
                out.push(Action::LeaveMap { unit: u });
            }
        }
    }

    /// `unit` leaves the map (F-4.4, F-6.6c).
    pub(super) fn apply_leave_map(
        &self,
        s: &mut State,
        unit: UnitId,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let Some((hex, tournay)) = self.exit_of(s, unit) else {
            return Err(Illegal::new(
                if self.scenario_rules.victory.victory.exit_hex().is_some() {
                    "F-10.3e"
                } else if self.scenario_rules.tournay.is_some() {
                    "F-6.6c"
                } else {
                    "F-4.4"
                },
                format!(
                    "{} cannot leave the map now: a French combat unit that may still move, in an exit hex (S6434 or S7028 toward the supply train; after a Dutch sortie, the west edge north of the Escaut or N1801), or in scenario 3 on one map an Allied one at S3801",
                    self.unit_name(unit)
                ),
            ));
        };
        if let Some(m) = self.record(s, unit) {
            m.done = true;
        }
        s.unit_mut(unit).place = Place::Exited;
        if self.units[usize::from(unit)].side == ALLIED {
            let total = self.exited_sp(s, ALLIED);
            ev.push(Event::ExitedField { unit, hex, total });
        } else {
            ev.push(Event::LeftMap { unit, hex, tournay });
        }
        if tournay {
            self.send_back(s, unit, ev);
            self.check_answered(s, ev);
        }
        // F-10.3e: enough Allied SP off through S3801 win.
        self.exit_victory(s, ev);
        Ok(())
    }
}
