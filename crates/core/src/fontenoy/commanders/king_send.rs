//! F-6.9c C (option `6.9`): the captured King sent off alone. Instead of keeping him with the
//! unit that took him, the capturing player may send him away with a small escort: 6 MP,
//! spent one hex at a time at a commander's costs (the Terrain Effects Table's commander
//! column, its hexsides). Once he has left his captors he stands alone, still held: an enemy
//! (to him) unit joining him takes him over and a unit of his own army reaching him recovers
//! him (king_capture.rs).
//!
//! Readings (docs/coverage/fontenoy.md): the decision is offered as soon as he is captured
//! (after the Louis XV Loss Roll of a first capture), to the capturing player, and his lone
//! move is made then; the escort party moves as a commander of the capturing side: it enters
//! no hex holding a combat unit of either side (he would be recovered or taken back at once)
//! and no hex in his own army's ZOC (21.1a), and stays on the map.

use alloc::format;
use alloc::vec::Vec;

use super::super::Fontenoy;
use super::super::action::Action;
use super::super::event::Event;
use super::super::geometry::Placed;
use super::super::occupancy::Occupancy;
use super::super::state::{Place, State, Step};
use super::super::tables::{MoveClass, Mp};
use super::super::types::Pts;
use super::super::units::UnitId;
use crate::engine::{Illegal, Side};
use crate::hex::Hex;

/// F-6.9c C: the MP of the King sent off alone.
pub const KING_SENT_MP: Pts = Pts::whole(6);

impl Fontenoy {
    /// The King's counter while he is held (option `6.9`).
    fn held_king(&self, s: &State) -> Option<UnitId> {
        if !self.option("6.9") || !s.king.held {
            return None;
        }
        (0..s.units.len() as UnitId).find(|&c| self.is_king(c) && s.unit(c).on_map())
    }

    /// F-6.9c C: the side holding the King: the other army.
    pub(crate) fn king_captor(&self, s: &State) -> Option<Side> {
        self.held_king(s)
            .map(|k| self.units[usize::from(k)].side.other())
    }

    /// F-6.9c C: offers his captors the choice of sending him off (called at each capture).
    pub(crate) fn offer_send_king(&self, s: &mut State) {
        s.steps.push(Step::SendKing {
            mp: KING_SENT_MP,
            moved: false,
        });
    }

    /// What entering `to` costs the King sent off with `mp` left, or why he may not.
    fn send_cost(&self, s: &State, o: &Occupancy, king: UnitId, to: Hex) -> Result<Pts, Illegal> {
        let Some(from) = s.unit(king).placed().map(|p| p.hex()) else {
            return Err(Illegal::new("F-6.9c", "the King is not on the map"));
        };
        let d = from.direction_to(to).ok_or_else(|| {
            Illegal::new(
                "F-6.9c",
                format!("{} is not adjacent to the King", self.label(to)),
            )
        })?;
        if !self.board.on_map(to) {
            return Err(Illegal::new(
                "F-6.9c",
                format!("{} is off the map", self.label(to)),
            ));
        }
        let captors = self.units[usize::from(king)].side.other();
        if o.combat_at(self, to).next().is_some() {
            return Err(Illegal::new(
                "F-6.9c",
                format!(
                    "{} holds combat units: the King is sent off alone",
                    self.label(to)
                ),
            ));
        }
        if o.ezoc(self, to, captors) {
            return Err(Illegal::new(
                "21.1a",
                format!("{} is in his own army's ZOC", self.label(to)),
            ));
        }
        let hex = match self.tables.fx(self.board.hex(to).terrain).mp[MoveClass::Commander as usize]
        {
            Mp::Pts(p) => p,
            _ => {
                return Err(Illegal::new(
                    "11.2a",
                    format!("a commander may not enter {}", self.label(to)),
                ));
            }
        };
        let side = self
            .side_cost(from, d, MoveClass::Commander)
            .ok_or_else(|| {
                Illegal::new(
                    "11.2a",
                    format!(
                        "a commander may not cross the hexside into {}",
                        self.label(to)
                    ),
                )
            })?;
        Ok(hex.plus(side))
    }

    /// The captors' choices: each hex the King can still pay for, or keep/stop.
    pub(crate) fn send_king_actions(&self, s: &State, mp: Pts, out: &mut Vec<Action>) {
        if let Some(king) = self.held_king(s) {
            if let Some(at) = s.unit(king).placed().map(|p| p.hex()) {
                let o = Occupancy::build(self, s);
                for to in at.neighbors() {
                    if self.send_cost(s, &o, king, to).is_ok_and(|c| c <= mp) {
                        out.push(Action::SendKing { to });
                    }
                }
            }
        }
        out.push(Action::EndSendKing);
    }

    /// Applies the captors' choice (F-6.9c C).
    pub(crate) fn apply_send_king(
        &self,
        s: &mut State,
        mp: Pts,
        moved: bool,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        match *a {
            Action::EndSendKing => Ok(()),
            Action::SendKing { to } => {
                let Some(king) = self.held_king(s) else {
                    return Err(Illegal::new("F-6.9c", "the King is not held"));
                };
                let o = Occupancy::build(self, s);
                let cost = self.send_cost(s, &o, king, to)?;
                let Some(left) = mp.minus(cost) else {
                    return Err(Illegal::new(
                        "F-6.9c",
                        format!(
                            "entering {} costs {cost} MP; the King sent off has {mp} left",
                            self.label(to)
                        ),
                    ));
                };
                s.king.escort = None;
                let u = s.unit_mut(king);
                if let Place::Map(q) = u.place {
                    u.place = Place::Map(Placed::at(to, q.facing));
                }
                ev.push(Event::KingSent {
                    king,
                    to,
                    mp_left: left.0,
                });
                s.steps.push(Step::SendKing {
                    mp: left,
                    moved: true,
                });
                Ok(())
            }
            _ => Err(Illegal::new(
                "F-6.9c",
                format!(
                    "{a:?}: the captors send the King one hex on (SendKing) or {} (EndSendKing)",
                    if moved {
                        "end his move"
                    } else {
                        "keep him with them"
                    }
                ),
            )),
        }
    }
}
