//! 22.0 Reinforcements, as the scenarios give them (22.1; F-10.0d): placed at the start of
//! their turn, before Initiative (F-10.1c, F-10.2a E), in their hex, near their Division
//! (F-10.3b), or in a map-edge entry hex (22.4) that is not in an enemy ZOC and whose terrain
//! they pay from their Movement Potential, each further group through the hex that turn once
//! more; a unit that cannot stand there waits for the next turn. A whole Division arriving,
//! or part of one, is In Command that turn (22.2, 22.3; `commanders/replacement.rs`), and a
//! whole Division has no Fire Combat Segment (22.2).

use alloc::format;
use alloc::vec::Vec;

use super::Fontenoy;
use super::action::Action;
use super::board::Board;
use super::event::Event;
use super::geometry::Placed;
use super::occupancy::Occupancy;
use super::state::{Act, Moving, Place, State, Step};
use super::tables::Mp;
use super::types::Pts;
use super::units::{DivId, Org, UnitId};
use crate::data::{DataError, Reinforcement};
use crate::engine::Illegal;
use crate::hex::{Facing, Hex};

mod lowendahl;
mod road_entry;
mod tournay;
pub use lowendahl::LowendahlRules;
pub use tournay::TournayRules;

/// Where a reinforcement may be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// In this hex.
    Hex(Hex),
    /// Within `radius` hexes of any unit of the Division (F-10.3b).
    NearDivision(DivId, u8),
    /// Through this map-edge hex, paying its terrain (22.4, F-10.0d).
    Edge(Hex),
    /// Within `radius` hexes of this hex (F-10.3e).
    Near(Hex, u8),
}

/// One unit's arrival (22.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// The unit.
    pub unit: UnitId,
    /// The turn index it arrives on.
    pub turn: u16,
    /// Where.
    pub entry: Entry,
    /// Its whole Division arrives that turn (22.2; digest A40: every unit and the commander
    /// scheduled for the same turn).
    pub whole_division: bool,
    /// Lowendahl's Detachment's group (F-3.8d B): 0 appears on the first successful roll
    /// (the cavalry and Lowendahl), 1 on the second (the infantry and artillery).
    pub group: Option<u8>,
    /// Besieging Tournay (optional rule F-6.6a): it arrives three turns after the French call
    /// it, never unless called.
    pub tournay: bool,
    /// F-10.3e: it enters on the first activation of this Division, whatever `turn` says.
    pub on_activation: Option<DivId>,
}

/// Reads the scenario's reinforcements; `first` is the scenario's first turn number.
pub fn read_arrivals(
    id: &str,
    list: &[Reinforcement],
    first: u32,
    board: &Board,
    org: &Org,
    index: impl Fn(&str) -> Option<UnitId>,
) -> Result<Vec<Arrival>, DataError> {
    let mut out: Vec<Arrival> = Vec::new();
    for (k, r) in list.iter().enumerate() {
        let at = format!("reinforcements[{k}]");
        let unit = index(&r.unit)
            .ok_or_else(|| DataError::new(id, format!("{at}.unit"), "no such counter"))?;
        let hex = match r.hex.first() {
            Some(h) => Some(
                board
                    .grid
                    .parse(h)
                    .map_err(|e| DataError::new(id, format!("{at}.hex"), format!("{e:?}")))?,
            ),
            None => None,
        };
        let within = r.fields.get("within").and_then(|w| {
            let d = w.get("division")?.as_str()?;
            let radius = w.get("radius")?.as_u64()?;
            let d = org.divisions.iter().position(|x| x.id == d)?;
            Some((d as DivId, u8::try_from(radius).unwrap_or(5)))
        });
        let near = match r.fields.get("near_hex") {
            Some(w) => {
                let h = w.get("hex").and_then(|h| h.as_str()).ok_or_else(|| {
                    DataError::new(id, format!("{at}.fields.near_hex.hex"), "a hex is needed")
                })?;
                let h = board.grid.parse(h).map_err(|e| {
                    DataError::new(id, format!("{at}.fields.near_hex.hex"), format!("{e:?}"))
                })?;
                let radius = w.get("radius").and_then(|x| x.as_u64()).unwrap_or(3);
                Some((h, u8::try_from(radius).unwrap_or(3)))
            }
            None => None,
        };
        let on_activation = match r.fields.get("first_activation").and_then(|d| d.as_str()) {
            Some(d) => Some(
                org.divisions
                    .iter()
                    .position(|x| x.id == d)
                    .ok_or_else(|| {
                        DataError::new(
                            id,
                            format!("{at}.fields.first_activation"),
                            "no such Division",
                        )
                    })? as DivId,
            ),
            None => None,
        };
        let tournay = r.fields.contains_key("tournay");
        let edge = r.fields.contains_key("detachment") || r.fields.contains_key("edge") || tournay;
        let entry = match (within, hex, edge) {
            _ if near.is_some() => {
                let (h, rad) = near.unwrap_or_default();
                Entry::Near(h, rad)
            }
            (Some((d, rad)), _, _) => Entry::NearDivision(d, rad),
            (None, Some(h), true) => Entry::Edge(h),
            (None, Some(h), false) => Entry::Hex(h),
            (None, None, _) => {
                return Err(DataError::new(
                    id,
                    format!("{at}.hex"),
                    "an entry hex is needed",
                ));
            }
        };
        let turn = u16::try_from(r.turn.saturating_sub(first)).unwrap_or(u16::MAX);
        let group = if r.fields.contains_key("detachment") {
            match r.fields.get("group").and_then(|g| g.as_str()) {
                Some("infantry_artillery") => Some(1),
                _ => Some(0),
            }
        } else {
            None
        };
        out.push(Arrival {
            unit,
            turn,
            entry,
            whole_division: false,
            group,
            tournay,
            on_activation,
        });
    }
    for i in 0..out.len() {
        let Some(d) = org
            .division_of
            .get(usize::from(out[i].unit))
            .copied()
            .flatten()
        else {
            continue;
        };
        let div = &org.divisions[usize::from(d)];
        let (turn, group) = (out[i].turn, out[i].group);
        out[i].whole_division = div.units.iter().chain(div.commander.iter()).all(|&u| {
            out.iter()
                .any(|a| a.unit == u && a.turn == turn && a.group == group)
        });
    }
    Ok(out)
}

impl Fontenoy {
    /// The turn's start (4.0): reinforcements are placed (22.1), then the Army Morale Check
    /// Phase (4.0A).
    pub(crate) fn turn_start(&self, s: &mut State, ev: &mut Vec<Event>) {
        // F-3.8d: Lowendahl's Detachment's roll comes first.
        if self.lowendahl_turn_start(s, ev) {
            return;
        }
        if let Some(u) = self.next_arrival(s) {
            s.steps.push(Step::Arrive { unit: u });
            return;
        }
        self.army_morale_phase(s, ev);
    }

    /// The first reinforcement due (this turn or held back before) that can be placed.
    fn next_arrival(&self, s: &State) -> Option<UnitId> {
        self.scenario_rules
            .arrivals
            .iter()
            .filter(|a| {
                self.due_turn(s, a).is_some_and(|t| t <= s.turn)
                    && s.unit(a.unit).place == Place::Waiting
            })
            .map(|a| a.unit)
            .find(|&u| {
                let mut v = Vec::new();
                self.arrive_actions(s, u, &mut v);
                !v.is_empty()
            })
    }

    fn arrival(&self, u: UnitId) -> Option<&super::reinforcements::Arrival> {
        self.scenario_rules.arrivals.iter().find(|a| a.unit == u)
    }

    /// The hexes a reinforcement may be placed in now.
    fn arrival_hexes(&self, s: &State, o: &Occupancy, u: UnitId) -> Vec<Hex> {
        let Some(a) = self.arrival(u) else {
            return Vec::new();
        };
        let side = self.units[usize::from(u)].side;
        let mut out: Vec<Hex> = match a.entry {
            Entry::Hex(h) => alloc::vec![h],
            Entry::Edge(h) => {
                // 22.4: not through a hex in an enemy ZOC.
                if o.ezoc(self, h, side) {
                    Vec::new()
                } else {
                    alloc::vec![h]
                }
            }
            Entry::Near(c, r) => {
                let r = i16::from(r);
                let mut v: Vec<Hex> = Vec::new();
                for dq in -r..=r {
                    for dr in (-r).max(-dq - r)..=r.min(-dq + r) {
                        v.push(Hex::new(c.q + dq, c.r + dr));
                    }
                }
                v.sort_unstable();
                v
            }
            Entry::NearDivision(d, r) => {
                // Every hex within `r` of a unit of the Division, ring by ring.
                let mut v: Vec<Hex> = Vec::new();
                for &x in &self.org.divisions[usize::from(d)].units {
                    let Some(p) = s.unit(x).placed() else {
                        continue;
                    };
                    let mut ring: Vec<Hex> = p.hexes.as_slice().to_vec();
                    for h in &ring {
                        if !v.contains(h) {
                            v.push(*h);
                        }
                    }
                    for _ in 0..r {
                        let mut next: Vec<Hex> = Vec::new();
                        for h in &ring {
                            for n in h.neighbors() {
                                if self.board.on_map(n) && !v.contains(&n) {
                                    v.push(n);
                                    next.push(n);
                                }
                            }
                        }
                        ring = next;
                    }
                }
                v.sort_unstable();
                v
            }
        };
        out.retain(|&h| {
            self.board.on_map(h)
                && !o
                    .at(self, h)
                    .units
                    .iter()
                    .any(|&x| self.units[usize::from(x)].side != side)
        });
        out
    }

    /// The placements of reinforcement `u` (F-10.0d: any formation its type and the hex
    /// allow, Road Column the usual one; the group rules of 10.1–10.4).
    pub(crate) fn arrive_actions(&self, s: &State, u: UnitId, out: &mut Vec<Action>) {
        let o = Occupancy::build(self, s);
        // F-6.6a: the units from Tournay enter formed in Road Column; one of more than 4 SP,
        // whose Road Column does not fit in its entry hex, in March Column (a reading). So do
        // the combat units of Lowendahl's Detachment (F-3.8d C).
        let road = self
            .arrival(u)
            .is_some_and(|a| a.tournay || a.group.is_some())
            && self.units[usize::from(u)].is_combat();
        for h in self.arrival_hexes(s, &o, u) {
            let mut stances = self.setup_stances(u, &[h]);
            if road {
                use super::types::Formation::{MarchColumn, RoadColumn};
                // 8.1f, 10.4g: guns of 1 SP (4 in Road Column) form a one-hex Road Column.
                let info = &self.units[usize::from(u)];
                if info.kind == super::types::Kind::Artillery && info.sp <= 1 {
                    for d in crate::hex::Direction::ALL {
                        stances.push((RoadColumn, Placed::at(h, Facing::side(d))));
                    }
                }
                let want = if stances.iter().any(|x| x.0 == RoadColumn) {
                    RoadColumn
                } else {
                    MarchColumn
                };
                stances.retain(|x| x.0 == want);
            }
            for (formation, p) in stances {
                if self.fits_at(s, &o, &[u], &p, formation) {
                    out.push(Action::Deploy {
                        unit: u,
                        hex: h,
                        formation,
                        facing: p.facing.index(),
                    });
                }
            }
        }
    }

    /// Places reinforcement `u` (22.1) and goes on with the turn's start.
    pub(crate) fn apply_arrive(
        &self,
        s: &mut State,
        u: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.arrive_actions(s, u, &mut legal);
        if !legal.contains(a) {
            return Err(Illegal::new(
                "22.1",
                format!(
                    "{a:?}: {} arrives in its entry hex, in a formation its type and the hex allow, grouping legally (10.1-10.4)",
                    self.unit_name(u)
                ),
            ));
        }
        let Action::Deploy {
            hex,
            formation,
            facing,
            ..
        } = *a
        else {
            return Ok(());
        };
        let f = Facing::new(facing).unwrap_or(Facing::side(crate::hex::Direction::ALL[0]));
        let x = s.unit_mut(u);
        x.place = Place::Map(Placed::at(hex, f));
        x.formation = formation;
        x.act = Act::Unactivated;
        ev.push(Event::Arrived { unit: u, hex });
        self.note_road_entry(s, u, hex, formation);
        // F-10.3e: entering with its Division's activation, it is activated, In Command
        // (22.3).
        if self.arrival(u).is_some_and(|a| {
            a.on_activation.is_some_and(|d| {
                s.activation
                    .as_ref()
                    .is_some_and(|x| x.divisions.contains(&d))
            })
        }) {
            s.unit_mut(u).act = Act::Active;
            self.set_command(s, u, super::event::CommandBy::Always, ev);
        }
        // An arrival in the middle of a turn (F-3.8d A, F-10.3e) leaves the turn's start alone.
        if s.phase == super::state::Phase::ArmyMorale {
            self.turn_start(s, ev);
        }
        Ok(())
    }

    /// 22.4: the MP an edge arrival owes this turn: its entry hex's terrain, times the order of
    /// its group among those that entered there this turn.
    pub fn entry_cost(&self, s: &State, u: UnitId) -> Option<Pts> {
        let a = self.arrival(u)?;
        let Entry::Edge(h) = a.entry else {
            return None;
        };
        let due = self.due_turn(s, a)?;
        if due > s.turn || s.unit(u).placed().is_none_or(|p| p.hex() != h) {
            return None;
        }
        let class = match self.units[usize::from(u)].kind {
            super::types::Kind::Commander => super::tables::MoveClass::Commander,
            super::types::Kind::Artillery => super::tables::MoveClass::Artillery,
            super::types::Kind::Cavalry if s.unit(u).formation.is_column() => {
                super::tables::MoveClass::CavalryColumn
            }
            super::types::Kind::Cavalry => super::tables::MoveClass::CavalryLine,
            super::types::Kind::Infantry if s.unit(u).formation.is_column() => {
                super::tables::MoveClass::InfantryColumn
            }
            super::types::Kind::Infantry => super::tables::MoveClass::InfantryLine,
        };
        let base = match self.tables.fx(self.board.hex(h).terrain).mp[class as usize] {
            Mp::Pts(p) => p,
            _ => Pts::ONE,
        };
        // Earlier groups through the same hex: units placed there before it this turn.
        let earlier = self
            .scenario_rules
            .arrivals
            .iter()
            .take_while(|b| b.unit != u)
            .filter(|b| {
                b.entry == a.entry && self.due_turn(s, b) == Some(due) && s.unit(b.unit).on_map()
            })
            .count() as u16;
        let mut cost = base;
        for _ in 0..earlier {
            cost = cost.plus(base);
        }
        Some(cost)
    }

    /// 22.4: the activated edge arrivals start their Movement Segment with the entry cost
    /// spent.
    pub(crate) fn charge_entries(&self, s: &mut State) {
        let due: Vec<(UnitId, Pts)> = self
            .scenario_rules
            .arrivals
            .iter()
            .filter(|a| matches!(a.entry, Entry::Edge(_)) && s.unit(a.unit).act == Act::Active)
            .filter_map(|a| self.entry_cost(s, a.unit).map(|c| (a.unit, c)))
            .collect();
        for (u, cost) in due {
            let mpo = self.mpo(s, u);
            if let Some(act) = s.activation.as_mut() {
                if !act.moving.iter().any(|m| m.unit == u) {
                    act.moving.push(Moving {
                        unit: u,
                        mpo,
                        spent: cost.min(mpo),
                        done: false,
                        last_side: None,
                        dca: 0,
                        dca_pending: false,
                        ..Moving::default()
                    });
                }
            }
        }
    }

    /// 22.2: the activation is of whole Divisions that arrived this turn: no Fire Combat
    /// Segment.
    pub fn skips_fire(&self, s: &State) -> bool {
        let Some(act) = &s.activation else {
            return false;
        };
        !act.divisions.is_empty()
            && act.divisions.iter().all(|&d| {
                let div = &self.org.divisions[usize::from(d)];
                div.units.iter().all(|&u| {
                    self.scenario_rules.arrivals.iter().any(|a| {
                        a.unit == u && self.due_turn(s, a) == Some(s.turn) && a.whole_division
                    })
                })
            })
    }

    /// F-10.3e: the Movement Segment of an activation begins; the off-map units of its
    /// Divisions that enter on their Division's first activation are placed now (this turn
    /// is noted as their arrival turn).
    pub(crate) fn activation_entries(&self, s: &mut State) {
        let Some(act) = s.activation.as_ref() else {
            return;
        };
        let divisions = act.divisions.clone();
        let mut due: Vec<UnitId> = Vec::new();
        for a in &self.scenario_rules.arrivals {
            let Some(d) = a.on_activation else {
                continue;
            };
            if !divisions.contains(&d) || s.unit(a.unit).place != Place::Waiting {
                continue;
            }
            if !s.entry_called.iter().any(|&(x, _)| x == d) {
                s.entry_called.push((d, s.turn));
            }
            due.push(a.unit);
        }
        // Placed in the data's order: the first on top of the steps.
        for u in due.into_iter().rev() {
            let mut v = Vec::new();
            self.arrive_actions(s, u, &mut v);
            if !v.is_empty() {
                s.steps.push(Step::Arrive { unit: u });
            }
        }
    }
}
