//! Sea transport (§55–§58): in a Coalition Movement Command Segment after 15 March (reading
//! A18: from turn 35), and not in Frost, Snow, Frost/Snow or Severe weather, one Russian force
//! of at most 3 SP, without artillery, standing on a coastal hex out of enemy ZOCs and not yet
//! moved this phase, is placed on another coastal hex free of enemy counters. It needs no
//! Movement Command and may not move by land in that phase; it takes no attrition (reading
//! N34). The French have none (§58 5).

use alloc::format;
use alloc::vec::Vec;

use super::super::Hov;
use super::super::action::Action;
use super::super::event::Event;
use super::super::state::{Landing, LeaderId, LeaderPlace, Phase, State};
use super::super::types::{Arm, COALITION, Nationality};
use crate::engine::Illegal;
use crate::hex::Hex;

/// §56, reading A18: the first Game-Turn after 15 March.
pub const SEA_FROM_TURN: u8 = 35;
/// §58 4: the most SP at sea at one time.
pub const SEA_MAX_SP: u16 = 3;

impl Hov {
    /// Why no sea move is possible at all now (§55–§56, §58 5), or `None`.
    fn sea_closed(&self, s: &State) -> Option<Illegal> {
        if s.phase != Phase::MovementCommands || s.phasing != COALITION {
            return Some(Illegal::new(
                "§55, §58 5",
                "sea moves are the Coalition's, in its Movement Command Segment",
            ));
        }
        if s.turn < SEA_FROM_TURN {
            return Some(Illegal::new("§56", "no sea move before 15 March is past"));
        }
        if self.weather_is(s, &["Frost", "Snow", "Frost/Snow", "Severe"]) {
            return Some(Illegal::new("§56", "no sea move in this weather"));
        }
        if s.sea_move.is_some() {
            return Some(Illegal::new(
                "§57, §58 4",
                "one force goes by sea in a Movement Phase",
            ));
        }
        None
    }

    /// Why leader `l`'s force may not go by sea to `to`, or `None`.
    pub fn sea_refused(&self, s: &State, l: LeaderId, to: Option<Hex>) -> Option<Illegal> {
        if let Some(e) = self.sea_closed(s) {
            return Some(e);
        }
        let Some(info) = self.manifest.leaders.get(usize::from(l)) else {
            return Some(Illegal::new("§57", format!("no leader #{l}")));
        };
        let LeaderPlace::Map(at) = s.leaders[usize::from(l)].place else {
            return Some(Illegal::new("§58", "the leader is not on the map"));
        };
        if info.side != COALITION || !self.is_force(s, l) || s.marched.contains(&l) {
            return Some(Illegal::new(
                "§58",
                "only a Coalition force not yet moved this phase goes by sea",
            ));
        }
        let units = self.force_units(s, l);
        let make = self.force_make(s, l);
        let russian = units
            .iter()
            .all(|&u| self.manifest.units[usize::from(u)].nationality == Nationality::Russian);
        let arty = units
            .iter()
            .any(|&u| self.manifest.units[usize::from(u)].arm == Arm::Artillery);
        if !russian || arty || make.total() > SEA_MAX_SP || make.total() == 0 {
            return Some(Illegal::new(
                "§57, §58 4",
                "a Russian force of at most 3 SP and no artillery goes by sea",
            ));
        }
        if !self.board.hex(at).coastal {
            return Some(Illegal::new("§58 1", "it embarks on a coastal hex"));
        }
        let o = self.occupancy(s);
        if self.in_zoc_of(s, &o, COALITION.other(), at, true) {
            return Some(Illegal::new(
                "§58 1",
                "a force in an enemy ZOC may not embark",
            ));
        }
        if let Some(to) = to
            && (to == at
                || !self.board.hex(to).coastal
                || !self.in_area(to)
                || o.holds(COALITION.other(), to))
        {
            return Some(Illegal::new(
                "§57, §58 2",
                format!(
                    "{} is not another coastal hex in play free of enemy counters",
                    self.label(to)
                ),
            ));
        }
        None
    }

    /// The sea moves open now, in a stable order.
    pub(crate) fn sea_actions(&self, s: &State, out: &mut Vec<Action>) {
        if self.sea_closed(s).is_some() {
            return;
        }
        let coast: Vec<Hex> = {
            let mut v: Vec<Hex> = self
                .board
                .grid
                .hexes()
                .into_iter()
                .filter(|&h| self.board.hex(h).coastal && self.in_area(h))
                .collect();
            v.sort_unstable();
            v
        };
        for l in 0..s.leaders.len() as LeaderId {
            if self.sea_refused(s, l, None).is_some() {
                continue;
            }
            for &to in &coast {
                if self.sea_refused(s, l, Some(to)).is_none() {
                    out.push(Action::SeaMove { leader: l, to });
                }
            }
        }
    }

    /// §57: the force is placed on its landing hex at once; it has moved this phase.
    pub(crate) fn sea_move(
        &self,
        s: &mut State,
        l: LeaderId,
        to: Hex,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        if let Some(e) = self.sea_refused(s, l, Some(to)) {
            return Err(e);
        }
        let from = self.leader_hex(s, l).unwrap_or(to);
        let x = &mut s.leaders[usize::from(l)];
        x.place = LeaderPlace::Map(to);
        x.moved = true;
        x.tried = true;
        s.marched.push(l);
        s.sea_move = Some(Landing { leader: l, hex: to });
        ev.push(Event::SeaMove {
            side: COALITION,
            from,
            to,
        });
        self.reveal_vedettes(s, ev);
        Ok(())
    }
}
