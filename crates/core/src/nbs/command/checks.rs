//! The command checks in play: Corps Attack Stoppage (10.3), emergency retreats and HQ
//! overrun (10.0c), initiative rolls (10.2) with the Emperors' rolls (AUS 3.2a, 3.5).

use crate::engine::{Illegal, Side};
use crate::hex::{Hex, Reach, ReachOptions};
use crate::nbs::Nbs;
use crate::nbs::command::phase::*;
use crate::nbs::command::radius::LeaderCosts;
use crate::nbs::command::{DivisionEntry, stoppage_count, stoppage_row};
use crate::nbs::command::{
    Emperor, FreeRoller, InitiativeResult, Nationality, OrderKind, OrderSource, Receiver,
    initiative_points,
};
use crate::nbs::event::Event;
use crate::nbs::query::Occ;
use crate::nbs::state::{Place, State, Task, UnitId};
use crate::nbs::types::{Seq66, UnitKind};
use crate::nbs::units::{FormKind, Rank};
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

impl Nbs {
    pub(in crate::nbs) fn stoppage_checks(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let k = side.index();
        let mut list = core::mem::take(&mut s.command.sides[k].contact);
        list.sort_unstable();
        list.dedup();
        let night = self.turn_info(s.turn).night;
        for &f in list.iter().rev() {
            let r = self.formation_receiver(f);
            if s.orders[k]
                .in_force(r)
                .is_none_or(|o| o.kind != OrderKind::Attack)
            {
                continue;
            }
            let Some(min) = self.stoppage_min(s, f) else {
                continue;
            };
            match self.command.stoppage_needed(min, night) {
                Some(need) => s.tasks.push(Task::Stoppage { command: f, need }),
                None => {
                    ev.push(note(
                        side,
                        "10.3a",
                        format!(
                            "{} cannot pass its stoppage check at night (needs {} on two dice)",
                            self.receiver_name(r),
                            u16::from(min) + 3
                        ),
                        false,
                    ));
                    self.stoppage_fails(s, f, ev);
                }
            }
        }
    }

    /// The minimum 2d6 roll of formation `f` (10.3a, AUS 2.2, 2.3, 3.2c, 3.4).
    pub(in crate::nbs) fn stoppage_min(&self, s: &State, f: u16) -> Option<u8> {
        let fm = self.formation(f)?;
        let on_map = |d: &str| {
            self.units
                .iter()
                .enumerate()
                .any(|(i, x)| x.wreck_division == d && s.units[i].hex().is_some())
        };
        let mut entries = Vec::new();
        match fm.kind {
            FormKind::Corps | FormKind::Wing => {
                for (d, dm) in self.formations.iter().enumerate() {
                    if self.parent_now(s, d as u16) == Some(f) && on_map(&dm.code) {
                        // 10.3e: a division on a goal checks alone.
                        let goal = s.orders[fm.side.index()]
                            .in_force(Receiver::Command(d as u16))
                            .is_some();
                        if !goal {
                            entries.push(DivisionEntry::Division {
                                wrecked: self.division_wrecked(s, &dm.code),
                            });
                        }
                    }
                }
            }
            FormKind::Guard => entries.push(DivisionEntry::imperial_guard(
                self.division_wrecked(s, "IG-i"),
                self.division_wrecked(s, "IG-c"),
            )),
            FormKind::Allied if fm.code == "Right" => entries.push(DivisionEntry::right_wing(
                self.division_wrecked(s, "Rgt-inf"),
                self.division_wrecked(s, "Rgt-cav"),
            )),
            _ => entries.push(DivisionEntry::Division {
                wrecked: self.division_wrecked(s, &fm.code),
            }),
        }
        let (divisions, wrecked) = stoppage_count(&entries);
        // 10.3a: the original commander killed, wounded or moved up counts as one more
        // wrecked division; the current commander's rating is read (26.4a: the promoted
        // subordinate, or a generic back), 1 when none is on the map.
        let lost = s.units[usize::from(fm.leader)].place == Place::Gone
            || s.replaced.contains(&fm.leader)
            || self.commander(s, f) != fm.leader;
        let leader = self.receiving_leader(s, self.formation_receiver(f));
        let rating = match leader {
            Some(l) if Self::on_map(s, l).is_some() => self.rating_of(s, leader),
            _ if lost => 1,
            _ => self.rating_of(s, leader),
        };
        let row = stoppage_row(wrecked, lost);
        self.command
            .stoppage_min_roll(row, divisions.max(1), rating)
    }

    /// A stoppage roll (10.3a): 2d6 against the minimum (night already counted).
    pub(in crate::nbs) fn resolve_stoppage(
        &self,
        s: &mut State,
        f: u16,
        need: u8,
        sum: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = self.phasing(s);
        let r = self.formation_receiver(f);
        let pass = sum >= need;
        ev.push(note(
            side,
            "10.3a",
            format!(
                "{} checks attack stoppage: {sum} against {need}: {}",
                self.receiver_name(r),
                if pass {
                    "the attack goes on"
                } else {
                    "the attack stops"
                }
            ),
            false,
        ));
        if !pass {
            self.stoppage_fails(s, f, ev);
        }
    }

    /// 10.3b: the order ends, the HQ retreats six hexes or more (automatically, away from the
    /// nearest enemy), and the units must end the turn three hexes from every enemy.
    pub(in crate::nbs) fn stoppage_fails(&self, s: &mut State, f: u16, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let r = self.formation_receiver(f);
        s.orders[side.index()].drop_held_orders(r);
        s.command.sides[side.index()].stopped.push(f);
        if let Some(hq) = self.formation(f).and_then(|x| x.hq) {
            self.withdraw(s, hq, 12, 40, 6, "10.3b", ev);
        }
    }

    /// Moves an HQ or leader (no MPs are spent: this happens in the Command Phase) to the hex
    /// between `min` and `max` leader half-MPs away, and at least `hexes` hexes away, that is
    /// farthest from the nearest enemy combat unit (ties: the first hex in map order).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::nbs) fn withdraw(
        &self,
        s: &mut State,
        u: UnitId,
        min: u32,
        max: u32,
        hexes: u32,
        rule: &'static str,
        ev: &mut Vec<Event>,
    ) {
        let Some(from) = Self::on_map(s, u) else {
            return;
        };
        let side = self.units[usize::from(u)].side;
        let occ = Occ::new(self, s);
        let costs = LeaderCosts {
            nbs: self,
            occ: &occ,
            side,
        };
        let Ok(r) = Reach::search(&costs, from, ReachOptions::new(max)) else {
            return;
        };
        let enemies: Vec<Hex> = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, _)| self.units[*i].side != side && self.units[*i].combat())
            .filter_map(|(_, x)| x.hex())
            .collect();
        let far = |h: Hex| {
            enemies
                .iter()
                .map(|e| e.distance(h))
                .min()
                .unwrap_or(u32::MAX)
        };
        let best = r
            .reached()
            .filter(|(h, c, _)| *c >= min && h.distance(from) >= hexes)
            .map(|(h, _, _)| h)
            .max_by_key(|&h| (far(h), core::cmp::Reverse(h)))
            .or_else(|| {
                r.reached()
                    .map(|(h, _, _)| h)
                    .max_by_key(|&h| (h.distance(from), far(h), core::cmp::Reverse(h)))
            });
        if let Some(to) = best {
            if to != from {
                s.units[usize::from(u)].place = Place::At(to);
                ev.push(note(
                    side,
                    rule,
                    format!(
                        "{} withdraws from {} to {}",
                        self.name(u),
                        self.label(from),
                        self.label(to)
                    ),
                    false,
                ));
            }
        }
    }

    // ----- emergency retreat (10.4) ---------------------------------------------------

    pub(in crate::nbs) fn emergency_check(&self, s: &State, f: u16) -> Result<(), Illegal> {
        let side = self.phasing(s);
        let fm = self
            .formation(f)
            .ok_or_else(|| Illegal::new("10.4", "no such formation"))?;
        let c = &s.command.sides[side.index()];
        if fm.side != side || s.command.segment != 0 {
            return Err(Illegal::new(
                "10.4",
                "not a formation of the phasing player now",
            ));
        }
        if c.retreated.contains(&f) {
            return Err(Illegal::new("10.4", "it has retreated this turn already"));
        }
        let anchor = fm.hq.unwrap_or_else(|| self.commander(s, f));
        if Self::on_map(s, anchor).is_none() {
            return Err(Illegal::new("10.4", "its HQ or leader is not on the map"));
        }
        let r = self.formation_receiver(f);
        let log = &s.orders[side.index()];
        let held = log.in_force(r).is_some()
            || log.awaiting_touch_base(r).is_some()
            || log.delayed(r).is_some();
        if held && !c.overrun.contains(&f) {
            return Err(Illegal::new(
                "10.4",
                format!(
                    "{} holds orders; only a command without orders may make an emergency retreat",
                    self.receiver_name(r)
                ),
            ));
        }
        Ok(())
    }

    /// 10.4: the HQ (or, without one, the leader) retreats 6–14 MPs, automatically away from
    /// the nearest enemy; its orders are lost; every infantry unit rolls on the Straggler Table.
    pub(in crate::nbs) fn emergency_retreat(&self, s: &mut State, f: u16, ev: &mut Vec<Event>) {
        let side = self.phasing(s);
        let Some(fm) = self.formation(f) else { return };
        let anchor = fm.hq.unwrap_or_else(|| self.commander(s, f));
        let r = self.formation_receiver(f);
        ev.push(note(
            side,
            "10.4",
            format!("{} makes an emergency retreat", self.receiver_name(r)),
            false,
        ));
        self.withdraw(s, anchor, 12, 28, 0, "10.4", ev);
        s.orders[side.index()].drop_held_orders(r);
        let c = &mut s.command.sides[side.index()];
        c.overrun.retain(|&x| x != f);
        c.retreated.push(f);
        for u in self.members(f).into_iter().rev() {
            if self.units[usize::from(u)].kind == UnitKind::Infantry
                && s.units[usize::from(u)].hex().is_some()
            {
                s.tasks.push(Task::StragglerRoll {
                    unit: u,
                    modifier: 0,
                });
            }
        }
    }

    /// 10.0c: an HQ whose hex the enemy entered has been displaced; its command retreats next
    /// turn (not the Army HQ).
    pub(in crate::nbs) fn hq_overrun(&self, s: &mut State, u: UnitId) {
        let Some(f) = self.formations.iter().position(|x| x.hq == Some(u)) else {
            return;
        };
        let side = self.units[usize::from(u)].side;
        let c = &mut s.command.sides[side.index()];
        if !c.overrun.contains(&(f as u16)) {
            c.overrun.push(f as u16);
        }
    }

    // ----- C3 initiative --------------------------------------------------------------

    pub(in crate::nbs) fn free_roller(&self, l: UnitId) -> Option<FreeRoller> {
        let id = self.units[usize::from(l)].id.as_str();
        match id {
            "L-Alexander-I" => Some(FreeRoller::Emperor(Emperor::Alexander)),
            "L-Francis-I" => Some(FreeRoller::Emperor(Emperor::Francis)),
            // AUS 4.2b: commanding the wing as a corps, he rolls as a corps leader.
            "L-Buxhowden" if self.buxhowden.is_some() => Some(FreeRoller::Buxhowden),
            _ => None,
        }
    }

    /// Whether leader `l` may roll for initiative now (10.2c, AUS 3.2a, 3.2c), the force his
    /// roll is for, and whether it is a free roll.
    pub(in crate::nbs) fn initiative_check(
        &self,
        s: &State,
        l: UnitId,
    ) -> Result<(Receiver, bool), Illegal> {
        let side = self.phasing(s);
        let info = &self.units[usize::from(l)];
        if s.command.segment != 1 || !s.tasks.is_empty() {
            return Err(Illegal::new(
                "10.2",
                "initiative is rolled in the initiative segment",
            ));
        }
        if info.side != side || info.kind != UnitKind::Leader || Self::on_map(s, l).is_none() {
            return Err(Illegal::new(
                "10.2c",
                format!(
                    "{} is not a leader of the phasing player on the map",
                    info.name
                ),
            ));
        }
        let att = &s.command.sides[side.index()].attempts;
        if let Some(fr) = self.free_roller(l) {
            att.free_roll_allowed(fr).map_err(illegal)?;
            let force = match fr {
                FreeRoller::Buxhowden => Receiver::Command(self.buxhowden_column(s).unwrap_or(0)),
                FreeRoller::Emperor(_) => Receiver::Unit(l),
            };
            return Ok((force, true));
        }
        if info.rank == Rank::Army || info.rank == Rank::Emperor {
            return Err(Illegal::new(
                "10.2c",
                "the army commander issues formal orders only and cannot use initiative",
            ));
        }
        let f = self
            .commanded_by(s, l)
            .ok_or_else(|| Illegal::new("10.2c", format!("{} commands no formation", info.name)))?;
        let fm = &self.formations[usize::from(f)];
        match fm.kind {
            FormKind::Corps | FormKind::Guard | FormKind::Wing => {
                let divs: Vec<u16> = (0..self.formations.len() as u16)
                    .filter(|&d| self.parent_now(s, d) == Some(f))
                    .collect();
                att.corps_may_roll(f, &divs).map_err(illegal)?;
            }
            FormKind::Division | FormKind::Allied => att
                .division_may_roll(self.parent_now(s, f), f)
                .map_err(illegal)?,
        }
        Ok((self.formation_receiver(f), false))
    }

    pub(in crate::nbs) fn record_attempt(
        &self,
        s: &mut State,
        l: UnitId,
        force: Receiver,
        free: bool,
    ) {
        if free {
            return; // recorded with its result
        }
        let side = self.phasing(s);
        let f = match force {
            Receiver::Corps(f) | Receiver::Command(f) => f,
            Receiver::Unit(_) => return,
        };
        let divs: Vec<u16> = (0..self.formations.len() as u16)
            .filter(|&d| self.parent_now(s, d) == Some(f))
            .collect();
        let kind = self.formation(f).map(|x| x.kind);
        let parent = self.parent_now(s, f);
        let att = &mut s.command.sides[side.index()].attempts;
        let _ = match kind {
            Some(FormKind::Corps | FormKind::Guard | FormKind::Wing) => {
                att.record_corps(f, &divs).map(|_| ())
            }
            Some(FormKind::Division | FormKind::Allied) => att.record_division(parent, f),
            _ => att.record_division(None, f),
        };
        let _ = l;
    }

    /// Initiative Points (10.2d, 10.2e: no anti-initiative at Austerlitz; AUS 3.5: −2 for
    /// Allied leaders while Francis commands).
    pub(in crate::nbs) fn initiative_ip(&self, s: &State, l: UnitId) -> i8 {
        let info = &self.units[usize::from(l)];
        let francis = info.side == Side(1) && self.francis_commands(s);
        initiative_points(self.leader_rating(s, l), 0, francis)
    }

    /// The Initiative Table roll.
    pub(in crate::nbs) fn resolve_initiative(
        &self,
        s: &mut State,
        leader: UnitId,
        force: Receiver,
        ip: i8,
        roll: Seq66,
        ev: &mut Vec<Event>,
    ) {
        let side = self.phasing(s);
        let free = self.free_roller(leader);
        let result = match free {
            Some(FreeRoller::Emperor(e)) => self.emperor_result(e, ip, roll),
            _ => self.command.initiative(ip, roll),
        };
        if let Some(fr) = free {
            let _ = s.command.sides[side.index()]
                .attempts
                .record_free_roll(fr, result);
        }
        ev.push(note(
            side,
            "10.2d",
            format!(
                "{} rolls {} for initiative at {ip} IP: {:?}",
                self.name(leader),
                roll.value(),
                result
            ),
            result != InitiativeResult::LooseCannon,
        ));
        match (result, free) {
            (InitiativeResult::Initiative, Some(FreeRoller::Emperor(e))) => {
                let receivers = self.receivers_of_nation(s, side, e.nationality());
                if !receivers.is_empty() {
                    s.tasks.push(Task::OrderWriting {
                        leader,
                        receivers,
                        source: OrderSource::Royal,
                    });
                }
            }
            (InitiativeResult::Initiative, _) => s.tasks.push(Task::OrderWriting {
                leader,
                receivers: vec![force],
                source: OrderSource::Initiative,
            }),
            // AUS 4.1a: a selected Emperor's loose cannon lets the French write one order to
            // an Allied force of his nation.
            (InitiativeResult::LooseCannon, Some(FreeRoller::Emperor(e)))
                if self.emperors_must_roll.contains(&e) =>
            {
                let receivers = self.receivers_of_nation(s, side, e.nationality());
                if !receivers.is_empty() {
                    s.tasks.push(Task::OrderWriting {
                        leader,
                        receivers,
                        source: OrderSource::LooseCannon,
                    });
                }
            }
            // Otherwise an Emperor commands no force: his loose cannon has nothing to move.
            (InitiativeResult::LooseCannon, Some(FreeRoller::Emperor(_))) => {}
            (InitiativeResult::LooseCannon, _) => s.tasks.push(Task::OrderWriting {
                leader,
                receivers: vec![force],
                source: OrderSource::LooseCannon,
            }),
            (InitiativeResult::NoEffect, _) => {}
        }
    }

    /// The receivers of `side` whose leader is of `nat` (AUS 3.2a, 4.1a): commands, for an
    /// Emperor writes only to leaders, not to a single brigade (AUS 3.2a).
    pub(in crate::nbs) fn receivers_of_nation(
        &self,
        s: &State,
        side: Side,
        nat: Nationality,
    ) -> Vec<Receiver> {
        self.receivers(s, side)
            .into_iter()
            .map(|x| x.0)
            .filter(|r| !matches!(r, Receiver::Unit(_)))
            .filter(|r| {
                self.receiving_leader(s, *r)
                    .is_some_and(|u| nationality(self.units[usize::from(u)].nation) == nat)
            })
            .collect()
    }

    /// An Emperor's initiative result (AUS 3.2a; 4.1a): the Initiative Table at his IP; when
    /// he is selected under 4.1a with the `aus-4.1a-total` reading, loose cannon comes from a
    /// dice total of 2 or 3 alone (11, 12, 21), the table's other loose-cannon rolls counting
    /// as no effect.
    pub(in crate::nbs) fn emperor_result(
        &self,
        e: Emperor,
        ip: i8,
        roll: Seq66,
    ) -> InitiativeResult {
        let table = self.command.initiative(ip, roll);
        if !self.emperors_must_roll.contains(&e) || !self.emperor_lc_on_total {
            return table;
        }
        let total = roll.value() / 10 + roll.value() % 10;
        match (total <= 3, table) {
            (true, _) => InitiativeResult::LooseCannon,
            (false, InitiativeResult::LooseCannon) => InitiativeResult::NoEffect,
            (false, r) => r,
        }
    }

    /// AUS 4.1a: a selected Emperor on the map who has not yet rolled this turn; the
    /// Initiative segment may not end before he does.
    pub(in crate::nbs) fn emperor_roll_due(&self, s: &State) -> Option<UnitId> {
        let side = self.phasing(s);
        if side != Side(1) || self.emperors_must_roll.is_empty() {
            return None;
        }
        self.emperors_must_roll.iter().find_map(|e| {
            let id = match e {
                Emperor::Alexander => "L-Alexander-I",
                Emperor::Francis => "L-Francis-I",
            };
            let u = self.unit_index(id)?;
            (self.initiative_check(s, u).is_ok()).then_some(u)
        })
    }
}
